/// @file dtype.hpp
/// @brief The runtime dtype, the 16-bit float storage types, and NumPy 2's promotion and casting rules.
#pragma once

#include <complex>
#include <cstdint>
#include <cstring>
#include <iosfwd>
#include <string>
#include <string_view>
#include <type_traits>

#include "numcu/config.hpp"

namespace numcu {

/// IEEE 754 half precision storage (NumPy's float16); converts to and from float with round-to-nearest-even.
struct float16_t {
  std::uint16_t bits = 0;  ///< The raw binary16 pattern.

  float16_t() = default;
  /// Rounds @p value to the nearest binary16 (ties to even); overflow gives infinity, NaN stays NaN.
  NUMCU_HD explicit float16_t(float value) : bits(from_float(value)) {}
  /// The exact float value of this half.
  NUMCU_HD explicit operator float() const { return to_float(bits); }
  /// Builds a half from its raw bit pattern.
  NUMCU_HD static float16_t from_bits(std::uint16_t b) {
    float16_t h;
    h.bits = b;
    return h;
  }

  /// Rounds a float to the binary16 bit pattern (ties to even).
  NUMCU_HD static std::uint16_t from_float(float value) {
#if defined(__CUDA_ARCH__)
    std::uint16_t h;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(value));
    return h;
#else
    std::uint32_t x;
    std::memcpy(&x, &value, 4);
    const std::uint32_t sign = (x >> 16) & 0x8000u;
    std::uint32_t ax = x & 0x7fffffffu;
    if (ax >= 0x7f800000u)
      return static_cast<std::uint16_t>(sign | 0x7c00u |
                                        (ax > 0x7f800000u ? 0x200u | ((ax >> 13) & 0x3ffu) : 0u));
    if (ax >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // rounds to infinity
    if (ax < 0x38800000u) {  // a binary16 subnormal: let float addition do the rounding
      float magnitude;
      std::memcpy(&magnitude, &ax, 4);
      magnitude += 0.5f;
      std::uint32_t m;
      std::memcpy(&m, &magnitude, 4);
      return static_cast<std::uint16_t>(sign | (m - 0x3f000000u));
    }
    const std::uint32_t odd = (ax >> 13) & 1u;
    ax += 0xc8000fffu + odd;  // rebias exponent (15 - 127) << 23, plus the rounding increment
    return static_cast<std::uint16_t>(sign | (ax >> 13));
#endif
  }

  /// Widens a binary16 bit pattern to float (exact).
  NUMCU_HD static float to_float(std::uint16_t h) {
#if defined(__CUDA_ARCH__)
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
    return f;
#else
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    const std::uint32_t exponent = (h >> 10) & 0x1fu;
    const std::uint32_t mantissa = h & 0x3ffu;
    std::uint32_t x;
    if (exponent == 0) {
      float f = static_cast<float>(mantissa) * 5.9604644775390625e-8f;  // 2^-24
      std::memcpy(&x, &f, 4);
      x |= sign;
    } else if (exponent == 31) {
      x = sign | 0x7f800000u | (mantissa << 13);
    } else {
      x = sign | ((exponent + 112u) << 23) | (mantissa << 13);
    }
    float f;
    std::memcpy(&f, &x, 4);
    return f;
#endif
  }
};

/// bfloat16 storage (the upper half of a float32); converts from float with round-to-nearest-even.
struct bfloat16_t {
  std::uint16_t bits = 0;  ///< The raw bfloat16 pattern.

  bfloat16_t() = default;
  /// Rounds @p value to the nearest bfloat16 (ties to even); NaN stays a quiet NaN.
  NUMCU_HD explicit bfloat16_t(float value) : bits(from_float(value)) {}
  /// The exact float value of this bfloat16.
  NUMCU_HD explicit operator float() const { return to_float(bits); }
  /// Builds a bfloat16 from its raw bit pattern.
  NUMCU_HD static bfloat16_t from_bits(std::uint16_t b) {
    bfloat16_t h;
    h.bits = b;
    return h;
  }
  /// Rounds a float to the bfloat16 bit pattern (ties to even).
  NUMCU_HD static std::uint16_t from_float(float value) {
    std::uint32_t x;
    std::memcpy(&x, &value, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((x >> 16) | 0x40u);
    x += 0x7fffu + ((x >> 16) & 1u);
    return static_cast<std::uint16_t>(x >> 16);
  }
  /// Widens a bfloat16 bit pattern to float (exact).
  NUMCU_HD static float to_float(std::uint16_t b) {
    const std::uint32_t x = static_cast<std::uint32_t>(b) << 16;
    float f;
    std::memcpy(&f, &x, 4);
    return f;
  }
};

/// The category of a dtype, as NumPy's `dtype.kind` letter.
enum class dtype_kind : char {
  boolean = 'b',           ///< bool
  signed_integer = 'i',    ///< int8 ... int64
  unsigned_integer = 'u',  ///< uint8 ... uint64
  floating = 'f',          ///< float16, bfloat16, float32, float64
  complex = 'c',           ///< complex64, complex128
};

/// The element type of an ndarray, chosen at run time as in NumPy (`nc::float32`, `nc::dtype("i8")`).
class dtype {
 public:
  /// The dtypes numcu supports, in the order of its tables.
  enum class code : std::uint8_t {
    bool_,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
    float16,
    bfloat16,
    float32,
    float64,
    complex64,
    complex128,
  };
  /// Number of dtypes.
  static constexpr int count = 15;

