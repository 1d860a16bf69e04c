// numpy.linalg's solvers and factorizations (numcu/linalg.hpp): solve, inv, det, slogdet, cholesky. As NumPy
// computes them: in float64 or complex128 whatever the input (the result then cast to NumPy's result dtype),
// on LU with partial pivoting and on Cholesky factorizations of each matrix, copied column-major for LAPACK
// (CPU) and cuSOLVER (GPU); singular and non-positive-definite matrices found from the factorizations' infos.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "api/linalg_common.hpp"
#include "core/backend.hpp"
#include "core/type_resolution.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/linalg.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/error.hpp"
#include "numcu/linalg.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/rearranging.hpp"
#include "numcu/reduction.hpp"
#include "numcu/selection.hpp"
#include "numcu/sorting.hpp"

namespace numcu::linalg {

using detail::common_type;
using detail::linalg_types;
using detail::require_solver;
using detail::require_stacked_square;

namespace {

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
  return detail::leading_axes(x.shape(), core);
}

bool any_positive(const std::vector<std::int64_t>& info) {
  return std::any_of(info.begin(), info.end(), [](std::int64_t v) { return v > 0; });
}

/// A bool array of @p shape (a batch of matrices) on @p where, true where a factorization's @p info says the
/// matrix is singular.
ndarray singular_mask(const std::vector<std::int64_t>& info, const shape_t& shape, device where) {
  std::vector<bool> flags;
  for (const std::int64_t v : info) flags.push_back(v > 0);
  return array(flags, std::nullopt, where).reshape(shape);
}

/// X with A X = B for the column-major copies @p a_cm (batch, n, n) and @p b_cm (batch, k, n): B overwritten,
/// returned as the (batch, n, k) view of X. A singular matrix raises linalg_error "Singular matrix", or with
/// @p nan_if_singular gives NaNs (as NumPy's gufuncs write them).
ndarray solve_column_major(const ndarray& a_cm, const ndarray& b_cm, bool nan_if_singular = false) {
  const detail::lu_factors factors = detail::lu_factor_in_place(a_cm);
  const bool singular = any_positive(factors.info);
  if (singular && !nan_if_singular) throw linalg_error("Singular matrix");
  detail::lu_solve_in_place(factors, b_cm);
  const ndarray x = swapaxes(b_cm, -1, -2);
  if (!singular) return x;
  shape_t mask_shape = batch_of(x, 2);
  mask_shape.push_back(1);
  mask_shape.push_back(1);
  return where(singular_mask(factors.info, mask_shape, x.device()), std::numeric_limits<double>::quiet_NaN(),
               x);
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
    throw detail::gufunc_broadcast_error(a, b, std::nullopt, shape_t{n, k});
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

namespace {

/// The inverses of the square matrices of @p a in the compute dtype; a singular one raises linalg_error
/// "Singular matrix", or with @p nan_if_singular comes back as NaNs (as NumPy's inv gufunc writes them).
ndarray inverse(const ndarray& a, const linalg_types& types, bool nan_if_singular) {
  const std::int64_t n = a.shape()[a.ndim() - 1];
  // the identity is its own transpose: its column-major copy is the C-contiguous one
  const ndarray b_cm = ascontiguousarray(
      broadcast_to(eye(n, std::nullopt, 0, types.compute, a.device()), with_matrix(batch_of(a, 2), n, n)));
  return solve_column_major(column_major(a, types.compute), b_cm, nan_if_singular);
}

}  // namespace

ndarray inv(const ndarray& a) {
  require_stacked_square(a);
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "inv");
  return inverse(a, types, false).astype(types.result, casting::unsafe, false);
}

ndarray cond(const ndarray& x, const norm_order& p) {
  if (x.ndim() >= 2 && x.shape()[x.ndim() - 1] * x.shape()[x.ndim() - 2] == 0) {
    throw linalg_error("cond is not defined on empty arrays");
  }
  ndarray r;
  const bool by_svd = p.is_none() || (p.value() && (*p.value() == 2 || *p.value() == -2));
  if (by_svd) {
    const ndarray s = svdvals(x);
    const ndarray first = s(ellipsis, 0), last = s(ellipsis, -1);
    r = p.value() && *p.value() == -2 ? divide(last, first) : divide(first, last);
  } else {
    require_stacked_square(x);
    const linalg_types types = common_type({&x});
    require_solver(x.device(), "cond");
    r = multiply(norm(x, p, {-2, -1}), norm(inverse(x, types, true), p, {-2, -1}))
            .astype(detail::component_dtype(types.result), casting::unsafe, false);
  }
  // NaNs (a singular matrix's) become inf, unless x itself had a NaN
  const ndarray had_nan = any(isnan(x), {-2, -1});
  return where(logical_and(isnan(r), logical_not(had_nan)), std::numeric_limits<double>::infinity(), r);
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
    const ndarray mask = singular_mask(factors.info, logdet.shape(), a.device());
    sign = where(mask, 0.0, sign);
    logdet = where(mask, -std::numeric_limits<double>::infinity(), logdet);
  }
  return {sign.astype(types.result, casting::unsafe, false),
          logdet.astype(detail::component_dtype(types.result), casting::unsafe, false)};
}

