// Products of vectors and arrays (numcu/linalg.hpp): outer, vdot, vecdot, kron, cross and numpy.linalg's
// forms, composed of the elementwise engine and the reductions as NumPy composes them (kron and cross step
// for step), with NumPy's result dtypes, checks in NumPy's order and its messages.
#include "numcu/linalg.hpp"

#include <algorithm>
#include <string>

#include "api/manipulation_common.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/error.hpp"
#include "numcu/indexing.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/reduction.hpp"
#include "numcu/shape.hpp"

namespace numcu {

using detail::naming_axis;

namespace {

/// The shape of @p x without its last axis.
shape_t leading(const ndarray& x) {
  shape_t s = x.shape();
  s.erase(s.size() - 1);
  return s;
}

/// Component @p k of the vectors along the last axis of @p x (a view).
ndarray component(const ndarray& x, std::int64_t k) {
  const index_t entries[] = {ellipsis, k};
  return x.index(entries);
}

}  // namespace

ndarray outer(const ndarray& a, const ndarray& b, const std::optional<ndarray>& out) {
  const ndarray x = a.ravel(), y = b.ravel();
  return multiply(x.reshape({x.size(), 1}), y.reshape({1, y.size()}), out);
}

ndarray vecdot(const ndarray& x1, const ndarray& x2, std::int64_t axis) {
  const ndarray* operands[] = {&x1, &x2};
  for (int k = 0; k < 2; ++k) {
    if (operands[k]->ndim() == 0) {
      throw shape_error(
          "vecdot: Input operand " + std::to_string(k) +
          " does not have enough dimensions (has 0, gufunc core with signature (n),(n)->() requires "
          "1)");
    }
  }
  const int axis1 = normalize_axis(axis, x1.ndim()), axis2 = normalize_axis(axis, x2.ndim());
  const ndarray v1 = moveaxis(x1, axis1, -1), v2 = moveaxis(x2, axis2, -1);
  const std::int64_t n = v1.shape()[v1.ndim() - 1], m = v2.shape()[v2.ndim() - 1];
  if (m != n) {
    throw shape_error(
        "vecdot: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n),(n)->() "
        "(size " +
        std::to_string(m) + " is different from " + std::to_string(n) + ")");
  }
  try {
    (void)broadcast_shapes(leading(v1), leading(v2));
  } catch (const shape_error&) {
    // NumPy's iterator prints each operand's other axes (the leading ones it pads with left out), with a
    // trailing comma only where the broadcast has one axis: (2,3)->(2,) (5,3)->(5,) but (4,3)->(4) beside
    // (2,5,3)->(2,5)
    const bool one_axis = std::max(v1.ndim(), v2.ndim()) == 2;
    const auto remapped = [one_axis](const ndarray& v) {
      std::string text = "(";
      for (int d = 0; d + 1 < v.ndim(); ++d) text += (d ? "," : "") + std::to_string(v.shape()[d]);
      return text + (one_axis && v.ndim() == 2 ? ",)" : ")");
    };
    throw shape_error("operands could not be broadcast together with remapped shapes [original->remapped]: " +
                      detail::compact_text(x1.shape()) + "->" + remapped(v1) + " " +
                      detail::compact_text(x2.shape()) + "->" + remapped(v2) + "  and requested shape ()");
  }
  // NumPy's dot loops: integers in a wider type, cast to the result (the same bits as wrapping at each step),
  // bool as the or of ands, float16 in float32 rounded once
  const dtype result = result_type({x1.dtype(), x2.dtype()});
  if (result.is_complex()) {
    // NumPy's complex loop sums the parts as real products (re = ar br + ai bi, im = ar bi - ai br, x1
    // conjugated), which decides what infinities and NaNs give; a complex multiply would recover infinities
    const ndarray a = v1.astype(result), b = v2.astype(result);
    const ndarray ar = real(a), ai = imag(a), br = real(b), bi = imag(b);
    const ndarray re = sum(add(multiply(ar, br), multiply(ai, bi)), -1);
    const ndarray im = sum(subtract(multiply(ar, bi), multiply(ai, br)), -1);
    const ndarray out = empty(re.shape(), result, re.device());
    copyto(real(out), re);
    copyto(imag(out), im);
    return out;
  }
  const bool half = result == float16 || result == bfloat16;
  const ndarray p1 = half ? v1.astype(float32) : v1, p2 = half ? v2.astype(float32) : v2;
  const ndarray products = multiply(p1, p2);
  if (half) return sum(products, -1).astype(result);
  return sum(products, -1, {.dtype = result});
}

ndarray vdot(const ndarray& a, const ndarray& b) {
  const ndarray x = a.ravel(), y = b.ravel();
  if (y.size() != x.size()) {
    throw shape_error("cannot reshape array of size " + std::to_string(y.size()) + " into shape (" +
                      std::to_string(x.size()) + ",)");
  }
  return vecdot(x, y);
}

ndarray kron(const ndarray& a, const ndarray& b) {
  if (a.ndim() == 0 || b.ndim() == 0) return multiply(a, b);
  // both taken with as many axes, the fewer padded with leading axes of extent 1; a's axes interleaved with
  // new ones after each and b's with new ones before each, so that the product's axes pair (a's, b's)
  const int nd = std::max(a.ndim(), b.ndim());
  shape_t as(nd - a.ndim(), 1), bs(nd - b.ndim(), 1);
  for (const std::int64_t e : a.shape()) as.push_back(e);
  for (const std::int64_t e : b.shape()) bs.push_back(e);
  shape_t spread_a, spread_b, shape;
  for (int d = 0; d < nd; ++d) {
    spread_a.push_back(as[d]);
    spread_a.push_back(1);
    spread_b.push_back(1);
    spread_b.push_back(bs[d]);
    shape.push_back(as[d] * bs[d]);
  }
  return multiply(a.reshape(spread_a), b.reshape(spread_b)).reshape(shape);
}

ndarray cross(const ndarray& a_in, const ndarray& b_in, const cross_axes& axes) {
  std::int64_t axisa = axes.axisa, axisb = axes.axisb, axisc = axes.axisc;
  if (axes.axis) axisa = axisb = axisc = *axes.axis;
  if (a_in.ndim() < 1 || b_in.ndim() < 1) throw shape_error("At least one array has zero dimension");
  const int ia = naming_axis("axisa", [&] { return normalize_axis(axisa, a_in.ndim()); });
  const int ib = naming_axis("axisb", [&] { return normalize_axis(axisb, b_in.ndim()); });
  ndarray a = moveaxis(a_in, ia, -1), b = moveaxis(b_in, ib, -1);
  const std::int64_t na = a.shape()[a.ndim() - 1], nb = b.shape()[b.ndim() - 1];
  if ((na != 2 && na != 3) || (nb != 2 && nb != 3)) {
    throw shape_error("incompatible dimensions for cross product\n(dimension must be 2 or 3)");
  }
  shape_t shape;
  try {
    shape = broadcast_shapes(leading(a), leading(b));
  } catch (const shape_error&) {
    throw detail::objects_mismatch(leading(a), leading(b));
  }
  int ic = 0;
  if (na == 3 || nb == 3) {
    shape.push_back(3);
    ic = naming_axis("axisc", [&] { return normalize_axis(axisc, shape.size()); });
  }
  const dtype t = promote_types(a.dtype(), b.dtype());
  const ndarray cp = empty(shape, t, a.device());
  a = a.astype(t);
  b = b.astype(t);
  const ndarray a0 = component(a, 0), a1 = component(a, 1), b0 = component(b, 0), b1 = component(b, 1);
  // NumPy's steps, each in place, so that an error (bool's subtract or negative) comes where NumPy's does
  if (na == 2 && nb == 2) {  // the z component alone
    multiply(a0, b1, cp);
    subtract(cp, multiply(a1, b0), cp);
    return cp;
  }
  const ndarray c0 = component(cp, 0), c1 = component(cp, 1), c2 = component(cp, 2);
  if (na == 2) {  // a2 = 0
    const ndarray b2 = component(b, 2);
    multiply(a1, b2, c0);
    multiply(a0, b2, c1);
    negative(c1, c1);
    multiply(a0, b1, c2);
    subtract(c2, multiply(a1, b0), c2);
  } else if (nb == 3) {
    const ndarray a2 = component(a, 2), b2 = component(b, 2);
    multiply(a1, b2, c0);
    const ndarray tmp = multiply(a2, b1);
    subtract(c0, tmp, c0);
    multiply(a2, b0, c1);
    multiply(a0, b2, tmp);
    subtract(c1, tmp, c1);
    multiply(a0, b1, c2);
    multiply(a1, b0, tmp);
    subtract(c2, tmp, c2);
  } else {  // b2 = 0
    const ndarray a2 = component(a, 2);
    multiply(a2, b1, c0);
    negative(c0, c0);
    multiply(a2, b0, c1);
    multiply(a0, b1, c2);
    subtract(c2, multiply(a1, b0), c2);
  }
  return moveaxis(cp, -1, ic);
}

namespace linalg {

ndarray outer(const ndarray& x1, const ndarray& x2) {
  if (x1.ndim() != 1 || x2.ndim() != 1) {
    throw shape_error("Input arrays must be one-dimensional, but they are x1.ndim=" +
                      std::to_string(x1.ndim()) + " and x2.ndim=" + std::to_string(x2.ndim()) + ".");
  }
  return numcu::outer(x1, x2);
}

ndarray vecdot(const ndarray& x1, const ndarray& x2, std::int64_t axis) {
  return numcu::vecdot(x1, x2, axis);
}

ndarray cross(const ndarray& x1, const ndarray& x2, std::int64_t axis) {
  // NumPy reads x1.shape[axis] and x2.shape[axis] (a tuple's IndexError out of range) before it compares them
  const auto extent = [axis](const ndarray& x) {
    if (axis < -x.ndim() || axis >= x.ndim()) throw index_error("tuple index out of range");
    return x.shape()[static_cast<int>(axis < 0 ? axis + x.ndim() : axis)];
  };
  const std::int64_t n1 = extent(x1), n2 = extent(x2);
  if (n1 != 3 || n2 != 3) {
    throw shape_error("Both input arrays must be (arrays of) 3-dimensional vectors, but they are " +
                      std::to_string(n1) + " and " + std::to_string(n2) + " dimensional instead.");
  }
  return numcu::cross(x1, x2, {.axis = axis});
}

}  // namespace linalg

}  // namespace numcu
