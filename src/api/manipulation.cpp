// Shape and axis manipulation: all views except where NumPy copies.
#include "numcu/manipulation.hpp"

#include <algorithm>

#include "api/manipulation_common.hpp"
#include "core/iteration_plan.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/selection.hpp"
#include "dispatch/sort.hpp"
#include "memory/buffer.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/error.hpp"

namespace numcu {
namespace {

ndarray with_layout(const ndarray& a, const shape_t& shape, const strides_t& strides) {
  return ndarray(a.buffer(), a.dtype(), shape, strides, a.offset(), true);
}

}  // namespace

ndarray reshape(const ndarray& a, const shape_t& shape) {
  return a.reshape(shape);
}

ndarray ravel(const ndarray& a) {
  return a.ravel();
}

ndarray transpose(const ndarray& a, const axis_arg& axes) {
  if (axes.is_none()) return a.transpose();
  return a.transpose(std::vector<std::int64_t>(axes.values().begin(), axes.values().end()));
}

ndarray swapaxes(const ndarray& a, std::int64_t axis1, std::int64_t axis2) {
  const int i = normalize_axis(axis1, a.ndim()), j = normalize_axis(axis2, a.ndim());
  std::vector<std::int64_t> order(a.ndim());
  for (int k = 0; k < a.ndim(); ++k) order[k] = k;
  std::swap(order[i], order[j]);
  return a.transpose(order);
}

ndarray moveaxis(const ndarray& a, const axis_arg& source, const axis_arg& destination) {
  const auto normalized = [&](const axis_arg& axes, const std::string& role) {
    return detail::naming_axis(
        role, [&] { return axes.normalized(a.ndim(), "repeated axis in `" + role + "` argument"); });
  };
  const std::vector<int> src = normalized(source, "source");
  const std::vector<int> dst = normalized(destination, "destination");
  if (src.size() != dst.size()) {
    throw shape_error("`source` and `destination` arguments must have the same number of elements");
  }
  std::vector<std::int64_t> order;
  for (int k = 0; k < a.ndim(); ++k) {
    if (std::find(src.begin(), src.end(), k) == src.end()) order.push_back(k);
  }
  std::vector<std::pair<int, int>> placed;
  for (std::size_t i = 0; i < src.size(); ++i) placed.emplace_back(dst[i], src[i]);
  std::sort(placed.begin(), placed.end());
  for (const auto& [position, axis] : placed) order.insert(order.begin() + position, axis);
  return a.transpose(order);
}

ndarray squeeze(const ndarray& a, const axis_arg& axes) {
  std::vector<bool> drop(a.ndim(), false);
  if (!axes.is_none()) {
    for (int axis : axes.normalized(a.ndim(), "duplicate value in 'axis'")) {
      if (a.shape()[axis] != 1)
        throw shape_error("cannot select an axis to squeeze out which has size not equal to one");
      drop[axis] = true;
    }
  } else {
    for (int d = 0; d < a.ndim(); ++d) drop[d] = a.shape()[d] == 1;
  }
  shape_t shape;
  strides_t strides;
  for (int d = 0; d < a.ndim(); ++d) {
    if (!drop[d]) {
      shape.push_back(a.shape()[d]);
      strides.push_back(a.strides()[d]);
    }
  }
  return with_layout(a, shape, strides);
}

ndarray expand_dims(const ndarray& a, const axis_arg& axes) {
  const int ndim = a.ndim() + axes.values().size();
  const std::vector<int> positions = axes.normalized(ndim);
  shape_t shape;
  strides_t strides;
  int source = 0;
  for (int d = 0; d < ndim; ++d) {
    if (std::find(positions.begin(), positions.end(), d) != positions.end()) {
      shape.push_back(1);
      strides.push_back(0);
    } else {
      shape.push_back(a.shape()[source]);
      strides.push_back(a.strides()[source]);
      ++source;
    }
  }
  return with_layout(a, shape, strides);
}

ndarray broadcast_to(const ndarray& a, const shape_t& shape) {
  for (std::int64_t n : shape) {
    if (n < 0) throw shape_error("all elements of broadcast shape must be non-negative");
  }
  return with_layout(a, shape, detail::broadcast_strides(a.shape(), a.strides(), shape));
}

std::vector<ndarray> broadcast_arrays(const std::vector<ndarray>& arrays) {
  std::vector<shape_t> shapes;
  for (const ndarray& a : arrays) shapes.push_back(a.shape());
  const shape_t shape = broadcast_shapes(shapes);
  std::vector<ndarray> out;
  for (const ndarray& a : arrays) out.push_back(broadcast_to(a, shape));
  return out;
}

ndarray ascontiguousarray(const ndarray& a) {
  const ndarray at_least_1d = a.ndim() == 0 ? a.reshape({1}) : a;
  return at_least_1d.is_c_contiguous() ? at_least_1d : at_least_1d.copy();
}

namespace detail {

ndarray along(const ndarray& a, int axis, const slice& range) {
  std::vector<index_t> index(a.ndim(), all);
  index[axis] = range;
  return a.index(index);
}

ndarray take_positions(const ndarray& x, const ndarray& index, int axis) {
  // one take along the middle of (before, axis, after); every index is in range, so clip reads them as they
  // are and needs no wait for a bounds flag
  take_layout layout;
  layout.axis = axis;
  layout.extent = x.shape()[axis];
  for (int d = 0; d < axis; ++d) layout.outer *= x.shape()[d];
  for (int d = axis + 1; d < x.ndim(); ++d) layout.inner *= x.shape()[d];
  shape_t shape = x.shape();
  shape[axis] = index.size();
  return take_along(x, layout, ascontiguousarray(index), index_mode::clip, shape).out;
}

ndarray cycled(const ndarray& values, std::int64_t n) {
  return take_along(ascontiguousarray(values.reshape({values.size()})), {1, values.size(), 1, 0},
                    arange(std::int64_t{0}, n, 1, int64, values.device()), index_mode::wrap, {n})
      .out;
}

index_error out_of_bounds(const std::string& index, int axis, std::int64_t size) {
  return index_error("index " + index + " is out of bounds for axis " + std::to_string(axis) + " with size " +
                     std::to_string(size));
}

shape_error objects_mismatch(const shape_t& first, const shape_t& second) {
  return shape_error(
      "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with "
      "shape " +
      to_string(first) + " and arg 1 with shape " + to_string(second) + ".");
}

}  // namespace detail

}  // namespace numcu
