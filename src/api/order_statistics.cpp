// Order statistics: median, quantile, percentile and their NaN-skipping forms. The reduced axes are moved
// last and merged into one, each row is sorted (NaNs last) or, for one long row and one position,
// partitioned around it, and NumPy's _quantile follows step by step in ufuncs: the virtual index of each q
// in float64 from the row's count, the two neighbours gathered, NumPy's _lerp between them. The NaN forms
// count each row's values that are not NaN, so every row has its own indices.
#include <algorithm>
#include <cmath>
#include <complex>
#include <functional>
#include <optional>
#include <string>

#include "api/manipulation_common.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/sort.hpp"
#include "memory/buffer.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/reduction.hpp"
#include "numcu/sorting.hpp"

namespace numcu {

using namespace detail;

namespace {

/// The rows of the reduced axes of @p a in NumPy's order, and the shapes a result takes.
struct sorted_rows {
  ndarray rows;       // (rows, n), C-contiguous, each row sorted (or agreeing with its sort where it is read)
  shape_t kept;       // the axes not reduced
  shape_t keepdims;   // the input's shape with each reduced axis of extent 1
  std::int64_t n = 0;
  std::optional<ndarray> counted;  // the one row's values counted (int64 0-d), where the selection counted them
  ndarray last;  // each row's last value before sorting: the one at the end of every reduced axis
  /// NumPy's _ureduce hands the function an axis of an array of more than one dimension (one axis given of an
  /// N-d array, or several that leave an axis): nanmedian's masked-array path where the rows are short.
  bool along_axis = false;
};

/// The position (a float64 0-d array) whose order statistic and the next a call reads, from the number of
/// values counted (an int64 0-d array).
using position_of = std::function<ndarray(const ndarray& count)>;

/// The rows of the reduced axes of @p a, sorted; or, where all of a's elements make one row of at least
/// selection_min_row real values and @p position is given, selected: the row partitioned so that it agrees
/// with its sort at p and p + 1 (p: the position, clamped to the values counted, those that are not NaN with
/// @p skip_nan) and, where a NaN is not skipped, at the end. The NaNs are counted first (one wait for the
/// device); a row of NaNs alone is sorted.
sorted_rows ordered_rows(const ndarray& a, const axis_arg& axis, bool skip_nan, const position_of& position) {
  std::vector<int> axes;
  if (axis.is_none()) {
    for (int d = 0; d < a.ndim(); ++d) axes.push_back(d);
  } else {
    axes = axis.normalized(a.ndim());
  }
  std::vector<std::int64_t> order;
  sorted_rows s;
  s.keepdims = a.shape();
  std::int64_t n = 1;
  for (int d = 0; d < a.ndim(); ++d) {
    if (std::find(axes.begin(), axes.end(), d) == axes.end()) {
      order.push_back(d);
      s.kept.push_back(a.shape()[d]);
    }
  }
  for (int d : axes) {
    order.push_back(d);
    n *= a.shape()[d];
    s.keepdims[d] = 1;
  }
  s.n = n;
  s.along_axis = !axis.is_none() && (axes.size() == 1 ? a.ndim() > 1 : !s.kept.empty());
  // NumPy's _ureduce merges several axes by a reshape to the kept extents and -1, which cannot infer the -1
  // of an empty array whose kept extents hold a 0
  const bool merged = !axis.is_none() && axes.size() != 1 && !s.kept.empty();
  if (merged && s.kept.product() == 0) {  // (then a is empty too)
    shape_t target = s.kept;
    target.push_back(-1);
    throw shape_error("cannot reshape array of size 0 into shape " + compact_text(target));
  }
  if (position && s.kept.empty() && n >= selection_min_row && !a.dtype().is_complex()) {
    const ndarray row = ascontiguousarray(a.ravel());
    const std::int64_t nans = a.dtype().is_floating() ? count_nonzero(isnan(row)).item<std::int64_t>() : 0;
    if (!skip_nan || nans < n) {
      const std::int64_t count = skip_nan ? n - nans : n;
      // (a number known here: the position computed on the host, with no kernel and no wait)
      const double at = position(full({}, count, int64, cpu)).item<double>();
      const double last = static_cast<double>(count - 1);
      const auto p = static_cast<std::int64_t>(std::isnan(at) ? last : std::clamp(std::floor(at), 0.0, last));
      const std::int64_t k = std::min(p + 1, count - 1);
      const ndarray parted = partition_one_row(row, k, false);
      if (p < k) parted(slice(p, p + 1)) = max(parted(slice(0, k)));  // the largest before k is the p-th
      if (nans > 0 && !skip_nan) parted(slice(n - 1, n)) = std::nan("");  // where the sort puts a NaN
      s.last = row(slice(n - 1, n));
      s.rows = parted.reshape({1, n});
      s.counted = full({}, count, int64, a.device());
      return s;
    }
  }
  shape_t shape = s.kept;
  shape.push_back(n);
  const ndarray moved = copy_of(a.ndim() == 0 ? a : a.transpose(order)).reshape(shape);
  const ndarray rows = moved.reshape({moved.size() / std::max<std::int64_t>(n, 1), n});
  if (n > 0) s.last = rows(all, -1);
  s.rows = sort(rows, -1);
  return s;
}

/// The values each row counts: all n (a 0-d int64, alike for every row), or with @p skip_nan each row's values
/// that are not NaN.
ndarray counted_values(const sorted_rows& s, bool skip_nan) {
  if (s.counted) return *s.counted;  // (the selection counted them already)
  return skip_nan ? subtract(s.n, count_nonzero(isnan(s.rows), 1)) : full({}, s.n, int64, s.rows.device());
}

/// The rows whose result is NaN: those with a NaN (their last value, as NaNs sort last), or with @p skip_nan
/// those with nothing else (@p count of 0).
ndarray rows_giving_nan(const sorted_rows& s, const ndarray& count, bool skip_nan) {
  return skip_nan ? equal(count, 0) : isnan(s.rows(all, -1));
}

/// Whether a method takes an order statistic itself (no interpolation: the input's dtype).
bool is_discrete(quantile_method m) {
  return m == quantile_method::lower || m == quantile_method::higher || m == quantile_method::nearest ||
         m == quantile_method::inverted_cdf || m == quantile_method::closest_observation;
}

/// NumPy's _compute_virtual_index: n q + (alpha + q (1 - alpha - beta)) - 1, in float64.
ndarray virtual_index(const ndarray& count, double q, double alpha, double beta) {
  return subtract(add(multiply(count, q), alpha + q * (1 - alpha - beta)), 1.0);
}

/// The index (float64) each method looks at for quantile @p q of rows of @p count values.
ndarray method_index(quantile_method m, const ndarray& count, double q) {
  switch (m) {
    case quantile_method::linear:
      return multiply(subtract(count, 1.0), q);
    case quantile_method::lower:
      return floor(multiply(subtract(count, 1.0), q));
    case quantile_method::higher:
      return ceil(multiply(subtract(count, 1.0), q));
    case quantile_method::nearest:
      return rint(multiply(subtract(count, 1.0), q));  // np.around: halves to even
    case quantile_method::midpoint: {
      const ndarray v = multiply(subtract(count, 1.0), q);
      return multiply(0.5, add(floor(v), ceil(v)));
    }
    case quantile_method::averaged_inverted_cdf:
      return subtract(multiply(count, q), 1.0);
    case quantile_method::interpolated_inverted_cdf:
      return virtual_index(count, q, 0, 1);
    case quantile_method::hazen:
      return virtual_index(count, q, 0.5, 0.5);
    case quantile_method::weibull:
      return virtual_index(count, q, 0, 0);
    case quantile_method::median_unbiased:
      return virtual_index(count, q, 1 / 3.0, 1 / 3.0);
    case quantile_method::normal_unbiased:
      return virtual_index(count, q, 3 / 8.0, 3 / 8.0);
    case quantile_method::inverted_cdf:
    case quantile_method::closest_observation: {
      // NumPy's _discrete_interpolation_to_boundaries: the previous index where gamma_fun holds, else the next
      const ndarray index = m == quantile_method::inverted_cdf ? subtract(multiply(count, q), 1.0)
                                                                : subtract(multiply(count, q), 1.5);
      const ndarray previous = floor(index);
      const ndarray gamma = subtract(index, previous);
      ndarray take_previous = equal(gamma, 0.0);
      if (m == quantile_method::closest_observation) {
        take_previous = logical_and(take_previous, equal(remainder(previous, 2.0), 1.0));
      }
      return where(take_previous, previous, add(previous, 1.0));
    }
  }
  return count;  // not reached
}

/// NumPy's fix_gamma of each interpolating method.
ndarray fixed_gamma(quantile_method m, const ndarray& gamma, const ndarray& index) {
  if (m == quantile_method::averaged_inverted_cdf) return where(equal(gamma, 0.0), 0.5, 1.0);
  if (m == quantile_method::midpoint) return where(equal(remainder(index, 1.0), 0.0), 0.0, 0.5);
  return gamma;
}

/// The element of each row at the int64 @p index (one per row, broadcast; in [0, n)).
ndarray at_index(const sorted_rows& s, const ndarray& index) {
  const std::int64_t rows = s.rows.shape()[0];
  const ndarray per_row = ascontiguousarray(broadcast_to(index, {rows}));
  const ndarray flat = add(multiply(arange(0, rows, 1, int64, s.rows.device()), s.n), per_row);
  return gather_last_axis(s.rows.reshape({rows * s.n}), ascontiguousarray(flat));
}

/// One quantile @p q (in [0, 1]) of every row: NumPy's _quantile. @p count: the values of each row (a 0-d
/// int64 for all rows alike, or one per row); @p weak: q was a C++ number (NumPy's weak scalar: a floating
/// input keeps its dtype).
ndarray quantile_of_rows(const sorted_rows& s, const ndarray& count, double q, quantile_method m, bool weak) {
  const ndarray counted = count.astype(float64);
  const ndarray index = method_index(m, counted, q);
  const ndarray last = subtract(count, 1);
  const dtype t = s.rows.dtype();
  if (is_discrete(m)) {
    const ndarray at = minimum(maximum(index.astype(int64), 0), maximum(last, 0));
    return at_index(s, at);
  }
  // NumPy's _get_indexes: past the end both neighbours are the last value, before the start both the first
  const ndarray above = greater_equal(index, subtract(counted, 1.0));
  const ndarray below = less(index, 0.0);
  ndarray previous = where(above, -1.0, where(below, 0.0, floor(index)));
  if (t.is_floating()) previous = where(isnan(index), -1.0, previous);
  const ndarray next = where(above, -1.0, where(below, 0.0, add(previous, 1.0)));
  const ndarray gamma = fixed_gamma(m, subtract(index, previous), index);
  const auto row_index = [&](const ndarray& i) {  // -1: the row's last value
    const ndarray k = i.astype(int64);
    return where(less(k, 0), maximum(last, 0), k);
  };
  const ndarray a = at_index(s, row_index(previous)), b = at_index(s, row_index(next));
  // NumPy's _lerp: a + (b - a) t, or b - (b - a)(1 - t) where t >= 0.5; a weak q keeps a floating dtype
  const dtype gamma_type = weak && (t.is_floating()) ? t : float64;
  const ndarray upper_half = greater_equal(gamma, 0.5);
  const ndarray g = gamma.astype(gamma_type);
  const ndarray difference = subtract(b, a);
  const ndarray low = add(a, multiply(difference, g));
  // (1 - t) in float64 first, as NumPy's Python float, then in gamma's dtype
  const ndarray high = subtract(b, multiply(difference, subtract(1.0, gamma).astype(gamma_type)));
  return where(upper_half, high, low).astype(low.dtype());
}

/// @p q checked to lie in [0, 1] (NumPy's message), after dividing by @p scale (100 for percentiles).
std::vector<double> checked(const std::vector<double>& q, double scale) {
  std::vector<double> out;
  for (double x : q) {
    const double v = x / scale;
    if (!(v >= 0 && v <= 1)) {
      throw shape_error(scale == 1 ? "Quantiles must be in the range [0, 1]"
                                   : "Percentiles must be in the range [0, 100]");
    }
    out.push_back(v);
  }
  return out;
}

/// quantile, percentile and their NaN forms for the quantiles @p q, divided by @p scale (100 for
/// percentiles): NumPy's checks in its order (complex input, q's range, then the axes); @p scalar_q: one q
/// given as a number (no leading axis in the result).
ndarray quantiles(const ndarray& a, const std::vector<double>& q, double scale, bool scalar_q,
                  const axis_arg& axis, const quantile_options& options, bool skip_nan) {
  if (a.dtype().is_complex()) throw dtype_error("a must be an array of real numbers");
  const std::vector<double> qs = checked(q, scale);
  // NumPy's NaN forms give nanmean's answer for an empty array, whatever q
  if (skip_nan && a.size() == 0) return nanmean(a, axis, {.keepdims = options.keepdims});
  const bool has_nan = a.dtype().is_floating();
  position_of position;
  if (qs.size() == 1) {
    position = [&](const ndarray& count) { return method_index(options.method, count.astype(float64), qs[0]); };
  }
  const sorted_rows s = ordered_rows(a, axis, skip_nan && has_nan, position);
  if (s.n == 0) throw out_of_bounds("-1", 0, 0);
  const std::int64_t rows = s.rows.shape()[0];
  const ndarray count = counted_values(s, skip_nan && has_nan);
  const std::optional<ndarray> nan_rows = has_nan ? std::optional(rows_giving_nan(s, count, skip_nan)) : std::nullopt;
  std::vector<ndarray> results;
  for (double q : qs) {
    ndarray r = quantile_of_rows(s, count, q, options.method, scalar_q);
    if (nan_rows) r = where(broadcast_to(*nan_rows, {rows}), std::nan(""), r).astype(r.dtype());
    results.push_back(r.reshape(options.keepdims ? s.keepdims : s.kept));
  }
  // NumPy's NaN forms run row by row (apply_along_axis): the result takes the first row's dtype, which is the
  // input's when that row is all NaN
  if (skip_nan && has_nan && count.ndim() > 0 && count(0).item<std::int64_t>() == 0) {
    for (ndarray& r : results) r = r.astype(a.dtype());
  }
  if (scalar_q) return results[0];
  std::vector<ndarray> expanded;
  for (const ndarray& r : results) expanded.push_back(expand_dims(r, 0));
  if (expanded.empty()) {
    shape_t shape{0};
    for (std::int64_t extent : options.keepdims ? s.keepdims : s.kept) shape.push_back(extent);
    return new_array(shape, float64, a.device());
  }
  return join_along(expanded, 0);
}

/// NumPy's mean of the one or two middle values of each row: their sum from +0.0, divided by their number (a
/// weak integer: complex values through NumPy's complex division, so that an infinite part makes the other
/// part NaN).
ndarray mean_of_middles(const ndarray& low, const ndarray& high, const ndarray& odd) {
  const ndarray one = add(low, 0.0);
  return where(odd, divide(one, 1), divide(add(one, high), 2));
}

/// median and nanmedian as NumPy computes them: the mean of the one or two middle values in mean's dtype
/// (float16 and bfloat16 in float32, integers and bool in float64). NumPy's nanmedian takes its masked-array
/// median along an axis of an N-d array whose rows are shorter than 600 values: the two middle values (the
/// middle one twice) summed in the input's dtype and halved there, so that a value beyond half the dtype's
/// largest gives an infinity. A row with a NaN gives its last value in sort order (median), a row of NaNs
/// alone its last value in input order (nanmedian; NaN on the masked path).
ndarray median_of(const ndarray& a, const axis_arg& axis, bool keepdims, bool skip_nan) {
  const dtype t = a.dtype();
  if (skip_nan && a.size() == 0) return nanmean(a, axis, {.keepdims = keepdims});
  const dtype result = t.is_floating() || t.is_complex() ? t : float64;
  const dtype compute = t == float16 || t == bfloat16 ? float32 : result;
  const bool has_nan = t.is_floating() || t.is_complex();
  // the lower middle position, and the upper one after it
  const auto lower_middle = [](const ndarray& count) { return floor_divide(subtract(count, 1), 2); };
  const sorted_rows s = ordered_rows(a, axis, skip_nan && has_nan,
                                     [&](const ndarray& count) { return lower_middle(count).astype(float64); });
  const shape_t shape = keepdims ? s.keepdims : s.kept;
  if (s.n == 0) {  // the mean of nothing: 0 / 0
    return t.is_complex() ? full(shape, std::complex<double>(std::nan(""), std::nan("")), result, a.device())
                          : full(shape, std::nan(""), result, a.device());
  }
  const std::int64_t rows = s.rows.shape()[0];
  const ndarray count = counted_values(s, skip_nan && has_nan);
  const ndarray low = lower_middle(count), high = floor_divide(count, 2);
  const ndarray odd = broadcast_to(equal(low, high), {rows});
  const ndarray a_low = at_index(s, maximum(low, 0)), a_high = at_index(s, maximum(high, 0));
  const bool masked = skip_nan && has_nan && s.along_axis && s.n < 600;
  ndarray r = masked ? divide(add(add(a_low, 0.0), a_high), 2.0)
                     : mean_of_middles(a_low.astype(compute), a_high.astype(compute), odd).astype(result);
  if (has_nan) {
    const ndarray nan_rows = broadcast_to(rows_giving_nan(s, count, skip_nan), {rows});
    const ndarray nan_value = !skip_nan ? s.rows(all, -1)
                              : masked  ? full({}, std::nan(""), result, a.device())
                                        : s.last;
    r = where(nan_rows, nan_value, r).astype(result);
  }
  return r.reshape(shape);
}

}  // namespace

ndarray median(const ndarray& a, const axis_arg& axis, bool keepdims) { return median_of(a, axis, keepdims, false); }

ndarray nanmedian(const ndarray& a, const axis_arg& axis, bool keepdims) { return median_of(a, axis, keepdims, true); }

ndarray quantile(const ndarray& a, double q, const axis_arg& axis, const quantile_options& options) {
  return quantiles(a, {q}, 1, true, axis, options, false);
}
ndarray quantile(const ndarray& a, const std::vector<double>& q, const axis_arg& axis,
                 const quantile_options& options) {
  return quantiles(a, q, 1, false, axis, options, false);
}
ndarray nanquantile(const ndarray& a, double q, const axis_arg& axis, const quantile_options& options) {
  return quantiles(a, {q}, 1, true, axis, options, true);
}
ndarray nanquantile(const ndarray& a, const std::vector<double>& q, const axis_arg& axis,
                    const quantile_options& options) {
  return quantiles(a, q, 1, false, axis, options, true);
}
ndarray percentile(const ndarray& a, double q, const axis_arg& axis, const quantile_options& options) {
  return quantiles(a, {q}, 100, true, axis, options, false);
}
ndarray percentile(const ndarray& a, const std::vector<double>& q, const axis_arg& axis,
                   const quantile_options& options) {
  return quantiles(a, q, 100, false, axis, options, false);
}
ndarray nanpercentile(const ndarray& a, double q, const axis_arg& axis, const quantile_options& options) {
  return quantiles(a, {q}, 100, true, axis, options, true);
}
ndarray nanpercentile(const ndarray& a, const std::vector<double>& q, const axis_arg& axis,
                      const quantile_options& options) {
  return quantiles(a, q, 100, false, axis, options, true);
}

}  // namespace numcu
