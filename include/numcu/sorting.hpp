/// @file sorting.hpp
/// @brief Sorting, searching and sets with NumPy's names, arguments and order: sort, argsort, lexsort,
/// partition, argpartition, searchsorted; nonzero, flatnonzero, argwhere, extract, one-argument where;
/// bincount, digitize, histogram, histogram_bin_edges, histogram2d, histogramdd; unique
/// and NumPy 2's unique_values, unique_counts, unique_inverse, unique_all; isin, intersect1d, union1d,
/// setdiff1d, setxor1d; median, quantile, percentile and their NaN forms.
///
/// Every dtype sorts in NumPy's order: -0.0 equal to +0.0, NaNs last (for complex values: by the real part,
/// then the imaginary one, with NumPy's classes of NaN last), and every sort is stable, so argsort gives
/// NumPy's `argsort(kind="stable")` indices whatever the kind asked for. A descending sort reverses the last
/// axis of the ascending one: `nc::sort(a)(nc::ellipsis, nc::slice(nc::none, nc::none, -1))` (docs/sorting.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "numcu/ndarray.hpp"

namespace numcu {

/// numpy.sort: a sorted copy of @p a along @p axis (none: of the flattened array).
/// @throws index_error (axis out of range), shape_error (kind and stable both given), device_error.
ndarray sort(const ndarray& a, std::optional<std::int64_t> axis = -1, const sort_options& options = {});

/// numpy.argsort: the int64 indices that sort @p a along @p axis (none: the flattened array), stably. A 0-d
/// array gives [0], as NumPy.
ndarray argsort(const ndarray& a, std::optional<std::int64_t> axis = -1, const sort_options& options = {});

/// numpy.lexsort: the int64 indices that sort by several keys along @p axis, the last key first (the primary
/// one), stably.
/// @throws dtype_error "need sequence of keys with len > 0 in lexsort" (no keys), shape_error "all keys need to be
/// the same shape", index_error (axis), device_error (keys on different devices).
ndarray lexsort(const std::vector<ndarray>& keys, std::int64_t axis = -1);

/// numpy.partition: a copy of @p a along @p axis (none: flattened) with the element at each position of
/// @p kth where a sort puts it, smaller or equal elements before it and greater or equal after. numcu: one row
/// of at least 2^14 elements with one kth holds the elements before the kth's in the sort order, then those
/// equal to it, then those after it, each group in input order; otherwise the sorted array (docs/sorting.md).
/// @throws shape_error "kth(=5) out of bounds (5)", index_error (axis), device_error.
ndarray partition(const ndarray& a, const std::vector<std::int64_t>& kth, std::optional<std::int64_t> axis = -1);
/// numpy.argpartition: the int64 indices that partition @p a, as partition() orders them (otherwise the stable
/// argsort).
ndarray argpartition(const ndarray& a, const std::vector<std::int64_t>& kth,
                     std::optional<std::int64_t> axis = -1);

/// Which of several equal positions searchsorted gives: NumPy's side= "left" or "right".
enum class search_side { left, right };

/// numpy.searchsorted: for each element of @p v, the int64 index where it would go in the 1-D @p a, sorted
/// ascending (or sorted by the int64 indices @p sorter), to keep it sorted: the first such index (left) or the
/// last (right). a and v promote to a common dtype first, as NumPy.
/// @throws shape_error (a not 1-D, sorter not a's shape, a sorter index out of range),
/// device_error.
ndarray searchsorted(const ndarray& a, const ndarray& v, search_side side = search_side::left,
                     const std::optional<ndarray>& sorter = std::nullopt);

/// numpy.nonzero: the int64 indices of the elements that are not zero (NaN counts as not zero), one array per
/// dimension, in C order. Waits for the device (the count sets the result's size).
/// @throws shape_error "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead."
std::vector<ndarray> nonzero(const ndarray& a);
/// numpy.where with one argument: nonzero(condition).
std::vector<ndarray> where(const ndarray& condition);
/// numpy.flatnonzero: the int64 indices of the nonzero elements of the flattened array.
ndarray flatnonzero(const ndarray& a);
/// numpy.argwhere: an (N, a.ndim()) int64 array of the indices of the N nonzero elements.
ndarray argwhere(const ndarray& a);
/// numpy.extract: the elements of the flattened @p arr where the flattened @p condition is not zero.
/// @throws index_error when a true element of condition lies past arr's size.
ndarray extract(const ndarray& condition, const ndarray& arr);

/// numpy.bincount: how often each value 0, 1, ..., max(x) occurs in the 1-D non-negative integer (or bool)
/// @p x (int64), at least @p minlength of them; with @p weights (x's length, real), the sum of the weights of
/// each value instead (float64), added in the input's order as NumPy's. Waits for the device (the largest
/// value sets the result's length).
/// @throws shape_error "'list' argument must have no negative elements", "'minlength' must not be negative",
/// "object too deep for desired array", "The weights and list don't have the same length.";
/// dtype_error "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'".
ndarray bincount(const ndarray& x, const std::optional<ndarray>& weights = std::nullopt, std::int64_t minlength = 0);
/// numpy.digitize: the index of the bin of @p bins (1-D, increasing or decreasing) each element of @p x falls
/// in (int64, x's shape): bins[i-1] <= x < bins[i] for increasing bins, or bins[i-1] < x <= bins[i] with
/// @p right; the mirror image for decreasing ones.
/// @throws shape_error "bins must be monotonically increasing or decreasing", "object too deep for
/// desired array" (bins not 1-D).
ndarray digitize(const ndarray& x, const ndarray& bins, bool right = false);

/// NumPy's keyword arguments of histogram.
struct histogram_options {
  /// The outer edges of equal bins (NumPy's range=); none: the smallest and largest value.
  std::optional<std::pair<double, double>> range{};
  /// Each bin's count divided by the total and the bin's width (float64).
  bool density = false;
  /// One weight per element (a's shape, real): each bin sums its elements' weights, in the weights' dtype.
  std::optional<ndarray> weights{};
};

/// What histogram gives: the counts (int64, the weights' dtype with weights, float64 with density) and the
/// bin_edges.
struct histogram_result {
  ndarray counts;     ///< one per bin
  ndarray bin_edges;  ///< one more than the bins
};

/// numpy.histogram of the flattened @p a into @p bins equal bins: NumPy's edges (a floating input's dtype,
/// float64 for integers and bool) and its index arithmetic, so that every value lands in NumPy's bin. Waits for
/// the device (the range, and the values in it).
/// @throws shape_error "`bins` must be positive, when an integer", "max must be larger than min in range
/// parameter.", "autodetected range of [1.0, inf] is not finite", "weights should have the same shape as a.";
/// dtype_error for complex input (which NumPy bins by the real part only).
histogram_result histogram(const ndarray& a, std::int64_t bins = 10, const histogram_options& options = {});
/// numpy.histogram with the bin edges given (1-D, increasing): bins [e0, e1), ..., [e(n-1), en], the last
/// closed.
/// @throws shape_error "`bins` must increase monotonically, when an array".
histogram_result histogram(const ndarray& a, const ndarray& bins, const histogram_options& options = {});
/// One dimension's bins of histogramdd and histogram2d: a number of equal bins, or the edges (1-D, increasing).
using histogram_bins = std::variant<std::int64_t, ndarray>;

/// NumPy's keyword arguments of histogramdd and histogram2d.
struct histogramdd_options {
  /// The outer edges of each dimension's equal bins (NumPy's range=, one pair per dimension).
  std::optional<std::vector<std::pair<double, double>>> range{};
  /// Each bin's count divided by the total and the bin's volume.
  bool density = false;
  /// One weight per sample point (real).
  std::optional<ndarray> weights{};
};

/// What histogramdd gives: the float64 counts (one axis per dimension) and each dimension's edges.
struct histogramdd_result {
  ndarray hist;                ///< float64, one extent per dimension: its number of bins
  std::vector<ndarray> edges;  ///< each dimension's bin edges
};

/// What histogram2d gives.
struct histogram2d_result {
  ndarray hist;    ///< float64 (x bins, y bins)
  ndarray xedges;  ///< x's bin edges
  ndarray yedges;  ///< y's bin edges
};

/// numpy.histogramdd of the (N, D) @p sample (a 1-D one is N points of one dimension): @p bins is one entry
/// for every dimension or one per dimension. Edges as NumPy's (linspace in a floating sample's dtype, float64
/// for integers and a range), a value on a last edge in the last bin, points outside the edges not counted.
/// @throws shape_error "The dimension of bins must be equal to the dimension of the sample x.", "range argument
/// must have one entry per dimension", "`bins[0]` must be positive, when an integer", "`bins[0]` must be
/// monotonically increasing, when an array"; dtype_error for complex input.
histogramdd_result histogramdd(const ndarray& sample, const std::vector<histogram_bins>& bins = {std::int64_t{10}},
                               const histogramdd_options& options = {});
/// numpy.histogram2d of the points (x[i], y[i]): histogramdd of the two promoted to their common dtype.
/// @throws shape_error when x and y are not 1-D of one length.
histogram2d_result histogram2d(const ndarray& x, const ndarray& y,
                               const std::vector<histogram_bins>& bins = {std::int64_t{10}},
                               const histogramdd_options& options = {});

/// numpy.histogram_bin_edges with equal bins: histogram's bin_edges alone.
ndarray histogram_bin_edges(const ndarray& a, std::int64_t bins = 10, const histogram_options& options = {});

/// NumPy's keyword arguments of unique.
struct unique_options {
  bool return_index = false;    ///< the index of each unique value's first occurrence
  bool return_inverse = false;  ///< the index into the unique values of every element, in the input's shape
  bool return_counts = false;   ///< how often each unique value occurs
  /// Unique slices along this axis instead of unique elements of the flattened array: the slices are compared as
  /// rows of their elements (C order), ordered lexicographically with NaNs last in each element; a slice that
  /// holds a NaN equals no other (equal_nan applies to elements only), and -0.0 equals 0.0. A 1-D array's slices
  /// are its elements: unique as without an axis.
  std::optional<std::int64_t> axis = std::nullopt;
  bool equal_nan = true;        ///< all NaNs one unique value (NaNs of complex values: any part NaN)
};

/// What unique gives: the sorted unique values and what the options asked for (NumPy 2's UniqueAllResult).
struct unique_result {
  /// the sorted unique values (the input's dtype, 1-D); with an axis, the unique slices in its place
  ndarray values;
  /// int64: the first occurrence of each value in the flattened input (with an axis: of each slice)
  std::optional<ndarray> indices;
  /// int64, the input's shape: each element's index into values (with an axis, 1-D: each slice's)
  std::optional<ndarray> inverse_indices;
  std::optional<ndarray> counts;        ///< int64: the occurrences of each value
};

/// numpy.unique of the flattened array: the sorted unique values, all NaNs one value. Waits for the device.
ndarray unique(const ndarray& ar);
/// numpy.unique with return_index, return_inverse, return_counts, axis, equal_nan.
/// @throws index_error "axis 2 is out of bounds for array of dimension 2" (NumPy's AxisError).
unique_result unique(const ndarray& ar, const unique_options& options);
/// numpy.unique_values: the sorted unique values, each NaN its own value (equal_nan=False).
ndarray unique_values(const ndarray& x);
/// numpy.unique_counts: values and counts (equal_nan=False).
unique_result unique_counts(const ndarray& x);
/// numpy.unique_inverse: values and inverse_indices (equal_nan=False).
unique_result unique_inverse(const ndarray& x);
/// numpy.unique_all: values, indices, inverse_indices and counts (equal_nan=False).
unique_result unique_all(const ndarray& x);

/// numpy.isin: a bool array of element's shape, true where an element equals some element of
/// @p test_elements (NaN equals nothing), or the opposite with @p invert. The two promote as NumPy's ==.
ndarray isin(const ndarray& element, const ndarray& test_elements, bool assume_unique = false, bool invert = false);
/// numpy.intersect1d: the sorted unique values in both (the promoted dtype).
ndarray intersect1d(const ndarray& a, const ndarray& b, bool assume_unique = false);
/// numpy.union1d: the sorted unique values in either.
ndarray union1d(const ndarray& a, const ndarray& b);
/// numpy.setdiff1d: the unique values of @p a not in @p b, sorted (with @p assume_unique: a's order kept).
ndarray setdiff1d(const ndarray& a, const ndarray& b, bool assume_unique = false);
/// numpy.setxor1d: the sorted unique values in exactly one of the two.
ndarray setxor1d(const ndarray& a, const ndarray& b, bool assume_unique = false);

/// NumPy's method= of quantile and percentile (NumPy 2's names; Hyndman and Fan's methods).
enum class quantile_method {
  inverted_cdf,
  averaged_inverted_cdf,
  closest_observation,
  interpolated_inverted_cdf,
  hazen,
  weibull,
  linear,
  median_unbiased,
  normal_unbiased,
  lower,
  higher,
  midpoint,
  nearest
};

/// NumPy's keyword arguments of quantile and percentile.
struct quantile_options {
  quantile_method method = quantile_method::linear;  ///< NumPy's method=
  bool keepdims = false;                              ///< keep each reduced axis with extent 1
};

/// numpy.median over @p axis (none: all; one or several): the middle value, or the mean of the two middle ones
/// (integers and bool give float64). NaN where a slice has a NaN; NaN for an empty input.
ndarray median(const ndarray& a, const axis_arg& axis = none, bool keepdims = false);
/// numpy.nanmedian: median of the values that are not NaN (NaN for a slice of NaNs only).
ndarray nanmedian(const ndarray& a, const axis_arg& axis = none, bool keepdims = false);
/// numpy.quantile: the @p q quantile (in [0, 1]) over @p axis, as NumPy 2 computes it for each method. A
/// floating input keeps its dtype for a q given as a number (NumPy's Python float); integers give float64, or
/// their own dtype for the methods that pick an element (lower, higher, nearest, inverted_cdf,
/// closest_observation). Complex input is refused.
/// @throws shape_error "Quantiles must be in the range [0, 1]", dtype_error "a must be an array of real numbers",
/// index_error (empty input, or axis).
ndarray quantile(const ndarray& a, double q, const axis_arg& axis = none, const quantile_options& options = {});
/// numpy.quantile of several q (NumPy's array q, float64): the result's first axis runs over q.
ndarray quantile(const ndarray& a, const std::vector<double>& q, const axis_arg& axis = none,
                 const quantile_options& options = {});
/// numpy.nanquantile: quantile of the values that are not NaN.
ndarray nanquantile(const ndarray& a, double q, const axis_arg& axis = none, const quantile_options& options = {});
/// numpy.nanquantile of several q.
ndarray nanquantile(const ndarray& a, const std::vector<double>& q, const axis_arg& axis = none,
                    const quantile_options& options = {});
/// numpy.percentile: quantile(a, q / 100).
/// @throws shape_error "Percentiles must be in the range [0, 100]".
ndarray percentile(const ndarray& a, double q, const axis_arg& axis = none, const quantile_options& options = {});
/// numpy.percentile of several q.
ndarray percentile(const ndarray& a, const std::vector<double>& q, const axis_arg& axis = none,
                   const quantile_options& options = {});
/// numpy.nanpercentile.
ndarray nanpercentile(const ndarray& a, double q, const axis_arg& axis = none, const quantile_options& options = {});
/// numpy.nanpercentile of several q.
ndarray nanpercentile(const ndarray& a, const std::vector<double>& q, const axis_arg& axis = none,
                      const quantile_options& options = {});

}  // namespace numcu
