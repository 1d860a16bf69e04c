// The arguments every reduction kernel (device/reduction_kernels.cuh) takes by value, and the geometry its
// launch plan (core/reduction_launch.hpp) shares with the kernels. Host and device code: the launchers of the
// built-in kernels and of user reduction kernels fill them in.
#pragma once

#include "device/offset_calculator.hpp"
#include "device/reduction_ops.hpp"

namespace numcu::detail {

/// Everything a reduction kernel needs, passed by value.
struct reduction_args {
  const char* in;         // the input's first element (or the partials, for the second stage)
  char* out;              // the output's first element (or the partials, when a second stage follows)
  index_walker kept;      // output index -> input offset
  index_walker kept_out;  // output index -> output offset
  index_walker reduced;   // reduced index -> input offset
  int64_t outputs;
  int64_t reduced_count;  // R: elements per output
  int64_t tiles;          // tiles per output: ceil(R / tile_elements)
  int64_t parts;          // partials per output a first stage writes (runs of tiles), which the second reads
  int width;              // the order width of the input dtype
  bool dense;             // the reduced run is dense (offset r * itemsize) and every row 16-byte aligned
  bool to_partials;       // write acc_t partials[output * parts + part] instead of results
  dtype_code in_dtype;
  dtype_code out_dtype;
  reduction_params params;
};

/// Whether every row of @p a, reduced by reduction_short_rows_kernel with @p lanes lanes per output, has whole
/// groups: dense, and its length a multiple of lanes vectors. Its launcher picks the kernel's Whole
/// instantiation by it, and the kernel that holds both paths picks the path by it.
NUMCU_HD inline bool short_rows_whole_groups(const reduction_args& a, int lanes) {
  return a.dense && a.reduced_count % (int64_t{lanes} * a.width) == 0;
}

/// Tiles a block computes together (reduction_spread_tiles_kernel): their group partials fill the buffer of a
/// block's 8 warps, which reduction_tiles_kernel's warps use a tile at a time.
inline constexpr int spread_run_limit = tile_slots / 32;

/// The most slots a group of reduction_vector_short_columns_kernel takes (rows of at most 8 * 8 vectors: 256 float32
/// rows): its subtree of slots in registers, 64 a thread for float32 summed in double (four blocks a
/// multiprocessor); larger groups cost registers and blocks a multiprocessor and ran slower than a column a
/// thread (docs/design_decisions.md, Reductions: the column case).
inline constexpr int vector_short_group_slots = 8;

/// The most partials per output the second stage (reduction_partials_kernel) combines with a thread per output;
/// more take a block per output. The column case of a few tiles per column (2 for 16384 rows) has thousands of
/// outputs of 2 partials each, where a block per output spent 256 threads and a barrier on 2 values.
inline constexpr int thread_partials_limit = 8;

}  // namespace numcu::detail
