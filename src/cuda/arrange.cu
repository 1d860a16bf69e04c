// Data movement for joining and rearranging on the GPU, kernels per element size: narrow rows side by side
// (a thread a row), triangles of matrices (a block a stretch of a row, reading only what is kept).
#include <algorithm>
#include <cstdint>

#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/element_types.hpp"

namespace numcu::detail {
namespace {

/// Row o of dst: the rows o of the parts in turn.
template <class Bits>
__global__ void __launch_bounds__(block_threads)
    join_narrow_rows_kernel(join_parts parts, std::int64_t outer, std::int64_t width,
                            Bits* __restrict__ dst) {
  const std::int64_t o = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (o >= outer) return;
  Bits* to = dst + o * width;
#pragma unroll
  for (int k = 0; k < join_parts_capacity; ++k) {
    if (k < parts.count) {
      const Bits* from = static_cast<const Bits*>(parts.data[k]) + o * parts.width[k];
      for (std::int64_t i = 0; i < parts.width[k]; ++i) *to++ = from[i];
    }
  }
}

/// Elements each thread of triangle_kernel writes.
constexpr int triangle_items = 4;
/// Elements of a row one block of triangle_kernel writes.
constexpr std::int64_t triangle_stretch = std::int64_t{block_threads} * triangle_items;

/// Block b writes stretch b % stretches of row b / stretches (over all matrices) of tril or triu, for each b
/// of the @p blocks this block comes to (a loop over the grid).
template <class Bits>
__global__ void __launch_bounds__(block_threads)
    triangle_kernel(const Bits* __restrict__ src, std::int64_t rows, std::int64_t columns,
                    std::int64_t stretches, std::int64_t blocks, std::int64_t k, bool lower,
                    Bits* __restrict__ dst) {
  for (std::int64_t b = blockIdx.x; b < blocks; b += gridDim.x) {
    const std::int64_t row = b / stretches;
    const std::int64_t first = (b % stretches) * triangle_stretch;
    const std::int64_t r = row % rows;
    const Bits* from = src + row * columns;
    Bits* to = dst + row * columns;
#pragma unroll
    for (int j = 0; j < triangle_items; ++j) {
      const std::int64_t c = first + j * block_threads + threadIdx.x;
      if (c < columns) to[c] = (lower ? c - r <= k : c - r >= k) ? from[c] : Bits{};
    }
  }
}

}  // namespace

template <>
void join_narrow_rows<cuda_backend>(const exec& e, std::size_t itemsize, const join_parts& parts,
                                    std::int64_t outer, void* dst) {
  std::int64_t width = 0;
  for (int k = 0; k < parts.count; ++k) width += parts.width[k];
  visit_itemsize(itemsize, [&]<class Bits>(type_tag<Bits>) {
    launch(e, grid_for(outer, block_threads), block_threads, join_narrow_rows_kernel<Bits>, parts, outer,
           width, static_cast<Bits*>(dst));
  });
}

template <>
void triangle<cuda_backend>(const exec& e, std::size_t itemsize, const void* src, std::int64_t matrices,
                            std::int64_t rows, std::int64_t columns, std::int64_t k, bool lower, void* dst) {
  const std::int64_t stretches = (columns + triangle_stretch - 1) / triangle_stretch;
  const std::int64_t blocks = matrices * rows * stretches;
  const auto grid = static_cast<unsigned>(std::min<std::int64_t>(blocks, std::int64_t{1} << 30));
  visit_itemsize(itemsize, [&]<class Bits>(type_tag<Bits>) {
    launch(e, dim3(grid), block_threads, triangle_kernel<Bits>, static_cast<const Bits*>(src), rows, columns,
           stretches, blocks, k, lower, static_cast<Bits*>(dst));
  });
}

}  // namespace numcu::detail
