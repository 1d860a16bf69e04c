// numpy.linalg's functions built on the factorizations (numcu/linalg.hpp), step for step as NumPy builds
// them: pinv, matrix_rank, norm and matrix_norm, lstsq (from the SVD), tensorsolve and tensorinv.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "api/linalg_common.hpp"
#include "core/type_resolution.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/error.hpp"
#include "numcu/linalg.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/reduction.hpp"

namespace numcu::linalg {

namespace {

/// numpy.linalg's transpose: the last two axes exchanged.
ndarray transposed(const ndarray& x) {
  return swapaxes(x, -1, -2);
}

/// The epsilon of the floating dtype @p t (its real part's).
double epsilon_of(dtype t) {
  if (t == float32 || t == complex64) return std::numeric_limits<float>::epsilon();
  return std::numeric_limits<double>::epsilon();
}

/// x with a new last axis of extent 1.
ndarray with_last_axis(const ndarray& x) {
  return expand_dims(x, -1);
}

}  // namespace

ndarray pinv(const ndarray& a, double rcond, bool hermitian) {
  const int nd = a.ndim();
  if (nd >= 2 && a.shape()[nd - 1] * a.shape()[nd - 2] == 0) {
    shape_t s = a.shape();
    std::swap(s[nd - 1], s[nd - 2]);
    return empty(s, a.dtype(), a.device());
  }
  const svd_result r = svd(conjugate(a), false, hermitian);
  // the singular values above rcond times the largest, inverted; the others zero
  const ndarray cutoff = multiply(rcond, max(r.S, -1, {.keepdims = true}));
  const ndarray large = greater(r.S, cutoff);
  const ndarray inverted = where(large, divide(1, r.S), 0);
  return numcu::matmul(transposed(r.Vh), multiply(with_last_axis(inverted), transposed(r.U)));
}

ndarray matrix_rank(const ndarray& a, std::optional<double> tol, bool hermitian, std::optional<double> rtol) {
  if (a.ndim() < 2) return full({}, std::int64_t{all(equal(a, 0)).item<bool>() ? 0 : 1}, int64, a.device());
  const ndarray s = svdvals(a, hermitian);
  ndarray threshold;
  if (tol) {
    threshold = full({}, *tol, float64, a.device());
  } else {
    const std::int64_t extent = std::max(a.shape()[a.ndim() - 1], a.shape()[a.ndim() - 2]);
    const double relative = rtol ? *rtol : static_cast<double>(extent) * epsilon_of(s.dtype());
    threshold = multiply(max(s, -1, {.keepdims = true, .initial = scalar(0)}), relative);
  }
  return count_nonzero(greater(s, threshold), -1);
}

norm_order::norm_order(const char* name) : m_name(name) {
  if (m_name == "f") m_name = "fro";
  if (m_name != "fro" && m_name != "nuc") throw shape_error("Invalid norm order for matrices.");
}

ndarray norm(const ndarray& x_in, const norm_order& ord, const axis_arg& axis, bool keepdims) {
  const ndarray x =
      x_in.dtype().is_floating() || x_in.dtype().is_complex() ? x_in : x_in.astype(float64, casting::unsafe);
  const int nd = x.ndim();
  if (axis.is_none()) {
    // NumPy's fast case: the 2-norm of all the elements
    const bool fro = ord.name() == "fro" && nd == 2, two = ord.value() && *ord.value() == 2 && nd == 1;
    if (ord.is_none() || fro || two) return vector_norm(x, none, keepdims);
  }
  std::vector<std::int64_t> axes;
  if (axis.is_none()) {
    for (int d = 0; d < nd; ++d) axes.push_back(d);
  } else {
    axes = axis.values().to_vector();
  }
  if (axes.size() == 1) {
    if (!ord.name().empty()) throw shape_error("Invalid norm order '" + ord.name() + "' for vectors");
    return vector_norm(x, axes[0], keepdims, ord.value().value_or(2.0));
  }
  if (axes.size() != 2) throw shape_error("Improper number of dimensions to norm.");
  int row = normalize_axis(axes[0], nd), col = normalize_axis(axes[1], nd);
  if (row == col) throw shape_error("Duplicate axes given.");
  ndarray r;
  // the singular values of the matrices in (row, col), reduced by the largest, smallest or sum
  const auto singular = [&](int which) {
    const ndarray s = svdvals(moveaxis(x, {row, col}, {-2, -1}));
    // NumPy's: the largest with initial 0 (0 for no singular values), the smallest without (an error then)
    return which > 0 ? max(s, -1, {.initial = scalar(0)}) : which < 0 ? min(s, -1) : sum(s, -1);
  };
  if (ord.is_none() || ord.name() == "fro") {
    r = sqrt(sum(real(multiply(conjugate(x), x)), {row, col}));
  } else if (ord.name() == "nuc") {
    r = singular(0);
  } else {
    const double p = *ord.value();
    if (p == 2) {
      r = singular(1);
    } else if (p == -2) {
      r = singular(-1);
    } else if (p == 1 || p == -1) {  // the sums down the columns, then their largest (smallest)
      const int c = col > row ? col - 1 : col;
      const ndarray sums = sum(absolute(x), row);
      r = p == 1 ? max(sums, c, {.initial = scalar(0)}) : min(sums, c);
    } else if (std::isinf(p)) {  // the sums along the rows
      const int rr = row > col ? row - 1 : row;
      const ndarray sums = sum(absolute(x), col);
      r = p > 0 ? max(sums, rr, {.initial = scalar(0)}) : min(sums, rr);
    } else {
      throw shape_error("Invalid norm order for matrices.");
    }
  }
  if (!keepdims) return r;
  shape_t kept = x.shape();
  kept[row] = 1;
  kept[col] = 1;
  return r.reshape(kept);
}

ndarray matrix_norm(const ndarray& x, bool keepdims, const norm_order& ord) {
  return norm(x, ord, {-2, -1}, keepdims);
}

lstsq_result lstsq(const ndarray& a, const ndarray& b_in, std::optional<double> rcond) {
  const bool vector = b_in.ndim() == 1;
  const ndarray b = vector ? b_in.reshape({b_in.shape()[0], 1}) : b_in;
  detail::require_2d(a);
  detail::require_2d(b);
  const std::int64_t m = a.shape()[0], n = a.shape()[1], rhs = b.shape()[1];
  if (b.shape()[0] != m) throw linalg_error("Incompatible dimensions");
  const detail::linalg_types types = detail::common_type({&a, &b});
  const dtype result = types.result, real_result = detail::component_dtype(result), work = types.compute;
  const double threshold =
      rcond ? *rcond : std::numeric_limits<double>::epsilon() * static_cast<double>(std::max(m, n));
  const svd_result r = svd(a.astype(work, casting::unsafe, false), false);
  const ndarray large =
      greater(r.S, multiply(threshold, max(r.S, -1, {.keepdims = true, .initial = scalar(0)})));
  const ndarray rank = count_nonzero(large).astype(int32);
  // x = V diag(1/s) U^H b over the singular values kept
  const ndarray inverted = where(large, divide(1, r.S), 0);
  const ndarray coefficients =
      multiply(with_last_axis(inverted), numcu::matmul(conjugate(transposed(r.U)), b.astype(work)));
  ndarray x = numcu::matmul(conjugate(transposed(r.Vh)), coefficients);
  if (m == 0) x = zeros({n, rhs}, work, a.device());
  ndarray residuals = empty({0}, real_result, a.device());
  if (rank.item<std::int32_t>() == n && m > n) {
    const ndarray misfit = subtract(b.astype(work), numcu::matmul(a.astype(work), x));
    residuals = sum(real(multiply(conjugate(misfit), misfit)), 0).astype(real_result);
  }
  if (vector) x = x.reshape({n});
  return {x.astype(result), residuals, rank, r.S.astype(real_result)};
}

ndarray tensorsolve(const ndarray& a_in, const ndarray& b,
                    const std::optional<std::vector<std::int64_t>>& axes) {
  ndarray a = a_in;
  const int an = a.ndim();
  if (axes) {
    // the axes named moved last, in their order
    std::vector<std::int64_t> order;
    for (int d = 0; d < an; ++d) order.push_back(d);
    for (const std::int64_t k : *axes) {
      const auto at = std::find(order.begin(), order.end(), k);
      if (at == order.end()) throw shape_error("list.remove(x): x not in list");
      order.erase(at);
      order.push_back(k);
    }
    a = a.transpose(order);
  }
  shape_t old_shape;
  for (int d = b.ndim(); d < an; ++d) old_shape.push_back(a.shape()[d]);
  const std::int64_t product = old_shape.product();
  if (a.size() != product * product) {
    throw linalg_error(
        "Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])");
  }
  return solve(a.reshape({product, product}), b.ravel()).reshape(old_shape);
}

ndarray tensorinv(const ndarray& a, std::int64_t ind) {
  if (ind <= 0) throw shape_error("Invalid ind argument.");
  const shape_t old_shape = a.shape();
  shape_t inverse_shape;
  std::int64_t product = 1;
  for (int d = static_cast<int>(ind); d < old_shape.size(); ++d) {
    inverse_shape.push_back(old_shape[d]);
    product *= old_shape[d];
  }
  for (int d = 0; d < std::min<int>(static_cast<int>(ind), old_shape.size()); ++d)
    inverse_shape.push_back(old_shape[d]);
  return inv(a.reshape({product, -1})).reshape(inverse_shape);
}

}  // namespace numcu::linalg
