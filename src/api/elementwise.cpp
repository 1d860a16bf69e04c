// The public elementwise functions and operators: each names its ufunc and hands over to the dispatch layer.
#include <cmath>
#include <complex>

#include "core/scalar_cast.hpp"
#include "core/type_resolution.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/elementwise.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/reduction.hpp"

namespace numcu {

namespace {

// A weak scalar of a logical function as its truth value: NumPy 2 tests the scalar itself rather than
// casting it to the array's dtype first (logical_or(int16, 100000) is true, not an overflow;
// logical_or(float32, 1e-50) is true, not 1e-50 rounded to 0).
operand truth_of(const operand& x, bool alone = false) {
  if (!x.is_scalar()) return x;
  const scalar& v = x.value();
  switch (v.kind()) {
    case scalar_kind::boolean:
      return x;
    case scalar_kind::integer:
      // NumPy reads a Python integer beside other operands as a C long first; alone, by its value
      if (v.is_large_unsigned()) {
        if (!alone) throw dtype_error("Python int too large to convert to C long");
        return scalar(true);
      }
      return scalar(v.int_value() != 0);
    case scalar_kind::floating:
      return scalar(v.real() != 0.0);  // NaN is true, as in NumPy
    case scalar_kind::complex:
      return scalar(v.real() != 0.0 || v.imag() != 0.0);
  }
  return x;
}

// The rounding format of a floating dtype's values: float16, bfloat16, float32 or float64.
detail::float_format float_format_of(dtype t) {
  if (t == float16) return detail::float_format::float16;
  if (t == bfloat16) return detail::float_format::bfloat16;
  return t == float32 ? detail::float_format::float32 : detail::float_format::float64;
}

}  // namespace

// the functions of include/numcu/generated_ufuncs.hpp
#define NUMCU_GENERATED_UFUNC(name, nin) NUMCU_GENERATED_UFUNC_##nin(name)
#define NUMCU_GENERATED_UFUNC_1(name)                                 \
  ndarray name(const operand& x, const std::optional<ndarray>& out) { \
    return detail::call_ufunc(detail::ufunc_id::name, {x}, out);      \
  }
#define NUMCU_GENERATED_UFUNC_2(name)                                                     \
  ndarray name(const operand& x1, const operand& x2, const std::optional<ndarray>& out) { \
    return detail::call_ufunc(detail::ufunc_id::name, {x1, x2}, out);                     \
  }
#include "api/generated_ufuncs.inc"
#undef NUMCU_GENERATED_UFUNC
#undef NUMCU_GENERATED_UFUNC_1
#undef NUMCU_GENERATED_UFUNC_2

ndarray add(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::add, {a, b}, out);
}

ndarray subtract(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::subtract, {a, b}, out);
}

ndarray multiply(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::multiply, {a, b}, out);
}

ndarray divide(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::true_divide, {a, b}, out);
}

ndarray true_divide(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::true_divide, {a, b}, out);
}

ndarray floor_divide(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::floor_divide, {a, b}, out);
}

ndarray remainder(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::remainder, {a, b}, out);
}

ndarray mod(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::remainder, {a, b}, out);
}

ndarray fmod(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::fmod, {a, b}, out);
}

ndarray power(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::power, {a, b}, out);
}

ndarray float_power(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::float_power, {a, b}, out);
}

ndarray negative(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::negative, {a}, out);
}

ndarray positive(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::positive, {a}, out);
}

ndarray absolute(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::absolute, {a}, out);
}

ndarray abs(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::absolute, {a}, out);
}

ndarray sign(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::sign, {a}, out);
}

ndarray reciprocal(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::reciprocal, {a}, out);
}

ndarray square(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::square, {a}, out);
}

ndarray sqrt(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::sqrt, {a}, out);
}

ndarray cbrt(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::cbrt, {a}, out);
}

ndarray exp(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::exp, {a}, out);
}

ndarray exp2(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::exp2, {a}, out);
}

ndarray expm1(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::expm1, {a}, out);
}

ndarray log(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::log, {a}, out);
}

ndarray log2(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::log2, {a}, out);
}

ndarray log10(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::log10, {a}, out);
}

ndarray log1p(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::log1p, {a}, out);
}

ndarray sin(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::sin, {a}, out);
}

ndarray cos(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::cos, {a}, out);
}

