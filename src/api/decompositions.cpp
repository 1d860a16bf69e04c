// numpy.linalg's solvers and factorizations (numcu/linalg.hpp): solve, inv, det, slogdet, cholesky. As NumPy
// computes them: in float64 or complex128 whatever the input (the result then cast to NumPy's result dtype),
// on LU with partial pivoting and on Cholesky factorizations of each matrix, copied column-major for LAPACK
// (CPU) and cuSOLVER (GPU); singular and non-positive-definite matrices found from the factorizations' infos.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/backend.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/linalg.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/error.hpp"
#include "numcu/linalg.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/rearranging.hpp"
#include "numcu/reduction.hpp"

namespace numcu::linalg {

namespace {

/// The dtype NumPy computes a linalg function in and the dtype of its result (numpy.linalg's _commonType).
struct linalg_types {
  dtype compute;
  dtype result;
};

/// _commonType of @p arrays: float64 (complex128 where one is complex) to compute in; the result in float32
/// (complex64) where every floating operand is single precision, float64 (complex128) otherwise.
linalg_types common_type(std::initializer_list<const ndarray*> arrays) {
  bool is_complex = false, is_double = false;
  for (const ndarray* a : arrays) {
    const dtype t = a->dtype();
    if (t == float16 || t == bfloat16) {
      throw dtype_error("array type " + std::string(t.name()) + " is unsupported in linalg");
    }
    is_complex = is_complex || t.is_complex();
    is_double = is_double || t == float64 || t == complex128 || !(t.is_floating() || t.is_complex());
  }
  if (is_complex) return {complex128, is_double ? complex128 : complex64};
  return {float64, is_double ? float64 : float32};
}

/// numpy.linalg's _assert_stacked_2d and _assert_stacked_square.
void require_stacked_square(const ndarray& a) {
  if (a.ndim() < 2) {
    throw linalg_error(std::to_string(a.ndim()) +
                       "-dimensional array given. Array must be at least two-dimensional");
  }
  if (a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2]) {
    throw linalg_error("Last 2 dimensions of the array must be square");
  }
}

/// Throws device_error where @p where is the CPU and the build has no LAPACK, naming @p what.
void require_solver(device where, const char* what) {
  if (where.is_cpu() && !detail::host_has_lapack()) {
    throw device_error(
        std::string(what) +
        " on the CPU needs LAPACK, which this build of numcu did not find (Debian: libopenblas-dev)");
  }
}

/// A new C-contiguous array of @p x's matrices in dtype @p t, each stored transposed: its memory holds them
/// in column-major order, as LAPACK and cuSOLVER read them.
ndarray column_major(const ndarray& x, dtype t) {
  // always a new array: the factorizations write into it
  const ndarray transposed = swapaxes(x, -1, -2);
  return transposed.dtype() == t ? transposed.copy()
                                 : ascontiguousarray(transposed.astype(t, casting::unsafe));
}

/// The batch shape with the trailing matrix extents @p rows, @p cols.
shape_t with_matrix(shape_t batch, std::int64_t rows, std::int64_t cols) {
  batch.push_back(rows);
  batch.push_back(cols);
  return batch;
}

shape_t batch_of(const ndarray& x, int core) {
  shape_t s = x.shape();
  for (int i = 0; i < core; ++i) s.erase(s.size() - 1);
  return s;
}

bool any_positive(const std::vector<std::int64_t>& info) {
  return std::any_of(info.begin(), info.end(), [](std::int64_t v) { return v > 0; });
}

/// X with A X = B for the column-major copies @p a_cm (batch, n, n) and @p b_cm (batch, k, n): B overwritten,
/// returned as the (batch, n, k) view of X.
ndarray solve_column_major(const ndarray& a_cm, const ndarray& b_cm) {
  const detail::lu_factors factors = detail::lu_factor_in_place(a_cm);
  if (any_positive(factors.info)) throw linalg_error("Singular matrix");
  detail::lu_solve_in_place(factors, b_cm);
  return swapaxes(b_cm, -1, -2);
}

}  // namespace

bool cpu_lapack_available() {
  return detail::host_has_lapack();
}

