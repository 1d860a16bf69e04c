// One element of a matrix product as NumPy's own matmul loops compute it (those NumPy uses where BLAS does
// not serve: integers, bool, float16): the products summed in order of the inner index, integers wrapping in
// their dtype, bool the or of ands, float16 and bfloat16 summed in float32 and rounded once, complex as plain
// products of parts. The host loops and the GPU kernel of numcu's integer products (and the CPU's products
// where no BLAS was found) call it.
#pragma once

#include "device/element_types.hpp"

namespace numcu::detail {

/// sum over p < k of a[p * a_step] * b[p * b_step] in NumPy's loop arithmetic for T.
template <class T>
NUMCU_HD T dot_along(const T* a, int64_t a_step, const T* b, int64_t b_step, int64_t k) {
  if constexpr (is_same_v<T, bool>) {
    for (int64_t p = 0; p < k; ++p) {
      if (a[p * a_step] && b[p * b_step]) return true;
    }
    return false;
  } else if constexpr (is_integral_v<T>) {
    // modulo 2^64 the sums of products have the low bits of NumPy's sums modulo 2^bits
    using wide = conditional_t<is_signed_v<T>, long long, unsigned long long>;
    unsigned long long sum = 0;
    for (int64_t p = 0; p < k; ++p) {
      sum += static_cast<unsigned long long>(static_cast<wide>(a[p * a_step])) *
             static_cast<unsigned long long>(static_cast<wide>(b[p * b_step]));
    }
    return static_cast<T>(sum);
  } else if constexpr (is_same_v<T, float16_t> || is_same_v<T, bfloat16_t>) {
    float sum = 0.0f;
    for (int64_t p = 0; p < k; ++p) sum += float(a[p * a_step]) * float(b[p * b_step]);
    return T(sum);
  } else if constexpr (is_same_v<T, complex64_t> || is_same_v<T, complex128_t>) {
    using R = typename T::value_type;
    R re = 0, im = 0;
    for (int64_t p = 0; p < k; ++p) {
      const T x = a[p * a_step], y = b[p * b_step];
      re += x.re * y.re - x.im * y.im;
      im += x.re * y.im + x.im * y.re;
    }
    return T(re, im);
  } else {
    T sum = 0;
    for (int64_t p = 0; p < k; ++p) sum += a[p * a_step] * b[p * b_step];
    return sum;
  }
}

}  // namespace numcu::detail
