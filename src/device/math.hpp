// The real math functions of device code, for float and double, under one name whichever compiler reads it.
//
// g++ and nvcc take them from <cmath> (nvcc supplies device versions of std:: math for float and double);
// NVRTC has no <cmath>, but its built-in CUDA math headers declare the C names (::sin, ::hypot, isnan,
// ...) overloaded for float and double. numcu::detail::math::f is std::f or ::f accordingly, so a kernel
// compiles unchanged with each, without libcu++'s <cuda/std/cmath> (about 0.4 s of NVRTC time).
#pragma once

#if !defined(__CUDACC_RTC__)
#include <cmath>
#endif

#include "device/traits.hpp"
#include "device/types.hpp"

/// The real math functions of device code (see the file's comment).
namespace numcu::detail::math {

#if defined(__CUDACC_RTC__)
/// Declares ::f as numcu::detail::math::f (NVRTC).
#define NUMCU_MATH_FUNCTION(f) using ::f;
#else
/// Declares std::f as numcu::detail::math::f (g++ and nvcc).
#define NUMCU_MATH_FUNCTION(f) using std::f;
#endif

// rounding, remainders and signs
NUMCU_MATH_FUNCTION(fabs)
NUMCU_MATH_FUNCTION(fmod)
NUMCU_MATH_FUNCTION(floor)
NUMCU_MATH_FUNCTION(ceil)
NUMCU_MATH_FUNCTION(trunc)
NUMCU_MATH_FUNCTION(rint)
NUMCU_MATH_FUNCTION(copysign)
NUMCU_MATH_FUNCTION(fmin)
NUMCU_MATH_FUNCTION(fmax)
NUMCU_MATH_FUNCTION(fma)
// powers and roots
NUMCU_MATH_FUNCTION(sqrt)
NUMCU_MATH_FUNCTION(cbrt)
NUMCU_MATH_FUNCTION(pow)
// exponentials and logarithms
NUMCU_MATH_FUNCTION(exp)
NUMCU_MATH_FUNCTION(exp2)
NUMCU_MATH_FUNCTION(expm1)
NUMCU_MATH_FUNCTION(log)
NUMCU_MATH_FUNCTION(log2)
NUMCU_MATH_FUNCTION(log10)
NUMCU_MATH_FUNCTION(log1p)
// trigonometric and hyperbolic functions and their inverses
NUMCU_MATH_FUNCTION(sin)
NUMCU_MATH_FUNCTION(cos)
NUMCU_MATH_FUNCTION(tan)
NUMCU_MATH_FUNCTION(asin)
NUMCU_MATH_FUNCTION(acos)
NUMCU_MATH_FUNCTION(atan)
NUMCU_MATH_FUNCTION(atan2)
NUMCU_MATH_FUNCTION(sinh)
NUMCU_MATH_FUNCTION(cosh)
NUMCU_MATH_FUNCTION(tanh)
NUMCU_MATH_FUNCTION(asinh)
NUMCU_MATH_FUNCTION(acosh)
NUMCU_MATH_FUNCTION(atanh)
// the representation: neighbours, exponent and mantissa
NUMCU_MATH_FUNCTION(nextafter)
NUMCU_MATH_FUNCTION(frexp)
NUMCU_MATH_FUNCTION(ldexp)
NUMCU_MATH_FUNCTION(modf)
NUMCU_MATH_FUNCTION(logb)
NUMCU_MATH_FUNCTION(ilogb)
NUMCU_MATH_FUNCTION(scalbn)
// classification
NUMCU_MATH_FUNCTION(isnan)
NUMCU_MATH_FUNCTION(isinf)
/// sqrt(a^2 + b^2) as big * sqrt(1 + (small / big)^2) with a fused multiply-add, within 2 ulp: the formula of
/// NumPy's vectorized absolute of complex arrays (to the bit where its SIMD loop has fused multiply-adds),
/// and hypot on the GPU, where CUDA's own rounds up by an ulp and so overflows just below the largest finite
/// value (hypot(1e9, DBL_MAX) is inf, not DBL_MAX).
template <class T>
NUMCU_HD T scaled_hypot(T a, T b) {
  a = fabs(a);
  b = fabs(b);
  if (isinf(a) || isinf(b)) return isinf(a) ? a : b;  // inf, even beside a NaN (C's Annex F)
  const T big = fmax(a, b), small = fmin(a, b);
  if (isnan(a) || isnan(b) || big == T(0)) return a + b;
  const T ratio = small / big;
  return big * sqrt(fma(ratio, ratio, T(1)));
}
#if defined(__CUDA_ARCH__)
/// hypot on the GPU: scaled_hypot.
template <class T>
__device__ T hypot(T a, T b) {
  return scaled_hypot(a, b);
}
#else
NUMCU_MATH_FUNCTION(hypot)
#endif
NUMCU_MATH_FUNCTION(isfinite)
NUMCU_MATH_FUNCTION(signbit)

#undef NUMCU_MATH_FUNCTION

/// -x by its sign bit alone, a NaN's included: NumPy's negative of a NaN flips its sign (the host's negation
/// does), where the GPU's negation gives every NaN one positive pattern.
NUMCU_HD inline float negate(float x) {
#if defined(__CUDA_ARCH__)
  return __uint_as_float(__float_as_uint(x) ^ 0x80000000u);
#else
  return -x;
#endif
}
/// negate() of a double.
NUMCU_HD inline double negate(double x) {
#if defined(__CUDA_ARCH__)
  return __longlong_as_double(__double_as_longlong(x) ^ static_cast<long long>(0x8000000000000000ull));
#else
  return -x;
#endif
}

/// A quiet NaN of float or double (the C function nan("") without its string argument).
template <class T>
NUMCU_HD constexpr T nan() {
  return quiet_nan<T>();
}

}  // namespace numcu::detail::math