ndarray det(const ndarray& a) {
  require_stacked_square(a);
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "det");
  const slogdet_result r = slogdet(a.astype(types.compute, casting::unsafe, false));
  return multiply(r.sign, exp(r.logabsdet)).astype(types.result, casting::unsafe, false);
}

namespace {

/// The identity matrices (batch..., n, n) of dtype @p t on @p where.
ndarray identities(const shape_t& batch, std::int64_t n, dtype t, device where) {
  return ascontiguousarray(broadcast_to(eye(n, std::nullopt, 0, t, where), with_matrix(batch, n, n)));
}

/// eigh's work: the eigenvalues (float64) and, with @p vectors, the eigenvectors (the compute dtype).
eigh_result hermitian_eigen(const ndarray& a, char uplo, bool vectors, const linalg_types& types) {
  const std::int64_t n = a.shape()[a.ndim() - 1];
  shape_t values_shape = batch_of(a, 2);
  values_shape.push_back(n);
  const ndarray w = empty(values_shape, float64, a.device());
  const ndarray cm = column_major(a, types.compute);
  const bool upper = uplo == 'U' || uplo == 'u';
  if (any_positive(detail::hermitian_eigen_in_place(cm, upper, vectors, w))) {
    throw linalg_error("Eigenvalues did not converge");
  }
  return {w, vectors ? swapaxes(cm, -1, -2) : ndarray()};
}

void require_uplo(char uplo) {
  if (uplo != 'L' && uplo != 'U' && uplo != 'l' && uplo != 'u')
    throw shape_error("UPLO argument must be 'L' or 'U'");
}

}  // namespace

eigh_result eigh(const ndarray& a, char uplo) {
  require_uplo(uplo);
  require_stacked_square(a);
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "eigh");
  const eigh_result r = hermitian_eigen(a, uplo, true, types);
  return {r.eigenvalues.astype(detail::component_dtype(types.result), casting::unsafe, false),
          r.eigenvectors.astype(types.result, casting::unsafe, false)};
}

ndarray eigvalsh(const ndarray& a, char uplo) {
  require_uplo(uplo);
  require_stacked_square(a);
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "eigvalsh");
  return hermitian_eigen(a, uplo, false, types)
      .eigenvalues.astype(detail::component_dtype(types.result), casting::unsafe, false);
}

namespace {

/// eig's work: NumPy's checks, the eigenvalues and (with @p vectors) eigenvectors in complex128, and whether
/// they are to come back real (a real input whose eigenvalues are all real).
struct general_eigen_result {
  ndarray w, v;
  linalg_types types;
  bool real = false;
};

general_eigen_result general_eigen(const ndarray& a, bool vectors) {
  require_stacked_square(a);
  if (a.size() > 0 && !all(isfinite(a)).item<bool>())
    throw linalg_error("Array must not contain infs or NaNs");
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "eig");
  const std::int64_t n = a.shape()[a.ndim() - 1];
  shape_t values_shape = batch_of(a, 2);
  values_shape.push_back(n);
  const ndarray w = zeros(values_shape, complex128, a.device());
  const ndarray v_cm = vectors ? empty(with_matrix(batch_of(a, 2), n, n), complex128, a.device()) : ndarray();
  if (any_positive(
          detail::general_eigen_in_place(column_major(a, types.compute), w, vectors ? &v_cm : nullptr))) {
    throw linalg_error("Eigenvalues did not converge");
  }
  const bool real = !types.compute.is_complex() && (w.size() == 0 || all(equal(imag(w), 0.0)).item<bool>());
  return {w, vectors ? swapaxes(v_cm, -1, -2) : ndarray(), types, real};
}

}  // namespace

eig_result eig(const ndarray& a) {
  const general_eigen_result r = general_eigen(a, true);
  const dtype t = r.real
                      ? detail::component_dtype(r.types.result)
                      : (r.types.result == float32 || r.types.result == complex64 ? complex64 : complex128);
  const auto cast = [&](const ndarray& x) {
    return (r.real ? real(x) : x).astype(t, casting::unsafe, false);
  };
  return {cast(r.w), cast(r.v)};
}

ndarray eigvals(const ndarray& a) {
  const general_eigen_result r = general_eigen(a, false);
  const dtype t = r.real
                      ? detail::component_dtype(r.types.result)
                      : (r.types.result == float32 || r.types.result == complex64 ? complex64 : complex128);
  return (r.real ? real(r.w) : r.w).astype(t, casting::unsafe, false);
}

