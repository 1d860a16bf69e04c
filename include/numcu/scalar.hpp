/// @file scalar.hpp
/// @brief A C++ number held as a weak scalar (NEP 50): bool, integer, floating or complex.
#pragma once

#include <complex>
#include <concepts>
#include <cstdint>
#include <type_traits>

#include "numcu/dtype.hpp"

namespace numcu {

/// A scalar operand from C++ code: keeps the value exactly (int64, uint64, double or complex<double>) and its
/// kind, so that it promotes like a Python scalar in arithmetic, and the dtype of its C++ type, which
/// creation functions take when no dtype is given (`full({3}, 2.5f)` is float32, `arange(5)` int32).
class scalar {
 public:
  /// From bool.
  scalar(bool v) : m_kind(scalar_kind::boolean), m_native(bool_), m_int(v) {}  // NOLINT
  /// From any integer type; unsigned values above INT64_MAX are kept exactly.
  template <std::integral T>
  requires(!std::is_same_v<T, bool>) scalar(T v)  // NOLINT
      : m_kind(scalar_kind::integer), m_native(integer_dtype<T>()) {
    if constexpr (std::is_unsigned_v<T>) {
      m_unsigned = static_cast<std::uint64_t>(v) > static_cast<std::uint64_t>(INT64_MAX);
      m_uint = static_cast<std::uint64_t>(v);
    } else {
      m_int = static_cast<std::int64_t>(v);
    }
  }
  /// From float or double.
  template <std::floating_point T>
  scalar(T v)  // NOLINT
      : m_kind(scalar_kind::floating), m_native(sizeof(T) == 4 ? float32 : float64), m_real(static_cast<double>(v)) {}
  /// From float16_t.
  scalar(float16_t v) : m_kind(scalar_kind::floating), m_native(float16), m_real(static_cast<float>(v)) {}  // NOLINT
  /// From bfloat16_t.
  scalar(bfloat16_t v)  // NOLINT
      : m_kind(scalar_kind::floating), m_native(bfloat16), m_real(static_cast<float>(v)) {}
  /// From a complex number.
  template <std::floating_point T>
  scalar(std::complex<T> v)  // NOLINT
      : m_kind(scalar_kind::complex),
        m_native(sizeof(T) == 4 ? complex64 : complex128),
        m_real(static_cast<double>(v.real())),
        m_imag(static_cast<double>(v.imag())) {}

  /// boolean, integer, floating or complex.
  scalar_kind kind() const { return m_kind; }
  /// The dtype of the C++ type the scalar was made from: float32 for a float, int32 for an int, int64 for a
  /// std::int64_t, complex64 for a std::complex<float>.
  dtype native_dtype() const { return m_native; }
  /// True for an integer above INT64_MAX (held as uint64).
  bool is_large_unsigned() const { return m_unsigned; }
  /// The integer value (bool and integer kinds).
  std::int64_t int_value() const { return m_int; }
  /// The integer value as uint64 (integer kind).
  std::uint64_t uint_value() const { return m_uint; }
  /// The real part (floating and complex kinds).
  double real() const { return m_real; }
  /// The imaginary part (complex kind).
  double imag() const { return m_imag; }

 private:
  template <class T>
  static constexpr dtype integer_dtype() {
    constexpr int bytes = sizeof(T);
    if constexpr (std::is_signed_v<T>)
      return bytes == 1 ? int8 : bytes == 2 ? int16 : bytes == 4 ? int32 : int64;
    else
      return bytes == 1 ? uint8 : bytes == 2 ? uint16 : bytes == 4 ? uint32 : uint64;
  }

  scalar_kind m_kind;
  dtype m_native;
  bool m_unsigned = false;
  union {
    std::int64_t m_int = 0;
    std::uint64_t m_uint;
  };
  double m_real = 0.0;
  double m_imag = 0.0;
};

}  // namespace numcu
