// Designs for reductions timed beside numcu's kernels, each checked bit for bit against numcu's result: short
// rows (sum(X, 1) of (2^20, 256)), argmax and the whole-array sum (below), and first the column case, sum(X,
// 0) of a (256, 2^20) float32 matrix (and, below, of a 16384^2 one), against numcu's kernel for it
// (reduction_vector_short_columns_kernel: a block per 128 columns, a float4 of 4 columns a thread, 8 warps each
// taking 8 of a column's 64 slots, their partials combined through shared memory). Each variant computes numcu's
// fixed order for this shape (device/reduction_order.hpp: 64 slots of 4 consecutive rows, each folded in double
// from -0.0 in row order, the slots combined in a perfect binary tree of adjacent pairs, then +0.0 added and the
// sum rounded to float32), so its result must equal numcu's bit for bit; the row says whether it did.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include <numcu/numcu.hpp>

#include "timing.hpp"

namespace nc = numcu;
using bench::check;
using bench::report;
using bench::time_gpu;

namespace {

constexpr int rows = 256;
constexpr std::int64_t columns = std::int64_t{1} << 20;
constexpr int slot_rows = 4;  // a slot: 4 consecutive rows (one 16-byte vector's elements in the order)

/// Four columns' partials.
struct quad {
  double x, y, z, w;
};

__device__ __forceinline__ double add(double a, double b) {
  return a + b;
}
__device__ __forceinline__ quad add(const quad& a, const quad& b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w};
}

/// Slot partials of one column (Lanes = 1), 2 adjacent columns (float2 loads) or 4 (float4 loads): rows
/// first * 4 ... first * 4 + 3 folded from -0.0; the float4 loads through the read-only data path (__ldg), or,
/// with Plain, as numcu's kernels load (plain global loads). With NanTest (float4 loads), each value passes the
/// test numcu's sum functor makes of every element for nansum (a NaN added as 0.0 where skip_nan, a kernel
/// argument), so that the design's cost of the test is measured: the reason the column kernels launch the
/// functor's form without it where nothing is skipped (without_nan_test_t).
template <int Lanes, bool Plain = false, bool NanTest = false>
struct column_slots {
  const float* in;  // the first of this thread's columns
  bool skip_nan = false;
  __device__ __forceinline__ double value(float x) const {
    if constexpr (NanTest) return skip_nan && isnan(x) ? 0.0 : static_cast<double>(x);
    return x;
  }
  __device__ __forceinline__ auto slot(int s) const {
    if constexpr (Lanes == 1) {
      double acc = -0.0;
#pragma unroll
      for (int r = 0; r < slot_rows; ++r)
        acc = acc + static_cast<double>(__ldg(in + (s * slot_rows + r) * columns));
      return acc;
    } else if constexpr (Lanes == 2) {
      quad acc{-0.0, -0.0, -0.0, -0.0};  // z and w unused
#pragma unroll
      for (int r = 0; r < slot_rows; ++r) {
        const float2 v = __ldg(reinterpret_cast<const float2*>(in + (s * slot_rows + r) * columns));
        acc.x = acc.x + v.x;
        acc.y = acc.y + v.y;
      }
      return acc;
    } else {
      quad acc{-0.0, -0.0, -0.0, -0.0};
#pragma unroll
      for (int r = 0; r < slot_rows; ++r) {
        const float4* at = reinterpret_cast<const float4*>(in + (s * slot_rows + r) * columns);
        const float4 v = Plain ? *at : __ldg(at);
        acc = add(acc, quad{value(v.x), value(v.y), value(v.z), value(v.w)});
      }
      return acc;
    }
  }
};

/// The tree of adjacent pairs over slots first ... first + N - 1.
template <int N, class Slots>
__device__ __forceinline__ auto slot_tree(const Slots& s, int first) {
  if constexpr (N == 1) {
    return s.slot(first);
  } else {
    const auto low = slot_tree<N / 2>(s, first);
    return add(low, slot_tree<N / 2>(s, first + N / 2));
  }
}

