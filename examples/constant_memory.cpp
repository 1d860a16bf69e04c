// Constant memory: the taps of a 5-point filter live in a __constant__ array, set from the host once and read
// by every thread through the constant cache.
#include <cmath>
#include <vector>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "example_support.hpp"

namespace nc = numcu;

int main() {
  if (example::no_gpu("constant_memory")) return 0;
  const nc::raw_module module(R"(
__constant__ float taps[5];
extern "C" __global__ void filter(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 4 < n) {
    float acc = 0.0f;
    for (int k = 0; k < 5; ++k) acc += taps[k] * x[i + k];
    y[i] = acc;
  }
}
)");
  const nc::device gpu = nc::cuda(0);
  const float taps[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
  module.set_global("taps", taps, sizeof taps, gpu);
  const int n = 1 << 16;
  const auto x = nc::sin(nc::linspace(0.0, 50.0, n, true, nc::float32, gpu));
  auto y = nc::zeros({n - 4}, nc::float32, gpu);
  module.get_function("filter")((n + 255) / 256, 256, {x, y, n});

  const auto xv = x.to_vector<float>(), yv = y.to_vector<float>();
  bool ok = true;
  for (int i = 0; i + 4 < n; ++i) {
    float acc = 0.0f;  // the same operations in the same order
    for (int k = 0; k < 5; ++k) acc = std::fma(taps[k], xv[i + k], acc);
    ok = ok && std::abs(yv[i] - acc) <= 1e-6f;
  }
  float back[5] = {};
  module.get_global("taps", back, sizeof back, gpu);
  ok = ok && back[2] == 0.375f;
  return example::verdict("constant_memory", ok);
}
