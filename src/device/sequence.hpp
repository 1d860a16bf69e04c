// The element formulas of arange and linspace, shared by the CUDA kernels and the host loops. They follow
// NumPy's own arithmetic step for step (no fused multiply-add), so both backends match NumPy bit for bit.
#pragma once

#include "device/cast.hpp"
#include "device/exact_arithmetic.hpp"
#include "device/math.hpp"

namespace numcu::detail {

/// The arithmetic NumPy's arange fill uses for T: int64 for integers and bool, float for float16, bfloat16
/// and float32, the type itself otherwise.
template <class T>
using arange_arith_t = conditional_t<
    is_integral_v<T>, int64_t,
    conditional_t<is_half_v<T> || is_same_v<T, float>, float, conditional_t<is_complex_v<T>, T, double>>>;

/// Converts an element of T to its arange arithmetic (the start, and start + step, as NumPy stores them).
template <class T>
NUMCU_HD arange_arith_t<T> to_arange_arith(T x) {
  using A = arange_arith_t<T>;
  if constexpr (is_half_v<T>)
    return static_cast<float>(x);
  else
    return static_cast<A>(x);
}

/// The start and step of arange, and its element 1 as NumPy stores it (start + step computed in float64 and
/// cast once; NumPy's fill computes elements 2 onwards only).
template <class T>
struct arange_step {
  arange_arith_t<T> start;
  arange_arith_t<T> delta;
  T second;
};

/// The start and step of arange in T's arithmetic, from its first two elements (raw elements of T), as
/// NumPy's fill functions derive them.
template <class T>
arange_step<T> arange_start_delta(const void* first, const void* second) {
  T a, b;
  memcpy(static_cast<void*>(&a), first, sizeof(T));
  memcpy(static_cast<void*>(&b), second, sizeof(T));
  const auto start = to_arange_arith(a);
  return {start, to_arange_arith(b) - start, b};
}

/// Element i of arange: first + i * delta in T's arange arithmetic, element 1 as stored.
template <class T>
NUMCU_HD T arange_value(const arange_step<T>& s, int64_t i) {
  using A = arange_arith_t<T>;
  const A first = s.start, delta = s.delta;
  if (i == 1) return s.second;
  if constexpr (is_integral_v<A>) {
    // unsigned arithmetic wraps like NumPy's fill in the integer type
    return cast<T>(static_cast<int64_t>(static_cast<uint64_t>(first) +
                                        static_cast<uint64_t>(i) * static_cast<uint64_t>(delta)));
  } else if constexpr (is_complex_v<A>) {
    using P = typename A::value_type;
    const P k = static_cast<P>(i);
    return T(add_rn(first.real(), mul_rn(k, delta.real())), add_rn(first.imag(), mul_rn(k, delta.imag())));
  } else {
    return cast<T>(add_rn(first, mul_rn(static_cast<A>(i), delta)));
  }
}

/// What linspace needs per element, computed once on the host.
struct linspace_params {
  double start[2];  // real, imaginary
  double stop[2];
  double delta[2];
  double step[2];
  double div;
  int64_t n;
  bool step_is_zero;
  bool endpoint;
};

/// Element i of linspace as NumPy computes it in float64 (component-wise for complex), then cast to T.
template <class T>
NUMCU_HD T linspace_value(const linspace_params& p, int64_t i) {
  double part[2];
  const bool last = p.endpoint && p.n > 1 && i == p.n - 1;
  for (int c = 0; c < 2; ++c) {
    const double k = static_cast<double>(i);
    part[c] = last             ? p.stop[c]
              : p.step_is_zero ? add_rn(mul_rn(k / p.div, p.delta[c]), p.start[c])
                               : add_rn(mul_rn(k, p.step[c]), p.start[c]);
  }
  if constexpr (is_complex_v<T>) {
    return cast<T>(complex<double>(part[0], part[1]));
  } else if constexpr (is_integral_v<T> && !is_same_v<T, bool>) {
    return cast<T>(math::floor(part[0]));
  } else {
    return cast<T>(part[0]);
  }
}

}  // namespace numcu::detail
