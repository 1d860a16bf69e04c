// Matrix products on the GPU: cuBLAS's strided batched gemm for float16 through complex128 (operands read in
// place through op(A), float32 accumulation for float16 and bfloat16, TF32 only when allowed), and numcu's
// own kernel for integers and bool, one thread per element of the result (device/matmul_element.hpp).
#include <cublas_v2.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/element_types.hpp"
#include "device/matmul_element.hpp"
#include "numcu/error.hpp"

namespace numcu::detail {
namespace {

/// Throws cuda_error naming the cuBLAS call and its status unless @p status is CUBLAS_STATUS_SUCCESS.
void check_cublas(cublasStatus_t status, const char* api) {
  if (status == CUBLAS_STATUS_SUCCESS) return;
  if (status == CUBLAS_STATUS_ALLOC_FAILED) {
    throw out_of_memory(std::string(api) + " failed: CUBLAS_STATUS_ALLOC_FAILED", 0, 0);
  }
  throw cuda_error(api, static_cast<int>(status),
                   std::string(api) + " failed: " + cublasGetStatusName(status) + " (" +
                       cublasGetStatusString(status) + ")");
}

/// cuBLAS for exec::library_handle: a handle per device and host thread, its math mode keeping float16 and
/// bfloat16 reductions in float32, alpha and beta read from host memory (cuBLAS's default).
struct cublas_library {
  using handle = cublasHandle_t;
  static handle create(device) {
    cublasHandle_t h = nullptr;
    check_cublas(cublasCreate(&h), "cublasCreate");
    check_cublas(cublasSetMathMode(h, CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION), "cublasSetMathMode");
    return h;
  }
  static void set_stream(handle h, void* stream) {
    check_cublas(cublasSetStream(h, static_cast<cudaStream_t>(stream)), "cublasSetStream");
  }
};

/// The cuBLAS types of a gemm in dtype @p t: of the elements, of the computation, and of alpha and beta.
struct cublas_types {
  cudaDataType element;
  cublasComputeType_t compute;
};

cublas_types types_of(dtype t, bool allow_tf32) {
  const cublasComputeType_t single = allow_tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
  switch (t.id()) {
    case dtype_code::float16:
      return {CUDA_R_16F, CUBLAS_COMPUTE_32F};
    case dtype_code::bfloat16:
      return {CUDA_R_16BF, CUBLAS_COMPUTE_32F};
    case dtype_code::float32:
      return {CUDA_R_32F, single};
    case dtype_code::complex64:
      return {CUDA_C_32F, single};
    case dtype_code::complex128:
      return {CUDA_C_64F, CUBLAS_COMPUTE_64F};
    default:
      return {CUDA_R_64F, CUBLAS_COMPUTE_64F};
  }
}

void gemm_cublas(const exec& e, const gemm_call& call) {
  const column_major_gemm g = as_column_major(call);
  const cublas_types types = types_of(call.t, call.allow_tf32);
  // alpha = 1 and beta = 0 in the scale type: float for the 32-bit computations, double for the 64-bit ones,
  // complex where the elements are (pairs of parts)
  const bool wide = types.compute == CUBLAS_COMPUTE_64F;
  const float one_f[2] = {1, 0}, zero_f[2] = {0, 0};
  const double one_d[2] = {1, 0}, zero_d[2] = {0, 0};
  const void* alpha = wide ? static_cast<const void*>(one_d) : one_f;
  const void* beta = wide ? static_cast<const void*>(zero_d) : zero_f;
  cublasHandle_t h = e.library_handle<cublas_library>();
  check_cublas(
      cublasGemmStridedBatchedEx_64(h, g.transpose_first ? CUBLAS_OP_T : CUBLAS_OP_N,
                                    g.transpose_second ? CUBLAS_OP_T : CUBLAS_OP_N, g.m, g.n, g.k, alpha,
                                    call.b.data, types.element, g.ld_first, g.stride_first, call.a.data,
                                    types.element, g.ld_second, g.stride_second, beta, call.c, types.element,
                                    g.ldc, g.stride_c, call.batch, types.compute, CUBLAS_GEMM_DEFAULT),
      "cublasGemmStridedBatchedEx_64");
}

/// The shape of a block of gemm_loop_kernel: 32 columns of the result by 8 rows.
constexpr int gemm_block_columns = 32, gemm_block_rows = 8;

/// c[p, i, j] = dot_along(row i of a's product p, column j of b's) for every element, over a grid that
/// strides through rows (y) and products (z) where they outnumber its blocks.
template <class T>
__global__ void __launch_bounds__(gemm_block_columns* gemm_block_rows)
    gemm_loop_kernel(const T* __restrict__ a, gemm_operand as, const T* __restrict__ b, gemm_operand bs,
                     T* __restrict__ c, std::int64_t m, std::int64_t n, std::int64_t k, std::int64_t batch) {
  const std::int64_t j = std::int64_t{blockIdx.x} * gemm_block_columns + threadIdx.x;
  if (j >= n) return;
  for (std::int64_t p = blockIdx.z; p < batch; p += gridDim.z) {
    for (std::int64_t i = std::int64_t{blockIdx.y} * gemm_block_rows + threadIdx.y; i < m;
         i += std::int64_t{gridDim.y} * gemm_block_rows) {
      c[(p * m + i) * n + j] = dot_along(a + p * as.batch_stride + i * as.row_stride, as.col_stride,
                                         b + p * bs.batch_stride + j * bs.col_stride, bs.row_stride, k);
    }
  }
}

template <class T>
void gemm_loops(const exec& e, const gemm_call& call) {
  constexpr std::int64_t grid_limit = 65535;
  const dim3 grid(
      grid_for(call.n, gemm_block_columns),
      static_cast<unsigned>(std::min<std::int64_t>(grid_for(call.m, gemm_block_rows), grid_limit)),
      static_cast<unsigned>(std::min(call.batch, grid_limit)));
  launch(e, grid, dim3(gemm_block_columns, gemm_block_rows), gemm_loop_kernel<T>, call.a.data, call.a,
         call.b.data, call.b, call.c, call.m, call.n, call.k, call.batch);
}

}  // namespace

template <>
void gemm<cuda_backend>(const exec& e, const gemm_call& call) {
  if (uses_blas(call.t)) return gemm_cublas(e, call);
  visit_dtype(call.t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_integral_v<T>) gemm_loops<T>(e, call);
  });
}

}  // namespace numcu::detail
