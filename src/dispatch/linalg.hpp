// Linear algebra between the public API and the backends: the batch of a broadcast matrix product folded into
// strided gemm calls.
#pragma once

#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// Writes the matrix products a @ b into @p c: @p a (batch..., m, k) and @p b (batch..., k, n) views of c's
/// dtype on c's device (broadcast batch axes allowed), @p c new and C-contiguous (batch..., m, n) with m, n
/// and k at least 1; for the dtypes BLAS computes (uses_blas), the last two axes of each operand in a
/// blas_layout.
void matmul_into(const ndarray& a, const ndarray& b, const ndarray& c, bool allow_tf32);

}  // namespace numcu::detail
