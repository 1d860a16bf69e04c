// How a reduction launches: which kernel of device/reduction_kernels.cuh, its grid, and whether a second stage
// combines the first one's partials. One choice for the built-in reductions (src/cuda/reduction.cuh) and for
// user reduction kernels compiled at run time; every choice computes the same fixed order
// (device/reduction_order.hpp), so it changes the speed, never the result.
#pragma once

#include <algorithm>
#include <cstdint>

#include "core/reduction_plan.hpp"
#include "device/reduction_args.hpp"
#include "numcu/dtype.hpp"

namespace numcu::detail {

/// Outputs from which a warp per output, each combining all its row's tiles, fills the GPU better than
/// several warps per output with a second stage.
inline constexpr std::int64_t rows_kernel_outputs = 1024;

/// Every kernel a reduction launches (device/reduction_kernels.cuh), by its exact form: the launch plan names one
/// first stage and at most one second, and a launcher looks the kernels up by these names, the built-in
/// reductions' compiled with the library and a user reduction kernel's compiled at run time alike.
enum class reduction_kernel_form : std::uint8_t {
  tiles,                    ///< reduction_tiles_kernel<Op, In, false>(args, run): a warp per run of tiles
  tiles_dense,              ///< reduction_tiles_kernel<Op, In, true>
  spread_tiles,             ///< reduction_spread_tiles_kernel<Op, In, false>(args, run): a block per run of tiles
  spread_tiles_dense,       ///< reduction_spread_tiles_kernel<Op, In, true>
  short_rows,               ///< reduction_short_rows_kernel<Op, In, false>(args, lanes): lanes per output
  short_rows_dense,         ///< reduction_short_rows_kernel<Op, In, true>
  short_rows_whole_groups,  ///< reduction_short_rows_kernel<Op, In, true, true>: dense rows of whole groups
  columns,                  ///< reduction_columns_kernel<Op, In>(args, slots_per_group)
  vector_columns,           ///< reduction_vector_columns_kernel<Op, In>: a 16-byte vector of outputs a thread
  short_columns,            ///< reduction_short_columns_kernel<Op, In>(args, slots_per_group)
  vector_short_columns,     ///< reduction_vector_short_columns_kernel<Op, In>
  partials_256,             ///< reduction_partials_kernel<Op, 256>(args): the second stage
  partials_1024,            ///< reduction_partials_kernel<Op, 1024>
};

/// How many forms reduction_kernel_form names.
inline constexpr std::size_t reduction_kernel_forms = static_cast<std::size_t>(reduction_kernel_form::partials_1024) + 1;

/// Which kernel forms a launcher has for one functor and input dtype.
struct reduction_kernel_set {
  bool typed = true;            ///< the kernels read the input's own type (not cast on load): the short and
                                ///< dense forms exist
  bool vector_columns = false;  ///< the vector column forms exist
  std::size_t itemsize = 0;     ///< the input's
  std::size_t acc_size = 0;     ///< the functor's partial: the second stage's workspace per partial
};

/// One reduction's launches: the first stage, and the second where the first leaves several partials per output.
struct reduction_launch_plan {
  reduction_kernel_form first = reduction_kernel_form::tiles;
  unsigned grid_x = 0, grid_y = 1;  ///< blocks of tile_slots threads
  int group = 1;                    ///< short rows: lanes per output; (short) columns: slots per group
  std::int64_t run = 1;             ///< (spread) tiles: tiles per part (a power of two)
  bool takes_run = true;            ///< the first kernel's second parameter is run (int64), else group (int)
  int second_threads = 0;           ///< threads of each second-stage block, 0 when there is none
  unsigned second_grid = 0;         ///< second-stage blocks: one per output, or per second_threads outputs
                                    ///< where each has at most thread_partials_limit partials
  reduction_kernel_form second = reduction_kernel_form::partials_256;
};

/// The kernel arguments of reducing the input at @p in (dtype @p input) by @p plan into @p out (@p output):
/// parts and to_partials are the launch's to set (plan_reduction_launch, second_stage_args).
reduction_args make_reduction_args(const reduction_plan& plan, const void* in, void* out, dtype input, dtype output,
                             const reduction_params& params);

/// Threads of a second-stage block for @p parts partials of @p acc_size bytes per output: as many as a block
/// holds where there are thousands, so that each thread's share arrives in one or two rounds of loads (the
/// stage waits on latency, not bandwidth); 256 for fewer partials, and for wide ones, each of which holds
/// more registers.
constexpr int partials_threads(std::size_t acc_size, std::int64_t parts) {
  return acc_size <= 8 && parts > 2048 ? 1024 : 256;
}

/// Whether the column case of @p a, an input of @p itemsize bytes, has each thread's outputs in one 16-byte
/// vector of every row (the vector column forms): one reduced dimension, the outputs along one dimension of
/// stride itemsize, a multiple of a vector's elements of them, the input and the rows 16-byte aligned.
inline bool vector_columns_fit(const reduction_args& a, std::size_t itemsize) {
  const auto w = static_cast<std::int64_t>(order_width(itemsize));
  return a.reduced.ndim == 1 && a.kept.ndim == 1 && a.kept.strides[0] == static_cast<std::int64_t>(itemsize) &&
         a.outputs % w == 0 && reinterpret_cast<std::uintptr_t>(a.in) % 16 == 0 && a.reduced.strides[0] % 16 == 0;
}

/// The launch of @p a (a.parts set here) for a plan of layout @p layout with the kernels of @p set: the one
/// place that picks a reduction's kernels. @p tiles_resident_blocks(form) gives the blocks of the spread tiles
/// kernel @p form the GPU keeps resident (asked only when needed).
template <class ResidentBlocks>
reduction_launch_plan plan_reduction_launch(reduction_args& a, reduction_layout layout, const reduction_kernel_set& set,
                                 ResidentBlocks&& tiles_resident_blocks) {
  using form = reduction_kernel_form;
  reduction_launch_plan l;
  const std::int64_t outputs = a.outputs, tiles = a.tiles;
  const bool dense = set.typed && a.dense;
  const bool columns = layout == reduction_layout::outer;
  const bool rows = !columns && outputs > 1 && (tiles == 1 || outputs >= rows_kernel_outputs);
  // every slot one vector's elements (the short kernels), typed inputs
  const bool short_kernel = set.typed && a.reduced_count <= std::int64_t{tile_slots} * a.width;
  const auto at_most = [](std::int64_t n, std::int64_t cap) {
    return static_cast<unsigned>(std::min(n, cap));
  };
  if (columns) {
    // groups of slots: a power of two, 8 of them covering the slots of the first tile
    a.parts = tiles;
    l.takes_run = false;
    const std::int64_t slots = std::min<std::int64_t>(tile_slots, (a.reduced_count + a.width - 1) / a.width);
    while (l.group * 8 < slots) l.group <<= 1;
    const bool vector = set.vector_columns && vector_columns_fit(a, set.itemsize);
    const unsigned vector_grid = at_most((outputs + 32 * a.width - 1) / (32 * a.width), 0x7fffffff);
    l.grid_x = at_most((outputs + 31) / 32, 0x7fffffff);
    if (short_kernel) {
      l.first = form::short_columns;
      if (vector && l.group <= vector_short_group_slots) {
        l.first = form::vector_short_columns;
        l.grid_x = vector_grid;
      }
    } else {
      l.first = form::columns;
      l.grid_y = at_most(tiles, 65535);
      if (vector) {
        l.first = form::vector_columns;
        l.grid_x = vector_grid;
      }
    }
  } else if (short_kernel) {
    // lanes per output: the fewest (a power of two) whose 8 groups cover the row's slots
    a.parts = 1;
    l.takes_run = false;
    const std::int64_t slots = (a.reduced_count + a.width - 1) / a.width;
    while (l.group * 8 < slots) l.group <<= 1;
    l.first = !dense                                 ? form::short_rows
              : short_rows_whole_groups(a, l.group) ? form::short_rows_whole_groups
                                                    : form::short_rows_dense;
    const std::int64_t warps = (outputs + 32 / l.group - 1) / (32 / l.group);
    l.grid_x = at_most((warps + 7) / 8, 0x7fffffff);
  } else {
    // the tiles kernels: rows of whole tiles, and too few tiles for every resident warp to have one, spread
    // over a block per run of at most spread_run_limit tiles: all of a row's with many rows of few tiles (no
    // second stage), else the shortest run (a power of two) whose items cover the resident blocks a few times
    // over, so that the second stage has few partials to combine. The others, many rows (of less than a tile,
    // or of more than spread_run_limit tiles), a warp per row, all of its tiles (a whole array, or few rows,
    // always spread: a single output, or rows of more than one tile, which are whole ones).
    const form spread_form = dense ? form::spread_tiles_dense : form::spread_tiles;
    const std::int64_t blocks = tiles_resident_blocks(spread_form);
    const std::int64_t warps = blocks * (tile_slots / 32);
    const bool whole_tiles = a.reduced_count >= tile_elements && (tiles <= spread_run_limit || !rows);
    const bool spread = whole_tiles || outputs * tiles < warps;
    l.first = spread ? spread_form : dense ? form::tiles_dense : form::tiles;
    const auto items = [&] { return outputs * ((tiles + l.run - 1) / l.run); };
    if (spread) {
      while (l.run < std::min<std::int64_t>(tiles, spread_run_limit) && (rows || items() > 4 * blocks))
        l.run <<= 1;
    } else {
      while (l.run < tiles) l.run <<= 1;
    }
    a.parts = (tiles + l.run - 1) / l.run;
    const std::int64_t parts = outputs * a.parts;
    l.grid_x = at_most(spread ? parts : (parts + 7) / 8, 0x7fffffff);
  }
  if (a.parts > 1) {
    l.second_threads = partials_threads(set.acc_size, a.parts);
    l.second = l.second_threads == 1024 ? form::partials_1024 : form::partials_256;
    const bool thread_per_output = a.parts <= thread_partials_limit;
    l.second_grid = at_most(thread_per_output ? (outputs + l.second_threads - 1) / l.second_threads : outputs,
                            0x7fffffff);
  }
  return l;
}

/// Points the first stage @p a at @p partials (acc_t[outputs * parts], where a second stage follows) and
/// returns the second stage's arguments, which read them and write the output.
inline reduction_args second_stage_args(reduction_args& a, void* partials) {
  reduction_args second = a;
  a.out = static_cast<char*>(partials);
  a.to_partials = true;
  second.in = a.out;
  return second;
}

}  // namespace numcu::detail
