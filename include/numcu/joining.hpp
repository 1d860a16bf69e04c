/// @file joining.hpp
/// @brief Joining and splitting arrays with NumPy's names, promotion and messages: concatenate, stack,
/// hstack, vstack, dstack, column_stack, append, split, array_split, hsplit, vsplit, dsplit, unstack, and
/// atleast_1d, atleast_2d, atleast_3d. Joins make new arrays; splits, unstack and atleast_* give views, as
/// NumPy's.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "numcu/dtype.hpp"
#include "numcu/ndarray.hpp"

namespace numcu {

/// NumPy's keyword arguments of concatenate and stack.
struct join_options {
  /// The result's dtype (NumPy's dtype=); not together with out.
  std::optional<numcu::dtype> dtype = std::nullopt;
  /// Write the result here (NumPy's out=): its shape must be the result's, its dtype is the result's.
  std::optional<ndarray> out = std::nullopt;
  /// The rule each input's cast to the result's dtype must obey (NumPy's casting=).
  numcu::casting casting = numcu::casting::same_kind;
};

/// numpy.concatenate: the @p arrays joined along @p axis (none: each flattened first), in their promoted
/// dtype.
/// @throws shape_error "need at least one array to concatenate", "zero-dimensional arrays cannot be
/// concatenated", "all the input arrays must have same number of dimensions, ...", "all the input array
/// dimensions except for the concatenation axis must match exactly, ...", "Output array is the wrong shape";
/// index_error for an axis out of range; dtype_error "concatenate() only takes `out` or `dtype` as an
/// argument, but both were provided." and "Cannot cast array data from ... according to the rule
/// 'same_kind'"; device_error for arrays on different devices.
ndarray concatenate(const std::vector<ndarray>& arrays, std::optional<std::int64_t> axis = 0,
                    const join_options& options = {});
/// numpy.stack: the @p arrays (all of one shape) joined along a new axis @p axis of the result.
/// @throws shape_error "need at least one array to stack", "all input arrays must have the same shape"; as
/// concatenate otherwise.
ndarray stack(const std::vector<ndarray>& arrays, std::int64_t axis = 0, const join_options& options = {});
/// numpy.hstack: atleast_1d of each, joined along axis 0 when the first is 1-D, else along axis 1.
ndarray hstack(const std::vector<ndarray>& arrays, std::optional<dtype> t = std::nullopt,
               casting rule = casting::same_kind);
/// numpy.vstack: atleast_2d of each, joined along axis 0.
ndarray vstack(const std::vector<ndarray>& arrays, std::optional<dtype> t = std::nullopt,
               casting rule = casting::same_kind);
/// numpy.dstack: atleast_3d of each, joined along axis 2.
ndarray dstack(const std::vector<ndarray>& arrays);
/// numpy.column_stack: 0-d and 1-D arrays as columns (n, 1), others as they are, joined along axis 1.
ndarray column_stack(const std::vector<ndarray>& arrays);
/// numpy.append: @p values after @p arr along @p axis; with none, both flattened.
ndarray append(const ndarray& arr, const ndarray& values, std::optional<std::int64_t> axis = std::nullopt);

/// numpy.split into @p sections equal views along @p axis.
/// @throws shape_error "array split does not result in an equal division", "number sections must be larger
/// than 0."; error "integer modulo by zero" for no sections (NumPy's ZeroDivisionError); index_error "tuple
/// index out of range" for an axis out of range.
std::vector<ndarray> split(const ndarray& a, std::int64_t sections, std::int64_t axis = 0);
/// numpy.split at @p indices along @p axis: the views a[:i0], a[i0:i1], ..., a[ik:] (Python's slicing: an
/// index may be negative, past the end, or below the one before, giving an empty piece).
std::vector<ndarray> split(const ndarray& a, const std::vector<std::int64_t>& indices, std::int64_t axis = 0);
/// numpy.array_split into @p sections views along @p axis, the first (n % sections) one longer.
/// @throws shape_error "number sections must be larger than 0."; index_error "tuple index out of range".
std::vector<ndarray> array_split(const ndarray& a, std::int64_t sections, std::int64_t axis = 0);
/// numpy.array_split at @p indices: as split at indices.
std::vector<ndarray> array_split(const ndarray& a, const std::vector<std::int64_t>& indices,
                                 std::int64_t axis = 0);
/// numpy.hsplit: split along axis 1 (axis 0 of a 1-D array).
/// @throws shape_error "hsplit only works on arrays of 1 or more dimensions".
std::vector<ndarray> hsplit(const ndarray& a, std::int64_t sections);
/// numpy.hsplit at @p indices.
std::vector<ndarray> hsplit(const ndarray& a, const std::vector<std::int64_t>& indices);
/// numpy.vsplit: split along axis 0. @throws shape_error "vsplit only works on arrays of 2 or more
/// dimensions".
std::vector<ndarray> vsplit(const ndarray& a, std::int64_t sections);
/// numpy.vsplit at @p indices.
std::vector<ndarray> vsplit(const ndarray& a, const std::vector<std::int64_t>& indices);
/// numpy.dsplit: split along axis 2. @throws shape_error "dsplit only works on arrays of 3 or more
/// dimensions".
std::vector<ndarray> dsplit(const ndarray& a, std::int64_t sections);
/// numpy.dsplit at @p indices.
std::vector<ndarray> dsplit(const ndarray& a, const std::vector<std::int64_t>& indices);
/// numpy.unstack: the views of @p x at each index along @p axis.
/// @throws shape_error "Input array must be at least 1-d."; index_error "source: axis 2 is out of bounds for
/// array of dimension 2".
std::vector<ndarray> unstack(const ndarray& x, std::int64_t axis = 0);

/// numpy.atleast_1d: a 0-d array as shape (1,), others as they are (a view).
ndarray atleast_1d(const ndarray& a);
/// numpy.atleast_2d: 0-d as (1, 1), 1-D (n,) as (1, n), others as they are (a view).
ndarray atleast_2d(const ndarray& a);
/// numpy.atleast_3d: 0-d as (1, 1, 1), (n,) as (1, n, 1), (m, n) as (m, n, 1), others as they are (a view).
ndarray atleast_3d(const ndarray& a);

/// numpy.block of one level: the arrays (each taken as at least 1-D) joined along their last axis.
/// @throws shape_error "List at arrays cannot be empty" and concatenate's errors.
ndarray block(const std::vector<ndarray>& arrays);
/// numpy.block of two levels, a block matrix: each row's arrays joined along the last axis, the rows along
/// the one before; every array taken with leading axes of length 1 up to max(2, the most axes among them).
/// `nc::block({{a, b}, {c, d}})`; rows of one array each need the type named
/// (`std::vector<std::vector<nc::ndarray>>{{a}, {c}}`), or the braces read as one level.
/// @throws shape_error "List at arrays[1] cannot be empty" and concatenate's errors.
ndarray block(const std::vector<std::vector<ndarray>>& rows);

}  // namespace numcu
