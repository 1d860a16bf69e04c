// Matrix products (numcu/linalg.hpp): matmul with NumPy's gufunc rules (1-D operands, broadcast leading axes,
// out), and dot, inner, tensordot, matrix_power and multi_dot as NumPy builds them on it; operands go to the
// backends' gemm (dispatch/linalg.hpp) in their own layouts wherever BLAS reads them.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "api/linalg_common.hpp"
#include "core/gemm_plan.hpp"
#include "core/type_resolution.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/linalg.hpp"
#include "memory/buffer.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/error.hpp"
#include "numcu/linalg.hpp"
#include "numcu/manipulation.hpp"

namespace numcu {

namespace {

std::atomic<bool> tf32_allowed{false};

const std::string matmul_signature = "(n?,k),(k,m?)->(n?,m?)";

/// @p x in dtype @p t, its last two axes in a layout BLAS reads in place where @p t is one BLAS computes
/// (otherwise copied C-contiguous: a view with neither stride 1, a broadcast or reversed matrix).
ndarray gemm_operand(const ndarray& x, dtype t) {
  const ndarray y = x.astype(t, casting::unsafe, false);
  if (!detail::uses_blas(t)) return y;
  const int nd = y.ndim();
  const auto item = static_cast<std::int64_t>(y.itemsize());
  const std::int64_t rs = y.strides()[nd - 2], cs = y.strides()[nd - 1];
  const bool whole = rs % item == 0 && cs % item == 0;
  if (whole && detail::blas_layout(y.shape()[nd - 2], y.shape()[nd - 1], rs / item, cs / item)) return y;
  return y.copy();
}

const char* const reduction_needed =
    "output operand requires a reduction along dimension -1, but the reduction is not enabled. The dimension "
    "size of 1 does not match the expected output shape.";

/// The leading axes the result of a matmul with leading axes @p batch and core axes @p core takes in @p out,
/// after NumPy's checks of out's shape.
shape_t out_batch(const ndarray& a, const ndarray& b, const ndarray& out, const shape_t& batch,
                  const shape_t& core) {
  const int nc = static_cast<int>(core.size()), no = out.ndim();
  // out's last axes against the core, right-aligned; an axis out lacks is one of extent 1 that NumPy would
  // have to reduce into
  for (int i = 0; i < std::min(nc, no); ++i) {
    const int o = no - std::min(nc, no) + i, c = nc - std::min(nc, no) + i;
    if (out.shape()[o] != core[c]) {
      throw shape_error("matmul: Output operand 0 has a mismatch in its core dimension " + std::to_string(i) +
                        ", with gufunc signature " + matmul_signature + " (size " +
                        std::to_string(out.shape()[o]) + " is different from " + std::to_string(core[c]) +
                        ")");
    }
  }
  if (no < nc) throw shape_error(reduction_needed);
  const shape_t leading = detail::leading_axes(out.shape(), nc);
  shape_t joint;
  try {
    joint = broadcast_shapes(batch, leading);
  } catch (const shape_error&) {
    throw detail::gufunc_broadcast_error(a, b, out, core);
  }
  if (joint != leading) throw shape_error(reduction_needed);
  return leading;
}

/// NumPy's "shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)".
shape_error not_aligned(const shape_t& a, const shape_t& b, int a_dim, int b_dim) {
  return shape_error("shapes " + detail::compact_text(a) + " and " + detail::compact_text(b) +
                     " not aligned: " + std::to_string(a[a_dim]) + " (dim " + std::to_string(a_dim) +
                     ") != " + std::to_string(b[b_dim]) + " (dim " + std::to_string(b_dim) + ")");
}

/// dot's out=: written when C-contiguous of the result's dtype and shape, as NumPy's.
/// NumPy's checks of dot's @p out for a result of dtype @p t and @p shape on @p where.
void require_dot_out(dtype t, const shape_t& shape, device where, const ndarray& out) {
  detail::require_same_device(where, out.device(), "dot");
  if (out.dtype() != t || out.ndim() != static_cast<int>(shape.size()) || !out.is_c_contiguous()) {
    throw shape_error(
        "output array is not acceptable (must have the right datatype, number of dimensions, and be a "
        "C-Array)");
  }
  if (out.shape() != shape) throw shape_error("output array has wrong dimensions");
}

ndarray into_dot_out(const ndarray& result, const std::optional<ndarray>& out) {
  if (!out) return result;
  require_dot_out(result.dtype(), result.shape(), result.device(), *out);
  copyto(*out, result);
  return *out;
}

/// The dtypes NumPy's dot and inner hand to BLAS (with operands of at most two axes).
bool blas_dot_dtype(dtype t) {
  return t == float32 || t == float64 || t == complex64 || t == complex128;
}

/// dot and inner with a 0-d operand: the products, which NumPy adds to zeros (BLAS's axpy) for the dtypes it
/// hands to BLAS where the other operand has at most two axes and more than one element, turning -0.0 into
/// 0.0 there; a single product it takes as it is.
ndarray scalar_product(const ndarray& a, const ndarray& b) {
  const ndarray r = multiply(a, b);
  if (blas_dot_dtype(r.dtype()) && std::max(a.ndim(), b.ndim()) <= 2 && r.size() != 1) add(r, 0, r);
  return r;
}

/// dot or inner's result @p r of operands of at most two axes, one of which has a single element: NumPy takes
/// a single product as it is (not summed from 0, where -0.0 would become 0.0) for the dtypes it hands to
/// BLAS.
ndarray single_product(const ndarray& a, const ndarray& b, const ndarray& r) {
  if (r.size() != 1 || !blas_dot_dtype(r.dtype()) || std::max(a.ndim(), b.ndim()) > 2) return r;
  if (a.size() != 1 || b.size() != 1) return r;
  return multiply(a.reshape({}), b.reshape({})).reshape(r.shape());
}

}  // namespace

void set_matmul_allow_tf32(bool allow) {
  tf32_allowed = allow;
}

bool matmul_allow_tf32() {
  return tf32_allowed;
}

ndarray matmul(const ndarray& a, const ndarray& b, const std::optional<ndarray>& out) {
  const ndarray* operands[] = {&a, &b};
  for (int k = 0; k < 2; ++k) {
    if (operands[k]->ndim() == 0) {
      throw shape_error("matmul: Input operand " + std::to_string(k) +
                        " does not have enough dimensions (has 0, gufunc core with signature " +
                        matmul_signature + " requires 1)");
    }
  }
  detail::require_same_device(a.device(), b.device(), "matmul");
  if (out) detail::require_same_device(a.device(), out->device(), "matmul");
  const dtype t = promote_types(a.dtype(), b.dtype());
  if (out && !can_cast(t, out->dtype(), casting::same_kind)) {
    throw dtype_error("Cannot cast ufunc 'matmul' output from " + detail::dtype_repr(t) + " to " +
                      detail::dtype_repr(out->dtype()) + " with casting rule 'same_kind'");
  }
  // a 1-D a is a row and a 1-D b a column, their extra axis dropped from the result
  const ndarray a2 = a.ndim() == 1 ? a.reshape({1, a.shape()[0]}) : a;
  const ndarray b2 = b.ndim() == 1 ? b.reshape({b.shape()[0], 1}) : b;
  const int na = a2.ndim(), nb = b2.ndim();
  const std::int64_t m = a2.shape()[na - 2], k = a2.shape()[na - 1], kb = b2.shape()[nb - 2],
                     n = b2.shape()[nb - 1];
  if (kb != k) {
    throw shape_error(
        "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature " +
        matmul_signature + " (size " + std::to_string(kb) + " is different from " + std::to_string(k) + ")");
  }
  shape_t core;
  if (a.ndim() > 1) core.push_back(m);
  if (b.ndim() > 1) core.push_back(n);
  shape_t batch;
  try {
    batch = broadcast_shapes(detail::leading_axes(a2.shape(), 2), detail::leading_axes(b2.shape(), 2));
  } catch (const shape_error&) {
    throw detail::gufunc_broadcast_error(a, b, std::nullopt, core);
  }
  if (out) batch = out_batch(a, b, *out, batch, core);

  shape_t full = batch;
  full.push_back(m);
  full.push_back(n);
  // the products go straight into an out that can hold them as they are (the dtype, C-contiguous, every axis,
  // aligned, no memory shared with an operand); otherwise into a new array copied there after
  const bool direct = out && out->dtype() == t && out->is_c_contiguous() && out->shape() == full &&
                      reinterpret_cast<std::uintptr_t>(out->data_ptr()) % out->itemsize() == 0 &&
                      !detail::overlaps(*out, a) && !detail::overlaps(*out, b);
  const ndarray c = direct ? *out : detail::new_array(full, t, a.device());
  if (c.size() > 0 && k == 0) {
    c.fill(0);
  } else if (c.size() > 0) {
    shape_t a_full = batch, b_full = batch;
    a_full.push_back(m);
    a_full.push_back(k);
    b_full.push_back(k);
    b_full.push_back(n);
    detail::matmul_into(broadcast_to(gemm_operand(a2, t), a_full), broadcast_to(gemm_operand(b2, t), b_full),
                        c, tf32_allowed);
  }
  shape_t result_shape = batch;
  for (const std::int64_t e : core) result_shape.push_back(e);
  if (direct) return *out;
  const ndarray result = c.reshape(result_shape);
  if (!out) return result;
  copyto(*out, result, casting::same_kind);
  return *out;
}

ndarray dot(const ndarray& a, const ndarray& b, const std::optional<ndarray>& out) {
  if (a.ndim() == 0 || b.ndim() == 0) return into_dot_out(scalar_product(a, b), out);
  const int na = a.ndim(), nb = b.ndim();
  const int b_dim = nb == 1 ? 0 : nb - 2;
  if (a.shape()[na - 1] != b.shape()[b_dim]) throw not_aligned(a.shape(), b.shape(), na - 1, b_dim);
  // a's other axes then b's: matmul's order where a is a vector or b a matrix or vector, else a tensordot
  if (na == 1 || nb <= 2) {
    if (out) {
      // the product goes straight into out (matmul copies only where out overlaps an operand), but for a
      // single element, which single_product may take as NumPy does
      shape_t shape;
      for (int d = 0; d < na - 1; ++d) shape.push_back(a.shape()[d]);
      for (int d = 0; d < nb; ++d) {
        if (d != b_dim) shape.push_back(b.shape()[d]);
      }
      require_dot_out(promote_types(a.dtype(), b.dtype()), shape, a.device(), *out);
      if (array_nbytes(shape, 1) != 1) return matmul(a, b, *out);
    }
    return into_dot_out(single_product(a, b, matmul(a, b)), out);
  }
  return into_dot_out(tensordot(a, b, tensordot_axes({-1}, {-2})), out);
}

ndarray inner(const ndarray& a, const ndarray& b) {
  if (a.ndim() == 0 || b.ndim() == 0) return scalar_product(a, b);
  const int na = a.ndim(), nb = b.ndim();
  if (a.shape()[na - 1] != b.shape()[nb - 1]) {
    // NumPy compares against b with its last axis moved second to last, and prints that
    shape_t moved = b.shape();
    const int b_dim = std::max(nb - 2, 0);
    std::rotate(moved.begin() + b_dim, moved.begin() + nb - 1, moved.end());
    throw not_aligned(a.shape(), moved, na - 1, b_dim);
  }
  return single_product(a, b, tensordot(a, b, tensordot_axes({-1}, {-1})));
}

ndarray tensordot(const ndarray& a, const ndarray& b, const tensordot_axes& axes) {
  std::vector<std::int64_t> axes_a = axes.a_axes, axes_b = axes.b_axes;
  if (axes.count >= 0 || (axes_a.empty() && axes_b.empty())) {
    // NumPy's range(-n, 0) and range(0, n): both empty for a negative n, an outer product
    axes_a.clear();
    axes_b.clear();
    for (std::int64_t i = -axes.count; i < 0; ++i) axes_a.push_back(i);
    for (std::int64_t i = 0; i < axes.count; ++i) axes_b.push_back(i);
  }
  const int na = a.ndim(), nb = b.ndim();
  const auto extent = [](const ndarray& x, std::int64_t axis) {
    if (axis < -x.ndim() || axis >= x.ndim()) throw index_error("tuple index out of range");
    return x.shape()[axis < 0 ? axis + x.ndim() : axis];
  };
  bool equal = axes_a.size() == axes_b.size();
  for (std::size_t i = 0; equal && i < axes_a.size(); ++i) {
    if (extent(a, axes_a[i]) != extent(b, axes_b[i])) equal = false;
    if (axes_a[i] < 0) axes_a[i] += na;
    if (axes_b[i] < 0) axes_b[i] += nb;
  }
  if (!equal) throw shape_error("shape-mismatch for sum");
  const auto has_duplicates = [](std::vector<std::int64_t> v) {
    std::sort(v.begin(), v.end());
    return std::adjacent_find(v.begin(), v.end()) != v.end();
  };
  if (has_duplicates(axes_a) || has_duplicates(axes_b)) {
    throw shape_error("duplicate axes are not allowed in tensordot");
  }
  // a as (its other axes, the summed ones) and b as (the summed ones, its other axes): one matrix product
  const auto others = [](int nd, const std::vector<std::int64_t>& summed) {
    std::vector<std::int64_t> rest;
    for (int d = 0; d < nd; ++d) {
      if (std::find(summed.begin(), summed.end(), d) == summed.end()) rest.push_back(d);
    }
    return rest;
  };
  const std::vector<std::int64_t> free_a = others(na, axes_a), free_b = others(nb, axes_b);
  std::vector<std::int64_t> order_a = free_a, order_b = axes_b;
  order_a.insert(order_a.end(), axes_a.begin(), axes_a.end());
  order_b.insert(order_b.end(), free_b.begin(), free_b.end());
  std::int64_t rows = 1, inner_extent = 1, cols = 1;
  shape_t result_shape;
  for (const std::int64_t d : free_a) {
    rows *= a.shape()[d];
    result_shape.push_back(a.shape()[d]);
  }
  for (const std::int64_t d : axes_a) inner_extent *= a.shape()[d];
  for (const std::int64_t d : free_b) {
    cols *= b.shape()[d];
    result_shape.push_back(b.shape()[d]);
  }
  const ndarray at = a.transpose(order_a).reshape({rows, inner_extent});
  const ndarray bt = b.transpose(order_b).reshape({inner_extent, cols});
  return dot(at, bt).reshape(result_shape);
}

namespace linalg {

ndarray matmul(const ndarray& x1, const ndarray& x2) {
  return numcu::matmul(x1, x2);
}

ndarray tensordot(const ndarray& x1, const ndarray& x2, const tensordot_axes& axes) {
  return numcu::tensordot(x1, x2, axes);
}

ndarray matrix_power(const ndarray& a, std::int64_t n) {
  detail::require_stacked_square(a);
  const std::int64_t rows = a.shape()[a.ndim() - 2];
  if (n == 0) {
    const ndarray result = empty_like(a);
    copyto(result, eye(rows, std::nullopt, 0, a.dtype(), a.device()));
    return result;
  }
  // NumPy's steps, so that floating results round as its do; a negative power inverts first
  const ndarray base = n < 0 ? inv(a) : a;
  // |n| as an unsigned number: INT64_MIN has no int64 magnitude
  const std::uint64_t power =
      n < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n);
  if (power == 1) return base;
  if (power == 2) return numcu::matmul(base, base);
  if (power == 3) return numcu::matmul(numcu::matmul(base, base), base);
  std::optional<ndarray> z, result;
  for (std::uint64_t left = power; left > 0; left /= 2) {
    z = z ? numcu::matmul(*z, *z) : base;
    if (left % 2) result = result ? numcu::matmul(*result, *z) : *z;
  }
  return *result;
}

ndarray multi_dot(const std::vector<ndarray>& arrays_in) {
  const std::size_t n = arrays_in.size();
  if (n < 2) throw shape_error("Expecting at least two arrays.");
  if (n == 2) return dot(arrays_in[0], arrays_in[1]);
  std::vector<ndarray> arrays = arrays_in;
  const int first_ndim = arrays.front().ndim(), last_ndim = arrays.back().ndim();
  if (first_ndim == 1) arrays.front() = arrays.front().reshape({1, arrays.front().shape()[0]});
  if (last_ndim == 1) arrays.back() = arrays.back().reshape({arrays.back().shape()[0], 1});
  for (const ndarray& x : arrays) detail::require_2d(x);
  ndarray result;
  if (n == 3) {
    // NumPy's two orders of three: (A B) C where it costs less, else A (B C)
    const ndarray &A = arrays[0], &B = arrays[1], &C = arrays[2];
    const std::int64_t a0 = A.shape()[0], a1b0 = A.shape()[1], b1c0 = C.shape()[0], c1 = C.shape()[1];
    const std::int64_t cost1 = a0 * b1c0 * (a1b0 + c1), cost2 = a1b0 * c1 * (a0 + b1c0);
    result = cost1 < cost2 ? dot(dot(A, B), C) : dot(A, dot(B, C));
  } else {
    // NumPy's matrix chain order: cost[i][j] the fewest scalar products for arrays i..j, split[i][j] where
    std::vector<std::int64_t> p;
    for (const ndarray& x : arrays) p.push_back(x.shape()[0]);
    p.push_back(arrays.back().shape()[1]);
    std::vector<std::vector<double>> cost(n, std::vector<double>(n, 0.0));
    std::vector<std::vector<std::size_t>> split(n, std::vector<std::size_t>(n, 0));
    for (std::size_t l = 1; l < n; ++l) {
      for (std::size_t i = 0; i + l < n; ++i) {
        const std::size_t j = i + l;
        cost[i][j] = std::numeric_limits<double>::infinity();
        for (std::size_t k = i; k < j; ++k) {
          const double q = cost[i][k] + cost[k + 1][j] + static_cast<double>(p[i] * p[k + 1] * p[j + 1]);
          if (q < cost[i][j]) {
            cost[i][j] = q;
            split[i][j] = k;
          }
        }
      }
    }
    const auto chain = [&](auto&& self, std::size_t i, std::size_t j) -> ndarray {
      if (i == j) return arrays[i];
      return dot(self(self, i, split[i][j]), self(self, split[i][j] + 1, j));
    };
    result = chain(chain, 0, n - 1);
  }
  if (first_ndim == 1 && last_ndim == 1) return result.reshape({});
  if (first_ndim == 1 || last_ndim == 1) return result.ravel();
  return result;
}

}  // namespace linalg

}  // namespace numcu
