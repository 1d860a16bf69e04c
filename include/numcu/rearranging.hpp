/// @file rearranging.hpp
/// @brief Rearranging elements and building from diagonals and triangles, with NumPy's names and messages:
/// flip, fliplr, flipud, rot90, roll, tile, repeat, meshgrid, diagonal, diag, diagflat, trace, tri, tril,
/// triu. flip, fliplr, flipud, rot90, diagonal and diag of a 2-D array give views, as NumPy's; the others new
/// arrays.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "numcu/device.hpp"
#include "numcu/dtype.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/scalar.hpp"
#include "numcu/shape.hpp"

namespace numcu {

/// numpy.flip: @p a with the order of its elements reversed along @p axis (none: every axis; an int or a
/// list), a view. @throws index_error for an axis out of range.
ndarray flip(const ndarray& a, const axis_arg& axis = none);
/// numpy.fliplr: reversed along axis 1 (a view). @throws shape_error "Input must be >= 2-d.".
ndarray fliplr(const ndarray& a);
/// numpy.flipud: reversed along axis 0 (a view). @throws shape_error "Input must be >= 1-d.".
ndarray flipud(const ndarray& a);
/// numpy.rot90: rotated @p k times by 90 degrees in the plane of @p axes, from the first towards the second
/// (a view). @throws shape_error "len(axes) must be 2.", "Axes must be different.", "Axes=(0, 5) out of range
/// for array of ndim=2.".
ndarray rot90(const ndarray& a, std::int64_t k = 1, const std::vector<std::int64_t>& axes = {0, 1});
/// numpy.roll: the elements moved @p shift places along @p axis (none: of the flattened array, the shape
/// kept; several axes: each by the shift), those pushed past the end coming round to the start. A new array.
/// @throws index_error for an axis out of range.
ndarray roll(const ndarray& a, std::int64_t shift, const axis_arg& axis = none);
/// numpy.roll with one shift per axis (or one axis, all the shifts added), as NumPy broadcasts the two lists.
/// @throws shape_error "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between
/// arg 0 with shape (3,) and arg 1 with shape (2,)." for lists of different lengths.
ndarray roll(const ndarray& a, const std::vector<std::int64_t>& shift, const axis_arg& axis = none);

/// numpy.tile: @p a repeated @p reps times along each axis (reps padded with leading 1s to a's dimensions, or
/// a given leading axes of 1 to reps' length). @throws shape_error "negative dimensions are not allowed".
ndarray tile(const ndarray& a, const std::vector<std::int64_t>& reps);
/// numpy.tile with one count: along the last axis.
ndarray tile(const ndarray& a, std::int64_t reps);
/// numpy.repeat: each element repeated @p repeats times along @p axis (none: of the flattened array).
/// @throws shape_error "negative dimensions are not allowed"; index_error for an axis out of range.
ndarray repeat(const ndarray& a, std::int64_t repeats, std::optional<std::int64_t> axis = std::nullopt);
/// numpy.repeat with a count per element along @p axis (one count: as the scalar form).
/// @throws shape_error "operands could not be broadcast together with shape (3,) (2,)", "repeats may not
/// contain negative values.".
ndarray repeat(const ndarray& a, const std::vector<std::int64_t>& repeats,
               std::optional<std::int64_t> axis = std::nullopt);

/// NumPy's indexing= of meshgrid: Cartesian (the first two outputs' axes exchanged) or matrix.
enum class meshgrid_indexing { xy, ij };

/// numpy.meshgrid: coordinate arrays of the grid spanned by the flattened @p xi, each in its own dtype; with
/// @p sparse, each keeps extent 1 off its own axis; without @p copy, views (broadcast, as NumPy's).
std::vector<ndarray> meshgrid(const std::vector<ndarray>& xi,
                              meshgrid_indexing indexing = meshgrid_indexing::xy, bool sparse = false,
                              bool copy = true);

/// numpy.diagonal: the diagonal @p offset of the planes of @p axis1 and @p axis2 (a view): those axes
/// removed, the diagonal a last axis. @throws shape_error "diag requires an array of at least two
/// dimensions", "axis1 and axis2 cannot be the same"; index_error "axis1: axis 5 is out of bounds for array
/// of dimension 2".
ndarray diagonal(const ndarray& a, std::int64_t offset = 0, std::int64_t axis1 = 0, std::int64_t axis2 = 1);
/// numpy.diag: of a 1-D @p v, a new square array with v on diagonal @p k and zeros elsewhere; of a 2-D one,
/// its diagonal @p k (a view). @throws shape_error "Input must be 1- or 2-d.".
ndarray diag(const ndarray& v, std::int64_t k = 0);
/// numpy.diagflat: diag of @p v flattened.
ndarray diagflat(const ndarray& v, std::int64_t k = 0);
/// numpy.trace: the sums along the diagonals (diagonal(), then sum over its last axis, in sum's dtype or
/// @p t).
ndarray trace(const ndarray& a, std::int64_t offset = 0, std::int64_t axis1 = 0, std::int64_t axis2 = 1,
              std::optional<dtype> t = std::nullopt);
/// numpy.tri: an @p n by @p m (default n) array of ones at and below diagonal @p k, zeros above.
ndarray tri(std::int64_t n, std::optional<std::int64_t> m = std::nullopt, std::int64_t k = 0,
            dtype t = float64, device d = default_device());
/// numpy.tril: @p a with the elements above diagonal @p k of its last two axes zeroed (a 1-D array taken as
/// the rows of a square, as NumPy's). @throws dtype_error "tri() missing 1 required positional argument: 'N'"
/// for a 0-d array (NumPy's TypeError).
ndarray tril(const ndarray& a, std::int64_t k = 0);
/// numpy.triu: @p a with the elements below diagonal @p k of its last two axes zeroed.
ndarray triu(const ndarray& a, std::int64_t k = 0);

/// numpy.pad's modes.
enum class pad_mode {
  constant,
  edge,
  linear_ramp,
  maximum,
  mean,
  median,
  minimum,
  reflect,
  symmetric,
  wrap,
  empty
};

/// numpy.pad's keyword arguments; each list holds one (before, after) pair for every axis, or one pair for
/// all.
struct pad_options {
  /// constant_values (constant): empty means zeros.
  std::vector<std::pair<scalar, scalar>> constant_values{};
  /// end_values (linear_ramp): the values the ramps start from at the result's ends; empty means zeros.
  std::vector<std::pair<scalar, scalar>> end_values{};
  /// stat_length (maximum, mean, median, minimum): empty means the whole axis.
  std::vector<std::pair<std::int64_t, std::int64_t>> stat_length{};
  /// reflect_type='odd' (reflect, symmetric): the values reflected through the edge value.
  bool odd = false;
};

/// numpy.pad: @p a with width[axis] = (before, after) elements added along each axis (one pair: every axis),
/// filled as @p mode says, by NumPy's algorithm axis after axis (corners from the later axes); linear_ramp
/// computes its ramps as NumPy's linspace does, in float64 or complex128 (the end values are int64 or
/// float64 arrays to NumPy), so that the values are NumPy's to the bit.
/// @throws shape_error "index can't contain negative values", "can't extend empty axis 0 using modes other
/// than 'constant' or 'empty'", "stat_length of 0 yields no value for padding"; dtype_error for a constant an
/// integer dtype cannot hold.
ndarray pad(const ndarray& a, const std::vector<std::pair<std::int64_t, std::int64_t>>& width,
            pad_mode mode = pad_mode::constant, const pad_options& options = {});
/// numpy.pad with the same width before and after along every axis.
ndarray pad(const ndarray& a, std::int64_t width, pad_mode mode = pad_mode::constant,
            const pad_options& options = {});

/// numpy.vander: the columns x^(N-1) ... x^0 of the 1-D @p x (@p increasing: x^0 ... x^(N-1)), N = @p columns
/// or len(x), in promote_types(x.dtype, int64), each column the one before times x (NumPy's order; complex
/// products of four or more columns rounded part by part, as NumPy's accumulate loop).
/// @throws shape_error "x must be a one-dimensional array or sequence.".
ndarray vander(const ndarray& x, std::optional<std::int64_t> columns = std::nullopt, bool increasing = false);

/// numpy.trim_zeros: the view of @p filt without the leading (@p trim with 'f') and trailing ('b') zeros
/// along
/// @p axis (none: every axis), the box around its nonzero elements. @throws shape_error "unexpected
/// character(s) in `trim`: 'x'".
ndarray trim_zeros(const ndarray& filt, const std::string& trim = "fb", const axis_arg& axis = none);

/// numpy.resize: a new array of @p shape filled with the flattened @p a repeated (zeros when a is empty).
/// @throws shape_error "all elements of `new_shape` must be non-negative".
ndarray resize(const ndarray& a, const shape_t& shape);

/// numpy.delete of one index along @p axis (none: of the flattened array). @throws index_error "index 5 is
/// out of bounds for axis 0 with size 3".
ndarray delete_(const ndarray& arr, std::int64_t index, std::optional<std::int64_t> axis = std::nullopt);
/// numpy.delete of a slice.
ndarray delete_(const ndarray& arr, const slice& range, std::optional<std::int64_t> axis = std::nullopt);
/// numpy.delete of integer indices or of a bool mask of the axis's length. @throws index_error, shape_error
/// "boolean array argument obj to delete must be one dimensional and match the axis length of 3".
ndarray delete_(const ndarray& arr, const ndarray& obj, std::optional<std::int64_t> axis = std::nullopt);

/// numpy.insert of @p values before position @p index along @p axis (none: of the flattened array): values
/// cast to arr's dtype, given at least arr's dimensions (leading ones added), their first axis moved to @p
/// axis.
/// @throws index_error "index 5 is out of bounds for axis 0 with size 3".
ndarray insert(const ndarray& arr, std::int64_t index, const ndarray& values,
               std::optional<std::int64_t> axis = std::nullopt);
/// numpy.insert of one value, converted as NumPy converts a Python number.
ndarray insert(const ndarray& arr, std::int64_t index, scalar value,
               std::optional<std::int64_t> axis = std::nullopt);
/// numpy.insert before several positions (a 1-D integer array, or a bool mask: its true positions), each
/// value broadcast to its slot, the positions taken in stable order. @throws index_error, shape_error "index
/// array argument obj to insert must be one dimensional or scalar".
ndarray insert(const ndarray& arr, const ndarray& indices, const ndarray& values,
               std::optional<std::int64_t> axis = std::nullopt);
/// numpy.insert before the positions of a slice.
ndarray insert(const ndarray& arr, const slice& range, const ndarray& values,
               std::optional<std::int64_t> axis = std::nullopt);

}  // namespace numcu
