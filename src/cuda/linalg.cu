// Linear algebra on the GPU: matrix products on cuBLAS's strided batched gemm for float16 through complex128
// (operands read in place through op(A), float32 accumulation for float16 and bfloat16, TF32 only when
// allowed) and numcu's own kernel for integers and bool, one thread per element of the result
// (device/matmul_element.hpp); LU and Cholesky factorizations and solves on cuSOLVER's 64-bit API, stacks of
// small matrices' LU and solves on cuBLAS's batched calls (one call for the stack).
#include <cublas_v2.h>
#include <cusolverDn.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/copy_kernels.cuh"
#include "device/eigen_vectors.hpp"
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
    // once per change of stream: cublasSetStream also resets the handle's workspace, a cost that shows in the
    // host time of small products (handles belong to one thread, so the last stream is per thread)
    thread_local std::map<handle, void*> last;
    const auto [at, fresh] = last.try_emplace(h, stream);
    if (!fresh && at->second == stream) return;
    at->second = stream;
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

/// Rewrites every -0.0 among the @p n floating-point numbers of width U at @p values as +0.0 (the sign bit
/// alone becomes no bit), leaving every other value, NaNs included, as it is. Each thread loads
/// positive_zeros_items numbers of a chunk at once, so that the read runs at the memory's speed.
constexpr int positive_zeros_items = 8;
template <class U>
__global__ void __launch_bounds__(block_threads)
    positive_zeros_kernel(U* __restrict__ values, std::int64_t n) {
  constexpr U negative_zero = U{1} << (sizeof(U) * CHAR_BIT - 1);
  constexpr std::int64_t chunk = std::int64_t{block_threads} * positive_zeros_items;
  for (std::int64_t base = std::int64_t{blockIdx.x} * chunk + threadIdx.x; base < n;
       base += std::int64_t{gridDim.x} * chunk) {
    U loaded[positive_zeros_items];
#pragma unroll
    for (int j = 0; j < positive_zeros_items; ++j) {
      const std::int64_t i = base + std::int64_t{j} * block_threads;
      loaded[j] = i < n ? values[i] : U{0};
    }
#pragma unroll
    for (int j = 0; j < positive_zeros_items; ++j) {
      if (loaded[j] == negative_zero) values[base + std::int64_t{j} * block_threads] = 0;
    }
  }
}

