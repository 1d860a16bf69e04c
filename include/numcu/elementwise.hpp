/// @file elementwise.hpp
/// @brief Elementwise functions with NumPy's names, dtypes and results (the ufuncs), their operators,
/// and where, round, isclose, allclose, array_equal, nan_to_num, real, imag, angle.
///
/// Every function broadcasts its operands, resolves the loop dtype as NumPy 2 does (NEP 50: a C++ number
/// is a weak scalar), and writes a new array, or into @p out when given (the result is cast to out's dtype
/// under same_kind). Operands must be on one device; the work runs there.
#pragma once

#include <optional>
#include <utility>

#include "numcu/ndarray.hpp"

namespace numcu {

/// An operand of an elementwise function: an ndarray, or a C++ number (bool, integer, floating, complex).
class operand {
 public:
  /// An array operand.
  operand(const ndarray& a) : m_array(a) {}  // NOLINT(google-explicit-constructor)
  /// A scalar operand.
  operand(const scalar& s) : m_scalar(s) {}  // NOLINT(google-explicit-constructor)
  /// A C++ number, as a weak scalar.
  template <class T>
  requires std::is_constructible_v<scalar, T> &&
      (!std::is_same_v<std::remove_cvref_t<T>, scalar>)operand(T value)
      : m_scalar(scalar(value)) {}  // NOLINT(google-explicit-constructor)
  /// True for a scalar operand.
  bool is_scalar() const { return m_scalar.has_value(); }
  /// The array (an array operand only).
  const ndarray& array() const { return *m_array; }
  /// The scalar (a scalar operand only).
  const scalar& value() const { return *m_scalar; }

