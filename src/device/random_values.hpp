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

namespace numcu::detail {

/// Elements per group.
template <bool Wide>
inline constexpr int group_elements = Wide ? 2 : 4;

/// The groups that cover @p n elements.
inline uint64_t group_count(int64_t n, bool wide) {
  const uint64_t per_group = wide ? 2 : 4;
  return (static_cast<uint64_t>(n) + per_group - 1) / per_group;
}

/// The Box-Muller pair of float draws @p u0 (radius) and @p u1 (angle) in [0, 1): radius sqrt(-2 log(1 - u0))
/// (1 - u keeps the logarithm finite), angle 2 pi (u1 - 1/2) in [-pi, pi). On the GPU the square root goes
/// through rsqrt and the sine and cosine through the hardware's approximations (absolute error below 2^-21.4
/// on [-pi, pi], times a radius below 5.8); the host computes them in double. The two agree within a few
/// 1e-6, far inside float32's spread of the distribution, and the GPU spends a third fewer instructions.
NUMCU_HD inline void box_muller(float u0, float u1, float& x, float& y) {
  const float r2 = -2.0f * math::log(1.0f - u0);
#if defined(__CUDA_ARCH__)
  const float radius = r2 > 0.0f ? r2 * rsqrtf(r2) : 0.0f;
  float s, c;
  __sincosf(6.28318530717958647692f * (u1 - 0.5f), &s, &c);
  x = radius * c;
  y = radius * s;
#else
  const double radius = math::sqrt(static_cast<double>(r2));
  const double angle = 6.283185307179586476925 * (static_cast<double>(u1) - 0.5);
  x = static_cast<float>(radius * math::cos(angle));
  y = static_cast<float>(radius * math::sin(angle));
#endif
}

/// The values of element group @p g, as T. Narrow floating groups compute in float32 (T is float16,
/// bfloat16 or float32), wide ones in float64; uniform draws scale in float64 without contraction, so that
/// both backends give the same bits. Integer draws are in [low, low + range): Lemire's multiply-shift (the
/// high bits of random * range).
template <distribution Kind, bool Wide, class T>
NUMCU_HD void random_values(const random_params& p, uint64_t g, T (&out)[group_elements<Wide>]) {
  const philox_result r = philox_group(p, g);
  if constexpr (Kind == distribution::integers) {
    const auto low = static_cast<uint64_t>(p.low);
    if constexpr (!Wide) {
      for (int i = 0; i < 4; ++i) {
        uint32_t hi;
        mulhilo32(r.v[i], static_cast<uint32_t>(p.range), hi);
        out[i] = cast<T>(static_cast<int64_t>(low + hi));
      }
    } else {
      for (int i = 0; i < 2; ++i) {
        const uint64_t x = (static_cast<uint64_t>(r.v[2 * i]) << 32) | r.v[2 * i + 1];
#if defined(__CUDA_ARCH__)
        const uint64_t draw = __umul64hi(x, p.range);
#else
        const auto draw = static_cast<uint64_t>((static_cast<unsigned __int128>(x) * p.range) >> 64);
#endif
        out[i] = cast<T>(static_cast<int64_t>(low + draw));
      }
    }
  } else if constexpr (!Wide) {
    float u[4];
    for (int i = 0; i < 4; ++i) u[i] = unit_float(r.v[i]);
    if constexpr (Kind == distribution::normal) {
      // Box-Muller on (u0, u1) and (u2, u3)
      const float loc = static_cast<float>(p.a), scale = static_cast<float>(p.b);
      for (int i = 0; i < 4; i += 2) {
        float x, y;
        box_muller(u[i], u[i + 1], x, y);
        out[i] = cast<T>(x * scale + loc);
        out[i + 1] = cast<T>(y * scale + loc);
      }
    } else if constexpr (Kind == distribution::exponential) {
      const float scale = static_cast<float>(p.a);
      for (int i = 0; i < 4; ++i) out[i] = cast<T>(-math::log(1.0f - u[i]) * scale);
    } else {
      for (int i = 0; i < 4; ++i)
        out[i] = cast<T>(static_cast<float>(add_rn(p.a, mul_rn(p.b - p.a, static_cast<double>(u[i])))));
    }
  } else {
    const double u0 = unit_double(r.v[0], r.v[1]), u1 = unit_double(r.v[2], r.v[3]);
    if constexpr (Kind == distribution::normal) {
      const double radius = math::sqrt(-2.0 * math::log(1.0 - u0));
      const double angle = 6.283185307179586476925 * u1;
      out[0] = cast<T>(radius * math::cos(angle) * p.b + p.a);
      out[1] = cast<T>(radius * math::sin(angle) * p.b + p.a);
    } else if constexpr (Kind == distribution::exponential) {
      out[0] = cast<T>(-math::log(1.0 - u0) * p.a);
      out[1] = cast<T>(-math::log(1.0 - u1) * p.a);
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