/// Makes the -0.0 results of a gemm +0.0, as BLAS on the host gives them: it sums 0 + the products, so a
/// sum of negative zeros (e.g. one product (-1) * 0) is +0.0, where cuBLAS starts from the first product and
/// keeps its sign. One read of the result (a write only where a zero is negative), small next to the gemm.
template <class U>
void make_zeros_positive(const exec& e, void* c, std::int64_t n) {
  const unsigned grid = std::min(grid_for(n, std::int64_t{block_threads} * positive_zeros_items),
                                 resident_blocks(positive_zeros_kernel<U>, e.where().index()));
  launch(e, dim3(grid), dim3(block_threads), positive_zeros_kernel<U>, static_cast<U*>(c), n);
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
  // the parts of complex results are cleared one by one, as the host's complex sums give +0.0 per part
  const std::int64_t parts = call.m * call.n * call.batch * (call.t.is_complex() ? 2 : 1);
  switch (call.t.itemsize() / (call.t.is_complex() ? 2 : 1)) {
    case 2:
      return make_zeros_positive<std::uint16_t>(e, call.c, parts);
    case 4:
      return make_zeros_positive<std::uint32_t>(e, call.c, parts);
    default:
      return make_zeros_positive<std::uint64_t>(e, call.c, parts);
  }
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

/// Throws cuda_error naming the cuSOLVER call and its status unless @p status is CUSOLVER_STATUS_SUCCESS.
void check_cusolver(cusolverStatus_t status, const char* api) {
  if (status == CUSOLVER_STATUS_SUCCESS) return;
  if (status == CUSOLVER_STATUS_ALLOC_FAILED) {
    throw out_of_memory(std::string(api) + " failed: CUSOLVER_STATUS_ALLOC_FAILED", 0, 0);
  }
  throw cuda_error(
      api, static_cast<int>(status),
      std::string(api) + " failed: cusolverStatus_t " + std::to_string(static_cast<int>(status)));
}

/// cuSOLVER's dense handle and the parameters of its 64-bit API (default algorithms), one pair per device and
/// host thread for exec::library_handle.
struct cusolver_library {
  struct handle {
    cusolverDnHandle_t dense = nullptr;
    cusolverDnParams_t params = nullptr;
  };
  static handle create(device) {
    handle h;
    check_cusolver(cusolverDnCreate(&h.dense), "cusolverDnCreate");
    check_cusolver(cusolverDnCreateParams(&h.params), "cusolverDnCreateParams");
    return h;
  }
  static void set_stream(handle h, void* stream) {
    check_cusolver(cusolverDnSetStream(h.dense, static_cast<cudaStream_t>(stream)), "cusolverDnSetStream");
  }
};

cudaDataType solver_type(dtype t) {
  return t == complex128 ? CUDA_C_64F : CUDA_R_64F;
}

/// Device and host workspaces of the sizes a cuSOLVER call asked for (the device's from the context, ordered
/// on its stream).
struct solver_workspace {
  void* device_buffer = nullptr;
  std::vector<char> host_buffer;
  solver_workspace(const exec& e, std::size_t device_bytes, std::size_t host_bytes)
      : device_buffer(device_bytes ? e.workspace(device_bytes) : nullptr), host_buffer(host_bytes) {}
  void* host() { return host_buffer.empty() ? nullptr : host_buffer.data(); }
};

/// Copies the @p batch ints of cuSOLVER's infos at @p device_info into the host's int64 @p info, after the
/// work queued before (one wait).
void read_infos(const exec& e, const int* device_info, std::int64_t batch, std::int64_t* info) {
  std::vector<int> host(static_cast<std::size_t>(batch));
  const auto stream = static_cast<cudaStream_t>(e.stream());
  NUMCU_CUDA_CHECK(
      cudaMemcpyAsync(host.data(), device_info, host.size() * sizeof(int), cudaMemcpyDeviceToHost, stream));
  NUMCU_CUDA_CHECK(cudaStreamSynchronize(stream));
  for (std::int64_t p = 0; p < batch; ++p) info[p] = host[static_cast<std::size_t>(p)];
}

/// The largest order cuBLAS's batched LU (getrfBatched, getrsBatched: one thread block per matrix, the
/// matrix in shared memory) takes for a stack of matrices; larger ones go to cuSOLVER one matrix at a time.
constexpr std::int64_t batched_lu_order = 32;

/// True where a stack of @p batch matrices of order @p n goes through cuBLAS's batched LU: several small
/// matrices (not empty ones, whose leading dimension 0 cuBLAS refuses), their pivots (batch × n) within
/// cuBLAS's int.
bool uses_batched_lu(std::int64_t n, std::int64_t batch) {
  return batch > 1 && n >= 1 && n <= batched_lu_order && batch <= INT_MAX / n;
}

/// The device array of the @p batch matrices' addresses, @p stride bytes apart from @p base (in e's
/// workspace), for cuBLAS's batched calls: the arange of the addresses as 64-bit integers.
void** matrix_pointers(const exec& e, const void* base, std::int64_t stride, std::int64_t batch) {
  static_assert(sizeof(void*) == sizeof(std::int64_t));
  auto** pointers = static_cast<void**>(e.workspace(static_cast<std::size_t>(batch) * sizeof(void*)));
  const auto first = static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(base));
  const std::int64_t second = first + stride;
  arange<cuda_backend>(e, pointers, int64, batch, &first, &second);
  return pointers;
}

/// to[i] = from[i] for the @p count pivots: between cuBLAS's int and numcu's int64 (1-based row numbers),
/// through the copy kernel of casts.
template <class From, class To>
void convert_pivots(const exec& e, const From* from, To* to, std::int64_t count) {
  launch(e, dim3(grid_for(count, std::int64_t{block_threads} * copy_unroll)), dim3(block_threads),
         copy_contiguous_kernel<To, From, 1>, to, from, count);
}