/// Stores the sums of Lanes columns from @p out: +0.0 added (numcu's sum starts from +0.0), rounded to
/// float32.
template <int Lanes, class A>
__device__ __forceinline__ void store_sums(float* out, const A& total) {
  if constexpr (Lanes == 1) {
    out[0] = static_cast<float>(0.0 + total);
  } else {
    out[0] = static_cast<float>(0.0 + total.x);
    out[1] = static_cast<float>(0.0 + total.y);
    if constexpr (Lanes == 4) {
      out[2] = static_cast<float>(0.0 + total.z);
      out[3] = static_cast<float>(0.0 + total.w);
    }
  }
}

/// A thread per Lanes adjacent columns, the whole column's tree in registers.
template <int Lanes>
__global__ void __launch_bounds__(128) column_per_thread(const float* in, float* out) {
  const std::int64_t c = (std::int64_t{blockIdx.x} * blockDim.x + threadIdx.x) * Lanes;
  const auto total = slot_tree<rows / slot_rows>(column_slots<Lanes>{in + c}, 0);
  store_sums<Lanes>(out + c, total);
}

/// A thread per column, as column_per_thread<1>, but each batch of 8 slots (32 rows) loaded into registers
/// before any is added, so that 32 loads per thread are in flight together.
__global__ void __launch_bounds__(128) column_batched(const float* in, float* out) {
  const std::int64_t c = std::int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  constexpr int batch = 8, batches = rows / slot_rows / batch;
  double tree[batches];
#pragma unroll
  for (int b = 0; b < batches; ++b) {
    float v[batch * slot_rows];
#pragma unroll
    for (int k = 0; k < batch * slot_rows; ++k) v[k] = __ldg(in + (b * batch * slot_rows + k) * columns + c);
    double p[batch];
#pragma unroll
    for (int s = 0; s < batch; ++s) {
      double acc = -0.0;
#pragma unroll
      for (int r = 0; r < slot_rows; ++r) acc = acc + static_cast<double>(v[s * slot_rows + r]);
      p[s] = acc;
    }
    tree[b] = add(add(add(p[0], p[1]), add(p[2], p[3])), add(add(p[4], p[5]), add(p[6], p[7])));
  }
  const double total = add(add(add(tree[0], tree[1]), add(tree[2], tree[3])),
                           add(add(tree[4], tree[5]), add(tree[6], tree[7])));
  out[c] = static_cast<float>(0.0 + total);
}

/// A block of 8 warps per 32 * Lanes columns, warp g taking slots 8g ... 8g + 7 (as numcu's kernel), their
/// trees combined through shared memory by warp 0.
template <int Lanes, bool Plain = false, bool NanTest = false>
__global__ void __launch_bounds__(256) column_groups(const float* in, float* out, bool skip_nan) {
  using A = decltype(column_slots<Lanes>{nullptr}.slot(0));
  __shared__ A partial[8][32];
  const int lane = threadIdx.x & 31, group = threadIdx.x >> 5;
  const std::int64_t c = (std::int64_t{blockIdx.x} * 32 + lane) * Lanes;
  partial[group][lane] = slot_tree<8>(column_slots<Lanes, Plain, NanTest>{in + c, skip_nan}, group * 8);
  __syncthreads();
  if (group != 0) return;
  A total = add(add(partial[0][lane], partial[1][lane]), add(partial[2][lane], partial[3][lane]));
  total = add(total, add(add(partial[4][lane], partial[5][lane]), add(partial[6][lane], partial[7][lane])));
  store_sums<Lanes>(out + c, total);
}

// The long columns of a 16384^2 float32 matrix (sum over axis 0): two tiles of 8192 rows; slot t of tile j
// holds rows j * 8192 + g * 1024 + t * 4 + e (g < 8, e < 4), folded in double from -0.0 in that order; each
// tile's 256 slots in their tree; the two tiles' partials added, then +0.0, rounded to float32.
constexpr std::int64_t side = 16384;

/// The tree over slots first ... first + N - 1 of tile @p tile of column @p c, each slot's 32 values loaded
/// together.
template <int N>
__device__ __forceinline__ double long_slot_tree(const float* in, std::int64_t c, int tile, int first) {
  if constexpr (N == 1) {
    float v[32];
#pragma unroll
    for (int k = 0; k < 32; ++k) {
      const std::int64_t row = std::int64_t{tile} * 8192 + (k >> 2) * 1024 + first * 4 + (k & 3);
      v[k] = __ldg(in + row * side + c);
    }
    double acc = -0.0;
#pragma unroll
    for (int k = 0; k < 32; ++k) acc = acc + static_cast<double>(v[k]);
    return acc;
  } else {
    const double low = long_slot_tree<N / 2>(in, c, tile, first);
    return low + long_slot_tree<N / 2>(in, c, tile, first + N / 2);
  }
}

