// Scans on the GPU. One row (cumsum of the flattened array, or of a 1-d one) runs this file's single-pass scan
// with decoupled look-back: a block per tile of 32 KiB, in order; the tile lands in shared memory by a bulk copy
// (the Hopper copy engine; a plain copy before Hopper), the block sums it and publishes the tile's total, finds
// the total of everything before it from the states its predecessors published (their totals back to the
// nearest one that has published its inclusive prefix), then scans the tile from shared memory and stores.
// Measured on the H200 (docs/benchmarks.md): cumsum of 2^28 float32 at 3.26 TB/s, CUB's InclusiveSum at 3.07 in
// the same run; the same scan held in registers ran at 2.9 (two tiles of 64 KiB per multiprocessor where shared
// memory holds six of 32 KiB), and with tile states read in two loads (status, then value) at 2.90. What bounds it
// is the look-back's wait, not the tiles in flight: each tile scanned alone runs at 4.05-4.14, and neither a wider
// look-back window (256 tiles a round), nor a warp that looks back while the tile loads, nor more or larger tiles
// per multiprocessor moved it. Many rows run CUB's scan by key; so does a row that is not 16-byte aligned.
#include <cub/device/device_scan.cuh>
#include <cuda/atomic>
#include <cuda/ptx>
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
  /// @p earlier combined with @p later (the scan's operation; add and multiply commute, the order is kept anyway).
  __host__ __device__ T operator()(const T& earlier, const T& later) const { return ufunc_op<U>{}(earlier, later); }
};

constexpr int scan_threads = 256;
constexpr int scan_warps = scan_threads / 32;
/// 16-byte vectors per thread and tile: 32 KiB tiles, six blocks to a multiprocessor's shared memory (64 KiB
/// tiles, three blocks, measured the same on the H200).
constexpr int scan_vectors = 8;

/// Elements per 16-byte vector, and per tile.
template <class T>
constexpr int scan_width = 16 / static_cast<int>(sizeof(T));
template <class T>
constexpr std::int64_t scan_tile = std::int64_t{scan_threads} * scan_vectors * scan_width<T>;

/// What a tile has published: nothing yet, its own total, or also the total of everything up to its end.
enum tile_status : unsigned { tile_nothing = 0, tile_total = 1, tile_inclusive = 2 };

/// A tile's published values: @p value announced as @p status by publish (lane 0 of the tile's warp 0), read back
/// by read (a snapshot: the status, and the value it announces). Values of 4 bytes (float32) share one 64-bit word
/// with their status, stored and loaded whole (relaxed: one word needs no ordering, and a successor's read is one
/// load); wider values are stored before their status (release) and read after it (acquire), two loads.
template <class T, bool Packed = sizeof(T) == 4>
struct tile_state {
  T total;
  T inclusive;
  unsigned status;
  __device__ void publish(tile_status s, T value) {
    (s == tile_inclusive ? inclusive : total) = value;
    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(status).store(s, cuda::memory_order_release);
  }
  __device__ unsigned read(T& value) const {
    const unsigned s =
        cuda::atomic_ref<const unsigned, cuda::thread_scope_device>(status).load(cuda::memory_order_acquire);
    if (s != tile_nothing) value = s == tile_inclusive ? inclusive : total;
    return s;
  }
};

