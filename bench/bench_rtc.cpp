// Runtime kernel benchmarks (issue 11): the first launch of a source never seen (compile, load, launch), the
// first launch in a fresh process whose program is in the disk cache, the host time of a launch once loaded,
// a + b of 2^28 float32 through a raw kernel and an elementwise_kernel beside numcu's own add, and sums
// through a reduction_kernel beside numcu's own sum (bytes counted: read + written).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "timing.hpp"

namespace nc = numcu;

namespace {

const char* const add_source = R"(
extern "C" __global__ void add(const float* a, const float* b, float* c, long long n) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
)";

}  // namespace

/// In a fresh process (numcu_bench --first-launch-child): microseconds from creating a module of add_source,
/// whose program is in the disk cache, to the end of its first launch, printed. The GPU is set up first: its
/// context is the process's cost, not the cache's.
int run_first_launch_child() {
  const nc::device gpu = nc::cuda(0);
  const auto x = nc::zeros({1024}, nc::float32, gpu);
  auto y = nc::empty({1024}, nc::float32, gpu);
  nc::synchronize(gpu);
  const auto t0 = std::chrono::steady_clock::now();
  nc::raw_module(add_source).get_function("add")(4, 256, {x, x, y, std::int64_t{1024}});
  nc::synchronize(gpu);
  std::printf("%.1f\n",
              std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
  return 0;
}

void run_rtc_benchmarks() {
  const nc::device gpu = nc::cuda(0);
  // a cache directory of its own, empty, so that the first launch compiles
  const auto cache = std::filesystem::temp_directory_path() / "numcu_bench_kernels";
  std::filesystem::remove_all(cache);
  ::setenv("NUMCU_CACHE_DIR", cache.c_str(), 1);
  const std::string source = add_source;
  const std::int64_t n = std::int64_t{1} << 28;
  const auto a = nc::linspace(-1.0, 1.0, n, true, nc::float32, gpu);
  const auto b = nc::linspace(0.0, 1.0, n, true, nc::float32, gpu);
  auto c = nc::empty({n}, nc::float32, gpu);
  const unsigned blocks = static_cast<unsigned>((n + 255) / 256);
  // microseconds from making a new module's kernel (get_function compiles, or reads the cache, and loads) to the
  // end of its first launch
  const auto first_launch_us = [&] {
    const auto t0 = std::chrono::steady_clock::now();
    nc::raw_module(source).get_function("add")(blocks, 256, {a, b, c, n});
    nc::synchronize(gpu);
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  };
  bench::report_us("raw kernel first launch (compile, load, run)", first_launch_us());
  {
    // a new module object with the same source: the program from the cache, loaded anew
    bench::report_us("raw kernel cached program, first launch of a new module", first_launch_us());
    const auto k = nc::raw_module(source).get_function("add");
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
  {
    // a fresh process: the program from the disk cache, loaded and launched
    const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
    FILE* child = ::popen(("'" + self + "' --first-launch-child").c_str(), "r");
    double us = 0;
    if (child != nullptr && std::fscanf(child, "%lf", &us) == 1) {
      bench::report_us("raw kernel first launch in a fresh process (disk cache hit)", us);
    }
    if (child != nullptr) ::pclose(child);
  }
  {
    // the first call of an elementwise kernel never compiled (its source written, compiled, loaded, run)
    const nc::elementwise_kernel fresh("T x, T y", "T z", "z = x * y + x", "multiply_add_first");
    const auto small = nc::ones({1024}, nc::float32, gpu);
    const auto t0 = std::chrono::steady_clock::now();
    fresh({small, small});
    nc::synchronize(gpu);
    bench::report_us(
        "elementwise_kernel first call (source, compile, load, run)",
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
  }
  const nc::elementwise_kernel add("T x, T y", "T z", "z = x + y", "add_them");
  bench::report("a + b float32 2^28 elementwise_kernel (out=)", n * 12.0, bench::time_gpu([&] {
                  add.call({a, b}, {c});
                }));
  bench::report("a + b float32 2^28 numcu add (out=)", n * 12.0, bench::time_gpu([&] { nc::add(a, b, c); }));
  {
    // what the host pays per call of a compiled kernel on 1024 elements (binding, loop choice, launch)
    const auto small = nc::ones({1024}, nc::float32, gpu);
    auto small_out = nc::empty({1024}, nc::float32, gpu);
    add.call({small, small}, {small_out});
    bench::report_us("host time per elementwise_kernel call (compiled), 1024 float32, out=",
                     bench::time_host_burst_us(
                         [&] {
                           add.call({small, small}, {small_out});
                         },
                         21, 200));
  }
  // the rows loop (a row vector broadcast) and the general loop (a transposed matrix), beside numcu's add
  const auto x = a.reshape({16384, 16384}), z = c.reshape({16384, 16384});
  const auto row = b(nc::slice(0, 16384));
  bench::report("X + v 16384^2 float32 (row broadcast) elementwise_kernel (out=)", n * 8.0 + 16384 * 4.0,
                bench::time_gpu([&] {
                  add.call({x, row}, {z});
                }));
  bench::report("X + v 16384^2 float32 (row broadcast) numcu add (out=)", n * 8.0 + 16384 * 4.0,
                bench::time_gpu([&] { nc::add(x, row, z); }));
  // rows of 4 elements: the user kernel's general loop against the built-in rows kernel (a block per row)
  const auto tall = a.reshape({n / 4, 4}), tall_out = c.reshape({n / 4, 4});
  const auto four = b(nc::slice(0, 4));
  bench::report("X + v (2^26, 4) float32 (short rows) elementwise_kernel (out=)", n * 8.0 + 16.0,
                bench::time_gpu([&] {
                  add.call({tall, four}, {tall_out});
                }));
  bench::report("X + v (2^26, 4) float32 (short rows) numcu add (out=)", n * 8.0 + 16.0,
                bench::time_gpu([&] { nc::add(tall, four, tall_out); }));
  bench::report("X.T + X 16384^2 float32 elementwise_kernel (out=)", n * 12.0, bench::time_gpu([&] {
                  add.call({x.T(), x}, {z});
                }));
  bench::report("X.T + X 16384^2 float32 numcu add (out=)", n * 12.0,
                bench::time_gpu([&] { nc::add(x.T(), x, z); }));
  {
    // the first call of a reduction kernel never compiled: a whole-array sum of squares of 1024 elements, which
    // compiles and loads one kernel (the tiles kernel for dense rows)
    const nc::reduction_kernel fresh("T x", "T y", "x * x", "a + b", "y = a", "0", "sum_squares_first");
    const auto small = nc::ones({1024}, nc::float32, gpu);
    const auto t0 = std::chrono::steady_clock::now();
    fresh({small});
    nc::synchronize(gpu);
    bench::report_us(
        "reduction_kernel first call (source, compile, load, run), 1024 float32",
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
  }
  // reductions: a sum through a reduction_kernel, the built-in sum in the same run (bytes read)
  const nc::reduction_kernel total("T x", "T y", "x", "a + b", "y = a", "0", "total");
  total({a});  // compiled before timing
  bench::report("sum float32 2^28 reduction_kernel", n * 4.0, bench::time_gpu([&] { total({a}); }));
  bench::report("sum float32 2^28 numcu sum", n * 4.0, bench::time_gpu([&] { nc::sum(a); }));
  {
    const auto small = nc::ones({1024}, nc::float32, gpu);
    total({small});
    bench::report_us("host time per reduction_kernel call (compiled), sum of 1024 float32",
                     bench::time_host_burst_us([&] { total({small}); }, 21, 200));
  }
  const auto matrix = a.reshape({16384, 16384});
  total({matrix}, 0);
  bench::report("sum(X, 0) 16384^2 float32 reduction_kernel", n * 4.0,
                bench::time_gpu([&] { total({matrix}, 0); }));
  bench::report("sum(X, 1) 16384^2 float32 reduction_kernel", n * 4.0,
                bench::time_gpu([&] { total({matrix}, 1); }));
  std::filesystem::remove_all(cache);
  ::unsetenv("NUMCU_CACHE_DIR");
}
