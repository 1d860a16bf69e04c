// Sorting on the GPU, by dtype (sort_rows_of<T>, instantiated by the sort_<width>.cu units, one per key
// width):
// - values alone of one longer row: CUB's radix sort of the values themselves (CUB takes -0.0 as +0.0 and
//   keeps the input order of equal keys: NumPy's stable order), then the NaNs with the sign bit set, which
//   CUB puts first, rotated to the end;
// - rows of up to block_sort_limit elements: one block per row in registers and shared memory
//   (cub::BlockRadixSort): the values alone as CUB orders them, the NaNs with the sign bit set stored last;
//   the permutation by device/sort_keys.hpp's keys with their indices, the key transform fused into the load;
// - the permutation of one longer row of real values: the values themselves sorted with their positions by
//   CUB's radix sort (no pass writes keys), the positions of the NaNs, which CUB orders by sign and payload,
//   then written last in input order by a compaction of the input that returns at once when there is none;
// - the permutation of one longer row of complex values, or of several rows: the keys sorted with their
//   indices by CUB's radix sort (one row) or segmented sort (several); the values, where wanted, gathered
//   through the permutation.
// Every CUB call takes its temporary storage from the context's workspace, on the context's stream.
#pragma once

#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_segmented_sort.cuh>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <cstdint>
#include <limits>

#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/cast.hpp"
#include "device/element_types.hpp"
#include "device/sort_keys.hpp"

