// Linear algebra between the public API and the backends: the batch of a broadcast matrix product folded into
// strided gemm calls; factorizations and solves of stacks of column-major matrices.
#pragma once

#include <cstdint>
#include <vector>

#include "core/backend.hpp"
#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// Writes the matrix products a @ b into @p c: @p a (batch..., m, k) and @p b (batch..., k, n) views of c's
/// dtype on c's device (broadcast batch axes allowed), @p c new and C-contiguous (batch..., m, n) with m, n
/// and k at least 1; for the dtypes BLAS computes (uses_blas), the last two axes of each operand in a
/// blas_layout.
void matmul_into(const ndarray& a, const ndarray& b, const ndarray& c, bool allow_tf32);

/// A stack of LU factorizations (lu_factor_in_place).
struct lu_factors {
  ndarray lu;                      ///< the factors, in the layout of the matrices given
  ndarray pivots;                  ///< int64 (batch..., n): LAPACK's row exchanges, 1-based
  std::vector<std::int64_t> info;  ///< per matrix, in C order of the batch: 0, or i where u_ii is zero
};

/// LU-factors in place the matrices of @p cm: a C-contiguous float64 or complex128 array (batch..., n, n)
/// whose last two axes hold each matrix transposed (so that its memory is the matrix in column-major order).
lu_factors lu_factor_in_place(const ndarray& cm);

/// Solves A X = B with @p factors for the right sides in @p b_cm, a C-contiguous array (batch..., nrhs, n) of
/// the factors' dtype and batch holding each B transposed (column-major), overwritten by X.
void lu_solve_in_place(const lu_factors& factors, const ndarray& b_cm);

/// Cholesky-factors in place the matrices of @p cm (as lu_factor_in_place's), from and into the lower
/// triangle of each matrix, or the upper with @p upper; returns each matrix's info (i: the minor of order i
/// is not positive definite).
std::vector<std::int64_t> cholesky_in_place(const ndarray& cm, bool upper);

/// Eigenvalues (into the new float64 @p w, (batch..., n)) and, with @p vectors, eigenvectors (over the
/// matrices) of the Hermitian matrices of @p cm (as lu_factor_in_place's; their lower triangle read, or the
/// upper with
/// @p upper); returns each matrix's info (i > 0: did not converge).
std::vector<std::int64_t> hermitian_eigen_in_place(const ndarray& cm, bool upper, bool vectors,
                                                   const ndarray& w);

/// Eigenvalues (into the new complex128 @p w, (batch..., n)) and, with @p v (complex128, (batch..., n, n),
/// column-major as cm), right eigenvectors of the general matrices of @p cm (float64 or complex128,
/// overwritten); returns each matrix's info.
std::vector<std::int64_t> general_eigen_in_place(const ndarray& cm, const ndarray& w, const ndarray* v);

/// Singular value decompositions of the m × n matrices (m >= n) of @p cm, a C-contiguous array (batch..., n,
/// m) holding each transposed (column-major), overwritten: the values into the new float64 @p s (batch...,
/// n), and with @p which U into @p u ((batch..., n or m, m), column-major as cm) and V^H into @p vt
/// ((batch..., n, n)); returns each matrix's info.
std::vector<std::int64_t> svd_in_place(const ndarray& cm, singular_vectors which, const ndarray& s,
                                       const ndarray* u, const ndarray* vt);

/// QR-factors the m × n matrices of @p cm ((batch..., n, m), column-major as svd_in_place's) in place, their
/// Householder scalars into @p tau ((batch..., min(m, n)), cm's dtype).
void qr_factor_in_place(const ndarray& cm, const ndarray& tau);

/// Forms in place the first columns of the Q of each QR factorization: @p q ((batch..., columns, m),
/// column-major) holds the @p k reflectors of qr_factor_in_place in its first k columns.
void qr_form_q_in_place(const ndarray& q, std::int64_t k, const ndarray& tau);

}  // namespace numcu::detail
