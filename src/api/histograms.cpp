// histogram, histogram_bin_edges, histogram2d and histogramdd, step by step as NumPy's _histograms_impl: equal
// bins through NumPy's index arithmetic and its corrections against the edges, then bincount; given edges
// through searchsorted on the sorted values. Weights go block by block (NumPy's 65536 elements), each block's
// sums cast to the weights' dtype before they are added, as NumPy does. histogramdd finds each dimension's bin
// by searchsorted, ravels the bins to one index and counts with bincount, as NumPy's.
#include <cmath>
#include <sstream>
#include <string>
#include <variant>

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

/// NumPy's block of elements for weighted histograms.
constexpr std::int64_t histogram_block = 65536;

/// Python's repr of a float, for NumPy's messages ("[1.0, inf]").
std::string float_text(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";
  std::ostringstream s;
  s.precision(17);
  s << v;
  std::string t = s.str();
  if (t.find_first_of(".e") == std::string::npos) t += ".0";
  return t;
}

/// The flattened input (bool as uint8, as NumPy converts it) and the weights, checked.
std::pair<ndarray, std::optional<ndarray>> checked_input(const ndarray& a, const histogram_options& o) {
  if (a.dtype().is_complex()) throw dtype_error("histogram of complex values is not supported");
  ndarray flat = ascontiguousarray(a.ravel());
  if (flat.dtype().is_bool()) flat = flat.astype(uint8);
  std::optional<ndarray> w;
  if (o.weights) {
    require_same_device(a.device(), o.weights->device(), "histogram");
    if (o.weights->shape() != a.shape()) throw shape_error("weights should have the same shape as a.");
    if (o.weights->dtype().is_complex()) throw dtype_error("histogram of complex weights is not supported");
    w = ascontiguousarray(o.weights->ravel());
  }
  return {flat, w};
}

/// The equal bins' edges and outer edges: NumPy's _get_outer_edges and its linspace in the edges' dtype.
struct equal_bins {
  ndarray first, last;  // 0-d, the edges' dtype
  ndarray width;        // 0-d: NumPy's norm_denom, last - first (float64 for a range given as Python floats)
  ndarray edges;
  std::int64_t count;
};

/// NumPy's equal edges of histogram (@p dimension < 0: the edges in NumPy's bin dtype, checked for width) or of
/// dimension @p dimension of histogramdd (linspace's own dtype, unchecked), from @p range or the values.
equal_bins equal_edges(const ndarray& a, std::int64_t bins, const std::optional<std::pair<double, double>>& range,
                       int dimension = -1) {
  if (bins < 1) {
    throw shape_error(dimension < 0 ? std::string("`bins` must be positive, when an integer")
                                    : "`bins[" + std::to_string(dimension) + "]` must be positive, when an integer");
  }
  double first, last;
  if (range) {
    std::tie(first, last) = *range;
    if (first > last) throw shape_error("max must be larger than min in range parameter.");
    if (!std::isfinite(first) || !std::isfinite(last)) {
      throw shape_error("supplied range of [" + float_text(first) + ", " + float_text(last) + "] is not finite");
    }
  } else if (a.size() == 0) {
    first = 0;
    last = 1;
  } else {
    first = min(a).astype(float64).item<double>();
    last = max(a).astype(float64).item<double>();
    if (!std::isfinite(first) || !std::isfinite(last)) {
      throw shape_error("autodetected range of [" + float_text(first) + ", " + float_text(last) + "] is not finite");
    }
  }
  if (first == last) {
    first -= 0.5;
    last += 0.5;
  }
  equal_bins e;
  e.count = bins;
  // a range (Python floats), no values (0 and 1) and integer inputs compute in float64; min and max of a float
  // array are that dtype's scalars, and NumPy's linspace and differences stay in it
  const bool python_floats = range || a.size() == 0 || !a.dtype().is_floating();
  const dtype compute = python_floats ? float64 : a.dtype();
  // histogram casts the edges to NumPy's bin dtype (the input's floating dtype, float64 otherwise);
  // histogramdd keeps linspace's
  const dtype edge_type = dimension >= 0 ? compute : a.dtype().is_floating() ? a.dtype() : float64;
  const ndarray start = full({}, first, compute, a.device()), stop = full({}, last, compute, a.device());
  e.first = full({}, first, edge_type, a.device());
  e.last = full({}, last, edge_type, a.device());
  e.width = subtract(stop, start);
  // NumPy's linspace(first, last, bins + 1): i * step + first, the last edge exactly last, cast to the edges' dtype
  const ndarray i = arange(0, bins + 1, 1, compute, a.device());
  const ndarray step = divide(e.width, static_cast<double>(bins));
  ndarray edges = step.astype(float64).item<double>() == 0 ? multiply(divide(i, static_cast<double>(bins)), e.width)
                                           : multiply(i, step);
  edges = add(edges, start);
  edges(slice(bins, bins + 1)) = stop;
  edges = edges.astype(edge_type);
  if (dimension < 0 && any(greater_equal(edges(slice(none, -1)), edges(slice(1, none)))).item<bool>()) {
    throw shape_error("Too many bins for data range. Cannot create " + std::to_string(bins) + " finite-sized bins.");
  }
  e.edges = edges;
  return e;
}