namespace numcu::detail {

/// Sorts the rows of @p call, whose dtype stores as T (see sort_rows).
template <class T>
void sort_rows_of(const exec& e, const sort_call& call);

/// dst[i] = src[(i / n) * n + index[i]] for the @p total elements of type Bits at dst: a gather through
/// permutations of rows of @p n elements (n = total: one permutation of the whole).
template <class Bits>
__global__ void __launch_bounds__(block_threads)
    gather_rows_kernel(const Bits* __restrict__ src, const std::int64_t* __restrict__ index, std::int64_t n,
                       std::int64_t total, Bits* __restrict__ dst) {
  const std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (i < total) dst[i] = src[i - i % n + index[i]];
}

/// Queues gather_rows_kernel for elements of @p itemsize bytes.
void gather_rows(const exec& e, std::size_t itemsize, const void* src, const std::int64_t* index, std::int64_t n,
                 std::int64_t total, void* dst);

/// index[i] = i for i in [0, n) (@p index 16-byte aligned).
void fill_iota(const exec& e, std::uint32_t* index, std::int64_t n);

/// to[i] = from[i + k], widened to int64, for i in [0, n - m): k and m are nan_counts[0] and nan_counts[1]
/// (device memory, written by an earlier kernel), or 0 for a null @p nan_counts. @p from is 16-byte aligned.
void widen_indices(const exec& e, const std::uint32_t* from, std::int64_t* to, std::int64_t n,
                   const std::int64_t* nan_counts);

namespace sort_detail {

/// The type CUB sorts the values of T as: T itself where CUB knows it, with its order.
template <class T>
struct native_of {
  using type = T;
};
template <>
struct native_of<bool> {
  using type = uint8_t;
};
template <>
struct native_of<float16_t> {
  using type = __half;
};
template <>
struct native_of<bfloat16_t> {
  using type = __nv_bfloat16;
};

/// The floating types, whose NaNs with the sign bit set CUB's order puts first.
template <class T>
inline constexpr bool is_floating_storage_v = is_floating_point_v<T> || is_half_v<T>;

/// True for a floating NaN whose sign bit is set (never for integers and bool, whose largest key is a number).
template <class T>
__device__ bool is_negative_nan(T x) {
  if constexpr (is_floating_storage_v<T>) {
    using K = sort_key_t<T>;
    const K bits = __builtin_bit_cast(K, x);
    return sort_key(x) == K(~K(0)) && (bits >> (sizeof(K) * 8 - 1)) != 0;
  } else {
    return false;
  }
}

/// True for a floating NaN of either sign and any payload.
template <class T>
__device__ bool is_nan_value(T x) {
  static_assert(is_floating_storage_v<T>, "NaNs of a floating type");
  using K = sort_key_t<T>;
  return sort_key(x) == K(~K(0));
}

/// counts[0] = the number of NaNs with the sign bit set at the start of the @p n values at @p x, sorted as
/// CUB orders them (before -inf), and counts[1] = that number plus the number of the other NaNs, which CUB
/// puts at the end (after +inf): two binary searches by one thread, after a look at both ends, which settles
/// the common case of no NaN.
template <class T>
__global__ void count_nan_ends_kernel(const T* x, std::int64_t n, std::int64_t* counts) {
  static_assert(is_floating_storage_v<T>, "NaNs of a floating type");
  if (n == 0 || (!is_nan_value(x[0]) && !is_nan_value(x[n - 1]))) {
    counts[0] = counts[1] = 0;
    return;
  }
  std::int64_t lo = 0, hi = n;  // x[0, lo) are NaNs with the sign bit set, x[hi, n) are not
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (is_negative_nan(x[mid])) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  const std::int64_t leading = lo;
  hi = n;  // x[leading, lo) are numbers, x[hi, n) NaNs
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (is_nan_value(x[mid])) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  counts[0] = leading;
  counts[1] = leading + (n - lo);
}

/// Elements of the input each block of the NaN compaction (count_nans_kernel, place_nans_kernel) covers:
/// 2^16, more for rows of over 2^26 elements, so that there are at most 1024 chunks (each block of
/// place_nans_kernel adds up the counts of the chunks before its own).
inline std::int64_t nan_chunk_for(std::int64_t n) {
  const std::int64_t least = (n + 1023) / 1024;
  return std::max(std::int64_t{1} << 16, (least + block_threads - 1) / block_threads * block_threads);
}

/// Unless there is no NaN (nan_counts[1] == 0): counts[b] = the number of NaNs among the elements of chunk b
/// (blockIdx.x) of the @p n at @p in.
template <class T>
__global__ void __launch_bounds__(block_threads)
    count_nans_kernel(const T* __restrict__ in, std::int64_t n, std::int64_t chunk,
                      const std::int64_t* nan_counts, std::uint32_t* counts) {
  if (nan_counts[1] == 0) return;
  using Reduce = cub::BlockReduce<std::uint32_t, block_threads>;
  __shared__ typename Reduce::TempStorage storage;
  const std::int64_t begin = std::int64_t{blockIdx.x} * chunk, end = begin + chunk < n ? begin + chunk : n;
  std::uint32_t mine = 0;
  for (std::int64_t i = begin + threadIdx.x; i < end; i += block_threads) mine += is_nan_value(in[i]);
  const std::uint32_t all = Reduce(storage).Sum(mine);
  if (threadIdx.x == 0) counts[blockIdx.x] = all;
}

/// Unless there is no NaN: the positions of the NaNs of chunk b (blockIdx.x) of the @p n elements at @p in,
/// in input order, written to indices[n - m + (the NaNs of the chunks before b) ...] (m = nan_counts[1], all
/// NaNs): NumPy's stable order puts every NaN last, in input order, whatever its sign and payload.
template <class T>
__global__ void __launch_bounds__(block_threads)
    place_nans_kernel(const T* __restrict__ in, std::int64_t n, std::int64_t chunk,
                      const std::int64_t* nan_counts, const std::uint32_t* counts, std::int64_t* indices) {
  const std::int64_t m = nan_counts[1];
  if (m == 0) return;
  using Reduce = cub::BlockReduce<std::int64_t, block_threads>;
  using Scan = cub::BlockScan<int, block_threads>;
  __shared__ union {
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
  } storage;
  __shared__ std::int64_t base;
  std::int64_t before = 0;
  for (unsigned b = threadIdx.x; b < blockIdx.x; b += block_threads) before += counts[b];
  before = Reduce(storage.reduce).Sum(before);
  if (threadIdx.x == 0) base = n - m + before;
  __syncthreads();
  std::int64_t at = base;
  const std::int64_t begin = std::int64_t{blockIdx.x} * chunk, end = begin + chunk < n ? begin + chunk : n;
  for (std::int64_t tile = begin; tile < end; tile += block_threads) {
    const std::int64_t i = tile + threadIdx.x;
    const int nan = i < end && is_nan_value(in[i]);
    int rank, tile_nans;
    __syncthreads();  // the scan storage is reused from the last tile (and the reduction)
    Scan(storage.scan).ExclusiveSum(nan, rank, tile_nans);
    if (nan) indices[at + rank] = i;
    at += tile_nans;
  }
}

/// Unless *shift is 0: to[i] = from[(i + *shift) % n] (@p rotate) or from[i]; from and to do not overlap. A
/// grid-stride loop on a grid of at most rotate_blocks blocks, which return at once in the common case of no
/// such NaN.
template <class T>
__global__ void __launch_bounds__(block_threads)
    rotate_kernel(const T* __restrict__ from, T* __restrict__ to, std::int64_t n, const std::int64_t* shift,
                  bool rotate) {
  const std::int64_t k = *shift;
  if (k == 0) return;
  for (std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x; i < n;
       i += std::int64_t{gridDim.x} * block_threads) {
    std::int64_t j = i;
    if (rotate) {
      j = i + k;
      if (j >= n) j -= n;
    }
    to[i] = from[j];
  }
}

/// The largest grid of rotate_kernel.
constexpr unsigned rotate_blocks = 2048;

/// A copy of the @p count elements at @p in in the context's workspace, for a call that must not write where it
/// reads.
template <class T>
const T* copy_aside(const exec& e, const T* in, std::int64_t count) {
  T* copy = static_cast<T*>(e.workspace(sizeof(T) * count));
  NUMCU_CUDA_CHECK(cudaMemcpyAsync(copy, in, sizeof(T) * count, cudaMemcpyDeviceToDevice,
                                   static_cast<cudaStream_t>(e.stream())));
  return copy;
}

/// The one row of @p n values at @p in sorted into @p out (which may be @p in) by CUB, the NaNs with the sign
/// bit set moved from the start to the end.
template <class T>
void sort_values_row(const exec& e, const T* in, T* out, std::int64_t n) {
  using N = typename native_of<T>::type;
  const auto stream = static_cast<cudaStream_t>(e.stream());
  if (in == out) in = copy_aside(e, in, n);  // CUB reads and writes different buffers
  std::size_t bytes = 0;
  NUMCU_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, bytes, reinterpret_cast<const N*>(in),
                                                  reinterpret_cast<N*>(out), n, 0, int(sizeof(N) * 8), stream));
  NUMCU_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(e.workspace(bytes), bytes, reinterpret_cast<const N*>(in),
                                                  reinterpret_cast<N*>(out), n, 0, int(sizeof(N) * 8), stream));
  if constexpr (is_floating_storage_v<T>) {
    auto* shift = static_cast<std::int64_t*>(e.workspace(2 * sizeof(std::int64_t)));  // [0]: the rotation
    launch(e, 1, 1, count_nan_ends_kernel<T>, out, n, shift);
    T* aside = static_cast<T*>(e.workspace(sizeof(T) * n));
    const unsigned grid = std::min(grid_for(n, block_threads), rotate_blocks);
    launch(e, grid, block_threads, rotate_kernel<T>, out, aside, n, shift, false);
    launch(e, grid, block_threads, rotate_kernel<T>, aside, out, n, shift, true);
  }
}

