// The three elementwise loops, generic over what is computed at an element: which elements each block and
// thread take, and how their addresses are found. The built-in ufunc kernels (device/elementwise_kernels.cuh)
// and the user kernels of elementwise_kernel (source written by core/kernel_source.cpp, compiled by NVRTC)
// both run through them:
//  - dense: one dense run of n elements; each thread one vector of Vec elements of every array (16-byte
//    accesses), the thread whose vector crosses n the elements before n one by one;
//  - rows: rows of `inner` elements, each a dense run (or constant along the row, for an input broadcast
//  along
//    it), whose starts come from the outer dimensions (offsets by fast division, once per row and thread);
//  - general: any layout: general_items elements per thread, each at offsets from fast division.
// A loop body provides what its loops call (a Run is what a dense run computes):
//   Run:  template <int Vec> void vector(int64_t first)   elements [first, first + Vec) of the run
//         void element(int64_t i)                          element i of the run
//   Rows: Run row(const int64_t (&offsets)[N], uint32_t r)  the run of row r, whose operands start at offsets
//   Body: void at(const int64_t (&offsets)[N], uint32_t i)  the element of linear index i, at those offsets
// Kept free of the ufunc tables so that runtime-compiled kernels include only this and the element types.
#pragma once

#include "device/launch_geometry.hpp"
#include "device/offset_calculator.hpp"

namespace numcu::detail {

// Elements [start, start + dense_block_elements<Vec>) (or to n) of one dense run.
template <int Vec, class Run>
__device__ __forceinline__ void dense_block(Run& run, int64_t start, int64_t n) {
  const int64_t first = start + int64_t{threadIdx.x} * Vec;
  if (first + Vec <= n) {
    run.template vector<Vec>(first);
    return;
  }
#pragma unroll 1
  for (int64_t i = first; i < n; ++i) run.element(i);
}

/// The dense loop: block b takes elements [b, b + 1) * dense_block_elements<Vec> of a run of n elements.
template <int Vec, class Run>
__device__ __forceinline__ void dense_loop(Run run, int64_t n) {
  dense_block<Vec>(run, blockIdx.x * dense_block_elements<Vec>, n);
}

/// The rows loop: blockIdx.x picks the block of elements within a row, blockIdx.y the first row, the grid's
/// height the step between rows.
template <int Vec, int N, class Rows>
__device__ __forceinline__ void rows_loop(const Rows& rows, const rows_shape& shape,
                                          const offset_calculator<N>& outer) {
  const int64_t start = blockIdx.x * dense_block_elements<Vec>;
  for (uint32_t r = blockIdx.y; r < shape.rows; r += gridDim.y) {
    int64_t o[N];
    outer.get(r, o);
    auto run = rows.row(o, r);
    dense_block<Vec>(run, start, shape.inner);
  }
}

/// The general loop over n < 2^31 elements: thread t of block b takes linear indices
/// b * block_threads * general_items + t + k * block_threads, k < general_items.
template <int N, class Body>
__device__ __forceinline__ void general_loop(Body body, const offset_calculator<N>& offsets, uint32_t n) {
  const uint32_t base = blockIdx.x * (block_threads * general_items) + threadIdx.x;
#pragma unroll
  for (int item = 0; item < general_items; ++item) {
    const uint32_t i = base + item * block_threads;
    if (i >= n) return;
    int64_t o[N];
    offsets.get(i, o);
    body.at(o, i);
  }
}

template <int Vec, class Run>
__global__ void __launch_bounds__(block_threads) dense_kernel(Run run, int64_t n) {
  dense_loop<Vec>(run, n);
}

template <int Vec, int N, class Rows>
__global__ void __launch_bounds__(block_threads)
    rows_kernel(Rows rows, rows_shape shape, offset_calculator<N> outer) {
  rows_loop<Vec>(rows, shape, outer);
}

template <int N, class Body>
__global__ void __launch_bounds__(block_threads)
    general_kernel(Body body, offset_calculator<N> offsets, uint32_t n) {
  general_loop(body, offsets, n);
}

}  // namespace numcu::detail
