/// @file selection.hpp
/// @brief Advanced indexing (integer arrays and boolean masks in `a(...)`) and assignment through it; take,
/// put, compress and the other index functions.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "numcu/device.hpp"
#include "numcu/indexing.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/scalar.hpp"

namespace numcu {

/// One entry of an index with arrays: a basic entry (numcu::index_t) or an integer or bool ndarray.
using array_index_t = std::variant<std::int64_t, slice, all_t, newaxis_t, ellipsis_t, ndarray>;

/// What `a(...)` is when an ndarray is among the indices: NumPy's advanced indexing of @p a, not yet done.
/// Converted to an ndarray it is NumPy's `a[...]`, a new array (a copy); assigned to, it is NumPy's
/// `a[...] = values`, written into a.
///
/// Integer arrays (any integer dtype; negative entries count from the end) are broadcast together, integers
/// among them count as 0-d arrays, and a bool array of k dimensions stands for the k integer arrays of its
/// nonzero(); the dimensions they index are replaced by the broadcast shape, in place when the array entries
/// are adjacent and first otherwise, as NumPy places them. An index out of bounds throws index_error
/// "index 7 is out of bounds for axis 0 with size 5" and changes nothing; on the GPU the kernel finds it, and
/// the call waits for the kernel to know (one synchronization).
/// @code
/// nc::ndarray positive = a(a > 0);   // a[a > 0]
/// a(a < 0) = 0.0;                    // a[a < 0] = 0
/// nc::ndarray rows = m(idx, nc::all); // m[idx, :]
/// @endcode
class index_expression {
 public:
  /// The expression `base[entries...]`.
  index_expression(ndarray base, std::vector<array_index_t> entries);
  /// Another handle to the same expression.
  index_expression(const index_expression&) = default;

  /// NumPy's `a[...]`: a new array of the selected elements.
  /// @throws index_error (out of bounds, a bool array that does not match, too many indices, a float array),
  /// shape_error (index arrays that do not broadcast together).
  ndarray value() const;
  /// value().
  operator ndarray() const {
    return value();
  }  // NOLINT(google-explicit-constructor): a[...] reads as an array

  /// NumPy's `a[...] = values`: @p values broadcast to the selection's shape and cast unsafely to a's dtype;
  /// where indices repeat, one of the writes wins. Nothing is written when the index or the values are wrong.
  /// @throws index_error, shape_error "shape mismatch: value array of shape (2,) could not be broadcast to
  /// indexing result of shape (3,)".
  index_expression& operator=(const ndarray& values) &&;
  /// `a[...] = value` for every selected element.
  index_expression& operator=(scalar value) &&;
  /// `a[...] = b[...]`: the other selection's values.
  index_expression& operator=(const index_expression& values) &&;

  /// NumPy's `a[...] += values`: the selection read, added to in place (same_kind casting, as NumPy's
  /// in-place operators), written back; an element named twice gets one addition, as in NumPy.
  /// @throws dtype_error "Cannot cast ufunc 'add' output from dtype('float64') to dtype('int64') with casting
  /// rule 'same_kind'", and assignment's errors.
  index_expression& operator+=(const ndarray& values) &&;
  /// `a[...] += value`.
  index_expression& operator+=(scalar value) &&;
  /// `a[...] -= values`, as operator+=.
  index_expression& operator-=(const ndarray& values) &&;
  /// `a[...] -= value`.
  index_expression& operator-=(scalar value) &&;
  /// `a[...] *= values`, as operator+=.
  index_expression& operator*=(const ndarray& values) &&;
  /// `a[...] *= value`.
  index_expression& operator*=(scalar value) &&;
  /// `a[...] /= values` (true division), as operator+=.
  index_expression& operator/=(const ndarray& values) &&;
  /// `a[...] /= value`.
  index_expression& operator/=(scalar value) &&;

 private:
  /// The assignment of @p values or else @p value.
  void assign(const ndarray* values, const scalar* value) const;

