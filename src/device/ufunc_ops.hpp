// The per-element functions of every ufunc, shared by the CUDA kernels and the host loops. Each takes its
// inputs in the compute type C (the loop's storage type, with float16 and bfloat16 widened to float) and
// returns the value the kernel then rounds once to the output dtype. NumPy's integer semantics are kept:
// wrapping arithmetic, floor division and Python-style remainders, 0 where NumPy would warn about a
// division by zero (docs/numpy_differences.md).
#pragma once

#include "device/cast.hpp"
#include "device/complex.hpp"
#include "device/exact_arithmetic.hpp"
#include "device/math.hpp"
#include "device/traits.hpp"
#include "device/ufunc_table.hpp"

namespace numcu::detail {

/// Parameters of the functions that take some (isclose, nan_to_num), passed to every kernel.
struct ufunc_params {
  double a = 0, b = 0, c = 0;  // isclose: rtol, atol, |b| if b is a number; nan_to_num: nan, posinf, neginf
  bool flag = false;           // isclose: equal_nan; multiply: the plain complex product (multiply.at)
  bool number = false;         // isclose: b is a number (its magnitude in c)
  // isclose: the format of the tolerance's steps (b's floating dtype, or double where b is a number) and of
  // the comparison (the real part of the common dtype)
  float_format tolerance_format = float_format::float64, compare_format = float_format::float64;
};

/// The type a loop of storage type T computes in: float for the 16-bit floats, T otherwise.
template <class T>
using compute_t = conditional_t<is_half_v<T>, float, T>;

template <class T>
inline constexpr bool is_int_v = is_integral_v<T> && !is_same_v<T, bool>;

/// Unsigned arithmetic of at least int's width: integer ops wrap like NumPy without C++'s signed overflow.
template <class T>
using wrap_t = conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, make_unsigned_t<T>>;

template <class T>
NUMCU_HD T wrap_add(T a, T b) {
  return static_cast<T>(static_cast<wrap_t<T>>(a) + static_cast<wrap_t<T>>(b));
}
template <class T>
NUMCU_HD T wrap_sub(T a, T b) {
  return static_cast<T>(static_cast<wrap_t<T>>(a) - static_cast<wrap_t<T>>(b));
}
template <class T>
NUMCU_HD T wrap_mul(T a, T b) {
  return static_cast<T>(static_cast<wrap_t<T>>(a) * static_cast<wrap_t<T>>(b));
}
/// -a, wrapping (-INT16_MIN is INT16_MIN). A 16-bit signed negation is made in the upper half of 32 bits:
/// ptxas (CUDA 13.0, sm_90) runs neg.s16 and abs.s16 on the sign-extended 32-bit register and then drops the
/// sign extension of a widening that follows (cvt.s64.s16), so that -(-32768) stored into int32 or int64
/// read 32768.
template <class T>
NUMCU_HD T wrap_neg(T a) {
  if constexpr (sizeof(T) == 2 && is_signed_v<T>) {
    const uint32_t negated = 0u - static_cast<uint32_t>(a);
    return static_cast<T>(static_cast<int32_t>(negated << 16) >> 16);
  } else {
    return wrap_sub(T(0), a);
  }
}

/// The number of 1-bits of @p x.
NUMCU_HD inline int popcount64(uint64_t x) {
#if defined(__CUDA_ARCH__)
  return __popcll(x);
#else
  return __builtin_popcountll(x);
#endif
}

template <class C>
NUMCU_HD bool is_nan(C x) {
  if constexpr (is_complex_v<C>)
    return x.real() != x.real() || x.imag() != x.imag();
  else if constexpr (is_floating_point_v<C>)
    return x != x;
  else
    return false;
}

/// |z| as NumPy's absolute computes it for a complex array: its vectorized loop's formula
/// (math::scaled_hypot), which is an ulp off the C library's hypot now and then.
template <class C>
NUMCU_HD typename C::value_type numpy_complex_abs(C z) {
  return math::scaled_hypot(z.real(), z.imag());
}

// Python-style floor division and remainder for integers; 0 for a zero divisor, as NumPy (which warns).
template <class T>
NUMCU_HD T int_floor_divide(T a, T b) {
  if (b == 0) return 0;
  if constexpr (is_signed_v<T>) {
    if (b == -1) return wrap_neg(a);  // MIN // -1 wraps to MIN
    T q = static_cast<T>(a / b);
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
  } else {
    return static_cast<T>(a / b);
  }
}
template <class T>
NUMCU_HD T int_remainder(T a, T b) {
  if (b == 0) return 0;
  if constexpr (is_signed_v<T>) {
    if (b == -1) return 0;
    T r = static_cast<T>(a % b);
    if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
    return r;
  } else {
    return static_cast<T>(a % b);
  }
}

// NumPy's npy_divmod for floats: the floor quotient and the remainder with the sign of the divisor.
template <class C>
NUMCU_HD C float_divmod(C a, C b, C& mod) {
  mod = math::fmod(a, b);
  if (!b) return a / b;
  C div = (a - mod) / b;
  if (mod) {
    if ((b < 0) != (mod < 0)) {
      mod += b;
      div -= C(1);
    }
  } else {
    mod = math::copysign(C(0), b);
  }
  C floordiv;
  if (div) {
    floordiv = math::floor(div);
    if (div - floordiv > C(0.5)) floordiv += C(1);
  } else {
    floordiv = math::copysign(C(0), a / b);
  }
  return floordiv;
}

// Lexicographic complex ordering with NumPy's NaN rules (its CLT and CLE): the real parts decide only when
// neither imaginary part is NaN, so C(1, NaN) > C(0, 0) is false, and a NaN anywhere compares false.
template <class C>
NUMCU_HD bool complex_less(C a, C b) {
  return (a.real() < b.real() && !is_nan(a.imag()) && !is_nan(b.imag())) ||
         (a.real() == b.real() && a.imag() < b.imag());
}
template <class C>
NUMCU_HD bool complex_less_equal(C a, C b) {
  return (a.real() < b.real() && !is_nan(a.imag()) && !is_nan(b.imag())) ||
         (a.real() == b.real() && a.imag() <= b.imag());
}

// clip's complex bounds as NumPy's clip loop orders them (PyArray_CGE, PyArray_CLE: the real parts decide
// whatever the imaginary parts hold), an operand with a NaN part kept: clip(1, C(0, NaN), 5) is 1.
template <class C>
NUMCU_HD C clip_complex_max(C a, C b) {
  return is_nan(a) || a.real() > b.real() || (a.real() == b.real() && a.imag() >= b.imag()) ? a : b;
}
template <class C>
NUMCU_HD C clip_complex_min(C a, C b) {
  return is_nan(a) || a.real() < b.real() || (a.real() == b.real() && a.imag() <= b.imag()) ? a : b;
}

template <class C>
NUMCU_HD bool less(C a, C b) {
  if constexpr (is_complex_v<C>)
    return complex_less(a, b);
  else
    return a < b;
}
template <class C>
NUMCU_HD bool less_equal(C a, C b) {
  if constexpr (is_complex_v<C>)
    return complex_less_equal(a, b);
  else
    return a <= b;
}

template <class C>
NUMCU_HD C integer_power(C base, C exponent) {
  if constexpr (is_signed_v<C>) {
    if (exponent < 0) {  // NumPy raises; numcu gives the integer part of base**exponent
      if (base == 1) return 1;
      if (base == -1) return (exponent & 1) ? C(-1) : C(1);
      return 0;
    }
  }
  C result = 1;
  while (exponent) {
    if (exponent & 1) result = wrap_mul(result, base);
    base = wrap_mul(base, base);
    exponent = static_cast<C>(exponent >> 1);
  }
  return result;
}

template <class C>
NUMCU_HD C nan_aware_max(C a, C b) {
  if constexpr (is_same_v<C, bool>)
    return a || b;
  else if constexpr (is_complex_v<C>)
    return (!complex_less(a, b) && !is_nan(b)) || is_nan(a) ? a : b;
  else if constexpr (is_floating_point_v<C>)
    return (a >= b || a != a) ? a : b;
  else
    return a >= b ? a : b;
}
template <class C>
NUMCU_HD C nan_aware_min(C a, C b) {
  if constexpr (is_same_v<C, bool>)
    return a && b;
  else if constexpr (is_complex_v<C>)
    return (!complex_less(b, a) && !is_nan(b)) || is_nan(a) ? a : b;
  else if constexpr (is_floating_point_v<C>)
    return (a <= b || a != a) ? a : b;
  else
    return a <= b ? a : b;
}

template <class C>
NUMCU_HD C abs_int(C x) {
  if constexpr (is_signed_v<C>)
    return x < 0 ? wrap_neg(x) : x;
  else
    return x;
}

/// |x| as the unsigned type of the same size: exact for the minimum value too (|INT32_MIN| is 2^31).
template <class C>
NUMCU_HD typename integer_info<C>::unsigned_type unsigned_abs(C x) {
  using U = typename integer_info<C>::unsigned_type;
  if constexpr (is_signed_v<C>)
    return x < 0 ? static_cast<U>(U(0) - static_cast<U>(x)) : static_cast<U>(x);
  else
    return x;
}

/// NumPy's gcd: Euclid's algorithm on |a| and |b| in the unsigned type, so that no division overflows
/// (INT_MIN % -1 traps on x86) and gcd(INT32_MIN, 6) is 2; the result is cast back, as NumPy's (so
/// gcd(INT32_MIN, 0) wraps to INT32_MIN).
template <class C>
NUMCU_HD typename integer_info<C>::unsigned_type unsigned_gcd(C a, C b) {
  using U = typename integer_info<C>::unsigned_type;
  U x = unsigned_abs(a), y = unsigned_abs(b);
  while (y != 0) {
    const U t = static_cast<U>(x % y);
    x = y;
    y = t;
  }
  return x;
}

/// NumPy's lcm: |a| / gcd * |b| in the unsigned type, wrapping on overflow and cast back, so that
/// lcm(INT64_MIN, 7) is INT64_MIN and an overflowing product keeps NumPy's sign.
template <class C>
NUMCU_HD C lcm_int(C a, C b) {
  using U = typename integer_info<C>::unsigned_type;
  using W = conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;  // uint16 * uint16 would be an int
  const U g = unsigned_gcd(a, b);
  return g == 0 ? C(0) : static_cast<C>(static_cast<U>(static_cast<W>(unsigned_abs(a) / g) * static_cast<W>(unsigned_abs(b))));
}

// NumPy's complex division loop (Smith's method: the ratio of the divisor's smaller part to its larger),
// rounded step by step as NumPy's loop is, so that true_divide gives NumPy's bits, not those of C's _Cdivd.
template <class C>
NUMCU_HD C numpy_complex_divide(C a, C b) {
  using R = typename C::value_type;
  const R ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  const R br_abs = math::fabs(br), bi_abs = math::fabs(bi);
  if (br_abs >= bi_abs) {
    if (br_abs == R(0) && bi_abs == R(0)) return C(ar / br_abs, ai / bi_abs);  // an infinity or NaN
    const R rat = bi / br;
    const R scl = R(1) / add_rn(br, mul_rn(bi, rat));
    return C(mul_rn(add_rn(ar, mul_rn(ai, rat)), scl), mul_rn(add_rn(ai, -mul_rn(ar, rat)), scl));
  }
  const R rat = br / bi;
  const R scl = R(1) / add_rn(bi, mul_rn(br, rat));
  return C(mul_rn(add_rn(mul_rn(ar, rat), ai), scl), mul_rn(add_rn(mul_rn(ai, rat), -ar), scl));
}

// NumPy's complex product in its power loop (npy_cpow, compiled for the baseline without fused multiply-adds):
// the plain formula, rounded step by step.
template <class C>
NUMCU_HD C numpy_complex_multiply(C a, C b) {
  return C(add_rn(mul_rn(a.real(), b.real()), -mul_rn(a.imag(), b.imag())),
           add_rn(mul_rn(a.real(), b.imag()), mul_rn(a.imag(), b.real())));
}

// NumPy's complex product in its multiply and square loops, compiled for x86-64 with FMA (the targets NumPy 2
// dispatches to on current CPUs): the real part fma(a.re, b.re, -(a.im * b.im)), the imaginary part
// fma(a.re, b.im, a.im * b.re), the inner products rounded on their own.
template <class C>
NUMCU_HD C numpy_fused_complex_multiply(C a, C b) {
  return C(math::fma(a.real(), b.real(), -mul_rn(a.imag(), b.imag())),
           math::fma(a.real(), b.imag(), mul_rn(a.imag(), b.real())));
}

// NumPy's complex power (npy_cpow): z**0 is 1; 0**w is 0 where Re w > 0 and NaN otherwise (the four
// complex zeros leave it undefined); integer exponents below 100 in magnitude by repeated multiplication
// (the exact 2j of (1+1j)**2), their reciprocal for negative ones; exp(w log z) for the rest.
template <class C>
NUMCU_HD C numpy_complex_power(C a, C b) {
  using R = typename C::value_type;
  const R ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  if (br == R(0) && bi == R(0)) return C(R(1), R(0));
  if (ar == R(0) && ai == R(0)) {
    if (br > R(0)) return C(R(0), R(0));
    return C(quiet_nan<R>(), quiet_nan<R>());
  }
  if (bi == R(0) && br > R(-100) && br < R(100) && br == math::trunc(br)) {
    int n = static_cast<int>(br);
    if (n == 1) return a;
    if (n == 2) return numpy_complex_multiply(a, a);
    if (n == 3) return numpy_complex_multiply(a, numpy_complex_multiply(a, a));
    if (n < 0) n = -n;
    C result(R(1), R(0)), p = a;
    for (int mask = 1;; mask <<= 1) {
      if (n & mask) result = numpy_complex_multiply(result, p);
      if (n < (mask << 1)) break;
      p = numpy_complex_multiply(p, p);
    }
    return br < R(0) ? numpy_complex_divide(C(R(1), R(0)), result) : result;
  }
  return pow(a, b);
}

inline constexpr double pi = 3.14159265358979323846;

template <ufunc_id U>
struct ufunc_op;

#define NUMCU_OP(U) \
  template <>       \
  struct ufunc_op<ufunc_id::U> : ufunc_params_holder

struct ufunc_params_holder {
  ufunc_params params;
};

NUMCU_OP(add){template <class C> NUMCU_HD C operator()(C a, C b)
                  const {if constexpr (is_same_v<C, bool>) return a || b;
else if constexpr (is_int_v<C>) return wrap_add(a, b);
else return a + b;
}  // namespace numcu::detail
}
;
NUMCU_OP(subtract){template <class C> NUMCU_HD C operator()(C a, C b)
                       const {if constexpr (is_int_v<C>) return wrap_sub(a, b);
else return a - b;
}
}
;
NUMCU_OP(multiply){template <class C> NUMCU_HD C operator()(C a, C b)
                       const {if constexpr (is_same_v<C, bool>) return a && b;
else if constexpr (is_int_v<C>) return wrap_mul(a, b);
// (params.flag: the plain product, as NumPy's indexed loop for multiply.at computes it)
else if constexpr (is_complex_v<C>) return params.flag ? numpy_complex_multiply(a, b)
                                                       : numpy_fused_complex_multiply(a, b);
else return a * b;
}
}
;
NUMCU_OP(true_divide){template <class C> NUMCU_HD C operator()(C a, C b)
                          const {if constexpr (is_complex_v<C>) return numpy_complex_divide(a, b);
else return a / b;
}
}
;
NUMCU_OP(floor_divide){template <class C> NUMCU_HD C operator()(C a, C b)
                           const {if constexpr (is_int_v<C>){return int_floor_divide(a, b);
}
else {
  C mod;
  return float_divmod(a, b, mod);
}
}
}
;
NUMCU_OP(remainder){template <class C> NUMCU_HD C operator()(C a, C b)
                        const {if constexpr (is_int_v<C>){return int_remainder(a, b);
}
else {
  if (!b) return math::fmod(a, b);
  C mod;
  float_divmod(a, b, mod);
  return mod;
}
}
}
;
NUMCU_OP(fmod){template <class C> NUMCU_HD C operator()(C a, C b)
                   const {if constexpr (is_int_v<C>){if (b == 0) return 0;
if constexpr (is_signed_v<C>) {
  if (b == -1) return 0;
}
return static_cast<C>(a % b);
}
else {
  return math::fmod(a, b);
}
}
}
;
NUMCU_OP(power){template <class C> NUMCU_HD C operator()(C a, C b)
                    const {if constexpr (is_int_v<C>) return integer_power(a, b);
else if constexpr (is_complex_v<C>) return numpy_complex_power(a, b);
else return math::pow(a, b);
}
}
;
// NumPy's fast path of its float32 and float64 power loops for an exponent of stride 0, value by value
NUMCU_OP(power_uniform_exponent){template <class C> NUMCU_HD C operator()(C a, C b) const {
    if (b == C(-1)) return C(1) / a;
if (b == C(0)) return C(1);
if (b == C(0.5)) return math::sqrt(a);
if (b == C(1)) return a;
if (b == C(2)) return a * a;
return math::pow(a, b);
}
}
;
NUMCU_OP(float_power){template <class C> NUMCU_HD C operator()(C a, C b)
                          const {if constexpr (is_complex_v<C>) return numpy_complex_power(a, b);
else return math::pow(a, b);
}
}
;
NUMCU_OP(negative){template <class C> NUMCU_HD C operator()(C a)
                       const {if constexpr (is_int_v<C>) return wrap_neg(a);
else if constexpr (is_complex_v<C>) return C(math::negate(a.real()), math::negate(a.imag()));
else return math::negate(a);  // a NaN's sign flips too, as NumPy's
}
}
;
NUMCU_OP(positive){template <class C> NUMCU_HD C operator()(C a) const {return a;
}
}
;
NUMCU_OP(absolute){template <class C> NUMCU_HD auto operator()(C a)
                       const {if constexpr (is_same_v<C, bool>) return a;
else if constexpr (is_int_v<C>) return abs_int(a);
else if constexpr (is_complex_v<C>) return numpy_complex_abs(a);
else return math::fabs(a);
}
}
;
NUMCU_OP(sign){template <class C> NUMCU_HD C operator()(C a) const {if constexpr (is_complex_v<C>){
    if (is_nan(a)) return C(math::nan<typename C::value_type>(), math::nan<typename C::value_type>());
const auto r = abs(a);
return r == 0 ? C(0, 0) : a / r;
}
else if constexpr (is_unsigned_v<C>) {
  return a > 0 ? C(1) : C(0);
}
else {
  return a > 0 ? C(1) : (a < 0 ? C(-1) : (a == 0 ? C(0) : a));
}
}
}
;
NUMCU_OP(reciprocal){template <class C> NUMCU_HD C operator()(C a) const {
    if constexpr (is_int_v<C>){return a == 0 ? C(0) : cast<C>(1.0 / static_cast<double>(a));
}
else if constexpr (is_complex_v<C>) {
  // NumPy's Smith-style reciprocal: 1/0 is nan+nanj
  using R = typename C::value_type;
  const R re = a.real(), im = a.imag();
  if (math::fabs(re) >= math::fabs(im)) {
    const R r = im / re, d = re + im * r;
    return C(R(1) / d, -r / d);
  }
  const R r = re / im, d = re * r + im;
  return C(r / d, R(-1) / d);
}
else {
  return C(1) / a;
}
}
}
;
NUMCU_OP(square){template <class C> NUMCU_HD C operator()(C a)
                     const {if constexpr (is_int_v<C>) return wrap_mul(a, a);
else if constexpr (is_complex_v<C>) return numpy_fused_complex_multiply(a, a);
else return a * a;
}
}
;

// Unary math with one libm / libcu++ function for real and complex.
// log1p(exp(d)) (log1p(exp2(d)) with Base2) of NumPy's logaddexp loops. In float, each function is computed
// in double and rounded once, as the C library's correctly rounded expf/exp2f/log1pf give them on the host,
// so that the cancellation in x + log1p(...) does not magnify CUDA's float errors of up to 2 ulp.
template <bool Base2, class C>
NUMCU_HD C log1p_of_exp(C d) {
  if constexpr (is_same_v<C, float>) {
    const auto e = static_cast<float>(Base2 ? math::exp2(static_cast<double>(d)) : math::exp(static_cast<double>(d)));
    return static_cast<float>(math::log1p(static_cast<double>(e)));
  } else {
    return math::log1p(Base2 ? math::exp2(d) : math::exp(d));
  }
}

// NumPy's complex expm1 and log1p (nc_expm1, nc_log1p), formula for formula: expm1's real part from the real
// expm1 and 2 sin^2(y/2), accurate near 0 where exp(z) - 1 cancels; log1p through hypot and atan2 of z + 1.
template <class C>
NUMCU_HD C numpy_complex_expm1(C z) {
  using R = typename C::value_type;
  const R x = z.real(), y = z.imag();
  const R a = math::sin(y / R(2));
  return C(add_rn(mul_rn(math::expm1(x), math::cos(y)), -mul_rn(mul_rn(R(2), a), a)), mul_rn(math::exp(x), math::sin(y)));
}
template <class C>
NUMCU_HD C numpy_complex_log1p(C z) {
  using R = typename C::value_type;
  const R x1 = z.real() + R(1);
  return C(math::log(math::hypot(x1, z.imag())), math::atan2(z.imag(), x1));
}

#define NUMCU_MATH_OP(U, real_expr, complex_expr)                            \
  NUMCU_OP(U){template <class C> NUMCU_HD C operator()(C x)                  \
                  const {if constexpr (is_complex_v<C>) return complex_expr; \
  else return real_expr;                                                     \
  }                                                                          \
  }                                                                          \
  ;
NUMCU_MATH_OP(sqrt, math::sqrt(x), sqrt(x))
NUMCU_MATH_OP(cbrt, math::cbrt(x), x)
NUMCU_MATH_OP(exp, math::exp(x), exp(x))
NUMCU_MATH_OP(exp2, math::exp2(x), exp(x* typename C::value_type(0.69314718055994530942)))
NUMCU_MATH_OP(expm1, math::expm1(x), numpy_complex_expm1(x))
NUMCU_MATH_OP(log, math::log(x), log(x))
NUMCU_MATH_OP(log2, math::log2(x), log(x) * typename C::value_type(1.44269504088896340736))  // NumPy: * log2(e)
NUMCU_MATH_OP(log10, math::log10(x), log10(x))
NUMCU_MATH_OP(log1p, math::log1p(x), numpy_complex_log1p(x))
NUMCU_MATH_OP(sin, math::sin(x), sin(x))
NUMCU_MATH_OP(cos, math::cos(x), cos(x))
NUMCU_MATH_OP(tan, math::tan(x), tan(x))
NUMCU_MATH_OP(arcsin, math::asin(x), asin(x))
NUMCU_MATH_OP(arccos, math::acos(x), acos(x))
NUMCU_MATH_OP(arctan, math::atan(x), atan(x))
NUMCU_MATH_OP(sinh, math::sinh(x), sinh(x))
NUMCU_MATH_OP(cosh, math::cosh(x), cosh(x))
NUMCU_MATH_OP(tanh, math::tanh(x), tanh(x))
NUMCU_MATH_OP(arcsinh, math::asinh(x), asinh(x))
NUMCU_MATH_OP(arccosh, math::acosh(x), acosh(x))
NUMCU_MATH_OP(arctanh, math::atanh(x), atanh(x))
NUMCU_MATH_OP(rint, math::rint(x), C(math::rint(x.real()), math::rint(x.imag())))
NUMCU_MATH_OP(conjugate, x, conj(x))
#undef NUMCU_MATH_OP

// Rounding functions: integers pass through (NumPy 2 has integer loops for these).
#define NUMCU_ROUND_OP(U, fn)                                                \
  NUMCU_OP(U){template <class C> NUMCU_HD C operator()(C x)                  \
                  const {if constexpr (is_floating_point_v<C>) return fn(x); \
  else return x;                                                             \
  }                                                                          \
  }                                                                          \
  ;
NUMCU_ROUND_OP(floor, math::floor)
NUMCU_ROUND_OP(ceil, math::ceil)
NUMCU_ROUND_OP(trunc, math::trunc)
#undef NUMCU_ROUND_OP

// NumPy divides the constants in the loop's own type (NPY_PIf / 180.0f for float32)
NUMCU_OP(deg2rad){template <class C> NUMCU_HD C operator()(C x)
                      const {return x * (static_cast<C>(pi) / C(180));
}
}
;
NUMCU_OP(rad2deg){template <class C> NUMCU_HD C operator()(C x)
                      const {return x * (C(180) / static_cast<C>(pi));
}
}
;
NUMCU_OP(arctan2){template <class C> NUMCU_HD C operator()(C a, C b) const {return math::atan2(a, b);
}
}
;
NUMCU_OP(hypot){template <class C> NUMCU_HD C operator()(C a, C b) const {return math::hypot(a, b);
}
}
;
NUMCU_OP(copysign){template <class C> NUMCU_HD C operator()(C a, C b) const {return math::copysign(a, b);
}
}
;
NUMCU_OP(nextafter){
    // Runs on the storage type (see computes_in_storage): the next float16 is not the next float.
    template <class T> NUMCU_HD T operator()(T a, T b)
        const {if constexpr (is_half_v<T>){const float x = static_cast<float>(a), y = static_cast<float>(b);
if (x != x || y != y) return T(x + y);
if (x == y) return a;  // NumPy's npy_half_nextafter keeps x (nextafter(-0.0, 0.0) is -0.0)
if (x == 0) return T::from_bits(static_cast<uint16_t>((b.bits & 0x8000u) | 1u));
// away from zero when moving away from it, else toward it
const bool up = (y > x) == (x > 0);
return T::from_bits(static_cast<uint16_t>(up ? a.bits + 1 : a.bits - 1));
}
else {
  return math::nextafter(a, b);
}
}
}
;
NUMCU_OP(logaddexp){template <class C> NUMCU_HD C operator()(C x, C y)
                        const {if (x == y) return x + C(0.693147180559945309417232121458176568);
const C d = x - y;
if (d > 0) return add_rn(x, log1p_of_exp<false>(-d));
if (d <= 0) return add_rn(y, log1p_of_exp<false>(d));
return d;
}
}
;
NUMCU_OP(logaddexp2){template <class C> NUMCU_HD C operator()(C x, C y)
                         const {constexpr C log2e = C(1.442695040888963407359924681001892137);
if (x == y) return x + C(1);
const C d = x - y;
if (d > 0) return add_rn(x, mul_rn(log1p_of_exp<true>(-d), log2e));
if (d <= 0) return add_rn(y, mul_rn(log1p_of_exp<true>(d), log2e));
return d;
}
}
;
NUMCU_OP(heaviside){template <class C> NUMCU_HD C operator()(C x, C h0) const {if (x < 0) return 0;
if (x > 0) return 1;
if (x == 0) return h0;
return x;  // NaN
}
}
;
NUMCU_OP(maximum){template <class C> NUMCU_HD C operator()(C a, C b) const {return nan_aware_max(a, b);
}
}
;
NUMCU_OP(minimum){template <class C> NUMCU_HD C operator()(C a, C b) const {return nan_aware_min(a, b);
}
}
;
NUMCU_OP(fmax){template <class C> NUMCU_HD C operator()(C a, C b)
                   const {return is_nan(b)   ? a
                                 : is_nan(a) ? b
                                             : nan_aware_max(a, b);
}
}
;
NUMCU_OP(fmin){template <class C> NUMCU_HD C operator()(C a, C b)
                   const {return is_nan(b)   ? a
                                 : is_nan(a) ? b
                                             : nan_aware_min(a, b);
}
}
;
NUMCU_OP(clip){template <class C> NUMCU_HD C operator()(C x, C lo, C hi)
                   const {if constexpr (is_complex_v<C>) return clip_complex_min(clip_complex_max(x, lo), hi);
else return nan_aware_min(nan_aware_max(x, lo), hi);
}
}
;
NUMCU_OP(logical_and){template <class C> NUMCU_HD bool operator()(C a, C b)
                          const {return cast<bool>(a) && cast<bool>(b);
}
}
;
NUMCU_OP(logical_or){template <class C> NUMCU_HD bool operator()(C a, C b)
                         const {return cast<bool>(a) || cast<bool>(b);
}
}
;
NUMCU_OP(logical_xor){template <class C> NUMCU_HD bool operator()(C a, C b)
                          const {return cast<bool>(a) != cast<bool>(b);
}
}
;
NUMCU_OP(logical_not){template <class C> NUMCU_HD bool operator()(C a) const {return !cast<bool>(a);
}
}
;
NUMCU_OP(bitwise_and){template <class C> NUMCU_HD C operator()(C a, C b) const {return static_cast<C>(a & b);
}
}
;
NUMCU_OP(bitwise_or){template <class C> NUMCU_HD C operator()(C a, C b) const {return static_cast<C>(a | b);
}
}
;
NUMCU_OP(bitwise_xor){template <class C> NUMCU_HD C operator()(C a, C b) const {return static_cast<C>(a ^ b);
}
}
;
NUMCU_OP(invert){template <class C> NUMCU_HD C operator()(C a)
                     const {if constexpr (is_same_v<C, bool>) return !a;
else return static_cast<C>(~a);
}
}
;
NUMCU_OP(bitwise_count){template <class C> NUMCU_HD int operator()(C a)
                            const {// the 1-bits of |a|, |MIN| taken in the unsigned type
                                   using U = make_unsigned_t<C>;
U magnitude = static_cast<U>(a);
if constexpr (is_signed_v<C>) {
  if (a < 0) magnitude = static_cast<U>(U(0) - magnitude);
}
return popcount64(static_cast<uint64_t>(magnitude));
}
}
;
NUMCU_OP(ldexp){template <class T> NUMCU_HD compute_t<T> operator()(T x, int64_t exponent)
                    const {// beyond +-100000 every result is already 0 or infinite: saturate into int's range
                           const int n = exponent > 100000    ? 100000
                                         : exponent < -100000 ? -100000
                                                              : static_cast<int>(exponent);
return math::ldexp(static_cast<compute_t<T>>(x), n);
}
}
;
NUMCU_OP(fabs){template <class C> NUMCU_HD C operator()(C a) const {return math::fabs(a);
}
}
;
NUMCU_OP(left_shift){template <class C> NUMCU_HD C operator()(C a, C b)
                         const {// NumPy: shifting by the width or more (or by a negative amount) gives 0
                                if (static_cast<make_unsigned_t<C>>(b) >= sizeof(C) * 8) return 0;
return static_cast<C>(static_cast<wrap_t<C>>(a) << b);
}
}
;
NUMCU_OP(right_shift){template <class C> NUMCU_HD C operator()(C a, C b)
                          const {if (static_cast<make_unsigned_t<C>>(b) >=
                                     sizeof(C) * 8){if constexpr (is_signed_v<C>) return a < 0 ? C(-1) : C(0);
else return 0;
}
return static_cast<C>(a >> b);
}
}
;
NUMCU_OP(isnan){template <class C> NUMCU_HD bool operator()(C x) const {return is_nan(x);
}
}
;
NUMCU_OP(isinf){template <class C> NUMCU_HD bool operator()(C x) const {
    if constexpr (is_complex_v<C>) return math::isinf(x.real()) || math::isinf(x.imag());
else if constexpr (is_floating_point_v<C>) return math::isinf(x);
else return false;
}
}
;
NUMCU_OP(isfinite){template <class C> NUMCU_HD bool operator()(C x) const {
    if constexpr (is_complex_v<C>) return math::isfinite(x.real()) && math::isfinite(x.imag());
else if constexpr (is_floating_point_v<C>) return math::isfinite(x);
else return true;
}
}
;
NUMCU_OP(signbit){template <class C> NUMCU_HD bool operator()(C x) const {return math::signbit(x);
}
}
;
NUMCU_OP(gcd){template <class C> NUMCU_HD C operator()(C a, C b) const {return static_cast<C>(unsigned_gcd(a, b));
}
}
;
NUMCU_OP(lcm){template <class C> NUMCU_HD C operator()(C a, C b) const {return lcm_int(a, b);
}
}
;
NUMCU_OP(equal){template <class C> NUMCU_HD bool operator()(C a, C b) const {return a == b;
}
}
;
NUMCU_OP(not_equal){template <class C> NUMCU_HD bool operator()(C a, C b) const {return a != b;
}
}
;
NUMCU_OP(less){template <class C> NUMCU_HD bool operator()(C a, C b) const {return detail::less(a, b);
}
}
;
NUMCU_OP(less_equal){template <class C> NUMCU_HD bool operator()(C a, C b)
                         const {return detail::less_equal(a, b);
}
}
;
NUMCU_OP(greater){template <class C> NUMCU_HD bool operator()(C a, C b) const {return detail::less(b, a);
}
}
;
NUMCU_OP(greater_equal){template <class C> NUMCU_HD bool operator()(C a, C b)
                            const {return detail::less_equal(b, a);
}
}
;
NUMCU_OP(isclose){
    // numpy.isclose: a == b, or both NaN with equal_nan, or |a - b| <= atol + rtol * |b| with b finite. The
    // difference is taken in the operands' common dtype (a 16-bit float's rounded to it), the tolerance in
    // b's own floating dtype with each step rounded to it, as NumPy's loops round (in double where b was a
    // number), and the two compared in the common dtype.
    template <class C> NUMCU_HD bool operator()(C a, C b)
        const {if (a == b || (params.flag && is_nan(a) && is_nan(b))) return true;
// a number b is NumPy's Python float: finite or not, and its magnitude, before its cast to the arrays' dtype
const double b_magnitude = params.number ? params.c : own_magnitude(b);
if (!(params.number ? math::isfinite(b_magnitude) : ufunc_op<ufunc_id::isfinite>{}(b))) return false;
const float_format t = params.tolerance_format;
const double rtol = round_to(t, params.a), atol = round_to(t, params.b);
// mul_rn and add_rn: NumPy's two loops, never one fused multiply-add
const double tolerance = round_to(t, add_rn(atol, round_to(t, mul_rn(rtol, round_to(t, b_magnitude)))));
const double difference = round_to(params.compare_format, to_double(ufunc_op<ufunc_id::absolute>{}(a - b)));
return difference <= round_to(params.compare_format, tolerance);
}
// |b| in b's own dtype, as NumPy takes it before b meets a: a complex64 b's in float beside a complex128 a
template <class C>
NUMCU_HD double own_magnitude(C b) const {
  if constexpr (is_complex_v<C>) {
    if (is_same_v<typename C::value_type, double> && params.tolerance_format == float_format::float32)
      return numpy_complex_abs(complex<float>(static_cast<float>(b.real()), static_cast<float>(b.imag())));
  }
  return to_double(ufunc_op<ufunc_id::absolute>{}(b));
}
}
;
NUMCU_OP(nan_to_num){template <class C> NUMCU_HD C operator()(C x)
                         const {if constexpr (is_complex_v<C>){using R = typename C::value_type;
return C(replace(static_cast<R>(x.real())), replace(static_cast<R>(x.imag())));
}
else if constexpr (is_floating_point_v<C>) {
  return replace(x);
}
else {
  return x;
}
}
// the dispatch layer fills in NumPy's defaults (the dtype's largest and lowest finite values)
template <class R>
NUMCU_HD R replace(R x) const {
  if (x != x) return static_cast<R>(params.a);
  if (math::isinf(x)) return static_cast<R>(x > 0 ? params.b : params.c);
  return x;
}
}
;
NUMCU_OP(where){template <class C> NUMCU_HD C operator()(bool condition, C x, C y)
                    const {return condition ? x : y;
}
}
;
#undef NUMCU_OP

}  // namespace numcu::detail
