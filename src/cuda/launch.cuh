// Launch geometry shared by the kernel families, and the one launch helper: every kernel is queued on the
// context's stream and its launch checked here.
#pragma once

#include <cstdint>

#include "core/exec.hpp"
#include "cuda/runtime.hpp"
#include "device/launch_geometry.hpp"

namespace numcu::detail {

/// True when @p p is aligned for groups of @p bytes.
inline bool is_aligned(const void* p, std::size_t bytes) {
  return reinterpret_cast<std::uintptr_t>(p) % bytes == 0;
}

/// Blocks of block_threads threads of @p kernel that the current GPU keeps resident at once (from its
/// multiprocessor count and the kernel's occupancy): the grid of a grid-stride kernel, which then starts no
/// block after the first wave.
template <class Kernel>
unsigned resident_blocks(Kernel kernel, int ordinal) {
  return resident_blocks(reinterpret_cast<const void*>(kernel), block_threads, ordinal);
}

/// Blocks needed to cover @p n items with @p per_block items each.
inline unsigned grid_for(std::int64_t n, std::int64_t per_block) {
  return static_cast<unsigned>((n + per_block - 1) / per_block);
}

/// For the elements of the @p n at @p in that this thread owns in a grid-stride loop over chunks of
/// block_threads * Items elements: loads its Items values of a chunk at once, so that many loads are in flight,
/// then calls @p visit(value) for each that lies in range. For kernels whose work per element is short next to
/// its load.
template <int Items, class T, class Visit>
__device__ void for_each_loaded(const T* __restrict__ in, std::int64_t n, Visit visit) {
  constexpr std::int64_t chunk = std::int64_t{block_threads} * Items;
  for (std::int64_t base = std::int64_t{blockIdx.x} * chunk; base < n; base += std::int64_t{gridDim.x} * chunk) {
    T values[Items];
#pragma unroll
    for (int j = 0; j < Items; ++j) {
      const std::int64_t i = base + j * block_threads + threadIdx.x;
      if (i < n) values[j] = in[i];
    }
#pragma unroll
    for (int j = 0; j < Items; ++j) {
      if (base + j * block_threads + threadIdx.x < n) visit(values[j]);
    }
  }
}

/// Queues @p kernel with @p grid blocks of @p block threads on the stream of @p e and checks the launch;
/// nothing is launched for an empty grid. The arguments convert to the kernel's parameter types.
template <class... Params, class... Args>
void launch(const exec& e, dim3 grid, dim3 block, void (*kernel)(Params...), Args&&... args) {
  if (grid.x == 0 || grid.y == 0 || grid.z == 0) return;
  kernel<<<grid, block, 0, static_cast<cudaStream_t>(e.stream())>>>(static_cast<Params>(args)...);
  NUMCU_CHECK_LAUNCH();
}

}  // namespace numcu::detail
