// Block geometry shared by the kernel families and their launchers.
#pragma once

#include "device/types.hpp"

namespace numcu::detail {

/// Threads per block of the elementwise-style kernels: 256 keeps 8 blocks of a multiprocessor resident.
inline constexpr int block_threads = 256;

/// Elements per access so that no type moves more than 16 bytes per instruction: every load and store of a
/// warp is then one fully used, coalesced request.
template <class... Types>
constexpr int vector_width() {
  size_t large = 0;
  ((large = sizeof(Types) > large ? sizeof(Types) : large), ...);
  return large >= 16 ? 1 : static_cast<int>(16 / large);
}

/// Elements per thread in the general elementwise loop (device/elementwise_loops.cuh).
inline constexpr int general_items = 4;

/// Elements of one dense run per block of the dense and rows loops: one vector access per thread and operand,
/// the fastest of one, two and four (docs/design_decisions.md, Elementwise and copies; the variants are timed
/// in bench/bench_baselines.cu).
template <int Vec>
inline constexpr int64_t dense_block_elements = int64_t{block_threads} * Vec;

/// Whether rows of @p inner elements suit the rows loop, whose blocks take one row's elements at a time: rows
/// shorter than half a block's elements (@p block_elements) would leave most of each block's threads idle,
/// and the general loop keeps every thread busy (a block per row of 4 took 52 ms on (2^26, 4) + (4,) float32;
/// docs/design_decisions.md, Elementwise and copies).
constexpr bool rows_fill_blocks(int64_t inner, int64_t block_elements) {
  return 2 * inner >= block_elements;
}

/// The rows loop's shape: rows of `inner` elements, whose starts come from an offset_calculator.
struct rows_shape {
  int64_t inner;
  uint32_t rows;
};

}  // namespace numcu::detail
