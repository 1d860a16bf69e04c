// Linear-algebra benchmarks (the linear algebra and FFT issue's table): matmul of 8192^2 float32 (no TF32),
// float16 and bfloat16 (float32 accumulation), a batch of 1024 products of 128^2 float32 (and cuBLAS's
// strided batched gemm on it), a^T b with a transposed view (read in place, no copy), and the host time of a
// 64^2 float32 product, with cuBLAS called directly on the same matrices beside them, the ceiling numcu's
// call must reach (work counted in floating-point operations, 2 m n k a product, reported as TFLOP/s); fft of
// 2^24 complex64, rfft of 2^24 float32, fft2 of 4096^2 complex64 (bytes read and written once); solve with 16
// right-hand sides, cholesky and eigh of 4096^2 float64 (time alone).
#include <cublas_v2.h>

#include <complex>
#include <cstdio>
#include <cstdlib>

#include <numcu/numcu.hpp>

#include "timing.hpp"

namespace nc = numcu;
using bench::report;
using bench::report_flops;
using bench::time_gpu;

namespace {

void check_cublas(cublasStatus_t status, const char* what) {
  if (status != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "%s failed: %d\n", what, static_cast<int>(status));
    std::exit(1);
  }
}

/// C = A B of row-major n x n matrices straight through cublasGemmEx (as C^T = B^T A^T in column-major).
void cublas_square(cublasHandle_t h, const nc::ndarray& a, const nc::ndarray& b, const nc::ndarray& c,
                   cudaDataType type, cublasComputeType_t compute, int n) {
  const float one = 1.0f, zero = 0.0f;
  check_cublas(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b.data_ptr(), type, n, a.data_ptr(),
                            type, n, &zero, c.data_ptr(), type, n, compute, CUBLAS_GEMM_DEFAULT),
               "cublasGemmEx");
}

}  // namespace

void run_linalg_benchmarks() {
  const nc::device gpu = nc::cuda(0);
  cublasHandle_t h = nullptr;
  check_cublas(cublasCreate(&h), "cublasCreate");
  check_cublas(cublasSetMathMode(h, CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION), "cublasSetMathMode");
  const std::int64_t n = 8192;
  const double flops = 2.0 * n * n * n;
  struct precision {
    nc::dtype t;
    const char* name;
    cudaDataType type;
  };
  for (const precision p :
       {precision{nc::float32, "float32", CUDA_R_32F}, precision{nc::float16, "float16", CUDA_R_16F},
        precision{nc::bfloat16, "bfloat16", CUDA_R_16BF}}) {
    const auto a = nc::random::default_rng(1).random({n, n}, nc::float32, gpu).astype(p.t);
    const auto b = nc::random::default_rng(2).random({n, n}, nc::float32, gpu).astype(p.t);
    nc::ndarray c;
    report_flops(std::string("matmul ") + p.name + " 8192^2", flops, time_gpu([&] { c = nc::matmul(a, b); }));
    const auto direct = nc::empty({n, n}, p.t, gpu);
    report_flops(std::string("cublasGemmEx ") + p.name + " 8192^2 (direct)", flops, time_gpu([&] {
                   cublas_square(h, a, b, direct, p.type, CUBLAS_COMPUTE_32F, static_cast<int>(n));
                 }));
    if (p.t == nc::float32) {
      const auto at = nc::ascontiguousarray(a.T()).T();  // a transposed view of a C-contiguous matrix
      report_flops("matmul float32 8192^2, a transposed view", flops,
                   time_gpu([&] { c = nc::matmul(at, b); }));
    }
  }
  {
    const auto a = nc::random::default_rng(3).random({1024, 128, 128}, nc::float32, gpu);
    const auto b = nc::random::default_rng(4).random({1024, 128, 128}, nc::float32, gpu);
    nc::ndarray c;
    const double batch_flops = 1024 * 2.0 * 128 * 128 * 128;
    report_flops("matmul float32 batch 1024 x 128^2", batch_flops, time_gpu([&] { c = nc::matmul(a, b); }));
    const auto direct = nc::empty({1024, 128, 128}, nc::float32, gpu);
    const float one = 1.0f, zero = 0.0f;
    report_flops("cublasGemmStridedBatchedEx float32 batch 1024 x 128^2 (direct)", batch_flops, time_gpu([&] {
                   check_cublas(cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 128, 128, 128, &one,
                                                           b.data_ptr(), CUDA_R_32F, 128, 128 * 128,
                                                           a.data_ptr(), CUDA_R_32F, 128, 128 * 128, &zero,
                                                           direct.data_ptr(), CUDA_R_32F, 128, 128 * 128,
                                                           1024, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                                "cublasGemmStridedBatchedEx");
                 }));
  }
  {
    const auto a = nc::random::default_rng(5).random({64, 64}, nc::float32, gpu);
    const auto b = nc::random::default_rng(6).random({64, 64}, nc::float32, gpu);
    nc::ndarray c;
    bench::report_us("matmul float32 64^2, host time per call",
                     bench::time_host_burst_us([&] { c = nc::matmul(a, b); }, 21, 200));
  }
  check_cublas(cublasDestroy(h), "cublasDestroy");

  {
    const std::int64_t points = std::int64_t{1} << 24;
    const auto re = nc::random::default_rng(7).standard_normal({points}, nc::float32, gpu);
    const auto z =
        nc::add(re, nc::multiply(re, nc::full({}, std::complex<double>(0, 1), nc::complex64, gpu)));
    nc::ndarray r;
    report("fft complex64 2^24", points * 16.0, time_gpu([&] { r = nc::fft::fft(z); }));
    report("rfft float32 2^24", points * 4.0 + (points / 2 + 1) * 8.0,
           time_gpu([&] { r = nc::fft::rfft(re); }));
    const auto z2 = z(nc::slice(0, std::int64_t{4096} * 4096)).reshape({4096, 4096});
    report("fft2 complex64 4096^2", 4096.0 * 4096 * 16, time_gpu([&] { r = nc::fft::fft2(z2); }));
  }
  {
    const std::int64_t m = 4096;
    const auto a =
        nc::add(nc::random::default_rng(8).random({m, m}, nc::float64, gpu),
                nc::multiply(nc::eye(m, std::nullopt, 0, nc::float64, gpu), static_cast<double>(m)));
    const auto b = nc::random::default_rng(9).random({m, 16}, nc::float64, gpu);
    const auto spd = nc::matmul(a, a.T());
    nc::ndarray r;
    bench::report_ms("solve float64 4096^2, 16 right-hand sides",
                     time_gpu([&] { r = nc::linalg::solve(a, b); }, 2, 5));
    bench::report_ms("cholesky float64 4096^2", time_gpu([&] { r = nc::linalg::cholesky(spd); }, 2, 5));
    nc::linalg::eigh_result e;
    bench::report_ms("eigh float64 4096^2", time_gpu([&] { e = nc::linalg::eigh(spd); }, 1, 3));
  }
}
