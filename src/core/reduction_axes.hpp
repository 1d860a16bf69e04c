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

/// Throws shape_error unless out= has the result's @p shape (NumPy's words, naming @p ufunc, for the number
/// of dimensions and the shape).
void check_reduction_out_shape(const char* ufunc, const shape_t& shape, const ndarray& out);

}  // namespace numcu::detail