 private:
  std::optional<ndarray> m_array;
  std::optional<scalar> m_scalar;
};

/// Sum `a + b` (numpy.add).
ndarray add(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Difference `a - b` (numpy.subtract); bool inputs are a dtype_error, as in NumPy.
ndarray subtract(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Product `a * b` (numpy.multiply).
ndarray multiply(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// True division `a / b` (numpy.divide); integer inputs give float64.
ndarray divide(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Same as divide().
ndarray true_divide(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Floor division `a // b` (numpy.floor_divide); integer division by zero gives 0.
ndarray floor_divide(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Remainder with the sign of the divisor, Python's `a % b` (numpy.remainder).
ndarray remainder(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Same as remainder().
ndarray mod(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Remainder with the sign of the dividend, C's fmod (numpy.fmod).
ndarray fmod(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `a ** b` (numpy.power); integers to negative powers give 0 (NumPy raises).
ndarray power(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `a ** b` computed in float64 or complex128 (numpy.float_power).
ndarray float_power(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `-a` (numpy.negative); bool input is a dtype_error, as in NumPy.
ndarray negative(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// `+a` (numpy.positive).
ndarray positive(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// |a| (numpy.absolute); the magnitude, as a real dtype, for complex input.
ndarray absolute(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Same as absolute().
ndarray abs(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// -1, 0 or 1 by the sign of `a` (numpy.sign); z/|z| for complex input.
ndarray sign(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// 1 / a (numpy.reciprocal); integer division for integer input.
ndarray reciprocal(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// a * a (numpy.square).
ndarray square(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Square root (numpy.sqrt).
ndarray sqrt(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Cube root (numpy.cbrt).
ndarray cbrt(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// e**a (numpy.exp).
ndarray exp(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// 2**a (numpy.exp2).
ndarray exp2(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// e**a - 1, accurate near 0 (numpy.expm1).
ndarray expm1(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Natural logarithm (numpy.log).
ndarray log(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Base-2 logarithm (numpy.log2).
ndarray log2(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Base-10 logarithm (numpy.log10).
ndarray log10(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// log(1 + a), accurate near 0 (numpy.log1p).
ndarray log1p(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Sine (numpy.sin).
ndarray sin(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Cosine (numpy.cos).
ndarray cos(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Tangent (numpy.tan).
ndarray tan(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Inverse sine (numpy.arcsin).
ndarray arcsin(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Inverse cosine (numpy.arccos).
ndarray arccos(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Inverse tangent (numpy.arctan).
ndarray arctan(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// The angle of the point (b, a), quadrant-aware (numpy.arctan2).
ndarray arctan2(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// sqrt(a*a + b*b) without overflow (numpy.hypot).
ndarray hypot(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Hyperbolic sine (numpy.sinh).
ndarray sinh(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Hyperbolic cosine (numpy.cosh).
ndarray cosh(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Hyperbolic tangent (numpy.tanh).
ndarray tanh(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Inverse hyperbolic sine (numpy.arcsinh).
ndarray arcsinh(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Inverse hyperbolic cosine (numpy.arccosh).
ndarray arccosh(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Inverse hyperbolic tangent (numpy.arctanh).
ndarray arctanh(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Degrees to radians (numpy.deg2rad).
ndarray deg2rad(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Radians to degrees (numpy.rad2deg).
ndarray rad2deg(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Largest integer not above `a` (numpy.floor).
ndarray floor(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Smallest integer not below `a` (numpy.ceil).
ndarray ceil(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// `a` rounded toward zero (numpy.trunc).
ndarray trunc(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// `a` rounded to the nearest integer, ties to even (numpy.rint).
ndarray rint(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Element-wise maximum, propagating NaN (numpy.maximum).
ndarray maximum(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Element-wise minimum, propagating NaN (numpy.minimum).
ndarray minimum(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Element-wise maximum, ignoring NaN (numpy.fmax).
ndarray fmax(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Element-wise minimum, ignoring NaN (numpy.fmin).
ndarray fmin(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Truth of `a and b` (numpy.logical_and), as bool.
ndarray logical_and(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Truth of `a or b` (numpy.logical_or), as bool.
ndarray logical_or(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Truth of `a xor b` (numpy.logical_xor), as bool.
ndarray logical_xor(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Truth of `not a` (numpy.logical_not), as bool.
ndarray logical_not(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// `a & b` for bool and integers (numpy.bitwise_and).
ndarray bitwise_and(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `a | b` for bool and integers (numpy.bitwise_or).
ndarray bitwise_or(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `a ^ b` for bool and integers (numpy.bitwise_xor).
ndarray bitwise_xor(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `~a` for bool and integers (numpy.invert).
ndarray invert(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Same as invert().
ndarray bitwise_invert(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// `a << b`; shifts by the width or more give 0 (numpy.left_shift).
ndarray left_shift(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `a >> b`, arithmetic for signed types (numpy.right_shift).
ndarray right_shift(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// True where `a` is NaN (numpy.isnan).
ndarray isnan(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// True where `a` is infinite (numpy.isinf).
ndarray isinf(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// True where `a` is neither infinite nor NaN (numpy.isfinite).
ndarray isfinite(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// True where the sign bit of `a` is set (numpy.signbit).
ndarray signbit(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// |a| with the sign of `b` (numpy.copysign).
ndarray copysign(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// The next representable value after `a` toward `b` (numpy.nextafter).
ndarray nextafter(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// log(exp(a) + exp(b)) without overflow (numpy.logaddexp).
ndarray logaddexp(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// log2(2**a + 2**b) without overflow (numpy.logaddexp2).
ndarray logaddexp2(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// 0 for a < 0, 1 for a > 0, `b` for a == 0 (numpy.heaviside).
ndarray heaviside(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Greatest common divisor of |a| and |b| (numpy.gcd).
ndarray gcd(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// Least common multiple of |a| and |b| (numpy.lcm).
ndarray lcm(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `a == b` as bool (numpy.equal).
ndarray equal(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `a != b` as bool (numpy.not_equal).
ndarray not_equal(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `a < b` as bool (numpy.less); complex numbers compare lexicographically.
ndarray less(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `a <= b` as bool (numpy.less_equal).
ndarray less_equal(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `a > b` as bool (numpy.greater).
ndarray greater(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// `a >= b` as bool (numpy.greater_equal).
ndarray greater_equal(const operand& a, const operand& b, const std::optional<ndarray>& out = std::nullopt);

/// The complex conjugate; real input is returned unchanged (numpy.conjugate).
ndarray conjugate(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// Same as conjugate().
ndarray conj(const operand& a, const std::optional<ndarray>& out = std::nullopt);

/// `a` limited to [lo, hi], propagating NaN (numpy.clip).
ndarray clip(const operand& a, const operand& lo, const operand& hi,
             const std::optional<ndarray>& out = std::nullopt);

/// `condition ? x : y` element by element (numpy.where); the condition is read as bool.
ndarray where(const operand& condition, const operand& x, const operand& y,
              const std::optional<ndarray>& out = std::nullopt);

/// Rounds to @p decimals decimal places, ties to even (numpy.round): rint(a * 10**d) / 10**d.
ndarray round(const ndarray& a, int decimals = 0, const std::optional<ndarray>& out = std::nullopt);
/// Same as round().
ndarray around(const ndarray& a, int decimals = 0, const std::optional<ndarray>& out = std::nullopt);

/// `numpy.divmod`: the pair (floor_divide(a, b), remainder(a, b)).
std::pair<ndarray, ndarray> divmod(const operand& a, const operand& b);

/// `numpy.modf`: the pair (fractional part, integral part) of real numbers, both with the sign of @p x, in
/// one pass; integers compute in the float dtype they cast to safely, complex input is a dtype_error.
std::pair<ndarray, ndarray> modf(const operand& x);

/// `numpy.frexp`: the pair (mantissa, exponent) with x = mantissa * 2^exponent and 0.5 <= |mantissa| < 1
/// (mantissa 0 for 0; the input itself and exponent 0 for infinities and NaN); the exponent is int32.
std::pair<ndarray, ndarray> frexp(const operand& x);

/// True where |a - b| <= atol + rtol * |b| (numpy.isclose); infinities must match; NaNs match only with
/// @p equal_nan.
ndarray isclose(const operand& a, const operand& b, double rtol = 1e-5, double atol = 1e-8,
                bool equal_nan = false);
/// True when isclose() holds everywhere (numpy.allclose). Synchronizes.
bool allclose(const operand& a, const operand& b, double rtol = 1e-5, double atol = 1e-8,
              bool equal_nan = false);
/// True when both have the same shape and equal elements (numpy.array_equal). Synchronizes.
bool array_equal(const ndarray& a, const ndarray& b, bool equal_nan = false);
/// True when every element of @p a is nonzero (numpy.all over all axes). Synchronizes.
bool all_true(const ndarray& a);

/// NaN replaced by @p nan, infinities by @p posinf / @p neginf (default: the dtype's largest and lowest
/// finite values) (numpy.nan_to_num).
ndarray nan_to_num(const ndarray& a, double nan = 0.0, std::optional<double> posinf = std::nullopt,
                   std::optional<double> neginf = std::nullopt);

/// The real part: a view for complex arrays, the array itself otherwise (numpy.real).
ndarray real(const ndarray& a);
/// The imaginary part: a view for complex arrays, zeros otherwise (numpy.imag).
ndarray imag(const ndarray& a);
/// The angle of complex numbers in radians, or degrees with @p deg (numpy.angle).
ndarray angle(const ndarray& a, bool deg = false);

/// `a + b`: add().
ndarray operator+(const ndarray& a, const ndarray& b);
/// `a + scalar`: add().
ndarray operator+(const ndarray& a, const scalar& b);
/// `scalar + a`: add().
ndarray operator+(const scalar& a, const ndarray& b);

/// `a - b`: subtract().
ndarray operator-(const ndarray& a, const ndarray& b);
/// `a - scalar`: subtract().
ndarray operator-(const ndarray& a, const scalar& b);
/// `scalar - a`: subtract().
ndarray operator-(const scalar& a, const ndarray& b);

/// `a * b`: multiply().
ndarray operator*(const ndarray& a, const ndarray& b);
/// `a * scalar`: multiply().
ndarray operator*(const ndarray& a, const scalar& b);
/// `scalar * a`: multiply().
ndarray operator*(const scalar& a, const ndarray& b);

/// `a / b`: divide().
ndarray operator/(const ndarray& a, const ndarray& b);
/// `a / scalar`: divide().
ndarray operator/(const ndarray& a, const scalar& b);
/// `scalar / a`: divide().
ndarray operator/(const scalar& a, const ndarray& b);

/// `a % b`: remainder().
ndarray operator%(const ndarray& a, const ndarray& b);
/// `a % scalar`: remainder().
ndarray operator%(const ndarray& a, const scalar& b);
/// `scalar % a`: remainder().
ndarray operator%(const scalar& a, const ndarray& b);

/// `a & b`: bitwise_and().
ndarray operator&(const ndarray& a, const ndarray& b);
/// `a & scalar`: bitwise_and().
ndarray operator&(const ndarray& a, const scalar& b);
/// `scalar & a`: bitwise_and().
ndarray operator&(const scalar& a, const ndarray& b);

/// `a | b`: bitwise_or().
ndarray operator|(const ndarray& a, const ndarray& b);
/// `a | scalar`: bitwise_or().
ndarray operator|(const ndarray& a, const scalar& b);
/// `scalar | a`: bitwise_or().
ndarray operator|(const scalar& a, const ndarray& b);

/// `a ^ b`: bitwise_xor().
ndarray operator^(const ndarray& a, const ndarray& b);
/// `a ^ scalar`: bitwise_xor().
ndarray operator^(const ndarray& a, const scalar& b);
/// `scalar ^ a`: bitwise_xor().
ndarray operator^(const scalar& a, const ndarray& b);

/// `a << b`: left_shift().
ndarray operator<<(const ndarray& a, const ndarray& b);
/// `a << scalar`: left_shift().
ndarray operator<<(const ndarray& a, const scalar& b);
/// `scalar << a`: left_shift().
ndarray operator<<(const scalar& a, const ndarray& b);

/// `a >> b`: right_shift().
ndarray operator>>(const ndarray& a, const ndarray& b);
/// `a >> scalar`: right_shift().
ndarray operator>>(const ndarray& a, const scalar& b);
/// `scalar >> a`: right_shift().
ndarray operator>>(const scalar& a, const ndarray& b);

/// `a == b`: equal().
ndarray operator==(const ndarray& a, const ndarray& b);
/// `a == scalar`: equal().
ndarray operator==(const ndarray& a, const scalar& b);
/// `scalar == a`: equal().
ndarray operator==(const scalar& a, const ndarray& b);

/// `a != b`: not_equal().
ndarray operator!=(const ndarray& a, const ndarray& b);
/// `a != scalar`: not_equal().
ndarray operator!=(const ndarray& a, const scalar& b);
/// `scalar != a`: not_equal().
ndarray operator!=(const scalar& a, const ndarray& b);

/// `a < b`: less().
ndarray operator<(const ndarray& a, const ndarray& b);
/// `a < scalar`: less().
ndarray operator<(const ndarray& a, const scalar& b);
/// `scalar < a`: less().
ndarray operator<(const scalar& a, const ndarray& b);

/// `a <= b`: less_equal().
ndarray operator<=(const ndarray& a, const ndarray& b);
/// `a <= scalar`: less_equal().
ndarray operator<=(const ndarray& a, const scalar& b);
/// `scalar <= a`: less_equal().
ndarray operator<=(const scalar& a, const ndarray& b);

/// `a > b`: greater().
ndarray operator>(const ndarray& a, const ndarray& b);
/// `a > scalar`: greater().
ndarray operator>(const ndarray& a, const scalar& b);
/// `scalar > a`: greater().
ndarray operator>(const scalar& a, const ndarray& b);

/// `a >= b`: greater_equal().
ndarray operator>=(const ndarray& a, const ndarray& b);
/// `a >= scalar`: greater_equal().
ndarray operator>=(const ndarray& a, const scalar& b);
/// `scalar >= a`: greater_equal().
ndarray operator>=(const scalar& a, const ndarray& b);

/// `a += b`: add() written into `a` (same_kind casting: `int_array += 1.5` is a dtype_error).
const ndarray& operator+=(const ndarray& a, const operand& b);

/// `a -= b`: subtract() written into `a` (same_kind casting: `int_array -= 1.5` is a dtype_error).
const ndarray& operator-=(const ndarray& a, const operand& b);

/// `a *= b`: multiply() written into `a` (same_kind casting: `int_array *= 1.5` is a dtype_error).
const ndarray& operator*=(const ndarray& a, const operand& b);

/// `a /= b`: divide() written into `a` (same_kind casting: `int_array /= 1.5` is a dtype_error).
const ndarray& operator/=(const ndarray& a, const operand& b);

/// `a %= b`: remainder() written into `a` (same_kind casting: `int_array %= 1.5` is a dtype_error).
const ndarray& operator%=(const ndarray& a, const operand& b);

/// `a &= b`: bitwise_and() written into `a` (same_kind casting: `int_array &= 1.5` is a dtype_error).
const ndarray& operator&=(const ndarray& a, const operand& b);

/// `a |= b`: bitwise_or() written into `a` (same_kind casting: `int_array |= 1.5` is a dtype_error).
const ndarray& operator|=(const ndarray& a, const operand& b);

/// `a ^= b`: bitwise_xor() written into `a` (same_kind casting: `int_array ^= 1.5` is a dtype_error).
const ndarray& operator^=(const ndarray& a, const operand& b);

/// `a <<= b`: left_shift() written into `a` (same_kind casting: `int_array <<= 1.5` is a dtype_error).
const ndarray& operator<<=(const ndarray& a, const operand& b);

/// `a >>= b`: right_shift() written into `a` (same_kind casting: `int_array >>= 1.5` is a dtype_error).
const ndarray& operator>>=(const ndarray& a, const operand& b);

/// `-a`: negative().
ndarray operator-(const ndarray& a);

/// `+a`: positive().
ndarray operator+(const ndarray& a);

/// `~a`: invert().
ndarray operator~(const ndarray& a);

/// `!a`: logical_not().
ndarray operator!(const ndarray& a);

}  // namespace numcu

// the functions generated from the ufunc table (after operand: they take operands)
#include "numcu/generated_ufuncs.hpp"  // IWYU pragma: export
