// The copy/cast kernels: contiguous (vectorized), strided (offset calculator), transposing (shared-memory
// tiles, so reads and writes are both coalesced). Launched from src/cuda/copy.cuh and copy.cu.
#pragma once

#include "device/cast.hpp"
#include "device/element_types.hpp"
#include "device/launch_geometry.hpp"
#include "device/offset_calculator.hpp"

namespace numcu::detail {

/// Vector loads per thread in the contiguous kernel, all issued before the first store so that enough bytes
/// are in flight to cover the latency of HBM.
inline constexpr int copy_unroll = 4;
/// Elements per thread in the strided kernel.
inline constexpr int strided_items = 4;

template <class Dst, class Src, int Vec>
__global__ void __launch_bounds__(block_threads)
    copy_contiguous_kernel(Dst* __restrict__ dst, const Src* __restrict__ src, int64_t n) {
  constexpr int64_t per_block = int64_t{block_threads} * Vec * copy_unroll;
  const int64_t start = blockIdx.x * per_block;
  if (start + per_block <= n) {
    using in_t = vector_of<Src, Vec>;
    using out_t = vector_of<Dst, Vec>;
    const in_t* in = reinterpret_cast<const in_t*>(src + start);
    out_t* out = reinterpret_cast<out_t*>(dst + start);
    in_t loaded[copy_unroll];
#pragma unroll
    for (int u = 0; u < copy_unroll; ++u) loaded[u] = in[u * block_threads + threadIdx.x];
#pragma unroll
    for (int u = 0; u < copy_unroll; ++u) {
      out_t converted;
#pragma unroll
      for (int v = 0; v < Vec; ++v) converted.values[v] = cast<Dst>(loaded[u].values[v]);
      out[u * block_threads + threadIdx.x] = converted;
    }
  } else {
    for (int64_t i = start + threadIdx.x; i < n; i += block_threads) dst[i] = cast<Dst>(src[i]);
  }
}

template <class Dst, class Src>
__global__ void __launch_bounds__(block_threads)
    copy_strided_kernel(char* dst, const char* src, offset_calculator<2> offsets, uint32_t n) {
  const uint32_t base = blockIdx.x * (block_threads * strided_items) + threadIdx.x;
#pragma unroll
  for (int u = 0; u < strided_items; ++u) {
    const uint32_t i = base + u * block_threads;
    if (i < n) {
      int64_t o[2];
      offsets.get(i, o);
      *reinterpret_cast<Dst*>(dst + o[0]) = cast<Dst>(*reinterpret_cast<const Src*>(src + o[1]));
    }
  }
}

/// Geometry of a transposing copy: dimension 0 is contiguous in the destination, dimension k in the source;
/// the remaining dimensions form a batch.
struct transpose_geometry {
  int64_t n0, nk;
  int64_t dst_s0, dst_sk, src_s0, src_sk;
  int batch_ndim;
  int64_t batch_count;
  int64_t batch_sizes[max_dims];
  int64_t batch_dst_strides[max_dims];
  int64_t batch_src_strides[max_dims];
};

inline constexpr int tile = 32;      // a tile is tile*V by tile*V elements
inline constexpr int tile_rows = 8;  // threads along the second tile axis

/// Transposing copy through shared memory. Each thread moves V adjacent elements per access, so 4-byte
/// elements travel as 8-byte vectors along both the source's and the destination's dense axis.
template <class T, int V>
__global__ void __launch_bounds__(tile* tile_rows)
    transpose_copy_kernel(char* dst, const char* src, transpose_geometry g) {
  constexpr int edge = tile * V;
  __shared__ T buffer[edge][edge + 1];
  using vec = vector_of<T, V>;
  const int64_t tiles_k = (g.nk + edge - 1) / edge;
  const int64_t i0 = int64_t{blockIdx.x} * edge;
  for (int64_t b = blockIdx.z; b < g.batch_count; b += gridDim.z) {
    int64_t dst_base = 0, src_base = 0, rest = b;
    for (int d = 0; d < g.batch_ndim; ++d) {
      const int64_t idx = rest % g.batch_sizes[d];
      rest /= g.batch_sizes[d];
      dst_base += idx * g.batch_dst_strides[d];
      src_base += idx * g.batch_src_strides[d];
    }
    for (int64_t tk = blockIdx.y; tk < tiles_k; tk += gridDim.y) {
      const int64_t ik = tk * edge;
      // read rows of dimension 0, V elements of dimension k per thread (dense in the source)
#pragma unroll
      for (int j = 0; j < edge; j += tile_rows) {  // a constant trip count, so every load is issued at once
        const int r = threadIdx.y + j;
        const int64_t a = i0 + r, c = ik + int64_t{V} * threadIdx.x;
        if (a < g.n0 && c < g.nk) {
          const vec v = *reinterpret_cast<const vec*>(src + src_base + a * g.src_s0 + c * g.src_sk);
#pragma unroll
          for (int i = 0; i < V; ++i) buffer[r][V * threadIdx.x + i] = v.values[i];
        }
      }
      __syncthreads();
      // write columns of dimension k, V elements of dimension 0 per thread (dense in the destination)
#pragma unroll
      for (int j = 0; j < edge; j += tile_rows) {
        const int col = threadIdx.y + j;
        const int64_t a = i0 + int64_t{V} * threadIdx.x, c = ik + col;
        if (a < g.n0 && c < g.nk) {
          vec v;
#pragma unroll
          for (int i = 0; i < V; ++i) v.values[i] = buffer[V * threadIdx.x + i][col];
          *reinterpret_cast<vec*>(dst + dst_base + a * g.dst_s0 + c * g.dst_sk) = v;
        }
      }
      __syncthreads();
    }
  }
}

}  // namespace numcu::detail
