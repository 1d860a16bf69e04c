// Designs for cumsum of 2^28 float32, timed beside numcu's (CUB's single-pass scan), every load and store a
// 16-byte vector of a warp's 512 consecutive bytes:
//  - a single-pass scan with decoupled look-back over large tiles (256 threads x 16, 32 or 64 elements);
//  - reduce then scan, chunk by chunk of a size the L2 cache holds (16 or 32 MiB): a kernel sums each tile of
//    the chunk, reading it from memory, and a second scans each tile from the chunk's running total and the sums
//    of the tiles before it, reading the chunk again from the cache; so the memory traffic is a single pass's, at
//    the cost of two launches per chunk (timed as launched, and as one CUDA graph).
// Their sums are associated differently from CUB's, so the rows report the largest difference from numcu's
// result relative to the largest |value| instead of bitwise equality.
#include <cuda/atomic>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <numcu/numcu.hpp>

#include "timing.hpp"

namespace nc = numcu;

namespace {

constexpr int scan_threads = 256;

/// The elements of a tile whose warps each scan @p chunks float4 chunks of 128 elements.
__host__ __device__ constexpr int tile_elements_of(int chunks) { return chunks * 128 * scan_threads / 32; }

// A tile's published state: the status in the high word (1: its own sum, 2: the sum of everything up to and
// including it), the float's bits in the low word.
constexpr unsigned long long aggregate_ready = 1ull << 32, prefix_ready = 2ull << 32;

__device__ __forceinline__ unsigned long long packed(unsigned long long status, float value) {
  return status | __float_as_uint(value);
}

__device__ __forceinline__ float warp_inclusive(float x) {
  const int lane = threadIdx.x & 31;
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    const float y = __shfl_up_sync(0xffffffffu, x, d);
    if (lane >= d) x += y;
  }
  return x;
}

/// The sum of every tile before @p tile, from the states the earlier tiles published (warp 0 of the block).
__device__ float look_back(unsigned long long* states, unsigned tile) {
  const int lane = threadIdx.x & 31;
  float prefix = 0.0f;
  int last = static_cast<int>(tile) - 1;  // the newest tile not yet counted
  while (true) {
    const int t = last - lane;
    unsigned long long s = prefix_ready;  // before tile 0: a prefix of nothing
    if (t >= 0) {
      cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> state(states[t]);
      do {
        s = state.load(cuda::memory_order_acquire);
      } while ((s >> 32) == 0);
    }
    const float value = t >= 0 ? __uint_as_float(static_cast<unsigned>(s)) : 0.0f;
    // the nearest tile with a prefix ends the walk: sum that prefix and the aggregates after it
    const unsigned with_prefix = __ballot_sync(0xffffffffu, (s >> 32) == 2);
    const int stop = with_prefix ? __ffs(with_prefix) - 1 : 32;
    float x = lane <= stop && lane < 32 ? value : 0.0f;
#pragma unroll
    for (int d = 16; d > 0; d >>= 1) x += __shfl_down_sync(0xffffffffu, x, d);
    prefix += __shfl_sync(0xffffffffu, x, 0);
    if (with_prefix) return prefix;
    last -= 32;
  }
}