ndarray solve(const ndarray& a, const ndarray& b) {
  require_stacked_square(a);
  detail::require_same_device(a.device(), b.device(), "solve");
  const linalg_types types = common_type({&a, &b});
  const std::int64_t n = a.shape()[a.ndim() - 1];
  const bool vector = b.ndim() == 1;
  const std::string name = vector ? "solve1" : "solve";
  const std::string signature = vector ? "(m,m),(m)->(m)" : "(m,m),(m,n)->(m,n)";
  if (b.ndim() == 0) {
    throw shape_error(
        "solve: Input operand 1 does not have enough dimensions (has 0, gufunc core with signature " +
        signature + " requires 2)");
  }
  const ndarray b2 = vector ? b.reshape({b.shape()[0], 1}) : b;
  const std::int64_t rows = b2.shape()[b2.ndim() - 2], k = b2.shape()[b2.ndim() - 1];
  if (rows != n) {
    throw shape_error(
        name + ": Input operand 1 has a mismatch in its core dimension 0, with gufunc signature " +
        signature + " (size " + std::to_string(rows) + " is different from " + std::to_string(n) + ")");
  }
  shape_t batch;
  try {
    batch = broadcast_shapes(batch_of(a, 2), batch_of(b2, 2));
  } catch (const shape_error&) {
    const auto remapped = [](const ndarray& x) {
      std::string text = "(";
      for (int d = 0; d + 2 < x.ndim(); ++d) text += std::to_string(x.shape()[d]) + ",";
      return text + "newaxis,newaxis)";
    };
    throw shape_error("operands could not be broadcast together with remapped shapes [original->remapped]: " +
                      detail::compact_text(a.shape()) + "->" + remapped(a) + " " +
                      detail::compact_text(b.shape()) + "->" + remapped(b) + "  and requested shape " +
                      detail::compact_text(shape_t{n, k}));
  }
  require_solver(a.device(), "solve");
  const ndarray a_cm = column_major(broadcast_to(a, with_matrix(batch, n, n)), types.compute);
  const ndarray b_cm = column_major(broadcast_to(b2, with_matrix(batch, n, k)), types.compute);
  const ndarray x = solve_column_major(a_cm, b_cm).astype(types.result, casting::unsafe, false);
  if (!vector) return x;
  shape_t vectors = batch;
  vectors.push_back(n);
  return x.reshape(vectors);
}

ndarray inv(const ndarray& a) {
  require_stacked_square(a);
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "inv");
  const std::int64_t n = a.shape()[a.ndim() - 1];
  const shape_t batch = batch_of(a, 2);
  const ndarray a_cm = column_major(a, types.compute);
  // the identity is its own transpose: its column-major copy is the C-contiguous one
  const ndarray b_cm = ascontiguousarray(
      broadcast_to(eye(n, std::nullopt, 0, types.compute, a.device()), with_matrix(batch, n, n)));
  return solve_column_major(a_cm, b_cm).astype(types.result, casting::unsafe, false);
}

slogdet_result slogdet(const ndarray& a) {
  require_stacked_square(a);
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "slogdet");
  const std::int64_t n = a.shape()[a.ndim() - 1];
  const detail::lu_factors factors = detail::lu_factor_in_place(column_major(a, types.compute));
  // NumPy's: the parity of the row exchanges times the signs (phases) of u_ii, and the sum of log |u_ii|;
  // sign 0 and -inf where a pivot is exactly zero
  const ndarray u = diagonal(factors.lu, 0, -2, -1);
  const ndarray magnitude = absolute(u);
  ndarray logdet = sum(log(magnitude), -1);
  const ndarray exchanges =
      count_nonzero(not_equal(factors.pivots, arange(1, n + 1, 1, int64, a.device())), -1);
  const ndarray parity = subtract(1.0, multiply(remainder(exchanges, 2), 2.0));
  ndarray sign =
      multiply(parity, prod(types.compute.is_complex() ? divide(u, magnitude) : numcu::sign(u), -1));
  if (any_positive(factors.info)) {
    std::vector<bool> singular;
    for (const std::int64_t v : factors.info) singular.push_back(v > 0);
    const ndarray mask = array(singular, std::nullopt, a.device()).reshape(logdet.shape());
    sign = where(mask, 0.0, sign);
    logdet = where(mask, -std::numeric_limits<double>::infinity(), logdet);
  }
  const dtype real_result =
      types.result.is_complex() ? (types.result == complex64 ? float32 : float64) : types.result;
  return {sign.astype(types.result, casting::unsafe, false),
          logdet.astype(real_result, casting::unsafe, false)};
}

ndarray det(const ndarray& a) {
  require_stacked_square(a);
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "det");
  const slogdet_result r = slogdet(a.astype(types.compute, casting::unsafe, false));
  return multiply(r.sign, exp(r.logabsdet)).astype(types.result, casting::unsafe, false);
}

ndarray cholesky(const ndarray& a, bool upper) {
  require_stacked_square(a);
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "cholesky");
  const ndarray cm = column_major(a, types.compute);
  if (any_positive(detail::cholesky_in_place(cm, upper)))
    throw linalg_error("Matrix is not positive definite");
  const ndarray factor = swapaxes(cm, -1, -2);
  return (upper ? triu(factor) : tril(factor)).astype(types.result, casting::unsafe, false);
}

}  // namespace numcu::linalg
