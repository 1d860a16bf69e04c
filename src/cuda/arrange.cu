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

/// Bytes of the result each thread of join_narrow_rows_kernel and pad_gather_kernel writes: a run of
/// elements, one 16-byte store where it can.
constexpr int run_bytes = 16;
/// The elements of type Bits in a thread's run.
template <class Bits>
constexpr int run_items = sizeof(Bits) >= run_bytes ? 1 : run_bytes / sizeof(Bits);

/// Stores the run @p v of the thread whose first element is @p first: one 16-byte store where @p aligned (dst
/// 16-byte aligned) and the run is whole, else element by element up to @p total.
template <class Bits, class Index>
__device__ void store_run(const Bits (&v)[run_items<Bits>], Bits* __restrict__ dst, Index first, Index total,
                          bool aligned) {
  if (aligned && first + run_items<Bits> <= total) {
    uint4 packed;
    memcpy(&packed, v, sizeof packed);
    *reinterpret_cast<uint4*>(dst + first) = packed;
  } else {
    for (int j = 0; j < run_items<Bits> && first + j < total; ++j) dst[first + j] = v[j];
  }
}

/// Calls @p run(Index{}, aligned) for a run kernel over @p total elements: Index uint32_t while the grid's
/// last threads (which may start past total) cannot wrap it, else uint64_t; aligned what store_run() takes
/// for the result at @p dst.
template <class Bits, class Run>
void launch_runs(std::int64_t total, const void* dst, Run&& run) {
  const bool aligned = reinterpret_cast<std::uintptr_t>(dst) % run_bytes == 0;
  if (total + std::int64_t{block_threads} * run_items<Bits> <=
      std::int64_t{std::numeric_limits<std::uint32_t>::max()}) {
    run(std::uint32_t{}, aligned);
  } else {
    run(std::uint64_t{}, aligned);
  }
}

/// The grid of a run kernel over @p total elements.
template <class Bits>
unsigned run_grid(std::int64_t total) {
  return grid_for((total + run_items<Bits> - 1) / run_items<Bits>, block_threads);
}

/// Elements i * Items ... i * Items + Items - 1 of dst (i: the thread's place in the grid), row after row of
/// @p width elements, each row o the rows o of the parts in turn; Index (uint32_t where @p total allows it)
/// does the one division by the width. One 16-byte store where @p aligned (dst 16-byte aligned).
template <class Bits, class Index>
__global__ void __launch_bounds__(block_threads)
    join_narrow_rows_kernel(join_parts parts, Index total, Index width, bool aligned,
                            Bits* __restrict__ dst) {
  constexpr int items = run_items<Bits>;
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
  store_run(v, dst, first, total, aligned);
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

/// The source offset (elements) of row @p row of pad_gather's result (its index over all axes but the last),
/// and the element of the constants of the last of those axes outside the source (-1: none).
template <class Index>
__device__ void pad_row_source(const pad_plan& plan, Index row, std::int64_t& offset, int& constant) {
  offset = 0;
  constant = -1;
  for (int d = plan.ndim - 2; d >= 0; --d) {
    const Index size = Index(plan.shape[d]), q = row / size;
    const std::int64_t m = pad_source(plan.mode, row - q * size, plan.before[d], plan.size[d]);
    row = q;
    if (m >= 0) {
      offset += m * plan.strides[d];
    } else if (constant < 0) {  // (the axes come last first)
      constant = 2 * d + static_cast<int>(-1 - m);
    }
  }
}

/// pad_gather(): elements first ... first + items - 1 of the result (first: the thread's place in the grid
/// times items), one 16-byte store where @p aligned; Index (uint32_t where the result allows it) does the
/// divisions.
template <class Bits, class Index>
__global__ void __launch_bounds__(block_threads)
    pad_gather_kernel(const Bits* __restrict__ src, pad_plan plan, const Bits* __restrict__ constants,
                      Index total, bool aligned, Bits* __restrict__ dst) {
  constexpr int items = run_items<Bits>;
  const Index first = (Index{blockIdx.x} * block_threads + threadIdx.x) * items;
  if (first >= total) return;
  const int last = plan.ndim - 1;
  const Index width = Index(plan.shape[last]);
  const std::int64_t before = plan.before[last], size = plan.size[last], stride = plan.strides[last];
  Index row = first / width, j = first - row * width;
  std::int64_t offset;
  int constant;
  pad_row_source(plan, row, offset, constant);
  Bits v[items];
  if (constant < 0 && std::int64_t(j) >= before && std::int64_t(j) + items <= before + size) {
    // the whole run inside the copied middle of one row (most runs of a wide row): consecutive sources, no
    // index to work out per element
    const Bits* from = src + offset + (std::int64_t(j) - before) * stride;
#pragma unroll
    for (int t = 0; t < items; ++t) v[t] = from[t * stride];
    store_run(v, dst, first, total, aligned);
    return;
  }
#pragma unroll
  for (int t = 0; t < items; ++t) {
    if (first + t >= total) break;
    const std::int64_t m = pad_source(plan.mode, j, before, size);
    if (m < 0) {
      v[t] = constants[2 * last + (-1 - m)];  // the last axis's constant: its pad is written last
    } else if (constant >= 0) {
      v[t] = constants[constant];
    } else {
      v[t] = src[offset + m * stride];
    }
    if (++j == width) {
      j = 0;
      pad_row_source(plan, ++row, offset, constant);
    }
  }
  store_run(v, dst, first, total, aligned);
}

}  // namespace

template <>
void join_narrow_rows<cuda_backend>(const exec& e, std::size_t itemsize, const join_parts& parts,
                                    std::int64_t outer, void* dst) {
  std::int64_t width = 0;
  for (int k = 0; k < parts.count; ++k) width += parts.width[k];
  const std::int64_t total = outer * width;
  if (total == 0) return;
  visit_itemsize(itemsize, [&]<class Bits>(type_tag<Bits>) {
    launch_runs<Bits>(total, dst, [&]<class Index>(Index, bool aligned) {
      launch(e, run_grid<Bits>(total), block_threads, join_narrow_rows_kernel<Bits, Index>, parts,
             Index(total), Index(width), aligned, static_cast<Bits*>(dst));
    });
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

template <>
void pad_gather<cuda_backend>(const exec& e, std::size_t itemsize, const void* src, const pad_plan& plan,
                              const void* constants, void* dst) {
  std::int64_t total = 1;
  for (int d = 0; d < plan.ndim; ++d) total *= plan.shape[d];
  if (total == 0) return;
  visit_itemsize(itemsize, [&]<class Bits>(type_tag<Bits>) {
    launch_runs<Bits>(total, dst, [&]<class Index>(Index, bool aligned) {
      launch(e, run_grid<Bits>(total), block_threads, pad_gather_kernel<Bits, Index>,
             static_cast<const Bits*>(src), plan, static_cast<const Bits*>(constants), Index(total), aligned,
             static_cast<Bits*>(dst));
    });
  });
}

}  // namespace numcu::detail