  ndarray m_base;
  std::vector<array_index_t> m_entries;
};

/// `a(entries...)` from a list built at run time. Without an ndarray among them, value() is the basic view
/// a(entries...) and assignment writes through it.
index_expression index(const ndarray& a, std::vector<array_index_t> entries);

/// numpy.take: the elements of @p a at @p indices (an integer array, any shape) along @p axis, or of the
/// flattened @p a (none); the result has a's shape with that axis replaced by the indices' shape.
/// @throws index_error "index 7 is out of bounds for axis 0 with size 5" (raise), "cannot do a non-empty take
/// from an empty axes." (wrap, clip), axis_error, dtype_error for indices that are not integers.
ndarray take(const ndarray& a, const ndarray& indices, std::optional<std::int64_t> axis = std::nullopt,
             index_mode mode = index_mode::raise);

/// numpy.put: the flattened @p a at @p indices gets the flattened @p values, repeated as often as needed.
/// Nothing is written when an index is out of bounds (raise). @throws index_error, dtype_error.
void put(const ndarray& a, const ndarray& indices, const ndarray& values,
         index_mode mode = index_mode::raise);

/// numpy.add.at(a, index, values): for each element the index selects, in the order NumPy's a[index] lists
/// them, that element of @p a becomes a + value (@p values broadcast to the selection's shape), unbuffered:
/// an element selected twice gets both, the second added to what the first wrote. @p index is any index of
/// `a(...)` (`{idx}` for one integer array; slices, masks and several arrays as there). As NumPy's ufunc.at,
/// the values are an array of their own dtype (a number is int64, float64, complex128 or bool, never weak),
/// the loop is the ufunc's for the two dtypes, and its result is cast back to a's dtype unsafely. Nothing is
/// written when the call throws. @throws dtype_error (no loop: "numpy boolean subtract ..."), index_error
/// ("index 5 is out of bounds for axis 0 with size 3"), shape_error "array is not broadcastable to correct
/// shape", device_error.
void add_at(const ndarray& a, const std::vector<array_index_t>& index, const ndarray& values);
/// add_at() with one number for every selected element.
void add_at(const ndarray& a, const std::vector<array_index_t>& index, scalar value);
/// numpy.subtract.at: as add_at(), a - value.
void subtract_at(const ndarray& a, const std::vector<array_index_t>& index, const ndarray& values);
/// subtract_at() with one number for every selected element.
void subtract_at(const ndarray& a, const std::vector<array_index_t>& index, scalar value);
/// numpy.multiply.at: as add_at(), a * value.
void multiply_at(const ndarray& a, const std::vector<array_index_t>& index, const ndarray& values);
/// multiply_at() with one number for every selected element.
void multiply_at(const ndarray& a, const std::vector<array_index_t>& index, scalar value);
/// numpy.minimum.at: as add_at(), minimum(a, value) (a NaN on either side wins).
void minimum_at(const ndarray& a, const std::vector<array_index_t>& index, const ndarray& values);
/// minimum_at() with one number for every selected element.
void minimum_at(const ndarray& a, const std::vector<array_index_t>& index, scalar value);
/// numpy.maximum.at: as add_at(), maximum(a, value) (a NaN on either side wins).
void maximum_at(const ndarray& a, const std::vector<array_index_t>& index, const ndarray& values);
/// maximum_at() with one number for every selected element.
void maximum_at(const ndarray& a, const std::vector<array_index_t>& index, scalar value);

/// numpy.compress: the slices of @p a along @p axis (the flattened @p a for none) where the 1-D
/// @p condition is true; a shorter condition selects among the first slices only.
/// @throws shape_error "condition must be a 1-d array", index_error when it is longer than the axis.
ndarray compress(const ndarray& condition, const ndarray& a, std::optional<std::int64_t> axis = std::nullopt);

/// numpy.take_along_axis: the elements of @p arr at @p indices (integers, arr's number of dimensions) along
/// @p axis, the other axes broadcast between the two; none takes from the flattened arr (1-D indices).
/// @throws shape_error "`indices` and `arr` must have the same number of dimensions", index_error.
ndarray take_along_axis(const ndarray& arr, const ndarray& indices, std::optional<std::int64_t> axis = -1);

/// numpy.put_along_axis: writes @p values (broadcast, cast unsafely) into @p arr where take_along_axis reads.
void put_along_axis(const ndarray& arr, const ndarray& indices, const ndarray& values,
                    std::optional<std::int64_t> axis);

/// numpy.choose: element i from choices[a[i]], @p a (integers) and the choices broadcast together, in the
/// choices' promoted dtype; wrap and clip as take's. @throws shape_error "invalid entry in choice array"
/// (raise).
ndarray choose(const ndarray& a, const std::vector<ndarray>& choices, index_mode mode = index_mode::raise);

/// numpy.select: element i from the choice of the first condition true at i, else @p default_value (a weak
/// scalar in the dtype's promotion, as NumPy's Python number). @throws shape_error, dtype_error "invalid
/// entry 0 in condlist: should be boolean ndarray".
ndarray select(const std::vector<ndarray>& condlist, const std::vector<ndarray>& choicelist,
               scalar default_value = std::int64_t{0});

/// numpy.place: the elements of @p arr where @p mask (as many elements) is true, in order, get @p values,
/// repeated as often as needed. @throws shape_error "Cannot insert from an empty array!".
void place(const ndarray& arr, const ndarray& mask, const ndarray& values);

/// numpy.putmask: arr's element i (flat) gets values[i % values.size()] where mask's element i is true.
/// @throws shape_error "putmask: mask and data must be the same size"; dtype_error "Cannot cast array data
/// from dtype('float64') to dtype('int32') according to the rule 'safe'" (NumPy takes the values safely).
void putmask(const ndarray& a, const ndarray& mask, const ndarray& values);

/// numpy.diag_indices: @p ndim int64 arrays arange(n), the indices of the main diagonal.
std::vector<ndarray> diag_indices(std::int64_t n, int ndim = 2, device d = default_device());
/// numpy.diag_indices_from. @throws shape_error for fewer than 2 axes or unequal ones.
std::vector<ndarray> diag_indices_from(const ndarray& arr);

/// numpy.tril_indices: the (row, column) int64 indices of the lower triangle (diagonal @p k) of an n x m
/// matrix (m = n by default), row by row.
std::pair<ndarray, ndarray> tril_indices(std::int64_t n, std::int64_t k = 0,
                                         std::optional<std::int64_t> m = std::nullopt,
                                         device d = default_device());
/// numpy.triu_indices: the upper triangle's, as tril_indices.
std::pair<ndarray, ndarray> triu_indices(std::int64_t n, std::int64_t k = 0,
                                         std::optional<std::int64_t> m = std::nullopt,
                                         device d = default_device());
/// numpy.tril_indices_from(arr, k) of a 2-D array. @throws shape_error "input array must be 2-d".
std::pair<ndarray, ndarray> tril_indices_from(const ndarray& arr, std::int64_t k = 0);
/// numpy.triu_indices_from(arr, k) of a 2-D array. @throws shape_error "input array must be 2-d".
std::pair<ndarray, ndarray> triu_indices_from(const ndarray& arr, std::int64_t k = 0);

/// numpy.indices: the grid of indices of @p dimensions, shape (len(dimensions), *dimensions).
ndarray indices(const shape_t& dimensions, dtype t = int64, device d = default_device());
/// numpy.indices(dimensions, sparse=True): one array of each axis's indices, laid along that axis (length 1
/// along the others), for broadcasting.
std::vector<ndarray> sparse_indices(const shape_t& dimensions, dtype t = int64, device d = default_device());

/// numpy.ix_: each 1-D array (a bool one: its nonzero()) reshaped to lie along its own axis, for an open mesh
/// `a(ix[0], ix[1])`; other dtypes pass as they are, as NumPy's (indexing with them then refuses them).
/// @throws shape_error "Cross index must be 1 dimensional".
std::vector<ndarray> ix_(const std::vector<ndarray>& args);

/// numpy.ravel_multi_index: the flat index, in @p index_order, of the coordinates @p multi_index (integer
/// arrays, broadcast) in an array of shape @p dims. @throws shape_error "invalid entry in coordinates array"
/// (raise), "cannot unravel if shape has zero entries (is empty)." (a 0 in dims, coordinates not empty).
ndarray ravel_multi_index(const std::vector<ndarray>& multi_index, const shape_t& dims,
                          index_mode mode = index_mode::raise, order index_order = order::C);
/// ravel_multi_index() with a mode for each dimension (NumPy's tuple of modes). @throws shape_error "list of
/// clipmodes has wrong length (1 instead of 2)", and as the other form.
ndarray ravel_multi_index(const std::vector<ndarray>& multi_index, const shape_t& dims,
                          const std::vector<index_mode>& modes, order index_order = order::C);

/// numpy.unravel_index: the coordinates of the flat @p indices, read in @p index_order, in an array of
/// @p shape. @throws shape_error "index 20 is out of bounds for array with size 20".
std::vector<ndarray> unravel_index(const ndarray& indices, const shape_t& shape,
                                   order index_order = order::C);

/// numpy.fill_diagonal: the main diagonal of @p a (2-D, or all axes of equal length) gets @p value, repeated
/// as often as needed; @p wrap continues a tall matrix's diagonal below the square.
void fill_diagonal(const ndarray& a, const ndarray& value, bool wrap = false);
/// numpy.fill_diagonal with one value.
void fill_diagonal(const ndarray& a, scalar value, bool wrap = false);

namespace detail {

/// One argument of `a(...)` as an index entry.
template <class I>
array_index_t to_array_index(I&& i) {
  if constexpr (std::is_integral_v<std::remove_cvref_t<I>>) {
    return static_cast<std::int64_t>(i);
  } else {
    return array_index_t(std::forward<I>(i));
  }
}

template <class... I>
index_expression make_index_expression(const ndarray& base, I&&... indices) {
  return index_expression(base, std::vector<array_index_t>{to_array_index(std::forward<I>(indices))...});
}

}  // namespace detail

}  // namespace numcu
