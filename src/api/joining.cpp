// Joining and splitting, as NumPy's numpy/_core/shape_base.py and numpy/lib/_shape_base_impl.py build them:
// the joins check their parts as NumPy's concatenate does and copy each into its place in a new array (or
// out=); the splits and unstack are views, the atleast_* forms reshaped views.
#include "numcu/joining.hpp"

#include <algorithm>
#include <new>
#include <stdexcept>
#include <string>

#include "api/manipulation_common.hpp"
#include "core/backend.hpp"  // join_parts_capacity
#include "core/type_resolution.hpp"
#include "dispatch/arrange.hpp"
#include "dispatch/dispatch.hpp"
#include "memory/buffer.hpp"
#include "numcu/error.hpp"
#include "numcu/manipulation.hpp"

namespace numcu {

namespace detail {

void require_castable(dtype from, dtype to, casting rule) {
  if (!can_cast(from, to, rule)) {
    throw dtype_error("Cannot cast array data from " + dtype_repr(from) + " to " + dtype_repr(to) +
                      " according to the rule '" + std::string(casting_name(rule)) + "'");
  }
}

}  // namespace detail

using namespace detail;

namespace {

/// The shape of @p parts joined along @p axis (normalized against the first part's dimensions), after NumPy's
/// checks: one device, equal numbers of dimensions, equal extents off the axis.
shape_t joined_shape(const std::vector<ndarray>& parts, int axis) {
  shape_t shape = parts[0].shape();
  shape[axis] = 0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const ndarray& p = parts[k];
    require_same_device(parts[0].device(), p.device(), "concatenate");
    if (p.ndim() != parts[0].ndim()) {
      throw shape_error(
          "all the input arrays must have same number of dimensions, but the array at index 0 has " +
          std::to_string(parts[0].ndim()) + " dimension(s) and the array at index " + std::to_string(k) +
          " has " + std::to_string(p.ndim()) + " dimension(s)");
    }
    for (int d = 0; d < p.ndim(); ++d) {
      if (d != axis && p.shape()[d] != parts[0].shape()[d]) {
        throw shape_error(
            "all the input array dimensions except for the concatenation axis must match exactly, "
            "but along dimension " +
            std::to_string(d) + ", the array at index 0 has size " + std::to_string(parts[0].shape()[d]) +
            " and the array at index " + std::to_string(k) + " has size " + std::to_string(p.shape()[d]));
      }
    }
    shape[axis] += p.shape()[axis];
  }
  return shape;
}

/// NumPy's result_type of the parts' dtypes (a sequence's promotion, not a fold of pairs).
dtype joined_dtype(const std::vector<ndarray>& parts) {
  std::vector<dtype> dtypes;
  for (const ndarray& p : parts) dtypes.push_back(p.dtype());
  return result_type(dtypes);
}

/// Copies each of @p parts into its place along @p axis of @p out (cast to out's dtype).
void join_into(const ndarray& out, const std::vector<ndarray>& parts, int axis) {
  std::int64_t at = 0;
  for (const ndarray& p : parts) {
    copy_into(along(out, axis, slice(at, at + p.shape()[axis])), p);
    at += p.shape()[axis];
  }
}

/// Whether the parts can go into the new array @p out by join_narrow_rows: out's dtype, all C-contiguous,
/// few, and rows along @p axis narrow enough that a copy per part would write a few bytes at a time.
bool narrow_rows(const ndarray& out, const std::vector<ndarray>& parts, int axis) {
  std::int64_t inner = 1;
  for (int d = axis + 1; d < out.ndim(); ++d) inner *= out.shape()[d];
  if (out.shape()[axis] * inner > join_parts_capacity || !out.is_c_contiguous()) return false;
  int count = 0;
  for (const ndarray& p : parts) {
    if (p.dtype() != out.dtype() || !p.is_c_contiguous() || p.device() != out.device()) return false;
    if (p.size() > 0) ++count;
  }
  return count <= join_parts_capacity;
}

/// The parts joined along @p axis into the new array @p out (of their joined shape): side by side in one pass
/// where their rows are narrow, else a copy (and cast) per part.
void join_into_new(const ndarray& out, const std::vector<ndarray>& parts, int axis) {
  if (out.size() > 0 && narrow_rows(out, parts, axis)) {
    std::int64_t outer = 1;
    for (int d = 0; d < axis; ++d) outer *= out.shape()[d];
    join_narrow_rows(out, parts, outer);
    return;
  }
  join_into(out, parts, axis);
}

/// NumPy's array_split between the division points @p points (Python's slicing of each piece).
std::vector<ndarray> pieces_between(const ndarray& a, const std::vector<std::int64_t>& points, int axis) {
  std::vector<ndarray> out;
  out.reserve(points.size() - 1);
  for (std::size_t i = 0; i + 1 < points.size(); ++i)
    out.push_back(along(a, axis, slice(points[i], points[i + 1])));
  return out;
}

/// NumPy's ary.shape[axis] of the splits: an axis out of range is Python's IndexError of a tuple.
int split_axis(const ndarray& a, std::int64_t axis) {
  if (axis < -a.ndim() || axis >= a.ndim()) throw index_error("tuple index out of range");
  return static_cast<int>(axis < 0 ? axis + a.ndim() : axis);
}

/// The division points of @p indices: 0, the indices, the axis's length.
std::vector<std::int64_t> points_of(const std::vector<std::int64_t>& indices, std::int64_t length) {
  std::vector<std::int64_t> points{0};
  points.insert(points.end(), indices.begin(), indices.end());
  points.push_back(length);
  return points;
}

}  // namespace

