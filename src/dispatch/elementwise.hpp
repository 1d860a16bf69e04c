// Elementwise calls from the public API: NumPy 2's type resolution (promotion with weak scalars, then the
// ufunc's loop list), broadcasting, the out argument and overlap, then the backend of the operands' device.
#pragma once

#include <initializer_list>
#include <optional>
#include <utility>

#include "core/type_resolution.hpp"
#include "device/ufunc_ops.hpp"
#include "numcu/elementwise.hpp"

namespace numcu::detail {

/// Runs ufunc @p u on @p inputs, into @p out when given.
/// @throws dtype_error (no loop, output cast not allowed, integer scalar out of range), shape_error,
/// device_error.
ndarray call_ufunc(ufunc_id u, std::initializer_list<operand> inputs, const std::optional<ndarray>& out,
                   const ufunc_params& params = {});

/// A ufunc of two outputs in one pass, into two new arrays: numpy.divmod (@p u floor_divide: quotient and
/// remainder), modf (fractional and integral parts) or frexp (mantissa and int32 exponent).
/// @throws as call_ufunc.
std::pair<ndarray, ndarray> call_two_outputs(ufunc_id u, std::initializer_list<operand> inputs);

/// NumPy's ufunc.at for @p u (add, subtract, multiply, minimum or maximum), @p loop resolved for the dtypes
/// of
/// @p target and @p values: the element of @p target at offsets[i] (in bytes from its first) becomes
/// u(that element, values[i]) cast back to target's dtype, for each i in the order @p order lists them (a
/// stable argsort of offsets: the contributions to one element apply in turn, each reading what the last
/// wrote). offsets and order are int64, and they and values C-contiguous, of one size, on target's device.
void scatter_ufunc_into(ufunc_id u, const resolved_loop& loop, const ndarray& target, const ndarray& offsets,
                        const ndarray& order, const ndarray& values);

}  // namespace numcu::detail
