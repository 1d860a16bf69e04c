// Coalesced versus strided access, measured: each thread copies one float, reading x[(i * stride) mod n].
// With stride 1 a warp's 32 reads fall in one 128-byte line; with larger strides each read needs a line of
// its own, and the bandwidth falls accordingly.
#include <cstdio>
#include <vector>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "example_support.hpp"

namespace nc = numcu;

int main() {
  if (example::no_gpu("coalescing")) return 0;
  const nc::raw_module module(R"(
extern "C" __global__ void gather(const float* x, float* y, long long n, long long stride) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < n) y[i] = x[(i * stride) % n];
}
)");
  const auto gather = module.get_function("gather");
  const nc::device gpu = nc::cuda(0);
  const long long n = 1LL << 26;  // 256 MiB each way
  const auto x = nc::arange(0, n, 1, nc::float32, gpu);
  auto y = nc::empty({n}, nc::float32, gpu);
  const unsigned blocks = static_cast<unsigned>((n + 255) / 256);
  for (const long long stride : {1LL, 2LL, 4LL, 8LL, 32LL, 1025LL}) {
    gather(blocks, 256, {x, y, n, stride});  // warm-up
    nc::event start, stop;
    start.record();
    for (int r = 0; r < 5; ++r) gather(blocks, 256, {x, y, n, stride});
    stop.record();
    stop.synchronize();
    const double ms = stop.elapsed_time(start) / 5;
    std::printf("stride %5lld: %8.3f ms, %7.1f GB/s of useful bytes\n", stride, ms, 8.0 * n / (ms * 1e6));
  }
  gather(blocks, 256, {x, y, n, 1LL});
  const auto yv = y.to_vector<float>();
  bool ok = true;
  for (long long i = 0; i < n; i += 4099) ok = ok && yv[i] == static_cast<float>(i);
  return example::verdict("coalescing", ok);
}