template <class T>
struct tile_state<T, true> {
  unsigned long long word;  // the status above the value's bits
  __device__ void publish(tile_status s, T value) {
    const unsigned long long w = (static_cast<unsigned long long>(s) << 32) | __builtin_bit_cast(unsigned, value);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(word).store(w, cuda::memory_order_relaxed);
  }
  __device__ unsigned read(T& value) const {
    const unsigned long long w =
        cuda::atomic_ref<const unsigned long long, cuda::thread_scope_device>(word).load(cuda::memory_order_relaxed);
    value = __builtin_bit_cast(T, static_cast<unsigned>(w));
    return static_cast<unsigned>(w >> 32);
  }
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

/// The total of tiles 0 ... tile - 1 (tile > 0), from the states they publish (warp 0 of the block): 32 of them
/// at a time, newest first, each waited for until it has published something; the walk ends at the nearest one
/// with its inclusive prefix (tile 0 always has one).
template <class Step, class T>
__device__ T look_back(Step step, const tile_state<T>* states, std::int64_t tile) {
  const int lane = threadIdx.x & 31;
  T prefix{};
  bool have = false;
  std::int64_t last = tile - 1;  // the newest tile not yet counted
  while (true) {
    const std::int64_t t = last - lane;
    unsigned status = tile_inclusive;  // before tile 0: never counted (tile 0's lane stops the walk first)
    T value{};
    if (t >= 0) {
      do {
        status = states[t].read(value);
      } while (status == tile_nothing);
    }
    const unsigned with_prefix = __ballot_sync(0xffffffffu, status == tile_inclusive);
    const int stop = with_prefix != 0 ? __ffs(with_prefix) - 1 : 31;
    // lanes 0 ... stop combined (lane 0 ends with them)
#pragma unroll
    for (int d = 16; d > 0; d >>= 1) {
      const T other = shuffle_down(value, d);
      if (lane + d <= stop) value = step(other, value);
    }
    const T window = shuffle_from(value, 0);
    prefix = have ? step(window, prefix) : window;
    have = true;
    if (with_prefix != 0) return prefix;
    last -= 32;
  }
}

/// Tile @p tile of a row of @p n elements into @p tile_data (the block's 32 KiB): a @p whole tile by one bulk
/// copy (Hopper on), or each thread's vectors; the row's last tile element by element, zeros past its end (they
/// only follow every element stored, and no tile waits for the last one's total).
template <class T>
__device__ __forceinline__ void load_scan_tile(const T* in, std::int64_t n, std::int64_t tile, bool whole,
                                               T* tile_data) {
  using V = vector_of<T, scan_width<T>>;
  const std::int64_t first = tile * scan_tile<T>;
  if (whole) {
#if __CUDA_ARCH__ >= 900
    namespace ptx = ::cuda::ptx;
    constexpr unsigned bytes = scan_threads * scan_vectors * 16;
    __shared__ std::uint64_t loaded;
    if (threadIdx.x == 0) {
      ptx::mbarrier_init(&loaded, 1);
      ptx::fence_proxy_async(ptx::space_shared);
      ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, tile_data, in + first, bytes, &loaded);
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &loaded, bytes);
    }
    __syncthreads();  // the barrier is initialized
    while (!ptx::mbarrier_try_wait_parity(&loaded, 0)) {
    }
#else
    const V* src = reinterpret_cast<const V*>(in + first);
    V* dst = reinterpret_cast<V*>(tile_data);
#pragma unroll
    for (int c = 0; c < scan_vectors; ++c) dst[c * scan_threads + threadIdx.x] = src[c * scan_threads + threadIdx.x];
    __syncthreads();
#endif
  } else {
    for (std::int64_t i = threadIdx.x; i < scan_tile<T>; i += scan_threads)
      tile_data[i] = first + i < n ? in[first + i] : T{};
    __syncthreads();
  }
}