namespace detail {

ndarray join_along(const std::vector<ndarray>& parts, int axis) {
  normalize_axis(axis, parts[0].ndim());  // NumPy's concatenate checks the axis against the first part first
  const shape_t shape = joined_shape(parts, axis);
  const ndarray out = new_array(shape, joined_dtype(parts), parts[0].device());
  join_into_new(out, parts, axis);
  return out;
}

}  // namespace detail

ndarray concatenate(const std::vector<ndarray>& arrays, std::optional<std::int64_t> axis,
                    const join_options& options) {
  if (options.dtype && options.out) {
    throw dtype_error("concatenate() only takes `out` or `dtype` as an argument, but both were provided.");
  }
  if (arrays.empty()) throw shape_error("need at least one array to concatenate");
  std::vector<ndarray> parts;
  int ax = 0;
  if (!axis) {
    for (const ndarray& a : arrays) parts.push_back(a.ravel());
  } else {
    // NumPy's order: the first array's rank, the axis against it, then each array's rank against the first's
    if (arrays[0].ndim() == 0) throw shape_error("zero-dimensional arrays cannot be concatenated");
    parts = arrays;
    ax = normalize_axis(*axis, arrays[0].ndim());
  }
  const shape_t shape = joined_shape(parts, ax);
  if (options.out && options.out->shape() != shape) throw shape_error("Output array is the wrong shape");
  dtype t = joined_dtype(parts);
  if (options.out) t = options.out->dtype();
  if (options.dtype) t = *options.dtype;
  for (const ndarray& p : parts) require_castable(p.dtype(), t, options.casting);
  if (!options.out) {
    const ndarray out = new_array(shape, t, parts[0].device());
    join_into_new(out, parts, ax);
    return out;
  }
  // the parts copied in turn, each read when its turn comes (as NumPy's: a part that overlaps out may see the
  // parts before it)
  require_same_device(parts[0].device(), options.out->device(), "concatenate");
  join_into(*options.out, parts, ax);
  return *options.out;
}

ndarray stack(const std::vector<ndarray>& arrays, std::int64_t axis, const join_options& options) {
  if (arrays.empty()) throw shape_error("need at least one array to stack");
  for (const ndarray& a : arrays) {
    if (a.shape() != arrays[0].shape()) throw shape_error("all input arrays must have the same shape");
  }
  const int ax = normalize_axis(axis, arrays[0].ndim() + 1);
  std::vector<ndarray> expanded;
  for (const ndarray& a : arrays) expanded.push_back(expand_dims(a, ax));
  return concatenate(expanded, ax, options);
}

