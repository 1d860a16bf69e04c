// The GPU's sort entry point, by dtype (the kernels and CUB calls: cuda/sort.cuh, instantiated per key width by
// sort_<width>bit.cu), gathers through permutations, binary searches, the
// positions of true flags, bin counts and sums.
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <cub/device/device_select.cuh>

#include "cuda/sort.cuh"
#include "device/search.hpp"

namespace numcu::detail {

// instantiated by the sort_<width>bit.cu units, not here
#define NUMCU_SORT_ELSEWHERE(name, storage_type, letter, itemsize) \
  extern template void sort_rows_of<storage_type>(const exec&, const sort_call&);
NUMCU_FOR_EACH_DTYPE(NUMCU_SORT_ELSEWHERE)
#undef NUMCU_SORT_ELSEWHERE

void gather_rows(const exec& e, std::size_t itemsize, const void* src, const std::int64_t* index, std::int64_t n,
                 std::int64_t total, void* dst) {
  if (total == 0) return;
  visit_itemsize(itemsize, [&]<class Bits>(type_tag<Bits>) {
    launch(e, grid_for(total, block_threads), block_threads, gather_rows_kernel<Bits>, static_cast<const Bits*>(src),
           index, n, total, static_cast<Bits*>(dst));
  });
}

namespace {

/// Elements a thread of iota_kernel and widen_indices_kernel writes: one 16-byte load or store of uint32.
constexpr int iota_items = 4;

/// fill_iota(), iota_items elements a thread.
__global__ void __launch_bounds__(block_threads)
    iota_kernel(std::uint32_t* __restrict__ index, std::int64_t n) {
  const std::int64_t i = (std::int64_t{blockIdx.x} * block_threads + threadIdx.x) * iota_items;
  const auto first = static_cast<std::uint32_t>(i);
  if (i + iota_items <= n) {
    *reinterpret_cast<uint4*>(index + i) = uint4{first, first + 1, first + 2, first + 3};
  } else {
    for (std::int64_t j = i; j < n; ++j) index[j] = static_cast<std::uint32_t>(j);
  }
}

/// widen_indices(), iota_items elements a thread: one 16-byte load where the shift keeps it aligned, and
/// (@p paired) two 16-byte stores.
__global__ void __launch_bounds__(block_threads)
    widen_indices_kernel(const std::uint32_t* __restrict__ from, std::int64_t* __restrict__ to,
                         std::int64_t n, const std::int64_t* nan_counts, bool paired) {
  const std::int64_t k = nan_counts ? nan_counts[0] : 0, end = n - (nan_counts ? nan_counts[1] : 0);
  const std::int64_t i = (std::int64_t{blockIdx.x} * block_threads + threadIdx.x) * iota_items;
  if (i + iota_items <= end && k % iota_items == 0 && paired) {
    const uint4 v = *reinterpret_cast<const uint4*>(from + i + k);
    reinterpret_cast<longlong2*>(to + i)[0] = longlong2{v.x, v.y};
    reinterpret_cast<longlong2*>(to + i)[1] = longlong2{v.z, v.w};
  } else {
    for (std::int64_t j = i; j < i + iota_items && j < end; ++j) to[j] = from[j + k];
  }
}

}  // namespace

void fill_iota(const exec& e, std::uint32_t* index, std::int64_t n) {
  if (n == 0) return;
  launch(e, grid_for((n + iota_items - 1) / iota_items, block_threads), block_threads, iota_kernel, index, n);
}

void widen_indices(const exec& e, const std::uint32_t* from, std::int64_t* to, std::int64_t n,
                   const std::int64_t* nan_counts) {
  if (n == 0) return;
  const bool paired = reinterpret_cast<std::uintptr_t>(to) % 16 == 0;
  launch(e, grid_for((n + iota_items - 1) / iota_items, block_threads), block_threads, widen_indices_kernel,
         from, to, n, nan_counts, paired);
}

namespace {

/// Bytes of shared memory a block of sampled_search_kernel fills with samples of the sorted array.
constexpr int search_sample_bytes = 32768;

/// Whether the element at key (for the search of @p key) lies before the needle's place: less than it, or
/// (@p right) not greater.
template <class K>
__device__ bool goes_before(K element, K key, bool right) {
  return right ? !(key < element) : element < key;
}

/// How many of the @p samples ascending keys in shared memory lie before the needle's place (binary search).
template <class K>
__device__ int samples_before(const K* sample, int samples, K key, bool right) {
  int lo = 0, hi = samples;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (goes_before(sample[mid], key, right)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

/// For each needle (a grid-stride loop on resident blocks), its place in the @p n sorted elements: first among
/// the @p samples keys of every @p stride-th element, which each block keeps in shared memory, then in the
/// stride of elements that leaves. The samples take the first dozen steps of the binary search out of the
/// L2 cache, whose traffic bounds the search. For a few needles in a long array: no tables to build.
template <class T>
__global__ void __launch_bounds__(block_threads)
    sampled_search_kernel(const T* __restrict__ sorted, std::int64_t n, std::int64_t stride, int samples,
                          const T* __restrict__ needles, std::int64_t m, bool right, std::int64_t* __restrict__ out) {
  using K = sort_key_t<T>;
  __shared__ K sample[search_sample_bytes / sizeof(K)];
  for (int j = threadIdx.x; j < samples; j += block_threads) sample[j] = sort_key(sorted[j * stride]);
  __syncthreads();
  for (std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x; i < m;
       i += std::int64_t{gridDim.x} * block_threads) {
    const T needle = needles[i];
    const int lo = samples_before(sample, samples, sort_key(needle), right);
    // the place lies after sample lo - 1 and at or before sample lo
    const std::int64_t first = lo == 0 ? 0 : (lo - 1) * stride + 1;
    const std::int64_t last = lo == samples ? n : lo * stride;
    out[i] = first + search_position(sorted + first, last - first, needle, right);
  }
}

/// The samples a block of tree_search_kernel keeps in shared memory.
constexpr int tree_samples = 2048;
/// The most levels of a search tree: strides fan^(levels - 1) ... fan, 1 below the samples.
constexpr int tree_max_levels = 12;

/// The levels of a search tree over n sorted elements, each of which takes one node of `fan` keys (one 32-byte
/// sector) per needle: level l holds the key of every (2^shift[l])-th element (keys[l]; entries[l] of them),
/// the last level (shift 0) is the sorted array itself.
template <class K>
struct search_tree {
  const K* keys[tree_max_levels];
  int shift[tree_max_levels];
  std::int64_t entries[tree_max_levels];
  int levels;
};

/// How many of the first @p count (at most Fan) elements at @p node, keys (Keys) or values, lie before the
/// needle's place; @p node is 32-byte aligned where count is Fan, and its first element lies before.
template <int Fan, bool Keys, class E, class K>
__device__ int count_before(const E* __restrict__ node, int count, K key, bool right) {
  E e[Fan];
  if (count == Fan) {  // one sector in two 16-byte loads
    static_assert(sizeof(E) * Fan == 32);
    uint4 half[2];
    half[0] = __ldg(reinterpret_cast<const uint4*>(node));
    half[1] = __ldg(reinterpret_cast<const uint4*>(node) + 1);
    memcpy(e, half, sizeof(half));
  } else {  // unrolled, so that e stays in registers
#pragma unroll
    for (int k = 1; k < Fan; ++k) {
      if (k < count) e[k] = node[k];
    }
  }
  int before = 0;
#pragma unroll
  for (int k = 1; k < Fan; ++k) {
    if (k < count) {
      if constexpr (Keys) {
        before += goes_before(e[k], key, right);
      } else {
        before += goes_before(sort_key(e[k]), key, right);
      }
    }
  }
  return before;
}

/// For each needle (a grid-stride loop on resident blocks), its place in the @p n sorted elements: among the
/// keys of every @p span-th element, which each block keeps in shared memory, then down the tree's levels, one
/// sector each, Fan elements to a node (a B-tree laid out as strided copies): three or four dependent loads
/// from L2 in place of a dozen.
template <class T, int Fan>
__global__ void __launch_bounds__(block_threads)
    tree_search_kernel(const T* __restrict__ sorted, std::int64_t n, std::int64_t span, int samples,
                       search_tree<sort_key_t<T>> tree, const T* __restrict__ needles, std::int64_t m, bool right,
                       std::int64_t* __restrict__ out) {
  using K = sort_key_t<T>;
  __shared__ K sample[tree_samples];
  for (int j = threadIdx.x; j < samples; j += block_threads) sample[j] = sort_key(sorted[j * span]);
  __syncthreads();
  for (std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x; i < m;
       i += std::int64_t{gridDim.x} * block_threads) {
    const K key = sort_key(needles[i]);
    const int lo = samples_before(sample, samples, key, right);
    if (lo == 0) {
      out[i] = 0;
      continue;
    }
    // the last element known to lie before the place; each level moves it on by whole strides
    std::int64_t last = (lo - 1) * span;
    for (int l = 0; l < tree.levels; ++l) {
      const int shift = tree.shift[l];
      const std::int64_t node = last >> shift;  // a multiple of Fan
      const int count = static_cast<int>(std::min<std::int64_t>(Fan, tree.entries[l] - node));
      const int before = shift == 0 ? count_before<Fan, false>(sorted + node, count, key, right)
                                    : count_before<Fan, true>(tree.keys[l] + node, count, key, right);
      last += std::int64_t{before} << shift;
    }
    out[i] = last + 1;
  }
}

/// keys[i] = the key of sorted[i * stride], for the @p count keys of a tree level.
template <class T>
__global__ void __launch_bounds__(block_threads)
    tree_level_kernel(const T* __restrict__ sorted, std::int64_t stride, std::int64_t count,
                      sort_key_t<T>* __restrict__ keys) {
  const std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (i < count) keys[i] = sort_key(sorted[i * stride]);
}

/// The tree search of @p m needles in @p n sorted elements (aligned to 16 bytes): span = Fan^levels, the least
/// that leaves at most tree_samples samples; the levels' keys in the context's workspace.
template <class T>
void tree_search(const exec& e, const T* sorted, std::int64_t n, const T* needles, std::int64_t m, bool right,
                 std::int64_t* out) {
  using K = sort_key_t<T>;
  constexpr int fan = 32 / sizeof(K);
  search_tree<K> tree{};
  std::int64_t span = 1;
  while ((n + span - 1) / span > tree_samples) span *= fan;
  for (std::int64_t stride = span / fan; stride >= 1; stride /= fan) {
    const std::int64_t count = (n + stride - 1) / stride;
    tree.shift[tree.levels] = std::countr_zero(static_cast<std::uint64_t>(stride));  // strides are powers of 2
    tree.entries[tree.levels] = count;
    if (stride > 1) {
      K* keys = static_cast<K*>(e.workspace(sizeof(K) * count));
      launch(e, grid_for(count, block_threads), block_threads, tree_level_kernel<T>, sorted, stride, count, keys);
      tree.keys[tree.levels] = keys;
    }
    ++tree.levels;
  }
  const int samples = static_cast<int>((n + span - 1) / span);
  const unsigned grid =
      std::min(grid_for(m, block_threads), resident_blocks(tree_search_kernel<T, fan>, e.where().index()));
  launch(e, grid, block_threads, tree_search_kernel<T, fan>, sorted, n, span, samples, tree, needles, m, right, out);
}

}  // namespace

template <>
void search_sorted<cuda_backend>(const exec& e, dtype t, const void* sorted, std::int64_t n, const void* needles,
                                 std::int64_t m, bool right, std::int64_t* out) {
  visit_dtype(t.id(), [&]<class T>(type_tag<T>) {
    // the tree's levels cost about a read of the sorted array: worth it for needles at least a sixteenth as many
    if (m >= n / 16 && reinterpret_cast<std::uintptr_t>(sorted) % 16 == 0) {
      tree_search(e, static_cast<const T*>(sorted), n, static_cast<const T*>(needles), m, right, out);
      return;
    }
    const std::int64_t capacity = search_sample_bytes / sizeof(sort_key_t<T>);
    const std::int64_t stride = n <= capacity ? 1 : (n + capacity - 1) / capacity;
    const int samples = static_cast<int>((n + stride - 1) / stride);
    const unsigned grid =
        std::min(grid_for(m, block_threads), resident_blocks(sampled_search_kernel<T>, e.where().index()));
    launch(e, grid, block_threads, sampled_search_kernel<T>, static_cast<const T*>(sorted), n, stride, samples,
           static_cast<const T*>(needles), m, right, out);
  });
}

namespace {

/// Values each thread of count_bins_kernel loads at once.
constexpr int count_items = 8;

/// Atomic adds into the counts, which L2 serves: the loop strides over the grid, each thread loading
/// count_items values at once, so that many loads and adds are in flight.
template <class T>
__global__ void __launch_bounds__(block_threads)
    count_bins_kernel(const T* __restrict__ x, std::int64_t n, std::uint64_t offset, unsigned long long* counts) {
  for_each_loaded<count_items>(x, n, [&](T value) {
    atomicAdd(counts + (static_cast<std::uint64_t>(value) - offset), 1ull);
  });
}

/// One thread per bin adds its run in order: NumPy's sums, bit for bit.
__global__ void __launch_bounds__(block_threads)
    sum_bins_kernel(const double* __restrict__ values, const std::int64_t* __restrict__ begin,
                    const std::int64_t* __restrict__ end, std::int64_t m, double* __restrict__ out) {
  const std::int64_t b = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (b >= m) return;
  double sum = 0;
  for (std::int64_t i = begin[b]; i < end[b]; ++i) sum += values[i];
  out[b] = sum;
}

}  // namespace

template <>
void count_bins<cuda_backend>(const exec& e, dtype t, const void* x, std::int64_t n, std::int64_t offset,
                              std::int64_t* counts, std::int64_t) {
  visit_dtype(t.id(), [&]<class T>(type_tag<T>) {
    if constexpr (std::is_integral_v<T>) {
      const unsigned grid = std::min(grid_for(n, std::int64_t{block_threads} * count_items),
                                     resident_blocks(count_bins_kernel<T>, e.where().index()));
      launch(e, grid, block_threads, count_bins_kernel<T>, static_cast<const T*>(x), n,
             static_cast<std::uint64_t>(offset), reinterpret_cast<unsigned long long*>(counts));
    }
  });
}

template <>
void sum_bins<cuda_backend>(const exec& e, const double* values, const std::int64_t* begin, const std::int64_t* end,
                            std::int64_t m, double* out) {
  launch(e, grid_for(m, block_threads), block_threads, sum_bins_kernel, values, begin, end, m, out);
}

template <>
void flag_positions<cuda_backend>(const exec& e, const bool* flags, std::int64_t n, std::int64_t* out) {
  const auto stream = static_cast<cudaStream_t>(e.stream());
  auto* selected = static_cast<std::int64_t*>(e.workspace(sizeof(std::int64_t)));
  const thrust::counting_iterator<std::int64_t> positions(0);
  std::size_t bytes = 0;
  NUMCU_CUDA_CHECK(cub::DeviceSelect::Flagged(nullptr, bytes, positions, flags, out, selected, n, stream));
  NUMCU_CUDA_CHECK(cub::DeviceSelect::Flagged(e.workspace(bytes), bytes, positions, flags, out, selected, n, stream));
}

template <>
void sort_rows<cuda_backend>(const exec& e, const sort_call& call) {
  visit_dtype(call.type.id(), [&]<class T>(type_tag<T>) { sort_rows_of<T>(e, call); });
}

template <>
void gather<cuda_backend>(const exec& e, std::size_t itemsize, const void* src, const std::int64_t* index,
                          std::int64_t n, std::int64_t total, void* dst) {
  gather_rows(e, itemsize, src, index, n, total, dst);
}

}  // namespace numcu::detail
