/// @file half.hpp
/// @brief The 16-bit float storage types float16_t and bfloat16_t.
///
/// This header is also compiled by NVRTC inside runtime-compiled kernels, so it includes nothing but
/// numcu/config.hpp (and, for a host compiler, <cstring>): NVRTC has no standard library.
#pragma once

#if !defined(__CUDACC_RTC__)
#include <cstring>  // memcpy; NVRTC declares it itself
#endif

#include "numcu/config.hpp"

namespace numcu {

static_assert(sizeof(unsigned short) == 2 && sizeof(unsigned int) == 4,
              "numcu needs 16- and 32-bit integers");

/// IEEE 754 half precision storage (NumPy's float16); converts to and from float with round-to-nearest-even.
struct float16_t {
  unsigned short bits = 0;  ///< The raw binary16 pattern.

  float16_t() = default;
  /// Rounds @p value to the nearest binary16 (ties to even); overflow gives infinity, NaN stays NaN.
  NUMCU_HD explicit float16_t(float value) : bits(from_float(value)) {}
  /// The exact float value of this half.
  NUMCU_HD explicit operator float() const { return to_float(bits); }
  /// Builds a half from its raw bit pattern.
  NUMCU_HD static float16_t from_bits(unsigned short b) {
    float16_t h;
    h.bits = b;
    return h;
  }

  /// Rounds a float to the binary16 bit pattern (ties to even).
  NUMCU_HD static unsigned short from_float(float value) {
#if defined(__CUDA_ARCH__)
    // the hardware conversion gives every NaN one positive pattern: the input's sign bit goes back in (a no-op
    // for every other value), so that a NaN keeps its sign as on the host and in NumPy (signbit(float16(-nan))
    // is true); its payload bits are the hardware's
    unsigned short h;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(value));
    return static_cast<unsigned short>(h | ((__float_as_uint(value) >> 16) & 0x8000u));
#else
    unsigned int x;
    memcpy(&x, &value, 4);
    const unsigned int sign = (x >> 16) & 0x8000u;
    unsigned int ax = x & 0x7fffffffu;
    if (ax >= 0x7f800000u)
      return static_cast<unsigned short>(sign | 0x7c00u |
                                         (ax > 0x7f800000u ? 0x200u | ((ax >> 13) & 0x3ffu) : 0u));
    if (ax >= 0x477ff000u) return static_cast<unsigned short>(sign | 0x7c00u);  // rounds to infinity
    if (ax < 0x38800000u) {  // a binary16 subnormal: let float addition do the rounding
      float magnitude;
      memcpy(&magnitude, &ax, 4);
      magnitude += 0.5f;
      unsigned int m;
      memcpy(&m, &magnitude, 4);
      return static_cast<unsigned short>(sign | (m - 0x3f000000u));
    }
    const unsigned int odd = (ax >> 13) & 1u;
    ax += 0xc8000fffu + odd;  // rebias exponent (15 - 127) << 23, plus the rounding increment
    return static_cast<unsigned short>(sign | (ax >> 13));
#endif
  }

  /// Widens a binary16 bit pattern to float (exact).
  NUMCU_HD static float to_float(unsigned short h) {
#if defined(__CUDA_ARCH__)
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
    return __uint_as_float(__float_as_uint(f) | static_cast<unsigned int>(h & 0x8000u) << 16);  // a NaN's sign
#else
    const unsigned int sign = static_cast<unsigned int>(h & 0x8000u) << 16;
    const unsigned int exponent = (h >> 10) & 0x1fu;
    const unsigned int mantissa = h & 0x3ffu;
    unsigned int x;
    if (exponent == 0) {
      float f = static_cast<float>(mantissa) * 5.9604644775390625e-8f;  // 2^-24
      memcpy(&x, &f, 4);
      x |= sign;
    } else if (exponent == 31) {
      x = sign | 0x7f800000u | (mantissa << 13);
    } else {
      x = sign | ((exponent + 112u) << 23) | (mantissa << 13);
    }
    float f;
    memcpy(&f, &x, 4);
    return f;
#endif
  }
};

/// bfloat16 storage (the upper half of a float32); converts from float with round-to-nearest-even.
struct bfloat16_t {
  unsigned short bits = 0;  ///< The raw bfloat16 pattern.

  bfloat16_t() = default;
  /// Rounds @p value to the nearest bfloat16 (ties to even); NaN stays a quiet NaN.
  NUMCU_HD explicit bfloat16_t(float value) : bits(from_float(value)) {}
  /// The exact float value of this bfloat16.
  NUMCU_HD explicit operator float() const { return to_float(bits); }
  /// Builds a bfloat16 from its raw bit pattern.
  NUMCU_HD static bfloat16_t from_bits(unsigned short b) {
    bfloat16_t h;
    h.bits = b;
    return h;
  }
  /// Rounds a float to the bfloat16 bit pattern (ties to even).
  NUMCU_HD static unsigned short from_float(float value) {
    unsigned int x;
    memcpy(&x, &value, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<unsigned short>((x >> 16) | 0x40u);
    x += 0x7fffu + ((x >> 16) & 1u);
    return static_cast<unsigned short>(x >> 16);
  }
  /// Widens a bfloat16 bit pattern to float (exact).
  NUMCU_HD static float to_float(unsigned short b) {
    const unsigned int x = static_cast<unsigned int>(b) << 16;
    float f;
    memcpy(&f, &x, 4);
    return f;
  }
};

}  // namespace numcu
