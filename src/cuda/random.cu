// Random numbers on the GPU: one thread per Philox group (core/random_values.hpp).
#include "core/element_types.hpp"
#include "core/random_values.hpp"
#include "cuda/backend.hpp"
#include "cuda/launch.cuh"

namespace numcu::detail::cuda {
namespace {

template <class T>
__global__ void __launch_bounds__(block_threads)
    random_kernel(T* __restrict__ out, std::int64_t n, std::uint64_t groups, random_params p) {
  const std::uint64_t g = std::uint64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (g < groups) write_random_group(p, g, out, n);
}

}  // namespace

void random_fill(void* out, dtype t, std::int64_t n, const random_params& p, device d) {
  if (n == 0) return;
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  const std::uint64_t groups = (static_cast<std::uint64_t>(n) + group_size(p) - 1) / group_size(p);
  visit_dtype(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!is_complex_v<T>) {
      random_kernel<T>
          <<<grid_for(static_cast<std::int64_t>(groups), block_threads), block_threads, 0, stream>>>(
              static_cast<T*>(out), n, groups, p);
    }
  });
  NUMCU_CHECK_LAUNCH();
}

}  // namespace numcu::detail::cuda
