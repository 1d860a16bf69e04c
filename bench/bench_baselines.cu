// Baselines timed by the same harness as numcu: cub::DeviceTransform on the elementwise jobs (the issue asks
// the dense path to be compared with it), the designs the dense kernel was chosen over, and what the host
// pays for a bare kernel launch and for the driver's pool, against which numcu's host time per op is read.
#include <cuda.h>
#include <cuda_fp16.h>
#include <cub/device/device_transform.cuh>
#include <cuda/ptx>

#include <cstdint>

#include "timing.hpp"

using bench::check;
using bench::report;
using bench::report_us;
using bench::time_gpu;
using bench::time_host_us;

namespace {

__global__ void empty_kernel() {}

struct add_op {
  template <class T>
  __device__ T operator()(T a, T b) const {
    return a + b;
  }
};

struct exp_op {
  __device__ float operator()(float a) const { return expf(a); }
};

template <class T>
T* device_array(std::int64_t n) {
  void* p = nullptr;
  check(cudaMalloc(&p, n * sizeof(T)), "cudaMalloc");
  check(cudaMemset(p, 0, n * sizeof(T)), "cudaMemset");
  return static_cast<T*>(p);
}

template <class T>
void transform_add(const T* a, const T* b, T* c, std::int64_t n) {
  check(cub::DeviceTransform::Transform(::cuda::std::make_tuple(a, b), c, n, add_op{}),
        "cub::DeviceTransform::Transform");
}

// The dense kernel's alternatives, float32 a + b (two inputs) or exp(a) (one), 256 threads per block.
constexpr int variant_threads = 256;

template <int Inputs>
__device__ float4 variant_op(float4 x, float4 y) {
  if constexpr (Inputs == 2) return make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);
  return make_float4(expf(x.x), expf(x.y), expf(x.z), expf(x.w));
}

// Vectors 16-byte vectors per thread and input, every load before the first store (numcu's dense kernel has
// Vectors = 1; it had 4).
template <int Vectors, int Inputs>
__global__ void __launch_bounds__(variant_threads)
    vectors_per_thread(const float4* a, const float4* b, float4* c) {
  const std::int64_t first = std::int64_t{blockIdx.x} * variant_threads * Vectors + threadIdx.x;
  float4 x[Vectors], y[Vectors];
#pragma unroll
  for (int v = 0; v < Vectors; ++v) {
    x[v] = a[first + v * variant_threads];
    if constexpr (Inputs == 2) y[v] = b[first + v * variant_threads];
  }
#pragma unroll
  for (int v = 0; v < Vectors; ++v) c[first + v * variant_threads] = variant_op<Inputs>(x[v], y[v]);
}

// One vector per thread and step of a grid-stride loop on one wave of resident blocks.
__global__ void __launch_bounds__(variant_threads)
    grid_stride(const float4* a, const float4* b, float4* c, std::int64_t vectors) {
  for (std::int64_t i = std::int64_t{blockIdx.x} * variant_threads + threadIdx.x; i < vectors;
       i += std::int64_t{gridDim.x} * variant_threads)
    c[i] = variant_op<2>(a[i], b[i]);
}

// Hopper's bulk copy (TMA): one thread copies the block's tile of each input into shared memory, then every
// thread computes from there, as cub::DeviceTransform does on Hopper.
constexpr int bulk_tile = 1024;  // float32 elements per block

__global__ void __launch_bounds__(variant_threads) bulk_copy(const float* a, const float* b, float* c) {
#if __CUDA_ARCH__ >= 900
  __shared__ alignas(128) float tile_a[bulk_tile];
  __shared__ alignas(128) float tile_b[bulk_tile];
  __shared__ std::uint64_t barrier;
  const std::int64_t offset = std::int64_t{blockIdx.x} * bulk_tile;
  if (threadIdx.x == 0) {
    namespace ptx = ::cuda::ptx;
    ptx::mbarrier_init(&barrier, 1);
    ptx::fence_proxy_async(ptx::space_shared);
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, tile_a, a + offset, bulk_tile * 4, &barrier);
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, tile_b, b + offset, bulk_tile * 4, &barrier);
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &barrier,
                                   2 * bulk_tile * 4);
  }
  __syncthreads();
  while (!::cuda::ptx::mbarrier_try_wait_parity(&barrier, 0)) {
  }
  const int i = threadIdx.x;  // one vector of 4 per thread
  reinterpret_cast<float4*>(c + offset)[i] =
      variant_op<2>(reinterpret_cast<const float4*>(tile_a)[i], reinterpret_cast<const float4*>(tile_b)[i]);
#endif
}