/// Rows of up to block_sort_limit elements sort in one block each: block_sort_threads threads holding
/// block_sort_items keys each.
constexpr int block_sort_threads = 256;
constexpr int block_sort_items = 4;
constexpr std::int64_t block_sort_limit = std::int64_t{block_sort_threads} * block_sort_items;

/// The bits of the value CUB's order of T puts after every other: the largest integer, or the NaN of the
/// largest bits (bool sorts as uint8_t: 0xff).
template <class T>
__device__ sort_key_t<T> sort_padding_bits() {
  using K = sort_key_t<T>;
  constexpr bool top_bit_is_sign = !is_same_v<T, bool> && !is_unsigned_v<T>;  // signed and floating types
  return top_bit_is_sign ? K(K(~K(0)) >> 1) : K(~K(0));
}

/// One block per row of @p n real values (n <= block_sort_limit), sorted as CUB orders them (stably, -0.0
/// equal to +0.0) in registers and shared memory, the NaNs with the sign bit set, which come first, stored
/// last. Every row is read whole before it is written: @p values may be @p in.
template <class T>
__global__ void __launch_bounds__(block_sort_threads)
    block_sort_values_kernel(const T* in, T* values, std::int64_t n) {
  using N = typename native_of<T>::type;
  using Sort = cub::BlockRadixSort<N, block_sort_threads, block_sort_items>;
  __shared__ typename Sort::TempStorage storage;
  __shared__ int negative_nans;
  if (threadIdx.x == 0) negative_nans = 0;
  __syncthreads();
  const std::int64_t base = std::int64_t{blockIdx.x} * n;
  N keys[block_sort_items];
  int mine = 0;
#pragma unroll
  for (int i = 0; i < block_sort_items; ++i) {
    const int j = threadIdx.x * block_sort_items + i;
    if (j < n) {
      const T x = in[base + j];
      mine += is_negative_nan(x);
      keys[i] = __builtin_bit_cast(N, x);
    } else {
      keys[i] = __builtin_bit_cast(N, sort_padding_bits<T>());
    }
  }
  if (mine) atomicAdd(&negative_nans, mine);
  Sort(storage).SortBlockedToStriped(keys);
  __syncthreads();
  const int k = negative_nans;
#pragma unroll
  for (int i = 0; i < block_sort_items; ++i) {
    const int j = i * block_sort_threads + threadIdx.x;
    if (j < n) values[base + (j >= k ? j - k : j + n - k)] = __builtin_bit_cast(T, keys[i]);
  }
}

