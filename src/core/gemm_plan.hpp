// The plan of a matrix product: the batch of products a backend's gemm runs, how BLAS (column-major, as the
// CPU's BLAS and cuBLAS read matrices) sees each operand without a copy, and how the batch axes of a
// broadcast product fold into one strided batch and an outer loop.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "numcu/dtype.hpp"

namespace numcu::detail {

/// One operand of a gemm_call: element (batch p, row i, column j) at data + p * batch_stride + i * row_stride
/// + j * col_stride, strides in elements.
struct gemm_operand {
  const void* data = nullptr;
  std::int64_t row_stride = 0;
  std::int64_t col_stride = 0;
  std::int64_t batch_stride = 0;
};

/// @p batch products c = a b of (m, k) by (k, n) matrices of dtype @p t (the operands' and the result's);
/// c is C-contiguous (batch, m, n). m, n, k and batch are at least 1. Where @p t is floating or complex
/// (uses_blas), both operands have blas_layout()s.
struct gemm_call {
  dtype t = float64;
  std::int64_t m = 0, n = 0, k = 0, batch = 0;
  gemm_operand a{}, b{};
  void* c = nullptr;
  bool allow_tf32 = false;  ///< float32 and complex64 on the GPU may use TF32 tensor cores
};

/// True for the dtypes whose products BLAS computes (float16 through complex128): their operands are given in
/// blas_layout()s. Integers and bool are numcu's own loops, which read any strides.
bool uses_blas(dtype t);

/// How BLAS reads a rows × cols matrix with the given element strides: as row-major memory (the column-major
/// transpose) or column-major, with leading dimension ld.
struct blas_matrix {
  bool row_major = true;
  std::int64_t ld = 1;
};

/// The blas_matrix of a rows × cols matrix at strides @p row_stride, @p col_stride (elements), or none where
/// BLAS cannot read it in place (neither stride 1, a zero or negative stride across more than one row or
/// column, rows that overlap).
std::optional<blas_matrix> blas_layout(std::int64_t rows, std::int64_t cols, std::int64_t row_stride,
                                       std::int64_t col_stride);

/// A gemm_call in BLAS's column-major terms: c' = op(first) op(second), c' (m × n) being the transpose of the
/// row-major c, so first is call.b, second is call.a, m = call.n and n = call.m.
struct column_major_gemm {
  bool transpose_first = false, transpose_second = false;
  std::int64_t m = 0, n = 0, k = 0;
  std::int64_t ld_first = 1, ld_second = 1, ldc = 1;
  std::int64_t stride_first = 0, stride_second = 0, stride_c = 0;
};

/// The column_major_gemm of @p call, whose operands have blas_layout()s.
column_major_gemm as_column_major(const gemm_call& call);

/// A batch axis of a broadcast product, with its stride (elements) in a, in b and in c.
struct batch_axis {
  std::int64_t extent = 1;
  std::int64_t a = 0, b = 0, c = 0;
};

/// The batch axes of a product folded: axes of extent 1 dropped, an axis merged into the next where all three
/// strides allow, so that the last one left is gemm_call's strided batch and the others an outer loop. Empty
/// when the whole batch is one product.
std::vector<batch_axis> fold_batch_axes(const std::vector<batch_axis>& axes);

}  // namespace numcu::detail