ndarray tan(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::tan, {a}, out);
}

ndarray arcsin(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::arcsin, {a}, out);
}

ndarray arccos(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::arccos, {a}, out);
}

ndarray arctan(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::arctan, {a}, out);
}

ndarray arctan2(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::arctan2, {a, b}, out);
}

ndarray hypot(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::hypot, {a, b}, out);
}

ndarray sinh(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::sinh, {a}, out);
}

ndarray cosh(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::cosh, {a}, out);
}

ndarray tanh(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::tanh, {a}, out);
}

ndarray arcsinh(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::arcsinh, {a}, out);
}

ndarray arccosh(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::arccosh, {a}, out);
}

ndarray arctanh(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::arctanh, {a}, out);
}

ndarray deg2rad(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::deg2rad, {a}, out);
}

ndarray rad2deg(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::rad2deg, {a}, out);
}

ndarray floor(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::floor, {a}, out);
}

ndarray ceil(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::ceil, {a}, out);
}

ndarray trunc(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::trunc, {a}, out);
}

ndarray rint(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::rint, {a}, out);
}

ndarray maximum(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::maximum, {a, b}, out);
}

ndarray minimum(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::minimum, {a, b}, out);
}

ndarray fmax(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::fmax, {a, b}, out);
}

ndarray fmin(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::fmin, {a, b}, out);
}

ndarray logical_and(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::logical_and, {truth_of(a), truth_of(b)}, out);
}

ndarray logical_or(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::logical_or, {truth_of(a), truth_of(b)}, out);
}

ndarray logical_xor(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::logical_xor, {truth_of(a), truth_of(b)}, out);
}

ndarray logical_not(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::logical_not, {truth_of(a, true)}, out);
}

ndarray bitwise_and(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::bitwise_and, {a, b}, out);
}

ndarray bitwise_or(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::bitwise_or, {a, b}, out);
}

ndarray bitwise_xor(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::bitwise_xor, {a, b}, out);
}

ndarray invert(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::invert, {a}, out);
}

ndarray bitwise_invert(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::invert, {a}, out);
}

ndarray left_shift(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::left_shift, {a, b}, out);
}

ndarray right_shift(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::right_shift, {a, b}, out);
}

ndarray isnan(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::isnan, {a}, out);
}

ndarray isinf(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::isinf, {a}, out);
}

ndarray isfinite(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::isfinite, {a}, out);
}

ndarray signbit(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::signbit, {a}, out);
}

ndarray copysign(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::copysign, {a, b}, out);
}

ndarray nextafter(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::nextafter, {a, b}, out);
}

ndarray logaddexp(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::logaddexp, {a, b}, out);
}

ndarray logaddexp2(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::logaddexp2, {a, b}, out);
}

ndarray heaviside(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::heaviside, {a, b}, out);
}

ndarray gcd(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::gcd, {a, b}, out);
}

ndarray lcm(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::lcm, {a, b}, out);
}

ndarray equal(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::equal, {a, b}, out);
}

ndarray not_equal(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::not_equal, {a, b}, out);
}

ndarray less(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::less, {a, b}, out);
}

ndarray less_equal(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::less_equal, {a, b}, out);
}

ndarray greater(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::greater, {a, b}, out);
}

ndarray greater_equal(const operand& a, const operand& b, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::greater_equal, {a, b}, out);
}

ndarray conjugate(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::conjugate, {a}, out);
}

ndarray conj(const operand& a, const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::conjugate, {a}, out);
}