/// Tile @p tile's partial of the block's 32 columns: warp g the subtree of slots 32g ... 32g + 31, warp 0 the
/// tree over the 8 warps' partials (valid in warp 0).
__device__ __forceinline__ double long_tile(const float* in, std::int64_t c, int tile,
                                            double (*partial)[32]) {
  const int lane = threadIdx.x & 31, group = threadIdx.x >> 5;
  partial[group][lane] = long_slot_tree<32>(in, c, tile, group * 32);
  __syncthreads();
  double p[8];
#pragma unroll
  for (int g = 0; g < 8; ++g) p[g] = partial[g][lane];
  __syncthreads();
  return ((p[0] + p[1]) + (p[2] + p[3])) + ((p[4] + p[5]) + (p[6] + p[7]));
}

/// A block per 32 columns, both tiles in it (no second stage).
__global__ void __launch_bounds__(256) long_columns_one_pass(const float* in, float* out) {
  __shared__ double partial[8][32];
  const std::int64_t c = std::int64_t{blockIdx.x} * 32 + (threadIdx.x & 31);
  const double t0 = long_tile(in, c, 0, partial);
  const double t1 = long_tile(in, c, 1, partial);
  if (threadIdx.x < 32) out[c] = static_cast<float>(0.0 + (t0 + t1));
}

/// A block per 32 columns and tile (blockIdx.y), each tile's partial to @p partials, then
/// long_columns_combine.
__global__ void __launch_bounds__(256) long_columns_tiles(const float* in, double* partials) {
  __shared__ double partial[8][32];
  const std::int64_t c = std::int64_t{blockIdx.x} * 32 + (threadIdx.x & 31);
  const double t = long_tile(in, c, static_cast<int>(blockIdx.y), partial);
  if (threadIdx.x < 32) partials[blockIdx.y * side + c] = t;
}

__global__ void long_columns_combine(const double* partials, float* out) {
  const std::int64_t c = std::int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  out[c] = static_cast<float>(0.0 + (partials[c] + partials[side + c]));
}

// Short rows: sum(X, 1) of a (2^20, 256) float32 matrix, each row 64 slots of 4 consecutive elements (one
// 16-byte vector), folded in double from -0.0, the slots' tree, +0.0, rounded to float32.
constexpr int short_row = 256;

/// The tree of adjacent pairs over p[0] ... p[N - 1].
template <int N>
__device__ __forceinline__ double pair_tree(const double* p) {
  if constexpr (N == 1) {
    return p[0];
  } else {
    return pair_tree<N / 2>(p) + pair_tree<N / 2>(p + N / 2);
  }
}

/// Lanes lanes per row: lane l of a row loads slots l, l + Lanes, ... (16-byte vectors, all at once); each
/// group of Lanes adjacent slots is reduced across the lanes, the groups' partials combined in their tree.
template <int Lanes>
__global__ void __launch_bounds__(256) short_rows_lanes(const float4* in, float* out) {
  constexpr int groups = short_row / 4 / Lanes;
  const int sub = threadIdx.x % Lanes;
  const std::int64_t r = (std::int64_t{blockIdx.x} * blockDim.x + threadIdx.x) / Lanes;
  const float4* row = in + r * (short_row / 4);
  float4 v[groups];
#pragma unroll
  for (int g = 0; g < groups; ++g) v[g] = __ldg(row + g * Lanes + sub);
  double p[groups];
#pragma unroll
  for (int g = 0; g < groups; ++g) {
    double x = -0.0;
    x = x + v[g].x;
    x = x + v[g].y;
    x = x + v[g].z;
    x = x + v[g].w;
#pragma unroll
    for (int d = 1; d < Lanes; d <<= 1) {
      const double y = __shfl_down_sync(0xffffffffu, x, d, Lanes);
      if ((sub & (2 * d - 1)) == 0) x = x + y;
    }
    p[g] = x;
  }
  if (sub == 0) out[r] = static_cast<float>(0.0 + pair_tree<groups>(p));
}

