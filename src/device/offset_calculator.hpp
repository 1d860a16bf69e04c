// Strided addressing for kernels: 32-bit division by invariant divisors (multiply-high and shift) turns a
// linear element index into per-operand byte offsets.
#pragma once

#include "device/types.hpp"
#include "numcu/config.hpp"

namespace numcu::detail {

/// Division of 32-bit n < 2^31 by a fixed divisor d >= 1 with one multiply-high, one add and one shift.
struct fast_divmod {
  uint32_t divisor = 1;
  uint32_t multiplier = 1;
  uint32_t shift = 0;

  fast_divmod() = default;
  explicit fast_divmod(uint32_t d) : divisor(d) {
    while (shift < 32 && (uint64_t{1} << shift) < d) ++shift;
    multiplier = static_cast<uint32_t>(((uint64_t{1} << 32) * ((uint64_t{1} << shift) - d)) / d + 1);
  }
  NUMCU_HD uint32_t div(uint32_t n) const {
#if defined(__CUDA_ARCH__)
    const uint32_t high = __umulhi(n, multiplier);
#else
    const uint32_t high = static_cast<uint32_t>((uint64_t{n} * multiplier) >> 32);
#endif
    return (high + n) >> shift;
  }
};

/// Byte offsets of N operands for a linear index over a plan of at most 2^31 - 1 elements.
template <int N>
struct offset_calculator {
  int ndim = 0;
  fast_divmod sizes[max_dims];
  int64_t strides[max_dims][N];

  /// From an iteration plan (core/iteration_plan.hpp) of at most 2^31 - 1 elements.
  template <class Plan>
  explicit offset_calculator(const Plan& plan) : ndim(plan.ndim) {
    for (int d = 0; d < ndim; ++d) {
      sizes[d] = fast_divmod(static_cast<uint32_t>(plan.sizes[d]));
      for (int k = 0; k < N; ++k) strides[d][k] = plan.strides[k][d];
    }
  }

  NUMCU_HD void get(uint32_t linear, int64_t (&offsets)[N]) const {
    for (int k = 0; k < N; ++k) offsets[k] = 0;
    for (int d = 0; d < ndim; ++d) {
      const uint32_t q = sizes[d].div(linear);
      const uint32_t r = linear - q * sizes[d].divisor;
      for (int k = 0; k < N; ++k) offsets[k] += static_cast<int64_t>(r) * strides[d][k];
      linear = q;
    }
  }
};

/// The largest element count a kernel launch that uses 32-bit indices handles.
inline constexpr int64_t max_32bit_numel = 0x7fffffff;

/// Byte offsets of a group of dimensions (kept or reduced) for a linear index over them, innermost first.
struct index_walker {
  int ndim = 0;
  bool wide = false;  // an index may reach 2^31: 64-bit division instead of fast_divmod
  fast_divmod fast[max_dims];
  int64_t sizes[max_dims];
  int64_t strides[max_dims];

  index_walker() = default;
  /// Over @p n dimensions of @p sizes_in (innermost first) with byte strides @p strides_in.
  index_walker(int n, const int64_t* sizes_in, const int64_t* strides_in) : ndim(n) {
    int64_t count = 1;
    for (int d = 0; d < n; ++d) {
      sizes[d] = sizes_in[d];
      strides[d] = strides_in[d];
      count *= sizes_in[d];
    }
    wide = count > max_32bit_numel;
    for (int d = 0; d < n && !wide; ++d) fast[d] = fast_divmod(static_cast<uint32_t>(sizes_in[d]));
  }

  NUMCU_HD int64_t offset(int64_t i) const {
    if (ndim == 1) return i * strides[0];
    int64_t o = 0;
    if (!wide) {
      uint32_t linear = static_cast<uint32_t>(i);
      for (int d = 0; d < ndim; ++d) {
        const uint32_t q = fast[d].div(linear);
        o += static_cast<int64_t>(linear - q * fast[d].divisor) * strides[d];
        linear = q;
      }
    } else {
      for (int d = 0; d < ndim; ++d) {
        o += (i % sizes[d]) * strides[d];
        i /= sizes[d];
      }
    }
    return o;
  }
};

}  // namespace numcu::detail