svd_result svd(const ndarray& a, bool full_matrices, bool hermitian) {
  if (hermitian) {
    // NumPy's: the eigendecomposition, values by magnitude descending, their signs moved into Vh
    const eigh_result e = eigh(a);
    const ndarray order = flip(argsort(absolute(e.eigenvalues), -1), -1);
    const ndarray values = take_along_axis(e.eigenvalues, order, -1);
    const ndarray u = take_along_axis(e.eigenvectors, expand_dims(order, -2), -1);
    const ndarray vh = conjugate(swapaxes(multiply(u, expand_dims(numcu::sign(values), -2)), -1, -2));
    return {u, absolute(values), vh};
  }
  detail::require_stacked_2d(a);
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "svd");
  const std::int64_t m = a.shape()[a.ndim() - 2], n = a.shape()[a.ndim() - 1], k = std::min(m, n);
  const shape_t batch = batch_of(a, 2);
  shape_t values_shape = batch;
  values_shape.push_back(k);
  const dtype real = detail::component_dtype(types.result);
  if (k == 0) {  // NumPy's: no values, identities where the vectors have rows
    const ndarray s = empty(values_shape, real, a.device());
    if (!full_matrices)
      return {empty(with_matrix(batch, m, 0), types.result, a.device()), s,
              empty(with_matrix(batch, 0, n), types.result, a.device())};
    return {identities(batch, m, types.result, a.device()), s,
            identities(batch, n, types.result, a.device())};
  }
  // gesvd of the tall matrix: a itself, or its conjugate transpose (a = (a^H)^H = V S U^H)
  const bool wide = m < n;
  const ndarray tall = wide ? conjugate(swapaxes(a, -1, -2)) : a;
  const std::int64_t rows = std::max(m, n);
  const ndarray cm = column_major(tall, types.compute);
  const ndarray s = empty(values_shape, float64, a.device());
  const std::int64_t u_cols = full_matrices ? rows : k;
  const ndarray u_cm = empty(with_matrix(batch, u_cols, rows), types.compute, a.device());
  const ndarray vt_cm = empty(with_matrix(batch, k, k), types.compute, a.device());
  const auto which = full_matrices ? detail::singular_vectors::full : detail::singular_vectors::reduced;
  if (any_positive(detail::svd_in_place(cm, which, s, &u_cm, &vt_cm)))
    throw linalg_error("SVD did not converge");
  ndarray u = swapaxes(u_cm, -1, -2), vh = swapaxes(vt_cm, -1, -2);  // (rows, u_cols) and (k, k)
  if (wide) {
    // a = V S U^H of a^H = U' S V'^H: a's U is V' (k × k), its Vh is U'^H (u_cols × n)
    const ndarray new_u = conjugate(swapaxes(vh, -1, -2));
    vh = conjugate(swapaxes(u, -1, -2));
    u = new_u;
  }
  return {u.astype(types.result, casting::unsafe, false), s.astype(real, casting::unsafe, false),
          vh.astype(types.result, casting::unsafe, false)};
}

ndarray svdvals(const ndarray& a, bool hermitian) {
  if (hermitian) return flip(sort(absolute(eigvalsh(a)), -1), -1);
  detail::require_stacked_2d(a);
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "svd");
  const std::int64_t m = a.shape()[a.ndim() - 2], n = a.shape()[a.ndim() - 1], k = std::min(m, n);
  shape_t values_shape = batch_of(a, 2);
  values_shape.push_back(k);
  const ndarray s = empty(values_shape, float64, a.device());
  if (k > 0) {
    const ndarray cm = column_major(m < n ? conjugate(swapaxes(a, -1, -2)) : a, types.compute);
    if (any_positive(detail::svd_in_place(cm, detail::singular_vectors::none, s, nullptr, nullptr))) {
      throw linalg_error("SVD did not converge");
    }
  }
  return s.astype(detail::component_dtype(types.result), casting::unsafe, false);
}

qr_result qr(const ndarray& a, qr_mode mode) {
  detail::require_stacked_2d(a);
  const linalg_types types = common_type({&a});
  require_solver(a.device(), "qr");
  const std::int64_t m = a.shape()[a.ndim() - 2], n = a.shape()[a.ndim() - 1], k = std::min(m, n);
  const shape_t batch = batch_of(a, 2);
  const ndarray cm = column_major(a, types.compute);  // (batch, n, m): a after geqrf, transposed
  shape_t tau_shape = batch;
  tau_shape.push_back(k);
  const ndarray tau = zeros(tau_shape, types.compute, a.device());
  detail::qr_factor_in_place(cm, tau);
  const ndarray factored = swapaxes(cm, -1, -2);  // (batch, m, n)
  const auto cast = [&](const ndarray& x) { return x.astype(types.result, casting::unsafe, false); };
  if (mode == qr_mode::raw) return {cast(cm), cast(tau)};
  const std::int64_t q_cols = mode == qr_mode::complete && m > n ? m : k;
  const ndarray r = triu(factored(ellipsis, slice(0, q_cols), all));
  if (mode == qr_mode::r) return {ndarray(), cast(r)};
  // Q's first k columns start as the reflectors; the others (complete, m > n) as anything orgqr overwrites
  const ndarray q_cm = zeros(with_matrix(batch, q_cols, m), types.compute, a.device());
  if (k > 0) copyto(q_cm(ellipsis, slice(0, k), all), cm(ellipsis, slice(0, k), all));
  if (k == 0)
    return {cast(identities(batch, m, types.compute, a.device())(ellipsis, all, slice(0, q_cols))), cast(r)};
  detail::qr_form_q_in_place(q_cm, k, tau);
  return {cast(swapaxes(q_cm, -1, -2)), cast(r)};
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
