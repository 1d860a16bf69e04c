// What manipulation.cpp lends the api's other files: views along one axis and the joining of arrays along one
// (concatenate's core, which differences.cpp's diff and ediff1d use for prepend=, append=, to_begin=, to_end=).
#pragma once

#include <vector>

#include "numcu/indexing.hpp"
#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// The view of @p a selecting @p range along @p axis, every other axis whole.
ndarray along(const ndarray& a, int axis, const slice& range);

/// Joins @p parts along @p axis into a new array of their promoted dtype, with NumPy's concatenate checks and
/// messages (the axis against the first part, equal numbers of dimensions, equal extents off the axis).
ndarray join_along(const std::vector<ndarray>& parts, int axis);

}  // namespace numcu::detail
