#include "core/reduction_axes.hpp"

#include <algorithm>
#include <numeric>
#include <string>

namespace numcu::detail {

std::vector<int> reduced_axes(const ndarray& a, const axis_arg& axis) {
  if (axis.is_none()) {
    std::vector<int> all(a.ndim());
    std::iota(all.begin(), all.end(), 0);
    return all;
  }
  return axis.normalized(a.ndim(), "duplicate value in 'axis'");
}

shape_t reduced_shape(const ndarray& a, const std::vector<int>& axes, bool keepdims) {
  shape_t s;
  for (int d = 0; d < a.ndim(); ++d) {
    const bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
    if (!reduced) {
      s.push_back(a.shape()[d]);
    } else if (keepdims) {
      s.push_back(1);
    }
  }
  return s;
}

std::int64_t reduced_count(const ndarray& a, const std::vector<int>& axes) {
  std::int64_t n = 1;
  for (int d : axes) n *= a.shape()[d];
  return n;
}

void check_reduction_operands(const char* ufunc, const shape_t& shape, const std::vector<int>& axes,
                              bool keepdims, const ndarray* out, const shape_t* where) {
  const int n = shape.size();
  // out's axis for each of the array's (-1 for a reduced axis that out has not), and whether that is reduced
  std::vector<int> out_axis(n, -1);
  std::vector<bool> reduced(n, false);
  int out_ndim = 0;
  for (int d = 0; d < n; ++d) {
    reduced[d] = std::find(axes.begin(), axes.end(), d) != axes.end();
    if (!reduced[d] || keepdims) out_axis[d] = out_ndim++;
  }
  if (out && out->ndim() != out_ndim) {
    throw shape_error(std::string("output parameter for reduction operation ") + ufunc +
                      " has the wrong number of dimensions: Found " + std::to_string(out->ndim()) +
                      " but expected " + std::to_string(out_ndim) +
                      (keepdims ? " (must match the operand's when keepdims=True)" : ""));
  }
  if (where && where->size() > n) {
    throw shape_error("input operand has more dimensions than allowed by the axis remapping");
  }
  // out's extents on the array's axes (-1: none), and the operands' broadcast shape
  shape_t remapped(n, -1), broadcast(n, 1);
  bool fits = true;
  const auto join = [&](std::int64_t extent, int d) {
    if (extent < 0 || extent == 1) return;
    if (broadcast[d] == 1) {
      broadcast[d] = extent;
    } else if (broadcast[d] != extent) {
      fits = false;
    }
  };
  for (int d = 0; d < n; ++d) {
    if (out && out_axis[d] >= 0) remapped[d] = out->shape()[out_axis[d]];
    join(remapped[d], d);
  }
  for (int d = 0; d < n; ++d) join(shape[d], d);
  if (where) {
    for (int k = 0; k < where->size(); ++k) join((*where)[k], n - where->size() + k);
  }
  if (!fits) {
    std::string text = "operands could not be broadcast together with remapped shapes [original->remapped]: ";
    if (out) text += compact_text(out->shape()) + "->" + compact_text(remapped) + " ";
    text += compact_text(shape) + " ";
    if (where) text += compact_text(*where) + " ";
    throw shape_error(text);
  }
  for (int d = n - 1; d >= 0; --d) {  // NumPy's iterator goes from the last axis, out before the array
    if (out && out_axis[d] >= 0) {
      if (reduced[d] && remapped[d] != 1) {
        throw shape_error("operand was set up as a reduction along axis " + std::to_string(out_axis[d]) +
                          ", but the length of the axis is " + std::to_string(remapped[d]) +
                          " (it has to be 1)");
      }
      if (!reduced[d] && remapped[d] != broadcast[d]) {
        throw shape_error("output operand requires a reduction along dimension " +
                          std::to_string(out_axis[d]) +
                          ", but the reduction is not enabled. The dimension size of 1 does not match the "
                          "expected output shape.");
      }
    }
    if (shape[d] != broadcast[d]) {
      throw shape_error("non-broadcastable operand with shape " + compact_text(shape) +
                        " doesn't match the broadcast shape " + compact_text(broadcast));
    }
  }
}

}  // namespace numcu::detail