/// The block's tile of tile_elements_of(Chunks) elements from vector @p base of each warp (warp w's elements
/// w * Chunks * 128 ...), loaded into @p v and scanned within the block; returns the tile's total (valid in
/// every thread) and leaves in @p before what precedes the thread's warp within the tile.
template <int Chunks>
__device__ float scan_tile(const float4* in, std::int64_t base, float4 (&v)[Chunks], float& before) {
  __shared__ float warp_totals[scan_threads / 32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
#pragma unroll
  for (int c = 0; c < Chunks; ++c) v[c] = in[base + c * 32];
  float carry = 0.0f;  // the warp's sum of its earlier chunks
#pragma unroll
  for (int c = 0; c < Chunks; ++c) {
    v[c].y += v[c].x;
    v[c].z += v[c].y;
    v[c].w += v[c].z;
    const float inclusive = warp_inclusive(v[c].w);
    const float earlier = inclusive - v[c].w + carry;
    v[c].x += earlier;
    v[c].y += earlier;
    v[c].z += earlier;
    v[c].w += earlier;
    carry = __shfl_sync(0xffffffffu, v[c].w, 31);
  }
  if (lane == 31) warp_totals[warp] = carry;
  __syncthreads();
  float total = lane < scan_threads / 32 ? warp_totals[lane] : 0.0f;
  total = warp_inclusive(total);  // inclusive over the warps, in every warp
  before = __shfl_sync(0xffffffffu, total, (warp + 31) & 31);
  before = warp > 0 ? before : 0.0f;
  return __shfl_sync(0xffffffffu, total, scan_threads / 32 - 1);
}

/// Adds @p before to the block's scanned vectors @p v and stores them from vector @p base of each warp.
template <int Chunks>
__device__ void store_tile(float4* out, std::int64_t base, float4 (&v)[Chunks], float before) {
#pragma unroll
  for (int c = 0; c < Chunks; ++c) {
    v[c].x += before;
    v[c].y += before;
    v[c].z += before;
    v[c].w += before;
    out[base + c * 32] = v[c];
  }
}

/// The first vector of the thread's warp in tile @p tile of tile_elements_of(Chunks) elements.
template <int Chunks>
__device__ std::int64_t tile_base(std::int64_t tile) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  return (tile * tile_elements_of(Chunks) + warp * Chunks * 128) / 4 + lane;
}

/// A block per tile of tile_elements_of(Chunks), the tiles taken in order.
template <int Chunks>
__global__ void __launch_bounds__(scan_threads)
    look_back_scan(const float4* in, float4* out, unsigned long long* states, unsigned* next_tile) {
  __shared__ unsigned tile_of_block;
  __shared__ float block_prefix;
  if (threadIdx.x == 0) tile_of_block = atomicAdd(next_tile, 1u);  // tiles start in order
  __syncthreads();
  const unsigned tile = tile_of_block;
  const std::int64_t base = tile_base<Chunks>(tile);
  float4 v[Chunks];
  float before = 0.0f;
  const float aggregate = scan_tile<Chunks>(in, base, v, before);
  if (threadIdx.x < 32) {
    const int lane = threadIdx.x;
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> state(states[tile]);
    if (tile == 0) {
      if (lane == 0) state.store(packed(prefix_ready, aggregate), cuda::memory_order_release);
      if (lane == 0) block_prefix = 0.0f;
    } else {
      if (lane == 0) state.store(packed(aggregate_ready, aggregate), cuda::memory_order_release);
      const float prefix = look_back(states, tile);
      if (lane == 0) {
        state.store(packed(prefix_ready, prefix + aggregate), cuda::memory_order_release);
        block_prefix = prefix;
      }
    }
  }
  __syncthreads();
  store_tile<Chunks>(out, base, v, block_prefix + before);
}

/// The block's sum of @p x (valid in thread 0).
__device__ float block_sum(float x) {
  __shared__ float warps[scan_threads / 32];
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) x += __shfl_down_sync(0xffffffffu, x, d);
  if ((threadIdx.x & 31) == 0) warps[threadIdx.x >> 5] = x;
  __syncthreads();
  x = threadIdx.x < scan_threads / 32 ? warps[threadIdx.x] : 0.0f;
  if (threadIdx.x < 32) {
#pragma unroll
    for (int d = 16; d > 0; d >>= 1) x += __shfl_down_sync(0xffffffffu, x, d);
  }
  return x;
}