// argmax of 2^28 float32: the first index of the largest value (the first NaN where there is one) is one
// number whatever the order of the search, so a design may search in any order and must give numcu's index.

/// A key whose unsigned order is argmax's: the value's order (NaN above everything, -0.0 equal to +0.0) in
/// the high word, the index reversed in the low word (of two equal values, the first wins).
__device__ __forceinline__ unsigned long long argmax_key(float v, unsigned i) {
  unsigned bits = v == 0.0f ? 0u : __float_as_uint(v);
  bits = (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
  if (v != v) bits = 0xffffffffu;
  return (static_cast<unsigned long long>(bits) << 32) | (0xffffffffu - i);
}

/// The largest key of the four values of @p v, the first at index @p i.
__device__ __forceinline__ unsigned long long vector_key(const float4& v, unsigned i) {
  const unsigned long long a = argmax_key(v.x, i), b = argmax_key(v.y, i + 1);
  const unsigned long long c = argmax_key(v.z, i + 2), d = argmax_key(v.w, i + 3);
  const unsigned long long ab = a > b ? a : b, cd = c > d ? c : d;
  return ab > cd ? ab : cd;
}

__device__ __forceinline__ unsigned long long warp_max(unsigned long long k) {
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) {
    const unsigned long long other = __shfl_down_sync(0xffffffffu, k, d);
    k = other > k ? other : k;
  }
  return k;
}

/// The largest key of the block's @p key (valid in thread 0).
__device__ __forceinline__ unsigned long long block_max(unsigned long long key) {
  __shared__ unsigned long long warps[8];
  key = warp_max(key);
  if ((threadIdx.x & 31) == 0) warps[threadIdx.x >> 5] = key;
  __syncthreads();
  if (threadIdx.x < 32) key = warp_max(threadIdx.x < 8 ? warps[threadIdx.x] : 0ull);
  return key;
}

/// The largest key of a thread's 8 vectors of the tile of 8192 elements at vector @p tile_first: vectors
/// threadIdx.x, threadIdx.x + 256, ..., loaded together.
__device__ __forceinline__ unsigned long long tile_thread_key(const float4* in, unsigned tile_first) {
  const unsigned first = tile_first + threadIdx.x;
  float4 v[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) v[k] = __ldg(in + first + k * 256);
  unsigned long long key = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    const unsigned long long m = vector_key(v[k], (first + k * 256) * 4);
    key = m > key ? m : key;
  }
  return key;
}

/// A block per 8192 elements, the block's key to @p keys.
__global__ void __launch_bounds__(256) argmax_blocks(const float4* in, unsigned long long* keys) {
  const unsigned long long key = block_max(tile_thread_key(in, blockIdx.x * 2048u));
  if (threadIdx.x == 0) keys[blockIdx.x] = key;
}

/// argmax along rows of 16384: a block per row, each thread 16 vectors (loaded together), the row's index to
/// @p out.
__global__ void __launch_bounds__(256) argmax_rows(const float4* in, long long* out) {
  const float4* row = in + std::int64_t{blockIdx.x} * 4096;
  float4 v[16];
#pragma unroll
  for (int k = 0; k < 16; ++k) v[k] = __ldg(row + threadIdx.x + k * 256);
  unsigned long long key = 0;
#pragma unroll
  for (int k = 0; k < 16; ++k) {
    const unsigned i = (threadIdx.x + k * 256) * 4;
    const unsigned long long m = vector_key(v[k], i);
    key = m > key ? m : key;
  }
  key = block_max(key);
  if (threadIdx.x == 0) out[blockIdx.x] = 0xffffffffu - static_cast<unsigned>(key);
}

/// One block of 256 threads: the largest of @p count keys, its index to @p out.
__global__ void __launch_bounds__(256)
    argmax_keys(const unsigned long long* keys, unsigned count, long long* out) {
  unsigned long long key = 0;
  for (unsigned k = threadIdx.x; k < count; k += 256) key = keys[k] > key ? keys[k] : key;
  key = block_max(key);
  if (threadIdx.x == 0) *out = 0xffffffffu - static_cast<unsigned>(key);
}

