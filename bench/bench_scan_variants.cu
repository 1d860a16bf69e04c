// cumsum of 2^28 float32 (numcu's single-pass scan, src/cuda/scan.cu), timed beside:
//  - CUB's single-pass scan (cub::DeviceScan::InclusiveSum);
//  - each 64 KiB tile scanned on its own in registers, with no prefix (a wrong cumsum): the bound of a scan that
//    reads and writes each tile once, so that the difference to numcu's row is the cost of the tiles' prefixes.
// The group `scan` of numcu_bench, built with -DNUMCU_BUILD_BENCHMARK_VARIANTS=ON. The designs measured for
// the scan and not kept, with their figures, are in docs/design_decisions.md (Scans); the current speeds in
// docs/benchmarks.md.
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <numcu/numcu.hpp>

#include "timing.hpp"

namespace nc = numcu;

namespace {

constexpr int scan_threads = 256;
constexpr int scan_vectors = 16;  // float4 vectors a thread: 64 KiB tiles (numcu's are 16 KiB)
constexpr int tile_elements = scan_threads * scan_vectors * 4;

/// Each tile's own inclusive scan (lane l of warp w: vectors l, l + 32, ... of the warp's part).
__global__ void __launch_bounds__(scan_threads) tile_local_scan(const float4* in, float4* out) {
  __shared__ float warp_totals[scan_threads / 32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const std::int64_t base = (std::int64_t{blockIdx.x} * tile_elements + warp * scan_vectors * 128) / 4 + lane;
  float4 v[scan_vectors];
#pragma unroll
  for (int c = 0; c < scan_vectors; ++c) v[c] = in[base + c * 32];
  float carry = 0.0f;
#pragma unroll
  for (int c = 0; c < scan_vectors; ++c) {
    v[c].y += v[c].x;
    v[c].z += v[c].y;
    v[c].w += v[c].z;
    float x = v[c].w;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
      const float y = __shfl_up_sync(0xffffffffu, x, d);
      if (lane >= d) x += y;
    }
    const float earlier = x - v[c].w + carry;
    v[c].x += earlier;
    v[c].y += earlier;
    v[c].z += earlier;
    v[c].w += earlier;
    carry = __shfl_sync(0xffffffffu, v[c].w, 31);
  }
  if (lane == 31) warp_totals[warp] = carry;
  __syncthreads();
  float before = 0.0f;
  for (int j = 0; j < warp; ++j) before += warp_totals[j];
#pragma unroll
  for (int c = 0; c < scan_vectors; ++c) {
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
  const auto in = static_cast<const float*>(a.data_ptr());
  float* out = nullptr;
  bench::check(cudaMalloc(&out, n * sizeof(float)), "cudaMalloc");
  std::size_t bytes = 0;
  bench::check(cub::DeviceScan::InclusiveSum(nullptr, bytes, in, out, n), "cub::DeviceScan::InclusiveSum");
  void* workspace = nullptr;
  bench::check(cudaMalloc(&workspace, bytes), "cudaMalloc");
  const double cub_ms = bench::time_gpu([&] {
    bench::check(cub::DeviceScan::InclusiveSum(workspace, bytes, in, out, n), "cub::DeviceScan::InclusiveSum");
  });
  // the largest difference from numcu's result, relative to the largest |value|
  std::vector<float> got(static_cast<std::size_t>(n));
  bench::check(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  double largest = 0, most = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    largest = std::max(largest, std::fabs(static_cast<double>(expected[i])));
    most = std::max(most, std::fabs(static_cast<double>(got[i]) - expected[i]));
  }
  char name[200];
  std::snprintf(name, sizeof name,
                "variant: cumsum float32 2^28, CUB's single-pass scan, largest difference %.1e of the largest value",
                most / largest);
  bench::report(name, n * 8.0, cub_ms);
  const double local_ms = bench::time_gpu([&] {
    tile_local_scan<<<static_cast<unsigned>(n / tile_elements), scan_threads>>>(
        reinterpret_cast<const float4*>(in), reinterpret_cast<float4*>(out));
  });
  bench::check(cudaGetLastError(), "tile_local_scan");
  bench::report("variant: each tile of 16384 float32 scanned on its own, no prefix (a bound, not a cumsum)",
                n * 8.0, local_ms);
  bench::check(cudaFree(workspace), "cudaFree");
  bench::check(cudaFree(out), "cudaFree");
}