/// lu_factor of a stack of small matrices through cuBLAS's getrfBatched (one call for the stack).
void lu_factor_batched(const exec& e, dtype t, std::int64_t n, std::int64_t batch, void* a,
                       std::int64_t* pivots, std::int64_t* info) {
  cublasHandle_t h = e.library_handle<cublas_library>();
  void** matrices = matrix_pointers(e, a, n * n * static_cast<std::int64_t>(t.itemsize()), batch);
  int* int_pivots = static_cast<int*>(e.workspace(static_cast<std::size_t>(batch * n) * sizeof(int)));
  int* device_info = static_cast<int*>(e.workspace(static_cast<std::size_t>(batch) * sizeof(int)));
  const int order = static_cast<int>(n), count = static_cast<int>(batch);
  if (t == complex128) {
    check_cublas(cublasZgetrfBatched(h, order, reinterpret_cast<cuDoubleComplex**>(matrices), order,
                                     int_pivots, device_info, count),
                 "cublasZgetrfBatched");
  } else {
    check_cublas(cublasDgetrfBatched(h, order, reinterpret_cast<double**>(matrices), order, int_pivots,
                                     device_info, count),
                 "cublasDgetrfBatched");
  }
  convert_pivots(e, int_pivots, pivots, batch * n);
  read_infos(e, device_info, batch, info);
}

/// lu_solve of a stack of small systems through cuBLAS's getrsBatched (one call for the stack).
void lu_solve_batched(const exec& e, dtype t, std::int64_t n, std::int64_t nrhs, std::int64_t batch,
                      const void* lu, const std::int64_t* pivots, void* b) {
  cublasHandle_t h = e.library_handle<cublas_library>();
  const auto item = static_cast<std::int64_t>(t.itemsize());
  void** factors = matrix_pointers(e, lu, n * n * item, batch);
  void** sides = matrix_pointers(e, b, n * nrhs * item, batch);
  int* int_pivots = static_cast<int*>(e.workspace(static_cast<std::size_t>(batch * n) * sizeof(int)));
  convert_pivots(e, pivots, int_pivots, batch * n);
  // getrsBatched's info (on the host) reports only a bad argument, which these are not
  int argument_info = 0;
  const int order = static_cast<int>(n), count = static_cast<int>(batch);
  if (t == complex128) {
    check_cublas(
        cublasZgetrsBatched(h, CUBLAS_OP_N, order, static_cast<int>(nrhs),
                            reinterpret_cast<const cuDoubleComplex* const*>(factors), order, int_pivots,
                            reinterpret_cast<cuDoubleComplex* const*>(sides), order, &argument_info, count),
        "cublasZgetrsBatched");
  } else {
    check_cublas(cublasDgetrsBatched(h, CUBLAS_OP_N, order, static_cast<int>(nrhs),
                                     reinterpret_cast<const double* const*>(factors), order, int_pivots,
                                     reinterpret_cast<double* const*>(sides), order, &argument_info, count),
                 "cublasDgetrsBatched");
  }
  if (argument_info != 0) {
    const std::string api = t == complex128 ? "cublasZgetrsBatched" : "cublasDgetrsBatched";
    throw cuda_error(api, argument_info,
                     api + " failed: argument " + std::to_string(-argument_info) + " is invalid");
  }
}

}  // namespace

template <>
void lu_factor<cuda_backend>(const exec& e, dtype t, std::int64_t n, std::int64_t batch, void* a,
                             std::int64_t* pivots, std::int64_t* info) {
  if (uses_batched_lu(n, batch)) return lu_factor_batched(e, t, n, batch, a, pivots, info);
  const cusolver_library::handle h = e.library_handle<cusolver_library>();
  const cudaDataType type = solver_type(t);
  std::size_t device_bytes = 0, host_bytes = 0;
  check_cusolver(
      cusolverDnXgetrf_bufferSize(h.dense, h.params, n, n, type, a, n, type, &device_bytes, &host_bytes),
      "cusolverDnXgetrf_bufferSize");
  solver_workspace work(e, device_bytes, host_bytes);
  int* device_info = static_cast<int*>(e.workspace(static_cast<std::size_t>(batch) * sizeof(int)));
  for (std::int64_t p = 0; p < batch; ++p) {
    check_cusolver(
        cusolverDnXgetrf(h.dense, h.params, n, n, type, static_cast<char*>(a) + p * n * n * t.itemsize(), n,
                         pivots + p * n, type, work.device_buffer, device_bytes, work.host(), host_bytes,
                         device_info + p),
        "cusolverDnXgetrf");
  }
  read_infos(e, device_info, batch, info);
}