ndarray clip(const operand& a, const operand& lo, const operand& hi, const std::optional<ndarray>& out) {
  if (a.is_scalar()) {
    // numpy.clip makes an array of its first argument: a scalar there has its own dtype, it is not weak
    const scalar& v = a.value();
    device where = out ? out->device() : default_device();
    for (const operand* bound : {&lo, &hi}) {
      if (!bound->is_scalar()) where = bound->array().device();
    }
    return clip(full({}, v, v.is_large_unsigned() ? uint64 : default_dtype(v.kind()), where), lo, hi, out);
  }
  // NumPy's clip drops a weak integer bound at or beyond an integer array's range (clip(uint8, -1, 300) is
  // the array itself, no overflow), then clips with what is left
  const auto beyond = [&a](const operand& bound, int side) {
    if (a.is_scalar() || !a.array().dtype().is_integer() || !bound.is_scalar() ||
        bound.value().kind() != scalar_kind::integer)
      return false;
    const scalar& v = bound.value();
    const __int128 value = v.is_large_unsigned() ? static_cast<__int128>(v.uint_value()) : v.int_value();
    const dtype t = a.array().dtype();
    const int bits = static_cast<int>(t.itemsize()) * 8;
    const bool is_signed = t.kind() == dtype_kind::signed_integer;
    const __int128 min = is_signed ? -(static_cast<__int128>(1) << (bits - 1)) : 0;
    const __int128 max = (static_cast<__int128>(1) << (is_signed ? bits - 1 : bits)) - 1;
    return side < 0 ? value <= min : value >= max;
  };
  const bool no_lo = beyond(lo, -1), no_hi = beyond(hi, +1);
  if (no_lo && no_hi) return positive(a, out);
  if (no_lo) return minimum(a, hi, out);
  if (no_hi) return maximum(a, lo, out);
  return detail::call_ufunc(detail::ufunc_id::clip, {a, lo, hi}, out);
}

ndarray operator+(const ndarray& a, const ndarray& b) {
  return add(a, b);
}
ndarray operator+(const ndarray& a, const scalar& b) {
  return add(a, b);
}
ndarray operator+(const scalar& a, const ndarray& b) {
  return add(a, b);
}

ndarray operator-(const ndarray& a, const ndarray& b) {
  return subtract(a, b);
}
ndarray operator-(const ndarray& a, const scalar& b) {
  return subtract(a, b);
}
ndarray operator-(const scalar& a, const ndarray& b) {
  return subtract(a, b);
}

ndarray operator*(const ndarray& a, const ndarray& b) {
  return multiply(a, b);
}
ndarray operator*(const ndarray& a, const scalar& b) {
  return multiply(a, b);
}
ndarray operator*(const scalar& a, const ndarray& b) {
  return multiply(a, b);
}

ndarray operator/(const ndarray& a, const ndarray& b) {
  return divide(a, b);
}
ndarray operator/(const ndarray& a, const scalar& b) {
  return divide(a, b);
}
ndarray operator/(const scalar& a, const ndarray& b) {
  return divide(a, b);
}

ndarray operator%(const ndarray& a, const ndarray& b) {
  return remainder(a, b);
}
ndarray operator%(const ndarray& a, const scalar& b) {
  return remainder(a, b);
}
ndarray operator%(const scalar& a, const ndarray& b) {
  return remainder(a, b);
}

ndarray operator&(const ndarray& a, const ndarray& b) {
  return bitwise_and(a, b);
}
ndarray operator&(const ndarray& a, const scalar& b) {
  return bitwise_and(a, b);
}
ndarray operator&(const scalar& a, const ndarray& b) {
  return bitwise_and(a, b);
}

ndarray operator|(const ndarray& a, const ndarray& b) {
  return bitwise_or(a, b);
}
ndarray operator|(const ndarray& a, const scalar& b) {
  return bitwise_or(a, b);
}
ndarray operator|(const scalar& a, const ndarray& b) {
  return bitwise_or(a, b);
}

ndarray operator^(const ndarray& a, const ndarray& b) {
  return bitwise_xor(a, b);
}
ndarray operator^(const ndarray& a, const scalar& b) {
  return bitwise_xor(a, b);
}
ndarray operator^(const scalar& a, const ndarray& b) {
  return bitwise_xor(a, b);
}

ndarray operator<<(const ndarray& a, const ndarray& b) {
  return left_shift(a, b);
}
ndarray operator<<(const ndarray& a, const scalar& b) {
  return left_shift(a, b);
}
ndarray operator<<(const scalar& a, const ndarray& b) {
  return left_shift(a, b);
}

ndarray operator>>(const ndarray& a, const ndarray& b) {
  return right_shift(a, b);
}
ndarray operator>>(const ndarray& a, const scalar& b) {
  return right_shift(a, b);
}
ndarray operator>>(const scalar& a, const ndarray& b) {
  return right_shift(a, b);
}

ndarray operator==(const ndarray& a, const ndarray& b) {
  return equal(a, b);
}
ndarray operator==(const ndarray& a, const scalar& b) {
  return equal(a, b);
}
ndarray operator==(const scalar& a, const ndarray& b) {
  return equal(a, b);
}

