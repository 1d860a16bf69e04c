// Strided addressing for kernels: 32-bit division by invariant divisors (multiply-high and shift) turns a
// linear element index into per-operand byte offsets.
#pragma once

#include <cstdint>

#include "core/iteration_plan.hpp"

namespace numcu::detail {

/// Division of 32-bit n < 2^31 by a fixed divisor d >= 1 with one multiply-high, one add and one shift.
struct fast_divmod {
  std::uint32_t divisor = 1;
  std::uint32_t multiplier = 1;
  std::uint32_t shift = 0;

  fast_divmod() = default;
  explicit fast_divmod(std::uint32_t d) : divisor(d) {
    while (shift < 32 && (std::uint64_t{1} << shift) < d) ++shift;
    multiplier =
        static_cast<std::uint32_t>(((std::uint64_t{1} << 32) * ((std::uint64_t{1} << shift) - d)) / d + 1);
  }
  NUMCU_HD std::uint32_t div(std::uint32_t n) const {
#if defined(__CUDA_ARCH__)
    const std::uint32_t high = __umulhi(n, multiplier);
#else
    const std::uint32_t high = static_cast<std::uint32_t>((std::uint64_t{n} * multiplier) >> 32);
#endif
    return (high + n) >> shift;
  }
};

/// Byte offsets of N operands for a linear index over a plan of at most 2^31 - 1 elements.
template <int N>
struct offset_calculator {
  int ndim = 0;
  fast_divmod sizes[max_dims];
  std::int64_t strides[max_dims][N];

  explicit offset_calculator(const iteration_plan& plan) : ndim(plan.ndim) {
    for (int d = 0; d < ndim; ++d) {
      sizes[d] = fast_divmod(static_cast<std::uint32_t>(plan.sizes[d]));
      for (int k = 0; k < N; ++k) strides[d][k] = plan.strides[k][d];
    }
  }

  NUMCU_HD void get(std::uint32_t linear, std::int64_t (&offsets)[N]) const {
    for (int k = 0; k < N; ++k) offsets[k] = 0;
    for (int d = 0; d < ndim; ++d) {
      const std::uint32_t q = sizes[d].div(linear);
      const std::uint32_t r = linear - q * sizes[d].divisor;
      for (int k = 0; k < N; ++k) offsets[k] += static_cast<std::int64_t>(r) * strides[d][k];
      linear = q;
    }
  }
};

/// The largest element count a kernel launch that uses 32-bit indices handles.
inline constexpr std::int64_t max_32bit_numel = 0x7fffffff;

}  // namespace numcu::detail
