// The axes of a reduction as NumPy reads them, and the shape they leave: shared by the built-in reductions
// and user reduction kernels.
#pragma once

#include <cstdint>
#include <vector>

#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// The axes @p axis names (none: every axis), NumPy's errors for out-of-range and repeated ones.
std::vector<int> reduced_axes(const ndarray& a, const axis_arg& axis);

/// The shape of a reduction of @p a over @p axes (each 0 ... ndim-1), the reduced ones kept as extent 1 with
/// @p keepdims.
shape_t reduced_shape(const ndarray& a, const std::vector<int>& axes, bool keepdims);

/// The number of elements of @p a over @p axes.
std::int64_t reduced_count(const ndarray& a, const std::vector<int>& axes);

/// Throws shape_error, in NumPy's words and order, where the operands of a reduction of an array of @p shape
/// over @p axes (@p keepdims) do not fit together: @p out (when given) of the wrong number of dimensions
/// (naming
/// @p ufunc), a @p where mask (when given) of more dimensions than the array, then NumPy's iterator's checks:
/// the operands' broadcast, and axis by axis from the last, out's extent 1 where the result's is not or not 1
/// on a kept reduced axis, and the array's extent where out or the mask would broadcast it.
void check_reduction_operands(const char* ufunc, const shape_t& shape, const std::vector<int>& axes,
                              bool keepdims, const ndarray* out, const shape_t* where = nullptr);

}  // namespace numcu::detail
