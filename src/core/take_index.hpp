// The position an index names along an axis under NumPy's take modes: the same code in both backends' take
// and put (not for runtime-compiled kernels: it reads the public index_mode).
#pragma once

#include <cstdint>

#include "numcu/config.hpp"  // NUMCU_HD
#include "numcu/indexing.hpp"

namespace numcu::detail {

/// The position in [0, extent) that index @p i names under @p mode, or -1 where it names none (raise, @p i
/// outside [-extent, extent)): raise counts a negative index from the end, wrap takes it modulo extent, clip
/// clamps it (extent > 0 for those two).
NUMCU_HD inline std::int64_t position_of(std::int64_t i, std::int64_t extent, index_mode mode) {
  if (mode == index_mode::wrap) {
    const std::int64_t r = i % extent;
    return r < 0 ? r + extent : r;
  }
  if (mode == index_mode::clip) return i < 0 ? 0 : (i >= extent ? extent - 1 : i);
  if (i < -extent || i >= extent) return -1;
  return i < 0 ? i + extent : i;
}

}  // namespace numcu::detail
