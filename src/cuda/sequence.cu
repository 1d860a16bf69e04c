// arange and linspace kernels: element i computed from its index with NumPy's formulas (device/sequence.hpp).
#include <cstring>

#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/element_types.hpp"

namespace numcu::detail {
namespace {

template <class T>
__global__ void __launch_bounds__(block_threads)
    arange_kernel(T* __restrict__ out, arange_step<T> step, std::int64_t n) {
  const std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (i < n) out[i] = arange_value<T>(step, i);
}

template <class T>
__global__ void __launch_bounds__(block_threads) linspace_kernel(T* __restrict__ out, linspace_params p) {
  const std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (i < p.n) out[i] = linspace_value<T>(p, i);
}

}  // namespace

template <>
void arange<cuda_backend>(const exec& e, void* out, dtype t, std::int64_t n, const void* first,
                          const void* second) {
  visit_dtype(t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    launch(e, grid_for(n, block_threads), block_threads, arange_kernel<T>, out, arange_start_delta<T>(first, second),
           n);
  });
}

template <>
void linspace<cuda_backend>(const exec& e, void* out, dtype t, const linspace_params& p) {
  visit_dtype(t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    launch(e, grid_for(p.n, block_threads), block_threads, linspace_kernel<T>, out, p);
  });
}

}  // namespace numcu::detail
