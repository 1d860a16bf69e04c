// Scans on the GPU. One row (cumsum of the flattened array, or of a 1-d one) runs this file's single-pass scan
// (ring_scan_kernel): persistent blocks, each holding six tiles of 16 KiB in a ring of shared memory, where a
// warp loads tiles (bulk copies on Hopper), a warp publishes each tile's total as it lands, a warp finds each
// tile's prefix from its block's previous tile and the totals of the tiles between them, and eight warps scan
// and store. The prefix warp sums a window of totals rather than looking back through its predecessors, whose
// chain of round trips set the pace (docs/design_decisions.md, Scans; the current speed is in
// docs/benchmarks.md). Many rows run CUB's scan by key; so does a row that is not 16-byte aligned.
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cuda/atomic>
#include <cuda/ptx>
#include <cuda/std/bit>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/element_types.hpp"
#include "device/ufunc_ops.hpp"
#include "device/thread_exchange.cuh"

namespace numcu::detail {
namespace {

template <class T, ufunc_id U>
struct scan_step {
  /// @p earlier combined with @p later (the scan's operation). Add and multiply commute: the scanning
  /// warps keep the order, window_total combines a window's totals newest first.
  __host__ __device__ T operator()(const T& earlier, const T& later) const { return ufunc_op<U>{}(earlier, later); }
};

/// The scan's block: scan_warps warps that scan and store, then three of one task each (scan_roles).
constexpr int scan_warps = 8;
constexpr int scan_threads = scan_warps * 32;
constexpr int scan_block = scan_threads + 3 * 32;
/// 16-byte vectors per scanning thread and tile: tiles of 16 KiB.
constexpr int scan_vectors = 4;
/// Tiles a block holds in shared memory at once: 96 KiB, two blocks to a multiprocessor. Six of 16 KiB were
/// the fastest split of the sizes tried (docs/design_decisions.md, Scans).
constexpr int scan_stages = 6;

/// Elements per 16-byte vector, and per tile.
template <class T>
constexpr int scan_width = 16 / static_cast<int>(sizeof(T));
template <class T>
constexpr std::int64_t scan_tile = std::int64_t{scan_threads} * scan_vectors * scan_width<T>;

/// A tile's total as its block's totals warp publishes it (lane 0), read by the windows of the tiles after it:
/// poll (any lane, relaxed, so that a lane keeps several in flight) says whether it is published, then settle
/// gives the value. Values of 4 bytes (float32) share one 64-bit word with the published flag, stored and loaded
/// whole (poll already has the value: one load); wider values are stored before their flag (release) and read
/// by settle after an acquire fence that follows the polls (two loads, the fence between them).
template <class T, bool Packed = sizeof(T) == 4>
struct tile_state {
  T total;
  unsigned published;
  __device__ void publish(T value) {
    total = value;
    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(published).store(1, cuda::memory_order_release);
  }
  __device__ bool poll(T&) const {
    return cuda::atomic_ref<const unsigned, cuda::thread_scope_device>(published).load(cuda::memory_order_relaxed) !=
           0;
  }
  __device__ void settle(T& value) const { value = total; }
};

template <class T>
struct tile_state<T, true> {
  unsigned long long word;  // the published flag above the value's bits
  __device__ void publish(T value) {
    const unsigned long long w = (1ull << 32) | ::cuda::std::bit_cast<unsigned>(value);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(word).store(w, cuda::memory_order_relaxed);
  }
  __device__ bool poll(T& value) const {
    const unsigned long long w =
        cuda::atomic_ref<const unsigned long long, cuda::thread_scope_device>(word).load(cuda::memory_order_relaxed);
    value = ::cuda::std::bit_cast<T>(static_cast<unsigned>(w));
    return (w >> 32) != 0;
  }
  __device__ void settle(T&) const {}
};

/// The inclusive scan of @p x over the warp's lanes (lane l: lanes 0 ... l).
template <class Step, class T>
__device__ __forceinline__ T warp_inclusive_scan(Step step, T x) {
  const int lane = threadIdx.x & 31;
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    const T y = shuffle_up(x, d);
    if (lane >= d) x = step(y, x);
  }
  return x;
}

/// States a lane polls at once in window_total: one round of a warp covers 512 tiles of 4 or 8 bytes (a grid of
/// up to 256 multiprocessors' two blocks), 256 of 16 bytes.
template <class T>
constexpr int window_loads = sizeof(T) <= 8 ? 16 : 8;

/// The total of the @p count tiles before tile @p tile (tile - count ... tile - 1; count > 0) from their published
/// states, by one warp: lane l takes the states l, l + 32, ... back from tile - 1, a round of window_loads each
/// in flight at once, each polled until it is published; then the lanes, in a fixed tree. The same tiles give
/// the same grouping every call (add and multiply commute, so the order within the window is free).
template <class Step, class T>
__device__ T window_total(Step step, const tile_state<T>* states, std::int64_t tile, std::int64_t count) {
  constexpr int M = window_loads<T>;
  const int lane = threadIdx.x & 31;
  T sum{};
  for (std::int64_t base = 0; base < count; base += 32 * M) {
    T value[M];
    bool published[M];
#pragma unroll
    for (int m = 0; m < M; ++m) {
      const std::int64_t k = base + lane + 32 * m;
      published[m] = k >= count || states[tile - 1 - k].poll(value[m]);
    }
#pragma unroll
    for (int m = 0; m < M; ++m) {
      const std::int64_t k = base + lane + 32 * m;
      while (!published[m]) published[m] = states[tile - 1 - k].poll(value[m]);
    }
    if constexpr (sizeof(T) != 4) cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
#pragma unroll
    for (int m = 0; m < M; ++m) {
      const std::int64_t k = base + lane + 32 * m;
      if (k < count) {
        states[tile - 1 - k].settle(value[m]);
        sum = k == lane ? value[m] : step(sum, value[m]);  // k == lane: the lane's first state
      }
    }
  }
  // lanes 0 ... min(count, 32) - 1 hold sums; lane 0 ends with all of them
  const std::int64_t holding = count < 32 ? count : 32;
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) {
    const T other = shuffle_down(sum, d);
    if (lane + d < holding) sum = step(sum, other);
  }
  return shuffle_from(sum, 0);
}