  /// float64, NumPy's default dtype.
  constexpr dtype() = default;
  /// The dtype with the given code.
  constexpr dtype(code c) : m_code(c) {}  // NOLINT(google-explicit-constructor): dtype::code::int8 is a dtype
  /// Parses a NumPy name or type string: "float32", "f4", "<f4", "int64", "i8", "bool", "?", "complex64",
  /// "c8", ...
  /// @throws dtype_error for a name NumPy would not accept.
  explicit dtype(std::string_view name);

  /// The code of this dtype.
  constexpr code id() const { return m_code; }
  /// Position in the dtype tables, 0 ... count-1.
  constexpr int index() const { return static_cast<int>(m_code); }
  /// Bytes per element.
  constexpr std::size_t itemsize() const {
    constexpr std::uint8_t sizes[count] = {1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 2, 4, 8, 8, 16};
    return sizes[index()];
  }
  /// NumPy's kind letter as an enum.
  constexpr dtype_kind kind() const {
    if (m_code == code::bool_) return dtype_kind::boolean;
    if (m_code <= code::int64) return dtype_kind::signed_integer;
    if (m_code <= code::uint64) return dtype_kind::unsigned_integer;
    if (m_code <= code::float64) return dtype_kind::floating;
    return dtype_kind::complex;
  }
  /// NumPy's name: "bool", "int8", ..., "bfloat16", "complex128".
  std::string_view name() const;
  /// True for bool.
  constexpr bool is_bool() const { return m_code == code::bool_; }
  /// True for signed and unsigned integers (not bool).
  constexpr bool is_integer() const {
    return kind() == dtype_kind::signed_integer || kind() == dtype_kind::unsigned_integer;
  }
  /// True for float16, bfloat16, float32 and float64.
  constexpr bool is_floating() const { return kind() == dtype_kind::floating; }
  /// True for complex64 and complex128.
  constexpr bool is_complex() const { return kind() == dtype_kind::complex; }

  /// True when both are the same dtype.
  friend constexpr bool operator==(dtype a, dtype b) { return a.m_code == b.m_code; }

