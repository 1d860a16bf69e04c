// The values of a random call, element group by element group: the one body of the CUDA kernel and the host
// loop. A group is one Philox block: four values from its 32-bit words (float16, bfloat16, float32, integer
// ranges below 2^32) or two from its 64-bit halves (float64, wider integer ranges). Each distribution and
// width is its own instantiation, so a kernel carries only the arithmetic of its call.
#pragma once

#include "device/cast.hpp"
#include "device/element_types.hpp"
#include "device/exact_arithmetic.hpp"
#include "device/math.hpp"
#include "device/philox.hpp"
#include "device/reproducible_math.hpp"

namespace numcu::detail {

/// Elements per group.
template <bool Wide>
inline constexpr int group_elements = Wide ? 2 : 4;

/// The groups that cover @p n elements.
inline uint64_t group_count(int64_t n, bool wide) {
  const uint64_t per_group = wide ? 2 : 4;
  return (static_cast<uint64_t>(n) + per_group - 1) / per_group;
}

/// The Box-Muller pair of a radius draw @p u0 and an angle draw @p u1, both in [0, 1) (double; float draws
/// take box_muller_words):
/// radius sqrt(-2 log(1 - u0)) (1 - u0 is exact and keeps the logarithm finite), angle pi (2 u1 - 1) in
/// [-pi, pi). The logarithm, sine and cosine are numcu's own (device/reproducible_math.hpp) and sqrt is
/// correctly rounded everywhere, so the CPU and the GPU give the same bits; float draws compute in float.
template <class F>
NUMCU_HD void box_muller(F u0, F u1, F& x, F& y) {
  const F radius = math::sqrt(repro::minus_two_log(F(1) - u0));
  F s, c;
  repro::sincospi(math::fma(u1, F(2), F(-1)), s, c);  // 2 u1 - 1 is exact
  x = radius * c;
  y = radius * s;
}

/// box_muller of the float draws of Philox words @p radius_word and @p angle_word (their top 24 bits), the
/// angle reduced in integers (repro::sincospi_of_draw): the same values, fewer operations per pair.
NUMCU_HD inline void box_muller_words(uint32_t radius_word, uint32_t angle_word, float& x, float& y) {
  const float radius = math::sqrt(repro::minus_two_log(1.0f - unit_float(radius_word)));
  float s, c;
  repro::sincospi_of_draw(angle_word >> 8, s, c);
  x = radius * c;
  y = radius * s;
}

/// A draw in [0, range) for element @p i of group @p g by Lemire's method: the high word of random * range,
/// unbiased by rejecting the products whose low word is below 2^w mod range (w = 32 with @p Wide false,
/// else 64). A rejected draw is replaced from the group's next Philox block (philox_group's attempt), the
/// same word(s) again, so the value depends on the element alone.
template <bool Wide>
NUMCU_HD uint64_t bounded_draw(const random_params& p, uint64_t g, int i, const philox_result& first) {
  if constexpr (!Wide) {
    const auto range = static_cast<uint32_t>(p.range);
    uint32_t hi;
    uint32_t lo = mulhilo32(first.v[i], range, hi);
    if (lo < range) {  // below range the product may fall under the threshold: rare for small ranges
      for (uint32_t attempt = 1; lo < p.threshold; ++attempt)
        lo = mulhilo32(philox_group(p, g, attempt).v[i], range, hi);
    }
    return hi;
  } else {
    auto word = [i](const philox_result& r) {
      return (static_cast<uint64_t>(r.v[2 * i]) << 32) | r.v[2 * i + 1];
    };
    uint64_t hi;
    uint64_t lo = mulhilo64(word(first), p.range, hi);
    if (lo < p.range) {
      for (uint32_t attempt = 1; lo < p.threshold; ++attempt)
        lo = mulhilo64(word(philox_group(p, g, attempt)), p.range, hi);
    }
    return hi;
  }
}

/// The rejection threshold of bounded_draw for @p range values (at least 1): 2^w mod range.
inline uint64_t lemire_threshold(uint64_t range, bool wide) {
  if (wide) return (0 - range) % range;
  const auto r = static_cast<uint32_t>(range);
  return static_cast<uint32_t>(0u - r) % r;
}

/// The values of element group @p g, as T. Narrow floating groups compute in float32 (T is float16,
/// bfloat16 or float32), wide ones in float64; uniform draws scale in float64 without contraction, and normal
/// ones take loc and scale in one fma, so that both backends give the same bits. Integer draws are in
/// [low, low + range), unbiased (bounded_draw).
template <distribution Kind, bool Wide, class T>
NUMCU_HD void random_values(const random_params& p, uint64_t g, T (&out)[group_elements<Wide>]) {
  const philox_result r = philox_group(p, g);
  if constexpr (Kind == distribution::integers) {
    const auto low = static_cast<uint64_t>(p.low);
    for (int i = 0; i < group_elements<Wide>; ++i)
      out[i] = cast<T>(static_cast<int64_t>(low + bounded_draw<Wide>(p, g, i, r)));
  } else if constexpr (!Wide) {
    if constexpr (Kind == distribution::normal) {
      // Box-Muller on words (0, 1) and (2, 3)
      const float loc = static_cast<float>(p.a), scale = static_cast<float>(p.b);
      const bool standard = loc == 0.0f && scale == 1.0f;  // standard_normal: the draws themselves
      for (int i = 0; i < 4; i += 2) {
        float x, y;
        box_muller_words(r.v[i], r.v[i + 1], x, y);
        out[i] = cast<T>(standard ? x : math::fma(x, scale, loc));
        out[i + 1] = cast<T>(standard ? y : math::fma(y, scale, loc));
      }
    } else if constexpr (Kind == distribution::exponential) {
      const float scale = static_cast<float>(p.a);
      for (int i = 0; i < 4; ++i) out[i] = cast<T>(-repro::log(1.0f - unit_float(r.v[i])) * scale);
    } else {
      for (int i = 0; i < 4; ++i) {
        const double u = unit_float(r.v[i]);
        out[i] = cast<T>(static_cast<float>(add_rn(p.a, mul_rn(p.b - p.a, u))));
      }
    }
  } else {
    const double u0 = unit_double(r.v[0], r.v[1]), u1 = unit_double(r.v[2], r.v[3]);
    if constexpr (Kind == distribution::normal) {
      double x, y;
      box_muller(u0, u1, x, y);
      out[0] = cast<T>(math::fma(x, p.b, p.a));
      out[1] = cast<T>(math::fma(y, p.b, p.a));
    } else if constexpr (Kind == distribution::exponential) {
      out[0] = cast<T>(-repro::log(1.0 - u0) * p.a);
      out[1] = cast<T>(-repro::log(1.0 - u1) * p.a);
    } else {
      out[0] = cast<T>(add_rn(p.a, mul_rn(p.b - p.a, u0)));
      out[1] = cast<T>(add_rn(p.a, mul_rn(p.b - p.a, u1)));
    }
  }
}

/// Computes group @p g and stores its elements below @p n at @p out (element 0 of the call, aligned to a
/// whole group, as a fresh allocation is): a full group with one vector store.
template <distribution Kind, bool Wide, class T>
NUMCU_HD void write_random_group(const random_params& p, uint64_t g, T* out, int64_t n) {
  constexpr int count = group_elements<Wide>;
  vector_of<T, count> values;
  random_values<Kind, Wide, T>(p, g, values.values);
  const auto first = static_cast<int64_t>(g) * count;
  if (first + count <= n) {
#if defined(__CUDA_ARCH__)
    reinterpret_cast<vector_of<T, count>*>(out)[g] = values;
#else
    memcpy(out + first, values.values, sizeof values);
#endif
  } else {
    // a constant trip count, unrolled by the compiler: the values stay in registers
    for (int i = 0; i < count; ++i) {
      if (first + i < n) out[first + i] = values.values[i];
    }
  }
}

/// Calls f.template operator()<Kind, Wide, T>() for the distribution, width and output storage type of a
/// call: the one switch from a call's run-time description to its instantiation.
template <class F>
void visit_random_call(const random_params& p, dtype_code t, F&& f) {
  visit_dtype(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_integral_v<T> && !is_same_v<T, bool>) {
      if (p.kind != distribution::integers) return;
      if (p.wide) {
        f.template operator()<distribution::integers, true, T>();
      } else {
        f.template operator()<distribution::integers, false, T>();
      }
    } else if constexpr (!is_complex_v<T> && !is_same_v<T, bool>) {
      constexpr bool wide = is_same_v<T, double>;
      switch (p.kind) {
        case distribution::uniform:
          return f.template operator()<distribution::uniform, wide, T>();
        case distribution::normal:
          return f.template operator()<distribution::normal, wide, T>();
        case distribution::exponential:
          return f.template operator()<distribution::exponential, wide, T>();
        case distribution::integers:
          return;
      }
    }
  });
}

}  // namespace numcu::detail