ndarray hstack(const std::vector<ndarray>& arrays, std::optional<dtype> t, casting rule) {
  std::vector<ndarray> parts;
  for (const ndarray& a : arrays) parts.push_back(atleast_1d(a));
  const std::int64_t axis = !parts.empty() && parts[0].ndim() == 1 ? 0 : 1;
  return concatenate(parts, axis, {.dtype = t, .casting = rule});
}

ndarray vstack(const std::vector<ndarray>& arrays, std::optional<dtype> t, casting rule) {
  std::vector<ndarray> parts;
  for (const ndarray& a : arrays) parts.push_back(atleast_2d(a));
  return concatenate(parts, 0, {.dtype = t, .casting = rule});
}

ndarray dstack(const std::vector<ndarray>& arrays) {
  std::vector<ndarray> parts;
  for (const ndarray& a : arrays) parts.push_back(atleast_3d(a));
  return concatenate(parts, 2);
}

ndarray column_stack(const std::vector<ndarray>& arrays) {
  std::vector<ndarray> parts;
  for (const ndarray& a : arrays) parts.push_back(a.ndim() < 2 ? atleast_2d(a).T() : a);
  return concatenate(parts, 1);
}

ndarray append(const ndarray& arr, const ndarray& values, std::optional<std::int64_t> axis) {
  if (!axis) return concatenate({arr.ravel(), values.ravel()}, 0);
  return concatenate({arr, values}, axis);
}

std::vector<ndarray> array_split(const ndarray& a, std::int64_t sections, std::int64_t axis) {
  const int ax = split_axis(a, axis);
  if (sections <= 0) throw shape_error("number sections must be larger than 0.");
  const std::int64_t length = a.shape()[ax];
  const std::int64_t each = length / sections, extras = length % sections;
  // room for every piece at once: NumPy's MemoryError before any is made, not a host filled first
  const auto too_many = [&]() -> std::vector<ndarray> {
    const std::size_t each_bytes = sizeof(std::int64_t) + sizeof(ndarray);
    const auto count = static_cast<std::size_t>(sections);
    const std::size_t bytes = count > SIZE_MAX / each_bytes ? SIZE_MAX : count * each_bytes;
    throw out_of_memory("out of host memory: " + std::to_string(sections) + " sections", bytes, 0);
  };
  std::vector<std::int64_t> points{0};
  try {
    points.reserve(static_cast<std::size_t>(sections) + 1);
    for (std::int64_t i = 0; i < sections; ++i) points.push_back(points.back() + each + (i < extras ? 1 : 0));
    return pieces_between(a, points, ax);
  } catch (const std::bad_alloc&) {
    return too_many();
  } catch (const std::length_error&) {  // more than a vector can hold
    return too_many();
  }
}

std::vector<ndarray> array_split(const ndarray& a, const std::vector<std::int64_t>& indices,
                                 std::int64_t axis) {
  const int ax = split_axis(a, axis);
  return pieces_between(a, points_of(indices, a.shape()[ax]), ax);
}

std::vector<ndarray> split(const ndarray& a, std::int64_t sections, std::int64_t axis) {
  const std::int64_t length = a.shape()[split_axis(a, axis)];
  if (sections == 0) throw error("integer modulo by zero");  // NumPy's ZeroDivisionError
  if (length % sections != 0) throw shape_error("array split does not result in an equal division");
  return array_split(a, sections, axis);
}

std::vector<ndarray> split(const ndarray& a, const std::vector<std::int64_t>& indices, std::int64_t axis) {
  return array_split(a, indices, axis);
}