template <>
void lu_solve<cuda_backend>(const exec& e, dtype t, std::int64_t n, std::int64_t nrhs, std::int64_t batch,
                            const void* lu, const std::int64_t* pivots, void* b) {
  if (uses_batched_lu(n, batch) && nrhs >= 1 && nrhs <= INT_MAX)
    return lu_solve_batched(e, t, n, nrhs, batch, lu, pivots, b);
  const cusolver_library::handle h = e.library_handle<cusolver_library>();
  const cudaDataType type = solver_type(t);
  // getrs's info reports only bad arguments, which these are not; it is written, not read
  int* device_info = static_cast<int*>(e.workspace(sizeof(int)));
  for (std::int64_t p = 0; p < batch; ++p) {
    check_cusolver(
        cusolverDnXgetrs(h.dense, h.params, CUBLAS_OP_N, n, nrhs, type,
                         static_cast<const char*>(lu) + p * n * n * t.itemsize(), n, pivots + p * n, type,
                         static_cast<char*>(b) + p * n * nrhs * t.itemsize(), n, device_info),
        "cusolverDnXgetrs");
  }
}

template <>
void cholesky_factor<cuda_backend>(const exec& e, dtype t, std::int64_t n, std::int64_t batch, void* a,
                                   bool upper, std::int64_t* info) {
  const cusolver_library::handle h = e.library_handle<cusolver_library>();
  const cudaDataType type = solver_type(t);
  const cublasFillMode_t fill = upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  std::size_t device_bytes = 0, host_bytes = 0;
  check_cusolver(
      cusolverDnXpotrf_bufferSize(h.dense, h.params, fill, n, type, a, n, type, &device_bytes, &host_bytes),
      "cusolverDnXpotrf_bufferSize");
  solver_workspace work(e, device_bytes, host_bytes);
  int* device_info = static_cast<int*>(e.workspace(static_cast<std::size_t>(batch) * sizeof(int)));
  for (std::int64_t p = 0; p < batch; ++p) {
    check_cusolver(
        cusolverDnXpotrf(h.dense, h.params, fill, n, type, static_cast<char*>(a) + p * n * n * t.itemsize(),
                         n, type, work.device_buffer, device_bytes, work.host(), host_bytes, device_info + p),
        "cusolverDnXpotrf");
  }
  read_infos(e, device_info, batch, info);
}

template <>
void hermitian_eigen<cuda_backend>(const exec& e, dtype t, std::int64_t n, std::int64_t batch, void* a,
                                   bool upper, bool vectors, double* w, std::int64_t* info) {
  const cusolver_library::handle h = e.library_handle<cusolver_library>();
  const cudaDataType type = solver_type(t);
  const cusolverEigMode_t mode = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const cublasFillMode_t fill = upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  std::size_t device_bytes = 0, host_bytes = 0;
  check_cusolver(cusolverDnXsyevd_bufferSize(h.dense, h.params, mode, fill, n, type, a, n, CUDA_R_64F, w,
                                             type, &device_bytes, &host_bytes),
                 "cusolverDnXsyevd_bufferSize");
  solver_workspace work(e, device_bytes, host_bytes);
  int* device_info = static_cast<int*>(e.workspace(static_cast<std::size_t>(batch) * sizeof(int)));
  for (std::int64_t p = 0; p < batch; ++p) {
    check_cusolver(
        cusolverDnXsyevd(h.dense, h.params, mode, fill, n, type,
                         static_cast<char*>(a) + p * n * n * t.itemsize(), n, CUDA_R_64F, w + p * n, type,
                         work.device_buffer, device_bytes, work.host(), host_bytes, device_info + p),
        "cusolverDnXsyevd");
  }
  read_infos(e, device_info, batch, info);
}

namespace {

/// v (complex, n × n column-major per matrix) from the packed real eigenvectors of each of the @p batch
/// matrices (device/eigen_vectors.hpp).
__global__ void __launch_bounds__(block_threads)
    unpack_eigenvectors_kernel(const double* __restrict__ packed, const complex128_t* __restrict__ w,
                               complex128_t* __restrict__ v, std::int64_t n, std::int64_t total) {
  const std::int64_t t = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (t >= total) return;
  const std::int64_t p = t / (n * n), col = t / n % n, row = t % n;
  v[t] = unpacked_eigenvector(packed + p * n * n, w + p * n, n, row, col);
}

}  // namespace

