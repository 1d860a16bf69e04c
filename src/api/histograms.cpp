// histogram and histogram_bin_edges of the flattened array, step by step as NumPy's _histograms_impl: equal
// bins through NumPy's index arithmetic and its corrections against the edges, then bincount; given edges
// through searchsorted on the sorted values. Weights go block by block (NumPy's 65536 elements), each block's
// sums cast to the weights' dtype before they are added, as NumPy does.
#include <cmath>
#include <sstream>
#include <string>

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

equal_bins equal_edges(const ndarray& a, std::int64_t bins, const histogram_options& o) {
  if (bins < 1) throw shape_error("`bins` must be positive, when an integer");
  const dtype edge_type = a.dtype().is_floating() ? a.dtype() : float64;
  double first, last;
  if (o.range) {
    std::tie(first, last) = *o.range;
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
  // Python floats (range=, or the widened edges of a single value) compute in float64; min and max of a float
  // array are that dtype's scalars, and NumPy's linspace and differences stay in it
  const bool python_floats = o.range || a.size() == 0 || !a.dtype().is_floating();
  const dtype compute = python_floats ? float64 : edge_type;
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
  if (any(greater_equal(edges(slice(none, -1)), edges(slice(1, none)))).item<bool>()) {
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

/// density: counts / bin widths / total, in float64.
ndarray density_of(const ndarray& n, const ndarray& edges) {
  const ndarray widths = subtract(edges(slice(1, none)), edges(slice(none, -1))).astype(float64);
  return divide(divide(n, widths), sum(n));
}

}  // namespace

histogram_result histogram(const ndarray& a, std::int64_t bins, const histogram_options& options) {
  const auto [flat, w] = checked_input(a, options);
  const equal_bins e = equal_edges(flat, bins, options);
  const ndarray n = equal_counts(flat, w, e);
  return {options.density ? density_of(n, e.edges) : n, e.edges};
}

histogram_result histogram(const ndarray& a, const ndarray& bins, const histogram_options& options) {
  const auto [flat, w] = checked_input(a, options);
  require_same_device(a.device(), bins.device(), "histogram");
  if (bins.ndim() != 1) throw shape_error("`bins` must be 1d, when an array");
  if (bins.size() > 1 && any(greater(bins(slice(none, -1)), bins(slice(1, none)))).item<bool>()) {
    throw shape_error("`bins` must increase monotonically, when an array");
  }
  const ndarray edges = ascontiguousarray(bins);
  const ndarray n = edges.size() == 0 ? zeros({0}, w ? w->dtype() : int64, a.device()) : edge_counts(flat, w, edges);
  return {options.density ? density_of(n, edges) : n, edges};
}

ndarray histogram_bin_edges(const ndarray& a, std::int64_t bins, const histogram_options& options) {
  const auto [flat, w] = checked_input(a, options);
  return equal_edges(flat, bins, options).edges;
}

}  // namespace numcu
