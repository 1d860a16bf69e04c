// A block reduction in shared memory: each block of 256 threads sums its 256 elements by halving the active
// threads with __syncthreads() between steps, the classic tree; the host adds the block sums.
#include <cmath>
#include <vector>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "example_support.hpp"

namespace nc = numcu;

int main() {
  if (example::no_gpu("block_reduction")) return 0;
  const nc::raw_module module(R"(
extern "C" __global__ void block_sums(const float* x, float* sums, int n) {
  __shared__ float partial[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (int active = blockDim.x / 2; active > 0; active /= 2) {
    if (threadIdx.x < active) partial[threadIdx.x] += partial[threadIdx.x + active];
    __syncthreads();
  }
  if (threadIdx.x == 0) sums[blockIdx.x] = partial[0];
}
)");
  const nc::device gpu = nc::cuda(0);
  const int n = 1000003, blocks = (n + 255) / 256;
  const auto x = nc::linspace(-1.0, 3.0, n, true, nc::float32, gpu);
  auto sums = nc::empty({blocks}, nc::float32, gpu);
  module.get_function("block_sums")(blocks, 256, {x, sums, n});

  const auto xv = x.to_vector<float>();
  const auto sv = sums.to_vector<float>();
  double total = 0, expected = 0;
  bool ok = true;
  for (int b = 0; b < blocks; ++b) {
    double block = 0;  // the host's sum of the same 256 elements, in double
    for (int i = b * 256; i < std::min(n, b * 256 + 256); ++i) block += xv[i];
    ok = ok && std::abs(sv[b] - block) <= 1e-5 * (1 + std::abs(block));
    total += sv[b];
    expected += block;
  }
  std::printf("sum of %d floats: %.6f on the GPU, %.6f on the host\n", n, total, expected);
  return example::verdict("block_reduction", ok);
}