/// The single-pass scan of @p n elements of one row, a block per tile, tile b for block b (blocks start in the
/// order of their index, so every tile a block waits for is running or done: CUB's single-pass scan relies on the
/// same); @p in and @p out 16-byte aligned (they may be the same array: a tile is read whole before it is
/// written). Warp w owns the tile's vectors from w x 32 x scan_vectors on; lane l vectors l, l + 32, ....
template <class T, ufunc_id U>
__global__ void __launch_bounds__(scan_threads)
    look_back_scan_kernel(const T* in, T* out, std::int64_t n, tile_state<T>* states) {
  constexpr int W = scan_width<T>;
  using V = vector_of<T, W>;
  const scan_step<T, U> step;
  __shared__ alignas(128) V tile_data[scan_threads * scan_vectors];
  T* warp_totals = shared_array<T, scan_warps>();
  T* block_prefix = shared_array<T, 1>();
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const std::int64_t tile = blockIdx.x;
  const bool whole = (tile + 1) * scan_tile<T> <= n;  // else the row's last tile, short
  load_scan_tile(in, n, tile, whole, reinterpret_cast<T*>(tile_data));
  const V* mine = tile_data + warp * scan_vectors * 32 + lane;
  // the tile's total: each thread's vectors in order, then the lanes' totals, then the warps'
  T sum = mine[0].values[0];
#pragma unroll
  for (int c = 0; c < scan_vectors; ++c) {
    const V v = mine[c * 32];
#pragma unroll
    for (int k = c == 0 ? 1 : 0; k < W; ++k) sum = step(sum, v.values[k]);
  }
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) sum = step(sum, shuffle_down(sum, d));  // lane 0: lanes 0 ... 31 in pairs
  if (lane == 0) warp_totals[warp] = sum;
  __syncthreads();
  // the warps' totals folded in order: before, the total of the warps before this one (warp > 0); total, all
  T before{}, total = warp_totals[0];
  for (int j = 1; j < scan_warps; ++j) {
    if (j == warp) before = total;
    total = step(total, warp_totals[j]);
  }
  if (warp == 0) {
    tile_state<T>& state = states[tile];
    if (tile == 0) {  // its total is its inclusive prefix
      if (lane == 0) state.publish(tile_inclusive, total);
    } else {
      if (lane == 0) state.publish(tile_total, total);
      const T prefix = look_back(step, states, tile);
      if (lane == 0) {
        state.publish(tile_inclusive, step(prefix, total));
        *block_prefix = prefix;
      }
    }
  }
  __syncthreads();
  // each vector scanned in the thread, then across the warp's lanes, then after everything before it: carry
  bool has_carry = tile > 0 || warp > 0;
  T carry = tile == 0 ? before : warp == 0 ? *block_prefix : step(*block_prefix, before);
  const std::int64_t first = tile * scan_tile<T> + std::int64_t{warp} * scan_vectors * 32 * W;
#pragma unroll
  for (int c = 0; c < scan_vectors; ++c) {
    V v = mine[c * 32];
#pragma unroll
    for (int k = 1; k < W; ++k) v.values[k] = step(v.values[k - 1], v.values[k]);
    const T lanes = warp_inclusive_scan(step, v.values[W - 1]);
    const T below = shuffle_up(lanes, 1);  // lanes 0 ... l - 1 (l > 0)
    if (lane > 0 || has_carry) {
      const T earlier = lane == 0 ? carry : has_carry ? step(carry, below) : below;
#pragma unroll
      for (int k = 0; k < W; ++k) v.values[k] = step(earlier, v.values[k]);
    }
    carry = shuffle_from(v.values[W - 1], 31);
    has_carry = true;
    if (whole) {
      reinterpret_cast<V*>(out + first)[c * 32 + lane] = v;
    } else {
#pragma unroll
      for (int k = 0; k < W; ++k) {
        const std::int64_t i = first + (std::int64_t{c} * 32 + lane) * W + k;
        if (i < n) out[i] = v.values[k];
      }
    }
  }
}

/// One row of @p n elements through look_back_scan_kernel: its tile states in a workspace, zeroed first.
template <class T, ufunc_id U>
void look_back_scan(const exec& e, const T* in, T* out, std::int64_t n) {
  const std::int64_t tiles = (n + scan_tile<T> - 1) / scan_tile<T>;
  const std::size_t bytes = static_cast<std::size_t>(tiles) * sizeof(tile_state<T>);
  void* workspace = e.workspace(bytes);
  NUMCU_CUDA_CHECK(cudaMemsetAsync(workspace, 0, bytes, static_cast<cudaStream_t>(e.stream())));
  launch(e, dim3(static_cast<unsigned>(tiles)), dim3(scan_threads), look_back_scan_kernel<T, U>, in, out, n,
         static_cast<tile_state<T>*>(workspace));
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
  if (rows == 1 && is_aligned(in, 16) && is_aligned(out, 16) &&
      (total + scan_tile<T> - 1) / scan_tile<T> <= std::int64_t{0x7fffffff}) {  // a grid's blocks
    look_back_scan<T, U>(e, in, out, total);
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