/// A block per run of 8 tiles of 8192 elements, as numcu's tiles kernel spreads a whole array: warp g computes
/// group g of each tile in turn (each thread 8 vectors of a tile, loaded together), the run's key to @p keys.
__global__ void __launch_bounds__(256) argmax_runs(const float4* in, unsigned long long* keys) {
  __shared__ unsigned long long groups[8][8];
  const int warp = threadIdx.x >> 5;
  for (int t = 0; t < 8; ++t) {
    const unsigned long long key = warp_max(tile_thread_key(in, (blockIdx.x * 8u + t) * 2048u));
    if ((threadIdx.x & 31) == 0) groups[t][warp] = key;
  }
  __syncthreads();
  if (threadIdx.x < 32) {
    unsigned long long key = groups[threadIdx.x >> 3][threadIdx.x & 7];
    const unsigned long long other = groups[4 + (threadIdx.x >> 3)][threadIdx.x & 7];
    key = warp_max(other > key ? other : key);
    if (threadIdx.x == 0) keys[blockIdx.x] = key;
  }
}

// The whole-array sum of 2^28 float32 in numcu's order: each slot's 32 values (8 vectors 256 apart) folded in
// double from -0.0, the tile's 256 slots and then the 32768 tiles in perfect trees of adjacent pairs, +0.0,
// rounded to float32.

/// The warp's partial of one group of 32 slots (valid in lane 0): the lane's slot, its 8 vectors @p v, folded
/// in double from -0.0 in index order, then the 32 lanes' tree of adjacent pairs.
__device__ __forceinline__ double group_sum(const float4* v) {
  double x = -0.0;
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    x = x + v[k].x;
    x = x + v[k].y;
    x = x + v[k].z;
    x = x + v[k].w;
  }
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) x = x + __shfl_down_sync(0xffffffffu, x, d);
  return x;
}

/// A block per tile: the tile's partial to @p partials.
__global__ void __launch_bounds__(256) sum_tiles(const float4* in, double* partials) {
  __shared__ double groups[8];
  const float4* slot = in + std::int64_t{blockIdx.x} * 2048 + threadIdx.x;
  float4 v[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) v[k] = __ldg(slot + k * 256);
  const double x = group_sum(v);
  if ((threadIdx.x & 31) == 0) groups[threadIdx.x >> 5] = x;
  __syncthreads();
  if (threadIdx.x == 0) partials[blockIdx.x] = pair_tree<8>(groups);
}

/// One block of 1024 threads: the tree over @p count (32768) tile partials, the sum to @p out.
__global__ void __launch_bounds__(1024) sum_partials(const double* partials, float* out) {
  __shared__ double warps[32];
  double p[32];
#pragma unroll
  for (int k = 0; k < 32; ++k) p[k] = partials[threadIdx.x * 32 + k];
  double x = pair_tree<32>(p);
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) x = x + __shfl_down_sync(0xffffffffu, x, d);
  if ((threadIdx.x & 31) == 0) warps[threadIdx.x >> 5] = x;
  __syncthreads();
  if (threadIdx.x == 0) *out = static_cast<float>(0.0 + pair_tree<32>(warps));
}

/// sum(X, 1) of a 16384^2 float32 matrix in numcu's order (each row 2 tiles, as sum_tiles computes each,
/// their sum, +0.0, rounded): a block per row, each thread loading its slot of both tiles (16 vectors)
/// together.
__global__ void __launch_bounds__(256) sum_rows(const float4* in, float* out) {
  __shared__ double groups[2][8];
  const float4* slot = in + std::int64_t{blockIdx.x} * 4096 + threadIdx.x;
  float4 v[16];
#pragma unroll
  for (int k = 0; k < 16; ++k) v[k] = __ldg(slot + (k / 8) * 2048 + (k % 8) * 256);
#pragma unroll
  for (int t = 0; t < 2; ++t) {
    const double x = group_sum(v + 8 * t);
    if ((threadIdx.x & 31) == 0) groups[t][threadIdx.x >> 5] = x;
  }
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = static_cast<float>(0.0 + (pair_tree<8>(groups[0]) + pair_tree<8>(groups[1])));
}

