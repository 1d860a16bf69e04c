// Shape and axis manipulation: all views except where NumPy copies.
#include "numcu/manipulation.hpp"

#include <algorithm>

#include "api/manipulation_common.hpp"
#include "core/iteration_plan.hpp"
#include "dispatch/dispatch.hpp"
#include "memory/buffer.hpp"
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
  const std::vector<int> src = source.normalized(a.ndim(), "repeated axis in `source` argument");
  const std::vector<int> dst = destination.normalized(a.ndim(), "repeated axis in `destination` argument");
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

ndarray join_along(const std::vector<ndarray>& parts, int axis) {
  dtype t = parts[0].dtype();
  shape_t shape = parts[0].shape();
  shape[axis] = 0;
  normalize_axis(axis, parts[0].ndim());  // NumPy's concatenate checks, the axis against the first part first
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const ndarray& p = parts[k];
    if (p.ndim() != parts[0].ndim()) {
      throw shape_error(
          "all the input arrays must have same number of dimensions, but the array at index 0 has " +
          std::to_string(parts[0].ndim()) + " dimension(s) and the array at index " + std::to_string(k) +
          " has " + std::to_string(p.ndim()) + " dimension(s)");
    }
    for (int d = 0; d < p.ndim(); ++d) {
      if (d != axis && p.shape()[d] != parts[0].shape()[d]) {
        throw shape_error("all the input array dimensions except for the concatenation axis must match exactly, "
                          "but along dimension " + std::to_string(d) + ", the array at index 0 has size " +
                          std::to_string(parts[0].shape()[d]) + " and the array at index " + std::to_string(k) +
                          " has size " + std::to_string(p.shape()[d]));
      }
    }
  }
  for (const ndarray& p : parts) {
    t = promote_types(t, p.dtype());
    shape[axis] += p.shape()[axis];
  }
  ndarray out = new_array(shape, t, parts[0].device());
  std::int64_t at = 0;
  for (const ndarray& p : parts) {
    copy_into(along(out, axis, slice(at, at + p.shape()[axis])), p);
    at += p.shape()[axis];
  }
  return out;
}

}  // namespace detail

}  // namespace numcu
