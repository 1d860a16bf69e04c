// The device headers' complex type, math functions and traits (internal), checked on the host against
// std::complex (glibc's C99 complex functions) over a grid of ordinary and special values: the value to a few
// ulps, and the class of each part (NaN, signed infinity, signed zero, finite) as C's Annex G fixes it.
#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "device/complex.hpp"

namespace d = numcu::detail;

namespace {

template <class T>
using cx = d::complex<T>;

/// The values both parts of the grid's points take: zeros, ones, halves, large and tiny magnitudes (float's
/// own extremes, 1e-38 subnormal, for float), infinities, NaN, and a few inexact ordinary values.
template <class T>
std::vector<T> grid_values() {
  const T inf = std::numeric_limits<T>::infinity();
  std::vector<T> v = {T(0),
                      -T(0),
                      T(1),
                      T(-1),
                      T(0.5),
                      T(-0.5),
                      T(1e30),
                      T(-1e30),
                      T(1e-30),
                      T(-1e-30),
                      inf,
                      -inf,
                      std::numeric_limits<T>::quiet_NaN(),
                      T(2),
                      T(-3),
                      T(0.3)};
  if constexpr (sizeof(T) == 8) {
    for (const T x : {1e300, -1e300, 1e-300, -1e-300}) v.push_back(x);
  } else {
    for (const T x : {3e38f, -3e38f, 1e-38f, -1e-38f}) v.push_back(x);
  }
  return v;
}

/// Every point of the grid.
template <class T>
std::vector<std::complex<T>> grid_points() {
  std::vector<std::complex<T>> points;
  for (const T re : grid_values<T>()) {
    for (const T im : grid_values<T>()) points.emplace_back(re, im);
  }
  return points;
}

/// The relative tolerance of finite results: a few dozen ulps.
template <class T>
constexpr T tolerance() {
  return sizeof(T) == 8 ? T(1e-14) : T(1e-6);
}

/// NaN (any sign), -inf, +inf, -0, +0, or finite nonzero.
enum class value_class { nan, minus_inf, plus_inf, minus_zero, plus_zero, finite };

template <class T>
value_class class_of(T x) {
  if (std::isnan(x)) return value_class::nan;
  if (std::isinf(x)) return x < 0 ? value_class::minus_inf : value_class::plus_inf;
  if (x == 0) return std::signbit(x) ? value_class::minus_zero : value_class::plus_zero;
  return value_class::finite;
}

/// Whether @p got and @p want agree: the same class, and for finite values within the tolerance (and a few
/// subnormal steps, where a result underflows; a zero then also matches a subnormal).
template <class T>
bool part_matches(T got, T want) {
  const T slack = T(8) * std::numeric_limits<T>::denorm_min();
  const bool got_tiny = std::fabs(got) < std::numeric_limits<T>::min();
  const bool want_tiny = std::fabs(want) < std::numeric_limits<T>::min();
  if (class_of(got) != class_of(want)) {
    return got_tiny && want_tiny && std::fabs(got - want) <= slack && (got != 0 || want != 0);
  }
  if (class_of(got) != value_class::finite) return true;
  return std::fabs(got - want) <= tolerance<T>() * std::fabs(want) + slack;
}

template <class T>
std::string show(T re, T im) {
  char text[96];
  std::snprintf(text, sizeof text, "(%.9g, %.9g)", double(re), double(im));
  return text;
}

template <class T>
std::string show(const std::complex<T>& z) {
  return show(z.real(), z.imag());
}

/// Checks @p got against @p want part by part.
template <class T>
void check_parts(const std::string& what, const cx<T>& got, const std::complex<T>& want) {
  INFO(what, ": got ", show(got.re, got.im), ", std::complex ", show(want));
  CHECK(part_matches(got.re, want.real()));
  CHECK(part_matches(got.im, want.imag()));
}

/// Whether a part is infinite: Annex G's infinite complex value, whatever the other part is.
template <class T>
bool is_infinite(T re, T im) {
  return std::isinf(re) || std::isinf(im);
}

/// Checks a quotient against @p exact, the quotient computed in a wider type and rounded: infinite, NaN or
/// finite alike, and finite ones close relative to |exact|. The sign of an exact zero part is the
/// algorithm's (this one is libc++'s and libcu++'s; libgcc's Smith algorithm may differ), so is not checked.
template <class T>
void check_quotient(const std::string& what, const cx<T>& got, const std::complex<T>& exact) {
  INFO(what, ": got ", show(got.re, got.im), ", wide ", show(exact));
  const bool got_infinite = is_infinite(got.re, got.im);
  const bool exact_infinite = is_infinite(exact.real(), exact.imag());
  CHECK(got_infinite == exact_infinite);
  if (got_infinite || exact_infinite) return;
  const bool got_nan = std::isnan(got.re) || std::isnan(got.im);
  const bool exact_nan = std::isnan(exact.real()) || std::isnan(exact.imag());
  CHECK(got_nan == exact_nan);
  if (got_nan || exact_nan) return;
  const T scale = std::hypot(exact.real(), exact.imag());
  const T slack = T(8) * std::numeric_limits<T>::denorm_min();
  CHECK(std::hypot(got.re - exact.real(), got.im - exact.imag()) <= tolerance<T>() * scale + slack);
}

/// Whether x is within 4 ulps of y.
template <class T>
bool near(T x, T y) {
  return std::fabs(x - y) <= T(4) * std::numeric_limits<T>::epsilon() * std::fabs(y);
}

template <class T>
using wider = std::conditional_t<sizeof(T) == 4, double, long double>;

/// x / y in the next wider type, rounded back: the reference of the division checks (libgcc's own float
/// division overflows where the quotient is finite, e.g. 3e38i / 1e30i).
template <class T>
std::complex<T> wide_quotient(const std::complex<T>& x, const std::complex<T>& y) {
  using W = wider<T>;
  const std::complex<W> q = std::complex<W>(x.real(), x.imag()) / std::complex<W>(y.real(), y.imag());
  return {T(q.real()), T(q.imag())};
}

}  // namespace

