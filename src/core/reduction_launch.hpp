// How a reduction launches: which kernel of device/reduce_kernels.cuh, its grid, and whether a second stage
// combines the first one's partials. One choice for the built-in reductions (src/cuda/reduce.cuh) and for
// user reduction kernels compiled at run time; every choice computes the same fixed order
// (device/reduce_order.hpp), so it changes the speed, never the result.
#pragma once

#include <algorithm>
#include <cstdint>

#include "core/reduction_plan.hpp"
#include "device/reduce_args.hpp"
#include "numcu/dtype.hpp"

namespace numcu::detail {

/// Outputs from which a warp per output, each combining all its row's tiles, fills the GPU better than
/// several warps per output with a second stage.
inline constexpr std::int64_t rows_kernel_outputs = 1024;

/// The first-stage kernels.
enum class reduce_kernel_kind : std::uint8_t {
  tiles,          ///< reduce_tiles_kernel(args, run): a warp per run of tiles
  spread_tiles,   ///< reduce_spread_tiles_kernel(args, run): a block per run of tiles
  short_rows,     ///< reduce_short_rows_kernel(args, group): group lanes per output (dense rows: Dense)
  columns,        ///< reduce_columns_kernel(args, group): group slots per group of a tile
  short_columns,  ///< reduce_short_columns_kernel(args, group): as columns
};

/// One reduction's launches.
struct reduce_launch {
  reduce_kernel_kind kind = reduce_kernel_kind::tiles;
  unsigned grid_x = 0, grid_y = 1;  ///< blocks of tile_slots threads
  int group = 1;                    ///< short rows: lanes per output; (short) columns: slots per group
  std::int64_t run = 1;             ///< (spread) tiles: tiles per part (a power of two)
  int second_threads = 0;           ///< threads of each second-stage block, 0 when there is none
  unsigned second_grid = 0;         ///< second-stage blocks: one per output, or per second_threads outputs
                                    ///< where each has at most thread_partials_limit partials
};

/// The kernel arguments of reducing the input at @p in (dtype @p input) by @p plan into @p out (@p output):
/// parts and to_partials are the launch's to set (plan_reduce_launch, second_stage_args).
reduce_args make_reduce_args(const reduction_plan& plan, const void* in, void* out, dtype input, dtype output,
                             const reduce_params& params);

/// Threads of a second-stage block for @p parts partials of @p acc_size bytes per output: as many as a block
/// holds where there are thousands, so that each thread's share arrives in one or two rounds of loads (the
/// stage waits on latency, not bandwidth); 256 for fewer partials, and for wide ones, each of which holds
/// more registers.
constexpr int partials_threads(std::size_t acc_size, std::int64_t parts) {
  return acc_size <= 8 && parts > 2048 ? 1024 : 256;
}

/// Picks the launch of @p a (a.parts set here) for a plan of layout @p layout: @p typed_input whether the
/// kernels read a typed input (not cast on load), @p acc_size the functor's partial size, and
/// @p tiles_resident_blocks() the blocks of the spread tiles kernel the GPU keeps resident (asked only when
/// needed).
template <class ResidentBlocks>
reduce_launch plan_reduce_launch(reduce_args& a, reduction_layout layout, bool typed_input,
                                 std::size_t acc_size, ResidentBlocks&& tiles_resident_blocks) {
  reduce_launch l;
  const std::int64_t outputs = a.outputs, tiles = a.tiles;
  const bool columns = layout == reduction_layout::outer;
  const bool rows = !columns && outputs > 1 && (tiles == 1 || outputs >= rows_kernel_outputs);
  // every slot one vector's elements (reduce_short_rows_kernel), typed inputs
  const bool short_rows = !columns && typed_input && a.reduced_count <= std::int64_t{tile_slots} * a.width;
  // the tiles kernels: rows of whole tiles, and too few tiles for every resident warp to have one, spread over
  // a block per run of at most spread_run_limit tiles: all of a row's with many rows of few tiles (no second
  // stage), else the shortest run (a power of two) whose items cover the resident blocks a few times over, so
  // that the second stage has few partials to combine. The others, many rows (of less than a tile, or of more
  // than spread_run_limit tiles), a warp per row, all of its tiles (a whole array, or few rows, always spread:
  // a single output, or rows of more than one tile, which are whole ones).
  if (!columns && !short_rows) {
    const std::int64_t blocks = tiles_resident_blocks();
    const std::int64_t warps = blocks * (tile_slots / 32);
    const bool whole_tiles = a.reduced_count >= tile_elements && (tiles <= spread_run_limit || !rows);
    const bool spread = whole_tiles || outputs * tiles < warps;
    l.kind = spread ? reduce_kernel_kind::spread_tiles : reduce_kernel_kind::tiles;
    const auto items = [&] { return outputs * ((tiles + l.run - 1) / l.run); };
    if (spread) {
      while (l.run < std::min<std::int64_t>(tiles, spread_run_limit) && (rows || items() > 4 * blocks))
        l.run <<= 1;
    } else {
      while (l.run < tiles) l.run <<= 1;
    }
  }
  a.parts = columns ? tiles : (tiles + l.run - 1) / l.run;
  const auto at_most = [](std::int64_t n, std::int64_t cap) {
    return static_cast<unsigned>(std::min(n, cap));
  };
  if (columns) {
    // groups of slots: a power of two, 8 of them covering the slots of the first tile; rows of at most
    // tile_slots vectors of a typed input in the lean kernel of those
    const bool short_columns = typed_input && a.reduced_count <= std::int64_t{tile_slots} * a.width;
    l.kind = short_columns ? reduce_kernel_kind::short_columns : reduce_kernel_kind::columns;
    const std::int64_t slots = std::min<std::int64_t>(tile_slots, (a.reduced_count + a.width - 1) / a.width);
    while (l.group * 8 < slots) l.group <<= 1;
    l.grid_x = at_most((outputs + 31) / 32, 0x7fffffff);
    l.grid_y = at_most(tiles, 65535);
  } else if (short_rows) {
    // lanes per output: the fewest (a power of two) whose 8 groups cover the row's slots
    l.kind = reduce_kernel_kind::short_rows;
    const std::int64_t slots = (a.reduced_count + a.width - 1) / a.width;
    while (l.group * 8 < slots) l.group <<= 1;
    const std::int64_t warps = (outputs + 32 / l.group - 1) / (32 / l.group);
    l.grid_x = at_most((warps + 7) / 8, 0x7fffffff);
  } else {
    const std::int64_t items = outputs * a.parts;
    l.grid_x = at_most(l.kind == reduce_kernel_kind::spread_tiles ? items : (items + 7) / 8, 0x7fffffff);
  }
  if (a.parts > 1) {
    l.second_threads = partials_threads(acc_size, a.parts);
    const bool thread_per_output = a.parts <= thread_partials_limit;
    l.second_grid = at_most(thread_per_output ? (outputs + l.second_threads - 1) / l.second_threads : outputs,
                            0x7fffffff);
  }
  return l;
}

/// Points the first stage @p a at @p partials (acc_t[outputs * parts], where a second stage follows) and
/// returns the second stage's arguments, which read them and write the output.
inline reduce_args second_stage_args(reduce_args& a, void* partials) {
  reduce_args second = a;
  a.out = static_cast<char*>(partials);
  a.to_partials = true;
  second.in = a.out;
  return second;
}

}  // namespace numcu::detail