template <>
void general_eigen<cuda_backend>(const exec& e, dtype t, std::int64_t n, std::int64_t batch, void* a,
                                 bool vectors, void* w, void* v, std::int64_t* info) {
  const cusolver_library::handle h = e.library_handle<cusolver_library>();
  const cudaDataType type = solver_type(t);
  const cusolverEigMode_t left = CUSOLVER_EIG_MODE_NOVECTOR;
  const cusolverEigMode_t right = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  // a real matrix's vectors come packed in real columns (unpacked below), a complex one's as they are
  const bool real = t != complex128;
  void* vr =
      vectors ? (real ? e.workspace(static_cast<std::size_t>(batch * n * n) * sizeof(double)) : v) : nullptr;
  const std::int64_t ldvr = vectors ? n : 1;
  std::size_t device_bytes = 0, host_bytes = 0;
  check_cusolver(
      cusolverDnXgeev_bufferSize(h.dense, h.params, left, right, n, type, a, n, CUDA_C_64F, w, type, nullptr,
                                 1, type, vr, ldvr, type, &device_bytes, &host_bytes),
      "cusolverDnXgeev_bufferSize");
  solver_workspace work(e, device_bytes, host_bytes);
  int* device_info = static_cast<int*>(e.workspace(static_cast<std::size_t>(batch) * sizeof(int)));
  const std::size_t item = t.itemsize(), vector_item = real ? sizeof(double) : item;
  for (std::int64_t p = 0; p < batch; ++p) {
    check_cusolver(
        cusolverDnXgeev(h.dense, h.params, left, right, n, type, static_cast<char*>(a) + p * n * n * item, n,
                        CUDA_C_64F, static_cast<complex128_t*>(w) + p * n, type, nullptr, 1, type,
                        vr ? static_cast<char*>(vr) + p * n * n * vector_item : nullptr, ldvr, type,
                        work.device_buffer, device_bytes, work.host(), host_bytes, device_info + p),
        "cusolverDnXgeev");
  }
  if (vectors && real) {
    const std::int64_t total = batch * n * n;
    launch(e, dim3(grid_for(total, block_threads)), dim3(block_threads), unpack_eigenvectors_kernel,
           static_cast<const double*>(vr), static_cast<const complex128_t*>(w), static_cast<complex128_t*>(v),
           n, total);
  }
  read_infos(e, device_info, batch, info);
}

template <>
void singular_values<cuda_backend>(const exec& e, dtype t, std::int64_t m, std::int64_t n, std::int64_t batch,
                                   void* a, singular_vectors which, double* s, void* u, void* vt,
                                   std::int64_t* info) {
  const cusolver_library::handle h = e.library_handle<cusolver_library>();
  const cudaDataType type = solver_type(t);
  const signed char jobu = which == singular_vectors::none      ? 'N'
                           : which == singular_vectors::reduced ? 'S'
                                                                : 'A';
  const signed char jobvt = which == singular_vectors::none ? 'N' : 'A';
  const std::int64_t u_cols = which == singular_vectors::full ? m : n;
  std::size_t device_bytes = 0, host_bytes = 0;
  check_cusolver(cusolverDnXgesvd_bufferSize(h.dense, h.params, jobu, jobvt, m, n, type, a, m, CUDA_R_64F, s,
                                             type, u, m, type, vt, n, type, &device_bytes, &host_bytes),
                 "cusolverDnXgesvd_bufferSize");
  solver_workspace work(e, device_bytes, host_bytes);
  int* device_info = static_cast<int*>(e.workspace(static_cast<std::size_t>(batch) * sizeof(int)));
  const std::size_t item = t.itemsize();
  for (std::int64_t p = 0; p < batch; ++p) {
    check_cusolver(
        cusolverDnXgesvd(h.dense, h.params, jobu, jobvt, m, n, type, static_cast<char*>(a) + p * m * n * item,
                         m, CUDA_R_64F, s + p * n, type,
                         u ? static_cast<char*>(u) + p * m * u_cols * item : nullptr, m, type,
                         vt ? static_cast<char*>(vt) + p * n * n * item : nullptr, n, type,
                         work.device_buffer, device_bytes, work.host(), host_bytes, device_info + p),
        "cusolverDnXgesvd");
  }
  read_infos(e, device_info, batch, info);
}

