// Design variants of advanced indexing (numcu_bench's group "selection", built with
// -DNUMCU_BUILD_BENCHMARK_VARIANTS=ON), standalone kernels beside numcu's rows of the joining table:
// - the gather a(idx), 2^26 random int64 indices into 2^28 float32, without the bounds check, to read what
// the
//   random reads cost and what moves them: more gathers in flight per thread, cache hints that keep the
//   streamed indices and results out of L2's way (evict-first loads and stores) or keep the random reads out
//   of L1, and a smaller L2 fetch on a miss. Bytes as the joining row: the index read, one 32-byte sector a
//   value, the result written.
// - a(a > 0) of 2^28 normal float32 with the comparison fused into the selection (no mask): a count of each
//   tile's positive values, their prefix sums, the total read back, and one pass that packs each tile's
//   positive values and writes them; what numcu's eager a > 0 followed by a(mask) would cost without the
//   mask. Bytes: the array read twice and half of it written.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <cstring>
#include <string>

#include "timing.hpp"

using bench::check;
using bench::report;
using bench::time_gpu;

namespace {

constexpr int gather_threads = 256;

/// How a variant reads and writes: plain loads and stores; the indices and the results as streams
/// (ld.global.cs, st.global.cs); the random reads through L2 only (ld.global.cg).
enum class gather_hint { plain, streaming, l2_only };

template <int Items, gather_hint Hint>
__global__ void __launch_bounds__(gather_threads)
    gather(const float* __restrict__ src, const std::int64_t* __restrict__ index, float* __restrict__ out,
           std::int64_t count) {
  const std::int64_t base = std::int64_t{blockIdx.x} * gather_threads * Items + threadIdx.x;
  std::int64_t at[Items];
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    const std::int64_t b = base + j * gather_threads;
    at[j] = b < count ? (Hint == gather_hint::streaming ? __ldcs(index + b) : index[b]) : -1;
  }
  float v[Items];
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    if (at[j] >= 0) v[j] = Hint == gather_hint::l2_only ? __ldcg(src + at[j]) : src[at[j]];
  }
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    const std::int64_t b = base + j * gather_threads;
    if (at[j] < 0) continue;
    if constexpr (Hint == gather_hint::streaming) {
      __stcs(out + b, v[j]);
    } else {
      out[b] = v[j];
    }
  }
}

/// index[i]: the top 28 bits of i times the 64-bit golden ratio, spread over [0, 2^28).
__global__ void fill_random_index(std::int64_t* index, std::int64_t count) {
  const std::int64_t i = std::int64_t{blockIdx.x} * gather_threads + threadIdx.x;
  if (i < count)
    index[i] = static_cast<std::int64_t>((static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ull) >> 36);
}

template <int Items, gather_hint Hint>
void time_variant(const std::string& name, const float* src, const std::int64_t* index, float* out,
                  std::int64_t count) {
  const auto blocks = static_cast<unsigned>((count + gather_threads * Items - 1) / (gather_threads * Items));
  report("variant: gather 2^26 into 2^28 float32, " + name, count * (8.0 + 32.0 + 4.0),
         time_gpu([&] { gather<Items, Hint><<<blocks, gather_threads>>>(src, index, out, count); }));
  check(cudaGetLastError(), name.c_str());
}

/// Values each thread of the fused selection reads at once (four 16-byte loads), and a block's tile.
constexpr int select_items = 16;
constexpr std::int64_t select_tile = std::int64_t{gather_threads} * select_items;

/// Bit k set where value first + k of the @p n at @p x is positive.
__device__ unsigned positive_bits(const float* __restrict__ x, std::int64_t n, std::int64_t first,
                                  float (&v)[select_items]) {
  if (first + select_items <= n) {
    float4 raw[select_items / 4];
#pragma unroll
    for (int j = 0; j < select_items / 4; ++j) raw[j] = reinterpret_cast<const float4*>(x + first)[j];
    std::memcpy(v, raw, sizeof v);
  } else {
#pragma unroll
    for (int k = 0; k < select_items; ++k) v[k] = first + k < n ? x[first + k] : 0.0f;
  }
  unsigned bits = 0;
#pragma unroll
  for (int k = 0; k < select_items; ++k) bits |= unsigned{v[k] > 0.0f} << k;
  return bits;
}

__global__ void __launch_bounds__(gather_threads)
    count_positive(const float* __restrict__ x, std::int64_t n, std::int64_t* counts) {
  using reduce = cub::BlockReduce<int, gather_threads>;
  __shared__ typename reduce::TempStorage storage;
  float v[select_items];
  const std::int64_t first =
      std::int64_t{blockIdx.x} * select_tile + std::int64_t{threadIdx.x} * select_items;
  const int total = reduce(storage).Sum(__popc(positive_bits(x, n, first, v)));
  if (threadIdx.x == 0) counts[blockIdx.x] = total;
}