/// Waits until the phase of parity @p parity of mbarrier @p barrier has completed.
__device__ __forceinline__ void wait_phase(std::uint64_t* barrier, unsigned parity) {
#if __CUDA_ARCH__ >= 900
  while (!::cuda::ptx::mbarrier_try_wait_parity(barrier, parity)) {
  }
#else
  while (!::cuda::ptx::mbarrier_test_wait_parity(barrier, parity)) {
  }
#endif
}

/// One stage of a block's ring: the mbarriers of its steps, and what the totals and prefix warps found.
template <class T>
struct scan_stage {
  std::uint64_t landed;   // the tile is in shared memory (the loader: a bulk copy's bytes, or its arrival)
  std::uint64_t totaled;  // its total is published (the totals warp)
  std::uint64_t ready;    // its prefix is known (the prefix warp)
  std::uint64_t freed;    // every scanning warp is done with it (one arrival each)
  T total;               // of the tile
  T prefix;              // of tiles 0 ... tile - 1 (tile > 0)
  T parts[scan_warps];   // of each scanning warp's part of the tile
};

/// Tile @p tile of a row of @p n elements into @p data (16 KiB of shared memory) by the loader warp: a whole
/// tile by one bulk copy (Hopper on; its bytes complete @p landed), else by the warp's lanes (the row's last
/// tile element by element, zeros past its end: they only follow every element stored, and no tile waits for
/// the last one's total), which then arrive.
template <class T>
__device__ __forceinline__ void load_scan_tile(const T* in, std::int64_t n, std::int64_t tile, T* data,
                                               std::uint64_t* landed) {
  namespace ptx = ::cuda::ptx;
  using V = vector_of<T, scan_width<T>>;
  constexpr int vectors = scan_threads * scan_vectors;
  const int lane = threadIdx.x & 31;
  const std::int64_t first = tile * scan_tile<T>;
  const bool whole = first + scan_tile<T> <= n;
#if __CUDA_ARCH__ >= 900
  if (whole) {
    if (lane == 0) {
      constexpr unsigned bytes = vectors * 16;
      ptx::fence_proxy_async(ptx::space_shared);  // after the stage's last reads by the threads
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, landed, bytes);
      ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, data, in + first, bytes, landed);
    }
    return;
  }
