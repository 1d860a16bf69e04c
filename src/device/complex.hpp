// complex<float> and complex<double> for device code: the storage and arithmetic of complex64/complex128
// arrays and the complex elementary functions, the same under g++, nvcc and NVRTC.
//
// Runtime-compiled kernels must compile fast: <cuda/std/complex> costs about half a second of NVRTC time
// (with the <cuda/std/type_traits> and <cuda/std/cmath> it pulls in), this header and its includes a small
// fraction of that (docs/design_decisions.md, Runtime kernels and compilation).
//
// The type has the layout of std::complex<T> and cuda::std::complex<T> (two T, aligned to their pair), so
// arrays of either can be reinterpreted as it. The results follow C's Annex G: the special values of
// infinite, NaN and signed-zero operands and the branch cuts, with glibc's choice where Annex G leaves a
// sign open (glibc's complex functions are std::complex's, and NumPy's, on Linux). * and / are Annex G's own
// algorithms, as libc++ and libcu++ have them: they recover the infinities the naive formulas lose, and /
// scales its operands by powers of 2. The functions are accurate to a few ulps over the whole plane, also for
// huge, tiny and near-unit arguments: log near |z| = 1 uses an exact |z|^2 - 1, exp, sinh and cosh avoid
// spurious overflow, tanh is free of cancellation, and the inverse functions use the algorithms of Hull,
// Fairgrieve and Tang (asin, acos and their hyperbolic forms) and of Kahan (atanh).
#pragma once

#include "device/math.hpp"
#include "device/traits.hpp"
#include "device/types.hpp"
#include "numcu/config.hpp"

namespace numcu::detail {

/// A complex number of float or double: real part re, imaginary part im.
template <class T>
struct alignas(2 * sizeof(T)) complex {
  static_assert(is_same_v<T, float> || is_same_v<T, double>, "complex needs float or double");

  /// The type of each part.
  using value_type = T;

  /// The real part.
  T re;
  /// The imaginary part.
  T im;

  /// re + i im.
  NUMCU_HD constexpr complex(T re_part = T(0), T im_part = T(0)) : re(re_part), im(im_part) {}
  /// Widening from complex<float> to complex<double> (exact, hence implicit).
  template <class U, enable_if_t<(sizeof(U) < sizeof(T)), int> = 0>
  NUMCU_HD constexpr complex(const complex<U>& z) : re(T(z.re)), im(T(z.im)) {}
  /// Narrowing from complex<double> to complex<float> (rounds each part, hence explicit).
  template <class U, enable_if_t<(sizeof(U) > sizeof(T)), int> = 0>
  NUMCU_HD constexpr explicit complex(const complex<U>& z) : re(T(z.re)), im(T(z.im)) {}

  /// The real part.
  NUMCU_HD constexpr T real() const { return re; }
  /// The imaginary part.
  NUMCU_HD constexpr T imag() const { return im; }
  /// Sets the real part.
  NUMCU_HD constexpr void real(T value) { re = value; }
  /// Sets the imaginary part.
  NUMCU_HD constexpr void imag(T value) { im = value; }

