// Reduction and scan benchmarks (issue 10): whole-array reductions of 2^28 float32, the row and column cases
// of a 16384^2 matrix and of skinny shapes, argmax along rows, cumsum, count_nonzero, sums and max of narrow
// integers, the host time of a small sum whose result stays on the device, and a sum on the CPU backend. Bytes
// counted: those read (cumsum: read + written).
#include <numcu/numcu.hpp>

#include "timing.hpp"

namespace nc = numcu;
using bench::report;
using bench::report_us;
using bench::time_gpu;
using bench::time_host_burst_us;
using bench::time_host_us;

void run_reduction_benchmarks() {
  const nc::device gpu = nc::cuda(0);
  const std::int64_t n = std::int64_t{1} << 28;
  {
    const auto a = nc::linspace(-1.0, 1.0, n, true, nc::float32, gpu);
    nc::ndarray r;
    report("sum(a) float32 2^28", n * 4.0, time_gpu([&] { r = nc::sum(a); }));
    report("max(a) float32 2^28", n * 4.0, time_gpu([&] { r = nc::max(a); }));
    report("argmax(a) float32 2^28", n * 4.0, time_gpu([&] { r = nc::argmax(a); }));
    report("mean(a) float32 2^28", n * 4.0, time_gpu([&] { r = nc::mean(a); }));
    report("var(a) float32 2^28", n * 4.0, time_gpu([&] { r = nc::var(a); }));
    report("count_nonzero(a) float32 2^28", n * 4.0, time_gpu([&] { r = nc::count_nonzero(a); }));
    report("cumsum(a) float32 2^28 (read + write)", n * 8.0, time_gpu([&] { r = nc::cumsum(a); }));
  }
  {
    const std::int64_t side = 16384;
    const auto x = nc::linspace(0.0, 1.0, side * side, true, nc::float32, gpu).reshape({side, side});
    nc::ndarray r;
    report("sum(X, 0) 16384^2 float32", side * side * 4.0, time_gpu([&] { r = nc::sum(x, 0); }));
    report("sum(X, 1) 16384^2 float32", side * side * 4.0, time_gpu([&] { r = nc::sum(x, 1); }));
    report("argmax(X, 1) 16384^2 float32", side * side * 4.0, time_gpu([&] { r = nc::argmax(x, 1); }));
    const auto rows = x.reshape({std::int64_t{1} << 20, 256});
    report("sum(X, 1) (2^20, 256) float32", n * 4.0, time_gpu([&] { r = nc::sum(rows, 1); }));
    const auto columns = x.reshape({256, std::int64_t{1} << 20});
    report("sum(X, 0) (256, 2^20) float32", n * 4.0, time_gpu([&] { r = nc::sum(columns, 0); }));
  }
  {
    // integers of a wider compute type: typed 16-byte loads in dense rows (the whole array), cast on load in the
    // column case
    const auto a = nc::linspace(0.0, 250.0, n, true, nc::float32, gpu).astype(nc::uint8);
    nc::ndarray r;
    report("sum(a) uint8 2^28", n * 1.0, time_gpu([&] { r = nc::sum(a); }));
    report("max(a) uint8 2^28", n * 1.0, time_gpu([&] { r = nc::max(a); }));
    const auto x = a.reshape({16384, 16384});
    report("sum(X, 0) 16384^2 uint8", n * 1.0, time_gpu([&] { r = nc::sum(x, 0); }));
    const auto b = nc::linspace(0.0, 250.0, n, true, nc::float32, gpu).astype(nc::int32);
    report("sum(a) int32 2^28", n * 4.0, time_gpu([&] { r = nc::sum(b); }));
  }
  {
    const auto a = nc::ones({1024}, nc::float32, gpu);
    nc::ndarray r;
    report_us("host time per sum of 1024 float32 (result on the device)",
              time_host_us([&] { r = nc::sum(a); }, 1000, 21, 1000));
    // the same in bursts of 100 with the GPU idle at the start of each: the host's cost alone, where the loop
    // above may wait for a GPU that runs each small sum slower than the host queues them
    report_us("host time per sum of 1024 float32 in bursts of 100",
              time_host_burst_us([&] { r = nc::sum(a); }, 51, 100));
    nc::synchronize(gpu);
  }
  {
    // the CPU backend: the same fixed order as the GPU's, walked on one host thread
    const std::int64_t m = std::int64_t{1} << 22;
    const auto a = nc::linspace(-1.0, 1.0, m, true, nc::float32, nc::cpu);
    nc::ndarray r;
    bench::report_transfer("sum(a) float32 2^22 on the CPU", m * 4.0,
                           time_host_us([&] { r = nc::sum(a); }, 2, 7) / 1e3);
  }
}
