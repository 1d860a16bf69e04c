// The launchers of the reduction kernels (device/reduce_kernels.cuh): the reduction plan's layout and size
// pick the kernel (core/reduction_launch.hpp), and a second stage combines tile partials where a first stage
// left several per output. Every choice computes the same fixed order, so the choice changes the speed, never
// the result.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

#include "core/reduction_call.hpp"
#include "core/reduction_launch.hpp"
#include "cuda/launch.cuh"
#include "device/reduce_kernels.cuh"

namespace numcu::detail::cuda {

/// Whether input type In of functor Op has every kernel typed: the compute type itself and the floating inputs of
/// a wider accumulator (float32 summed in double is the hottest reduction). An integer or bool input of another
/// compute type (uint8 summed in uint64, int16 compared in int32, int32 counted in bool) has typed kernels for
/// dense rows only (whole arrays and rows along the last axis, long or short, where 16-byte loads of narrow
/// elements matter most) and is cast on load in every other layout: kernels of their own in every layout made
/// the integer units' compile times several times longer, for layouts rarely hot with those dtypes.
template <class Op, class In>
inline constexpr bool every_kernel_typed = is_same_v<In, typename Op::value_t> || !is_integral_v<In>;

/// Whether the column case of @p a, an input of @p itemsize bytes, has each thread's outputs in one 16-byte
/// vector of every row (reduce_vector_columns_kernel): one reduced dimension, the outputs along one dimension
/// of stride itemsize, a multiple of a vector's elements of them, the input and the rows 16-byte aligned.
inline bool vector_columns(const reduce_args& a, std::size_t itemsize) {
  const auto w = static_cast<std::int64_t>(order_width(itemsize));
  return a.reduced.ndim == 1 && a.kept.ndim == 1 && a.kept.strides[0] == static_cast<std::int64_t>(itemsize) &&
         a.outputs % w == 0 && reinterpret_cast<std::uintptr_t>(a.in) % 16 == 0 && a.reduced.strides[0] % 16 == 0;
}

/// Blocks along the outputs of the vector column kernels: a vector of outputs for each of a block's 32
/// columns of threads.
inline unsigned vector_columns_grid(const reduce_args& a, std::size_t itemsize) {
  return grid_for(a.outputs, std::int64_t{32} * order_width(itemsize));
}

/// Runs reduction functor Op over @p c, whose input has type In (void: any dtype, cast on load), with the
/// launch core/reduction_launch.hpp picks; @p a: c's kernel arguments (make_reduce_args), which the launch plan
/// completes.
template <class Op, class In>
void launch_reduce(const exec& e, const reduction_call& c, reduce_args& a) {
  using A = typename Op::acc_t;
  constexpr bool typed = !std::is_void_v<In>;
  constexpr bool dense_only = typed && !every_kernel_typed<Op, In>;
  if constexpr (dense_only) {
    static_assert(Op::casts_on_load, "the other layouts of a dense-only input are cast on load");
    if (!a.dense) return launch_reduce<Op, void>(e, c, a);
  }
  // the tiles kernels of In (dense rows where they are): a warp per run of tiles, and a block per run
  using tiles_kernel_t = void (*)(reduce_args, std::int64_t);
  tiles_kernel_t tiles_kernel = nullptr, spread_tiles_kernel = nullptr;
  if constexpr (dense_only) {
    tiles_kernel = reduce_tiles_kernel<Op, In, true>;
    spread_tiles_kernel = reduce_spread_tiles_kernel<Op, In, true>;
  } else if constexpr (typed) {
    tiles_kernel = a.dense ? reduce_tiles_kernel<Op, In, true> : reduce_tiles_kernel<Op, In, false>;
    spread_tiles_kernel = a.dense ? reduce_spread_tiles_kernel<Op, In, true> : reduce_spread_tiles_kernel<Op, In, false>;
  } else {
    tiles_kernel = reduce_tiles_kernel<Op, void, false>;
    spread_tiles_kernel = reduce_spread_tiles_kernel<Op, void, false>;
  }
  const reduce_launch l = plan_reduce_launch(a, c.plan.layout, typed, sizeof(A), [&] {
    return static_cast<std::int64_t>(resident_blocks(spread_tiles_kernel, e.where().index()));
  });
  std::optional<reduce_args> second;
  if (l.second_threads > 0)
    second = second_stage_args(a, e.workspace(static_cast<std::size_t>(a.outputs * a.parts) * sizeof(A)));
  switch (l.kind) {
    // plan_reduce_launch picks the short kernels for typed inputs only
    case reduce_kernel_kind::short_columns:
      if constexpr (typed && !dense_only) {
        if constexpr (has_vector_columns<Op, In>) {
          if (l.group <= vector_short_group_slots && vector_columns(a, sizeof(In))) {
            launch(e, vector_columns_grid(a, sizeof(In)), tile_slots,
                   a.params.skip_nan ? reduce_vector_short_columns_kernel<Op, In>
                                     : reduce_vector_short_columns_kernel<without_nan_test_t<Op>, In>,
                   a, l.group);
            break;
          }
        }
        launch(e, l.grid_x, tile_slots, reduce_short_columns_kernel<Op, In>, a, l.group);
        break;
      }
      [[fallthrough]];  // dense rows are never the column case; a dense-only input's columns are cast on load
    case reduce_kernel_kind::columns:
      if constexpr (typed && !dense_only) {
        if constexpr (has_vector_columns<Op, In>) {
          if (vector_columns(a, sizeof(In))) {
            launch(e, dim3(vector_columns_grid(a, sizeof(In)), l.grid_y), tile_slots,
                   a.params.skip_nan ? reduce_vector_columns_kernel<Op, In>
                                     : reduce_vector_columns_kernel<without_nan_test_t<Op>, In>,
                   a, l.group);
            break;
          }
        }
      }
      launch(e, dim3(l.grid_x, l.grid_y), tile_slots,
             reduce_columns_kernel<Op, conditional_t<dense_only, void, In>>, a, l.group);
      break;
    case reduce_kernel_kind::short_rows:
      // dense rows of whole groups in the kernel of those alone (fewer registers)
      if constexpr (typed) {
        void (*short_rows)(reduce_args, int) = reduce_short_rows_kernel<Op, In, true>;
        if (short_rows_whole_groups(a, l.group))
          short_rows = reduce_short_rows_kernel<Op, In, true, true>;
        if constexpr (!dense_only) {
          if (!a.dense) short_rows = reduce_short_rows_kernel<Op, In, false>;
        }
        launch(e, l.grid_x, tile_slots, short_rows, a, l.group);
      }
      break;
    case reduce_kernel_kind::tiles:
      launch(e, l.grid_x, tile_slots, tiles_kernel, a, l.run);
      break;
    case reduce_kernel_kind::spread_tiles:
      launch(e, l.grid_x, tile_slots, spread_tiles_kernel, a, l.run);
      break;
  }
  if (l.second_threads == 1024) {
    launch(e, l.second_grid, 1024, reduce_partials_kernel<Op, 1024>, *second);
  } else if (l.second_threads == 256) {
    launch(e, l.second_grid, 256, reduce_partials_kernel<Op, 256>, *second);
  }
}

/// Runs functor Op with the kernels of the call's input type: typed for Op's dense inputs (in the layouts that
/// every_kernel_typed gives), else cast on load (the floating max and min, whose inputs are all dense, have no
/// such kernels). The arg reductions whose keys fit
/// run on them (arg_key_reduce: the same index) where the input is of the compute type itself (float32,
/// int32): keys for float16 and bfloat16 too would add their kernels to the arg units, and compile time with
/// them, for dtypes rarely searched.
template <class Op>
void launch_reduce_functor(const exec& e, const reduction_call& c) {
  reduce_args a = make_reduce_args(c.plan, c.in, c.out, c.input, c.output, c.params);
  visit_dtype(c.input.id(), [&](auto input) {
    using T = typename decltype(input)::type;
    using C = typename Op::value_t;
    if constexpr (Op::template dense_input<T>) {
      if constexpr (is_same_v<Op, arg_reduce<C>> && arg_keys_fit<C> && is_same_v<T, C>) {
        if (c.plan.reduced <= arg_key_max_count) return launch_reduce<arg_key_reduce<C>, T>(e, c, a);
      }
      launch_reduce<Op, T>(e, c, a);
    } else if constexpr (Op::casts_on_load) {
      launch_reduce<Op, void>(e, c, a);
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