/// Times @p launch, which writes expected.size() float sums to @p out, and reports it under @p name with
/// whether its sums are numcu's bits (@p expected).
template <class Launch>
void run_variant(const char* name, double bytes, const std::vector<float>& expected, float* out,
                 Launch launch) {
  const std::size_t size = expected.size() * sizeof(float);
  check(cudaMemset(out, 0xff, size), "cudaMemset");
  const double ms = time_gpu(launch);
  check(cudaGetLastError(), name);
  std::vector<float> got(expected.size());
  check(cudaMemcpy(got.data(), out, size, cudaMemcpyDeviceToHost), "cudaMemcpy");
  const bool same = std::memcmp(got.data(), expected.data(), size) == 0;
  report(std::string(name) + (same ? ", bitwise equal to numcu" : ", NOT bitwise equal to numcu"), bytes, ms);
}

/// Long columns: sum(X, 0) of a 16384^2 float32 matrix, the designs above against numcu.
void run_long_column_variants() {
  const nc::device gpu = nc::cuda(0);
  const auto x = nc::random::default_rng(8).random({side, side}, nc::float32, gpu);
  const float* in = static_cast<const float*>(x.data_ptr());
  const auto expected = nc::sum(x, 0).to_vector<float>();
  const double bytes = side * side * 4.0;
  report("sum(X, 0) 16384^2 float32 random, numcu", bytes, time_gpu([&] { (void)nc::sum(x, 0); }));
  float* out = nullptr;
  double* partials = nullptr;
  check(cudaMalloc(&out, side * sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&partials, 2 * side * sizeof(double)), "cudaMalloc");
  const auto run = [&](const char* name, auto launch) { run_variant(name, bytes, expected, out, launch); };
  const auto blocks = static_cast<unsigned>(side / 32);
  run("variant: sum(X, 0) 16384^2, 8 warps per 32 columns, both tiles in the block",
      [&] { long_columns_one_pass<<<blocks, 256>>>(in, out); });
  run("variant: sum(X, 0) 16384^2, 8 warps per 32 columns and tile, then a combine", [&] {
    long_columns_tiles<<<dim3(blocks, 2), 256>>>(in, partials);
    long_columns_combine<<<static_cast<unsigned>(side / 256), 256>>>(partials, out);
  });
  check(cudaFree(out), "cudaFree");
  check(cudaFree(partials), "cudaFree");
}

/// Short rows: sum(X, 1) of a (2^20, 256) float32 matrix, a warp, half a warp or a quarter per row.
void run_short_row_variants() {
  const nc::device gpu = nc::cuda(0);
  const std::int64_t count = std::int64_t{1} << 20;
  const auto x = nc::random::default_rng(10).random({count, short_row}, nc::float32, gpu);
  const auto in = static_cast<const float4*>(x.data_ptr());
  const auto expected = nc::sum(x, 1).to_vector<float>();
  const double bytes = count * short_row * 4.0;
  report("sum(X, 1) (2^20, 256) float32 random, numcu", bytes, time_gpu([&] { (void)nc::sum(x, 1); }));
  float* out = nullptr;
  check(cudaMalloc(&out, count * sizeof(float)), "cudaMalloc");
  const auto blocks = [&](int lanes) { return static_cast<unsigned>(count * lanes / 256); };
  run_variant("variant: sum(X, 1) (2^20, 256), a warp per row", bytes, expected, out,
              [&] { short_rows_lanes<32><<<blocks(32), 256>>>(in, out); });
  run_variant("variant: sum(X, 1) (2^20, 256), 16 lanes per row", bytes, expected, out,
              [&] { short_rows_lanes<16><<<blocks(16), 256>>>(in, out); });
  run_variant("variant: sum(X, 1) (2^20, 256), 8 lanes per row", bytes, expected, out,
              [&] { short_rows_lanes<8><<<blocks(8), 256>>>(in, out); });
  check(cudaFree(out), "cudaFree");
}