template <>
void qr_factor<cuda_backend>(const exec& e, dtype t, std::int64_t m, std::int64_t n, std::int64_t batch,
                             void* a, void* tau) {
  const cusolver_library::handle h = e.library_handle<cusolver_library>();
  const cudaDataType type = solver_type(t);
  const std::int64_t k = m < n ? m : n;
  std::size_t device_bytes = 0, host_bytes = 0;
  check_cusolver(cusolverDnXgeqrf_bufferSize(h.dense, h.params, m, n, type, a, m, type, tau, type,
                                             &device_bytes, &host_bytes),
                 "cusolverDnXgeqrf_bufferSize");
  solver_workspace work(e, device_bytes, host_bytes);
  // geqrf's info reports only bad arguments, which these are not
  int* device_info = static_cast<int*>(e.workspace(sizeof(int)));
  const std::size_t item = t.itemsize();
  for (std::int64_t p = 0; p < batch; ++p) {
    check_cusolver(cusolverDnXgeqrf(h.dense, h.params, m, n, type, static_cast<char*>(a) + p * m * n * item,
                                    m, type, static_cast<char*>(tau) + p * k * item, type, work.device_buffer,
                                    device_bytes, work.host(), host_bytes, device_info),
                   "cusolverDnXgeqrf");
  }
}

template <>
void qr_form_q<cuda_backend>(const exec& e, dtype t, std::int64_t m, std::int64_t columns, std::int64_t k,
                             std::int64_t batch, void* q, const void* tau) {
  const cusolverDnHandle_t h = e.library_handle<cusolver_library>().dense;
  // orgqr and ungqr have only the 32-bit API
  if (m > INT_MAX) throw device_error("cuSOLVER forms Q of at most 2^31 - 1 rows");
  const int rows = static_cast<int>(m), cols = static_cast<int>(columns), reflectors = static_cast<int>(k);
  const bool is_complex = t == complex128;
  int lwork = 0;
  if (is_complex) {
    check_cusolver(
        cusolverDnZungqr_bufferSize(h, rows, cols, reflectors, static_cast<const cuDoubleComplex*>(q), rows,
                                    static_cast<const cuDoubleComplex*>(tau), &lwork),
        "cusolverDnZungqr_bufferSize");
  } else {
    check_cusolver(cusolverDnDorgqr_bufferSize(h, rows, cols, reflectors, static_cast<const double*>(q), rows,
                                               static_cast<const double*>(tau), &lwork),
                   "cusolverDnDorgqr_bufferSize");
  }
  const std::size_t item = t.itemsize();
  void* work = e.workspace(static_cast<std::size_t>(lwork > 0 ? lwork : 1) * item);
  int* device_info = static_cast<int*>(e.workspace(sizeof(int)));
  for (std::int64_t p = 0; p < batch; ++p) {
    void* matrix = static_cast<char*>(q) + p * m * columns * item;
    const void* scalars = static_cast<const char*>(tau) + p * k * item;
    if (is_complex) {
      check_cusolver(cusolverDnZungqr(h, rows, cols, reflectors, static_cast<cuDoubleComplex*>(matrix), rows,
                                      static_cast<const cuDoubleComplex*>(scalars),
                                      static_cast<cuDoubleComplex*>(work), lwork, device_info),
                     "cusolverDnZungqr");
    } else {
      check_cusolver(cusolverDnDorgqr(h, rows, cols, reflectors, static_cast<double*>(matrix), rows,
                                      static_cast<const double*>(scalars), static_cast<double*>(work), lwork,
                                      device_info),
                     "cusolverDnDorgqr");
    }
  }
}

template <>
void gemm<cuda_backend>(const exec& e, const gemm_call& call) {
  if (uses_blas(call.t)) return gemm_cublas(e, call);
  visit_dtype(call.t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_integral_v<T>) gemm_loops<T>(e, call);
  });
}

}  // namespace numcu::detail