/// One block per row of @p n elements (n <= block_sort_limit): the keys (sort_key) sorted with their indices,
/// stably, the indices into @p indices and, through them, the values into @p values (either may be null).
template <class T>
__global__ void __launch_bounds__(block_sort_threads)
    block_sort_kernel(const T* __restrict__ in, T* values, std::int64_t* indices, std::int64_t n) {
  using K = sort_key_t<T>;
  using Sort = cub::BlockRadixSort<K, block_sort_threads, block_sort_items, int>;
  __shared__ typename Sort::TempStorage storage;
  const T* row = in + std::int64_t{blockIdx.x} * n;
  K keys[block_sort_items];
  int index[block_sort_items];
#pragma unroll
  for (int i = 0; i < block_sort_items; ++i) {
    const int j = threadIdx.x * block_sort_items + i;  // the blocked arrangement: the input order
    index[i] = j;
    // padding: after every key, and after the equal ones in a stable sort
    keys[i] = j < n ? sort_key(row[j]) : K(~K(0));
  }
  Sort(storage).SortBlockedToStriped(keys, index);
  const std::int64_t base = std::int64_t{blockIdx.x} * n;
#pragma unroll
  for (int i = 0; i < block_sort_items; ++i) {
    const int j = i * block_sort_threads + threadIdx.x;  // the striped arrangement: coalesced stores
    if (j >= n) continue;
    if (indices) indices[base + j] = index[i];
    if (values) values[base + j] = row[index[i]];  // values is not in (sort_rows_of sees to it)
  }
}

/// The keys (sort_key) of @p total elements at @p in, and each one's index within its row of @p n (for one
/// row, its position: no 64-bit division).
template <class T, class Index>
__global__ void __launch_bounds__(block_threads)
    keys_and_indices_kernel(const T* __restrict__ in, sort_key_t<T>* __restrict__ keys,
                            Index* __restrict__ index, std::int64_t n, std::int64_t total) {
  const std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (i >= total) return;
  keys[i] = sort_key(in[i]);
  index[i] = Index(n == total ? i : i % n);
}

