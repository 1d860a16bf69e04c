// Element group g of a random call written as values of the output type: the one body of the CUDA kernel
// and the host loop.
#pragma once

#include "core/cast.hpp"
#include "core/philox.hpp"

namespace numcu::detail {

/// Elements per group for a call.
inline int group_size(const random_params& p) {
  return p.wide ? 2 : 4;
}

/// Computes group @p g and stores its elements that fall below @p n at @p out (element 0 of the call).
template <class T>
NUMCU_HD void write_random_group(const random_params& p, std::uint64_t g, T* out, std::int64_t n) {
  const std::int64_t first = static_cast<std::int64_t>(g) * (p.wide ? 2 : 4);
  if (p.kind == distribution::integers) {
    std::uint64_t draws[4];
    const int count = random_integer_group(p, g, draws);
    for (int i = 0; i < count && first + i < n; ++i) {
      out[first + i] = cast<T>(static_cast<std::int64_t>(static_cast<std::uint64_t>(p.low) + draws[i]));
    }
  } else {
    double values[4];
    const int count = random_group(p, g, values);
    for (int i = 0; i < count && first + i < n; ++i) {
      if constexpr (std::is_same_v<T, float> || is_half_v<T>) {
        out[first + i] = cast<T>(static_cast<float>(values[i]));
      } else {
        out[first + i] = cast<T>(values[i]);
      }
    }
  }
}

}  // namespace numcu::detail
