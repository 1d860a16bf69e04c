// Block size tuning: the occupancy calculator's suggestion beside a measured sweep of block sizes for a
// saxpy kernel.
#include <cstdio>
#include <vector>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "example_support.hpp"

namespace nc = numcu;

int main() {
  if (example::no_gpu("block_size_tuning")) return 0;
  const nc::raw_module module(R"(
extern "C" __global__ void saxpy(float a, const float* x, float* y, long long n) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    y[i] = a * x[i] + y[i];
}
)");
  const auto saxpy = module.get_function("saxpy");
  const nc::device gpu = nc::cuda(0);
  const auto properties = nc::get_device_properties(gpu);
  const auto attributes = saxpy.attributes(gpu);
  const int suggested = saxpy.suggested_block_size(gpu);
  std::printf(
      "%s: %d multiprocessors; saxpy uses %d registers, allows %d threads per block; suggested block %d\n",
      properties.name.c_str(), properties.multiprocessor_count, attributes.registers,
      attributes.max_threads_per_block, suggested);
  const long long n = 1LL << 26;
  const auto x = nc::ones({n}, nc::float32, gpu);
  auto y = nc::zeros({n}, nc::float32, gpu);
  for (const int block : {32, 64, 128, 256, 512, 1024}) {
    const unsigned grid = static_cast<unsigned>(properties.multiprocessor_count * (2048 / block));
    saxpy(grid, block, {1.0f, x, y, n});
    nc::event start, stop;
    start.record();
    for (int r = 0; r < 5; ++r) saxpy(grid, block, {1.0f, x, y, n});
    stop.record();
    stop.synchronize();
    const double ms = stop.elapsed_time(start) / 5;
    std::printf("block %4d%s: %7.3f ms, %7.1f GB/s\n", block, block == suggested ? " (suggested)" : "", ms,
                12.0 * n / (ms * 1e6));
  }
  // 6 block sizes x 6 launches of y += x
  const auto yv = y.to_vector<float>();
  bool ok = suggested >= 32 && suggested <= attributes.max_threads_per_block;
  for (long long i = 0; i < n; i += 65537) ok = ok && yv[i] == 36.0f;
  return example::verdict("block_size_tuning", ok);
}
