#include "core/gemm_plan.hpp"

namespace numcu::detail {

bool uses_blas(dtype t) {
  return t.is_floating() || t.is_complex();
}

std::optional<blas_matrix> blas_layout(std::int64_t rows, std::int64_t cols, std::int64_t row_stride,
                                       std::int64_t col_stride) {
  // a stride along an axis of extent 1 is never followed: it may be anything, the leading dimension then
  // being the least BLAS accepts
  const bool one_row = rows <= 1, one_col = cols <= 1;
  const std::int64_t least_row_major = cols > 1 ? cols : 1, least_col_major = rows > 1 ? rows : 1;
  if ((one_col || col_stride == 1) && (one_row || row_stride >= least_row_major)) {
    return blas_matrix{true, one_row ? least_row_major : row_stride};
  }
  if ((one_row || row_stride == 1) && (one_col || col_stride >= least_col_major)) {
    return blas_matrix{false, one_col ? least_col_major : col_stride};
  }
  return std::nullopt;
}

column_major_gemm as_column_major(const gemm_call& call) {
  const blas_matrix a = *blas_layout(call.m, call.k, call.a.row_stride, call.a.col_stride);
  const blas_matrix b = *blas_layout(call.k, call.n, call.b.row_stride, call.b.col_stride);
  // row-major memory of b (k × n) is the column-major b^T (n × k): op N; column-major b needs op T. Likewise
  // a.
  column_major_gemm g;
  g.transpose_first = !b.row_major;
  g.transpose_second = !a.row_major;
  g.m = call.n;
  g.n = call.m;
  g.k = call.k;
  g.ld_first = b.ld;
  g.ld_second = a.ld;
  g.ldc = call.n;
  g.stride_first = call.b.batch_stride;
  g.stride_second = call.a.batch_stride;
  g.stride_c = call.m * call.n;
  return g;
}

std::vector<batch_axis> fold_batch_axes(const std::vector<batch_axis>& axes) {
  std::vector<batch_axis> folded;
  for (const batch_axis& axis : axes) {
    if (axis.extent == 1) continue;
    if (!folded.empty()) {
      batch_axis& last = folded.back();
      if (last.a == axis.a * axis.extent && last.b == axis.b * axis.extent &&
          last.c == axis.c * axis.extent) {
        last.extent *= axis.extent;
        last.a = axis.a;
        last.b = axis.b;
        last.c = axis.c;
        continue;
      }
    }
    folded.push_back(axis);
  }
  return folded;
}

}  // namespace numcu::detail
