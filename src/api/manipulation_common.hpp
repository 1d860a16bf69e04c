// What the manipulation and joining files lend the api's other files: views along one axis, the joining of
// arrays along one (concatenate's core, which differences.cpp's diff and ediff1d use for prepend=, append=,
// to_begin=, to_end=), and the check of a cast against a casting rule.
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

/// Throws dtype_error with NumPy's message ("Cannot cast array data from dtype('float64') to dtype('int64')
/// according to the rule 'same_kind'") unless @p rule allows casting array data from @p from to @p to.
void require_castable(dtype from, dtype to, casting rule);

}  // namespace numcu::detail