/// The start of each row of n elements, for CUB's segmented sort.
struct row_start {
  std::int64_t n;
  __host__ __device__ std::int64_t operator()(std::int64_t row) const { return row * n; }
};

/// The stable permutation of each of the @p rows rows of @p n keys at @p keys into @p indices, @p iota holding
/// each key's index within its row: one row by CUB's radix sort, several by its segmented sort. Index is
/// uint32_t (widened into indices after the sort) or, for one row too long for it, int64_t.
template <class K, class Index>
void sort_key_indices(const exec& e, const K* keys, std::int64_t rows, std::int64_t n, const Index* iota,
                      std::int64_t* indices) {
  const auto stream = static_cast<cudaStream_t>(e.stream());
  const std::int64_t total = rows * n;
  K* sorted_keys = static_cast<K*>(e.workspace(sizeof(K) * total));
  Index* sorted = is_same_v<Index, std::int64_t> ? reinterpret_cast<Index*>(indices)
                                                 : static_cast<Index*>(e.workspace(sizeof(Index) * total));
  std::size_t bytes = 0;
  if (is_same_v<Index, std::int64_t> || rows == 1) {
    // a count of the index type: CUB's 32-bit offsets where the indices are 32-bit (one row), a tile of 23
    // items a thread on sm_90 instead of 17
    const auto count = static_cast<Index>(total);
    NUMCU_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, keys, sorted_keys, iota, sorted, count,
                                                     0, int(sizeof(K) * 8), stream));
    NUMCU_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(e.workspace(bytes), bytes, keys, sorted_keys, iota,
                                                     sorted, count, 0, int(sizeof(K) * 8), stream));
  } else if constexpr (!is_same_v<Index, std::int64_t>) {  // (rows of 64-bit indices come one at a time)
    const auto starts = thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0), row_start{n});
    NUMCU_CUDA_CHECK(cub::DeviceSegmentedSort::StableSortPairs(nullptr, bytes, keys, sorted_keys, iota, sorted,
                                                               total, rows, starts, starts + 1, stream));
    NUMCU_CUDA_CHECK(cub::DeviceSegmentedSort::StableSortPairs(e.workspace(bytes), bytes, keys, sorted_keys, iota,
                                                               sorted, total, rows, starts, starts + 1, stream));
  }
  if constexpr (!is_same_v<Index, std::int64_t>) widen_indices(e, sorted, indices, total, nullptr);
}

/// The stable permutation of the @p n (< 2^32) real values at @p in into @p indices, NumPy's: CUB sorts the
/// values themselves with their positions (its order takes -0.0 as +0.0 and keeps equal values in input
/// order), the positions then widened past the NaNs with the sign bit set, which CUB puts first, and the
/// positions of all NaNs, which CUB orders by sign and payload, written last in input order.
template <class T>
void sort_value_indices(const exec& e, const T* in, std::int64_t n, std::int64_t* indices) {
  using N = typename native_of<T>::type;
  const auto stream = static_cast<cudaStream_t>(e.stream());
  auto* iota = static_cast<std::uint32_t*>(e.workspace(sizeof(std::uint32_t) * n));
  auto* sorted = static_cast<std::uint32_t*>(e.workspace(sizeof(std::uint32_t) * n));
  N* sorted_values = static_cast<N*>(e.workspace(sizeof(N) * n));
  const N* values = reinterpret_cast<const N*>(in);
  fill_iota(e, iota, n);
  std::size_t bytes = 0;
  // a 32-bit count, so that CUB takes 32-bit offsets and their larger tile (23 items a thread on sm_90, not
  // 17)
  const auto count = static_cast<std::uint32_t>(n);
  NUMCU_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, values, sorted_values, iota, sorted, count,
                                                   0, int(sizeof(N) * 8), stream));
  NUMCU_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(e.workspace(bytes), bytes, values, sorted_values, iota,
                                                   sorted, count, 0, int(sizeof(N) * 8), stream));
  if constexpr (is_floating_storage_v<T>) {
    auto* nan_counts = static_cast<std::int64_t*>(e.workspace(2 * sizeof(std::int64_t)));
    launch(e, 1, 1, count_nan_ends_kernel<T>, reinterpret_cast<const T*>(sorted_values), n, nan_counts);
    widen_indices(e, sorted, indices, n, nan_counts);
    const std::int64_t chunk = nan_chunk_for(n);
    const auto chunks = static_cast<unsigned>((n + chunk - 1) / chunk);
    auto* counts = static_cast<std::uint32_t*>(e.workspace(sizeof(std::uint32_t) * chunks));
    launch(e, chunks, block_threads, count_nans_kernel<T>, in, n, chunk, nan_counts, counts);
    launch(e, chunks, block_threads, place_nans_kernel<T>, in, n, chunk, nan_counts, counts, indices);
  } else {
    widen_indices(e, sorted, indices, n, nullptr);
  }
}

}  // namespace sort_detail

