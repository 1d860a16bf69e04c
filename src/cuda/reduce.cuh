// The launchers of the reduction kernels (device/reduce_kernels.cuh): the reduction plan's layout and size
// pick the kernel, and a second stage combines tile partials where a first stage left several per output.
// Every choice computes the same fixed order, so the choice changes the speed, never the result.
#pragma once

#include <string>
#include <type_traits>

#include "core/reduction_call.hpp"
#include "cuda/launch.cuh"
#include "device/reduce_kernels.cuh"

namespace numcu::detail::cuda {

/// Outputs from which a warp per output, each combining all its row's tiles, fills the GPU better than several
/// warps per output with a second stage.
inline constexpr std::int64_t rows_kernel_outputs = 1024;

/// The kernel arguments of @p c.
inline reduce_args reduce_args_of(const reduction_call& c) {
  const reduction_plan& p = c.plan;
  reduce_args a{};
  a.in = c.in;
  a.out = c.out;
  a.kept = index_walker(p.kept_ndim, p.kept_sizes.data(), p.kept_strides.data());
  a.kept_out = index_walker(p.kept_ndim, p.kept_sizes.data(), p.out_strides.data());
  a.reduced = index_walker(p.reduced_ndim, p.reduced_sizes.data(), p.reduced_strides.data());
  a.outputs = p.outputs;
  a.reduced_count = p.reduced;
  a.tiles = c.tiles();
  a.width = order_width(c.input.itemsize());
  const auto itemsize = static_cast<std::int64_t>(c.input.itemsize());
  // dense: vector loads, so every row starts 16-byte aligned
  bool dense = p.reduced_ndim == 1 && p.reduced_strides[0] == itemsize && is_aligned(c.in, 16);
  for (int d = 0; d < p.kept_ndim; ++d) dense = dense && p.kept_strides[d] % 16 == 0;
  a.dense = dense;
  a.in_dtype = c.input.id();
  a.out_dtype = c.output.id();
  a.params = c.params;
  return a;
}

/// Runs reduction functor Op over @p c, whose input has type In (void: any dtype, cast on load).
template <class Op, class In>
void launch_reduce(const exec& e, const reduction_call& c) {
  using A = typename Op::acc_t;
  reduce_args a = reduce_args_of(c);
  const std::int64_t outputs = a.outputs, tiles = a.tiles;
  const bool columns = c.plan.layout == reduction_layout::outer;
  const bool rows = !columns && outputs > 1 && (tiles == 1 || outputs >= rows_kernel_outputs);
  // every slot one vector's elements (device/reduce_kernels.cuh reduce_short_rows_kernel), typed inputs
  const bool short_rows = !columns && !std::is_void_v<In> && a.reduced_count <= std::int64_t{tile_slots} * a.width;
  // the tiles kernel (16-byte vectors where the rows are dense): rows of whole tiles, and too few tiles for
  // every resident warp to have one, spread over a block per run of at most spread_run_limit tiles: all of a
  // row's with many rows of few tiles (no second stage), else the shortest run (a power of two) whose items
  // cover the resident blocks a few times over, so that the second stage has few partials to combine. Other
  // rows a warp per run of tiles: all of a row's with many rows, else the shortest run whose (output, run) items
  // fit the resident warps, so that they all stream in one wave.
  void (*tiles_kernel)(reduce_args, std::int64_t, bool) = reduce_tiles_kernel<Op, In, false>;
  if constexpr (!std::is_void_v<In>) {
    if (a.dense) tiles_kernel = reduce_tiles_kernel<Op, In, true>;
  }
  std::int64_t run = 1;
  bool spread = false;
  if (!columns && !short_rows) {
    const std::int64_t blocks = resident_blocks(tiles_kernel, e.where().index());
    const std::int64_t warps = blocks * (tile_slots / 32);
    const bool whole_tiles = a.reduced_count >= tile_elements && (tiles <= spread_run_limit || !rows);
    spread = whole_tiles || outputs * tiles < warps;
    const auto items = [&] { return outputs * ((tiles + run - 1) / run); };
    if (spread) {
      while (run < std::min<std::int64_t>(tiles, spread_run_limit) && (rows || items() > 4 * blocks)) run <<= 1;
    } else if (rows) {
      while (run < tiles) run <<= 1;
    } else {
      while (run < tiles && items() > warps) run <<= 1;
    }
  }
  a.parts = columns ? tiles : (tiles + run - 1) / run;
  const bool second_stage = a.parts > 1;
  reduce_args second = a;
  if (second_stage) {
    a.out = static_cast<char*>(e.workspace(static_cast<std::size_t>(outputs * a.parts) * sizeof(A)));
    a.to_partials = true;
    second.in = a.out;
  }
  const auto at_most = [](std::int64_t n, std::int64_t cap) { return static_cast<unsigned>(std::min(n, cap)); };
  if (columns) {
    // groups of slots: a power of two, 8 of them covering the slots of the first tile
    const std::int64_t slots = std::min<std::int64_t>(tile_slots, (a.reduced_count + a.width - 1) / a.width);
    int per_group = 1;
    while (per_group * 8 < slots) per_group <<= 1;
    launch(e, dim3(at_most((outputs + 31) / 32, 0x7fffffff), at_most(tiles, 65535)), tile_slots,
           reduce_columns_kernel<Op, In>, a, per_group);
  } else if (short_rows) {
    if constexpr (!std::is_void_v<In>) {
      // lanes per output: the fewest (a power of two) whose 8 groups cover the row's slots
      const std::int64_t slots = (a.reduced_count + a.width - 1) / a.width;
      int lanes = 1;
      while (lanes * 8 < slots) lanes <<= 1;
      const std::int64_t warps = (outputs + 32 / lanes - 1) / (32 / lanes);
      launch(e, at_most((warps + 7) / 8, 0x7fffffff), tile_slots, reduce_short_rows_kernel<Op, In>, a, lanes);
    }
  } else {
    const std::int64_t items = outputs * a.parts;
    launch(e, at_most(spread ? items : (items + 7) / 8, 0x7fffffff), tile_slots, tiles_kernel, a, run, spread);
  }
  if (second_stage) {
    const unsigned grid = at_most(outputs, 0x7fffffff);
    if (partials_threads<Op>(a.parts) == 1024) {
      launch(e, grid, 1024, reduce_partials_kernel<Op, 1024>, second);
    } else {
      launch(e, grid, 256, reduce_partials_kernel<Op, 256>, second);
    }
  }
}

/// Runs functor Op with the kernels of the call's input type: typed for Op's dense inputs, else cast on load
/// (functors whose inputs are all dense, max and min, have no such kernels).
template <class Op>
void launch_reduce_functor(const exec& e, const reduction_call& c) {
  visit_dtype(c.input.id(), [&](auto input) {
    using T = typename decltype(input)::type;
    if constexpr (Op::template dense_input<T>) {
      launch_reduce<Op, T>(e, c);
    } else if constexpr (Op::casts_on_load) {
      launch_reduce<Op, void>(e, c);
    } else {
      throw dtype_error("no reduction kernel for input dtype " + std::string(c.input.name()));
    }
  });
}

/// Runs family F with its functor for the call's compute dtype, when that dtype is floating or complex
/// (Floating) or an integer or bool (!Floating): the two halves of a family compile in units of their own
/// (reduce_<family>.cu and reduce_<family>_integer.cu), so that no unit takes minutes.
template <reduce_family F, bool Floating>
void launch_reduction_half(const exec& e, const reduction_call& c) {
  visit_reduce_functor<F>(c.compute.id(), [&](auto functor) {
    using Op = typename decltype(functor)::type;
    using V = typename Op::value_t;
    if constexpr ((is_floating_point_v<V> || is_complex_v<V>) == Floating) launch_reduce_functor<Op>(e, c);
  });
}

}  // namespace numcu::detail::cuda
