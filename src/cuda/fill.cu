// Fill kernels: one value into every element of a contiguous or strided destination, by element size.
#include <cstring>

#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/element_types.hpp"
#include "device/offset_calculator.hpp"

namespace numcu::detail {
namespace {

template <class T, int Vec>
__global__ void __launch_bounds__(block_threads)
    fill_contiguous_kernel(T* __restrict__ dst, T value, std::int64_t n) {
  constexpr std::int64_t per_block = std::int64_t{block_threads} * Vec;
  const std::int64_t start = blockIdx.x * per_block;
  if (start + per_block <= n) {
    vector_of<T, Vec> v;
#pragma unroll
    for (int i = 0; i < Vec; ++i) v.values[i] = value;
    reinterpret_cast<vector_of<T, Vec>*>(dst + start)[threadIdx.x] = v;
  } else {
    for (std::int64_t i = start + threadIdx.x; i < n; i += block_threads) dst[i] = value;
  }
}

template <class T>
__global__ void __launch_bounds__(block_threads)
    fill_strided_kernel(char* dst, T value, offset_calculator<1> offsets, std::uint32_t n) {
  const std::uint32_t i = blockIdx.x * block_threads + threadIdx.x;
  if (i < n) {
    std::int64_t o[1];
    offsets.get(i, o);
    *reinterpret_cast<T*>(dst + o[0]) = value;
  }
}

bool all_zero_bytes(const void* value, std::size_t itemsize) {
  const auto* bytes = static_cast<const unsigned char*>(value);
  for (std::size_t i = 0; i < itemsize; ++i) {
    if (bytes[i] != 0) return false;
  }
  return true;
}

}  // namespace

template <>
void fill<cuda_backend>(const exec& e, const iteration_plan& plan, const void* value, std::size_t itemsize) {
  if (plan.is_contiguous() && all_zero_bytes(value, itemsize)) {
    NUMCU_CUDA_CHECK(
        cudaMemsetAsync(plan.data[0], 0, plan.numel * itemsize, static_cast<cudaStream_t>(e.stream())));
    return;
  }
  visit_itemsize(itemsize, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T v;
    std::memcpy(&v, value, sizeof(T));
    if (plan.is_contiguous()) {
      constexpr int vec = 16 / sizeof(T);
      T* dst = reinterpret_cast<T*>(plan.data[0]);
      if (is_aligned(dst, 16)) {
        launch(e, grid_for(plan.numel, block_threads * vec), block_threads, fill_contiguous_kernel<T, vec>,
               dst, v, plan.numel);
      } else {
        launch(e, grid_for(plan.numel, block_threads), block_threads, fill_contiguous_kernel<T, 1>, dst, v,
               plan.numel);
      }
      return;
    }
    for_each_sub_plan(plan, max_32bit_numel, [&](const iteration_plan& piece) {
      launch(e, grid_for(piece.numel, block_threads), block_threads, fill_strided_kernel<T>, piece.data[0], v,
             offset_calculator<1>(piece), static_cast<std::uint32_t>(piece.numel));
    });
  });
}

}  // namespace numcu::detail
