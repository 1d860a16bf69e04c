// The few type traits and numeric limits that device code needs, in place of <type_traits> and <limits>.
//
// NVRTC has no standard library, and libcu++'s <cuda/std/type_traits> costs about 0.4 s of NVRTC time per
// runtime-compiled kernel; these compile in a small fraction of that and mean the same under g++, nvcc and
// NVRTC. NVRTC lacks __builtin_huge_val, __builtin_nan and the <cfloat> macros: infinity and NaN are built
// from their bit patterns (__builtin_bit_cast, which all three accept in constant expressions), the finite
// limits are hexadecimal literals.
#pragma once

#include "device/types.hpp"

namespace numcu::detail {

/// True when A and B are the same type.
template <class A, class B>
inline constexpr bool is_same_v = false;
/// True when A and B are the same type.
template <class A>
inline constexpr bool is_same_v<A, A> = true;

/// Picks T when B holds, F otherwise.
template <bool B, class T, class F>
struct conditional {
  /// The type picked.
  using type = T;
};
/// Picks T when B holds, F otherwise.
template <class T, class F>
struct conditional<false, T, F> {
  /// The type picked.
  using type = F;
};
/// T when B holds, F otherwise.
template <bool B, class T, class F>
using conditional_t = typename conditional<B, T, F>::type;

/// Has the member type T only when B holds (SFINAE).
template <bool B, class T = void>
struct enable_if {};
/// Has the member type T only when B holds (SFINAE).
template <class T>
struct enable_if<true, T> {
  /// T itself.
  using type = T;
};
/// T when B holds; substitution failure otherwise.
template <bool B, class T = void>
using enable_if_t = typename enable_if<B, T>::type;

/// T without top-level const and volatile.
template <class T>
struct remove_cv {
  /// T without top-level const and volatile.
  using type = T;
};
/// T without top-level const and volatile.
template <class T>
struct remove_cv<const T> {
  /// T without top-level const and volatile.
  using type = T;
};
/// T without top-level const and volatile.
template <class T>
struct remove_cv<volatile T> {
  /// T without top-level const and volatile.
  using type = T;
};
/// T without top-level const and volatile.
template <class T>
struct remove_cv<const volatile T> {
  /// T without top-level const and volatile.
  using type = T;
};
/// T without top-level const and volatile.
template <class T>
using remove_cv_t = typename remove_cv<T>::type;

/// What is known of an integer type: whether it is one, and its unsigned type of the same size.
template <class T>
struct integer_info {
  /// Whether T is an integer type (bool and the character types included).
  static constexpr bool integral = false;
};
/// Declares T an integer type whose unsigned type of the same size is the rest of the arguments.
#define NUMCU_INTEGER_INFO(T, ...)         \
  template <>                              \
  struct integer_info<T> {                 \
    static constexpr bool integral = true; \
    using unsigned_type = __VA_ARGS__;     \
  };
NUMCU_INTEGER_INFO(bool, bool)
NUMCU_INTEGER_INFO(char, unsigned char)
NUMCU_INTEGER_INFO(signed char, unsigned char)
NUMCU_INTEGER_INFO(unsigned char, unsigned char)
NUMCU_INTEGER_INFO(wchar_t, conditional_t<sizeof(wchar_t) == 2, unsigned short, unsigned int>)
#if defined(__cpp_char8_t)
NUMCU_INTEGER_INFO(char8_t, unsigned char)
#endif
NUMCU_INTEGER_INFO(char16_t, unsigned short)
NUMCU_INTEGER_INFO(char32_t, unsigned int)
NUMCU_INTEGER_INFO(short, unsigned short)
NUMCU_INTEGER_INFO(unsigned short, unsigned short)
NUMCU_INTEGER_INFO(int, unsigned int)
NUMCU_INTEGER_INFO(unsigned int, unsigned int)
NUMCU_INTEGER_INFO(long, unsigned long)
NUMCU_INTEGER_INFO(unsigned long, unsigned long)
NUMCU_INTEGER_INFO(long long, unsigned long long)
NUMCU_INTEGER_INFO(unsigned long long, unsigned long long)
#undef NUMCU_INTEGER_INFO

/// True for bool, the character types and the signed and unsigned integer types, cv-qualified or not.
template <class T>
inline constexpr bool is_integral_v = integer_info<remove_cv_t<T>>::integral;

/// True for float and double, cv-qualified or not.
template <class T>
inline constexpr bool is_floating_point_v =
    is_same_v<remove_cv_t<T>, float> || is_same_v<remove_cv_t<T>, double>;

/// Whether the arithmetic type T has negative values; false for any other type.
template <class T, bool Arithmetic = is_integral_v<T> || is_floating_point_v<T>>
inline constexpr bool signed_arithmetic = false;
/// Whether the arithmetic type T has negative values; false for any other type.
template <class T>
inline constexpr bool signed_arithmetic<T, true> = remove_cv_t<T>(-1) < remove_cv_t<T>(0);

/// True for the arithmetic types with negative values (the floating-point types included).
template <class T>
inline constexpr bool is_signed_v = signed_arithmetic<T>;
/// True for the arithmetic types without negative values (bool included).
template <class T>
inline constexpr bool is_unsigned_v = (is_integral_v<T> || is_floating_point_v<T>)&&!signed_arithmetic<T>;

/// The unsigned integer type of the size of the integer type T (cv-qualifiers dropped; bool stays bool).
template <class T>
using make_unsigned_t = typename integer_info<remove_cv_t<T>>::unsigned_type;

/// The largest value of the integer type T.
template <class T>
NUMCU_HD constexpr T int_max() {
  static_assert(is_integral_v<T>, "int_max needs an integer type");
  using U = make_unsigned_t<T>;
  if constexpr (is_same_v<remove_cv_t<T>, bool>) {
    return true;
  } else if constexpr (is_signed_v<T>) {
    return static_cast<T>(static_cast<U>(~U(0)) >> 1);
  } else {
    return static_cast<T>(~U(0));
  }
}

/// The smallest (most negative) value of the integer type T.
template <class T>
NUMCU_HD constexpr T int_min() {
  static_assert(is_integral_v<T>, "int_min needs an integer type");
  if constexpr (is_signed_v<T>) {
    return static_cast<T>(-int_max<T>() - 1);
  } else {
    return T(0);
  }
}

/// Positive infinity of float or double.
template <class T>
NUMCU_HD constexpr T infinity() {
  static_assert(is_floating_point_v<T>, "infinity needs float or double");
  if constexpr (sizeof(T) == 4) {
    return __builtin_bit_cast(float, 0x7f800000u);
  } else {
    return __builtin_bit_cast(double, 0x7ff0000000000000ull);
  }
}

/// The default quiet NaN of float or double (positive sign, the quiet bit alone set in the payload).
template <class T>
NUMCU_HD constexpr T quiet_nan() {
  static_assert(is_floating_point_v<T>, "quiet_nan needs float or double");
  if constexpr (sizeof(T) == 4) {
    return __builtin_bit_cast(float, 0x7fc00000u);
  } else {
    return __builtin_bit_cast(double, 0x7ff8000000000000ull);
  }
}

/// The largest finite value of float or double.
template <class T>
NUMCU_HD constexpr T float_max() {
  static_assert(is_floating_point_v<T>, "float_max needs float or double");
  if constexpr (sizeof(T) == 4) {
    return 0x1.fffffep+127f;
  } else {
    return 0x1.fffffffffffffp+1023;
  }
}

/// The most negative finite value of float or double (numeric_limits' lowest()).
template <class T>
NUMCU_HD constexpr T float_lowest() {
  return -float_max<T>();
}

/// The smallest positive normal value of float or double (numeric_limits' min()).
template <class T>
NUMCU_HD constexpr T float_min_normal() {
  static_assert(is_floating_point_v<T>, "float_min_normal needs float or double");
  if constexpr (sizeof(T) == 4) {
    return 0x1p-126f;
  } else {
    return 0x1p-1022;
  }
}

/// The distance from 1 to the next larger float or double (numeric_limits' epsilon()).
template <class T>
NUMCU_HD constexpr T float_epsilon() {
  static_assert(is_floating_point_v<T>, "float_epsilon needs float or double");
  if constexpr (sizeof(T) == 4) {
    return 0x1p-23f;
  } else {
    return 0x1p-52;
  }
}

}  // namespace numcu::detail
