// numpy.linalg's functions that other families compose (numcu/linalg.hpp): vector_norm as NumPy's norm
// computes each order, trace, diagonal and matrix_transpose over the last two axes.
#include <cmath>
#include <string>

#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/error.hpp"
#include "numcu/linalg.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/rearranging.hpp"
#include "numcu/reduction.hpp"

namespace numcu::linalg {

ndarray vector_norm(const ndarray& x_in, const axis_arg& axis, bool keepdims, double ord) {
  // NumPy's normalize_axis_tuple: every axis in range, then none twice ("repeated axis")
  if (!axis.is_none()) (void)axis.normalized(x_in.ndim());
  const ndarray x =
      x_in.dtype().is_floating() || x_in.dtype().is_complex() ? x_in : x_in.astype(float64, casting::unsafe);
  const reduce_options options{.keepdims = keepdims};
  if (std::isinf(ord) && ord > 0) return max(absolute(x), axis, {.keepdims = keepdims, .initial = scalar(0)});
  if (std::isinf(ord)) return min(absolute(x), axis, options);
  if (ord == 0) return sum(not_equal(x, 0).astype(real(x).dtype()), axis, options);
  if (ord == 1) return sum(absolute(x), axis, options);
  if (ord == 2) return sqrt(sum(real(multiply(conjugate(x), x)), axis, options));
  // NumPy: |x| ** ord in |x|'s dtype, summed, then ** reciprocal(ord, dtype=the sum's): ord rounded to that
  // dtype first, its reciprocal taken there
  const ndarray total = sum(power(absolute(x), ord), axis, options);
  return power(total,
               reciprocal(full({}, ord, float64, total.device()).astype(total.dtype(), casting::unsafe)));
}

ndarray trace(const ndarray& x, std::int64_t offset, std::optional<dtype> t) {
  if (x.ndim() < 2) throw shape_error("diag requires an array of at least two dimensions");
  return numcu::trace(x, offset, -2, -1, t);
}

ndarray diagonal(const ndarray& x, std::int64_t offset) {
  if (x.ndim() < 2) throw shape_error("diag requires an array of at least two dimensions");
  return numcu::diagonal(x, offset, -2, -1);
}

ndarray matrix_transpose(const ndarray& x) {
  if (x.ndim() < 2) {
    throw shape_error("Input array must be at least 2-dimensional, but it is " + std::to_string(x.ndim()));
  }
  return swapaxes(x, -1, -2);
}

}  // namespace numcu::linalg
