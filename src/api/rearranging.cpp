// Rearranging and the diagonal and triangle builders, as numpy/lib/_function_base_impl.py and
// numpy/lib/_twodim_base_impl.py write them: flips and rotations are views with negated and exchanged
// strides, the diagonal a view whose stride is the sum of two; roll copies each rolled block once; tri
// compares two index ranges, and tril and triu select through it.
#include "numcu/rearranging.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <string>

#include "api/manipulation_common.hpp"
#include "dispatch/arrange.hpp"
#include "dispatch/dispatch.hpp"
#include "memory/buffer.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/error.hpp"
#include "numcu/joining.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/reduction.hpp"
#include "numcu/selection.hpp"
#include "numcu/sorting.hpp"

namespace numcu {

using namespace detail;

namespace {

/// Python's a % b for b > 0: never negative.
std::int64_t python_modulo(std::int64_t a, std::int64_t b) {
  return ((a % b) + b) % b;
}

/// tril (@p lower) or triu of @p a over its last two axes; of a 1-D array, NumPy's where through tri of its
/// extent twice (the row broadcast down the matrix).
ndarray triangle(const ndarray& a, std::int64_t k, bool lower) {
  if (a.ndim() == 0) throw dtype_error("tri() missing 1 required positional argument: 'N'");
  if (a.ndim() >= 2) return triangle_of(ascontiguousarray(a), k, lower);  // one pass, reading what is kept
  const std::int64_t rows = a.shape()[a.ndim() == 1 ? 0 : a.ndim() - 2], columns = a.shape()[a.ndim() - 1];
  const ndarray zero = zeros({}, a.dtype(), a.device());
  return lower ? where(tri(rows, columns, k, bool_, a.device()), a, zero)
               : where(tri(rows, columns, k - 1, bool_, a.device()), zero, a);
}

/// The pad_gather mode of numpy.pad's @p mode, for the modes that copy (reflect and symmetric without
/// reflect_type='odd') and constant.
std::optional<pad_copy> pad_copy_of(pad_mode mode, bool odd) {
  switch (mode) {
    case pad_mode::constant:
      return pad_copy::constant;
    case pad_mode::edge:
      return pad_copy::edge;
    case pad_mode::reflect:
      return odd ? std::nullopt : std::optional(pad_copy::reflect);
    case pad_mode::symmetric:
      return odd ? std::nullopt : std::optional(pad_copy::symmetric);
    case pad_mode::wrap:
      return pad_copy::wrap;
    default:
      return std::nullopt;
  }
}

/// One ramp of numpy.pad's linear_ramp along @p axis (NumPy's _get_linear_ramps): linspace(start, edge, num,
/// endpoint=False, dtype=edge's) laid along the axis, step for step as NumPy's linspace computes it with an
/// array end: in the inexact result type of the two ends (the end value is an array to NumPy's pad, int64 or
/// float64: a float32 array ramps in float64), y = arange(num) * step, or (arange(num) / num) * (edge -
/// start) where any step is zero, plus start; the floor for integer dtypes, then a's dtype.
ndarray linear_ramp(const ndarray& edge, int axis, std::int64_t num, const scalar& start) {
  dtype t = promote_types(edge.dtype(), default_dtype(start.kind()));
  if (!t.is_floating() && !t.is_complex()) t = float64;
  const ndarray delta = subtract(edge.astype(t), start);
  const ndarray step = true_divide(delta, num);
  shape_t along_axis(static_cast<std::size_t>(edge.ndim()), 1);
  along_axis[static_cast<std::size_t>(axis)] = num;
  const ndarray y = arange(0, num, 1, t, edge.device()).reshape(along_axis);
  const bool any_step_zero = any(equal(step, 0)).item<bool>();
  ndarray ramp = add(any_step_zero ? multiply(true_divide(y, num), delta) : multiply(y, step), start);
  if (edge.dtype().is_integer()) ramp = floor(ramp);
  return ramp.astype(edge.dtype(), casting::unsafe, false);
}

/// numpy.pad's per-axis pairs from one pair or one per axis (NumPy's _as_pairs).
template <class T>
std::vector<std::pair<T, T>> per_axis(const std::vector<std::pair<T, T>>& given, int ndim, const char* what) {
  if (given.size() == 1) return std::vector<std::pair<T, T>>(static_cast<std::size_t>(ndim), given[0]);
  if (static_cast<int>(given.size()) != ndim) {
    throw shape_error(std::string("operands could not be broadcast together with remapped shapes: ") + what +
                      " of shape (" + std::to_string(given.size()) + ",2) for an array of " +
                      std::to_string(ndim) + " dimensions");
  }
  return given;
}

/// numpy.pad's constant_values or end_values for each axis: zeros where none are given.
std::vector<std::pair<scalar, scalar>> values_per_axis(const std::vector<std::pair<scalar, scalar>>& given,
                                                       int ndim, const char* what) {
  if (given.empty()) return std::vector<std::pair<scalar, scalar>>(static_cast<std::size_t>(ndim), {0, 0});
  return per_axis(given, ndim, what);
}

/// The region numpy.pad works on while it pads @p axis: whole along the axes up to it, the original area
/// along the later ones (so that corners are written once, by the last axis).
ndarray pad_region(const ndarray& padded, const std::vector<slice>& original, int axis) {
  std::vector<index_t> index;
  for (int d = 0; d < padded.ndim(); ++d) index.emplace_back(d <= axis ? index_t(all) : index_t(original[d]));
  return padded.index(index);
}

/// Writes @p before and @p after (each assigned as NumPy's setitem: broadcast, cast unsafely) into the pad
/// areas of @p region along @p axis.
template <class V>
void set_pad_area(const ndarray& region, int axis, std::pair<std::int64_t, std::int64_t> w, const V& before,
                  const V& after) {
  std::move(along(region, axis, slice(std::int64_t{0}, w.first))) = before;
  std::move(along(region, axis, slice(region.shape()[axis] - w.second, none))) = after;
}

/// One step of numpy.pad's reflect and symmetric along @p axis (NumPy's _set_reflect_both): the pad widths
/// left to fill afterwards.
std::pair<std::int64_t, std::int64_t> reflect_step(const ndarray& padded, int axis,
                                                   std::pair<std::int64_t, std::int64_t> w, bool odd,
                                                   std::int64_t period, bool include_edge) {
  auto [left, right] = w;
  std::int64_t old_length = padded.shape()[axis] - right - left, edge_offset = 0;
  if (include_edge) {
    old_length = old_length / period * period;
    edge_offset = 1;
  } else {
    old_length = (old_length - 1) / (period - 1) * (period - 1) + 1 - 1;
  }
  const auto reflected = [&](const ndarray& chunk, const slice& edge) {
    return odd ? subtract(multiply(along(padded, axis, edge), 2), chunk) : chunk;
  };
  if (left > 0) {
    const std::int64_t chunk = std::min(old_length, left), stop = left - edge_offset;
    const ndarray values =
        reflected(along(padded, axis, slice(stop + chunk, stop, -1)), slice(left, left + 1));
    std::move(along(padded, axis, slice(left - chunk, left))) = values;
    left -= chunk;
  }
  if (right > 0) {
    const std::int64_t chunk = std::min(old_length, right), start = -right + edge_offset - 2;
    const ndarray values =
        reflected(along(padded, axis, slice(start, start - chunk, -1)), slice(-right - 1, -right));
    const std::int64_t at = padded.shape()[axis] - right;
    std::move(along(padded, axis, slice(at, at + chunk))) = values;
    right -= chunk;
  }
  return {left, right};
}

/// One step of numpy.pad's wrap along @p axis (NumPy's _set_wrap_both).
std::pair<std::int64_t, std::int64_t> wrap_step(const ndarray& padded, int axis,
                                                std::pair<std::int64_t, std::int64_t> w,
                                                std::int64_t original) {
  const auto [left, right] = w;
  const std::int64_t period = (padded.shape()[axis] - right - left) / original * original;
  std::int64_t new_left = 0, new_right = 0;
  if (left > 0) {
    const std::int64_t end = left + period, start = end - std::min(period, left);
    const ndarray chunk = along(padded, axis, slice(start, end));
    if (left > period) {
      std::move(along(padded, axis, slice(left - period, left))) = chunk;
      new_left = left - period;
    } else {
      std::move(along(padded, axis, slice(none, left))) = chunk;
    }
  }
  if (right > 0) {
    const std::int64_t start = -right - period, end = start + std::min(period, right);
    const ndarray chunk = along(padded, axis, slice(start, end));
    if (right > period) {
      std::move(along(padded, axis, slice(-right, -right + period))) = chunk;
      new_right = right - period;
    } else {
      std::move(along(padded, axis, slice(-right, none))) = chunk;
    }
  }
  return {new_left, new_right};
}

/// numpy.pad's statistic of the stretch of @p length (none: the whole) next to each pad area of @p region
/// along
/// @p axis, rounded for integer dtypes (NumPy's _get_stats).
std::pair<ndarray, ndarray> pad_stats(const ndarray& region, int axis,
                                      std::pair<std::int64_t, std::int64_t> w,
                                      std::optional<std::pair<std::int64_t, std::int64_t>> length,
                                      pad_mode mode) {
  const std::int64_t left_index = w.first, right_index = region.shape()[axis] - w.second;
  const std::int64_t longest = right_index - left_index;
  std::int64_t left_length = length ? std::min(length->first, longest) : longest;
  std::int64_t right_length = length ? std::min(length->second, longest) : longest;
  if ((left_length == 0 || right_length == 0) && (mode == pad_mode::maximum || mode == pad_mode::minimum)) {
    throw shape_error("stat_length of 0 yields no value for padding");
  }
  const auto stat = [&](const ndarray& chunk) {
    ndarray r;
    if (mode == pad_mode::maximum) {
      r = amax(chunk, axis, {.keepdims = true});
    } else if (mode == pad_mode::minimum) {
      r = amin(chunk, axis, {.keepdims = true});
    } else if (mode == pad_mode::mean) {
      r = mean(chunk, axis, {.keepdims = true});
    } else {
      r = median(chunk, axis, true);
    }
    return region.dtype().is_integer() ? round(r) : r;
  };
  const ndarray left = stat(along(region, axis, slice(left_index, left_index + left_length)));
  if (left_length == longest && right_length == longest) return {left, left};
  return {left, stat(along(region, axis, slice(right_index - right_length, right_index)))};
}
}  // namespace

ndarray flip(const ndarray& a, const axis_arg& axis) {
  std::vector<index_t> index(a.ndim(), all);
  const std::vector<int> axes = axis.is_none() ? std::vector<int>() : axis.normalized(a.ndim());
  for (int d = 0; d < a.ndim(); ++d) {
    if (axis.is_none() || std::find(axes.begin(), axes.end(), d) != axes.end())
      index[d] = slice(none, none, -1);
  }
  return a.index(index);
}

ndarray fliplr(const ndarray& a) {
  if (a.ndim() < 2) throw shape_error("Input must be >= 2-d.");
  return flip(a, 1);
}

ndarray flipud(const ndarray& a) {
  if (a.ndim() < 1) throw shape_error("Input must be >= 1-d.");
  return flip(a, 0);
}

ndarray rot90(const ndarray& a, std::int64_t k, const std::vector<std::int64_t>& axes) {
  if (axes.size() != 2) throw shape_error("len(axes) must be 2.");
  const int n = a.ndim();
  if (axes[0] == axes[1] || std::abs(axes[0] - axes[1]) == n) throw shape_error("Axes must be different.");
  if (axes[0] >= n || axes[0] < -n || axes[1] >= n || axes[1] < -n) {
    throw shape_error("Axes=(" + std::to_string(axes[0]) + ", " + std::to_string(axes[1]) +
                      ") out of range for array of ndim=" + std::to_string(n) + ".");
  }
  k = python_modulo(k, 4);
  if (k == 0) return a.index(std::vector<index_t>{slice(none, none)});
  if (k == 2) return flip(flip(a, axes[0]), axes[1]);
  std::vector<std::int64_t> order;
  for (std::int64_t d = 0; d < n; ++d) order.push_back(d);
  std::swap(order[normalize_axis(axes[0], n)], order[normalize_axis(axes[1], n)]);
  return k == 1 ? flip(a, axes[1]).transpose(order) : flip(a.transpose(order), axes[1]);
}

ndarray roll(const ndarray& a, std::int64_t shift, const axis_arg& axis) {
  return roll(a, std::vector<std::int64_t>{shift}, axis);
}

ndarray roll(const ndarray& a, const std::vector<std::int64_t>& shift, const axis_arg& axis) {
  if (axis.is_none()) return roll(a.ravel(), shift, 0).reshape(a.shape());
  // NumPy broadcasts the shifts against the axes (an axis given twice adds its shifts)
  const dim_vector& given = axis.values();
  const std::size_t shifts = shift.size(), axes = static_cast<std::size_t>(given.size());
  if (shifts != axes && shifts != 1 && axes != 1) {
    throw objects_mismatch(shape_t{static_cast<std::int64_t>(shifts)},
                           shape_t{static_cast<std::int64_t>(axes)});
  }
  const std::size_t pairs = shifts == axes ? shifts : shifts == 1 ? axes : shifts;
  std::vector<std::int64_t> offset(a.ndim(), 0);
  for (std::size_t i = 0; i < pairs; ++i) {
    const int d = normalize_axis(given[axes == 1 ? 0 : static_cast<int>(i)], a.ndim());
    offset[d] += shift[shifts == 1 ? 0 : i];
  }
  // each axis rolled by its offset: the blocks (source, destination) along it, one or two
  std::vector<std::vector<std::pair<slice, slice>>> blocks(a.ndim());
  for (int d = 0; d < a.ndim(); ++d) {
    const std::int64_t o = a.shape()[d] == 0 ? 0 : python_modulo(offset[d], a.shape()[d]);
    if (o == 0) {
      blocks[d] = {{slice(none, none), slice(none, none)}};
    } else {
      blocks[d] = {{slice(none, -o), slice(o, none)}, {slice(-o, none), slice(none, o)}};
    }
  }
  ndarray out = new_array(a.shape(), a.dtype(), a.device());
  // every combination of one block per axis, as NumPy's itertools.product
  std::vector<std::size_t> pick(a.ndim(), 0);
  while (true) {
    std::vector<index_t> from, to;
    for (int d = 0; d < a.ndim(); ++d) {
      from.push_back(blocks[d][pick[d]].first);
      to.push_back(blocks[d][pick[d]].second);
    }
    copy_into(out.index(to), a.index(from));
    int d = a.ndim() - 1;
    while (d >= 0 && ++pick[d] == blocks[d].size()) pick[d--] = 0;
    if (d < 0) break;
  }
  return out;
}

ndarray tile(const ndarray& a, const std::vector<std::int64_t>& reps) {
  for (std::int64_t r : reps) {
    // (NumPy repeats only a non-empty array: an empty one takes a negative count where its extent is 0)
    if (r < 0 && a.size() > 0) throw shape_error("negative dimensions are not allowed");
  }
  // a with leading axes of 1 up to reps' length, reps with leading 1s up to its dimensions
  const int ndim = std::max<int>(a.ndim(), static_cast<int>(reps.size()));
  shape_t shape(std::vector<std::int64_t>(ndim - a.ndim(), 1));
  for (std::int64_t extent : a.shape()) shape.push_back(extent);
  std::vector<std::int64_t> counts(ndim - reps.size(), 1);
  counts.insert(counts.end(), reps.begin(), reps.end());
  // each axis (n) as (1, n) broadcast to (count, n), copied once, then merged to count * n
  shape_t paired, target, result;
  for (int d = 0; d < ndim; ++d) {
    paired.push_back(1);
    paired.push_back(shape[d]);
    target.push_back(counts[d]);
    target.push_back(shape[d]);
    result.push_back(counts[d] * shape[d]);
    if (result.back() < 0) throw shape_error("negative dimensions are not allowed");
  }
  if (a.size() == 0) return new_array(result, a.dtype(), a.device());
  return broadcast_to(a.reshape(paired), target).copy().reshape(result);
}

ndarray tile(const ndarray& a, std::int64_t reps) {
  return tile(a, std::vector<std::int64_t>{reps});
}

ndarray repeat(const ndarray& a, std::int64_t repeats, std::optional<std::int64_t> axis) {
  const ndarray x = !axis ? a.ravel() : atleast_1d(a);
  const int ax = axis ? normalize_axis(*axis, x.ndim()) : 0;
  // (a negative count of an empty axis makes no elements, as NumPy's)
  if (repeats < 0 && x.shape()[ax] > 0) throw shape_error("negative dimensions are not allowed");
  if (repeats < 0 || x.size() == 0) {
    shape_t empty = x.shape();
    empty[ax] *= std::max<std::int64_t>(repeats, 0);
    return new_array(empty, x.dtype(), x.device());
  }
  // each element (n along the axis) as (n, 1) broadcast to (n, repeats), copied once, then merged
  shape_t target = expand_dims(x, ax + 1).shape();
  target[ax + 1] = repeats;
  shape_t result = x.shape();
  result[ax] *= repeats;
  return broadcast_to(expand_dims(x, ax + 1), target).copy().reshape(result);
}

ndarray repeat(const ndarray& a, const std::vector<std::int64_t>& repeats, std::optional<std::int64_t> axis) {
  if (repeats.size() == 1) return repeat(a, repeats[0], axis);
  const ndarray x = ascontiguousarray(!axis ? a.ravel() : atleast_1d(a));
  const int ax = axis ? normalize_axis(*axis, x.ndim()) : 0;
  const std::int64_t n = x.shape()[ax];
  if (static_cast<std::int64_t>(repeats.size()) != n) {
    throw shape_error("operands could not be broadcast together with shape (" + std::to_string(n) + ",) (" +
                      std::to_string(repeats.size()) + ",)");
  }
  std::int64_t total = 0;
  for (std::int64_t r : repeats) {
    if (r < 0) throw shape_error("repeats may not contain negative values.");
    total += r;
  }
  shape_t result = x.shape();
  result[ax] = total;
  if (total == 0 || x.size() == 0) return new_array(result, x.dtype(), x.device());
  // the source position along the axis of each output position: the run of the cumulative counts it falls in
  const ndarray ends = cumsum(array(repeats, int64, x.device()));
  const ndarray source =
      searchsorted(ends, arange(std::int64_t{0}, total, 1, int64, x.device()), search_side::right);
  return take_positions(x, source, ax);
}

std::vector<ndarray> meshgrid(const std::vector<ndarray>& xi, meshgrid_indexing indexing, bool sparse,
                              bool copy) {
  const int ndim = static_cast<int>(xi.size());
  // each input flattened along its own axis of the grid (xy: the first two exchanged)
  std::vector<ndarray> out;
  for (int i = 0; i < ndim; ++i) {
    int along_axis = i;
    if (indexing == meshgrid_indexing::xy && ndim > 1 && i < 2) along_axis = 1 - i;
    shape_t shape(std::vector<std::int64_t>(ndim, 1));
    shape[along_axis] = xi[i].size();
    out.push_back(xi[i].reshape(shape));
  }
  if (!sparse) out = broadcast_arrays(out);
  if (copy) {
    for (ndarray& x : out) x = x.copy();
  }
  return out;
}

ndarray diagonal(const ndarray& a, std::int64_t offset, std::int64_t axis1, std::int64_t axis2) {
  if (a.ndim() < 2) throw shape_error("diag requires an array of at least two dimensions");
  const int first = naming_axis("axis1", [&] { return normalize_axis(axis1, a.ndim()); });
  const int second = naming_axis("axis2", [&] { return normalize_axis(axis2, a.ndim()); });
  if (first == second) throw shape_error("axis1 and axis2 cannot be the same");
  const std::int64_t rows = a.shape()[first], columns = a.shape()[second];
  const std::int64_t length = offset >= 0 ? std::max<std::int64_t>(0, std::min(rows, columns - offset))
                                          : std::max<std::int64_t>(0, std::min(rows + offset, columns));
  std::int64_t start = a.offset();
  if (length > 0) start += offset >= 0 ? offset * a.strides()[second] : -offset * a.strides()[first];
  shape_t shape;
  strides_t strides;
  for (int d = 0; d < a.ndim(); ++d) {
    if (d == first || d == second) continue;
    shape.push_back(a.shape()[d]);
    strides.push_back(a.strides()[d]);
  }
  shape.push_back(length);
  strides.push_back(a.strides()[first] + a.strides()[second]);
  return ndarray(a.buffer(), a.dtype(), shape, strides, start, true);
}

ndarray diag(const ndarray& v, std::int64_t k) {
  if (v.ndim() == 2) return diagonal(v, k);
  if (v.ndim() != 1) throw shape_error("Input must be 1- or 2-d.");
  const std::int64_t n = v.size() + std::abs(k);
  const ndarray out = zeros({n, n}, v.dtype(), v.device());
  copy_into(diagonal(out, k), v);
  return out;
}

ndarray diagflat(const ndarray& v, std::int64_t k) {
  return diag(v.ravel(), k);
}

ndarray trace(const ndarray& a, std::int64_t offset, std::int64_t axis1, std::int64_t axis2,
              std::optional<dtype> t) {
  reduce_options options;
  options.dtype = t;
  return sum(diagonal(a, offset, axis1, axis2), -1, options);
}

ndarray tri(std::int64_t n, std::optional<std::int64_t> m, std::int64_t k, dtype t, device d) {
  const std::int64_t columns = m.value_or(n);
  // NumPy's greater_equal.outer(arange(N), arange(-k, M - k))
  const ndarray rows = arange(std::int64_t{0}, n, 1, int64, d).reshape({std::max<std::int64_t>(n, 0), 1});
  const ndarray shifted = arange(-k, columns - k, 1, int64, d);
  return greater_equal(rows, shifted).astype(t);
}

ndarray tril(const ndarray& a, std::int64_t k) {
  return triangle(a, k, true);
}

ndarray triu(const ndarray& a, std::int64_t k) {
  return triangle(a, k, false);
}

ndarray pad(const ndarray& a, const std::vector<std::pair<std::int64_t, std::int64_t>>& width, pad_mode mode,
            const pad_options& options) {
  const int ndim = a.ndim();
  const auto widths = per_axis(width, ndim, "pad_width");
  for (const auto& [before, after] : widths) {
    if (before < 0 || after < 0) throw shape_error("index can't contain negative values");
  }
  shape_t shape;
  std::vector<slice> original;
  for (int d = 0; d < ndim; ++d) {
    std::int64_t extent = 0;
    if (__builtin_add_overflow(a.shape()[d], widths[d].first, &extent) ||
        __builtin_add_overflow(extent, widths[d].second, &extent)) {
      throw shape_error(
          "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
    }
    shape.push_back(extent);
    original.emplace_back(widths[d].first, widths[d].first + a.shape()[d]);
  }
  const auto values = mode == pad_mode::constant
                          ? values_per_axis(options.constant_values, ndim, "constant_values")
                          : std::vector<std::pair<scalar, scalar>>();
  if (const auto copy = pad_copy_of(mode, options.odd); copy && a.size() > 0 && ndim > 0) {
    // (a view whose stride is not a whole number of elements, from from_blob, takes NumPy's steps)
    bool covered = true;
    for (int d = 0; d < ndim; ++d) {
      covered = covered && pad_source_covers(*copy, widths[d].first, widths[d].second, a.shape()[d]) &&
                a.strides()[d] % static_cast<std::int64_t>(a.itemsize()) == 0;
    }
    if (covered && *copy != pad_copy::constant) return pad_gather_of(a, widths, *copy, nullptr);
    if (covered) {  // the constants cast as NumPy's setitem casts them, then moved to a's device at once
      const ndarray constants = new_array({2 * std::int64_t{ndim}}, a.dtype(), cpu);
      for (int d = 0; d < ndim; ++d) {
        std::move(constants(2 * d)) = values[d].first;
        std::move(constants(2 * d + 1)) = values[d].second;
      }
      const ndarray there = constants.to(a.device());
      return pad_gather_of(a, widths, *copy, &there);
    }
  }
  // NumPy's steps: the original copied into the middle, then the pad areas axis after axis
  const ndarray padded = new_array(shape, a.dtype(), a.device());
  std::vector<index_t> area(original.begin(), original.end());
  copy_into(padded.index(area), a);
  if (mode == pad_mode::constant) {
    for (int d = 0; d < ndim; ++d) {
      set_pad_area(pad_region(padded, original, d), d, widths[d], values[d].first, values[d].second);
    }
    return padded;
  }
  if (mode == pad_mode::empty) return padded;
  if (a.size() == 0) {
    for (int d = 0; d < ndim; ++d) {
      if (a.shape()[d] == 0 && (widths[d].first > 0 || widths[d].second > 0)) {
        throw shape_error("can't extend empty axis " + std::to_string(d) +
                          " using modes other than 'constant' or 'empty'");
      }
    }
    return padded;
  }
  const auto edges = [&](const ndarray& region, int d) {
    const std::int64_t right = region.shape()[d] - widths[d].second;
    return std::pair{along(region, d, slice(widths[d].first, widths[d].first + 1)),
                     along(region, d, slice(right - 1, right))};
  };
  const auto lengths = options.stat_length.empty() ? std::vector<std::pair<std::int64_t, std::int64_t>>()
                                                   : per_axis(options.stat_length, ndim, "stat_length");
  for (const auto& [before, after] : lengths) {
    if (before < 0 || after < 0) throw shape_error("index can't contain negative values");
  }
  const auto ends = mode == pad_mode::linear_ramp ? values_per_axis(options.end_values, ndim, "end_values")
                                                  : std::vector<std::pair<scalar, scalar>>();
  for (int d = 0; d < ndim; ++d) {
    auto w = widths[d];
    if (mode == pad_mode::linear_ramp) {
      const ndarray region = pad_region(padded, original, d);
      const auto [left, right] = edges(region, d);
      set_pad_area(region, d, w, linear_ramp(left, d, w.first, ends[d].first),
                   flip(linear_ramp(right, d, w.second, ends[d].second), d));
    } else if (mode == pad_mode::edge) {
      const ndarray region = pad_region(padded, original, d);
      const auto [left, right] = edges(region, d);
      set_pad_area(region, d, w, left, right);
    } else if (mode == pad_mode::reflect || mode == pad_mode::symmetric) {
      const ndarray region = pad_region(padded, original, d);
      if (a.shape()[d] == 1 && (w.first > 0 || w.second > 0)) {  // NumPy's legacy: a singleton axis extends
        // (NumPy copies the edge across the whole padded array, the later axes' pad areas still unset among
        // it; those are written again when their axes are padded, so the region without them gives the same
        // result and reads no unset element)
        const auto [left, right] = edges(region, d);
        set_pad_area(region, d, w, left, right);
        continue;
      }
      while (w.first > 0 || w.second > 0) {
        w = reflect_step(region, d, w, options.odd, a.shape()[d], mode == pad_mode::symmetric);
      }
    } else if (mode == pad_mode::wrap) {
      const ndarray region = pad_region(padded, original, d);
      while (w.first > 0 || w.second > 0) w = wrap_step(region, d, w, a.shape()[d]);
    } else {
      const ndarray region = pad_region(padded, original, d);
      const auto length = lengths.empty() ? std::nullopt : std::optional(lengths[d]);
      const auto [left, right] = pad_stats(region, d, w, length, mode);
      set_pad_area(region, d, w, left, right);
    }
  }
  return padded;
}

ndarray pad(const ndarray& a, std::int64_t width, pad_mode mode, const pad_options& options) {
  return pad(a, {{width, width}}, mode, options);
}

ndarray vander(const ndarray& x, std::optional<std::int64_t> columns, bool increasing) {
  if (x.ndim() != 1) throw shape_error("x must be a one-dimensional array or sequence.");
  const std::int64_t n = columns.value_or(x.size());
  if (n < 0) throw shape_error("negative dimensions are not allowed");
  const dtype t = promote_types(x.dtype(), int64);
  const ndarray out = new_array({x.size(), n}, t, x.device());
  const ndarray column = x.astype(t, casting::unsafe, false);
  ndarray power;
  for (std::int64_t j = 0; j < n; ++j) {
    // (x itself in the second column, not 1 * x: a complex infinity times 1 + 0j is NaN)
    if (j < 2 || !t.is_complex() || n == 3) {
      power = j == 0 ? ones({x.size()}, t, x.device()) : j == 1 ? column : multiply(power, column);
    } else {
      // NumPy's accumulate along rows of three or more products overlaps its output with its input and takes
      // the plain complex loop, not multiply's fused one (a single product a row, n == 3, goes the fused
      // way): each product and sum rounded on its own, part by part
      const ndarray re = real(power), im = imag(power), xr = real(column), xi = imag(column);
      const ndarray next = new_array({x.size()}, t, x.device());
      copy_into(real(next), subtract(multiply(re, xr), multiply(im, xi)));
      copy_into(imag(next), add(multiply(re, xi), multiply(im, xr)));
      power = next;
    }
    copy_into(out(all, increasing ? j : n - 1 - j), power);
  }
  return out;
}

ndarray trim_zeros(const ndarray& filt, const std::string& trim, const axis_arg& axis) {
  std::string how = trim;
  std::transform(how.begin(), how.end(), how.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (how != "fb" && how != "bf" && how != "f" && how != "b") {
    throw shape_error("unexpected character(s) in `trim`: '" + trim + "'");
  }
  const std::vector<int> axes = axis.is_none() ? std::vector<int>() : axis.normalized(filt.ndim());
  if (!axis.is_none() && axes.empty()) return filt;
  const auto trimmed = [&](int d) {
    return axis.is_none() || std::find(axes.begin(), axes.end(), d) != axes.end();
  };
  if (filt.ndim() == 0) return filt;
  // the box around the nonzero elements: each axis's least and greatest index among them
  const ndarray at = argwhere(filt);
  std::vector<index_t> index;
  for (int d = 0; d < filt.ndim(); ++d) {
    if (!trimmed(d)) {
      index.emplace_back(all);
    } else if (at.shape()[0] == 0) {
      index.emplace_back(slice(std::int64_t{0}, std::int64_t{0}));
    } else {
      const ndarray column = at(all, d);
      const std::optional<std::int64_t> first =
          how.find('f') != std::string::npos ? std::optional(min(column).item<std::int64_t>()) : std::nullopt;
      const std::optional<std::int64_t> last = how.find('b') != std::string::npos
                                                   ? std::optional(max(column).item<std::int64_t>() + 1)
                                                   : std::nullopt;
      index.emplace_back(slice(first, last));
    }
  }
  return filt.index(index);
}

ndarray resize(const ndarray& a, const shape_t& shape) {
  std::int64_t size = 1;
  for (std::int64_t extent : shape) {
    if (extent < 0) throw shape_error("all elements of `new_shape` must be non-negative");
    size *= extent;
  }
  if (a.size() == 0 || size == 0) return zeros(shape, a.dtype(), a.device());
  return cycled(a, size).reshape(shape);
}

namespace {

/// numpy.delete's array and axis: the flattened array for none.
std::pair<ndarray, int> delete_target(const ndarray& arr, std::optional<std::int64_t> axis) {
  if (!axis) return {arr.ndim() == 1 ? arr : arr.reshape({arr.size()}), 0};
  return {arr, normalize_axis(*axis, arr.ndim())};
}

}  // namespace

ndarray delete_(const ndarray& arr, std::int64_t index, std::optional<std::int64_t> axis) {
  const auto [x, ax] = delete_target(arr, axis);
  const std::int64_t n = x.shape()[ax];
  if (index < -n || index >= n) throw out_of_bounds(std::to_string(index), ax, n);
  const ndarray keep = ones({n}, bool_, x.device());
  std::move(keep(index)) = false;
  return compress(keep, x, ax);
}

ndarray delete_(const ndarray& arr, const slice& range, std::optional<std::int64_t> axis) {
  const auto [x, ax] = delete_target(arr, axis);
  const ndarray keep = ones({x.shape()[ax]}, bool_, x.device());
  std::move(keep(range)) = false;
  return compress(keep, x, ax);
}

ndarray delete_(const ndarray& arr, const ndarray& obj, std::optional<std::int64_t> axis) {
  const auto [x, ax] = delete_target(arr, axis);
  const std::int64_t n = x.shape()[ax];
  if (obj.size() == 1 && obj.dtype().is_integer()) {
    return delete_(arr, obj.astype(int64, casting::unsafe, false).reshape({}).item<std::int64_t>(), axis);
  }
  ndarray keep;
  if (obj.dtype() == bool_) {
    if (obj.ndim() != 1 || obj.size() != n) {
      throw shape_error(
          "boolean array argument obj to delete must be one dimensional and match the axis length "
          "of " +
          std::to_string(n));
    }
    keep = logical_not(obj);
  } else {
    keep = ones({n}, bool_, x.device());
    keep(obj) = false;
  }
  return compress(keep, x, ax);
}

namespace {

/// numpy.insert of @p values as one block before @p index (the path of a single position); @p move_axis for a
/// position given as a number (NumPy moves the values' first axis to the axis), @p shown how an error names
/// it.
ndarray insert_block(const ndarray& x, int axis, std::int64_t index, ndarray values, bool move_axis,
                     const std::string& shown) {
  const std::int64_t n = x.shape()[axis];
  if (index < -n || index > n) throw out_of_bounds(shown, axis, n);
  if (index < 0) index += n;
  while (values.ndim() < x.ndim()) values = expand_dims(values, 0);
  if (move_axis) values = moveaxis(values, 0, axis);
  const std::int64_t count = values.shape()[axis];
  shape_t shape = x.shape();
  shape[axis] += count;
  const ndarray out = new_array(shape, x.dtype(), x.device());
  copy_into(along(out, axis, slice(std::int64_t{0}, index)), along(x, axis, slice(std::int64_t{0}, index)));
  std::move(along(out, axis, slice(index, index + count))) = values;
  copy_into(along(out, axis, slice(index + count, none)), along(x, axis, slice(index, none)));
  return out;
}

}  // namespace

ndarray insert(const ndarray& arr, std::int64_t index, const ndarray& values,
               std::optional<std::int64_t> axis) {
  const auto [x, ax] = delete_target(arr, axis);
  return insert_block(x, ax, index, values.astype(x.dtype(), casting::unsafe, false), true,
                      std::to_string(index));
}

ndarray insert(const ndarray& arr, std::int64_t index, scalar value, std::optional<std::int64_t> axis) {
  ndarray v = new_array({}, arr.dtype(), arr.device());
  std::move(v) = value;
  return insert(arr, index, v, axis);
}

ndarray insert(const ndarray& arr, const ndarray& indices, const ndarray& values,
               std::optional<std::int64_t> axis) {
  const auto [x, ax] = delete_target(arr, axis);
  require_same_device(arr.device(), indices.device(), "insert");
  ndarray positions = indices;
  if (indices.dtype() == bool_) {
    if (indices.ndim() != 1)
      throw shape_error("boolean array argument obj to insert must be one dimensional");
    positions = flatnonzero(indices);
  } else if (indices.ndim() > 1) {
    throw shape_error("index array argument obj to insert must be one dimensional or scalar");
  }
  positions = positions.astype(int64, casting::unsafe, false);
  const ndarray cast = values.astype(x.dtype(), casting::unsafe, false);
  if (positions.size() == 1) {
    const std::int64_t at = positions.reshape({}).item<std::int64_t>();
    return insert_block(
        x, ax, at, cast, positions.ndim() == 0,
        positions.ndim() == 0 ? std::to_string(at) : std::string("[").append(std::to_string(at)).append("]"));
  }
  const std::int64_t n = x.shape()[ax], count = positions.size();
  positions = where(less(positions, 0), add(positions, n), positions).reshape({count});
  // each value's place in the result: its position plus the values placed before it (a stable order)
  const ndarray order = argsort(positions);
  const ndarray places = empty({count}, int64, x.device());
  index(places, {order}) = add(take(positions, order), arange(std::int64_t{0}, count, 1, int64, x.device()));
  shape_t shape = x.shape();
  shape[ax] += count;
  const ndarray old = ones({shape[ax]}, bool_, x.device());
  index(old, {places}) = false;
  const ndarray out = new_array(shape, x.dtype(), x.device());
  std::vector<array_index_t> at(static_cast<std::size_t>(ax), all);
  at.emplace_back(places);
  index(out, at) = cast;
  at.back() = old;
  index(out, at) = x;
  return out;
}

ndarray insert(const ndarray& arr, const slice& range, const ndarray& values,
               std::optional<std::int64_t> axis) {
  const auto [x, ax] = delete_target(arr, axis);
  const ndarray positions = arange(std::int64_t{0}, x.shape()[ax], 1, int64, x.device())(range);
  return insert(arr, ascontiguousarray(positions), values, axis);
}

}  // namespace numcu
