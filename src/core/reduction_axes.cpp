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

void check_reduction_out_shape(const char* ufunc, const shape_t& shape, const ndarray& out) {
  if (out.ndim() != shape.size()) {
    throw shape_error(std::string("output parameter for reduction operation ") + ufunc +
                      " has the wrong number of dimensions: Found " + std::to_string(out.ndim()) +
                      " but expected " + std::to_string(shape.size()));
  }
  if (out.shape() != shape) {
    throw shape_error(std::string("output parameter for reduction operation ") + ufunc + " has shape " +
                      to_string(out.shape()) + ", expected " + to_string(shape));
  }
}

}  // namespace numcu::detail