/// argmax of 2^28 float32 (random values, and a linear ramp as numcu_bench's argmax row times).
void run_argmax_variants() {
  const nc::device gpu = nc::cuda(0);
  const std::int64_t n = std::int64_t{1} << 28;
  unsigned long long* keys = nullptr;
  long long* index = nullptr;
  const auto blocks = static_cast<unsigned>(n / 8192);
  check(cudaMalloc(&keys, blocks * sizeof(unsigned long long)), "cudaMalloc");
  check(cudaMalloc(&index, sizeof(long long)), "cudaMalloc");
  for (const bool ramp : {false, true}) {
    const auto a = ramp ? nc::linspace(-1.0, 1.0, n, true, nc::float32, gpu)
                        : nc::random::default_rng(11).random({n}, nc::float32, gpu);
    const auto in = static_cast<const float4*>(a.data_ptr());
    const std::string what = ramp ? "ramp" : "random";
    const auto expected = nc::argmax(a).item<std::int64_t>();
    report("argmax(a) float32 2^28 " + what + ", numcu", n * 4.0, time_gpu([&] { (void)nc::argmax(a); }));
    const double ms = time_gpu([&] {
      argmax_blocks<<<blocks, 256>>>(in, keys);
      argmax_keys<<<1, 256>>>(keys, blocks, index);
    });
    check(cudaGetLastError(), "argmax variant");
    long long got = -1;
    check(cudaMemcpy(&got, index, sizeof got, cudaMemcpyDeviceToHost), "cudaMemcpy");
    report("variant: argmax(a) float32 2^28 " + what + ", 64-bit keys, a block per 8192, then one block" +
               (got == expected ? ", numcu's index" : ", NOT numcu's index"),
           n * 4.0, ms);
    // numcu's run structure with the design's keys: whether the runs or the functor cost the difference
    const double runs_ms = time_gpu([&] {
      argmax_runs<<<blocks / 8, 256>>>(in, keys);
      argmax_keys<<<1, 256>>>(keys, blocks / 8, index);
    });
    check(cudaGetLastError(), "argmax variant");
    check(cudaMemcpy(&got, index, sizeof got, cudaMemcpyDeviceToHost), "cudaMemcpy");
    report("variant: argmax(a) float32 2^28 " + what + ", 64-bit keys, a block per 8 tiles (numcu's runs)" +
               (got == expected ? ", numcu's index" : ", NOT numcu's index"),
           n * 4.0, runs_ms);
  }
  check(cudaFree(keys), "cudaFree");
  check(cudaFree(index), "cudaFree");
  // along the rows of a 16384^2 matrix (random values)
  const std::int64_t rows_of = 16384;
  const auto x = nc::random::default_rng(12).random({rows_of, rows_of}, nc::float32, gpu);
  const auto expected = nc::argmax(x, 1).to_vector<std::int64_t>();
  report("argmax(X, 1) 16384^2 float32 random, numcu", n * 4.0, time_gpu([&] { (void)nc::argmax(x, 1); }));
  long long* indices = nullptr;
  check(cudaMalloc(&indices, rows_of * sizeof(long long)), "cudaMalloc");
  const double ms = time_gpu([&] {
    argmax_rows<<<static_cast<unsigned>(rows_of), 256>>>(static_cast<const float4*>(x.data_ptr()), indices);
  });
  check(cudaGetLastError(), "argmax_rows");
  std::vector<long long> got(static_cast<std::size_t>(rows_of));
  check(cudaMemcpy(got.data(), indices, rows_of * sizeof(long long), cudaMemcpyDeviceToHost), "cudaMemcpy");
  const bool same = std::equal(got.begin(), got.end(), expected.begin());
  report(std::string("variant: argmax(X, 1) 16384^2, a block per row, 64-bit keys") +
             (same ? ", numcu's indices" : ", NOT numcu's indices"),
         n * 4.0, ms);
  check(cudaFree(indices), "cudaFree");
}

