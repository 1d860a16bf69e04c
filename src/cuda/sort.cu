// The GPU's sort entry point, by dtype (the kernels and CUB calls: cuda/sort.cuh, instantiated per key width by
// sort_<width>bit.cu), gathers through permutations, binary searches, the
// positions of true flags, bin counts and sums.
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

/// Bytes of shared memory a block of search_sorted_kernel fills with samples of the sorted array.
constexpr int search_sample_bytes = 32768;

/// For each needle (a grid-stride loop on resident blocks), its place in the @p n sorted elements: first among
/// the @p samples keys of every @p stride-th element, which each block keeps in shared memory, then in the
/// stride of elements that leaves. The samples take the first dozen steps of the binary search out of the
/// L2 cache, whose traffic bounds the search.
template <class T>
__global__ void __launch_bounds__(block_threads)
    search_sorted_kernel(const T* __restrict__ sorted, std::int64_t n, std::int64_t stride, int samples,
                         const T* __restrict__ needles, std::int64_t m, bool right, std::int64_t* __restrict__ out) {
  using K = sort_key_t<T>;
  __shared__ K sample[search_sample_bytes / sizeof(K)];
  for (int j = threadIdx.x; j < samples; j += block_threads) sample[j] = sort_key(sorted[j * stride]);
  __syncthreads();
  for (std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x; i < m;
       i += std::int64_t{gridDim.x} * block_threads) {
    const T needle = needles[i];
    const K key = sort_key(needle);
    int lo = 0, hi = samples;  // lo: the samples before the needle's place
    while (lo < hi) {
      const int mid = (lo + hi) / 2;
      const K s = sample[mid];
      if (right ? !(key < s) : s < key) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    // the place lies after sample lo - 1 and at or before sample lo
    const std::int64_t first = lo == 0 ? 0 : (lo - 1) * stride + 1;
    const std::int64_t last = lo == samples ? n : lo * stride;
    out[i] = first + search_position(sorted + first, last - first, needle, right);
  }
}

}  // namespace

template <>
void search_sorted<cuda_backend>(const exec& e, dtype t, const void* sorted, std::int64_t n, const void* needles,
                                 std::int64_t m, bool right, std::int64_t* out) {
  visit_dtype(t.id(), [&]<class T>(type_tag<T>) {
    const std::int64_t capacity = search_sample_bytes / sizeof(sort_key_t<T>);
    const std::int64_t stride = n <= capacity ? 1 : (n + capacity - 1) / capacity;
    const int samples = static_cast<int>((n + stride - 1) / stride);
    const unsigned grid = std::min(grid_for(m, block_threads), resident_blocks(search_sorted_kernel<T>, e.where().index()));
    launch(e, grid, block_threads, search_sorted_kernel<T>, static_cast<const T*>(sorted), n, stride, samples,
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
