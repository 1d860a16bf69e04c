// Sorting and searching benchmarks (the sorting issue's table): sort and argsort of 2^26 float32, sort along
// rows of 1024, searchsorted of 2^26 int32 needles into 2^20 sorted values (the sort included), partition of
// 2^26 with kth = n - 100, median of 2^26 float32, unique and bincount of 2^26 int32 drawn from 2^20
// values. Times are what the table compares; bytes counted: the input read once and the
// result written once (argsort: 8-byte indices), a floor no sort reaches, given for scale.
#include <numcu/numcu.hpp>

#include "timing.hpp"

namespace nc = numcu;
using bench::report;
using bench::time_gpu;

void run_sorting_benchmarks() {
  const nc::device gpu = nc::cuda(0);
  const std::int64_t n = std::int64_t{1} << 26;
  {
    // values in a shuffled order: uniform draws
    const auto a = nc::random::default_rng(7).random({n}, nc::float32, gpu);
    nc::ndarray r;
    report("sort 2^26 float32", n * 8.0, time_gpu([&] { r = nc::sort(a); }));
    report("argsort 2^26 float32", n * 12.0, time_gpu([&] { r = nc::argsort(a); }));
    report("partition 2^26 float32, kth = n - 100", n * 8.0, time_gpu([&] { r = nc::partition(a, {n - 100}); }));
    const auto rows = a.reshape({std::int64_t{1} << 16, 1024});
    report("sort along axis 1 of (2^16, 1024) float32", n * 8.0, time_gpu([&] { r = nc::sort(rows, 1); }));
    report("median 2^26 float32", n * 4.0, time_gpu([&] { r = nc::median(a); }));
  }
  {
    // 2^26 int32 drawn from 2^20 values: unique's and bincount's row
    const auto x = nc::random::default_rng(9).integers(0, std::int64_t{1} << 20, {n}, nc::int32, gpu);
    nc::ndarray r;
    report("unique 2^26 int32 drawn from 2^20 values", n * 4.0, time_gpu([&] { r = nc::unique(x); }));
    report("bincount 2^26 int32 into 2^20 bins", n * 4.0, time_gpu([&] { r = nc::bincount(x); }));
  }
  {
    auto rng = nc::random::default_rng(8);
    const auto haystack = rng.integers(0, std::int64_t{1} << 30, {std::int64_t{1} << 20}, nc::int32, gpu);
    const auto needles = rng.integers(0, std::int64_t{1} << 30, {n}, nc::int32, gpu);
    nc::ndarray r;
    report("searchsorted 2^26 int32 into 2^20 sorted (the sort included)", n * 12.0,
           time_gpu([&] { r = nc::searchsorted(nc::sort(haystack), needles); }));
  }
}
