// Elementwise loops outside the scheme of ufunc_loops.inc (one input dtype, one output), the one body of the
// CUDA kernels and the host loops:
//  - numpy.divmod: floor_divide and remainder of the same inputs in one pass, the inputs read once. Plan
//    operand 0 is the quotient, operands 1 and 2 the inputs, operand 3 the remainder; both outputs are fresh
//    arrays of the loop's output dtype.
//  - numpy.modf and numpy.frexp: one input, two outputs (plan operands 0 and 3): modf's fractional and
//    integral parts in the loop's dtype, frexp's mantissa in the loop's dtype and its exponent as int32.
//  - NumPy 2's comparison loops for a signed integer against uint64 ('qQ->?', 'Qq->?'): exact, where
//    promotion alone would compare through float64. Both inputs are read as 128-bit integers.
#pragma once

#include "device/math.hpp"
#include "device/ufunc_element.hpp"

namespace numcu::detail {

/// The plan operand of divmod's second output.
inline constexpr int second_output_operand = 3;

/// Computes divmod of the inputs at plan addresses @p p and stores both results.
template <class T, class Pointers>
NUMCU_HD void apply_divmod_at(const ufunc_args& args, const Pointers& p) {
  constexpr ufunc_id div = ufunc_id::floor_divide, mod = ufunc_id::remainder;
  using O = output_t<div, T>;
  static_assert(is_same_v<O, output_t<mod, T>>);
  ufunc_op<div> quotient;
  ufunc_op<mod> remainder;
  const T a = load_input<div, 0, T>(args, p[1]);
  const T b = load_input<div, 1, T>(args, p[2]);
  *reinterpret_cast<O*>(p[0]) = apply_ufunc<div, O, T>(quotient, a, b);
  *reinterpret_cast<O*>(p[second_output_operand]) = apply_ufunc<mod, O, T>(remainder, a, b);
}

/// Computes ufunc U (floor_divide for divmod, modf or frexp) of the inputs at plan addresses @p p and stores
/// both results, for a loop of storage type T.
template <ufunc_id U, class T, class Pointers>
NUMCU_HD void apply_two_outputs_at(const ufunc_args& args, const Pointers& p) {
  if constexpr (U == ufunc_id::floor_divide) {
    apply_divmod_at<T>(args, p);
  } else {
    using C = compute_t<T>;
    const C x = static_cast<C>(load_input<U, 0, T>(args, p[1]));
    T* first = reinterpret_cast<T*>(p[0]);
    if constexpr (U == ufunc_id::modf) {
      C whole;
      *first = cast<T>(math::modf(x, &whole));
      *reinterpret_cast<T*>(p[second_output_operand]) = cast<T>(whole);
    } else {
      // NumPy (through C's frexp) gives exponent 0 for infinities and NaN, which C leaves unspecified
      int exponent = 0;
      *first = cast<T>(math::isfinite(x) ? math::frexp(x, &exponent) : x);
      *reinterpret_cast<int32_t*>(p[second_output_operand]) = exponent;
    }
  }
}

/// Calls f.template operator()<U>() for the two-output ufunc @p u (floor_divide standing for divmod).
template <class F>
void visit_two_outputs(ufunc_id u, F&& f) {
  switch (u) {
    case ufunc_id::modf:
      return f.template operator()<ufunc_id::modf>();
    case ufunc_id::frexp:
      return f.template operator()<ufunc_id::frexp>();
    default:
      return f.template operator()<ufunc_id::floor_divide>();
  }
}

/// True for the six comparison ufuncs.
constexpr bool is_comparison(ufunc_id u) {
  return u == ufunc_id::equal || u == ufunc_id::not_equal || u == ufunc_id::less ||
         u == ufunc_id::less_equal || u == ufunc_id::greater || u == ufunc_id::greater_equal;
}

/// An element of integer type T at @p p, widened exactly (0 for the other types, which this loop never
/// sees).
template <class T>
NUMCU_HD __int128 wide_integer_at(const char* p) {
  if constexpr (is_integral_v<T> && !is_same_v<T, bool>)
    return *reinterpret_cast<const T*>(p);
  else
    return 0;
}

/// An integer element of dtype @p t (a signed or unsigned integer: the only dtypes of this loop) at @p p,
/// exactly. Read directly rather than through load_as: cicc spends minutes on the casts of every dtype to
/// 128 bits in the general kernel.
NUMCU_HD inline __int128 load_wide_integer(const char* p, dtype_code t) {
  switch (t) {
#define NUMCU_WIDE_CASE(name, storage_type, letter, itemsize) \
  case dtype_code::name:                                      \
    return wide_integer_at<storage_type>(p);
    NUMCU_FOR_EACH_DTYPE(NUMCU_WIDE_CASE)
#undef NUMCU_WIDE_CASE
  }
  return 0;
}

/// Compares the two integer inputs at plan addresses @p p exactly with comparison U and stores the result.
template <ufunc_id U, class Pointers>
NUMCU_HD void apply_mixed_comparison_at(const ufunc_args& args, const Pointers& p) {
  ufunc_op<U> op;
  const bool r =
      op(load_wide_integer(p[1], args.input_dtypes[0]), load_wide_integer(p[2], args.input_dtypes[1]));
  store_as(p[0], args.out_dtype, r);
}

/// Calls f.template operator()<U>() for comparison @p u.
template <class F>
void visit_comparison(ufunc_id u, F&& f) {
  switch (u) {
    case ufunc_id::equal:
      return f.template operator()<ufunc_id::equal>();
    case ufunc_id::not_equal:
      return f.template operator()<ufunc_id::not_equal>();
    case ufunc_id::less:
      return f.template operator()<ufunc_id::less>();
    case ufunc_id::less_equal:
      return f.template operator()<ufunc_id::less_equal>();
    case ufunc_id::greater:
      return f.template operator()<ufunc_id::greater>();
    case ufunc_id::greater_equal:
      return f.template operator()<ufunc_id::greater_equal>();
    default:
      return;
  }
}

}  // namespace numcu::detail
