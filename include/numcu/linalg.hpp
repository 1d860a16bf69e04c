/// @file linalg.hpp
/// @brief Products of vectors and arrays with NumPy's names, result dtypes and messages: outer, vdot, vecdot,
/// kron, cross, and in `numcu::linalg` numpy.linalg's outer, vecdot, cross, vector_norm, trace, diagonal and
/// matrix_transpose. Each is built from the elementwise engine, the reductions and views, so it runs on every
/// device; a product's integer result wraps in its dtype as NumPy's does, and float16 and bfloat16 dot
/// products accumulate in float32.
#pragma once

#include <cstdint>
#include <optional>

#include "numcu/dtype.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/shape.hpp"

namespace numcu {

/// numpy.outer: out[i, j] = a.ravel()[i] * b.ravel()[j], in the dtype NumPy's multiply gives (into @p out
/// when given, as multiply's out=: a shape the result broadcasts to). @throws shape_error for another @p out,
/// dtype_error where multiply has no loop or out's dtype refuses the cast, device_error.
ndarray outer(const ndarray& a, const ndarray& b, const std::optional<ndarray>& out = std::nullopt);

/// numpy.vdot: the dot product of the flattened arrays, @p a conjugated when complex, as a 0-d array of their
/// promoted dtype. @throws shape_error "cannot reshape array of size 5 into shape (6,)" where the sizes
/// differ, dtype_error, device_error.
ndarray vdot(const ndarray& a, const ndarray& b);

/// numpy.vecdot (and numpy.linalg.vecdot): the dot products of the vectors along @p axis of @p x1 and @p x2
/// (x1 conjugated when complex), the other axes broadcast; the result has the promoted dtype (integers wrap
/// in it, bool is the logical or of ands, float16 and bfloat16 accumulate in float32). @throws shape_error
/// for a 0-d operand ("vecdot: Input operand 0 does not have enough dimensions (has 0, gufunc core with
/// signature (n),(n)->() requires 1)"), vectors of different lengths ("vecdot: Input operand 1 has a mismatch
/// in its core dimension 0, with gufunc signature (n),(n)->() (size 4 is different from 3)") or other axes
/// that do not broadcast; index_error for an axis out of range.
ndarray vecdot(const ndarray& x1, const ndarray& x2, std::int64_t axis = -1);

/// numpy.kron: the Kronecker product, the block array of @p b scaled by each element of @p a (the operand
/// with fewer dimensions taken with leading axes of extent 1; a 0-d operand simply multiplies). @throws
/// dtype_error, device_error.
ndarray kron(const ndarray& a, const ndarray& b);

/// The axes numpy.cross takes: the vectors' axis in a, in b and in the result, or @p axis for all three.
struct cross_axes {
  std::int64_t axisa = -1;             ///< the axis of a's vectors
  std::int64_t axisb = -1;             ///< the axis of b's vectors
  std::int64_t axisc = -1;             ///< the axis of the result's vectors (where they have 3 components)
  std::optional<std::int64_t> axis{};  ///< when given, the axis of all three
};

/// numpy.cross: the cross products of the vectors of 2 or 3 components along the given axes of @p a and
/// @p b, the other axes broadcast, in the promoted dtype; two 2-component vectors give the z component
/// alone, as NumPy (which deprecates 2-component vectors) does. @throws shape_error "At least one array has
/// zero dimension", "incompatible dimensions for cross product\n(dimension must be 2 or 3)" or for other
/// axes that do not broadcast; index_error "axisa: axis 2 is out of bounds for array of dimension 1";
/// dtype_error for bool, whose subtract or negative NumPy refuses.
ndarray cross(const ndarray& a, const ndarray& b, const cross_axes& axes = {});

/// NumPy's numpy.linalg namespace.
namespace linalg {

/// numpy.linalg.outer: numpy.outer of two 1-D arrays. @throws shape_error "Input arrays must be
/// one-dimensional, but they are x1.ndim=2 and x2.ndim=1." otherwise.
ndarray outer(const ndarray& x1, const ndarray& x2);

/// numpy.linalg.vecdot: numpy.vecdot.
ndarray vecdot(const ndarray& x1, const ndarray& x2, std::int64_t axis = -1);

/// numpy.linalg.cross: numpy.cross of vectors of 3 components along @p axis of both. @throws index_error
/// "tuple index out of range" for an axis out of range, shape_error "Both input arrays must be (arrays of)
/// 3-dimensional vectors, but they are 2 and 2 dimensional instead." for other lengths.
ndarray cross(const ndarray& x1, const ndarray& x2, std::int64_t axis = -1);

/// numpy.linalg.vector_norm: the @p ord-norm of the vectors along @p axis (none: the flattened array; a list:
/// those axes taken together), in the input's floating dtype (integers and bool in float64, complex in its
/// real type): ord 2 sqrt(sum |x|^2), 1 sum |x|, inf max |x| (0 when empty), -inf min |x|, 0 the count of
/// nonzero elements, another p (sum |x|^p)^(1/p). @p keepdims keeps each reduced axis as an axis of extent 1.
/// @throws index_error for an axis out of range, shape_error "repeated axis", or for -inf over no element
/// ("zero-size array to reduction operation minimum which has no identity").
ndarray vector_norm(const ndarray& x, const axis_arg& axis = none, bool keepdims = false, double ord = 2.0);

/// numpy.linalg.trace: the sums along diagonal @p offset of the matrices in the last two axes, in sum's dtype
/// or @p t. @throws shape_error "diag requires an array of at least two dimensions".
ndarray trace(const ndarray& x, std::int64_t offset = 0, std::optional<dtype> t = std::nullopt);

/// numpy.linalg.diagonal: diagonal @p offset of the matrices in the last two axes (a view). @throws
/// shape_error "diag requires an array of at least two dimensions".
ndarray diagonal(const ndarray& x, std::int64_t offset = 0);

/// numpy.linalg.matrix_transpose: the last two axes exchanged (a view). @throws shape_error "Input array must
/// be at least 2-dimensional, but it is 1".
ndarray matrix_transpose(const ndarray& x);

}  // namespace linalg

}  // namespace numcu
