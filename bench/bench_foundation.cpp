// Foundation benchmarks (issue 2): device-copy ceiling, astype, transposing copy, host<->device transfers
// (pageable and pinned, against cudaMemcpy of the same buffers), pool allocation.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <numcu/numcu.hpp>

#include "timing.hpp"

namespace nc = numcu;

using bench::check;
using bench::report;
using bench::report_transfer;
using bench::report_us;
using bench::time_gpu;
using bench::time_host_us;

namespace {

// Median milliseconds of fn() over @p reps repetitions after one warm-up, each between setup() and
// teardown(), which run outside the timing: every transfer meets fresh host memory, whose allocation, filling
// and release are not counted.
double median_fresh_ms(const std::function<void()>& setup, const std::function<void()>& fn,
                       const std::function<void()>& teardown, int reps) {
  std::vector<double> ms;
  for (int i = 0; i <= reps; ++i) {
    setup();
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    const auto t1 = std::chrono::steady_clock::now();
    teardown();
    if (i > 0) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return bench::median(ms);
}

}  // namespace

void run_foundation_benchmarks() {
  const nc::device gpu = nc::cuda(0);

  // Device-copy ceiling: 1 GiB device to device, counting bytes read and written.
  {
    const std::size_t n = std::size_t{1} << 30;
    auto a = nc::empty({static_cast<std::int64_t>(n)}, nc::uint8, gpu);
    auto b = nc::empty({static_cast<std::int64_t>(n)}, nc::uint8, gpu);
    a.fill(1);
    const double ms = time_gpu(
        [&] {
          check(cudaMemcpyAsync(b.data_ptr(), a.data_ptr(), n, cudaMemcpyDeviceToDevice, nullptr), "memcpy");
        },
        3, 20);
    report("device copy 1 GiB (cudaMemcpyAsync)", 2.0 * n, ms);
    const double ms_set =
        time_gpu([&] { check(cudaMemsetAsync(b.data_ptr(), 7, n, nullptr), "memset"); }, 3, 20);
    report("device write 1 GiB (cudaMemsetAsync)", 1.0 * n, ms_set);
  }
  // astype float32 -> float64, 2^28 elements.
  {
    const std::int64_t n = std::int64_t{1} << 28;
    auto a = nc::arange(n, nc::float32, gpu);
    nc::ndarray b;
    const double ms = time_gpu([&] { b = a.astype(nc::float64); }, 3, 20);
    report("astype float32->float64 2^28", n * (4.0 + 8.0), ms);
    const double ms16 = time_gpu([&] { b = a.astype(nc::float16); }, 3, 20);
    report("astype float32->float16 2^28", n * (4.0 + 2.0), ms16);
    const double msc = time_gpu([&] { b = a.copy(); }, 3, 20);
    report("copy float32 2^28", n * 8.0, msc);
  }
  // ascontiguousarray(X.T()) for 8192x8192 float32.
  {
    const std::int64_t n = 8192;
    auto x = nc::arange(n * n, nc::float32, gpu).reshape({n, n});
    nc::ndarray t;
    const double ms = time_gpu([&] { t = nc::ascontiguousarray(x.T()); }, 3, 20);
    report("ascontiguousarray(X.T()) 8192^2 float32", n * n * 8.0, ms);
    auto x64 = x.astype(nc::float64);
    const double ms64 = time_gpu([&] { t = nc::ascontiguousarray(x64.T()); }, 3, 20);
    report("ascontiguousarray(X.T()) 8192^2 float64", n * n * 16.0, ms64);
    auto strided = x(nc::all, nc::slice(nc::none, nc::none, 2));
    const double mss = time_gpu([&] { t = nc::ascontiguousarray(strided); }, 3, 20);
    report("ascontiguousarray(X[:, ::2]) 8192^2 float32", n * n / 2 * 8.0, mss);
  }
  // Host <-> device, 1 GiB: numcu against cudaMemcpy of the same buffers.
  {
    const std::size_t bytes = std::size_t{1} << 30;
    const std::int64_t n = static_cast<std::int64_t>(bytes / 4);
    std::vector<float> pageable(n, 1.0f);
    float* pinned = nullptr;
    check(cudaMallocHost(&pinned, bytes), "cudaMallocHost");
    std::memset(pinned, 0, bytes);
    auto dev = nc::empty({n}, nc::float32, gpu);
    auto host_pinned = nc::from_blob(pinned, {n}, nc::float32);
    auto host_pageable = nc::from_blob(pageable.data(), {n}, nc::float32);
    const int reps = 5;
    auto ms = [&](double us) { return us / 1e3; };
    report_transfer("H2D 1 GiB pageable", bytes,
                    ms(time_host_us([&] { nc::copyto(dev, host_pageable); }, 1, reps)));
    report_transfer(
        "H2D 1 GiB pageable (cudaMemcpy)", bytes,
        ms(time_host_us(
            [&] { check(cudaMemcpy(dev.data_ptr(), pageable.data(), bytes, cudaMemcpyHostToDevice), "h2d"); },
            1, reps)));
    report_transfer("H2D 1 GiB pinned", bytes,
                    ms(time_host_us([&] { nc::copyto(dev, host_pinned); }, 1, reps)));
    report_transfer(
        "H2D 1 GiB pinned (cudaMemcpy)", bytes,
        ms(time_host_us(
            [&] { check(cudaMemcpy(dev.data_ptr(), pinned, bytes, cudaMemcpyHostToDevice), "h2d"); }, 1,
            reps)));
    report_transfer("D2H 1 GiB pageable", bytes,
                    ms(time_host_us([&] { nc::copyto(host_pageable, dev); }, 1, reps)));
    report_transfer(
        "D2H 1 GiB pageable (cudaMemcpy)", bytes,
        ms(time_host_us(
            [&] { check(cudaMemcpy(pageable.data(), dev.data_ptr(), bytes, cudaMemcpyDeviceToHost), "d2h"); },
            1, reps)));
    report_transfer("D2H 1 GiB pinned", bytes,
                    ms(time_host_us([&] { nc::copyto(host_pinned, dev); }, 1, reps)));
    report_transfer(
        "D2H 1 GiB pinned (cudaMemcpy)", bytes,
        ms(time_host_us(
            [&] { check(cudaMemcpy(pinned, dev.data_ptr(), bytes, cudaMemcpyDeviceToHost), "d2h"); }, 1,
            reps)));
    report_transfer("H2D 1 GiB pageable via nc::array(std::vector)", bytes,
                    ms(time_host_us([&] { auto a = nc::array(pageable, std::nullopt, gpu); }, 1, reps)));
    report_transfer("D2H 1 GiB pageable via to_vector<float>()", bytes,
                    ms(time_host_us([&] { auto v = dev.to_vector<float>(); }, 1, reps)));
    // As a program meets them when it reads a new result or uploads new data: the page faults of the host
    // memory's first touch count, its allocation and release do not (compare.py times CuPy and PyTorch so).
    std::vector<float> fresh;
    nc::ndarray result;
    const auto nothing = [] {};
    const auto release = [&] {
      fresh = std::vector<float>();
      result = nc::ndarray();
    };
    report_transfer("D2H 1 GiB into fresh memory via to_vector<float>()", bytes,
                    median_fresh_ms(
                        nothing, [&] { fresh = dev.to_vector<float>(); }, release, reps));
    report_transfer("D2H 1 GiB into fresh memory via asnumpy", bytes,
                    median_fresh_ms(
                        nothing, [&] { result = nc::asnumpy(dev); }, release, reps));
    report_transfer("H2D 1 GiB from a fresh std::vector via nc::array", bytes,
                    median_fresh_ms([&] { fresh = std::vector<float>(n, 1.0f); },
                                    [&] { result = nc::array(fresh, std::nullopt, gpu); }, release, reps));
    check(cudaFreeHost(pinned), "cudaFreeHost");
  }
  // Allocate + free 1 MiB: numcu's pool against the driver.
  {
    const std::size_t bytes = 1u << 20;
    report_us("alloc+free 1 MiB",
              time_host_us([&] { auto a = nc::empty({static_cast<std::int64_t>(bytes)}, nc::uint8, gpu); },
                           100, 21, 1000));
    report_us("alloc+free 1 MiB (cudaMallocAsync+cudaFreeAsync)",
              time_host_us(
                  [&] {
                    void* p = nullptr;
                    check(cudaMallocAsync(&p, bytes, nullptr), "cudaMallocAsync");
                    check(cudaFreeAsync(p, nullptr), "cudaFreeAsync");
                  },
                  100, 21, 1000));
    report_us("alloc+free 1 MiB (cudaMalloc+cudaFree)", time_host_us(
                                                            [&] {
                                                              void* p = nullptr;
                                                              check(cudaMalloc(&p, bytes), "cudaMalloc");
                                                              check(cudaFree(p), "cudaFree");
                                                            },
                                                            10, 11, 50));
  }
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}