  /// Adds a real number.
  NUMCU_HD constexpr complex& operator+=(T x) {
    re += x;
    return *this;
  }
  /// Subtracts a real number.
  NUMCU_HD constexpr complex& operator-=(T x) {
    re -= x;
    return *this;
  }
  /// Multiplies by a real number (each part).
  NUMCU_HD constexpr complex& operator*=(T x) {
    re *= x;
    im *= x;
    return *this;
  }
  /// Divides by a real number (each part).
  NUMCU_HD constexpr complex& operator/=(T x) {
    re /= x;
    im /= x;
    return *this;
  }
  /// Adds a complex number.
  NUMCU_HD constexpr complex& operator+=(const complex& z) {
    re += z.re;
    im += z.im;
    return *this;
  }
  /// Subtracts a complex number.
  NUMCU_HD constexpr complex& operator-=(const complex& z) {
    re -= z.re;
    im -= z.im;
    return *this;
  }
  /// Multiplies by a complex number (operator* below).
  NUMCU_HD complex& operator*=(const complex& z);
  /// Divides by a complex number (operator/ below).
  NUMCU_HD complex& operator/=(const complex& z);
};

/// True for complex<float> and complex<double>.
template <class T>
inline constexpr bool is_complex_v = false;
/// True for complex<float> and complex<double>.
template <>
inline constexpr bool is_complex_v<complex<float>> = true;
/// True for complex<float> and complex<double>.
template <>
inline constexpr bool is_complex_v<complex<double>> = true;

/// Constants and helpers of the complex functions.
namespace complex_impl {

/// pi rounded to T.
template <class T>
inline constexpr T pi = T(3.14159265358979323846264338327950288);
/// pi / 2 rounded to T.
template <class T>
inline constexpr T half_pi = T(1.57079632679489661923132169163975144);

/// log(2) rounded to T.
template <class T>
inline constexpr T ln2 = T(0.693147180559945309417232121458176568);
/// log(10) rounded to T.
template <class T>
inline constexpr T ln10 = T(2.30258509299404568401799145468436421);
/// Below log(float_max<T>()): exp of anything up to it is finite.
template <class T>
inline constexpr T log_max = sizeof(T) == 4 ? T(88) : T(709);
/// Above this, |asin(z)|, |acos(z)| and |atanh(z)| follow from the leading terms of their expansions at
/// infinity: 1 / epsilon.
template <class T>
inline constexpr T inverse_large = T(1) / float_epsilon<T>();
/// Below this, asin(z) = z and acos(z) = pi/2 - z to within rounding: sqrt(6 epsilon) / 4 rounded down.
template <class T>
inline constexpr T asin_small = sizeof(T) == 4 ? T(2.1e-4f) : T(9.1e-9);
/// Below this, atanh(z) = z to within rounding: sqrt(3 epsilon) / 2 rounded down.
template <class T>
inline constexpr T atanh_small = sizeof(T) == 4 ? T(2.9e-4f) : T(1.2e-8);

/// x * y rounded to T, never fused with an addition into one fma: device code contracts a * b + c by
/// default, which would break the exact error terms of log's |z|^2 - 1 (the host build has
/// -ffp-contract=off).
template <class T>
NUMCU_HD T rounded_product(T x, T y) {
#if defined(__CUDA_ARCH__)
  if constexpr (sizeof(T) == 4) {
    return __fmul_rn(x, y);
  } else {
    return __dmul_rn(x, y);
  }
#else
  return x * y;
#endif
}

/// +1 or -1 with the sign of x when x is infinite, a zero with the sign of x otherwise: Annex G's "box" of
/// an infinite operand, which keeps the directions of infinite parts and drops the rest.
template <class T>
NUMCU_HD T box_infinite(T x) {
  return math::copysign(math::isinf(x) ? T(1) : T(0), x);
}

/// x, or a zero with the sign of x when x is a NaN.
template <class T>
NUMCU_HD T nan_to_zero(T x) {
  return math::isnan(x) ? math::copysign(T(0), x) : x;
}

/// The product (a + ib)(c + id) when the plain formula gave NaN + iNaN (Annex G's _Cmultd): an infinite
/// operand times a nonzero one is infinite, and products that overflowed stay infinite.
template <class T>
NUMCU_HD complex<T> multiply_recovering(T a, T b, T c, T d, T x, T y) {
  bool recalculate = false;
  if (math::isinf(a) || math::isinf(b)) {
    a = box_infinite(a);
    b = box_infinite(b);
    c = nan_to_zero(c);
    d = nan_to_zero(d);
    recalculate = true;
  }
  if (math::isinf(c) || math::isinf(d)) {
    c = box_infinite(c);
    d = box_infinite(d);
    a = nan_to_zero(a);
    b = nan_to_zero(b);
    recalculate = true;
  }
  if (!recalculate &&
      (math::isinf(a * c) || math::isinf(b * d) || math::isinf(a * d) || math::isinf(b * c))) {
    a = nan_to_zero(a);
    b = nan_to_zero(b);
    c = nan_to_zero(c);
    d = nan_to_zero(d);
    recalculate = true;
  }
  if (recalculate) {
    x = infinity<T>() * (a * c - b * d);
    y = infinity<T>() * (a * d + b * c);
  }
  return {x, y};
}

/// (h - b) / 2 for h = hypot(a, b), without cancellation: directly when b <= 0, else as a^2 / (h + b) / 2.
template <class T>
NUMCU_HD T half_gap(T a, T b, T h) {
  return b > T(0) ? a * (a / (h + b)) * T(0.5) : (h - b) * T(0.5);
}

/// What asin and acos of x + iy (x, y >= 0, finite) have in common, after Hull, Fairgrieve and Tang: with
/// A = (|z + 1| + |z - 1|) / 2, the imaginary part acosh(A) (up to its sign), and for the real part either
/// B = x / A (the real part is asin(B) or acos(B)) when B is not close to 1, or else the pair (x, sqrt(A^2 -
/// x^2)) computed without cancellation and scaled alike (the real part is the angle of one or the other).
template <class T>
struct asin_terms {
  /// acosh(A).
  T acosh_a;
  /// Whether b holds x / A, else the real part comes from atan2 of x_scaled and root.
  bool use_b;
  /// x / A.
  T b;
  /// x, scaled like root.
  T x_scaled;
  /// sqrt(A^2 - x^2), scaled like x_scaled.
  T root;
};

/// The asin_terms of x + iy, for x, y >= 0 finite and neither as large as 1 / epsilon.
template <class T>
NUMCU_HD asin_terms<T> asin_kernel(T x, T y) {
  constexpr T eps = float_epsilon<T>();
  const T r = math::hypot(x + T(1), y);  // |z + 1|
  const T s = math::hypot(x - T(1), y);  // |z - 1|
  T a = (r + s) * T(0.5);
  if (a < T(1)) a = T(1);  // A >= 1 exactly; rounding may say otherwise
  asin_terms<T> t{};
  if (a >= T(10)) {
    t.acosh_a = math::log(a + math::sqrt(a * a - T(1)));
  } else if (x == T(1) && y < eps * eps / T(128)) {
    t.acosh_a = math::sqrt(y);  // A - 1 = y / 2 to within y^2
  } else if (y >= eps * math::fabs(x - T(1))) {
    // A - 1 as the sum of two non-negative halves, then acosh(A) = log1p(A - 1 + sqrt((A - 1)(A + 1)))
    const T a_minus_1 = half_gap(y, T(1) + x, r) + half_gap(y, T(1) - x, s);
    t.acosh_a = math::log1p(a_minus_1 + math::sqrt(a_minus_1 * (a + T(1))));
  } else if (x < T(1)) {
    t.acosh_a = y / math::sqrt((T(1) - x) * (T(1) + x));  // A - 1 = y^2 / (2 (1 - x^2)) to first order
  } else {
    t.acosh_a = math::log1p((x - T(1)) + math::sqrt((x - T(1)) * (x + T(1))));  // A = x to first order
  }
  t.b = x / a;
  t.x_scaled = x;
  t.use_b = t.b <= T(0.6417);  // Hull et al.'s crossover: asin and acos of b are accurate below it
  if (t.use_b) return t;
  if (x == T(1) && y < eps / T(128)) {
    t.root = math::sqrt(y) * math::sqrt((a + x) * T(0.5));
  } else if (y >= eps * math::fabs(x - T(1))) {
    const T a_minus_x = half_gap(y, x + T(1), r) + half_gap(y, x - T(1), s);
    t.root = math::sqrt(a_minus_x * (a + x));
  } else if (x > T(1)) {
    // sqrt(A^2 - x^2) = x y / sqrt(x^2 - 1) to first order; both scaled up so that it does not underflow
    constexpr T scale = T(4) / (eps * eps);
    t.root = y * scale * x / math::sqrt((x + T(1)) * (x - T(1)));
    t.x_scaled = x * scale;
  } else {
    t.root = math::sqrt((T(1) - x) * (T(1) + x));
  }
  return t;
}

/// acos(x + iy) for x, y >= 0 (not NaN): the real part, and the imaginary part's magnitude.
template <class T>
NUMCU_HD complex<T> acos_first_quadrant(T x, T y) {
  if (x > inverse_large<T> || y > inverse_large<T>) {
    // acos(z) = -i log(2z) to within 1 / |z|^2; infinite parts land here too
    return {math::atan2(y, x), math::log(math::hypot(x * T(0.5), y * T(0.5))) + T(2) * ln2<T>};
  }
  if (x < asin_small<T> && y < asin_small<T>) return {half_pi<T> - x, y};
  const asin_terms<T> t = asin_kernel(x, y);
  return {t.use_b ? math::acos(t.b) : math::atan2(t.root, t.x_scaled), t.acosh_a};
}

/// asin(x + iy) for x, y >= 0 (not NaN): the real part and the imaginary part.
template <class T>
NUMCU_HD complex<T> asin_first_quadrant(T x, T y) {
  if (x > inverse_large<T> || y > inverse_large<T>) {
    return {math::atan2(x, y), math::log(math::hypot(x * T(0.5), y * T(0.5))) + T(2) * ln2<T>};
  }
  if (x < asin_small<T> && y < asin_small<T>) return {x, y};
  const asin_terms<T> t = asin_kernel(x, y);
  return {t.use_b ? math::asin(t.b) : math::atan2(t.x_scaled, t.root), t.acosh_a};
}

}  // namespace complex_impl

/// The product, with C's Annex G treatment of infinite and NaN parts (as libc++ and __muldc3 do).
template <class T>
NUMCU_HD complex<T> operator*(const complex<T>& z, const complex<T>& w) {
  const T a = z.re, b = z.im, c = w.re, d = w.im;
  const T x = a * c - b * d;
  const T y = a * d + b * c;
  if (math::isnan(x) && math::isnan(y)) return complex_impl::multiply_recovering(a, b, c, d, x, y);
  return {x, y};
}

/// The quotient by Annex G's _Cdivd, as libc++ and libcu++ compute it: the divisor scaled by a power of 2
/// so that no intermediate overflows or underflows needlessly, and Annex G's infinite, zero and NaN cases.
/// Beyond _Cdivd, a numerator part above max / 4 or below the normal range is scaled too, where _Cdivd
/// would overflow or lose bits.
template <class T>
NUMCU_HD complex<T> operator/(const complex<T>& z, const complex<T>& w) {
  T a = z.re, b = z.im, c = w.re, d = w.im;
  const T logb_w = math::logb(math::fmax(math::fabs(c), math::fabs(d)));
  int scale = 0;
  if (math::isfinite(logb_w)) {
    scale = -static_cast<int>(logb_w);
    c = math::scalbn(c, scale);
    d = math::scalbn(d, scale);
  }
  // with |c|, |d| < 2 now, a c + b d overflows only for a numerator part above max / 4, and loses bits
  // only for subnormal ones: scale those too
  const T numerator_max = math::fmax(math::fabs(a), math::fabs(b));
  T a_scaled = a, b_scaled = b;
  if (numerator_max > float_max<T>() / T(4)) {
    a_scaled *= T(0.25);
    b_scaled *= T(0.25);
    scale += 2;
  } else if (numerator_max < float_min_normal<T>()) {
    constexpr T eps = float_epsilon<T>();
    a_scaled *= T(1) / (eps * eps);
    b_scaled *= T(1) / (eps * eps);
    scale -= sizeof(T) == 4 ? 46 : 104;
  }
  const T denominator = c * c + d * d;
  T x = math::scalbn((a_scaled * c + b_scaled * d) / denominator, scale);
  T y = math::scalbn((b_scaled * c - a_scaled * d) / denominator, scale);
  if (math::isnan(x) && math::isnan(y)) {
    if (denominator == T(0) && (!math::isnan(a) || !math::isnan(b))) {
      // nonzero / zero: an infinity in the direction of the numerator
      x = math::copysign(infinity<T>(), c) * a;
      y = math::copysign(infinity<T>(), c) * b;
    } else if ((math::isinf(a) || math::isinf(b)) && math::isfinite(c) && math::isfinite(d)) {
      // infinite / finite: infinite
      a = complex_impl::box_infinite(a);
      b = complex_impl::box_infinite(b);
      x = infinity<T>() * (a * c + b * d);
      y = infinity<T>() * (b * c - a * d);
    } else if (math::isinf(logb_w) && logb_w > T(0) && math::isfinite(a) && math::isfinite(b)) {
      // finite / infinite: zero (from the scaled numerator, so that a c + b d does not overflow to 0 * inf)
      c = complex_impl::box_infinite(c);
      d = complex_impl::box_infinite(d);
      x = T(0) * (a_scaled * c + b_scaled * d);
      y = T(0) * (b_scaled * c - a_scaled * d);
    }
  }
  return {x, y};
}

template <class T>
NUMCU_HD complex<T>& complex<T>::operator*=(const complex<T>& z) {
  return *this = *this * z;
}

template <class T>
NUMCU_HD complex<T>& complex<T>::operator/=(const complex<T>& z) {
  return *this = *this / z;
}

/// z itself.
template <class T>
NUMCU_HD constexpr complex<T> operator+(const complex<T>& z) {
  return z;
}
/// The negation of each part.
template <class T>
NUMCU_HD constexpr complex<T> operator-(const complex<T>& z) {
  return {-z.re, -z.im};
}
/// The sum.
template <class T>
NUMCU_HD constexpr complex<T> operator+(const complex<T>& z, const complex<T>& w) {
  return {z.re + w.re, z.im + w.im};
}
/// The sum with a real number.
template <class T>
NUMCU_HD constexpr complex<T> operator+(const complex<T>& z, T x) {
  return {z.re + x, z.im};
}
/// The sum with a real number.
template <class T>
NUMCU_HD constexpr complex<T> operator+(T x, const complex<T>& z) {
  return {x + z.re, z.im};
}
/// The difference.
template <class T>
NUMCU_HD constexpr complex<T> operator-(const complex<T>& z, const complex<T>& w) {
  return {z.re - w.re, z.im - w.im};
}
/// The difference with a real number.
template <class T>
NUMCU_HD constexpr complex<T> operator-(const complex<T>& z, T x) {
  return {z.re - x, z.im};
}
/// A real number minus z.
template <class T>
NUMCU_HD constexpr complex<T> operator-(T x, const complex<T>& z) {
  return {x - z.re, -z.im};
}
/// The product with a real number (each part).
template <class T>
NUMCU_HD constexpr complex<T> operator*(const complex<T>& z, T x) {
  return {z.re * x, z.im * x};
}
/// The product with a real number (each part).
template <class T>
NUMCU_HD constexpr complex<T> operator*(T x, const complex<T>& z) {
  return {x * z.re, x * z.im};
}
/// The quotient by a real number (each part).
template <class T>
NUMCU_HD constexpr complex<T> operator/(const complex<T>& z, T x) {
  return {z.re / x, z.im / x};
}
/// A real number divided by z: x + i0 divided by z.
template <class T>
NUMCU_HD complex<T> operator/(T x, const complex<T>& z) {
  return complex<T>(x) / z;
}
/// Whether both parts are equal.
template <class T>
NUMCU_HD constexpr bool operator==(const complex<T>& z, const complex<T>& w) {
  return z.re == w.re && z.im == w.im;
}
/// Whether z is the real number x.
template <class T>
NUMCU_HD constexpr bool operator==(const complex<T>& z, T x) {
  return z.re == x && z.im == T(0);
}
/// Whether z is the real number x.
template <class T>
NUMCU_HD constexpr bool operator==(T x, const complex<T>& z) {
  return z.re == x && z.im == T(0);
}
/// Whether a part differs.
template <class T>
NUMCU_HD constexpr bool operator!=(const complex<T>& z, const complex<T>& w) {
  return !(z == w);
}
/// Whether z is not the real number x.
template <class T>
NUMCU_HD constexpr bool operator!=(const complex<T>& z, T x) {
  return !(z == x);
}
/// Whether z is not the real number x.
template <class T>
NUMCU_HD constexpr bool operator!=(T x, const complex<T>& z) {
  return !(z == x);
}

/// |z|, without overflow or underflow in between; +inf when a part is infinite, even if the other is NaN.
template <class T>
NUMCU_HD T abs(const complex<T>& z) {
  return math::hypot(z.re, z.im);
}

/// The argument of z in [-pi, pi], the sign of a zero imaginary part choosing between them.
template <class T>
NUMCU_HD T arg(const complex<T>& z) {
  return math::atan2(z.im, z.re);
}

/// |z|^2; +inf when a part is infinite, even if the other is NaN.
template <class T>
NUMCU_HD T norm(const complex<T>& z) {
  if (math::isinf(z.re)) return math::fabs(z.re);
  if (math::isinf(z.im)) return math::fabs(z.im);
  return z.re * z.re + z.im * z.im;
}

/// The complex conjugate.
template <class T>
NUMCU_HD constexpr complex<T> conj(const complex<T>& z) {
  return {z.re, -z.im};
}

/// rho (cos theta + i sin theta), as libc++ has it: NaN + iNaN for a negative or NaN rho, a zero part
/// where rho * cos or rho * sin would be 0 * inf, and rho + iNaN for an infinite rho with a NaN or
/// infinite theta.
template <class T>
NUMCU_HD complex<T> polar(T rho, T theta = T(0)) {
  if (math::isnan(rho) || math::signbit(rho)) return {quiet_nan<T>(), quiet_nan<T>()};
  if (math::isnan(theta)) return math::isinf(rho) ? complex<T>(rho, theta) : complex<T>(theta, theta);
  if (math::isinf(theta)) {
    return math::isinf(rho) ? complex<T>(rho, quiet_nan<T>()) : complex<T>(quiet_nan<T>(), quiet_nan<T>());
  }
  T x = rho * math::cos(theta);
  T y = rho * math::sin(theta);
  if (math::isnan(x)) x = T(0);
  if (math::isnan(y)) y = T(0);
  return {x, y};
}

/// The square root with a non-negative real part, its imaginary part signed like z's (the branch cut is
/// the negative real axis).
template <class T>
NUMCU_HD complex<T> sqrt(const complex<T>& z) {
  T x = z.re, y = z.im;
  if (math::isinf(y)) return {infinity<T>(), y};
  if (math::isinf(x)) {
    if (x > T(0)) return {x, math::isnan(y) ? y : math::copysign(T(0), y)};
    return {math::isnan(y) ? y : T(0), math::copysign(infinity<T>(), y)};
  }
  if (math::isnan(x) || math::isnan(y)) return {quiet_nan<T>(), quiet_nan<T>()};
  if (x == T(0) && y == T(0)) return {T(0), y};
  // scale so that |x| + |z| neither overflows nor loses bits in the subnormal range
  T unscale = T(1);
  const T ax = math::fabs(x), ay = math::fabs(y);
  if (ax > float_max<T>() / T(4) || ay > float_max<T>() / T(4)) {
    x *= T(0.25);
    y *= T(0.25);
    unscale = T(2);
  } else if (ax < T(4) * float_min_normal<T>() && ay < T(4) * float_min_normal<T>()) {
    constexpr T eps = float_epsilon<T>();
    x *= T(1) / (eps * eps);
    y *= T(1) / (eps * eps);
    unscale = eps;
  }
  // t = sqrt((|x| + |z|) / 2) is the larger part, y / (2t) the other
  const T t = math::sqrt((math::fabs(x) + math::hypot(x, y)) * T(0.5));
  const T u = math::fabs(y) / (T(2) * t);
  if (x >= T(0)) return {t * unscale, math::copysign(u * unscale, y)};
  return {u * unscale, math::copysign(t * unscale, y)};
}

/// e^z.
template <class T>
NUMCU_HD complex<T> exp(const complex<T>& z) {
  const T x = z.re, y = z.im;
  if (y == T(0)) return {math::exp(x), y};  // a real exponential keeps its zero imaginary part
  if (math::isinf(x) && !math::isfinite(y)) {
    if (x < T(0)) return {T(0), math::copysign(T(0), y)};  // e^-inf is 0 whatever the direction
    return {x, quiet_nan<T>()};                            // infinite, direction unknown
  }
  const T c = math::cos(y), s = math::sin(y);
  if (x > complex_impl::log_max<T>) {
    // e^x overflows, but e^x cos y or e^x sin y may not: e^(x/2) twice
    const T h = math::exp(x * T(0.5));
    return {(h * c) * h, (h * s) * h};
  }
  const T e = math::exp(x);
  return {e * c, e * s};
}

/// The natural logarithm: log|z| + i arg(z), the imaginary part in [-pi, pi] (the branch cut is the
/// negative real axis). Near |z| = 1 the real part comes from log1p of |z|^2 - 1 computed exactly.
template <class T>
NUMCU_HD complex<T> log(const complex<T>& z) {
  T big = math::fabs(z.re), small = math::fabs(z.im);
  if (big < small) {
    const T t = big;
    big = small;
    small = t;
  }
  T re;
  if (big >= T(0.5) && big <= T(1.5)) {
    // log|z| = log1p(|z|^2 - 1) / 2, with |z|^2 - 1 = (p - 1 + q) + (p_error + q_error): the squares split
    // into exact pairs (fma), p - 1 + q exact where it cancels (Sterbenz), the errors summed exactly (Knuth's
    // two-sum), so that near the unit circle only the last additions round
    const T p = complex_impl::rounded_product(big, big), p_error = math::fma(big, big, -p);
    const T q = complex_impl::rounded_product(small, small), q_error = math::fma(small, small, -q);
    const T p_minus_1 = p - T(1);
    const T p_minus_1_error = p - (p_minus_1 + T(1));  // nonzero only for p < 1/2, where p - 1 rounds
    const T errors = p_error + q_error;
    const T q_part = errors - p_error;
    const T errors_error = (p_error - (errors - q_part)) + (q_error - q_part);
    re = math::log1p(((p_minus_1 + q) + errors) + (errors_error + p_minus_1_error)) * T(0.5);
  } else if (big > float_max<T>() / T(4)) {
    re = math::log(math::hypot(big * T(0.5), small * T(0.5))) + complex_impl::ln2<T>;  // |z| may overflow
  } else {
    re = math::log(math::hypot(big, small));
  }
  return {re, math::atan2(z.im, z.re)};
}

/// The base-10 logarithm: log(z) / log(10).
template <class T>
NUMCU_HD complex<T> log10(const complex<T>& z) {
  return log(z) / complex_impl::ln10<T>;
}

/// z to the power w: exp(w log z), with log's branch cut.
template <class T>
NUMCU_HD complex<T> pow(const complex<T>& z, const complex<T>& w) {
  return exp(w * log(z));
}

/// The hyperbolic sine.
template <class T>
NUMCU_HD complex<T> sinh(const complex<T>& z) {
  const T x = z.re, y = z.im;
  if (!math::isfinite(x) || !math::isfinite(y)) {
    if (math::isinf(x) && !math::isfinite(y)) return {infinity<T>(), quiet_nan<T>()};  // sign as glibc
    if (x == T(0)) return {x, quiet_nan<T>()};  // 0 + i inf and 0 + iNaN: the zero kept
    if (y == T(0)) return z;                    // inf + i0 and NaN + i0: a real sinh
  }
  if (y == T(0)) return {math::sinh(x), y};
  const T c = math::cos(y), s = math::sin(y);
  if (math::fabs(x) > complex_impl::log_max<T>) {
    // cosh x = |sinh x| = e^|x| / 2 overflows, the products may not: e^(|x|/2) twice
    const T h = math::exp(math::fabs(x) * T(0.5));
    const T re = (h * T(0.5) * c) * h;
    return {x < T(0) ? -re : re, (h * T(0.5) * s) * h};
  }
  return {math::sinh(x) * c, math::cosh(x) * s};
}

/// The hyperbolic cosine.
template <class T>
NUMCU_HD complex<T> cosh(const complex<T>& z) {
  const T x = z.re, y = z.im;
  if (!math::isfinite(x) || !math::isfinite(y)) {
    if (math::isinf(x) && !math::isfinite(y)) return {math::fabs(x), quiet_nan<T>()};
    if (x == T(0)) return {quiet_nan<T>(), T(0)};  // 0 + i inf and 0 + iNaN: NaN + i0 (as glibc)
    if (math::isnan(x) && y == T(0)) return {x, y};
    if (y == T(0)) return {infinity<T>(), math::copysign(T(0), x) * y};  // +-inf + i0
  }
  if (y == T(0)) return {math::cosh(x), math::copysign(T(0), x) * y};
  const T c = math::cos(y), s = math::sin(y);
  if (math::fabs(x) > complex_impl::log_max<T>) {
    const T h = math::exp(math::fabs(x) * T(0.5));
    const T im = (h * T(0.5) * s) * h;
    return {(h * T(0.5) * c) * h, x < T(0) ? -im : im};
  }
  return {math::cosh(x) * c, math::sinh(x) * s};
}

/// The hyperbolic tangent: (sinh x cosh x + i sin y cos y) / (sinh^2 x + cos^2 y), free of cancellation,
/// and 1 (with the sign of x) + i 4 sin y cos y e^(-2|x|) where tanh x rounds to +-1.
template <class T>
NUMCU_HD complex<T> tanh(const complex<T>& z) {
  const T x = z.re, y = z.im;
  if (math::isinf(x)) {
    // +-1 + i0, the zero signed like sin 2y where that is known
    const T im = math::isfinite(y) && math::fabs(y) > T(1) ? math::sin(y) * math::cos(y) : y;
    return {math::copysign(T(1), x), math::copysign(T(0), im)};
  }
  if (math::isnan(x)) return y == T(0) ? z : complex<T>(x, x);
  if (!math::isfinite(y)) return {x == T(0) ? x : quiet_nan<T>(), quiet_nan<T>()};  // C23 keeps a zero x
  if (y == T(0)) return {math::tanh(x), y};
  const T s = math::sin(y), c = math::cos(y);
  if (math::fabs(x) > T(22)) {
    // e^(-2|x|) is below epsilon^2 / 4 of float or double: tanh x is +-1 to within rounding
    return {math::copysign(T(1), x), T(4) * s * c * math::exp(T(-2) * math::fabs(x))};
  }
  const T sh = math::sinh(x), ch = math::cosh(x);
  const T denominator = sh * sh + c * c;
  return {sh * ch / denominator, s * c / denominator};
}

/// The sine: -i sinh(iz).
template <class T>
NUMCU_HD complex<T> sin(const complex<T>& z) {
  // an infinite or NaN real part with an infinite imaginary part: NaN + i inf (the sign as glibc's)
  if (math::isinf(z.im) && !math::isfinite(z.re)) return {quiet_nan<T>(), infinity<T>()};
  const complex<T> w = sinh(complex<T>(-z.im, z.re));
  return {w.im, -w.re};
}

/// The cosine: cosh(iz).
template <class T>
NUMCU_HD complex<T> cos(const complex<T>& z) {
  return cosh(complex<T>(-z.im, z.re));
}

/// The tangent: -i tanh(iz).
template <class T>
NUMCU_HD complex<T> tan(const complex<T>& z) {
  const complex<T> w = tanh(complex<T>(-z.im, z.re));
  return {w.im, -w.re};
}

/// The inverse hyperbolic sine, imaginary part in [-pi/2, pi/2] (branch cuts on the imaginary axis
/// beyond +-i).
template <class T>
NUMCU_HD complex<T> asinh(const complex<T>& z) {
  const T x = z.re, y = z.im;
  if (math::isnan(x) || math::isnan(y)) {
    if (math::isinf(x)) return z;                                      // +-inf + iNaN
    if (math::isinf(y)) return {math::copysign(infinity<T>(), x), x};  // NaN + i inf (signed as glibc)
    if (y == T(0)) return z;                                           // NaN + i0
    return {quiet_nan<T>(), quiet_nan<T>()};
  }
  // asinh(x + iy) = (Im, Re) of asin(|y| + i|x|) in the first quadrant, then the signs of z
  const complex<T> w = complex_impl::asin_first_quadrant(math::fabs(y), math::fabs(x));
  return {math::copysign(w.im, x), math::copysign(w.re, y)};
}

/// The inverse sine: -i asinh(iz), real part in [-pi/2, pi/2] (branch cuts on the real axis beyond +-1).
template <class T>
NUMCU_HD complex<T> asin(const complex<T>& z) {
  if (math::isnan(z.re) || math::isnan(z.im)) {
    // as glibc, whose signs differ from the rotated asinh's where Annex G leaves them open
    if (z.re == T(0)) return z;
    if (math::isinf(z.re) || math::isinf(z.im)) return {quiet_nan<T>(), math::copysign(infinity<T>(), z.im)};
    return {quiet_nan<T>(), quiet_nan<T>()};
  }
  const complex<T> w = asinh(complex<T>(-z.im, z.re));
  return {w.im, -w.re};
}

/// The inverse cosine, real part in [0, pi] (branch cuts on the real axis beyond +-1).
template <class T>
NUMCU_HD complex<T> acos(const complex<T>& z) {
  const T x = z.re, y = z.im;
  if (math::isnan(x) || math::isnan(y)) {
    if (math::isinf(x) || math::isinf(y)) return {quiet_nan<T>(), -math::copysign(infinity<T>(), y)};
    if (x == T(0)) return {complex_impl::half_pi<T>, y};  // 0 + iNaN
    return {quiet_nan<T>(), quiet_nan<T>()};
  }
  const complex<T> w = complex_impl::acos_first_quadrant(math::fabs(x), math::fabs(y));
  return {math::signbit(x) ? complex_impl::pi<T> - w.re : w.re, math::signbit(y) ? w.im : -w.im};
}

/// The inverse hyperbolic cosine, real part >= 0 and imaginary part in [-pi, pi] (branch cut on the real
/// axis below 1).
template <class T>
NUMCU_HD complex<T> acosh(const complex<T>& z) {
  const T x = z.re, y = z.im;
  if (math::isnan(x) || math::isnan(y)) {
    if (math::isinf(x) || math::isinf(y)) return {infinity<T>(), quiet_nan<T>()};
    return {quiet_nan<T>(), x == T(0) ? complex_impl::half_pi<T> : quiet_nan<T>()};  // 0 + iNaN: C23's
  }
  // acosh(z) = +-i acos(z), the sign that makes the real part non-negative
  const complex<T> w = complex_impl::acos_first_quadrant(math::fabs(x), math::fabs(y));
  return {w.im, math::copysign(math::signbit(x) ? complex_impl::pi<T> - w.re : w.re, y)};
}

/// The inverse hyperbolic tangent, imaginary part in [-pi/2, pi/2] (branch cuts on the real axis beyond
/// +-1), after Kahan: Re = log1p(4x / ((1 - x)^2 + y^2)) / 4, Im = atan2(2y, (1 - x)(1 + x) - y^2) / 2.
template <class T>
NUMCU_HD complex<T> atanh(const complex<T>& z) {
  const T x = z.re, y = z.im;
  const T ax = math::fabs(x), ay = math::fabs(y);
  if (math::isnan(x) || math::isnan(y)) {
    if (math::isinf(x)) return {math::copysign(T(0), x), y};  // +-inf + iNaN
    if (math::isinf(y)) return {math::copysign(T(0), x), math::copysign(complex_impl::half_pi<T>, y)};
    if (x == T(0)) return z;  // 0 + iNaN
    return {quiet_nan<T>(), quiet_nan<T>()};
  }
  if (y == T(0) && ax <= T(1)) return {math::atanh(x), y};  // the real function, +-1 -> +-inf included
  if (x == T(0)) return {x, math::atan(y)};                 // i atan(y)
  T re, im;
  if (ax > complex_impl::inverse_large<T> || ay > complex_impl::inverse_large<T>) {
    // atanh(z) = 1/z + i pi/2 to within 1 / |z|^2; infinite parts land here too
    // Re(1/z) = x / |z|^2, from |z| / 2 so that |z| does not overflow
    const T half_abs = math::hypot(ax * T(0.5), ay * T(0.5));
    re = math::isinf(ax) || math::isinf(ay) ? T(0) : (ax * T(0.5) / half_abs) / half_abs * T(0.5);
    im = complex_impl::half_pi<T>;
  } else if (ax < complex_impl::atanh_small<T> && ay < complex_impl::atanh_small<T>) {
    return z;
  } else {
    const T one_minus_x = T(1) - ax;
    if (ax == T(1) && ay < math::sqrt(float_min_normal<T>())) {
      re = (complex_impl::ln2<T> - math::log(ay)) * T(0.5);  // log(2 / y) without y^2 underflowing
    } else {
      re = math::log1p(T(4) * ax / (one_minus_x * one_minus_x + ay * ay)) * T(0.25);
    }
    if (ax == T(1)) {
      im = math::atan2(T(2), -ay) * T(0.5);  // the numerator and denominator divided by y
    } else if (ay < float_epsilon<T>()) {
      im = math::atan2(T(2) * ay, one_minus_x * (T(1) + ax)) * T(0.5);
    } else {
      im = math::atan2(T(2) * ay, one_minus_x * (T(1) + ax) - ay * ay) * T(0.5);
    }
  }
  return {math::copysign(re, x), math::copysign(im, y)};
}

/// The inverse tangent: -i atanh(iz), real part in [-pi/2, pi/2] (branch cuts on the imaginary axis
/// beyond +-i).
template <class T>
NUMCU_HD complex<T> atan(const complex<T>& z) {
  if (math::isnan(z.re) || math::isnan(z.im)) {
    // as glibc: the zero's sign from z's imaginary part, not from a negated NaN (whose sign the device's
    // negation may not flip)
    if (math::isinf(z.re)) {
      return {math::copysign(complex_impl::half_pi<T>, z.re), math::copysign(T(0), z.im)};
    }
    if (math::isinf(z.im) || z.im == T(0)) return {quiet_nan<T>(), math::copysign(T(0), z.im)};
    return {quiet_nan<T>(), quiet_nan<T>()};
  }
  const complex<T> w = atanh(complex<T>(-z.im, z.re));
  return {w.im, -w.re};
}

}  // namespace numcu::detail