/// sum(a) of 2^28 float32: a block per tile, then one block over the tiles' partials, against numcu's runs of
/// 8 tiles per block; sum(X, 1) of a 16384^2 matrix, a block per row loading both tiles together, against
/// numcu's warps taking the two tiles in turn.
void run_sum_variants() {
  const nc::device gpu = nc::cuda(0);
  const std::int64_t n = std::int64_t{1} << 28;
  const auto a = nc::random::default_rng(13).random({n}, nc::float32, gpu);
  const std::vector<float> expected = {nc::sum(a).item<float>()};
  report("sum(a) float32 2^28 random, numcu", n * 4.0, time_gpu([&] { (void)nc::sum(a); }));
  const auto tiles = static_cast<unsigned>(n / 8192);
  float* out = nullptr;
  double* partials = nullptr;
  check(cudaMalloc(&out, sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&partials, tiles * sizeof(double)), "cudaMalloc");
  const auto in = static_cast<const float4*>(a.data_ptr());
  run_variant("variant: sum(a) float32 2^28, a block per tile, then one block", n * 4.0, expected, out, [&] {
    sum_tiles<<<tiles, 256>>>(in, partials);
    sum_partials<<<1, 1024>>>(partials, out);
  });
  check(cudaFree(out), "cudaFree");
  check(cudaFree(partials), "cudaFree");
  const auto x = nc::random::default_rng(14).random({side, side}, nc::float32, gpu);
  const auto row_sums = nc::sum(x, 1).to_vector<float>();
  report("sum(X, 1) 16384^2 float32 random, numcu", side * side * 4.0,
         time_gpu([&] { (void)nc::sum(x, 1); }));
  float* rows_out = nullptr;
  check(cudaMalloc(&rows_out, side * sizeof(float)), "cudaMalloc");
  run_variant("variant: sum(X, 1) 16384^2, a block per row, both tiles loaded together", side * side * 4.0,
              row_sums, rows_out, [&] {
                sum_rows<<<static_cast<unsigned>(side), 256>>>(static_cast<const float4*>(x.data_ptr()),
                                                               rows_out);
              });
  check(cudaFree(rows_out), "cudaFree");
}

}  // namespace

void run_reduction_variants() {
  const nc::device gpu = nc::cuda(0);
  const auto x = nc::random::default_rng(7).random({rows, columns}, nc::float32, gpu);
  const float* in = static_cast<const float*>(x.data_ptr());
  const auto expected = nc::sum(x, 0).to_vector<float>();
  report("sum(X, 0) (256, 2^20) float32 random, numcu", rows * columns * 4.0,
         time_gpu([&] { (void)nc::sum(x, 0); }));
  float* out = nullptr;
  check(cudaMalloc(&out, columns * sizeof(float)), "cudaMalloc");
  const auto run = [&](const char* name, auto launch) {
    run_variant(name, rows * columns * 4.0, expected, out, launch);
  };
  const auto threads = [](int lanes) { return static_cast<unsigned>(columns / lanes / 128); };
  run("variant: sum(X, 0) (256, 2^20), a thread per column",
      [&] { column_per_thread<1><<<threads(1), 128>>>(in, out); });
  run("variant: sum(X, 0) (256, 2^20), a thread per 2 columns (float2)",
      [&] { column_per_thread<2><<<threads(2), 128>>>(in, out); });
  run("variant: sum(X, 0) (256, 2^20), a thread per 4 columns (float4)",
      [&] { column_per_thread<4><<<threads(4), 128>>>(in, out); });
  run("variant: sum(X, 0) (256, 2^20), a thread per column, 32 loads in flight",
      [&] { column_batched<<<threads(1), 128>>>(in, out); });
  run("variant: sum(X, 0) (256, 2^20), 8 warps per 32 columns",
      [&] { column_groups<1><<<static_cast<unsigned>(columns / 32), 256>>>(in, out, false); });
  run("variant: sum(X, 0) (256, 2^20), 8 warps per 128 columns (float4)",
      [&] { column_groups<4><<<static_cast<unsigned>(columns / 128), 256>>>(in, out, false); });
  run("variant: sum(X, 0) (256, 2^20), 8 warps per 128 columns (float4), nansum's test of each value",
      [&] { column_groups<4, false, true><<<static_cast<unsigned>(columns / 128), 256>>>(in, out, false); });
  run("variant: sum(X, 0) (256, 2^20), 8 warps per 128 columns (float4), plain loads",
      [&] { column_groups<4, true><<<static_cast<unsigned>(columns / 128), 256>>>(in, out, false); });
  check(cudaFree(out), "cudaFree");
  run_long_column_variants();
  run_short_row_variants();
  run_argmax_variants();
  run_sum_variants();
}
