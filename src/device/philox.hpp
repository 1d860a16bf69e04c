// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11) and the raw draws
// built on it, shared by the CUDA kernels and the host loops so that a seed gives the same numbers on both.
// Element group g of a call uses counter (offset + g, 0, 0, 0) under the key made from the seed; a group is
// four 32-bit outputs (float16/bfloat16/float32 values and 32-bit integer ranges) or two 64-bit ones. An
// integer draw that Lemire's method rejects is made again from counter (offset + g, attempt, 0, 0), the
// same word(s) of the block as the element's first draw: a function of the element alone, whatever the
// backend or the launch.
#pragma once

#include "device/types.hpp"
#include "numcu/config.hpp"

namespace numcu::detail {

struct philox_result {
  uint32_t v[4];
};

/// The low half of a * b; the high half goes to @p hi.
NUMCU_HD inline uint32_t mulhilo32(uint32_t a, uint32_t b, uint32_t& hi) {
#if defined(__CUDA_ARCH__)
  hi = __umulhi(a, b);
  return a * b;
#else
  const uint64_t p = static_cast<uint64_t>(a) * b;
  hi = static_cast<uint32_t>(p >> 32);
  return static_cast<uint32_t>(p);
#endif
}

/// The low half of the 128-bit product a * b; the high half goes to @p hi.
NUMCU_HD inline uint64_t mulhilo64(uint64_t a, uint64_t b, uint64_t& hi) {
#if defined(__CUDA_ARCH__)
  hi = __umul64hi(a, b);
  return a * b;
#else
  const auto p = static_cast<unsigned __int128>(a) * b;
  hi = static_cast<uint64_t>(p >> 64);
  return static_cast<uint64_t>(p);
#endif
}

/// The ten-round Philox4x32 block function.
NUMCU_HD inline philox_result philox4x32_10(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t k0,
                                            uint32_t k1) {
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    uint32_t hi0, hi1;
    const uint32_t lo0 = mulhilo32(0xD2511F53u, c0, hi0);
    const uint32_t lo1 = mulhilo32(0xCD9E8D57u, c2, hi1);
    const uint32_t n0 = hi1 ^ c1 ^ k0, n2 = hi0 ^ c3 ^ k1;
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
  double a, b;         // uniform: low, high; normal: loc, scale; exponential: scale
  int64_t low;         // integers: the smallest value
  uint64_t range;      // integers: how many values
  uint64_t threshold;  // integers: 2^w mod range for w-bit draws; a draw whose product's low word is below
                       // it is made again (Lemire's rejection)
  uint64_t seed;
  uint64_t offset;  // counter of this call's first element group
  bool wide;        // two 64-bit draws per group (float64 values, integer ranges of 2^32 or more)
};

/// A float in [0, 1) from 24 random bits, and a double from 53.
NUMCU_HD inline float unit_float(uint32_t r) {
  return static_cast<float>(r >> 8) * 5.9604644775390625e-8f;
}
NUMCU_HD inline double unit_double(uint32_t hi, uint32_t lo) {
  return static_cast<double>(((static_cast<uint64_t>(hi) << 32) | lo) >> 11) * 1.1102230246251565e-16;
}

/// The Philox block of element group @p g: its first draws (attempt 0), or those that replace rejected ones.
NUMCU_HD inline philox_result philox_group(const random_params& p, uint64_t g, uint32_t attempt = 0) {
  const uint64_t counter = p.offset + g;
  return philox4x32_10(static_cast<uint32_t>(counter), static_cast<uint32_t>(counter >> 32), attempt, 0u,
                       static_cast<uint32_t>(p.seed), static_cast<uint32_t>(p.seed >> 32));
}

}  // namespace numcu::detail
