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
/// kind, so that it promotes like a Python scalar.
class scalar {
 public:
  /// From bool.
  scalar(bool v) : m_kind(scalar_kind::boolean), m_int(v) {}  // NOLINT
  /// From any integer type; unsigned values above INT64_MAX are kept exactly.
  template <std::integral T>
  requires(!std::is_same_v<T, bool>) scalar(T v) : m_kind(scalar_kind::integer) {  // NOLINT
    if constexpr (std::is_unsigned_v<T>) {
      m_unsigned = static_cast<std::uint64_t>(v) > static_cast<std::uint64_t>(INT64_MAX);
      m_uint = static_cast<std::uint64_t>(v);
    } else {
      m_int = static_cast<std::int64_t>(v);
    }
  }
  /// From float or double.
  template <std::floating_point T>
  scalar(T v) : m_kind(scalar_kind::floating), m_real(static_cast<double>(v)) {}  // NOLINT
  /// From float16_t.
  scalar(float16_t v) : scalar(static_cast<float>(v)) {}  // NOLINT
  /// From bfloat16_t.
  scalar(bfloat16_t v) : scalar(static_cast<float>(v)) {}  // NOLINT
  /// From a complex number.
  template <std::floating_point T>
  scalar(std::complex<T> v)  // NOLINT
      : m_kind(scalar_kind::complex),
        m_real(static_cast<double>(v.real())),
        m_imag(static_cast<double>(v.imag())) {}

  /// boolean, integer, floating or complex.
  scalar_kind kind() const { return m_kind; }
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
  scalar_kind m_kind;
  bool m_unsigned = false;
  union {
    std::int64_t m_int = 0;
    std::uint64_t m_uint;
  };
  double m_real = 0.0;
  double m_imag = 0.0;
};

}  // namespace numcu
