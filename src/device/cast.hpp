// Element casts with NumPy's semantics, shared by the CUDA kernels and the host loops.
//
// float -> int truncates toward zero; NaN and out-of-range values follow the GPU's conversion instructions
// (saturation, NaN -> 0) on both backends, narrowing to 8/16-bit and to uint32 through a wider integer
// as NumPy does on x86 (docs/numpy_differences.md). nonzero -> true; complex -> real keeps the real part.
#pragma once

#include "device/complex.hpp"
#include "device/traits.hpp"
#include "device/types.hpp"
#include "numcu/half.hpp"

namespace numcu::detail {

using ::numcu::bfloat16_t;
using ::numcu::float16_t;

/// True for the 16-bit float storage types.
template <class T>
inline constexpr bool is_half_v = is_same_v<T, float16_t> || is_same_v<T, bfloat16_t>;

/// Float or double to a 32/64-bit integer: truncation; NaN -> 0 and saturation outside the range,
/// which is what the GPU's cvt.rzi instructions do.
template <class Int, class Float>
NUMCU_HD Int saturating_float_to_int(Float x) {
#if defined(__CUDA_ARCH__)
  return static_cast<Int>(x);
#else
  if (!(x == x)) return 0;
  if (x <= static_cast<Float>(int_min<Int>())) return int_min<Int>();
  // 2^(bits) or 2^(bits-1) is exactly representable; values at or above it saturate
  if (x >= static_cast<Float>(int_max<Int>())) return int_max<Int>();
  return static_cast<Int>(x);
#endif
}

/// Rounds a double straight to binary16 (one rounding, as numpy's npy_double_to_half).
NUMCU_HD inline float16_t double_to_float16(double value) {
#if defined(__CUDA_ARCH__)
  // the input's sign bit goes back in: a NaN keeps its sign (the hardware conversion makes every NaN one
  // positive pattern)
  uint16_t h;
  asm("cvt.rn.f16.f64 %0, %1;" : "=h"(h) : "d"(value));
  return float16_t::from_bits(
      static_cast<uint16_t>(h | ((static_cast<uint64_t>(__double_as_longlong(value)) >> 48) & 0x8000u)));
#else
  uint64_t x;
  memcpy(&x, &value, 8);
  const uint16_t sign = static_cast<uint16_t>((x >> 48) & 0x8000u);
  const uint64_t ax = x & 0x7fffffffffffffffull;
  if (ax >= 0x7ff0000000000000ull) {
    if (ax == 0x7ff0000000000000ull) return float16_t::from_bits(sign | 0x7c00u);
    return float16_t::from_bits(static_cast<uint16_t>(sign | 0x7e00u | ((ax >> 42) & 0x3ffu)));
  }
  const int exponent = static_cast<int>(ax >> 52) - 1023;
  if (exponent >= 16) return float16_t::from_bits(sign | 0x7c00u);
  uint64_t mantissa = (ax & 0xfffffffffffffull) | (exponent > -1023 ? (1ull << 52) : 0);
  // bits of the 53-bit significand that do not fit: 42 for a binary16 normal, more for a subnormal
  const int shift = exponent < -14 ? 42 + (-14 - exponent) : 42;
  if (shift > 63) return float16_t::from_bits(sign);
  uint64_t kept = mantissa >> shift;
  const uint64_t rest = mantissa & ((1ull << shift) - 1);
  const uint64_t half = 1ull << (shift - 1);
  if (rest > half || (rest == half && (kept & 1))) ++kept;
  // kept is the significand with its implicit bit; for normals add the biased exponent, carrying on overflow
  uint64_t bits;
  if (exponent < -14) {
    bits = kept;  // subnormal (a carry into 0x400 makes the smallest normal, which is right)
  } else {
    bits = (static_cast<uint64_t>(exponent + 14) << 10) + kept;  // (exponent+15) << 10 plus kept - 0x400
  }
  if (bits >= 0x7c00u) return float16_t::from_bits(sign | 0x7c00u);
  return float16_t::from_bits(static_cast<uint16_t>(sign | bits));
#endif
}

/// The value of @p x as a double (or the real part, for complex).
template <class Src>
NUMCU_HD double to_double(Src x) {
  if constexpr (is_complex_v<Src>)
    return static_cast<double>(x.real());
  else if constexpr (is_half_v<Src>)
    return static_cast<double>(static_cast<float>(x));
  else
    return static_cast<double>(x);
}

/// Casts one element from Src to Dst with NumPy's semantics (unsafe casting).
template <class Dst, class Src>
NUMCU_HD Dst cast(Src x) {
  if constexpr (is_same_v<Dst, Src>) {
    return x;
  } else if constexpr (is_complex_v<Src> && !is_complex_v<Dst>) {
    if constexpr (is_same_v<Dst, bool>)
      return x.real() != 0 || x.imag() != 0;
    else
      return cast<Dst>(x.real());
  } else if constexpr (is_same_v<Dst, bool>) {
    if constexpr (is_half_v<Src>)
      return static_cast<float>(x) != 0.0f;
    else
      return x != Src(0);
  } else if constexpr (is_same_v<Src, bool>) {
    if constexpr (is_complex_v<Dst>)
      return Dst(x ? 1 : 0, 0);
    else if constexpr (is_half_v<Dst>)
      return Dst(x ? 1.0f : 0.0f);
    else
      return static_cast<Dst>(x ? 1 : 0);
  } else if constexpr (is_complex_v<Dst>) {
    using Part = typename Dst::value_type;
    if constexpr (is_complex_v<Src>)
      return Dst(static_cast<Part>(x.real()), static_cast<Part>(x.imag()));
    else if constexpr (is_half_v<Src>)
      return Dst(static_cast<Part>(static_cast<float>(x)), Part(0));
    else
      return Dst(static_cast<Part>(x), Part(0));
  } else if constexpr (is_same_v<Dst, float16_t>) {
    if constexpr (is_same_v<Src, float> || is_same_v<Src, bfloat16_t>)
      return Dst(static_cast<float>(x));
    else
      return double_to_float16(static_cast<double>(x));
  } else if constexpr (is_same_v<Dst, bfloat16_t>) {
    return Dst(static_cast<float>(x));  // through float, as ml_dtypes does
  } else if constexpr (is_floating_point_v<Dst>) {
    if constexpr (is_half_v<Src>)
      return static_cast<Dst>(static_cast<float>(x));
    else
      return static_cast<Dst>(x);
  } else if constexpr (is_half_v<Src>) {
    return cast<Dst>(static_cast<float>(x));
  } else if constexpr (is_floating_point_v<Src>) {
    // Dst is an integer
    if constexpr (sizeof(Dst) < 4)
      return static_cast<Dst>(saturating_float_to_int<int32_t>(x));
    else if constexpr (is_same_v<Dst, uint32_t>)
      return static_cast<Dst>(saturating_float_to_int<int64_t>(x));
    else
      return saturating_float_to_int<Dst>(x);
  } else {
    return static_cast<Dst>(x);  // integer -> integer wraps (modular), as in NumPy
  }
}

/// A floating format that a step of a computation is rounded to where NumPy computes that step in a dtype
/// other than the loop's (isclose's tolerance).
enum class float_format : uint8_t { float16, bfloat16, float32, float64 };

/// @p x rounded to @p format: once, straight from double (bfloat16 through float, as ml_dtypes casts).
NUMCU_HD inline double round_to(float_format format, double x) {
  switch (format) {
    case float_format::float16:
      return to_double(double_to_float16(x));
    case float_format::bfloat16:
      return to_double(cast<bfloat16_t>(x));
    case float_format::float32:
      return static_cast<double>(static_cast<float>(x));
    default:
      return x;
  }
}

}  // namespace numcu::detail
