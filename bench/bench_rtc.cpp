// Runtime kernel benchmarks (issue 11): the first launch of a source never seen (compile, load, launch), the
// host time of a launch once loaded, and a + b of 2^28 float32 through a raw kernel and an elementwise_kernel
// beside numcu's own add (bytes counted: read + written).
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "timing.hpp"

namespace nc = numcu;

void run_rtc_benchmarks() {
  const nc::device gpu = nc::cuda(0);
  // a cache directory of its own, empty, so that the first launch compiles
  const auto cache = std::filesystem::temp_directory_path() / "numcu_bench_kernels";
  std::filesystem::remove_all(cache);
  ::setenv("NUMCU_CACHE_DIR", cache.c_str(), 1);
  const std::string source = R"(
extern "C" __global__ void add(const float* a, const float* b, float* c, long long n) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
)";
  const std::int64_t n = std::int64_t{1} << 28;
  const auto a = nc::linspace(-1.0, 1.0, n, true, nc::float32, gpu);
  const auto b = nc::linspace(0.0, 1.0, n, true, nc::float32, gpu);
  auto c = nc::empty({n}, nc::float32, gpu);
  const unsigned blocks = static_cast<unsigned>((n + 255) / 256);
  // microseconds from a new module's first launch to the kernel's end: compiling (or reading the cache),
  // loading and running
  const auto first_launch_us = [&](const nc::raw_kernel& k) {
    const auto t0 = std::chrono::steady_clock::now();
    k(blocks, 256, {a, b, c, n});
    nc::synchronize(gpu);
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  };
  bench::report_us("raw kernel first launch (compile, load, run)",
                   first_launch_us(nc::raw_module(source).get_function("add")));
  {
    // a new module object with the same source: the program from the cache, loaded anew
    const auto k = nc::raw_module(source).get_function("add");
    bench::report_us("raw kernel cached program, first launch of a new module", first_launch_us(k));
    const auto small = nc::zeros({1024}, nc::float32, gpu);
    auto small_out = nc::empty({1024}, nc::float32, gpu);
    bench::report_us("host time per raw kernel launch (loaded)",
                     bench::time_host_burst_us(
                         [&] {
                           k(4, 256, {small, small, small_out, std::int64_t{1024}});
                         },
                         21, 200));
    bench::report("a + b float32 2^28 raw kernel", n * 12.0, bench::time_gpu([&] {
                    k(blocks, 256, {a, b, c, n});
                  }));
  }
  const nc::elementwise_kernel add("T x, T y", "T z", "z = x + y", "add_them");
  bench::report("a + b float32 2^28 elementwise_kernel (out=)", n * 12.0, bench::time_gpu([&] {
                  add.call({a, b}, {c});
                }));
  bench::report("a + b float32 2^28 numcu add (out=)", n * 12.0, bench::time_gpu([&] { nc::add(a, b, c); }));
  std::filesystem::remove_all(cache);
  ::unsetenv("NUMCU_CACHE_DIR");
}
