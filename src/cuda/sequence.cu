// arange and linspace kernels: element i computed from its index with NumPy's formulas (core/sequence.hpp).
#include <cstring>

#include "core/element_types.hpp"
#include "cuda/backend.hpp"
#include "cuda/launch.cuh"

namespace numcu::detail::cuda {
namespace {

template <class T>
__global__ void __launch_bounds__(block_threads)
    arange_kernel(T* __restrict__ out, arange_arith_t<T> first, arange_arith_t<T> delta, std::int64_t n) {
  const std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (i < n) out[i] = arange_value<T>(first, delta, i);
}

template <class T>
__global__ void __launch_bounds__(block_threads) linspace_kernel(T* __restrict__ out, linspace_params p) {
  const std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (i < p.n) out[i] = linspace_value<T>(p, i);
}

}  // namespace

void arange(void* out, dtype t, std::int64_t n, const void* first, const void* second, device d) {
  if (n == 0) return;
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  visit_dtype(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const auto [start, delta] = arange_start_delta<T>(first, second);
    arange_kernel<T>
        <<<grid_for(n, block_threads), block_threads, 0, stream>>>(static_cast<T*>(out), start, delta, n);
  });
  NUMCU_CHECK_LAUNCH();
}

void linspace(void* out, dtype t, const linspace_params& p, device d) {
  if (p.n == 0) return;
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  visit_dtype(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    linspace_kernel<T><<<grid_for(p.n, block_threads), block_threads, 0, stream>>>(static_cast<T*>(out), p);
  });
  NUMCU_CHECK_LAUNCH();
}

}  // namespace numcu::detail::cuda
