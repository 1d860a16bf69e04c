// Timing and reporting shared by the benchmark programs: CUDA events around each repetition after a warm-up,
// medians, bytes counted (read + written), results collected for the JSON file.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace bench {

inline void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s failed: %s\n", what, cudaGetErrorString(status));
    std::exit(1);
  }
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Median milliseconds of fn() timed by events on the legacy default stream.
inline double time_gpu(const std::function<void()>& fn, int warmup = 3, int reps = 20) {
  for (int i = 0; i < warmup; ++i) fn();
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) {
    check(cudaEventRecord(start, nullptr), "cudaEventRecord");
    fn();
    check(cudaEventRecord(stop, nullptr), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float t = 0;
    check(cudaEventElapsedTime(&t, start, stop), "cudaEventElapsedTime");
    ms.push_back(t);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return median(ms);
}

/// Median microseconds per call of fn() on the host clock, @p inner calls per sample.
inline double time_host_us(const std::function<void()>& fn, int warmup, int reps, int inner = 1) {
  for (int i = 0; i < warmup; ++i) fn();
  std::vector<double> us;
  for (int i = 0; i < reps; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < inner; ++k) fn();
    const auto t1 = std::chrono::steady_clock::now();
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / inner);
  }
  return median(us);
}

/// Median microseconds per call of fn() over bursts of @p per_burst calls, the GPU drained between bursts
/// and outside the timing: the host's cost alone, where a long loop may wait for a GPU that falls behind.
inline double time_host_burst_us(const std::function<void()>& fn, int bursts, int per_burst) {
  for (int i = 0; i < per_burst; ++i) fn();
  std::vector<double> us;
  for (int i = 0; i < bursts; ++i) {
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < per_burst; ++k) fn();
    const auto t1 = std::chrono::steady_clock::now();
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / per_burst);
  }
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  return median(us);
}

struct result {
  std::string name;
  double bytes;  // read + written (floating-point operations for TFLOP/s)
  double ms;
  std::string unit;  // "TB/s", "GB/s", "TFLOP/s", "ms" or "us"
  double size = 0;   // elements, for size sweeps
};

inline std::vector<result>& results() {
  static std::vector<result> r;
  return r;
}

inline void report(const std::string& name, double bytes, double ms, double size = 0) {
  results().push_back({name, bytes, ms, "TB/s", size});
  std::printf("%-52s %10.4f ms  %7.3f TB/s\n", name.c_str(), ms, bytes / (ms * 1e-3) / 1e12);
}

inline void report_transfer(const std::string& name, double bytes, double ms) {
  results().push_back({name, bytes, ms, "GB/s"});
  std::printf("%-52s %10.3f ms  %7.2f GB/s\n", name.c_str(), ms, bytes / (ms * 1e-3) / 1e9);
}

/// A compute-bound result: @p flops floating-point operations in @p ms, reported as TFLOP/s.
inline void report_flops(const std::string& name, double flops, double ms) {
  results().push_back({name, flops, ms, "TFLOP/s"});
  std::printf("%-52s %10.4f ms  %7.1f TFLOP/s\n", name.c_str(), ms, flops / (ms * 1e-3) / 1e12);
}

/// A result reported as its time alone (a factorization, whose work is not a count of bytes or of operations
/// the libraries agree on).
inline void report_ms(const std::string& name, double ms) {
  results().push_back({name, 0, ms, "ms"});
  std::printf("%-52s %10.3f ms\n", name.c_str(), ms);
}

inline void report_us(const std::string& name, double us) {
  results().push_back({name, 0, us / 1e3, "us"});
  std::printf("%-52s %10.3f us\n", name.c_str(), us);
}

}  // namespace bench