#endif
  if (whole) {
    const V* src = reinterpret_cast<const V*>(in + first);
    for (int v = lane; v < vectors; v += 32) reinterpret_cast<V*>(data)[v] = src[v];
  } else {
    for (std::int64_t i = lane; i < scan_tile<T>; i += 32) data[i] = first + i < n ? in[first + i] : T{};
  }
  __syncwarp();
  if (lane == 0) (void)ptx::mbarrier_arrive(landed);
}

/// The single-pass scan of @p n elements of one row in @p tiles tiles, by persistent blocks (a cooperative
/// launch: all resident at once), block b taking tiles b, b + gridDim.x, ...; @p in and @p out 16-byte aligned
/// (they may be the same array: a tile is read whole before it is written). A block holds scan_stages tiles in
/// a ring of shared memory, each going through its warps' tasks in turn, so that the tiles behind load while
/// the one in front waits for its prefix:
///  - the loader warp loads the block's next tile into a freed stage (a bulk copy);
///  - the totals warp publishes each landed tile's total (and keeps the totals of the scanning warps' parts);
///  - the prefix warp finds the tile's prefix: the block's previous tile's inclusive prefix (kept in its
///    registers) combined with the window between them, the totals of the gridDim.x - 1 tiles of other blocks
///    that lie between (window_total: one round of loads for totals of up to 8 bytes on a GPU of up to 256
///    multiprocessors, two for 16-byte ones on the H200); the block's first tile takes
///    the totals of all tiles before it;
///  - the scanning warps scan their parts of the tile in registers as soon as it lands (warp w: vectors
///    w x 32 x scan_vectors on, lane l vectors l, l + 32, ...), wait for the prefix, free the stage, add what
///    comes before them, and store.
/// Every tile's prefix is then the same grouping of the same totals on every call (for a given grid). The
/// window replaced decoupled look-back (each tile's warp walking back through its predecessors' totals to the
/// nearest published inclusive prefix), whose round trips, 2.5 rounds of 32 states a tile on average, set the
/// pace; there is one prefix warp, since several taking the tiles in turn wait for totals not yet published
/// (docs/design_decisions.md, Scans).
template <class T, ufunc_id U>
__global__ void __launch_bounds__(scan_block)
    ring_scan_kernel(const T* in, T* out, std::int64_t n, std::int64_t tiles, tile_state<T>* states) {
  namespace ptx = ::cuda::ptx;
  constexpr int W = scan_width<T>;
  constexpr int tile_vectors = scan_threads * scan_vectors;
  using V = vector_of<T, W>;
  const scan_step<T, U> step;
  extern __shared__ __align__(128) unsigned char ring_bytes[];
  V* ring = reinterpret_cast<V*>(ring_bytes);
  scan_stage<T>* stages = shared_array<scan_stage<T>, scan_stages>();
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  // the block's tiles: blockIdx.x + it * gridDim.x for it < count (the grid has at most one block per tile)
  const int count = static_cast<int>((tiles - blockIdx.x + gridDim.x - 1) / gridDim.x);
  const auto tile_of = [&](int it) { return blockIdx.x + std::int64_t{it} * gridDim.x; };
  if (threadIdx.x == 0) {
    for (int s = 0; s < scan_stages; ++s) {
      ptx::mbarrier_init(&stages[s].landed, 1);
      ptx::mbarrier_init(&stages[s].totaled, 1);
      ptx::mbarrier_init(&stages[s].ready, 1);
      ptx::mbarrier_init(&stages[s].freed, scan_warps);
    }
#if __CUDA_ARCH__ >= 900
    ptx::fence_proxy_async(ptx::space_shared);  // the bulk copies' side sees the barriers
#endif
  }
  __syncthreads();
  if (warp == scan_warps) {  // the loader
    for (int it = 0; it < count; ++it) {
      const int s = it % scan_stages;
      scan_stage<T>& stage = stages[s];
      if (it >= scan_stages) wait_phase(&stage.freed, (it / scan_stages - 1) & 1);
      load_scan_tile(in, n, tile_of(it), reinterpret_cast<T*>(ring + s * tile_vectors), &stage.landed);
    }
    return;
  }
  if (warp == scan_warps + 1) {  // the totals
    for (int it = 0; it < count; ++it) {
      const int s = it % scan_stages;
      scan_stage<T>& stage = stages[s];
      wait_phase(&stage.landed, (it / scan_stages) & 1);
      const std::int64_t tile = tile_of(it);
      // each scanning warp's part: the lane's vectors in order, then the lanes in pairs; the parts in order
      T total{};
#pragma unroll 1
      for (int k = 0; k < scan_warps; ++k) {
        const V* part = ring + s * tile_vectors + k * scan_vectors * 32 + lane;
        T sum = part[0].values[0];
#pragma unroll
        for (int c = 0; c < scan_vectors; ++c) {
          const V v = part[c * 32];
#pragma unroll
          for (int e = c == 0 ? 1 : 0; e < W; ++e) sum = step(sum, v.values[e]);
        }
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) sum = step(sum, shuffle_down(sum, d));  // lane 0: all 32
        if (lane == 0) stage.parts[k] = sum;
        total = k == 0 ? sum : step(total, sum);
      }
      if (lane == 0) {
        states[tile].publish(total);
        stage.total = total;
      }
      __syncwarp();
      if (lane == 0) (void)ptx::mbarrier_arrive(&stage.totaled);
    }
    return;
  }
  if (warp == scan_warps + 2) {  // the prefix
    T inclusive{};  // of tiles 0 ... the block's previous tile
    for (int it = 0; it < count; ++it) {
      const int s = it % scan_stages;
      scan_stage<T>& stage = stages[s];
      const std::int64_t tile = tile_of(it);
      const std::int64_t between = it == 0 ? tile : gridDim.x - 1;  // tiles since the block's previous one
      const T window = between > 0 ? window_total(step, states, tile, between) : T{};
      wait_phase(&stage.totaled, (it / scan_stages) & 1);
      if (tile > 0) {
        const T prefix = it == 0 ? window : between > 0 ? step(inclusive, window) : inclusive;
        if (lane == 0) stage.prefix = prefix;
        inclusive = step(prefix, stage.total);
      } else {
        inclusive = stage.total;
      }
      __syncwarp();
      if (lane == 0) (void)ptx::mbarrier_arrive(&stage.ready);
    }
    return;
  }
  // the scanning warps
  for (int it = 0; it < count; ++it) {
    const int s = it % scan_stages;
    scan_stage<T>& stage = stages[s];
    wait_phase(&stage.landed, (it / scan_stages) & 1);
    const std::int64_t tile = tile_of(it);
    // the part's own scan: each vector in the thread, then across the lanes, then after the vectors before it
    V v[scan_vectors];
    const V* mine = ring + s * tile_vectors + warp * scan_vectors * 32 + lane;
    T carry{};
#pragma unroll
    for (int c = 0; c < scan_vectors; ++c) {
      v[c] = mine[c * 32];
#pragma unroll
      for (int e = 1; e < W; ++e) v[c].values[e] = step(v[c].values[e - 1], v[c].values[e]);
      const T lanes = warp_inclusive_scan(step, v[c].values[W - 1]);
      const T below = shuffle_up(lanes, 1);  // lanes 0 ... l - 1 (l > 0)
      if (lane > 0 || c > 0) {
        const T earlier = lane == 0 ? carry : c > 0 ? step(carry, below) : below;
#pragma unroll
        for (int e = 0; e < W; ++e) v[c].values[e] = step(earlier, v[c].values[e]);
      }
      carry = shuffle_from(v[c].values[W - 1], 31);
    }
    // what comes before the part: the tile's prefix, then the parts of the warps before this one
    wait_phase(&stage.ready, (it / scan_stages) & 1);
    const bool has_before = tile > 0 || warp > 0;
    T before = tile > 0 ? stage.prefix : stage.parts[0];
    for (int j = tile > 0 ? 0 : 1; j < warp; ++j) before = step(before, stage.parts[j]);
    __syncwarp();
    if (lane == 0) (void)ptx::mbarrier_arrive(&stage.freed);
    const std::int64_t first = tile * scan_tile<T> + std::int64_t{warp} * scan_vectors * 32 * W;
    const bool whole = (tile + 1) * scan_tile<T> <= n;
#pragma unroll
    for (int c = 0; c < scan_vectors; ++c) {
      if (has_before) {
#pragma unroll
        for (int e = 0; e < W; ++e) v[c].values[e] = step(before, v[c].values[e]);
      }
      if (whole) {
        reinterpret_cast<V*>(out + first)[c * 32 + lane] = v[c];
      } else {
#pragma unroll
        for (int e = 0; e < W; ++e) {
          const std::int64_t i = first + (std::int64_t{c} * 32 + lane) * W + e;
          if (i < n) out[i] = v[c].values[e];
        }
      }
    }
  }
}