/// Reduce then scan, first kernel: the sum of each tile of tile_elements_of(Chunks) elements of a chunk (a block
/// per tile, its Chunks vectors a thread loaded together) to @p sums.
template <int Chunks>
__global__ void __launch_bounds__(scan_threads) chunk_tile_sums(const float4* in, float* sums) {
  const float4* tile = in + std::int64_t{blockIdx.x} * (tile_elements_of(Chunks) / 4) + threadIdx.x;
  float4 v[Chunks];
#pragma unroll
  for (int c = 0; c < Chunks; ++c) v[c] = tile[c * scan_threads];
  float x = 0.0f;
#pragma unroll
  for (int c = 0; c < Chunks; ++c) x += (v[c].x + v[c].y) + (v[c].z + v[c].w);
  x = block_sum(x);
  if (threadIdx.x == 0) sums[blockIdx.x] = x;
}

/// Reduce then scan, second kernel: tile blockIdx.x of chunk @p chunk, from the chunk's running total
/// carry[chunk] and the sums of the chunk's tiles before it (read from the cache), its input read again (from
/// the cache too, where the chunk fits); the chunk's last block writes carry[chunk + 1].
template <int Chunks>
__global__ void __launch_bounds__(scan_threads)
    chunk_scan(const float4* in, float4* out, const float* sums, float* carry, int chunk) {
  __shared__ float block_prefix;
  float p = 0.0f;
  for (unsigned t = threadIdx.x; t < blockIdx.x; t += scan_threads) p += sums[t];
  p = block_sum(p);
  if (threadIdx.x == 0) block_prefix = carry[chunk] + p;
  __syncthreads();
  const std::int64_t base = tile_base<Chunks>(blockIdx.x);
  float4 v[Chunks];
  float before = 0.0f;
  const float total = scan_tile<Chunks>(in, base, v, before);
  const float prefix = block_prefix;
  if (threadIdx.x == 0 && blockIdx.x == gridDim.x - 1) carry[chunk + 1] = prefix + total;
  store_tile<Chunks>(out, base, v, prefix + before);
}

}  // namespace

