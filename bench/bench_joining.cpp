// Indexing, joining and rearranging benchmarks (the indexing and joining issue's table): a(a > 0) of 2^28
// normal float32 (the mask made in the call), a gather through 2^26 random int64 indices into 2^28, the
// assignment a(mask) = 0 on 2^28, concatenate of two 2^25 float32 halves, stack of the same two along axis 1
// (each element lands between two of the other's), roll of 2^28 float32, pad of 8192^2 float32 by 1
// (reflect), tril of a 16384^2 float32 matrix. Bytes counted: what is read once and the result written once
// (a(a > 0): the array read twice, the mask written and read, half the array written; the gather: indices
// read, one sector of 32 bytes a value, the result written; a(mask) = 0: the mask and the array read, the
// array written).
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
  {
    const auto x = nc::random::default_rng(6).standard_normal({n}, nc::float32, gpu);
    report("a(a > 0) of 2^28 float32", n * (4.0 + 4.0 + 1.0 + 1.0 + 2.0), time_gpu([&] { r = x(x > 0.0f); }));
    const std::int64_t m = std::int64_t{1} << 26;
    const auto idx = nc::random::default_rng(7).integers(0, n, {m}, nc::int64, gpu);
    report("gather a(idx) of 2^26 random int64 indices into 2^28 float32", m * (8.0 + 32.0 + 4.0),
           time_gpu([&] { r = x(idx); }));
    const auto mask = x < 0.0f;
    report("a(mask) = 0 on 2^28 float32", n * (1.0 + 4.0 + 4.0), time_gpu([&] { x(mask) = 0.0f; }));
  }
  const auto big = nc::random::default_rng(5).random({n}, nc::float32, gpu);
  report("roll of 2^28 float32 by 12345", n * 8.0, time_gpu([&] { r = nc::roll(big, 12345); }));
  const auto image = big(nc::slice(0, std::int64_t{8192} * 8192)).reshape({8192, 8192});
  report("pad of 8192^2 float32 by 1, reflect", 8192.0 * 8192 * 4 + 8194.0 * 8194 * 4,
         time_gpu([&] { r = nc::pad(image, 1, nc::pad_mode::reflect); }));
  const auto square = big.reshape({16384, 16384});
  report("tril of 16384^2 float32", n * 8.0, time_gpu([&] { r = nc::tril(square); }));
}
