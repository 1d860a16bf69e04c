// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11) and the distributions
// built on it, shared by the CUDA kernels and the host loops so that a seed gives the same numbers on both.
// Element group g of a call uses counter (offset + g, 0, 0, 0) under the key made from the seed; a group is
// four 32-bit outputs (float16/bfloat16/float32 values and 32-bit integer ranges) or two 64-bit ones.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/exact_arithmetic.hpp"
#include "numcu/config.hpp"

namespace numcu::detail {

struct philox_result {
  std::uint32_t v[4];
};

NUMCU_HD inline std::uint32_t mulhilo32(std::uint32_t a, std::uint32_t b, std::uint32_t& hi) {
#if defined(__CUDA_ARCH__)
  hi = __umulhi(a, b);
  return a * b;
#else
  const std::uint64_t p = static_cast<std::uint64_t>(a) * b;
  hi = static_cast<std::uint32_t>(p >> 32);
  return static_cast<std::uint32_t>(p);
#endif
}

/// The ten-round Philox4x32 block function.
NUMCU_HD inline philox_result philox4x32_10(std::uint32_t c0, std::uint32_t c1, std::uint32_t c2,
                                            std::uint32_t c3, std::uint32_t k0, std::uint32_t k1) {
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    std::uint32_t hi0, hi1;
    const std::uint32_t lo0 = mulhilo32(0xD2511F53u, c0, hi0);
    const std::uint32_t lo1 = mulhilo32(0xCD9E8D57u, c2, hi1);
    const std::uint32_t n0 = hi1 ^ c1 ^ k0, n2 = hi0 ^ c3 ^ k1;
    c0 = n0;
    c1 = lo1;
    c2 = n2;
    c3 = lo0;
  }
  return {{c0, c1, c2, c3}};
}

/// What a random call draws.
enum class distribution : int { uniform, normal, exponential, integers };

/// A call: the distribution, its parameters, and where in the stream of counters it starts.
struct random_params {
  distribution kind;
  double a, b;          // uniform: low, high; normal: loc, scale; exponential: scale
  std::int64_t low;     // integers: the smallest value
  std::uint64_t range;  // integers: how many values
  std::uint64_t seed;
  std::uint64_t offset;  // counter of this call's first element group
  bool wide;             // two 64-bit draws per group (float64 values, integer ranges of 2^32 or more)
};

/// A float in [0, 1) from 24 random bits, and a double from 53.
NUMCU_HD inline float unit_float(std::uint32_t r) {
  return static_cast<float>(r >> 8) * 5.9604644775390625e-8f;
}
NUMCU_HD inline double unit_double(std::uint32_t hi, std::uint32_t lo) {
  return static_cast<double>(((static_cast<std::uint64_t>(hi) << 32) | lo) >> 11) * 1.1102230246251565e-16;
}

NUMCU_HD inline philox_result philox_group(const random_params& p, std::uint64_t g) {
  const std::uint64_t counter = p.offset + g;
  return philox4x32_10(static_cast<std::uint32_t>(counter), static_cast<std::uint32_t>(counter >> 32), 0u, 0u,
                       static_cast<std::uint32_t>(p.seed), static_cast<std::uint32_t>(p.seed >> 32));
}

/// The integer draws of element group @p g, in [0, range): Lemire's multiply-shift (the high bits of
/// random * range), four from 32-bit words or two from 64-bit ones.
NUMCU_HD inline int random_integer_group(const random_params& p, std::uint64_t g, std::uint64_t (&out)[4]) {
  const philox_result r = philox_group(p, g);
  const std::uint64_t range = p.range;
  if (!p.wide) {
    for (int i = 0; i < 4; ++i) {
      std::uint32_t hi;
      mulhilo32(r.v[i], static_cast<std::uint32_t>(range), hi);
      out[i] = hi;
    }
    return 4;
  }
  for (int i = 0; i < 2; ++i) {
    const std::uint64_t x = (static_cast<std::uint64_t>(r.v[2 * i]) << 32) | r.v[2 * i + 1];
#if defined(__CUDA_ARCH__)
    out[i] = __umul64hi(x, range);
#else
    out[i] = static_cast<std::uint64_t>((static_cast<unsigned __int128>(x) * range) >> 64);
#endif
  }
  return 2;
}

/// The values of element group @p g of a floating distribution: four (narrow) or two (wide), as double.
NUMCU_HD inline int random_group(const random_params& p, std::uint64_t g, double (&out)[4]) {
  const philox_result r = philox_group(p, g);
  if (!p.wide) {
    float u[4];
    for (int i = 0; i < 4; ++i) u[i] = unit_float(r.v[i]);
    if (p.kind == distribution::normal) {
      // Box-Muller on (u0, u1) and (u2, u3); 1 - u keeps the logarithm finite
      for (int i = 0; i < 4; i += 2) {
        const float radius = std::sqrt(-2.0f * std::log(1.0f - u[i]));
        const float angle = 6.2831853071795864769f * u[i + 1];
        out[i] = static_cast<double>(radius * std::cos(angle)) * p.b + p.a;
        out[i + 1] = static_cast<double>(radius * std::sin(angle)) * p.b + p.a;
      }
    } else if (p.kind == distribution::exponential) {
      for (int i = 0; i < 4; ++i) out[i] = static_cast<double>(-std::log(1.0f - u[i])) * p.a;
    } else {
      for (int i = 0; i < 4; ++i) out[i] = add_rn(p.a, mul_rn(p.b - p.a, static_cast<double>(u[i])));
    }
    return 4;
  }
  const double u0 = unit_double(r.v[0], r.v[1]), u1 = unit_double(r.v[2], r.v[3]);
  if (p.kind == distribution::normal) {
    const double radius = std::sqrt(-2.0 * std::log(1.0 - u0));
    const double angle = 6.283185307179586476925 * u1;
    out[0] = radius * std::cos(angle) * p.b + p.a;
    out[1] = radius * std::sin(angle) * p.b + p.a;
  } else if (p.kind == distribution::exponential) {
    out[0] = -std::log(1.0 - u0) * p.a;
    out[1] = -std::log(1.0 - u1) * p.a;
  } else {
    // no fused multiply-add, so that the CPU and the GPU give the same bits
    out[0] = add_rn(p.a, mul_rn(p.b - p.a, u0));
    out[1] = add_rn(p.a, mul_rn(p.b - p.a, u1));
  }
  return 2;
}

}  // namespace numcu::detail
