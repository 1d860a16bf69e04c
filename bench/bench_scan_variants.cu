// Designs for cumsum of 2^28 float32, timed beside numcu's (CUB's single-pass scan): a single-pass scan with
// decoupled look-back over large tiles (256 threads x 16, 32 or 64 elements), every load and store a 16-byte
// vector of a warp's 512 consecutive bytes. Its sums are associated differently from CUB's, so the row reports the
// largest difference from numcu's result relative to the largest |value| instead of bitwise equality.
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

/// A block per tile of tile_elements_of(Chunks), the tiles taken in order.
template <int Chunks>
__global__ void __launch_bounds__(scan_threads)
    look_back_scan(const float4* in, float4* out, unsigned long long* states, unsigned* next_tile) {
  constexpr int scan_chunks = Chunks;
  constexpr int warp_elements = scan_chunks * 32 * 4;
  constexpr int tile_elements = tile_elements_of(Chunks);
  __shared__ unsigned tile_of_block;
  __shared__ float warp_totals[scan_threads / 32];
  __shared__ float block_prefix;
  if (threadIdx.x == 0) tile_of_block = atomicAdd(next_tile, 1u);  // tiles start in order
  __syncthreads();
  const unsigned tile = tile_of_block;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const std::int64_t base = (std::int64_t{tile} * tile_elements + warp * warp_elements) / 4 + lane;
  float4 v[scan_chunks];
#pragma unroll
  for (int c = 0; c < scan_chunks; ++c) v[c] = in[base + c * 32];
  float carry = 0.0f;  // the warp's sum of its earlier chunks
#pragma unroll
  for (int c = 0; c < scan_chunks; ++c) {
    v[c].y += v[c].x;
    v[c].z += v[c].y;
    v[c].w += v[c].z;
    const float inclusive = warp_inclusive(v[c].w);
    const float before = inclusive - v[c].w + carry;
    v[c].x += before;
    v[c].y += before;
    v[c].z += before;
    v[c].w += before;
    carry = __shfl_sync(0xffffffffu, v[c].w, 31);
  }
  if (lane == 31) warp_totals[warp] = carry;
  __syncthreads();
  if (warp == 0) {
    float total = lane < scan_threads / 32 ? warp_totals[lane] : 0.0f;
    total = warp_inclusive(total);
    if (lane < scan_threads / 32) warp_totals[lane] = total;  // inclusive over warps
    const float aggregate = __shfl_sync(0xffffffffu, total, scan_threads / 32 - 1);
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
  const float before = block_prefix + (warp > 0 ? warp_totals[warp - 1] : 0.0f);
#pragma unroll
  for (int c = 0; c < scan_chunks; ++c) {
    v[c].x += before;
    v[c].y += before;
    v[c].z += before;
    v[c].w += before;
    out[base + c * 32] = v[c];
  }
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
  const auto run = [&]<int Chunks>() {
    const auto tiles = static_cast<unsigned>(n / tile_elements_of(Chunks));
    const double ms = bench::time_gpu([&] {
      bench::check(cudaMemsetAsync(states, 0, tiles * sizeof(unsigned long long)), "cudaMemsetAsync");
      bench::check(cudaMemsetAsync(next_tile, 0, sizeof(unsigned)), "cudaMemsetAsync");
      look_back_scan<Chunks><<<tiles, scan_threads>>>(in, out, states, next_tile);
    });
    bench::check(cudaGetLastError(), "look_back_scan");
    std::vector<float> got(static_cast<std::size_t>(n));
    bench::check(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
    double largest = 0, difference = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
      largest = std::max(largest, std::fabs(static_cast<double>(expected[i])));
      difference = std::max(difference, std::fabs(static_cast<double>(got[i]) - expected[i]));
    }
    char name[200];
    std::snprintf(name, sizeof name,
                  "variant: cumsum float32 2^28, decoupled look-back over tiles of %d (memsets included), "
                  "largest difference %.1e of the largest value",
                  tile_elements_of(Chunks), difference / largest);
    bench::report(name, n * 8.0, ms);
  };
  run.template operator()<4>();
  run.template operator()<8>();
  run.template operator()<16>();
  bench::check(cudaFree(out), "cudaFree");
  bench::check(cudaFree(states), "cudaFree");
  bench::check(cudaFree(next_tile), "cudaFree");
}
