// What the manipulation and joining files lend the api's other files: views along one axis, the slices at
// given positions along one, the joining of arrays along one (concatenate's core, which differences.cpp's
// diff and ediff1d use for prepend=, append=, to_begin=, to_end=), NumPy's naming of the argument of a bad
// axis, and the check of a cast against a casting rule.
#pragma once

#include <string>
#include <vector>

#include "numcu/error.hpp"
#include "numcu/indexing.hpp"
#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// The view of @p a selecting @p range along @p axis, every other axis whole.
ndarray along(const ndarray& a, int axis, const slice& range);

/// The slices of the C-contiguous @p x at the positions @p index (int64, 1-D, each in range) along @p axis,
/// as a new C-contiguous array (NumPy's take with an axis): one take kernel.
ndarray take_positions(const ndarray& x, const ndarray& index, int axis);

/// The first @p n elements of the flattened @p values repeated over and over (numpy.put's, putmask's and
/// resize's values), as a new 1-D array; values has elements.
ndarray cycled(const ndarray& values, std::int64_t n);

/// NumPy's index_error "index 7 is out of bounds for axis 0 with size 5" (@p index as NumPy prints it).
index_error out_of_bounds(const std::string& index, int axis, std::int64_t size);

/// NumPy's shape_error where numpy.broadcast finds two arguments that do not broadcast: "shape mismatch:
/// objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape (2,) and arg 1 with
/// shape (4,)." (roll's shifts and axes, cross's vectors).
shape_error objects_mismatch(const shape_t& first, const shape_t& second);

/// @p normalize() (an axis's normalization), its index_error's message prefixed "<role>: ", as NumPy names
/// the argument whose axis is out of range ("source: axis 2 is out of bounds for array of dimension 2").
template <class Normalize>
auto naming_axis(const std::string& role, Normalize normalize) {
  try {
    return normalize();
  } catch (const index_error& e) {
    throw index_error(role + ": " + e.what());
  }
}

/// Joins @p parts along @p axis into a new array of their promoted dtype, with NumPy's concatenate checks and
/// messages (the axis against the first part, equal numbers of dimensions, equal extents off the axis).
ndarray join_along(const std::vector<ndarray>& parts, int axis);

/// Throws dtype_error with NumPy's message ("Cannot cast array data from dtype('float64') to dtype('int64')
/// according to the rule 'same_kind'") unless @p rule allows casting array data from @p from to @p to.
void require_castable(dtype from, dtype to, casting rule);

}  // namespace numcu::detail