/// NumPy's bin index of each value of @p values (already in [first, last], in the edges' dtype).
ndarray equal_bin_index(const ndarray& values, const equal_bins& e) {
  const ndarray scaled = multiply(divide(subtract(values, e.first), e.width), e.count);
  ndarray index = scaled.astype(int64);
  index = where(equal(index, e.count), subtract(index, 1), index);
  const ndarray below = less(values, gather_last_axis(e.edges, ascontiguousarray(index)));
  index = where(below, subtract(index, 1), index);
  const ndarray above = logical_and(greater_equal(values, gather_last_axis(e.edges, ascontiguousarray(add(index, 1)))),
                                    not_equal(index, e.count - 1));
  return ascontiguousarray(where(above, add(index, 1), index));
}

/// NumPy's counts (or weight sums, in the weights' dtype) of equal bins.
ndarray equal_counts(const ndarray& a, const std::optional<ndarray>& w, const equal_bins& e) {
  const auto block_counts = [&](const ndarray& values, const std::optional<ndarray>& weights) {
    const ndarray keep = logical_and(greater_equal(values, e.first), less_equal(values, e.last));
    const ndarray kept = extract(keep, values).astype(e.edges.dtype());
    const std::optional<ndarray> kept_weights =
        weights ? std::optional<ndarray>(extract(keep, *weights)) : std::nullopt;
    return bincount(equal_bin_index(kept, e), kept_weights, e.count);
  };
  if (!w) return block_counts(a, std::nullopt);
  ndarray n = zeros({e.count}, w->dtype(), a.device());
  for (std::int64_t at = 0; at < a.size(); at += histogram_block) {
    const slice part(at, std::min(at + histogram_block, a.size()));
    n = add(n, block_counts(a(part), (*w)(part)).astype(w->dtype(), casting::unsafe)).astype(w->dtype());
  }
  return n;
}

/// NumPy's counts (or weight sums) of the bins between the given @p edges: searchsorted on the sorted values.
ndarray edge_counts(const ndarray& a, const std::optional<ndarray>& w, const ndarray& edges) {
  const std::int64_t m = edges.size();
  const auto inclusive = [&](const ndarray& sorted) {  // NumPy's _search_sorted_inclusive
    const ndarray left = searchsorted(sorted, edges(slice(none, -1)));
    const ndarray right = searchsorted(sorted, edges(slice(m - 1, none)), search_side::right);
    ndarray out = new_array({m}, int64, a.device());
    copy_into(out(slice(none, m - 1)), left);
    copy_into(out(slice(m - 1, none)), right);
    return out;
  };
  if (!w) {
    const ndarray cum = inclusive(sort(a));
    return subtract(cum(slice(1, none)), cum(slice(none, -1)));
  }
  ndarray cum = zeros({m}, w->dtype(), a.device());
  for (std::int64_t at = 0; at < a.size(); at += histogram_block) {
    const slice part(at, std::min(at + histogram_block, a.size()));
    const ndarray values = ascontiguousarray(a(part)), weights = ascontiguousarray((*w)(part));
    const ndarray order = argsort(values);
    const ndarray sorted = gather_last_axis(values, order);
    // NumPy: cw = concatenate(([0], cumsum(weights[order]))); cum_n += cw[bin_index]
    const ndarray running = cumsum(gather_last_axis(weights, order));
    ndarray cw = zeros({running.size() + 1}, running.dtype(), a.device());
    copy_into(cw(slice(1, none)), running);
    cum = add(cum, gather_last_axis(cw, ascontiguousarray(inclusive(sorted)))).astype(w->dtype());
  }
  return subtract(cum(slice(1, none)), cum(slice(none, -1)));
}

/// Whether the 1-D @p edges never decrease, as NumPy asks of given bin edges (equal neighbours allowed).
bool never_decreases(const ndarray& edges) {
  return edges.size() < 2 || !any(greater(edges(slice(none, -1)), edges(slice(1, none)))).item<bool>();
}

/// density: counts / bin widths / total, in float64.
ndarray density_of(const ndarray& n, const ndarray& edges) {
  const ndarray widths = subtract(edges(slice(1, none)), edges(slice(none, -1))).astype(float64);
  return divide(divide(n, widths), sum(n));
}

}  // namespace

histogram_result histogram(const ndarray& a, std::int64_t bins, const histogram_options& options) {
  const auto [flat, w] = checked_input(a, options);
  const equal_bins e = equal_edges(flat, bins, options.range);
  const ndarray n = equal_counts(flat, w, e);
  return {options.density ? density_of(n, e.edges) : n, e.edges};
}

histogram_result histogram(const ndarray& a, const ndarray& bins, const histogram_options& options) {
  const auto [flat, w] = checked_input(a, options);
  require_same_device(a.device(), bins.device(), "histogram");
  if (bins.ndim() != 1) throw shape_error("`bins` must be 1d, when an array");
  if (!never_decreases(bins)) {
    throw shape_error("`bins` must increase monotonically, when an array");
  }
  const ndarray edges = ascontiguousarray(bins);
  const ndarray n = edges.size() == 0 ? zeros({0}, w ? w->dtype() : int64, a.device()) : edge_counts(flat, w, edges);
  return {options.density ? density_of(n, edges) : n, edges};
}

