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

/// Scale times the natural logarithm of a positive normal float (the random transforms pass (0, 1]), for a
/// Scale of +-2^k: every coefficient is scaled, exactly, so that scaled_log<-2>(x) is -2 log(x) to the bit
/// without its own multiply (the Box-Muller radius). log(x) within 1 ulp of the exact value on [2^-24, 1]
/// (measured over every float there).
template <int Scale>
NUMCU_HD float scaled_log(float x) {
  constexpr float k = static_cast<float>(Scale);
  // x = 2^e m with m in [2/3, 4/3): subtracting the bits of 2/3 leaves e in the exponent field
  const uint32_t bits = __builtin_bit_cast(uint32_t, x);
  const int32_t e = static_cast<int32_t>(bits - 0x3f2aaaabu) >> 23;
  const float m = __builtin_bit_cast(float, bits - (static_cast<uint32_t>(e) << 23));
  const float f = m - 1.0f;  // exact (m is within a factor 2 of 1)
  // log1p(f) = f + f^2 p(f) on [-1/3, 1/3], p of degree 8 (fit error 2^-27.7 relative to log1p)
  float p = k * -0.129488334f;
  p = math::fma(p, f, k * 0.140047625f);
  p = math::fma(p, f, k * -0.121671855f);
  p = math::fma(p, f, k * 0.140011594f);
  p = math::fma(p, f, k * -0.16682303f);
  p = math::fma(p, f, k * 0.20010747f);
  p = math::fma(p, f, k * -0.249997169f);
  p = math::fma(p, f, k * 0.333332092f);
  p = math::fma(p, f, k * -0.5f);
  // e ln 2 rounded once: |e| <= 24 keeps its error below a twentieth of the result's last place
  return math::fma(static_cast<float>(e), k * 0.693147182f, math::fma(f * f, p, k * f));
}

/// The natural logarithm of a positive normal float (see scaled_log).
NUMCU_HD inline float log(float x) {
  return scaled_log<1>(x);
}

/// -2 log(x) of a positive normal float, the same bits as -2 * log(x).
NUMCU_HD inline float minus_two_log(float x) {
  return scaled_log<-2>(x);
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

/// -2 log(x) of a positive normal double (a scaling by -2 is exact).
NUMCU_HD inline double minus_two_log(double x) {
  return -2.0 * log(x);
}

/// sin(pi (quarter / 2 + r)) and cos(...) for |r| <= 1/4 and any integer quarter (only quarter mod 4 counts).
NUMCU_HD inline void sincospi_reduced(int quarter, float r, float& sin_out, float& cos_out) {
  const float z = r * r;
  // sin(pi r) = pi_hi r + r (pi_lo + z ps(z)), cos(pi r) = 1 + z pc(z) (fit errors 2^-28.0 and 2^-33.9,
  // relative); pi in two parts, the low one folded into the polynomial
  float ps = -0.589418769f;
  ps = math::fma(ps, z, 2.54980516f);
  ps = math::fma(ps, z, -5.16770887f);
  const float sin_r = math::fma(r, 3.14159274f, r * math::fma(z, ps, -8.74227766e-08f));
  float pc = 0.23136422f;
  pc = math::fma(pc, z, -1.33505058f);
  pc = math::fma(pc, z, 4.05870771f);
  pc = math::fma(pc, z, -4.93480206f);
  const float cos_r = math::fma(z, pc, 1.0f);
  // sin(pi v) and cos(pi v) from the quarter turn mod 4
  const float a = (quarter & 1) ? cos_r : sin_r, b = (quarter & 1) ? sin_r : cos_r;
  sin_out = (quarter & 2) ? -a : a;
  cos_out = ((quarter + 1) & 2) ? -b : b;
}

/// sin(pi v) and cos(pi v) for |v| <= 1: each within 1 ulp of the exact value (measured at every angle draw
/// of the float normals, v = k 2^-23 - 1). Writing v = q/2 + r with integer q and |r| <= 1/4 is exact, so the
/// reduction adds no error, and the result is accurate relative to its own size even next to the zeros.
NUMCU_HD inline void sincospi(float v, float& sin_out, float& cos_out) {
  const float q = math::rint(v + v);
  sincospi_reduced(static_cast<int>(q), math::fma(q, -0.5f, v), sin_out, cos_out);  // r is exact
}

/// sin(pi v) and cos(pi v) of the Box-Muller angle v = 2 k 2^-24 - 1 of a 24-bit draw k, reduced in integer
/// arithmetic: v = q/2 + r with q = round(k / 2^22) - 2 (halves up) and r = (k - (q + 2) 2^22) / 2^23, both
/// exact, two operations fewer than converting k to v first. The values are sincospi(v)'s but where
/// k / 2^22 is a half and the quarter turn is the other neighbour, r = +-1/4 (equally exact).
NUMCU_HD inline void sincospi_of_draw(uint32_t k, float& sin_out, float& cos_out) {
  const uint32_t t = k + (1u << 21) + (1u << 23);  // (q + 4) 2^22 + (k mod 2^22 with its half added)
  const auto quarter = static_cast<int>(t >> 22);  // q + 4: the same quarter turn mod 4
  const float r = math::fma(static_cast<float>(t & ((1u << 22) - 1u)), 0x1p-23f, -0.25f);  // exact
  sincospi_reduced(quarter, r, sin_out, cos_out);
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
