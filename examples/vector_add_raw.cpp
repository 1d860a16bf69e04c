// Vector add the PyCUDA way: a kernel from a source string, device memory allocated explicitly, copies to the
// GPU and back, a launch with a grid and block of our choosing.
#include <vector>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "example_support.hpp"

namespace nc = numcu;

int main() {
  if (example::no_gpu("vector_add_raw")) return 0;
  const int n = 1 << 20;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; ++i) a[i] = 0.5f * i, b[i] = 2.0f - i;

  const nc::device gpu = nc::cuda(0);
  const auto a_gpu = nc::array(std::span<const float>(a), nc::float32, gpu);  // allocate and copy to the GPU
  const auto b_gpu = nc::array(std::span<const float>(b), nc::float32, gpu);
  auto c_gpu = nc::empty({n}, nc::float32, gpu);  // allocate only

  const nc::raw_module module(R"(
extern "C" __global__ void add(const float* a, const float* b, float* c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
)");
  const nc::raw_kernel add = module.get_function("add");
  add((n + 255) / 256, 256, {a_gpu, b_gpu, c_gpu, n});

  const std::vector<float> c = c_gpu.to_vector<float>();  // copy back (waits for the kernel)
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && c[i] == a[i] + b[i];
  return example::verdict("vector_add_raw", ok);
}
