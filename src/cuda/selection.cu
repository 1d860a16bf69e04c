// Selection on the GPU: take and put along an axis through indices under NumPy's modes (kernels per element
// size), the bounds check of indices, and the elements picked by flags (a count of each tile's flags, their
// prefix sums, and one pass that packs each tile's picked elements in shared memory and writes them at once).
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <cstring>
#include <functional>

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

/// Flags each thread of the flagged selection reads at once (one 16-byte load), and the elements it owns.
constexpr int flag_items = 16;

/// Elements, and flags, a block of count_flags_kernel and select_flagged_kernel covers.
constexpr std::int64_t flag_tile = std::int64_t{block_threads} * flag_items;

/// Bit k set where flag first + k of the @p n at @p flags is true (any byte but 0), for k < flag_items: one
/// 16-byte load where the whole group lies in range and @p aligned says the flags start on 16 bytes.
__device__ unsigned flag_bits(const bool* __restrict__ flags, std::int64_t n, std::int64_t first,
                              bool aligned) {
  unsigned char bytes[flag_items];
  if (aligned && first + flag_items <= n) {
    const uint4 group = *reinterpret_cast<const uint4*>(flags + first);
    std::memcpy(bytes, &group, sizeof bytes);
  } else {
#pragma unroll
    for (int k = 0; k < flag_items; ++k) {
      bytes[k] = first + k < n ? reinterpret_cast<const unsigned char*>(flags)[first + k] : 0;
    }
  }
  unsigned bits = 0;
#pragma unroll
  for (int k = 0; k < flag_items; ++k) bits |= unsigned{bytes[k] != 0} << k;
  return bits;
}

/// counts[tile] = the true flags of each tile of flag_tile of the @p n at @p flags.
__global__ void __launch_bounds__(block_threads)
    count_flags_kernel(const bool* __restrict__ flags, std::int64_t n, bool aligned, std::int64_t* counts) {
  using reduce = cub::BlockReduce<int, block_threads>;
  __shared__ typename reduce::TempStorage storage;
  const std::int64_t first = std::int64_t{blockIdx.x} * flag_tile + std::int64_t{threadIdx.x} * flag_items;
  const int total = reduce(storage).Sum(__popc(flag_bits(flags, n, first, aligned)));
  if (threadIdx.x == 0) counts[blockIdx.x] = total;
}

/// The elements of one tile of flag_tile at @p src whose flag is true, written in order from
/// dst[before[tile]]: each thread reads its flag_items elements (16-byte loads where @p aligned says both
/// arrays start on 16 bytes), a block scan of the threads' counts places them, and elements of up to 8 bytes
/// are packed in shared memory first and written by consecutive threads (wider ones go straight out, 16 bytes
/// each).
template <class Bits>
__global__ void __launch_bounds__(block_threads)
    select_flagged_kernel(const Bits* __restrict__ src, const bool* __restrict__ flags, std::int64_t n,
                          bool aligned, const std::int64_t* __restrict__ before, Bits* __restrict__ dst) {
  using scan = cub::BlockScan<int, block_threads>;
  constexpr bool packed = sizeof(Bits) <= 8;
  __shared__ typename scan::TempStorage storage;
  __shared__ Bits picked[packed ? flag_tile : 1];
  const std::int64_t start = std::int64_t{blockIdx.x} * flag_tile;
  const std::int64_t first = start + std::int64_t{threadIdx.x} * flag_items;
  const unsigned bits = flag_bits(flags, n, first, aligned);
  int at = 0, tile_count = 0;
  scan(storage).ExclusiveSum(__popc(bits), at, tile_count);
  if (bits == 0 && !packed) return;
  Bits values[flag_items];
  if (aligned && first + flag_items <= n) {
    uint4 raw[flag_items * sizeof(Bits) / sizeof(uint4)];
    const auto* from = reinterpret_cast<const uint4*>(src + first);
#pragma unroll
    for (int j = 0; j < int(sizeof raw / sizeof(uint4)); ++j) raw[j] = from[j];
    std::memcpy(values, raw, sizeof values);
  } else {
#pragma unroll
    for (int k = 0; k < flag_items; ++k) {
      if (bits >> k & 1u) values[k] = src[first + k];
    }
  }
  Bits* out = dst + before[blockIdx.x];
#pragma unroll
  for (int k = 0; k < flag_items; ++k) {
    if (bits >> k & 1u) {
      if constexpr (packed) {
        picked[at++] = values[k];
      } else {
        out[at++] = values[k];
      }
    }
  }
  if constexpr (packed) {
    __syncthreads();
    for (int i = threadIdx.x; i < tile_count; i += block_threads) out[i] = picked[i];
  }
}

/// A flag in the context's workspace for the kernels to lower, set to no_bad_index.
unsigned long long* new_bad_flag(const exec& e) {
  auto* flag = static_cast<unsigned long long*>(e.workspace(sizeof(unsigned long long)));
  NUMCU_CUDA_CHECK(
      cudaMemsetAsync(flag, 0xff, sizeof(unsigned long long), static_cast<cudaStream_t>(e.stream())));
  return flag;
}

/// The value at @p at on the device once the stream reaches this point (a wait for the device).
template <class T>
T read_back(const exec& e, const T* at) {
  T value{};
  const auto stream = static_cast<cudaStream_t>(e.stream());
  NUMCU_CUDA_CHECK(cudaMemcpyAsync(&value, at, sizeof(value), cudaMemcpyDeviceToHost, stream));
  NUMCU_CUDA_CHECK(cudaStreamSynchronize(stream));
  return value;
}

/// The flag's value once the stream reaches this point: the least b lowered into it, or -1.
std::int64_t read_bad_flag(const exec& e, const unsigned long long* flag) {
  const unsigned long long value = read_back(e, flag);
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
                                  std::int64_t n, const std::function<void*(std::int64_t)>& result) {
  if (n == 0) {
    result(0);
    return;
  }
  const auto stream = static_cast<cudaStream_t>(e.stream());
  const std::int64_t tiles = (n + flag_tile - 1) / flag_tile;
  // before[t] = the true flags of the tiles before tile t; before[tiles], all of them
  auto* counts = static_cast<std::int64_t*>(e.workspace(sizeof(std::int64_t) * tiles));
  auto* before = static_cast<std::int64_t*>(e.workspace(sizeof(std::int64_t) * (tiles + 1)));
  const bool flags_aligned = is_aligned(flags, sizeof(uint4));
  launch(e, static_cast<unsigned>(tiles), block_threads, count_flags_kernel, flags, n, flags_aligned, counts);
  NUMCU_CUDA_CHECK(cudaMemsetAsync(before, 0, sizeof(std::int64_t), stream));
  std::size_t bytes = 0;
  NUMCU_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, bytes, counts, before + 1, tiles, stream));
  NUMCU_CUDA_CHECK(
      cub::DeviceScan::InclusiveSum(e.workspace(bytes), bytes, counts, before + 1, tiles, stream));
  const std::int64_t count = read_back(e, before + tiles);
  void* dst = result(count);
  if (count == 0) return;
  const bool aligned = flags_aligned && is_aligned(src, sizeof(uint4));
  visit_itemsize(itemsize, [&]<class Bits>(type_tag<Bits>) {
    launch(e, static_cast<unsigned>(tiles), block_threads, select_flagged_kernel<Bits>,
           static_cast<const Bits*>(src), flags, n, aligned, before, static_cast<Bits*>(dst));
  });
}

}  // namespace numcu::detail
