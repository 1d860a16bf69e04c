// Reductions from the public API: the reduction plan of the input and the output, overlap, then the backend
// of the operands' device.
#pragma once

#include <span>

#include "core/reduction_plan.hpp"
#include "device/reduction_ops.hpp"
#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// The reduction plan of reducing @p in over @p axes (each 0 ... ndim-1, distinct) into @p out (in's shape
/// with the reduced axes removed, or kept as extent 1); @p logical_order as make_reduction_plan's.
reduction_plan plan_reduction(const ndarray& in, std::span<const int> axes, const ndarray& out,
                              bool logical_order = false);

/// Reduces @p in over @p axes (each 0 ... ndim-1, distinct) into @p out with the functor of @p family in
/// dtype @p compute and @p params (its flags). @p out has in's shape with the reduced axes removed, or kept
/// as extent 1 (keepdims), and the same device (checked by callers); every reduced slice has at least one
/// element unless there are no outputs. When @p out overlaps @p in, the result goes through a temporary.
void reduce_into(reduction_family family, dtype compute, const ndarray& in, std::span<const int> axes,
                 const ndarray& out, const reduction_params& params);

/// Running sums (running products with @p product) along the last axis of the C-contiguous @p in into the
/// C-contiguous @p out of the same shape and dtype (one of the scan dtypes of core/backend.hpp); @p out may
/// be
/// @p in.
void scan_last_axis(const ndarray& in, const ndarray& out, bool product);

}  // namespace numcu::detail
