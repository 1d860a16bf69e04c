// Block geometry shared by the kernel families and their launchers.
#pragma once

#include "device/types.hpp"

namespace numcu::detail {

/// Threads per block of the elementwise-style kernels: 256 keeps 8 blocks of a multiprocessor resident.
inline constexpr int block_threads = 256;

/// Elements per access so that no type moves more than 16 bytes per instruction: every load and store of a
/// warp is then one fully used, coalesced request.
template <class... Types>
constexpr int vector_width() {
  size_t large = 0;
  ((large = sizeof(Types) > large ? sizeof(Types) : large), ...);
  return large >= 16 ? 1 : static_cast<int>(16 / large);
}

}  // namespace numcu::detail