/// One row of @p n elements through ring_scan_kernel: its tile states in a workspace, zeroed first; as many
/// blocks as the GPU keeps resident (at most one per tile), launched cooperatively, so that all of them run at
/// once (a block waits for the tiles of blocks after it in the grid).
template <class T, ufunc_id U>
void ring_scan(const exec& e, const T* in, T* out, std::int64_t n) {
  const std::int64_t tiles = (n + scan_tile<T> - 1) / scan_tile<T>;
  const std::size_t bytes = static_cast<std::size_t>(tiles) * sizeof(tile_state<T>);
  void* workspace = e.workspace(bytes);
  const auto stream = static_cast<cudaStream_t>(e.stream());
  NUMCU_CUDA_CHECK(cudaMemsetAsync(workspace, 0, bytes, stream));
  auto* kernel = ring_scan_kernel<T, U>;
  constexpr std::size_t ring_bytes = std::size_t{scan_stages} * scan_threads * scan_vectors * 16;
  const std::int64_t resident =  // also allows the kernel its ring_bytes, once per GPU
      resident_blocks(reinterpret_cast<const void*>(kernel), scan_block, e.where().index(), ring_bytes);
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(static_cast<unsigned>(std::min(resident, tiles)));
  config.blockDim = dim3(scan_block);
  config.dynamicSmemBytes = ring_bytes;
  config.stream = stream;
  cudaLaunchAttribute cooperative{};
  cooperative.id = cudaLaunchAttributeCooperative;
  cooperative.val.cooperative = 1;
  config.attrs = &cooperative;
  config.numAttrs = 1;
  NUMCU_CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, in, out, n, tiles, static_cast<tile_state<T>*>(workspace)));
}

