// Differences and integrals along an axis: diff, ediff1d, gradient, trapezoid, composed of elementwise
// functions over views as NumPy composes them.
#include <complex>

#include "api/manipulation_common.hpp"
#include "core/reduction_axes.hpp"
#include "dispatch/dispatch.hpp"
#include "memory/buffer.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/reduction.hpp"

namespace numcu {

using detail::along;
using detail::copy_into;
using detail::join_along;
using detail::new_array;
using detail::reduced_axes;
using detail::require_same_device;

namespace {

/// An operand of diff's prepend / append as an array of @p a's shape with extent 1 along @p axis, unless it is
/// an array of a's dimensions already (NumPy broadcasts only scalars and 0-d arrays).
ndarray diff_edge(const ndarray& a, int axis, const operand& value) {
  ndarray v = value.is_scalar() ? full({}, value.value(), std::nullopt, a.device()) : value.array();
  require_same_device(a.device(), v.device(), "diff");
  if (v.ndim() == 0) {
    shape_t shape = a.shape();
    shape[axis] = 1;
    return broadcast_to(v, shape);
  }
  return v;
}

/// Central differences inside, one-sided ones of order @p edge_order at both ends, along @p axis, with NumPy's
/// formulas and their order of operations: @p step a uniform spacing (a weak scalar, or a 0-d array whose dtype
/// takes part in the arithmetic), or the differences of the coordinates (uneven spacing).
ndarray gradient_along(const ndarray& f, int axis, const operand& step, int edge_order) {
  const std::int64_t n = f.shape()[axis];
  if (n < edge_order + 1) {
    throw shape_error("Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) "
                      "elements are required.");
  }
  // integers in float64; bool stays bool in the differences (its subtract is NumPy's TypeError) but not in the
  // result, which the uneven second-order formulas fill with float64 values
  const dtype t = f.dtype().is_integer() || f.dtype().is_bool() ? float64 : f.dtype();
  const ndarray x = f.dtype().is_integer() ? f.astype(t, casting::unsafe, false) : f;
  ndarray out = new_array(f.shape(), t, f.device());
  const auto at = [&](std::int64_t i) { return along(x, axis, slice(i, i + 1)); };
  const auto store = [&](const slice& range, const ndarray& value) {
    copy_into(along(out, axis, range), value.astype(t, casting::unsafe, false));
  };
  const bool uniform = step.is_scalar() || step.array().ndim() == 0;
  // a number times or over a uniform step: a weak number as NumPy's Python floats are, a 0-d array as its scalars
  const auto value = [&] { return std::complex<double>(step.value().real(), step.value().imag()); };
  const auto weak = [&](std::complex<double> v) {  // of the step's kind: complex only for a complex step
    return step.value().kind() == scalar_kind::complex ? operand(scalar(v)) : operand(scalar(v.real()));
  };
  const auto times = [&](double k) -> operand {
    return step.is_scalar() ? weak(k * value()) : operand(multiply(k, step));
  };
  const auto over = [&](double k) -> operand {
    return step.is_scalar() ? weak(k / value()) : operand(true_divide(k, step));
  };
  if (uniform) {
    store(slice(1, n - 1),
          true_divide(subtract(along(x, axis, slice(2, none)), along(x, axis, slice(0, n - 2))), times(2.0)));
  } else {
    // the differences laid along the axis: dx1 = dx[:-1], dx2 = dx[1:]
    const ndarray& dx = step.array();
    shape_t shape(f.ndim(), 1);
    shape[axis] = n - 2;
    const ndarray dx1 = dx(slice(0, n - 2)).reshape(shape), dx2 = dx(slice(1, n - 1)).reshape(shape);
    const ndarray a = true_divide(negative(dx2), multiply(dx1, add(dx1, dx2)));
    const ndarray b = true_divide(subtract(dx2, dx1), multiply(dx1, dx2));
    const ndarray c = true_divide(dx1, multiply(dx2, add(dx1, dx2)));
    store(slice(1, n - 1), add(add(multiply(a, along(x, axis, slice(0, n - 2))), multiply(b, along(x, axis, slice(1, n - 1)))),
                               multiply(c, along(x, axis, slice(2, none)))));
  }
  const auto first = [&](std::int64_t i) -> operand { return uniform ? step : operand(step.array()(i)); };
  if (edge_order == 1) {
    store(slice(0, 1), true_divide(subtract(at(1), at(0)), first(0)));
    store(slice(n - 1, n), true_divide(subtract(at(n - 1), at(n - 2)), first(-1)));
    return out;
  }
  // second-order edges: each coefficient divided by the spacing first, so that a value near the largest finite
  // one times 1.5 / h does not overflow where (1.5 * value) / h would
  const auto combine = [&](const operand& a, const operand& b, const operand& c, std::int64_t i) {
    return add(add(multiply(a, at(i)), multiply(b, at(i + 1))), multiply(c, at(i + 2)));
  };
  if (uniform) {
    store(slice(0, 1), combine(over(-1.5), over(2.0), over(-0.5), 0));
    store(slice(n - 1, n), combine(over(0.5), over(-2.0), over(1.5), n - 3));
    return out;
  }
  const ndarray& dx = step.array();
  ndarray dx1 = dx(0), dx2 = dx(1);
  store(slice(0, 1), combine(true_divide(negative(add(multiply(2.0, dx1), dx2)), multiply(dx1, add(dx1, dx2))),
                             true_divide(add(dx1, dx2), multiply(dx1, dx2)),
                             true_divide(negative(dx1), multiply(dx2, add(dx1, dx2))), 0));
  dx1 = dx(-2);
  dx2 = dx(-1);
  store(slice(n - 1, n), combine(true_divide(dx2, multiply(dx1, add(dx1, dx2))),
                                 true_divide(negative(add(dx2, dx1)), multiply(dx1, dx2)),
                                 true_divide(add(multiply(2.0, dx2), dx1), multiply(dx2, add(dx1, dx2))), n - 3));
  return out;
}

}  // namespace

ndarray diff(const ndarray& a, int n, std::int64_t axis, const std::optional<operand>& prepend,
             const std::optional<operand>& append) {
  if (n == 0) return a;
  if (n < 0) throw shape_error("order must be non-negative but got " + std::to_string(n));
  if (a.ndim() == 0) throw shape_error("diff requires input that is at least one dimensional");
  const int ax = normalize_axis(axis, a.ndim());
  ndarray x = a;
  if (prepend || append) {
    std::vector<ndarray> parts;
    if (prepend) parts.push_back(diff_edge(a, ax, *prepend));
    parts.push_back(a);
    if (append) parts.push_back(diff_edge(a, ax, *append));
    x = join_along(parts, ax);
  }
  for (int k = 0; k < n && x.shape()[ax] > 0; ++k) {
    const std::int64_t m = x.shape()[ax];
    const ndarray hi = along(x, ax, slice(1, none)), lo = along(x, ax, slice(0, m - 1));
    x = x.dtype() == bool_ ? not_equal(hi, lo) : subtract(hi, lo);
  }
  if (x.shape()[ax] == 0 && n > 0) {  // n beyond the length: an empty result of the difference's dtype
    shape_t shape = x.shape();
    shape[ax] = 0;
    return new_array(shape, x.dtype(), x.device());
  }
  return x;
}

ndarray ediff1d(const ndarray& ary, const std::optional<ndarray>& to_end, const std::optional<ndarray>& to_begin) {
  const ndarray flat = ary.ravel();
  const std::int64_t n = flat.size();
  std::vector<ndarray> parts;
  auto edge = [&](const ndarray& v, const char* name) {
    require_same_device(ary.device(), v.device(), "ediff1d");
    if (!can_cast(v.dtype(), ary.dtype(), casting::same_kind)) {
      throw dtype_error(std::string("dtype of `") + name + "` must be compatible with input `ary` under the "
                        "`same_kind` rule.");
    }
    return v.ravel().astype(ary.dtype(), casting::unsafe, false);
  };
  if (to_begin) parts.push_back(edge(*to_begin, "to_begin"));
  // subtracted even when empty: bool's subtract is NumPy's TypeError whatever the length
  const ndarray d = subtract(flat(slice(1, none)), flat(slice(0, n > 0 ? n - 1 : 0)))
                        .astype(ary.dtype(), casting::unsafe, false);
  parts.push_back(d);
  if (to_end) parts.push_back(edge(*to_end, "to_end"));
  return parts.size() == 1 ? d : join_along(parts, 0);
}

std::vector<ndarray> gradient(const ndarray& f, const std::vector<operand>& spacing, const axis_arg& axes,
                              int edge_order) {
  // NumPy's order of checks: the axes, the number of spacings, each coordinate array, then edge_order
  const std::vector<int> ax = reduced_axes(f, axes);
  const bool one_for_all = spacing.size() == 1 && (spacing[0].is_scalar() || spacing[0].array().ndim() == 0);
  if (spacing.size() > 1 || !one_for_all) {
    if (spacing.size() != ax.size()) throw dtype_error("invalid number of arguments");
  }
  // each spacing: a weak scalar step, a 0-d array step, or coordinates reduced to their differences (a 0-d
  // step where those are all equal)
  std::vector<operand> steps;
  for (std::size_t k = 0; k < spacing.size(); ++k) {
    if (spacing[k].is_scalar() || spacing[k].array().ndim() == 0) {
      steps.push_back(spacing[k]);
      continue;
    }
    const ndarray& x = spacing[k].array();
    require_same_device(f.device(), x.device(), "gradient");
    if (x.ndim() != 1) throw shape_error("distances must be either scalars or 1d");
    if (x.shape()[0] != f.shape()[ax[k]]) {
      throw shape_error("when 1d, distances must match the length of the corresponding dimension");
    }
    const ndarray d = diff(x.dtype().is_integer() ? x.astype(float64, casting::unsafe, false) : x);
    // NumPy compares the differences with the first (diffx[0]): coordinates of one element or none have none
    if (d.size() == 0) throw detail::out_of_bounds("0", 0, 0);
    const bool uniform = all(equal(d, d(0))).item<bool>();
    steps.push_back(uniform ? d(0) : d);
  }
  if (edge_order != 1 && edge_order != 2) throw shape_error("'edge_order' greater than 2 not supported");
  std::vector<ndarray> out;
  for (std::size_t k = 0; k < ax.size(); ++k)
    out.push_back(gradient_along(f, ax[k], steps[one_for_all ? 0 : k], edge_order));
  return out;
}

ndarray trapezoid(const ndarray& y, const std::optional<ndarray>& x, double dx, std::int64_t axis) {
  std::optional<ndarray> d;
  if (x) d = diff(*x, 1, x->ndim() == 1 ? 0 : axis);  // NumPy differences x before it indexes y's axis
  const int ax = normalize_axis(axis, y.ndim());
  const std::int64_t n = y.shape()[ax];
  const ndarray sum_pairs = add(along(y, ax, slice(1, none)), along(y, ax, slice(0, n > 0 ? n - 1 : 0)));
  if (!d) return sum(true_divide(multiply(sum_pairs, dx), 2.0), ax);
  if (x->ndim() == 1) {
    shape_t shape(y.ndim(), 1);
    shape[ax] = d->shape()[0];
    d = d->reshape(shape);
  }
  return sum(true_divide(multiply(*d, sum_pairs), 2.0), ax);
}

}  // namespace numcu
