// Joining and rearranging benchmarks (the indexing and joining issue's table): concatenate of two 2^25
// float32 halves, stack of the same two along axis 1 (each element lands between two of the other's), roll of
// 2^28 float32, tril of a 16384^2 float32 matrix. Bytes counted: the input read once and the result written
// once.
#include <numcu/numcu.hpp>

#include "timing.hpp"

namespace nc = numcu;
using bench::report;
using bench::time_gpu;

void run_joining_benchmarks() {
  const nc::device gpu = nc::cuda(0);
  const std::int64_t half = std::int64_t{1} << 25;
  const auto a = nc::random::default_rng(3).random({half}, nc::float32, gpu);
  const auto b = nc::random::default_rng(4).random({half}, nc::float32, gpu);
  const double bytes = 2.0 * half * 4 * 2;
  nc::ndarray r;
  report("concatenate of two 2^25 float32 halves", bytes, time_gpu([&] { r = nc::concatenate({a, b}); }));
  report("stack of two 2^25 float32 halves along axis 1", bytes, time_gpu([&] { r = nc::stack({a, b}, 1); }));
  const std::int64_t n = std::int64_t{1} << 28;
  const auto big = nc::random::default_rng(5).random({n}, nc::float32, gpu);
  report("roll of 2^28 float32 by 12345", n * 8.0, time_gpu([&] { r = nc::roll(big, 12345); }));
  const auto square = big.reshape({16384, 16384});
  report("tril of 16384^2 float32", n * 8.0, time_gpu([&] { r = nc::tril(square); }));
}