 private:
  code m_code = code::float64;
};

/// Prints the dtype's NumPy name.
std::ostream& operator<<(std::ostream& os, dtype t);

inline constexpr dtype bool_{dtype::code::bool_};            ///< bool
inline constexpr dtype int8{dtype::code::int8};              ///< 8-bit signed integer
inline constexpr dtype int16{dtype::code::int16};            ///< 16-bit signed integer
inline constexpr dtype int32{dtype::code::int32};            ///< 32-bit signed integer
inline constexpr dtype int64{dtype::code::int64};            ///< 64-bit signed integer, the default integer
inline constexpr dtype uint8{dtype::code::uint8};            ///< 8-bit unsigned integer
inline constexpr dtype uint16{dtype::code::uint16};          ///< 16-bit unsigned integer
inline constexpr dtype uint32{dtype::code::uint32};          ///< 32-bit unsigned integer
inline constexpr dtype uint64{dtype::code::uint64};          ///< 64-bit unsigned integer
inline constexpr dtype float16{dtype::code::float16};        ///< IEEE half precision
inline constexpr dtype bfloat16{dtype::code::bfloat16};      ///< bfloat16 (8-bit exponent, 7-bit mantissa)
inline constexpr dtype float32{dtype::code::float32};        ///< IEEE single precision
inline constexpr dtype float64{dtype::code::float64};        ///< IEEE double precision, the default float
inline constexpr dtype complex64{dtype::code::complex64};    ///< two float32
inline constexpr dtype complex128{dtype::code::complex128};  ///< two float64

/// @cond INTERNAL
namespace detail {
template <class T>
struct dtype_of_impl;
#define NUMCU_DTYPE_OF(T, D)          \
  template <>                         \
  struct dtype_of_impl<T> {           \
    static constexpr dtype value = D; \
  };
NUMCU_DTYPE_OF(bool, bool_)
NUMCU_DTYPE_OF(std::int8_t, int8)
NUMCU_DTYPE_OF(std::int16_t, int16)
NUMCU_DTYPE_OF(std::int32_t, int32)
NUMCU_DTYPE_OF(std::int64_t, int64)
NUMCU_DTYPE_OF(std::uint8_t, uint8)
NUMCU_DTYPE_OF(std::uint16_t, uint16)
NUMCU_DTYPE_OF(std::uint32_t, uint32)
NUMCU_DTYPE_OF(std::uint64_t, uint64)
NUMCU_DTYPE_OF(float16_t, float16)
NUMCU_DTYPE_OF(bfloat16_t, bfloat16)
NUMCU_DTYPE_OF(float, float32)
NUMCU_DTYPE_OF(double, float64)
NUMCU_DTYPE_OF(std::complex<float>, complex64)
NUMCU_DTYPE_OF(std::complex<double>, complex128)
#undef NUMCU_DTYPE_OF
// long long / unsigned long long are distinct types from int64_t / uint64_t on LP64 Linux.
template <class T>
requires(std::is_integral_v<T> && !std::is_same_v<T, bool> &&
         !std::is_same_v<T, char>) struct dtype_of_impl<T> {
  static constexpr dtype value = std::is_signed_v<T> ? (sizeof(T) == 1   ? int8
                                                        : sizeof(T) == 2 ? int16
                                                        : sizeof(T) == 4 ? int32
                                                                         : int64)
                                                     : (sizeof(T) == 1   ? uint8
                                                        : sizeof(T) == 2 ? uint16
                                                        : sizeof(T) == 4 ? uint32
                                                                         : uint64);
};
}  // namespace detail
/// @endcond

/// True when @p T is a C++ element type numcu stores (bool, fixed-width integers, float16_t, bfloat16_t,
/// float, double, std::complex<float>, std::complex<double>).
template <class T>
concept element_type = requires {
  detail::dtype_of_impl<std::remove_cv_t<T>>::value;
};

/// The dtype that stores C++ type @p T: `dtype_of<float>() == float32`.
template <element_type T>
constexpr dtype dtype_of() {
  return detail::dtype_of_impl<std::remove_cv_t<T>>::value;
}

/// NumPy's casting modes, from the strictest to anything goes.
enum class casting { no, equiv, safe, same_kind, unsafe };

/// `numpy.promote_types`: the smallest dtype both @p a and @p b cast to safely (bfloat16 as in ml_dtypes;
/// bfloat16 with float16 gives float32). Symmetric; never throws.
dtype promote_types(dtype a, dtype b);

/// `numpy.can_cast(from, to, casting)` for dtypes.
bool can_cast(dtype from, dtype to, casting rule = casting::safe);

/// The kind of a C++ scalar operand, which NumPy 2 treats as a *weak* Python scalar (NEP 50).
enum class scalar_kind { boolean, integer, floating, complex };

/// NEP 50 promotion of an array dtype with a weak scalar: the scalar adopts the array's dtype unless its kind
/// is higher (`float32` with a float scalar stays float32; `int32` with a float scalar gives float64;
/// float32 with a complex scalar gives complex64).
dtype result_type(dtype array_dtype, scalar_kind scalar);

/// The default dtype for a lone C++ scalar of this kind: bool, int64, float64 or complex128.
dtype default_dtype(scalar_kind kind);

/// The weak-scalar kind of C++ type @p T.
template <class T>
constexpr scalar_kind scalar_kind_of() {
  if constexpr (std::is_same_v<T, bool>)
    return scalar_kind::boolean;
  else if constexpr (std::is_integral_v<T>)
    return scalar_kind::integer;
  else if constexpr (std::is_floating_point_v<T>)
    return scalar_kind::floating;
  else
    return scalar_kind::complex;
}

/// The name of a casting mode as NumPy spells it: "no", "equiv", "safe", "same_kind", "unsafe".
std::string_view casting_name(casting rule);

}  // namespace numcu
