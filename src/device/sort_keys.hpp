// Sort keys: every dtype's values turned into unsigned integers whose ascending order is NumPy's sort order,
// so that the sort kernels are instantiated per key width, not per dtype. bool and the unsigned integers are
// their own keys, signed integers flip their sign bit, and floating values (float16, bfloat16, float32,
// float64) map to their bits with the negative ones reversed, -0.0 taken as +0.0 and every NaN to one key
// above +inf: NumPy's order, where -0.0 == 0.0 and NaNs come last, so that a stable sort keeps the input order
// of equal values. Complex values (NumPy: by the real part, then the imaginary one; R + nanj after every R +
// Rj, then nan + Rj, then nan + nanj) take keys of twice their part's width, the classes with a NaN in the
// keys a real part's key never reaches. The keys are not invertible (±0, NaN payloads): a sort moves the
// values, or their indices, with the keys.
#pragma once

#include "device/element_types.hpp"
#include "device/types.hpp"

namespace numcu::detail {

/// The key type of the values of type T: an unsigned integer of T's width (twice a part's for complex).
template <class T>
struct sort_key_of;
template <> struct sort_key_of<bool> { using type = uint8_t; };
template <> struct sort_key_of<int8_t> { using type = uint8_t; };
template <> struct sort_key_of<uint8_t> { using type = uint8_t; };
template <> struct sort_key_of<int16_t> { using type = uint16_t; };
template <> struct sort_key_of<uint16_t> { using type = uint16_t; };
template <> struct sort_key_of<float16_t> { using type = uint16_t; };
template <> struct sort_key_of<bfloat16_t> { using type = uint16_t; };
template <> struct sort_key_of<int32_t> { using type = uint32_t; };
template <> struct sort_key_of<uint32_t> { using type = uint32_t; };
template <> struct sort_key_of<float> { using type = uint32_t; };
template <> struct sort_key_of<int64_t> { using type = uint64_t; };
template <> struct sort_key_of<uint64_t> { using type = uint64_t; };
template <> struct sort_key_of<double> { using type = uint64_t; };
template <> struct sort_key_of<complex64_t> { using type = uint64_t; };
template <> struct sort_key_of<complex128_t> { using type = unsigned __int128; };

/// The key type of T.
template <class T>
using sort_key_t = typename sort_key_of<T>::type;

/// The key of the floating value whose bits are @p bits (U: the unsigned type of its width; @p exponent the
/// mask of its exponent field): negative values reversed below the positive ones, -0.0 as +0.0, every NaN the
/// largest key.
template <class U>
NUMCU_HD constexpr U floating_key(U bits, U exponent) {
  constexpr U sign = U(U(1) << (sizeof(U) * 8 - 1));
  const U magnitude = U(bits & U(~sign));
  if (magnitude > exponent) return U(~U(0));  // NaN, of either sign and any payload
  if (magnitude == 0) return sign;             // -0.0 and +0.0
  return (bits & sign) ? U(~bits) : U(bits | sign);
}

/// The largest key floating_key() gives a value that is not NaN: +inf's.
template <class U>
NUMCU_HD constexpr U largest_number_key(U exponent) {
  return U(exponent | U(U(1) << (sizeof(U) * 8 - 1)));
}

/// The sort key of @p x: ascending keys are NumPy's ascending order.
template <class T>
NUMCU_HD constexpr sort_key_t<T> sort_key(T x) {
  using K = sort_key_t<T>;
  if constexpr (is_same_v<T, bool>) {
    return K(x ? 1 : 0);
  } else if constexpr (is_same_v<T, float16_t>) {
    return floating_key<uint16_t>(x.bits, 0x7c00u);
  } else if constexpr (is_same_v<T, bfloat16_t>) {
    return floating_key<uint16_t>(x.bits, 0x7f80u);
  } else if constexpr (is_same_v<T, float>) {
    return floating_key<uint32_t>(__builtin_bit_cast(uint32_t, x), 0x7f800000u);
  } else if constexpr (is_same_v<T, double>) {
    return floating_key<uint64_t>(__builtin_bit_cast(uint64_t, x), 0x7ff0000000000000ull);
  } else if constexpr (is_same_v<T, complex64_t> || is_same_v<T, complex128_t>) {
    using P = typename T::value_type;
    using H = sort_key_t<P>;  // a part's key
    constexpr int shift = sizeof(H) * 8;
    const H re = sort_key(x.real()), im = sort_key(x.imag());
    const H nan = H(~H(0));
    // the high half a real part's key never reaches (above +inf's) orders the classes with a NaN
    const H top = largest_number_key<H>(sizeof(H) == 4 ? H(0x7f800000u) : H(0x7ff0000000000000ull));
    H high = re, low = im;
    if (re != nan && im == nan) {
      high = H(top + 1);  // R + nanj, by R
      low = re;
    } else if (re == nan && im != nan) {
      high = H(top + 2);  // nan + Rj, by R
      low = im;
    } else if (re == nan) {
      high = H(top + 3);  // nan + nanj
      low = 0;
    }
    return K(K(high) << shift | K(low));
  } else if constexpr (is_signed_v<T>) {
    using U = sort_key_t<T>;
    return U(U(x) ^ U(U(1) << (sizeof(T) * 8 - 1)));
  } else {
    return K(x);
  }
}

}  // namespace numcu::detail
