// Data movement for joining and rearranging on the GPU, kernels per element size: narrow rows side by side
// (16 bytes of the result a thread), triangles of matrices (a block a stretch of a row, reading only what is
// kept).
#include <algorithm>
#include <cstdint>
#include <limits>

#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/element_types.hpp"

namespace numcu::detail {
namespace {

/// Bytes each thread of join_narrow_rows_kernel writes: one 16-byte store where it can.
constexpr int join_bytes = 16;

/// Elements i * Items ... i * Items + Items - 1 of dst (i: the thread's place in the grid), row after row of
/// @p width elements, each row o the rows o of the parts in turn; Index (uint32_t where @p total allows it)
/// does the one division by the width. One 16-byte store where @p aligned (dst 16-byte aligned).
template <class Bits, class Index>
__global__ void __launch_bounds__(block_threads)
    join_narrow_rows_kernel(join_parts parts, Index total, Index width, bool aligned,
                            Bits* __restrict__ dst) {
  constexpr int items = sizeof(Bits) >= join_bytes ? 1 : join_bytes / sizeof(Bits);
  const Index first = (Index{blockIdx.x} * block_threads + threadIdx.x) * items;
  if (first >= total) return;
  Index o = first / width, c = first - o * width;
  int k = 0;  // the part column c lies in, from column `start` on (every part has columns)
  Index start = 0;
  while (c >= start + Index(parts.width[k])) start += Index(parts.width[k++]);
  Bits v[items];
#pragma unroll
  for (int j = 0; j < items; ++j) {
    if (first + j >= total) break;
    v[j] = static_cast<const Bits*>(parts.data[k])[o * Index(parts.width[k]) + (c - start)];
    if (++c == start + Index(parts.width[k])) {  // the next part, or the next row's first
      start = c;
      ++k;
      if (c == width) {
        c = start = 0;
        k = 0;
        ++o;
      }
    }
  }
  if (aligned && first + items <= total) {
    uint4 packed;
    memcpy(&packed, v, sizeof packed);
    *reinterpret_cast<uint4*>(dst + first) = packed;
  } else {
    for (int j = 0; j < items && first + j < total; ++j) dst[first + j] = v[j];
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
  const std::int64_t total = outer * width;
  if (total == 0) return;
  const bool aligned = reinterpret_cast<std::uintptr_t>(dst) % join_bytes == 0;
  visit_itemsize(itemsize, [&]<class Bits>(type_tag<Bits>) {
    constexpr int items = sizeof(Bits) >= join_bytes ? 1 : join_bytes / sizeof(Bits);
    const std::int64_t threads = (total + items - 1) / items;
    // (the grid's last block may start its threads past total: 32 bits while they cannot wrap)
    if (total + std::int64_t{block_threads} * items <=
        std::int64_t{std::numeric_limits<std::uint32_t>::max()}) {
      launch(e, grid_for(threads, block_threads), block_threads, join_narrow_rows_kernel<Bits, std::uint32_t>,
             parts, static_cast<std::uint32_t>(total), static_cast<std::uint32_t>(width), aligned,
             static_cast<Bits*>(dst));
    } else {
      launch(e, grid_for(threads, block_threads), block_threads, join_narrow_rows_kernel<Bits, std::uint64_t>,
             parts, static_cast<std::uint64_t>(total), static_cast<std::uint64_t>(width), aligned,
             static_cast<Bits*>(dst));
    }
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
