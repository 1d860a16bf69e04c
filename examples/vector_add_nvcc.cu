// Vector add the Numba way, in C++: a kernel compiled ahead of time with the program (by nvcc), given typed
// views of numcu arrays and launched on numcu's stream, so that it is ordered with numcu's own work.
#include <vector>

#include <numcu/cuda.hpp>
#include <numcu/numcu.hpp>

#include "example_support.hpp"

namespace nc = numcu;

__global__ void add(nc::device_view<const float, 1> a, nc::device_view<const float, 1> b,
                    nc::device_view<float, 1> c) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < c.shape[0]) c(i) = a(i) + b(i);
}

int main() {
  if (example::no_gpu("vector_add_nvcc")) return 0;
  const nc::device gpu = nc::cuda(0);
  const int n = 1 << 20;
  const auto a = nc::arange(0, n, 1, nc::float32, gpu);
  const auto b = nc::full({n}, 0.25, nc::float32, gpu);
  auto c = nc::empty({n}, nc::float32, gpu);
  add<<<(n + 255) / 256, 256, 0, nc::current_cuda_stream(gpu)>>>(
      a.view<const float, 1>(gpu), b.view<const float, 1>(gpu), c.view<float, 1>(gpu));
  if (cudaGetLastError() != cudaSuccess) return example::verdict("vector_add_nvcc", false);
  const auto cv = c.to_vector<float>();  // ordered after the kernel: same stream
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && cv[i] == static_cast<float>(i) + 0.25f;
  return example::verdict("vector_add_nvcc", ok);
}