__global__ void __launch_bounds__(gather_threads)
    select_positive(const float* __restrict__ x, std::int64_t n, const std::int64_t* __restrict__ before,
                    float* __restrict__ out) {
  using scan = cub::BlockScan<int, gather_threads>;
  __shared__ typename scan::TempStorage storage;
  __shared__ float picked[select_tile];
  float v[select_items];
  const std::int64_t first =
      std::int64_t{blockIdx.x} * select_tile + std::int64_t{threadIdx.x} * select_items;
  const unsigned bits = positive_bits(x, n, first, v);
  int at = 0, tile_count = 0;
  scan(storage).ExclusiveSum(__popc(bits), at, tile_count);
#pragma unroll
  for (int k = 0; k < select_items; ++k) {
    if (bits >> k & 1u) picked[at++] = v[k];
  }
  __syncthreads();
  float* to = out + before[blockIdx.x];
  for (int i = threadIdx.x; i < tile_count; i += gather_threads) to[i] = picked[i];
}

/// Normal-looking float32 values, about half of them positive: a hash of i mapped to (-1, 1).
__global__ void fill_signed(float* x, std::int64_t n) {
  const std::int64_t i = std::int64_t{blockIdx.x} * gather_threads + threadIdx.x;
  if (i < n) {
    const std::uint64_t h = static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ull;
    x[i] = static_cast<float>(static_cast<std::int64_t>(h) >> 40) * 0x1p-23f;
  }
}

void time_fused_selection() {
  const std::int64_t n = std::int64_t{1} << 28, tiles = n / select_tile;
  float *x = nullptr, *out = nullptr;
  std::int64_t *counts = nullptr, *before = nullptr;
  check(cudaMalloc(&x, n * sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&out, n * sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&counts, tiles * sizeof(std::int64_t)), "cudaMalloc");
  check(cudaMalloc(&before, (tiles + 1) * sizeof(std::int64_t)), "cudaMalloc");
  fill_signed<<<static_cast<unsigned>(n / gather_threads), gather_threads>>>(x, n);
  std::size_t bytes = 0;
  check(cub::DeviceScan::InclusiveSum(nullptr, bytes, counts, before + 1, tiles), "cub::DeviceScan");
  void* scratch = nullptr;
  check(cudaMalloc(&scratch, bytes), "cudaMalloc");
  check(cudaMemset(before, 0, sizeof(std::int64_t)), "cudaMemset");
  std::int64_t selected = 0;
  report("variant: a(a > 0) of 2^28 float32, the comparison fused into the selection", n * (4.0 + 4.0 + 2.0),
         time_gpu([&] {
           count_positive<<<static_cast<unsigned>(tiles), gather_threads>>>(x, n, counts);
           check(cub::DeviceScan::InclusiveSum(scratch, bytes, counts, before + 1, tiles), "cub::DeviceScan");
           check(cudaMemcpy(&selected, before + tiles, sizeof selected, cudaMemcpyDeviceToHost),
                 "cudaMemcpy");
           select_positive<<<static_cast<unsigned>(tiles), gather_threads>>>(x, n, before, out);
         }));
  check(cudaGetLastError(), "fused selection");
  cudaFree(x);
  cudaFree(out);
  cudaFree(counts);
  cudaFree(before);
  cudaFree(scratch);
}

}  // namespace

void run_selection_variants() {
  const std::int64_t n = std::int64_t{1} << 28, count = std::int64_t{1} << 26;
  float *src = nullptr, *out = nullptr;
  std::int64_t* index = nullptr;
  check(cudaMalloc(&src, n * sizeof(float)), "cudaMalloc");
  check(cudaMemset(src, 0, n * sizeof(float)), "cudaMemset");
  check(cudaMalloc(&out, count * sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&index, count * sizeof(std::int64_t)), "cudaMalloc");
  fill_random_index<<<static_cast<unsigned>(count / gather_threads), gather_threads>>>(index, count);
  check(cudaGetLastError(), "fill_random_index");
  time_variant<4, gather_hint::plain>("4 a thread", src, index, out, count);
  time_variant<8, gather_hint::plain>("8 a thread", src, index, out, count);
  time_variant<16, gather_hint::plain>("16 a thread", src, index, out, count);
  time_variant<4, gather_hint::streaming>("4 a thread, indices and results streamed", src, index, out, count);
  time_variant<8, gather_hint::streaming>("8 a thread, indices and results streamed", src, index, out, count);
  time_variant<4, gather_hint::l2_only>("4 a thread, reads through L2 only", src, index, out, count);
  std::size_t fetch = 0;
  check(cudaDeviceGetLimit(&fetch, cudaLimitMaxL2FetchGranularity), "cudaDeviceGetLimit");
  check(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 32), "cudaDeviceSetLimit");
  time_variant<4, gather_hint::plain>(
      "4 a thread, L2 fetch of 32 B (default " + std::to_string(fetch) + " B)", src, index, out, count);
  time_variant<4, gather_hint::streaming>("4 a thread, streamed, L2 fetch of 32 B", src, index, out, count);
  check(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, fetch), "cudaDeviceSetLimit");
  cudaFree(src);
  cudaFree(out);
  cudaFree(index);
  time_fused_selection();
}