namespace {

/// hsplit, vsplit and dsplit: split along @p axis (by sections or at indices, @p how) of an array of at least
/// @p least dimensions, else NumPy's shape_error naming the function.
template <class How>
std::vector<ndarray> split_named(const ndarray& a, const How& how, int least, const char* name,
                                 std::int64_t axis) {
  if (a.ndim() < least) {
    throw shape_error(std::string(name) + " only works on arrays of " + std::to_string(least) +
                      " or more dimensions");
  }
  return split(a, how, axis);
}

}  // namespace

std::vector<ndarray> hsplit(const ndarray& a, std::int64_t sections) {
  return split_named(a, sections, 1, "hsplit", a.ndim() > 1 ? 1 : 0);
}

std::vector<ndarray> hsplit(const ndarray& a, const std::vector<std::int64_t>& indices) {
  return split_named(a, indices, 1, "hsplit", a.ndim() > 1 ? 1 : 0);
}

std::vector<ndarray> vsplit(const ndarray& a, std::int64_t sections) {
  return split_named(a, sections, 2, "vsplit", 0);
}

std::vector<ndarray> vsplit(const ndarray& a, const std::vector<std::int64_t>& indices) {
  return split_named(a, indices, 2, "vsplit", 0);
}

std::vector<ndarray> dsplit(const ndarray& a, std::int64_t sections) {
  return split_named(a, sections, 3, "dsplit", 2);
}

std::vector<ndarray> dsplit(const ndarray& a, const std::vector<std::int64_t>& indices) {
  return split_named(a, indices, 3, "dsplit", 2);
}

std::vector<ndarray> unstack(const ndarray& x, std::int64_t axis) {
  if (x.ndim() == 0) throw shape_error("Input array must be at least 1-d.");
  const ndarray moved = moveaxis(x, axis, 0);
  std::vector<ndarray> out;
  for (std::int64_t i = 0; i < moved.shape()[0]; ++i) out.push_back(moved(i));
  return out;
}

ndarray atleast_1d(const ndarray& a) {
  return a.ndim() == 0 ? a.reshape({1}) : a;
}

ndarray atleast_2d(const ndarray& a) {
  if (a.ndim() == 0) return a.reshape({1, 1});
  return a.ndim() == 1 ? expand_dims(a, 0) : a;
}

ndarray atleast_3d(const ndarray& a) {
  if (a.ndim() == 0) return a.reshape({1, 1, 1});
  if (a.ndim() == 1) return expand_dims(a, std::vector<std::int64_t>{0, 2});
  return a.ndim() == 2 ? expand_dims(a, 2) : a;
}

namespace {

/// @p a with leading axes of length 1 up to @p ndim axes (numpy.block's view of each array).
ndarray with_leading_axes(const ndarray& a, int ndim) {
  shape_t shape(static_cast<std::size_t>(ndim - a.ndim()), 1);
  for (std::int64_t extent : a.shape()) shape.push_back(extent);
  return a.reshape(shape);
}

}  // namespace

ndarray block(const std::vector<ndarray>& arrays) {
  if (arrays.empty()) throw shape_error("List at arrays cannot be empty");
  int ndim = 1;
  for (const ndarray& a : arrays) ndim = std::max(ndim, a.ndim());
  std::vector<ndarray> parts;
  for (const ndarray& a : arrays) parts.push_back(with_leading_axes(a, ndim));
  return concatenate(parts, -1);
}

ndarray block(const std::vector<std::vector<ndarray>>& rows) {
  if (rows.empty()) throw shape_error("List at arrays cannot be empty");
  int ndim = 2;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].empty()) throw shape_error("List at arrays[" + std::to_string(r) + "] cannot be empty");
    for (const ndarray& a : rows[r]) ndim = std::max(ndim, a.ndim());
  }
  std::vector<ndarray> joined;
  for (const auto& row : rows) {
    std::vector<ndarray> parts;
    for (const ndarray& a : row) parts.push_back(with_leading_axes(a, ndim));
    joined.push_back(concatenate(parts, -1));
  }
  return concatenate(joined, -2);
}

}  // namespace numcu