void run_dense_variants(std::int64_t n) {
  float *a = device_array<float>(n), *b = device_array<float>(n), *c = device_array<float>(n);
  const auto a4 = reinterpret_cast<const float4*>(a), b4 = reinterpret_cast<const float4*>(b);
  const auto c4 = reinterpret_cast<float4*>(c);
  const std::int64_t vectors = n / 4;
  auto blocks = [&](int per_thread) {
    return static_cast<unsigned>(vectors / (variant_threads * per_thread));
  };
  report("variant: a + b float32 2^28, 1 vector per thread", n * 12.0,
         time_gpu([&] { vectors_per_thread<1, 2><<<blocks(1), variant_threads>>>(a4, b4, c4); }));
  report("variant: a + b float32 2^28, 2 vectors per thread", n * 12.0,
         time_gpu([&] { vectors_per_thread<2, 2><<<blocks(2), variant_threads>>>(a4, b4, c4); }));
  report("variant: a + b float32 2^28, 4 vectors per thread", n * 12.0,
         time_gpu([&] { vectors_per_thread<4, 2><<<blocks(4), variant_threads>>>(a4, b4, c4); }));
  report("variant: exp(a) float32 2^28, 1 vector per thread", n * 8.0,
         time_gpu([&] { vectors_per_thread<1, 1><<<blocks(1), variant_threads>>>(a4, b4, c4); }));
  report("variant: exp(a) float32 2^28, 4 vectors per thread", n * 8.0,
         time_gpu([&] { vectors_per_thread<4, 1><<<blocks(4), variant_threads>>>(a4, b4, c4); }));
  int multiprocessors = 0, per_multiprocessor = 0, major = 0;
  check(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, 0),
        "cudaDeviceGetAttribute");
  check(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0), "cudaDeviceGetAttribute");
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, grid_stride, variant_threads, 0),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  report("variant: a + b float32 2^28, grid-stride on one wave", n * 12.0, time_gpu([&] {
           grid_stride<<<multiprocessors * per_multiprocessor, variant_threads>>>(a4, b4, c4, vectors);
         }));
  if (major >= 9) {
    report("variant: a + b float32 2^28, bulk copy (TMA) of 1024 per block", n * 12.0,
           time_gpu([&] { bulk_copy<<<static_cast<unsigned>(n / bulk_tile), variant_threads>>>(a, b, c); }));
  }
  check(cudaGetLastError(), "dense variants");
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
}

}  // namespace

void run_baseline_benchmarks() {
  const std::int64_t n = std::int64_t{1} << 28;
  {
    float *a = device_array<float>(n), *b = device_array<float>(n), *c = device_array<float>(n);
    report("cub::DeviceTransform a + b float32 2^28", n * 12.0, time_gpu([&] { transform_add(a, b, c, n); }));
    report("cub::DeviceTransform exp(a) float32 2^28", n * 8.0, time_gpu([&] {
             check(cub::DeviceTransform::Transform(a, c, n, exp_op{}), "cub::DeviceTransform::Transform");
           }));
    report_us("host time per launch: cub::DeviceTransform a + b, 1024 float32",
              time_host_us([&] { transform_add(a, b, c, 1024); }, 1000, 21, 1000));
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
  }
  run_dense_variants(n);
  {
    __half *a = device_array<__half>(n), *b = device_array<__half>(n), *c = device_array<__half>(n);
    report("cub::DeviceTransform a + b float16 2^28", n * 6.0, time_gpu([&] { transform_add(a, b, c, n); }));
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
  }
  report_us("host time per launch: empty kernel",
            time_host_us([] { empty_kernel<<<1, 256>>>(); }, 1000, 21, 1000));
  check(cudaGetLastError(), "empty_kernel");
  // the same kernel through the driver API, its handle looked up once
  cudaFunction_t function = nullptr;
  check(cudaGetFuncBySymbol(&function, reinterpret_cast<const void*>(&empty_kernel)), "cudaGetFuncBySymbol");
  report_us(
      "host time per launch: empty kernel, cuLaunchKernel",
      time_host_us(
          [&] {
            if (cuLaunchKernel(function, 1, 1, 1, 256, 1, 1, 0, nullptr, nullptr, nullptr) != CUDA_SUCCESS) {
              check(cudaErrorLaunchFailure, "cuLaunchKernel");
            }
          },
          1000, 21, 1000));
  report_us("host time: cudaMallocAsync + cudaFreeAsync 4 KiB",
            time_host_us(
                [] {
                  void* p = nullptr;
                  check(cudaMallocAsync(&p, 4096, nullptr), "cudaMallocAsync");
                  check(cudaFreeAsync(p, nullptr), "cudaFreeAsync");
                },
                1000, 21, 1000));
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}
