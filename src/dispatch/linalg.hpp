// Linear algebra between the public API and the backends: the batch of a broadcast matrix product folded into
// strided gemm calls; factorizations and solves of stacks of column-major matrices.
#pragma once

#include <cstdint>
#include <vector>

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

}  // namespace numcu::detail
