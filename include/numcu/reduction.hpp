/// @file reduction.hpp
/// @brief Reductions, statistics and scans with NumPy's names, arguments, dtypes and errors: sum, prod, max,
/// min, argmax, argmin, mean, var, std, any, all, count_nonzero, ptp, average and their NaN-skipping forms;
/// cumsum, cumprod, cumulative_sum, cumulative_prod, diff, ediff1d, gradient, trapezoid.
///
/// A reduction over every axis returns a 0-d array on the array's device without waiting for the GPU;
/// `item<T>()` or a conversion reads it. Floating sums, means and variances are reduced in one fixed order
/// (tiles of 8192 elements combined pairwise, docs/reductions.md), so a result is bitwise the same run after
/// run, whatever the GPU, and the CPU backend gives the same bits as the GPU.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "numcu/elementwise.hpp"
#include "numcu/ndarray.hpp"

namespace numcu {

/// NumPy's keyword arguments of a reduction, for designated initializers:
/// `nc::sum(a, 0, {.dtype = nc::float64, .keepdims = true})`.
struct reduce_options {
  /// Accumulate in and return this dtype (sum, prod, mean, var, std and their NaN forms); NumPy's dtype=.
  std::optional<numcu::dtype> dtype{};
  /// Write the result here (its shape must be the result's; any dtype: the result is cast as NumPy does);
  /// NumPy's out=.
  std::optional<ndarray> out{};
  /// Keep each reduced axis as an axis of extent 1; NumPy's keepdims=.
  bool keepdims = false;
  /// The value the reduction starts from (sum, prod, max, min and their NaN forms); NumPy's initial=.
  std::optional<scalar> initial{};
  /// A boolean array broadcast to the input: only its true elements take part; NumPy's where=.
  std::optional<ndarray> where{};
  /// var, std, nanvar, nanstd: the divisor is N - ddof; NumPy's ddof=.
  double ddof = 0;
};

/// numpy.sum: the sum over @p axis (none: every axis; one or several, negative counting from the end). Integer
/// and bool inputs sum in int64 (unsigned ones in uint64), float16 and bfloat16 in float32.
/// @throws index_error (axis out of range), shape_error (repeated axis, wrong out shape), device_error.
ndarray sum(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.prod: the product over @p axis, in the accumulator types of sum.
ndarray prod(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.nansum: sum with NaN counted as zero.
ndarray nansum(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.nanprod: prod with NaN counted as one.
ndarray nanprod(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.max (amax): the largest element; NaN propagates.
/// @throws error "zero-size array to reduction operation maximum which has no identity" for an empty
/// reduction without `initial`.
ndarray max(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.amax: max.
ndarray amax(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.min (amin): the smallest element; NaN propagates.
ndarray min(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.amin: min.
ndarray amin(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.nanmax: max skipping NaN; NaN where every element is NaN.
ndarray nanmax(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.nanmin: min skipping NaN; NaN where every element is NaN.
ndarray nanmin(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.ptp: max - min.
ndarray ptp(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});

/// numpy.argmax: the index of the first largest element (the first NaN), along @p axis or in the flattened
/// array (int64).
/// @throws error "attempt to get argmax of an empty sequence".
ndarray argmax(const ndarray& a, std::optional<std::int64_t> axis = std::nullopt, bool keepdims = false,
               const std::optional<ndarray>& out = std::nullopt);
/// numpy.argmin: the index of the first smallest element (the first NaN).
ndarray argmin(const ndarray& a, std::optional<std::int64_t> axis = std::nullopt, bool keepdims = false,
               const std::optional<ndarray>& out = std::nullopt);
/// numpy.nanargmax: argmax with each NaN searched as -inf (a complex one as -inf+0j), as NumPy replaces it: a
/// NaN before an equal -inf is the answer. Synchronizes to check for an all-NaN slice.
/// @throws error "All-NaN slice encountered".
ndarray nanargmax(const ndarray& a, std::optional<std::int64_t> axis = std::nullopt, bool keepdims = false,
                  const std::optional<ndarray>& out = std::nullopt);
/// numpy.nanargmin: argmin with each NaN searched as +inf (a complex one as inf+0j), as NumPy replaces it.
/// Synchronizes to check for an all-NaN slice.
ndarray nanargmin(const ndarray& a, std::optional<std::int64_t> axis = std::nullopt, bool keepdims = false,
                  const std::optional<ndarray>& out = std::nullopt);

/// numpy.mean: integers and bool in float64, float16 and bfloat16 through float32; NaN for an empty slice.
ndarray mean(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.var: the mean squared deviation (divisor N - options.ddof); complex input gives a real result.
ndarray var(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.std: the square root of var.
ndarray std(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.nanmean: the mean of the elements that are not NaN.
ndarray nanmean(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.nanvar: var of the elements that are not NaN.
ndarray nanvar(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
/// numpy.nanstd: std of the elements that are not NaN.
ndarray nanstd(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});

/// numpy.any: whether any element is nonzero (bool).
ndarray any(const ndarray& a, const axis_arg& axis = none, const reduce_options& options = {});
// numpy.all is nc::all(a, axis, options): the call operator of nc::all, the index marker (numcu/indexing.hpp).
/// numpy.count_nonzero: the number of nonzero elements (int64).
ndarray count_nonzero(const ndarray& a, const axis_arg& axis = none, bool keepdims = false);

/// numpy.average: the mean, or with @p weights (a's shape, or 1-D along a single @p axis) the weighted mean
/// sum(a * w) / sum(w) in the dtype of a, w and float64 promoted.
/// @throws error "Weights sum to zero, can't be normalized" (synchronizes to check), shape_error.
ndarray average(const ndarray& a, const axis_arg& axis = none, const std::optional<ndarray>& weights = std::nullopt,
                bool keepdims = false);
/// numpy.average with returned=True: the average and the sum of the weights, broadcast to its shape.
std::pair<ndarray, ndarray> average_and_weight_sum(const ndarray& a, const axis_arg& axis = none,
                                                   const std::optional<ndarray>& weights = std::nullopt,
                                                   bool keepdims = false);

/// numpy.cumsum: running sums along @p axis (none: of the flattened array), in the accumulator types of sum.
ndarray cumsum(const ndarray& a, std::optional<std::int64_t> axis = std::nullopt,
               std::optional<numcu::dtype> dtype = std::nullopt, const std::optional<ndarray>& out = std::nullopt);
/// numpy.cumprod: running products.
ndarray cumprod(const ndarray& a, std::optional<std::int64_t> axis = std::nullopt,
                std::optional<numcu::dtype> dtype = std::nullopt, const std::optional<ndarray>& out = std::nullopt);
/// numpy.nancumsum: cumsum with NaN counted as zero.
ndarray nancumsum(const ndarray& a, std::optional<std::int64_t> axis = std::nullopt,
                  std::optional<numcu::dtype> dtype = std::nullopt, const std::optional<ndarray>& out = std::nullopt);
/// numpy.nancumprod: cumprod with NaN counted as one.
ndarray nancumprod(const ndarray& a, std::optional<std::int64_t> axis = std::nullopt,
                   std::optional<numcu::dtype> dtype = std::nullopt, const std::optional<ndarray>& out = std::nullopt);
/// numpy.cumulative_sum (the array API's): as cumsum, but @p axis may be left out only for 1-D input, and
/// @p include_initial puts a 0 first.
ndarray cumulative_sum(const ndarray& x, std::optional<std::int64_t> axis = std::nullopt,
                       std::optional<numcu::dtype> dtype = std::nullopt,
                       const std::optional<ndarray>& out = std::nullopt, bool include_initial = false);
/// numpy.cumulative_prod: as cumulative_sum, with products (and a 1 first).
ndarray cumulative_prod(const ndarray& x, std::optional<std::int64_t> axis = std::nullopt,
                        std::optional<numcu::dtype> dtype = std::nullopt,
                        const std::optional<ndarray>& out = std::nullopt, bool include_initial = false);

/// numpy.diff: the @p n-th discrete difference along @p axis, with @p prepend / @p append joined first.
/// @throws error "order must be non-negative but got -1", shape_error.
ndarray diff(const ndarray& a, int n = 1, std::int64_t axis = -1, const std::optional<operand>& prepend = std::nullopt,
             const std::optional<operand>& append = std::nullopt);
/// numpy.ediff1d: the differences of the flattened array, with @p to_begin and @p to_end around them.
ndarray ediff1d(const ndarray& ary, const std::optional<ndarray>& to_end = std::nullopt,
                const std::optional<ndarray>& to_begin = std::nullopt);
/// numpy.gradient: central differences inside, one-sided ones of order @p edge_order (1 or 2) at the edges,
/// one array per axis in @p axes (none: every axis). @p spacing: one step for every axis, or one entry per
/// axis, each a step (a number, or a 0-d array whose dtype takes part as NumPy's scalars do) or the
/// coordinates along that axis (a 1-D array of the axis' length: uneven spacing, NumPy's second-order
/// formulas).
/// @throws dtype_error "invalid number of arguments"; shape_error "distances must be either scalars or 1d",
/// "when 1d, distances must match the length of the corresponding dimension", "'edge_order' greater than 2
/// not supported", "Shape of array too small to calculate a numerical gradient, ...".
std::vector<ndarray> gradient(const ndarray& f, const std::vector<operand>& spacing = {1.0},
                              const axis_arg& axes = none, int edge_order = 1);
/// numpy.trapezoid: the integral of @p y along @p axis by the trapezoidal rule, with sample points @p x or
/// spacing @p dx.
ndarray trapezoid(const ndarray& y, const std::optional<ndarray>& x = std::nullopt, double dx = 1.0,
                  std::int64_t axis = -1);

}  // namespace numcu