ndarray operator!=(const ndarray& a, const ndarray& b) {
  return not_equal(a, b);
}
ndarray operator!=(const ndarray& a, const scalar& b) {
  return not_equal(a, b);
}
ndarray operator!=(const scalar& a, const ndarray& b) {
  return not_equal(a, b);
}

ndarray operator<(const ndarray& a, const ndarray& b) {
  return less(a, b);
}
ndarray operator<(const ndarray& a, const scalar& b) {
  return less(a, b);
}
ndarray operator<(const scalar& a, const ndarray& b) {
  return less(a, b);
}

ndarray operator<=(const ndarray& a, const ndarray& b) {
  return less_equal(a, b);
}
ndarray operator<=(const ndarray& a, const scalar& b) {
  return less_equal(a, b);
}
ndarray operator<=(const scalar& a, const ndarray& b) {
  return less_equal(a, b);
}

ndarray operator>(const ndarray& a, const ndarray& b) {
  return greater(a, b);
}
ndarray operator>(const ndarray& a, const scalar& b) {
  return greater(a, b);
}
ndarray operator>(const scalar& a, const ndarray& b) {
  return greater(a, b);
}

ndarray operator>=(const ndarray& a, const ndarray& b) {
  return greater_equal(a, b);
}
ndarray operator>=(const ndarray& a, const scalar& b) {
  return greater_equal(a, b);
}
ndarray operator>=(const scalar& a, const ndarray& b) {
  return greater_equal(a, b);
}

const ndarray& operator+=(const ndarray& a, const operand& b) {
  add(a, b, a);
  return a;
}

const ndarray& operator-=(const ndarray& a, const operand& b) {
  subtract(a, b, a);
  return a;
}

const ndarray& operator*=(const ndarray& a, const operand& b) {
  multiply(a, b, a);
  return a;
}

const ndarray& operator/=(const ndarray& a, const operand& b) {
  divide(a, b, a);
  return a;
}

const ndarray& operator%=(const ndarray& a, const operand& b) {
  remainder(a, b, a);
  return a;
}

const ndarray& operator&=(const ndarray& a, const operand& b) {
  bitwise_and(a, b, a);
  return a;
}

const ndarray& operator|=(const ndarray& a, const operand& b) {
  bitwise_or(a, b, a);
  return a;
}

const ndarray& operator^=(const ndarray& a, const operand& b) {
  bitwise_xor(a, b, a);
  return a;
}

const ndarray& operator<<=(const ndarray& a, const operand& b) {
  left_shift(a, b, a);
  return a;
}

const ndarray& operator>>=(const ndarray& a, const operand& b) {
  right_shift(a, b, a);
  return a;
}

ndarray operator-(const ndarray& a) {
  return negative(a);
}

ndarray operator+(const ndarray& a) {
  return positive(a);
}

ndarray operator~(const ndarray& a) {
  return invert(a);
}

ndarray operator!(const ndarray& a) {
  return logical_not(a);
}

ndarray where(const operand& condition, const operand& x, const operand& y,
              const std::optional<ndarray>& out) {
  return detail::call_ufunc(detail::ufunc_id::where, {condition, x, y}, out);
}

ndarray round(const ndarray& a, int decimals, const std::optional<ndarray>& out) {
  // NumPy checks the output's size before anything else (its dtype, the shapes' broadcasting)
  if (out && out->size() != a.size()) throw shape_error("invalid output shape");
  if (a.dtype().is_complex()) {
    // NumPy rounds the real and imaginary parts apart, so that an overflow of one leaves the other intact
    if (out && !out->dtype().is_complex()) throw dtype_error("array does not have imaginary part to set");
    // each part rounded in its own dtype, then stored: out's precision does not change the rounding
    const ndarray result = out ? *out : empty_like(a);
    copyto(real(result), round(real(a), decimals), casting::unsafe);
    copyto(imag(result), round(imag(a), decimals), casting::unsafe);
    return result;
  }
  if (a.dtype().is_integer()) {
    if (decimals >= 0) {
      ndarray result = out ? *out : empty_like(a);
      copyto(result, a, casting::same_kind);
      return result;
    }
    // numpy rounds integers to multiples of 10**-decimals through float64, ties to even
    const double factor = std::pow(10.0, -decimals);
    const ndarray scaled = rint(divide(a, factor));
    ndarray result = out ? *out : empty_like(a);
    copyto(result, multiply(scaled, factor), casting::unsafe);
    return result;
  }
  // floating and bool, as NumPy: scaled, rounded and scaled back in the result's dtype (bool rounds to
  // float16 with no scale, and with one has no float result to hold it: NumPy's casting error)
  if (decimals == 0) return rint(a, out);
  const double factor = std::pow(10.0, std::abs(decimals));
  const ndarray result = out ? *out : empty_like(a);
  if (decimals > 0)
    multiply(a, factor, result);
  else
    divide(a, factor, result);
  rint(result, result);
  return decimals > 0 ? divide(result, factor, result) : multiply(result, factor, result);
}

