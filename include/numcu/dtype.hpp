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
#include <vector>

#include "numcu/config.hpp"
#include "numcu/dtype_list.hpp"
#include "numcu/half.hpp"

namespace numcu {

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
  /// The dtypes numcu supports, in the order of its tables (numcu/dtype_list.hpp).
  using code = dtype_code;
  /// Number of dtypes.
  static constexpr int count = 0
#define NUMCU_DTYPE_COUNT(name, storage, letter, itemsize) +1
      NUMCU_FOR_EACH_DTYPE(NUMCU_DTYPE_COUNT)
#undef NUMCU_DTYPE_COUNT
      ;

  /// float64, NumPy's default dtype.
  constexpr dtype() = default;
  /// The dtype with the given code.
  constexpr dtype(code c) : m_code(c) {}  // NOLINT(google-explicit-constructor): dtype::code::int8 is a dtype
  /// Parses a NumPy name or type string: "float32", "f4", "<f4", "int64", "i8", "bool", "?", "complex64",
  /// "c8", ...
  /// @throws dtype_error for a name NumPy would not accept.
  explicit dtype(std::string_view name);

  /// The code of this dtype.
  constexpr code id() const {
    return m_code;
  }
  /// Position in the dtype tables, 0 ... count-1.
  constexpr int index() const {
    return static_cast<int>(m_code);
  }
  /// Bytes per element.
  constexpr std::size_t itemsize() const {
    constexpr std::uint8_t sizes[count] = {
#define NUMCU_DTYPE_SIZE(name, storage, letter, itemsize) itemsize,
        NUMCU_FOR_EACH_DTYPE(NUMCU_DTYPE_SIZE)
#undef NUMCU_DTYPE_SIZE
    };
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
  constexpr bool is_bool() const {
    return m_code == code::bool_;
  }
  /// True for signed and unsigned integers (not bool).
  constexpr bool is_integer() const {
    return kind() == dtype_kind::signed_integer || kind() == dtype_kind::unsigned_integer;
  }
  /// True for float16, bfloat16, float32 and float64.
  constexpr bool is_floating() const {
    return kind() == dtype_kind::floating;
  }
  /// True for complex64 and complex128.
  constexpr bool is_complex() const {
    return kind() == dtype_kind::complex;
  }

  /// True when both are the same dtype.
  friend constexpr bool operator==(dtype a, dtype b) {
    return a.m_code == b.m_code;
  }

 private:
  code m_code = code::float64;
};

/// Prints the dtype's NumPy name.
std::ostream& operator<<(std::ostream& os, dtype t);

/// One constant per dtype: `nc::bool_`, `nc::int8` ... `nc::complex128` (numcu/dtype_list.hpp). float64 is
/// NumPy's default float, int64 its default integer; bfloat16 has an 8-bit exponent and a 7-bit mantissa.
#define NUMCU_DTYPE_CONSTANT(name, storage, letter, itemsize) inline constexpr dtype name{dtype::code::name};
NUMCU_FOR_EACH_DTYPE(NUMCU_DTYPE_CONSTANT)
#undef NUMCU_DTYPE_CONSTANT

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

/// `numpy.result_type` of arrays of these dtypes (at least one): NumPy's promotion of a sequence, which is not a
/// left fold of promote_types (uint16, int16, float16 give float32, not float64): the first dtype of the
/// highest kind (bool, integer, floating, complex) promoted with each of the others in turn.
dtype result_type(const std::vector<dtype>& dtypes);

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
