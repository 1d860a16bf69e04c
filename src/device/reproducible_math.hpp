// The logarithm, sine and cosine of the random transforms, computed by the same operations on both backends
// so that normal and exponential draws agree bit for bit on the CPU and the GPU. The C library and CUDA's
// math library each round their own way in the last place; here every step is an IEEE operation that both
// round correctly (add, multiply, divide, fma, rint, integer bit operations), and every product that meets an
// addition is either an explicit fma or rounded on its own (mul_rn), so nvcc's contraction of a * b + c into
// a fused multiply-add cannot make the GPU differ from the host. Float arguments give float arithmetic
// throughout, so the float32 transforms stay as cheap as the GPU's own.
//
// Polynomial coefficients are minimax fits (relative error) made for these reductions; the error bounds
// below are measured against long double over dense sweeps of the domains (tests/test_random.cpp).
#pragma once

#include "device/exact_arithmetic.hpp"
#include "device/math.hpp"
#include "device/types.hpp"

namespace numcu::detail::repro {

/// The natural logarithm of a positive normal float (the random transforms pass (0, 1]): within 0.91 ulp of
/// the exact value on [2^-24, 1] (measured over every float there).
NUMCU_HD inline float log(float x) {
  // x = 2^e m with m in [2/3, 4/3): subtracting the bits of 2/3 leaves e in the exponent field
  const uint32_t bits = __builtin_bit_cast(uint32_t, x);
  const int32_t e = static_cast<int32_t>(bits - 0x3f2aaaabu) >> 23;
  const float m = __builtin_bit_cast(float, bits - (static_cast<uint32_t>(e) << 23));
  const float f = m - 1.0f;  // exact (m is within a factor 2 of 1)
  // log1p(f) = f + f^2 p(f) on [-1/3, 1/3], p of degree 8 (fit error 2^-27.7 relative to log1p)
  float p = -0.129488334f;
  p = math::fma(p, f, 0.140047625f);
  p = math::fma(p, f, -0.121671855f);
  p = math::fma(p, f, 0.140011594f);
  p = math::fma(p, f, -0.16682303f);
  p = math::fma(p, f, 0.20010747f);
  p = math::fma(p, f, -0.249997169f);
  p = math::fma(p, f, 0.333332092f);
  p = math::fma(p, f, -0.5f);
  const float log1p_f = math::fma(f * f, p, f);
  // e ln 2 in two parts, so that its rounding does not reach the result's last place
  const auto ef = static_cast<float>(e);
  return math::fma(ef, 0.693147182f, math::fma(ef, -1.90465421e-09f, log1p_f));
}

/// The natural logarithm of a positive normal double: within 0.84 ulp of the exact value on [2^-53, 1].
NUMCU_HD inline double log(double x) {
  // x = 2^e m with m in [sqrt(2)/2, sqrt(2)), as in the float version
  const uint64_t bits = __builtin_bit_cast(uint64_t, x);
  const int64_t e = static_cast<int64_t>(bits - 0x3fe6a09e667f3bcdull) >> 52;
  const double m = __builtin_bit_cast(double, bits - (static_cast<uint64_t>(e) << 52));
  const double f = m - 1.0;
  // log1p(f) = 2 atanh(s) with s = f / (2 + f), |s| < 0.1716: 2 atanh(s) = 2s + s R(s^2), and since
  // 2s = f - s f = f - (f^2/2 - s f^2/2), log1p(f) = f - (f^2/2 - s (f^2/2 + R)), whose correction term is
  // small beside f; R(z) = z q(z), q of degree 6 (fit error 2^-59.5 relative to log1p)
  const double s = f / (2.0 + f);
  const double z = s * s;
  double q = 0.14795951049984649;
  q = math::fma(q, z, 0.15314050406599919);
  q = math::fma(q, z, 0.18183564332337021);
  q = math::fma(q, z, 0.22222198573051388);
  q = math::fma(q, z, 0.28571428742389104);
  q = math::fma(q, z, 0.3999999999941467);
  q = math::fma(q, z, 0.6666666666666734);
  const double half_f2 = mul_rn(0.5 * f, f);
  const double half_f2_plus_r = math::fma(z, q, half_f2);
  // e ln 2 in two parts: the high one has 32 significant bits, so e times it is exact
  const auto ed = static_cast<double>(e);
  const double t = math::fma(s, half_f2_plus_r, ed * 1.9082149292705877e-10);
  return math::fma(ed, 0.69314718036912382, f - (half_f2 - t));
}

/// sin(pi v) and cos(pi v) for |v| <= 1 (the Box-Muller angle is pi v): each within 0.99 ulp of the exact
/// value (measured at every angle draw of the float normals, v = k 2^-23 - 1). Writing v = q/2 + r with
/// integer q and |r| <= 1/4 is exact, so the reduction adds no error, and the result is accurate relative to
/// its own size even next to the zeros.
NUMCU_HD inline void sincospi(float v, float& sin_out, float& cos_out) {
  const float q = math::rint(v + v);
  const float r = math::fma(q, -0.5f, v);  // exact
  const float z = r * r;
  // sin(pi r) = pi r + r^3 ps(z), cos(pi r) = 1 + z pc(z) (fit errors 2^-28.0 and 2^-33.9, relative)
  float ps = -0.589418769f;
  ps = math::fma(ps, z, 2.54980516f);
  ps = math::fma(ps, z, -5.16770887f);
  const float sin_r = math::fma(r, 3.14159274f, math::fma(r, -8.74227766e-08f, (r * z) * ps));
  float pc = 0.23136422f;
  pc = math::fma(pc, z, -1.33505058f);
  pc = math::fma(pc, z, 4.05870771f);
  pc = math::fma(pc, z, -4.93480206f);
  const float cos_r = math::fma(z, pc, 1.0f);
  // sin(pi v) and cos(pi v) from the quarter turn q mod 4
  const int quarter = static_cast<int>(q);
  const float a = (quarter & 1) ? cos_r : sin_r, b = (quarter & 1) ? sin_r : cos_r;
  sin_out = (quarter & 2) ? -a : a;
  cos_out = ((quarter + 1) & 2) ? -b : b;
}

/// sin(pi v) and cos(pi v) for |v| <= 1 in double: each within 1.05 ulp of the exact value (see the float
/// version).
NUMCU_HD inline void sincospi(double v, double& sin_out, double& cos_out) {
  const double q = math::rint(v + v);
  const double r = math::fma(q, -0.5, v);
  const double z = r * r;
  // fit errors 2^-57.9 (sine) and 2^-64.5 (cosine), relative
  double ps = 0.00046157521502281421;
  ps = math::fma(ps, z, -0.0073700306437285163);
  ps = math::fma(ps, z, 0.082145869910181954);
  ps = math::fma(ps, z, -0.5992645289680093);
  ps = math::fma(ps, z, 2.5501640398739136);
  ps = math::fma(ps, z, -5.1677127800499587);
  const double sin_r = math::fma(r, 3.1415926535897931, math::fma(r, 1.2246467991473532e-16, (r * z) * ps));
  double pc = -0.00010356657340610555;
  pc = math::fma(pc, z, 0.0019294657202699513);
  pc = math::fma(pc, z, -0.025806885671181157);
  pc = math::fma(pc, z, 0.23533063019291192);
  pc = math::fma(pc, z, -1.3352627688520045);
  pc = math::fma(pc, z, 4.0587121264167489);
  pc = math::fma(pc, z, -4.934802200544679);
  const double cos_r = math::fma(z, pc, 1.0);
  const int quarter = static_cast<int>(q);
  const double a = (quarter & 1) ? cos_r : sin_r, b = (quarter & 1) ? sin_r : cos_r;
  sin_out = (quarter & 2) ? -a : a;
  cos_out = ((quarter + 1) & 2) ? -b : b;
}

}  // namespace numcu::detail::repro
