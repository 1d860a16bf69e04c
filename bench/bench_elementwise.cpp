// Elementwise benchmarks (issue 3): a + b, exp, float16/bfloat16 a + b, a * b + d, a row-vector broadcast,
// a size sweep from 2^10 to 2^28, and the host time per small op.
#include <cmath>
#include <string>

#include <numcu/numcu.hpp>

#include "timing.hpp"

namespace nc = numcu;
using bench::report;
using bench::report_us;
using bench::time_gpu;
using bench::time_host_burst_us;
using bench::time_host_us;

void run_elementwise_benchmarks() {
  const nc::device gpu = nc::cuda(0);
  const std::int64_t n = std::int64_t{1} << 28;
  {
    auto a = nc::linspace(-1.0, 1.0, n, true, nc::float32, gpu);
    auto b = nc::linspace(2.0, 3.0, n, true, nc::float32, gpu);
    auto d = nc::linspace(0.0, 1.0, n, true, nc::float32, gpu);
    nc::ndarray c;
    report("a + b float32 2^28", n * 12.0, time_gpu([&] { c = a + b; }));
    report("exp(a) float32 2^28", n * 8.0, time_gpu([&] { c = nc::exp(a); }));
    report("a * b + d float32 2^28 (eager)", n * 16.0, time_gpu([&] { c = a * b + d; }));
    auto h = a.astype(nc::float16), hb = b.astype(nc::float16);
    report("a + b float16 2^28", n * 6.0, time_gpu([&] { c = h + hb; }));
    auto g = a.astype(nc::bfloat16), gb = b.astype(nc::bfloat16);
    report("a + b bfloat16 2^28", n * 6.0, time_gpu([&] { c = g + gb; }));
  }
  {
    const std::int64_t side = 8192;
    auto x = nc::linspace(0.0, 1.0, side * side, true, nc::float32, gpu).reshape({side, side});
    auto v = nc::linspace(0.0, 1.0, side, true, nc::float32, gpu);
    nc::ndarray c;
    report("X + v 8192^2 float32 (row broadcast)", side * side * 8.0 + side * 4.0,
           time_gpu([&] { c = x + v; }));
  }
  for (int e = 10; e <= 28; e += 2) {
    const std::int64_t m = std::int64_t{1} << e;
    auto a = nc::linspace(-1.0, 1.0, m, true, nc::float32, gpu);
    auto b = nc::linspace(2.0, 3.0, m, true, nc::float32, gpu);
    nc::ndarray c;
    const int reps = e < 20 ? 200 : 20;
    report("sweep a + b float32 2^" + std::to_string(e), m * 12.0, time_gpu([&] { c = a + b; }, 10, reps),
           static_cast<double>(m));
    report("sweep exp(a) float32 2^" + std::to_string(e), m * 8.0,
           time_gpu([&] { c = nc::exp(a); }, 10, reps), static_cast<double>(m));
  }
  {
    auto rng = nc::random::default_rng(7);
    nc::ndarray z;
    report("standard_normal float32 2^28 (bytes written)", n * 4.0,
           time_gpu([&] { z = rng.standard_normal({n}, nc::float32, gpu); }));
  }
  {
    auto a = nc::ones({1024}, nc::float32, gpu), b = nc::ones({1024}, nc::float32, gpu);
    nc::ndarray c;
    const double us = time_host_us([&] { c = a + b; }, 1000, 21, 1000);
    nc::synchronize(gpu);
    report_us("host time per op: c = a + b, 1024 float32", us);
    // its parts: the op into an existing output, and an allocation from the small-block cache
    report_us("host time per op: nc::add(a, b, c), 1024 float32",
              time_host_us([&] { nc::add(a, b, c); }, 1000, 21, 1000));
    report_us("host time: nc::empty({1024}, float32)",
              time_host_us([&] { c = nc::empty({1024}, nc::float32, gpu); }, 1000, 21, 1000));
    // the same ops in bursts of 100 with the GPU idle at the start of each: the host's cost alone
    report_us("host time per op in bursts of 100: c = a + b, 1024 float32",
              time_host_burst_us([&] { c = a + b; }, 51, 100));
    report_us("host time per op in bursts of 100: nc::add(a, b, c), 1024 float32",
              time_host_burst_us([&] { nc::add(a, b, c); }, 51, 100));
    nc::synchronize(gpu);
  }
}
