// Random numbers on the GPU: a grid-stride loop over element groups (device/random_values.hpp) on one wave of
// resident blocks, a kernel per distribution, width and output type.
#include <algorithm>

#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/random_values.hpp"

namespace numcu::detail {
namespace {

template <distribution Kind, bool Wide, class T>
__global__ void __launch_bounds__(block_threads)
    random_kernel(T* __restrict__ out, std::int64_t n, std::uint64_t groups, random_params p) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * block_threads;
  for (std::uint64_t g = std::uint64_t{blockIdx.x} * block_threads + threadIdx.x; g < groups; g += stride)
    write_random_group<Kind, Wide>(p, g, out, n);
}

}  // namespace

template <>
void random_fill<cuda_backend>(const exec& e, void* out, dtype t, std::int64_t n, const random_params& p) {
  visit_random_call(p, t.id(), [&]<distribution Kind, bool Wide, class T>() {
    const std::uint64_t groups = group_count(n, Wide);
    const auto kernel = random_kernel<Kind, Wide, T>;
    const unsigned blocks = std::min(grid_for(static_cast<std::int64_t>(groups), block_threads),
                                     resident_blocks(kernel, e.where().index()));
    launch(e, blocks, block_threads, kernel, out, n, groups, p);
  });
}

}  // namespace numcu::detail
