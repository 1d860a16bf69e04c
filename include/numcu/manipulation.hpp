/// @file manipulation.hpp
/// @brief Changing the shape and order of axes: reshape, ravel, transpose, swapaxes, moveaxis, squeeze,
/// expand_dims, broadcast_to, broadcast_arrays, ascontiguousarray. Views wherever NumPy returns views.
#pragma once

#include <optional>
#include <vector>

#include "numcu/indexing.hpp"
#include "numcu/ndarray.hpp"

namespace numcu {

/// `numpy.reshape`: see ndarray::reshape.
ndarray reshape(const ndarray& a, const shape_t& shape);
/// `numpy.ravel`: 1-D, a view when @p a is C-contiguous, a copy otherwise.
ndarray ravel(const ndarray& a);
/// `numpy.transpose`: axes reversed (none), or permuted by @p axes (a view).
/// @throws shape_error "axes don't match array"; index_error for an axis out of range.
ndarray transpose(const ndarray& a, const axis_arg& axes = none);
/// `numpy.swapaxes`: axes @p axis1 and @p axis2 exchanged (a view). @throws index_error for a bad axis.
ndarray swapaxes(const ndarray& a, std::int64_t axis1, std::int64_t axis2);
/// `numpy.moveaxis`: the axes @p source (an int or a list) moved to positions @p destination, the others in
/// order (a view). @throws index_error for a bad axis; shape_error for repeated axes or lists of different
/// lengths.
ndarray moveaxis(const ndarray& a, const axis_arg& source, const axis_arg& destination);
/// `numpy.squeeze`: axes of length 1 removed: all of them (none), or @p axes, an int or a list (a view).
/// @throws shape_error "cannot select an axis to squeeze out which has size not equal to one".
ndarray squeeze(const ndarray& a, const axis_arg& axes = none);
/// `numpy.expand_dims`: axes of length 1 inserted at the positions @p axes (an int or a list) of the result
/// (a view). @throws index_error for a position out of range.
ndarray expand_dims(const ndarray& a, const axis_arg& axes);
/// `numpy.broadcast_to`: a read-only-by-convention view of @p a with @p shape (stride 0 on new axes).
/// @throws shape_error when @p a does not broadcast to @p shape.
ndarray broadcast_to(const ndarray& a, const shape_t& shape);
/// `numpy.broadcast_arrays`: views of all @p arrays broadcast to their common shape.
/// @throws shape_error "operands could not be broadcast together with shapes ...".
std::vector<ndarray> broadcast_arrays(const std::vector<ndarray>& arrays);
/// `numpy.ascontiguousarray`: @p a itself when C-contiguous (and at least 1-D), else a C-order copy.
/// Transposed inputs are copied with tiles so both reads and writes are coalesced.
ndarray ascontiguousarray(const ndarray& a);

}  // namespace numcu
