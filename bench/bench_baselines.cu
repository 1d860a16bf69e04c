// Baselines timed by the same harness as numcu: cub::DeviceTransform on the elementwise jobs (the issue asks
// the dense path to be compared with it), and what the host pays for a bare kernel launch and for the
// driver's pool, against which numcu's host time per op is read.
#include <cuda.h>
#include <cuda_fp16.h>
#include <cub/device/device_transform.cuh>

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
