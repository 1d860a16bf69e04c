// Partitioning one row around its kth element on the GPU (partition_row), without a sort and without waiting
// for the host:
// - a radix select finds the kth key (device/sort_keys.hpp's), a digit of 8 bits at a time from the top: each
//   pass counts the next digit of the keys that share the digits found so far (a histogram in shared memory
//   per block), and one small kernel picks the digit whose counts hold the kth;
// - a stable three-way split: each tile of tile_items elements counts its keys below and equal to the kth's,
//   a scan of those counts gives every tile its places in the three groups, and a last pass writes each group
//   in input order.
// The work is a few reads of the row and one write, where a sort reads and writes it several times.
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdint>

#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/element_types.hpp"
#include "device/sort_keys.hpp"

namespace numcu::detail {
namespace {

constexpr int digit_bits = 8;
constexpr int digit_values = 1 << digit_bits;
static_assert(digit_values == block_threads, "the select's kernels keep one count per thread");

/// Elements each thread loads at once in a pass of the select.
constexpr int histogram_items = 8;

/// Elements per thread, and per tile, of the split.
constexpr int split_items = 8;
constexpr int tile_items = block_threads * split_items;

/// What the select knows of the kth key, in device memory: its digits found so far (prefix, in place, and
/// mask, their bits), its rank among the keys that share them, and the keys known to be smaller; after the last
/// pass prefix is the key, and equal the number of keys equal to it.
template <class K>
struct select_state {
  K prefix;
  K mask;
  std::int64_t rank;
  std::int64_t below;
  std::int64_t equal;
};

/// The keys below and equal to the kth's in a tile.
struct split_counts {
  std::int64_t below;
  std::int64_t equal;
};

struct add_split_counts {
  __device__ split_counts operator()(const split_counts& a, const split_counts& b) const {
    return {a.below + b.below, a.equal + b.equal};
  }
};

/// Starts the select of the key at rank @p kth, and clears @p histogram.
template <class K>
__global__ void __launch_bounds__(block_threads)
    start_select_kernel(select_state<K>* state, std::int64_t kth, unsigned long long* histogram) {
  if (threadIdx.x == 0) *state = {K(0), K(0), kth, 0, 0};
  histogram[threadIdx.x] = 0;
}

/// Counts the digit at @p shift of the keys that share the state's prefix into @p histogram (digit_values
/// counts), through a histogram in shared memory per block.
template <class T>
__global__ void __launch_bounds__(block_threads)
    digit_histogram_kernel(const T* __restrict__ in, std::int64_t n, const select_state<sort_key_t<T>>* state,
                           int shift, unsigned long long* histogram) {
  using K = sort_key_t<T>;
  __shared__ unsigned int counts[digit_values];
  counts[threadIdx.x] = 0;
  __syncthreads();
  const K prefix = state->prefix;
  const K mask = state->mask;
  for_each_loaded<histogram_items>(in, n, [&](T value) {
    const K key = sort_key(value);
    if (K(key & mask) == prefix) atomicAdd(&counts[static_cast<unsigned>(key >> shift) & (digit_values - 1)], 1u);
  });
  __syncthreads();
  if (counts[threadIdx.x] != 0) atomicAdd(histogram + threadIdx.x, counts[threadIdx.x]);
}

/// Picks the digit at @p shift whose keys hold the kth (by the state's rank) and clears the histogram for the
/// next pass.
template <class K>
__global__ void __launch_bounds__(block_threads)
    choose_digit_kernel(unsigned long long* histogram, select_state<K>* state, int shift) {
  // the counts read at once into shared memory, then walked by one thread
  __shared__ std::int64_t counts[digit_values];
  counts[threadIdx.x] = static_cast<std::int64_t>(histogram[threadIdx.x]);
  histogram[threadIdx.x] = 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    std::int64_t rank = state->rank;
    std::int64_t below = 0;
    int digit = 0;
    while (rank >= counts[digit] && digit < digit_values - 1) {  // the rank is below the total: stops in range
      rank -= counts[digit];
      below += counts[digit];
      ++digit;
    }
    state->prefix = K(state->prefix | K(K(digit) << shift));
    state->mask = K(state->mask | K(K(digit_values - 1) << shift));
    state->rank = rank;
    state->below += below;
    state->equal = counts[digit];
  }
}

/// The keys below and equal to the kth's in each tile, into @p counts (one per tile).
template <class T>
__global__ void __launch_bounds__(block_threads)
    count_split_kernel(const T* __restrict__ in, std::int64_t n, const select_state<sort_key_t<T>>* state,
                       split_counts* counts) {
  using K = sort_key_t<T>;
  using reduce = cub::BlockReduce<int, block_threads>;
  __shared__ typename reduce::TempStorage storage;
  const K pivot = state->prefix;
  const std::int64_t start = std::int64_t{blockIdx.x} * tile_items;
  int below = 0;
  int equal = 0;
#pragma unroll
  for (int j = 0; j < split_items; ++j) {
    const std::int64_t i = start + j * block_threads + threadIdx.x;
    if (i < n) {
      const K key = sort_key(in[i]);
      below += key < pivot;
      equal += key == pivot;
    }
  }
  // below and equal packed in one int: a tile holds fewer than 2^16 elements
  const int packed = reduce(storage).Sum(below | (equal << 16));
  if (threadIdx.x == 0) counts[blockIdx.x] = {packed & 0xffff, packed >> 16};
}

/// Writes each tile's elements to their places: the keys below the kth's from 0, the equal ones after all
/// those below, the larger ones after all those; @p before holds, for each tile, the counts of the tiles before
/// it. Each tile puts its elements in group order in shared memory first, so that the writes of each group are
/// consecutive and whole sectors.
template <class T>
__global__ void __launch_bounds__(block_threads)
    split_kernel(const T* __restrict__ in, std::int64_t n, const select_state<sort_key_t<T>>* state,
                 const split_counts* __restrict__ before, T* __restrict__ values, std::int64_t* __restrict__ indices) {
  using K = sort_key_t<T>;
  using load = cub::BlockLoad<T, block_threads, split_items, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using scan = cub::BlockScan<int, block_threads>;
  __shared__ union {
    typename load::TempStorage load;
    typename scan::TempStorage scan;
    alignas(16) unsigned char staged[tile_items * std::max(sizeof(T), sizeof(std::int64_t))];  // values or indices
  } storage;
  T* const staged_values = reinterpret_cast<T*>(storage.staged);
  std::int64_t* const staged_indices = reinterpret_cast<std::int64_t*>(storage.staged);
  const K pivot = state->prefix;
  const std::int64_t start = std::int64_t{blockIdx.x} * tile_items;
  const int valid = static_cast<int>(std::min<std::int64_t>(tile_items, n - start));
  T items[split_items];
  load(storage.load).Load(in + start, items, valid);
  // each thread's items are consecutive: items[j] is element start + threadIdx.x * split_items + j
  int group[split_items];
  int below = 0;
  int equal = 0;
  for (int j = 0; j < split_items; ++j) {
    const bool in_row = static_cast<int>(threadIdx.x) * split_items + j < valid;
    const K key = sort_key(items[j]);
    group[j] = !in_row ? -1 : key < pivot ? 0 : key == pivot ? 1 : 2;
    below += group[j] == 0;
    equal += group[j] == 1;
  }
  __syncthreads();  // the load's storage is the scan's
  int packed = 0;
  int packed_total = 0;
  scan(storage.scan).ExclusiveSum(below | (equal << 16), packed, packed_total);
  // the tile's groups in shared memory: below from 0, equal after them, above after those, each in input order
  const int tile_below = packed_total & 0xffff;
  const int tile_equal = packed_total >> 16;
  int place[split_items];
  int next[3] = {packed & 0xffff, tile_below + (packed >> 16),
                 tile_below + tile_equal +
                     (static_cast<int>(threadIdx.x) * split_items - (packed & 0xffff) - (packed >> 16))};
  for (int j = 0; j < split_items; ++j) place[j] = group[j] < 0 ? -1 : next[group[j]]++;
  // where the tile's run of each group starts in the output
  const split_counts tile = before[blockIdx.x];
  const std::int64_t run[3] = {tile.below, state->below + tile.equal,
                               state->below + state->equal + (start - tile.below - tile.equal)};
  const auto destination = [&](int i) {
    const int g = i < tile_below ? 0 : i < tile_below + tile_equal ? 1 : 2;
    return run[g] + (i - (g == 0 ? 0 : g == 1 ? tile_below : tile_below + tile_equal));
  };
  __syncthreads();  // the scan's storage is the staging area
  if (values) {
    for (int j = 0; j < split_items; ++j) {
      if (place[j] >= 0) staged_values[place[j]] = items[j];
    }
    __syncthreads();
    for (int i = threadIdx.x; i < valid; i += block_threads) values[destination(i)] = staged_values[i];
    __syncthreads();
  }
  if (indices) {
    const std::int64_t first_item = start + static_cast<std::int64_t>(threadIdx.x) * split_items;
    for (int j = 0; j < split_items; ++j) {
      if (place[j] >= 0) staged_indices[place[j]] = first_item + j;
    }
    __syncthreads();
    for (int i = threadIdx.x; i < valid; i += block_threads) indices[destination(i)] = staged_indices[i];
  }
}

template <class T>
void partition_row_of(const exec& e, const T* in, std::int64_t n, std::int64_t kth, T* values,
                      std::int64_t* indices) {
  using K = sort_key_t<T>;
  const auto stream = static_cast<cudaStream_t>(e.stream());
  auto* state = static_cast<select_state<K>*>(e.workspace(sizeof(select_state<K>)));
  auto* histogram = static_cast<unsigned long long*>(e.workspace(sizeof(unsigned long long) * digit_values));
  launch(e, 1, block_threads, start_select_kernel<K>, state, kth, histogram);
  const unsigned grid = std::min(grid_for(n, std::int64_t{block_threads} * histogram_items),
                                 resident_blocks(digit_histogram_kernel<T>, e.where().index()));
  for (int shift = int(sizeof(K) * 8) - digit_bits; shift >= 0; shift -= digit_bits) {
    launch(e, grid, block_threads, digit_histogram_kernel<T>, in, n, state, shift, histogram);
    launch(e, 1, block_threads, choose_digit_kernel<K>, histogram, state, shift);
  }
  const unsigned tiles = grid_for(n, tile_items);
  auto* counts = static_cast<split_counts*>(e.workspace(sizeof(split_counts) * tiles));
  auto* before = static_cast<split_counts*>(e.workspace(sizeof(split_counts) * tiles));
  launch(e, tiles, block_threads, count_split_kernel<T>, in, n, state, counts);
  std::size_t bytes = 0;
  NUMCU_CUDA_CHECK(cub::DeviceScan::ExclusiveScan(nullptr, bytes, counts, before, add_split_counts{},
                                                  split_counts{0, 0}, tiles, stream));
  NUMCU_CUDA_CHECK(cub::DeviceScan::ExclusiveScan(e.workspace(bytes), bytes, counts, before, add_split_counts{},
                                                  split_counts{0, 0}, tiles, stream));
  launch(e, tiles, block_threads, split_kernel<T>, in, n, state, before, values, indices);
}

}  // namespace

template <>
void partition_row<cuda_backend>(const exec& e, dtype t, const void* in, std::int64_t n, std::int64_t kth,
                                 void* values, std::int64_t* indices) {
  visit_dtype(t.id(), [&]<class T>(type_tag<T>) {
    partition_row_of<T>(e, static_cast<const T*>(in), n, kth, static_cast<T*>(values), indices);
  });
}

}  // namespace numcu::detail
