// The GPU's sort entry point, by dtype (the kernels and CUB calls: cuda/sort.cuh, instantiated per key width by
// sort_<width>bit.cu), gathers through permutations, and binary searches.
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

template <class T>
__global__ void __launch_bounds__(block_threads)
    search_sorted_kernel(const T* __restrict__ sorted, std::int64_t n, const T* __restrict__ needles,
                         std::int64_t m, bool right, std::int64_t* __restrict__ out) {
  const std::int64_t i = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (i < m) out[i] = search_position(sorted, n, needles[i], right);
}

}  // namespace

template <>
void search_sorted<cuda_backend>(const exec& e, dtype t, const void* sorted, std::int64_t n, const void* needles,
                                 std::int64_t m, bool right, std::int64_t* out) {
  visit_dtype(t.id(), [&]<class T>(type_tag<T>) {
    launch(e, grid_for(m, block_threads), block_threads, search_sorted_kernel<T>, static_cast<const T*>(sorted), n,
           static_cast<const T*>(needles), m, right, out);
  });
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