void run_scan_variants() {
  const nc::device gpu = nc::cuda(0);
  const std::int64_t n = std::int64_t{1} << 28;
  const auto a = nc::random::default_rng(9).random({n}, nc::float32, gpu);
  nc::ndarray expected_array;
  bench::report("cumsum(a) float32 2^28 random, numcu (read + write)", n * 8.0,
                bench::time_gpu([&] { expected_array = nc::cumsum(a); }));
  const std::vector<float> expected = expected_array.to_vector<float>();
  const auto in = static_cast<const float4*>(a.data_ptr());
  float4* out = nullptr;
  unsigned long long* states = nullptr;
  unsigned* next_tile = nullptr;
  const auto most_tiles = static_cast<unsigned>(n / tile_elements_of(4));
  bench::check(cudaMalloc(&out, n * sizeof(float)), "cudaMalloc");
  bench::check(cudaMalloc(&states, most_tiles * sizeof(unsigned long long)), "cudaMalloc");
  bench::check(cudaMalloc(&next_tile, sizeof(unsigned)), "cudaMalloc");
  // the largest difference of out from numcu's result, relative to the largest |value|
  const auto difference = [&] {
    std::vector<float> got(static_cast<std::size_t>(n));
    bench::check(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
    double largest = 0, most = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
      largest = std::max(largest, std::fabs(static_cast<double>(expected[i])));
      most = std::max(most, std::fabs(static_cast<double>(got[i]) - expected[i]));
    }
    return most / largest;
  };
  const auto run = [&]<int Chunks>() {
    const auto tiles = static_cast<unsigned>(n / tile_elements_of(Chunks));
    const double ms = bench::time_gpu([&] {
      bench::check(cudaMemsetAsync(states, 0, tiles * sizeof(unsigned long long)), "cudaMemsetAsync");
      bench::check(cudaMemsetAsync(next_tile, 0, sizeof(unsigned)), "cudaMemsetAsync");
      look_back_scan<Chunks><<<tiles, scan_threads>>>(in, out, states, next_tile);
    });
    bench::check(cudaGetLastError(), "look_back_scan");
    char name[200];
    std::snprintf(name, sizeof name,
                  "variant: cumsum float32 2^28, decoupled look-back over tiles of %d (memsets included), "
                  "largest difference %.1e of the largest value",
                  tile_elements_of(Chunks), difference());
    bench::report(name, n * 8.0, ms);
  };
  // reduce then scan over chunks of chunk_elements, tiles of 8192 (Chunks = 8)
  float* sums = nullptr;
  float* carry = nullptr;
  bench::check(cudaMalloc(&sums, (n / tile_elements_of(8)) * sizeof(float)), "cudaMalloc");
  bench::check(cudaMalloc(&carry, (n / tile_elements_of(8) + 1) * sizeof(float)), "cudaMalloc");
  const auto run_chunked = [&](std::int64_t chunk_elements) {
    constexpr int tile = tile_elements_of(8);
    const auto chunks = static_cast<int>(n / chunk_elements);
    const auto tiles = static_cast<unsigned>(chunk_elements / tile);
    const auto launch = [&](cudaStream_t stream) {
      bench::check(cudaMemsetAsync(carry, 0, sizeof(float), stream), "cudaMemsetAsync");
      for (int c = 0; c < chunks; ++c) {
        const float4* chunk_in = in + std::int64_t{c} * chunk_elements / 4;
        chunk_tile_sums<8><<<tiles, scan_threads, 0, stream>>>(chunk_in, sums + std::int64_t{c} * tiles);
        chunk_scan<8><<<tiles, scan_threads, 0, stream>>>(chunk_in, out + std::int64_t{c} * chunk_elements / 4,
                                                          sums + std::int64_t{c} * tiles, carry, c);
      }
    };
    const double ms = bench::time_gpu([&] { launch(nullptr); });
    bench::check(cudaGetLastError(), "chunk_scan");
    char name[200];
    std::snprintf(name, sizeof name,
                  "variant: cumsum float32 2^28, reduce then scan over chunks of %lld MiB, tiles of %d, largest "
                  "difference %.1e of the largest value",
                  static_cast<long long>(chunk_elements * 4 >> 20), tile, difference());
    bench::report(name, n * 8.0, ms);
    // the same launches as one graph
    cudaStream_t stream = nullptr;
    cudaGraph_t graph = nullptr;
    cudaGraphExec_t exec = nullptr;
    bench::check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
    bench::check(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), "cudaStreamBeginCapture");
    launch(stream);
    bench::check(cudaStreamEndCapture(stream, &graph), "cudaStreamEndCapture");
    bench::check(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
    const double graph_ms = bench::time_gpu([&] { bench::check(cudaGraphLaunch(exec, nullptr), "cudaGraphLaunch"); });
    std::snprintf(name, sizeof name,
                  "variant: cumsum float32 2^28, reduce then scan over chunks of %lld MiB, one CUDA graph, largest "
                  "difference %.1e of the largest value",
                  static_cast<long long>(chunk_elements * 4 >> 20), difference());
    bench::report(name, n * 8.0, graph_ms);
    bench::check(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
    bench::check(cudaGraphDestroy(graph), "cudaGraphDestroy");
    bench::check(cudaStreamDestroy(stream), "cudaStreamDestroy");
  };
  run.template operator()<4>();
  run.template operator()<8>();
  run.template operator()<16>();
  run_chunked(std::int64_t{1} << 22);
  run_chunked(std::int64_t{1} << 23);
  bench::check(cudaFree(sums), "cudaFree");
  bench::check(cudaFree(carry), "cudaFree");
  bench::check(cudaFree(out), "cudaFree");
  bench::check(cudaFree(states), "cudaFree");
  bench::check(cudaFree(next_tile), "cudaFree");
}