histogramdd_result histogramdd(const ndarray& sample, const std::vector<histogram_bins>& bins,
                               const histogramdd_options& options) {
  const ndarray points = sample.ndim() == 1 ? sample.reshape({sample.size(), 1}) : sample;
  if (points.ndim() != 2) throw shape_error("sample must be an (N, D) array or a sequence of D arrays");
  if (points.dtype().is_complex()) throw dtype_error("histogram of complex values is not supported");
  const std::int64_t n = points.shape()[0];
  const int d = static_cast<int>(points.shape()[1]);
  if (bins.size() != 1 && static_cast<int>(bins.size()) != d) {
    throw shape_error("The dimension of bins must be equal to the dimension of the sample x.");
  }
  if (options.range && static_cast<int>(options.range->size()) != d) {
    throw shape_error("range argument must have one entry per dimension");
  }
  if (options.weights) {
    require_same_device(sample.device(), options.weights->device(), "histogramdd");
    if (options.weights->size() != n) throw shape_error("weights should have the same length as the sample.");
  }
  histogramdd_result r;
  std::vector<std::int64_t> extents;  // NumPy's nbin: the bins and an outlier bin at each end
  ndarray flat_bin = zeros({n}, int64, sample.device());
  for (int i = 0; i < d; ++i) {
    const ndarray column = ascontiguousarray(points(all, std::int64_t{i}));
    const ndarray values = column.dtype().is_bool() ? column.astype(uint8) : column;
    const histogram_bins& b = bins.size() == 1 ? bins[0] : bins[i];
    ndarray edges;
    if (const auto* count = std::get_if<std::int64_t>(&b)) {
      edges = equal_edges(values, *count, options.range ? std::optional((*options.range)[i]) : std::nullopt, i).edges;
    } else {
      edges = ascontiguousarray(std::get<ndarray>(b));
      require_same_device(sample.device(), edges.device(), "histogramdd");
      if (edges.ndim() != 1) throw shape_error("`bins[" + std::to_string(i) + "]` must be a scalar or 1d array");
      if (!never_decreases(edges)) {
        throw shape_error("`bins[" + std::to_string(i) + "]` must be monotonically increasing, when an array");
      }
    }
    const std::int64_t m = edges.size();
    // NumPy: the bin to the right, one less for a value on the last edge
    ndarray at = searchsorted(edges, values, search_side::right);
    if (m > 0) at = where(equal(values, edges(m - 1)), subtract(at, 1), at);
    // ravel_multi_index in C order: the earlier dimensions vary slowest
    flat_bin = add(multiply(flat_bin, m + 1), at);
    extents.push_back(m + 1);
    r.edges.push_back(edges);
  }
  std::int64_t total = 1;
  for (std::int64_t e : extents) total *= e;
  const std::optional<ndarray> weights =
      options.weights ? std::optional<ndarray>(ascontiguousarray(options.weights->ravel())) : std::nullopt;
  ndarray hist = n == 0 ? zeros({total}, float64, sample.device())
                        : bincount(ascontiguousarray(flat_bin), weights, total).astype(float64);
  shape_t shape;
  for (std::int64_t e : extents) shape.push_back(e);
  hist = hist.reshape(shape);
  std::vector<index_t> core;
  for (int i = 0; i < d; ++i) core.push_back(slice(1, -1));
  hist = ascontiguousarray(hist.index(core));
  if (options.density) {
    const ndarray s = sum(hist);
    for (int i = 0; i < d; ++i) {
      shape_t ones(d, 1);
      ones[i] = extents[i] - 2;
      const ndarray widths = subtract(r.edges[i](slice(1, none)), r.edges[i](slice(none, -1)));
      hist = divide(hist, widths.reshape(ones));
    }
    hist = divide(hist, s);
  }
  r.hist = hist;
  return r;
}

histogram2d_result histogram2d(const ndarray& x, const ndarray& y, const std::vector<histogram_bins>& bins,
                               const histogramdd_options& options) {
  require_same_device(x.device(), y.device(), "histogram2d");
  if (x.ndim() != 1 || y.ndim() != 1 || x.size() != y.size()) {
    throw shape_error("x and y must be 1-D arrays of the same length");
  }
  // NumPy stacks [x, y] into one (N, 2) sample of their common dtype
  const dtype common = promote_types(x.dtype(), y.dtype());
  ndarray sample = new_array({x.size(), 2}, common, x.device());
  copy_into(sample(all, std::int64_t{0}), x);
  copy_into(sample(all, std::int64_t{1}), y);
  histogramdd_result r = histogramdd(sample, bins, options);
  return {r.hist, r.edges[0], r.edges[1]};
}

ndarray histogram_bin_edges(const ndarray& a, std::int64_t bins, const histogram_options& options) {
  const auto [flat, w] = checked_input(a, options);
  return equal_edges(flat, bins, options.range).edges;
}

}  // namespace numcu
