// A kernel of the consumer's own, compiled by nvcc with numcu's headers and nothing but numcu::numcu's flags:
// it doubles an array in place through a device_view, on numcu's stream.
#include <numcu/cuda.hpp>
#include <numcu/numcu.hpp>

namespace nc = numcu;

namespace {
__global__ void twice(nc::device_view<float, 1> a) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < a.shape[0]) a(i) *= 2.0f;
}
}  // namespace

bool consumer_kernel_doubles(nc::ndarray& a) {
  const nc::device gpu = a.device();
  const long long n = a.size();
  twice<<<static_cast<unsigned>((n + 255) / 256), 256, 0, nc::current_cuda_stream(gpu)>>>(a.view<float, 1>(gpu));
  return cudaGetLastError() == cudaSuccess;
}
