// Multiplication and addition rounded one at a time on both backends: nvcc would otherwise contract a * b + c
// into a fused multiply-add on the GPU (the host backend is compiled with -ffp-contract=off), and results
// that must match NumPy or the other backend bit for bit would differ in the last place.
#pragma once

#include "device/traits.hpp"
#include "numcu/config.hpp"

namespace numcu::detail {

/// a * b rounded once, never contracted with a following add into a fused multiply-add.
template <class T>
NUMCU_HD T mul_rn(T a, T b) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_same_v<T, float>)
    return __fmul_rn(a, b);
  else
    return __dmul_rn(a, b);
#else
  return a * b;  // the host backend is compiled with -ffp-contract=off
#endif
}

/// a + b rounded once (see mul_rn).
template <class T>
NUMCU_HD T add_rn(T a, T b) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_same_v<T, float>)
    return __fadd_rn(a, b);
  else
    return __dadd_rn(a, b);
#else
  return a + b;
#endif
}

}  // namespace numcu::detail