/// The row of element i: the key of a scan by key.
struct row_of {
  std::int64_t n;
  __host__ __device__ std::int64_t operator()(std::int64_t i) const { return i / n; }
};

template <class T, ufunc_id U>
void scan_rows(const exec& e, const T* in, T* out, std::int64_t rows, std::int64_t n) {
  const auto stream = static_cast<cudaStream_t>(e.stream());
  const std::int64_t total = rows * n;
  if (rows == 1 && is_aligned(in, 16) && is_aligned(out, 16)) {
    ring_scan<T, U>(e, in, out, total);
    return;
  }
  std::size_t bytes = 0;
  if (rows == 1) {
    NUMCU_CUDA_CHECK(cub::DeviceScan::InclusiveScan(nullptr, bytes, in, out, scan_step<T, U>{}, total, stream));
    NUMCU_CUDA_CHECK(
        cub::DeviceScan::InclusiveScan(e.workspace(bytes), bytes, in, out, scan_step<T, U>{}, total, stream));
    return;
  }
  const auto keys = thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0), row_of{n});
  NUMCU_CUDA_CHECK(cub::DeviceScan::InclusiveScanByKey(nullptr, bytes, keys, in, out, scan_step<T, U>{}, total,
                                                       ::cuda::std::equal_to<>{}, stream));
  NUMCU_CUDA_CHECK(cub::DeviceScan::InclusiveScanByKey(e.workspace(bytes), bytes, keys, in, out,
                                                       scan_step<T, U>{}, total, ::cuda::std::equal_to<>{},
                                                       stream));
}

}  // namespace

template <>
void inclusive_scan<cuda_backend>(const exec& e, dtype t, bool product, const void* in, void* out,
                                  std::int64_t rows, std::int64_t n) {
  visit_accumulator_dtype(t, [&]<class T>(type_tag<T>) {
    if (product) {
      scan_rows<T, ufunc_id::multiply>(e, static_cast<const T*>(in), static_cast<T*>(out), rows, n);
    } else {
      scan_rows<T, ufunc_id::add>(e, static_cast<const T*>(in), static_cast<T*>(out), rows, n);
    }
  });
}

}  // namespace numcu::detail