ndarray around(const ndarray& a, int decimals, const std::optional<ndarray>& out) {
  return round(a, decimals, out);
}

std::pair<ndarray, ndarray> divmod(const operand& a, const operand& b) {
  return detail::call_two_outputs(detail::ufunc_id::floor_divide, {a, b});
}

std::pair<ndarray, ndarray> modf(const operand& x) {
  return detail::call_two_outputs(detail::ufunc_id::modf, {x});
}

std::pair<ndarray, ndarray> frexp(const operand& x) {
  return detail::call_two_outputs(detail::ufunc_id::frexp, {x});
}

ndarray isclose(const operand& a, const operand& b, double rtol, double atol, bool equal_nan) {
  detail::ufunc_params p;
  p.a = rtol;
  p.b = atol;
  p.flag = equal_nan;
  if (b.is_scalar()) {
    p.number = true;
    p.c = std::abs(detail::complex_value(b.value()));  // Python's abs(): hypot for a complex number
  }
  p.tolerance_format = float_format_of(detail::isclose_tolerance_dtype(b));
  p.compare_format = float_format_of(detail::component_dtype(detail::isclose_dtype(a, b)));
  return detail::call_ufunc(detail::ufunc_id::isclose, {a, b}, std::nullopt, p);
}

bool allclose(const operand& a, const operand& b, double rtol, double atol, bool equal_nan) {
  return all_true(isclose(a, b, rtol, atol, equal_nan));
}

bool array_equal(const ndarray& a, const ndarray& b, bool equal_nan) {
  if (!(a.shape() == b.shape())) return false;
  const ndarray same = equal(a, b);
  if (equal_nan && (a.dtype().is_floating() || a.dtype().is_complex())) {
    return all_true(logical_or(same, logical_and(isnan(a), isnan(b))));
  }
  return all_true(same);
}

bool all_true(const ndarray& a) {
  return all(a).item<bool>();
}

ndarray nan_to_num(const ndarray& a, double nan, std::optional<double> posinf, std::optional<double> neginf) {
  const dtype part = detail::component_dtype(a.dtype());
  double largest = 0;
  if (part == float16) largest = 65504.0;
  if (part == bfloat16) largest = 3.3895313892515355e38;
  if (part == float32) largest = 3.4028234663852886e38;
  if (part == float64) largest = 1.7976931348623157e308;
  detail::ufunc_params p;
  p.a = nan;
  p.b = posinf.value_or(largest);
  p.c = neginf.value_or(-largest);
  return detail::call_ufunc(detail::ufunc_id::nan_to_num, {a}, std::nullopt, p);
}

ndarray real(const ndarray& a) {
  if (!a.dtype().is_complex()) return a;
  const dtype part = detail::component_dtype(a.dtype());
  return ndarray(a.buffer(), part, a.shape(), a.strides(), a.offset(), true);
}

ndarray imag(const ndarray& a) {
  if (!a.dtype().is_complex()) return zeros_like(a);
  const dtype part = detail::component_dtype(a.dtype());
  return ndarray(a.buffer(), part, a.shape(), a.strides(),
                 a.offset() + static_cast<std::int64_t>(part.itemsize()), true);
}

ndarray angle(const ndarray& a, bool deg) {
  // arctan2(0, x) for real input with NumPy's weak integer 0: its loop search gives float16 for int8 and
  // float32 for uint16, as NumPy
  const ndarray radians = a.dtype().is_complex() ? arctan2(imag(a), real(a)) : arctan2(0, a);
  return deg ? rad2deg(radians) : radians;
}

}  // namespace numcu