TEST_SUITE("device complex") {
  TEST_CASE("the type has the layout of std::complex and the value semantics of a struct") {
    static_assert(sizeof(cx<float>) == 8 && alignof(cx<float>) == 8);
    static_assert(sizeof(cx<double>) == 16 && alignof(cx<double>) == 16);
    static_assert(std::is_trivially_copyable_v<cx<float>> && std::is_trivially_copyable_v<cx<double>>);
    static_assert(std::is_standard_layout_v<cx<double>>);
    static_assert(std::is_same_v<cx<float>::value_type, float>);
    static_assert(d::is_complex_v<cx<float>> && d::is_complex_v<cx<double>>);
    static_assert(!d::is_complex_v<double> && !d::is_complex_v<std::complex<double>>);
    static_assert(std::is_convertible_v<cx<float>, cx<double>>);
    static_assert(!std::is_convertible_v<cx<double>, cx<float>> &&
                  std::is_constructible_v<cx<float>, cx<double>>);

    const std::complex<double> s[2] = {{1.5, -2.5}, {3, 4}};
    const auto* z = reinterpret_cast<const cx<double>*>(s);
    CHECK(z[0].real() == 1.5);
    CHECK(z[0].imag() == -2.5);
    CHECK(z[1].re == 3);
    CHECK(z[1].im == 4);

    cx<float> w;
    CHECK(w == cx<float>(0, 0));
    w.real(2);
    w.imag(-1);
    CHECK(w == cx<float>(2, -1));
    CHECK(w != 2.0f);
    CHECK(cx<float>(2) == 2.0f);
    CHECK(2.0f == cx<float>(2));
    const cx<double> widened = w;
    CHECK(widened == cx<double>(2, -1));
    CHECK(cx<float>(cx<double>(0.1, 0.2)) == cx<float>(0.1f, 0.2f));
    w += cx<float>(1, 1);
    w -= 0.5f;
    w *= 2.0f;
    CHECK(w == cx<float>(5, 0));
    w /= cx<float>(0, 1);
    CHECK(w == cx<float>(0, -5));
    CHECK(-w == cx<float>(-0.0f, 5));
    CHECK(+w == w);
  }

  TEST_CASE("the traits and limits mean what <type_traits> and <limits> say") {
    static_assert(d::is_same_v<d::int64_t, std::int64_t> && d::is_same_v<d::uint8_t, std::uint8_t>);
    static_assert(d::is_same_v<d::size_t, std::size_t> && d::is_same_v<d::uintptr_t, std::uintptr_t>);
    static_assert(d::is_integral_v<bool> && d::is_integral_v<const long> && d::is_integral_v<char32_t>);
    static_assert(!d::is_integral_v<float> && !d::is_integral_v<cx<float>>);
    static_assert(d::is_floating_point_v<volatile double> && !d::is_floating_point_v<long long>);
    static_assert(d::is_signed_v<char> == std::is_signed_v<char> && d::is_signed_v<float> &&
                  d::is_unsigned_v<bool>);
    static_assert(!d::is_signed_v<unsigned long> && d::is_unsigned_v<unsigned long> &&
                  !d::is_unsigned_v<int>);
    static_assert(d::is_same_v<d::make_unsigned_t<long>, unsigned long>);
    static_assert(d::is_same_v<d::make_unsigned_t<const char>, unsigned char>);
    static_assert(d::is_same_v<d::remove_cv_t<const volatile int>, int>);
    static_assert(d::is_same_v<d::conditional_t<false, int, float>, float>);
    static_assert(d::is_same_v<d::enable_if_t<true, short>, short>);
    static_assert(d::int_max<std::int64_t>() == std::numeric_limits<std::int64_t>::max());
    static_assert(d::int_min<std::int64_t>() == std::numeric_limits<std::int64_t>::min());
    static_assert(d::int_min<signed char>() == -128 && d::int_max<unsigned short>() == 65535);
    static_assert(d::int_max<unsigned long long>() == std::numeric_limits<unsigned long long>::max());
    static_assert(d::int_min<unsigned>() == 0 && d::int_max<bool>() && !d::int_min<bool>());
    static_assert(d::float_max<float>() == std::numeric_limits<float>::max());
    static_assert(d::float_lowest<double>() == std::numeric_limits<double>::lowest());
    static_assert(d::float_min_normal<double>() == std::numeric_limits<double>::min());
    static_assert(d::float_epsilon<float>() == std::numeric_limits<float>::epsilon());
    static_assert(d::infinity<double>() == std::numeric_limits<double>::infinity());
    CHECK(std::isnan(d::quiet_nan<float>()));
    CHECK(std::isnan(d::math::nan<double>()));
    CHECK(!std::signbit(d::quiet_nan<double>()));
  }

  TEST_CASE("the math functions are std::'s on the host") {
    static_assert(std::is_same_v<decltype(d::math::hypot(1.0f, 1.0f)), float>);
    static_assert(std::is_same_v<decltype(d::math::sin(1.0)), double>);
    CHECK(d::math::hypot(3.0, 4.0) == 5.0);
    CHECK(d::math::cbrt(-27.0f) == -3.0f);
    CHECK(d::math::nextafter(1.0, 2.0) == 1.0 + std::numeric_limits<double>::epsilon());
    int exponent = 0;
    CHECK(d::math::frexp(8.0, &exponent) == 0.5);
    CHECK(exponent == 4);
    CHECK(d::math::ldexp(0.5f, 4) == 8.0f);
    double whole = 0;
    CHECK(d::math::modf(-2.5, &whole) == -0.5);
    CHECK(whole == -2.0);
    CHECK(d::math::signbit(-0.0));
    CHECK(d::math::isinf(-d::infinity<float>()));
    CHECK(d::math::isfinite(1e300));
  }

  TEST_CASE_TEMPLATE("the elementary functions agree with std::complex over the grid", T, float, double) {
    for (const std::complex<T>& s : grid_points<T>()) {
      const cx<T> z(s.real(), s.imag());
      const std::string at = " at " + show(s);
      check_parts("sqrt" + at, d::sqrt(z), std::sqrt(s));
      check_parts("exp" + at, d::exp(z), std::exp(s));
      check_parts("log" + at, d::log(z), std::log(s));
      check_parts("log10" + at, d::log10(z), std::log10(s));
      check_parts("sin" + at, d::sin(z), std::sin(s));
      check_parts("cos" + at, d::cos(z), std::cos(s));
      check_parts("tan" + at, d::tan(z), std::tan(s));
      check_parts("asin" + at, d::asin(z), std::asin(s));
      check_parts("acos" + at, d::acos(z), std::acos(s));
      check_parts("atan" + at, d::atan(z), std::atan(s));
      check_parts("sinh" + at, d::sinh(z), std::sinh(s));
      check_parts("cosh" + at, d::cosh(z), std::cosh(s));
      check_parts("tanh" + at, d::tanh(z), std::tanh(s));
      check_parts("asinh" + at, d::asinh(z), std::asinh(s));
      check_parts("acosh" + at, d::acosh(z), std::acosh(s));
      check_parts("atanh" + at, d::atanh(z), std::atanh(s));
      check_parts("conj" + at, d::conj(z), std::conj(s));
      INFO("abs, arg, norm", at);
      CHECK(part_matches(d::abs(z), std::abs(s)));
      CHECK(part_matches(d::arg(z), std::arg(s)));
      if (!is_infinite(s.real(), s.imag())) CHECK(part_matches(d::norm(z), std::norm(s)));
    }
  }

  TEST_CASE_TEMPLATE("norm is infinite when a part is, even beside a NaN (as libc++'s)", T, float, double) {
    const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
    CHECK(d::norm(cx<T>(-inf, nan)) == inf);
    CHECK(d::norm(cx<T>(nan, inf)) == inf);
    CHECK(d::norm(cx<T>(3, -4)) == 25);
  }

  TEST_CASE_TEMPLATE("+, - and * agree with std::complex over the grid", T, float, double) {
    const std::vector<std::complex<T>> points = grid_points<T>();
    for (const std::complex<T>& s : points) {
      const cx<T> z(s.real(), s.imag());
      for (const std::complex<T>& t : points) {
        const cx<T> w(t.real(), t.imag());
        const std::string at = " at " + show(s) + ", " + show(t);
        check_parts("+" + at, z + w, s + t);
        check_parts("-" + at, z - w, s - t);
        check_parts("*" + at, z * w, s * t);
        cx<T> product = z;
        product *= w;
        check_parts("*=" + at, product, s * t);
      }
      for (const T x : grid_values<T>()) {
        const std::string at = " at " + show(s) + ", " + show(x, T(0));
        check_parts("z + x" + at, z + x, s + x);
        check_parts("x - z" + at, x - z, x - s);
        check_parts("z * x" + at, z * x, s * x);
        check_parts("x * z" + at, x * z, x * s);
        check_parts("z / x" + at, z / x, s / x);
      }
    }
  }

  TEST_CASE_TEMPLATE("/ is accurate and keeps Annex G's infinities over the grid", T, float, double) {
    const std::vector<std::complex<T>> points = grid_points<T>();
    for (const std::complex<T>& s : points) {
      const cx<T> z(s.real(), s.imag());
      for (const std::complex<T>& t : points) {
        const cx<T> w(t.real(), t.imag());
        const std::string at = " at " + show(s) + ", " + show(t);
        check_quotient("/" + at, z / w, wide_quotient(s, t));
        cx<T> quotient = z;
        quotient /= w;
        check_quotient("/=" + at, quotient, wide_quotient(s, t));
      }
      for (const T x : grid_values<T>()) {
        check_quotient("x / z at " + show(x, T(0)) + ", " + show(s), x / z,
                       wide_quotient(std::complex<T>(x), s));
      }
    }
  }

  TEST_CASE_TEMPLATE("pow agrees with std::complex for the grid's bases and small exponents", T, float,
                     double) {
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const std::vector<std::complex<T>> exponents = {
        {T(0), T(0)}, {T(1), T(0)},      {T(-1), T(0)},   {T(0.5), T(0)}, {T(2), T(0)},
        {T(0), T(1)}, {T(0.5), T(-0.5)}, {T(-3), T(0.3)}, {nan, T(0)},    {T(1), nan}};
    for (const std::complex<T>& s : grid_points<T>()) {
      const cx<T> z(s.real(), s.imag());
      for (const std::complex<T>& t : exponents) {
        const std::complex<T> want = std::pow(s, t);
        const cx<T> got = d::pow(z, cx<T>(t.real(), t.imag()));
        // the error of exp(w log z) grows with |w log z|, the phase of a huge power is noise
        const T magnitude = std::abs(t) * std::abs(std::log(s));
        if (!(magnitude < T(30))) continue;
        INFO("pow at ", show(s), ", ", show(t), ": got ", show(got.re, got.im), ", std::complex ",
             show(want));
        CHECK(class_of(got.re) == class_of(want.real()));
        CHECK(class_of(got.im) == class_of(want.imag()));
        if (std::isfinite(want.real()) && std::isfinite(want.imag())) {
          const T scale = std::abs(want);
          CHECK(std::hypot(got.re - want.real(), got.im - want.imag()) <=
                tolerance<T>() * (T(1) + magnitude) * scale + T(8) * std::numeric_limits<T>::denorm_min());
        }
      }
    }
  }

  TEST_CASE_TEMPLATE("polar agrees with std::polar, and has libc++'s special values", T, float, double) {
    for (const T rho : grid_values<T>()) {
      if (!(rho >= 0) || std::signbit(rho) || std::isinf(rho)) continue;
      for (const T theta : grid_values<T>()) {
        if (!std::isfinite(theta)) continue;
        check_parts("polar at " + show(rho, theta), d::polar(rho, theta), std::polar(rho, theta));
      }
    }
    const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
    CHECK(d::polar(T(2)) == cx<T>(2, 0));
    CHECK(d::polar(inf, T(0)) == cx<T>(inf, 0));  // inf * sin(0) would be NaN
    CHECK(std::isnan(d::polar(T(-1), T(0)).re));
    CHECK(std::isnan(d::polar(nan, T(0)).im));
    const cx<T> infinite_nan = d::polar(inf, nan);
    CHECK(infinite_nan.re == inf);
    CHECK(std::isnan(infinite_nan.im));
  }

  TEST_CASE_TEMPLATE("branch cuts and Annex G's special values", T, float, double) {
    const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
    const T pi = T(3.14159265358979323846), half_pi = pi / 2;
    // sqrt and log: the cut along the negative real axis, the side chosen by the sign of the zero
    CHECK(d::sqrt(cx<T>(-4, 0)) == cx<T>(0, 2));
    CHECK(d::sqrt(cx<T>(-4, -T(0))) == cx<T>(0, -2));
    CHECK(d::log(cx<T>(-1, 0)).im == pi);
    CHECK(d::log(cx<T>(-1, -T(0))).im == -pi);
    CHECK(d::log(cx<T>(-T(0), 0)) == cx<T>(-inf, pi));
    // asin, acos, atanh: cuts along the real axis beyond +-1
    CHECK(d::asin(cx<T>(2, 0)).re == half_pi);
    CHECK(d::asin(cx<T>(2, 0)).im > 0);
    CHECK(d::asin(cx<T>(2, -T(0))).im < 0);
    CHECK(d::acos(cx<T>(-2, 0)).re == pi);
    CHECK(d::acos(cx<T>(-2, 0)).im < 0);
    CHECK(d::atanh(cx<T>(2, -T(0))).im == -half_pi);
    CHECK(d::atanh(cx<T>(1, 0)) == cx<T>(inf, 0));
    // asinh, atan: cuts along the imaginary axis beyond +-i
    CHECK(d::asinh(cx<T>(-T(0), 2)).re < 0);
    CHECK(d::atan(cx<T>(0, 1)) == cx<T>(0, inf));
    // a few of Annex G's tables
    CHECK(d::exp(cx<T>(-inf, 0)) == cx<T>(0, 0));
    CHECK(std::signbit(d::exp(cx<T>(nan, -T(0))).im));
    CHECK(d::cosh(cx<T>(inf, 0)) == cx<T>(inf, 0));
    CHECK(d::tanh(cx<T>(inf, 5)) == cx<T>(1, 0));
    CHECK(std::signbit(d::tanh(cx<T>(inf, 5)).im));  // the sign of sin(10)
    CHECK(d::acosh(cx<T>(-inf, inf)).re == inf);
    CHECK(near(d::acosh(cx<T>(-inf, inf)).im, 3 * pi / 4));
    CHECK(d::asinh(cx<T>(inf, -inf)).re == inf);
    CHECK(near(d::asinh(cx<T>(inf, -inf)).im, -pi / 4));
    CHECK(d::atanh(cx<T>(nan, inf)).im == half_pi);
  }
}
