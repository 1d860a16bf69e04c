// NumPy 2's type resolution of an elementwise call: NumPy's loop search (the first loop of the ufunc's list
// every input casts to safely, each by its own dtype; weak C++ scalars by their kind, NEP 50), the per-ufunc
// rules NumPy's resolvers add, and, for the functions NumPy resolves by promotion (where, isclose,
// true_divide, and the uniform resolvers of positive, sign, gcd and lcm), the operands' common dtype.
// Host-only; the dispatch layer calls it.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "device/ufunc_table.hpp"
#include "numcu/elementwise.hpp"

namespace numcu::detail {

/// The dtype of the real and imaginary parts of a complex dtype; any other dtype itself.
inline dtype component_dtype(dtype t) {
  return t == complex64 ? float32 : t == complex128 ? float64 : t;
}

/// The loop a call resolves to: the input dtype every input is cast to, and the output dtype.
struct resolved_loop {
  dtype input;
  dtype output;
};

/// A resolved call: its loop, and whether it is NumPy 2's exact comparison of a signed integer array with a
/// uint64 array (both read as 128-bit integers; device/special_loops.hpp).
struct call_types {
  resolved_loop loop;
  bool mixed_integers = false;
};

/// The first loop of @p u whose input dtype @p common (the promoted dtype of the operands) casts to safely:
/// the resolution by promotion. @throws dtype_error naming the ufunc and the dtype.
resolved_loop resolve_loop(ufunc_id u, dtype common);

/// Resolves ufunc @p u on @p inputs; @p name is the function's name in messages (divmod for floor_divide's
/// two-output form). @throws dtype_error with NumPy's message ("ufunc 'add' not supported for the input
/// types ...", "numpy boolean subtract, the `-` operator, is not supported, ...").
call_types resolve_call(ufunc_id u, std::string_view name, std::span<const operand> inputs);

/// numpy.isclose's common dtype: y made a float (result_type(y, 1.0): a bool or integer array becomes
/// float64) and promoted with x, weak numbers by their kind, so isclose(float32, bool) is float64. The
/// difference |x - y| is computed in it, and compared in its real part.
dtype isclose_dtype(const operand& x, const operand& y);

/// The dtype numpy.isclose computes its tolerance atol + rtol * |y| in (the weak atol and rtol take y's):
/// the real part of y's floating dtype; float64 where y is a number (Python's arithmetic).
dtype isclose_tolerance_dtype(const operand& y);

/// A dtype as NumPy writes it in messages: dtype('float64').
std::string dtype_repr(dtype t);

}  // namespace numcu::detail
