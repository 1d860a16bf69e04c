// Selection on the GPU: take and put along an axis through indices under NumPy's modes (kernels per element
// size), the bounds check of indices, and the elements picked by flags (CUB's DeviceSelect).
#include <cub/device/device_select.cuh>

#include <cstdint>

#include "core/backend.hpp"
#include "core/take_index.hpp"
#include "cuda/launch.cuh"
#include "device/element_types.hpp"

namespace numcu::detail {
namespace {

/// Gathers each thread of take_row_kernel has in flight at once.
constexpr int take_items = 4;

/// No index out of bounds yet: the value first_bad starts at (all bits set).
constexpr unsigned long long no_bad_index = ~0ull;

/// dst[b] = src[the position index[b] names] for a take from one row (outer = inner = 1), take_items
/// independent gathers per thread; an index that names none lowers *first_bad to its b.
template <class Bits>
__global__ void __launch_bounds__(block_threads)
    take_row_kernel(const Bits* __restrict__ src, std::int64_t extent, const std::int64_t* __restrict__ index,
                    std::int64_t count, index_mode mode, Bits* __restrict__ dst,
                    unsigned long long* first_bad) {
  const std::int64_t base = std::int64_t{blockIdx.x} * block_threads * take_items + threadIdx.x;
  std::int64_t at[take_items];
#pragma unroll
  for (int j = 0; j < take_items; ++j) {
    const std::int64_t b = base + j * block_threads;
    at[j] = b < count ? position_of(index[b], extent, mode) : -2;
  }
#pragma unroll
  for (int j = 0; j < take_items; ++j) {
    const std::int64_t b = base + j * block_threads;
    if (at[j] >= 0) {
      dst[b] = src[at[j]];
    } else if (at[j] == -1) {
      atomicMin(first_bad, static_cast<unsigned long long>(b));
    }
  }
}

/// The general take: element t of dst, (outer, count, inner), from src (outer, extent, inner).
template <class Bits>
__global__ void __launch_bounds__(block_threads)
    take_kernel(const Bits* __restrict__ src, std::int64_t extent, std::int64_t inner,
                const std::int64_t* __restrict__ index, std::int64_t count, std::int64_t total,
                index_mode mode, Bits* __restrict__ dst, unsigned long long* first_bad) {
  const std::int64_t t = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (t >= total) return;
  const std::int64_t i = t % inner, row = t / inner, b = row % count, o = row / count;
  const std::int64_t at = position_of(index[b], extent, mode);
  if (at >= 0) {
    dst[t] = src[(o * extent + at) * inner + i];
  } else {
    atomicMin(first_bad, static_cast<unsigned long long>(b));
  }
}

/// Element t of values, (outer, count, inner), into dst (outer, extent, inner).
template <class Bits>
__global__ void __launch_bounds__(block_threads)
    put_kernel(Bits* __restrict__ dst, std::int64_t extent, std::int64_t inner,
               const std::int64_t* __restrict__ index, std::int64_t count, std::int64_t total,
               index_mode mode, const Bits* __restrict__ values) {
  const std::int64_t t = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (t >= total) return;
  const std::int64_t i = t % inner, row = t / inner, b = row % count, o = row / count;
  const std::int64_t at = position_of(index[b], extent, mode);
  if (at >= 0) dst[(o * extent + at) * inner + i] = values[t];
}

/// Lowers *first_bad to the b of each index outside [-extent, extent).
__global__ void __launch_bounds__(block_threads)
    check_bounds_kernel(const std::int64_t* __restrict__ index, std::int64_t count, std::int64_t extent,
                        unsigned long long* first_bad) {
  for (std::int64_t b = std::int64_t{blockIdx.x} * block_threads + threadIdx.x; b < count;
       b += std::int64_t{gridDim.x} * block_threads) {
    if (position_of(index[b], extent, index_mode::raise) < 0) {
      atomicMin(first_bad, static_cast<unsigned long long>(b));
    }
  }
}

/// A flag in the context's workspace for the kernels to lower, set to no_bad_index.
unsigned long long* new_bad_flag(const exec& e) {
  auto* flag = static_cast<unsigned long long*>(e.workspace(sizeof(unsigned long long)));
  NUMCU_CUDA_CHECK(
      cudaMemsetAsync(flag, 0xff, sizeof(unsigned long long), static_cast<cudaStream_t>(e.stream())));
  return flag;
}

/// The flag's value once the stream reaches this point: the least b lowered into it, or -1.
std::int64_t read_bad_flag(const exec& e, const unsigned long long* flag) {
  unsigned long long value = 0;
  const auto stream = static_cast<cudaStream_t>(e.stream());
  NUMCU_CUDA_CHECK(cudaMemcpyAsync(&value, flag, sizeof(value), cudaMemcpyDeviceToHost, stream));
  NUMCU_CUDA_CHECK(cudaStreamSynchronize(stream));
  return value == no_bad_index ? -1 : static_cast<std::int64_t>(value);
}

}  // namespace

template <>
std::int64_t take<cuda_backend>(const exec& e, std::size_t itemsize, const void* src, std::int64_t outer,
                                std::int64_t extent, std::int64_t inner, const std::int64_t* index,
                                std::int64_t count, index_mode mode, void* dst) {
  unsigned long long* first_bad = new_bad_flag(e);
  visit_itemsize(itemsize, [&]<class Bits>(type_tag<Bits>) {
    if (outer == 1 && inner == 1) {
      launch(e, grid_for(count, std::int64_t{block_threads} * take_items), block_threads,
             take_row_kernel<Bits>, static_cast<const Bits*>(src), extent, index, count, mode,
             static_cast<Bits*>(dst), first_bad);
    } else {
      const std::int64_t total = outer * count * inner;
      launch(e, grid_for(total, block_threads), block_threads, take_kernel<Bits>,
             static_cast<const Bits*>(src), extent, inner, index, count, total, mode, static_cast<Bits*>(dst),
             first_bad);
    }
  });
  return mode == index_mode::raise ? read_bad_flag(e, first_bad) : -1;
}

template <>
std::int64_t first_out_of_bounds<cuda_backend>(const exec& e, const std::int64_t* index, std::int64_t count,
                                               std::int64_t extent) {
  unsigned long long* first_bad = new_bad_flag(e);
  const unsigned grid =
      std::min(grid_for(count, block_threads), resident_blocks(check_bounds_kernel, e.where().index()));
  launch(e, grid, block_threads, check_bounds_kernel, index, count, extent, first_bad);
  return read_bad_flag(e, first_bad);
}

template <>
void put<cuda_backend>(const exec& e, std::size_t itemsize, void* dst, std::int64_t outer,
                       std::int64_t extent, std::int64_t inner, const std::int64_t* index, std::int64_t count,
                       index_mode mode, const void* values) {
  const std::int64_t total = outer * count * inner;
  visit_itemsize(itemsize, [&]<class Bits>(type_tag<Bits>) {
    launch(e, grid_for(total, block_threads), block_threads, put_kernel<Bits>, static_cast<Bits*>(dst),
           extent, inner, index, count, total, mode, static_cast<const Bits*>(values));
  });
}

template <>
void select_flagged<cuda_backend>(const exec& e, std::size_t itemsize, const void* src, const bool* flags,
                                  std::int64_t n, void* dst) {
  const auto stream = static_cast<cudaStream_t>(e.stream());
  auto* selected = static_cast<std::int64_t*>(e.workspace(sizeof(std::int64_t)));
  visit_itemsize(itemsize, [&]<class Bits>(type_tag<Bits>) {
    const auto* in = static_cast<const Bits*>(src);
    auto* out = static_cast<Bits*>(dst);
    std::size_t bytes = 0;
    NUMCU_CUDA_CHECK(cub::DeviceSelect::Flagged(nullptr, bytes, in, flags, out, selected, n, stream));
    NUMCU_CUDA_CHECK(
        cub::DeviceSelect::Flagged(e.workspace(bytes), bytes, in, flags, out, selected, n, stream));
  });
}

}  // namespace numcu::detail
