// The built-in reductions' kernels (device/reduction_kernels.cuh) for each functor and input type, handed to the
// one reduction launcher (cuda/reduction_launcher.hpp), whose plan (core/reduction_launch.hpp) picks the forms
// launched. Every choice computes the same fixed order, so the choice changes the speed, never the result.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "core/reduction_call.hpp"
#include "core/reduction_launch.hpp"
#include "cuda/reduction_launcher.hpp"
#include "device/reduction_kernels.cuh"

namespace numcu::detail::cuda {

/// Whether input type In of functor Op has every kernel typed: the compute type itself and the floating inputs of
/// a wider accumulator (float32 summed in double is the hottest reduction). An integer or bool input of another
/// compute type (uint8 summed in uint64, int16 compared in int32, int32 counted in bool) has typed kernels for
/// dense rows only (whole arrays and rows along the last axis, long or short, where 16-byte loads of narrow
/// elements matter most) and is cast on load in every other layout: kernels of their own in every layout made
/// the integer units' compile times several times longer, for layouts rarely hot with those dtypes.
template <class Op, class In>
inline constexpr bool every_kernel_typed = is_same_v<In, typename Op::value_t> || !is_integral_v<In>;

/// The kernels of functor Op over input type In (void: any dtype, cast on load) by form, and which forms there
/// are: every form of a typed input, the vector column forms where has_vector_columns (in two instantiations,
/// with nansum's test of each value and without it, picked by p.skip_nan), the forms that read any dtype
/// otherwise. An input with typed kernels for dense rows only (every_kernel_typed) has the others cast on load.
template <class Op, class In>
struct reduction_kernels_of {
  using kernel_t = const void*;
  static kernel_t of(reduction_kernel_form f, bool skip_nan) {
    using form = reduction_kernel_form;
    constexpr bool typed = !std::is_void_v<In>;
    constexpr bool dense_only = typed && !every_kernel_typed<Op, In>;
    using Any = conditional_t<dense_only, void, In>;  // the input type of the kernels for any layout
    const auto k = [](auto kernel) { return reinterpret_cast<kernel_t>(kernel); };
    switch (f) {
      case form::tiles: return k(reduction_tiles_kernel<Op, Any, false>);
      case form::spread_tiles: return k(reduction_spread_tiles_kernel<Op, Any, false>);
      case form::columns: return k(reduction_columns_kernel<Op, Any>);
      case form::partials_256: return k(reduction_partials_kernel<Op, 256>);
      case form::partials_1024: return k(reduction_partials_kernel<Op, 1024>);
      default: break;
    }
    if constexpr (typed) {
      switch (f) {
        case form::tiles_dense: return k(reduction_tiles_kernel<Op, In, true>);
        case form::spread_tiles_dense: return k(reduction_spread_tiles_kernel<Op, In, true>);
        case form::short_rows_dense: return k(reduction_short_rows_kernel<Op, In, true>);
        case form::short_rows_whole_groups: return k(reduction_short_rows_kernel<Op, In, true, true>);
        default: break;
      }
    }
    if constexpr (typed && !dense_only) {
      switch (f) {
        case form::short_rows: return k(reduction_short_rows_kernel<Op, In, false>);
        case form::short_columns: return k(reduction_short_columns_kernel<Op, In>);
        default: break;
      }
      if constexpr (has_vector_columns<Op, In>) {
        using Plain = without_nan_test_t<Op>;
        if (f == form::vector_columns)
          return skip_nan ? k(reduction_vector_columns_kernel<Op, In>) : k(reduction_vector_columns_kernel<Plain, In>);
        if (f == form::vector_short_columns)
          return skip_nan ? k(reduction_vector_short_columns_kernel<Op, In>)
                          : k(reduction_vector_short_columns_kernel<Plain, In>);
      }
    }
    return nullptr;  // not in the set: the plan never names it
  }

  /// The set for an input of dense rows @p dense.
  static reduction_kernel_set set(bool dense) {
    constexpr bool typed = !std::is_void_v<In>;
    reduction_kernel_set s;
    s.typed = typed && (every_kernel_typed<Op, In> || dense);
    if constexpr (typed) {
      s.vector_columns = every_kernel_typed<Op, In> && has_vector_columns<Op, In>;
      s.itemsize = sizeof(In);
    }
    s.acc_size = sizeof(typename Op::acc_t);
    return s;
  }
};

/// Runs reduction functor Op over @p c, whose input has type In (void: any dtype, cast on load), through the one
/// reduction launcher; @p a: c's kernel arguments (make_reduction_args).
template <class Op, class In>
void launch_reduction_kernels(const exec& e, const reduction_call& c, reduction_args& a) {
  if constexpr (!std::is_void_v<In> && !every_kernel_typed<Op, In>)
    static_assert(Op::casts_on_load, "the other layouts of a dense-only input are cast on load");
  using kernels = reduction_kernels_of<Op, In>;
  const bool skip_nan = a.params.skip_nan;
  launch_reduction(e, a, c.plan.layout, kernels::set(a.dense),
                   [skip_nan](reduction_kernel_form f) { return kernels::of(f, skip_nan); });
}

/// Runs functor Op with the kernels of the call's input type: typed for Op's dense inputs (in the layouts that
/// every_kernel_typed gives), else cast on load (the floating max and min, whose inputs are all dense, have no
/// such kernels). The arg reductions whose keys fit
/// run on them (arg_key_reduction: the same index) where the input is of the compute type itself (float32,
/// int32): keys for float16 and bfloat16 too would add their kernels to the arg units, and compile time with
/// them, for dtypes rarely searched.
template <class Op>
void launch_reduction_functor(const exec& e, const reduction_call& c) {
  reduction_args a = make_reduction_args(c.plan, c.in, c.out, c.input, c.output, c.params);
  visit_dtype(c.input.id(), [&](auto input) {
    using T = typename decltype(input)::type;
    using C = typename Op::value_t;
    if constexpr (Op::template dense_input<T>) {
      if constexpr (is_same_v<Op, arg_reduction<C>> && arg_keys_fit<C> && is_same_v<T, C>) {
        if (c.plan.reduced <= arg_key_max_count) return launch_reduction_kernels<arg_key_reduction<C>, T>(e, c, a);
      }
      launch_reduction_kernels<Op, T>(e, c, a);
    } else if constexpr (Op::casts_on_load) {
      launch_reduction_kernels<Op, void>(e, c, a);
    } else {
      throw dtype_error("no reduction kernel for input dtype " + std::string(c.input.name()));
    }
  });
}

/// Runs family F with its functor for the call's compute dtype, when that dtype is floating or complex
/// (Floating) or an integer or bool (!Floating): the two halves of a family compile in units of their own
/// (reduction_<family>.cu and reduction_<family>_integer.cu), so that no unit takes minutes.
template <reduction_family F, bool Floating>
void launch_reduction_half(const exec& e, const reduction_call& c) {
  visit_reduction_functor<F>(c.compute.id(), [&](auto functor) {
    using Op = typename decltype(functor)::type;
    using V = typename Op::value_t;
    if constexpr ((is_floating_point_v<V> || is_complex_v<V>) == Floating) launch_reduction_functor<Op>(e, c);
  });
}

}  // namespace numcu::detail::cuda