template <class T>
void sort_rows_of(const exec& e, const sort_call& c) {
  using namespace sort_detail;
  using K = sort_key_t<T>;
  const T* in = static_cast<const T*>(c.in);
  T* values = static_cast<T*>(c.values);
  const std::int64_t total = c.rows * c.n;
  // rows short enough for one block each, and few enough for a grid of one block per row
  const bool in_blocks = c.n <= block_sort_limit && c.rows <= std::int64_t{std::numeric_limits<int>::max()};
  if constexpr (!is_complex_v<T>) {
    if (values && !c.indices && in_blocks) {
      launch(e, dim3(static_cast<unsigned>(c.rows)), block_sort_threads, block_sort_values_kernel<T>, in, values, c.n);
      return;
    }
    if (values && !c.indices && c.rows == 1) {
      sort_values_row(e, in, values, c.n);
      return;
    }
  }
  // the gathers read the input after the values are written
  if (values && values == in) in = copy_aside(e, in, total);
  if (in_blocks) {
    launch(e, dim3(static_cast<unsigned>(c.rows)), block_sort_threads, block_sort_kernel<T>, in, values,
           c.indices, c.n);
    return;
  }
  std::int64_t* indices =
      c.indices ? c.indices : static_cast<std::int64_t*>(e.workspace(sizeof(std::int64_t) * total));
  if constexpr (!is_complex_v<T>) {
    if (c.rows == 1 && c.n <= std::int64_t{std::numeric_limits<std::uint32_t>::max()}) {
      sort_value_indices(e, in, c.n, indices);
      if (values) gather_rows(e, sizeof(T), in, indices, c.n, total, values);
      return;
    }
  }
  K* keys = static_cast<K*>(e.workspace(sizeof(K) * total));
  const unsigned grid = grid_for(total, block_threads);
  if (c.n <= std::int64_t{std::numeric_limits<std::uint32_t>::max()}) {
    auto* iota = static_cast<std::uint32_t*>(e.workspace(sizeof(std::uint32_t) * total));
    launch(e, grid, block_threads, keys_and_indices_kernel<T, std::uint32_t>, in, keys, iota, c.n, total);
    sort_key_indices<K, std::uint32_t>(e, keys, c.rows, c.n, iota, indices);
  } else {  // rows too long for 32-bit indices: one at a time, with 64-bit ones
    auto* iota = static_cast<std::int64_t*>(e.workspace(sizeof(std::int64_t) * total));
    launch(e, grid, block_threads, keys_and_indices_kernel<T, std::int64_t>, in, keys, iota, c.n, total);
    for (std::int64_t r = 0; r < c.rows; ++r) {
      sort_key_indices<K, std::int64_t>(e, keys + r * c.n, 1, c.n, iota + r * c.n, indices + r * c.n);
    }
  }
  if (values) gather_rows(e, sizeof(T), in, indices, c.n, total, values);
}

}  // namespace numcu::detail
