// The launchers of the elementwise kernels (device/elementwise_kernels.cuh): for each call, the dense, rows
// or general kernel that core/elementwise_loop.hpp chooses, on the stream of the execution context.
#pragma once

#include "core/elementwise_call.hpp"
#include "core/elementwise_loop.hpp"
#include "cuda/launch.cuh"
#include "device/elementwise_kernels.cuh"

namespace numcu::detail::cuda {

/// Runs the general loop of Element (ufunc_general<Element>) over @p plan (pieces of at most 2^31 - 1
/// elements) on the stream of @p e.
template <class Element>
void launch_general(const exec& e, const iteration_plan& plan, const ufunc_args& args) {
  for_each_sub_plan(plan, max_32bit_numel, [&](const iteration_plan& piece) {
    ufunc_general<Element> body{{}, args};
    for (int k = 0; k < piece.noperands; ++k) body.data.p[k] = piece.data[k];
    launch(e, grid_for(piece.numel, block_threads * general_items), block_threads,
           general_kernel<max_inputs + 1, ufunc_general<Element>>, body,
           offset_calculator<max_inputs + 1>(piece), static_cast<std::uint32_t>(piece.numel));
  });
}

/// The dense run of a dense plan.
template <ufunc_id U, class T>
ufunc_run<U, T> dense_run_of(const elementwise_call& call) {
  ufunc_run<U, T> run{};
  run.op.params = call.args.params;
  run.out = reinterpret_cast<output_t<U, T>*>(call.plan.data[0]);
  auto& in = run.in;
  for (int k = 0; k < call.nin; ++k) {
    in.ptr[k] = call.plan.data[k + 1];
    in.constant[k] = call.args.is_scalar[k];
  }
  in.c0 = call.args.is_scalar[0] ? scalar_value<input_t<U, 0, T>>(call.args.scalars[0]) : input_t<U, 0, T>{};
  if constexpr (info_of(U).nin > 1) {
    if (call.args.is_scalar[1]) in.c1 = scalar_value<input_t<U, 1, T>>(call.args.scalars[1]);
  }
  if constexpr (info_of(U).nin > 2) {
    if (call.args.is_scalar[2]) in.c2 = scalar_value<input_t<U, 2, T>>(call.args.scalars[2]);
  }
  return run;
}

/// Runs ufunc U for one call on the stream of @p e.
template <ufunc_id U>
void launch_ufunc(const exec& e, const elementwise_call& call) {
  visit_dtype(call.loop_input.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (has_loop_v<U, T>) {
      constexpr int vec = vector_width<T, output_t<U, T>, input_t<U, 1, T>>();
      constexpr std::int64_t per_block = dense_block_elements<vec>;
      const iteration_plan& plan = call.plan;
      // the one loop choice (core/elementwise_loop.hpp): this dtype's kernels read vectors of vec elements
      // only, typed inputs; operand 0 is the output, the inputs may be constant along rows
      elementwise_loop_rules rules;
      rules.vectors = call.args.typed;
      rules.vector_width = vec;
      rules.width_fixed = true;
      rules.may_be_constant = ~1u;
      const elementwise_loop_choice choice = choose_elementwise_loop(plan, rules);
      if (choice.kind == elementwise_loop_kind::dense) {
        launch(e, grid_for(plan.numel, per_block), block_threads, dense_kernel<vec, ufunc_run<U, T>>,
               dense_run_of<U, T>(call), plan.numel);
        return;
      }
      if (choice.kind == elementwise_loop_kind::rows) {
        const rows_shape shape{plan.sizes[0], static_cast<std::uint32_t>(plan.numel / plan.sizes[0])};
        ufunc_rows<U, T> body{};
        for (int k = 0; k < call.nin + 1; ++k) body.base[k] = plan.data[k];
        for (int k = 0; k < call.nin; ++k) body.along[k] = choice.constant >> (k + 1) & 1u;
        body.args = call.args;
        const dim3 grid(grid_for(shape.inner, per_block), std::min<unsigned>(shape.rows, 65535u));
        launch(e, grid, block_threads, rows_kernel<vec, max_inputs + 1, ufunc_rows<U, T>>, body, shape,
               offset_calculator<max_inputs + 1>(outer_dimensions(plan)));
        return;
      }
      launch_general<ufunc_element<U, T>>(e, plan, call.args);
    }
  });
}

/// The launchers of this backend for the family tables of core/elementwise_call.hpp.
struct cuda_launchers {
  using launcher = void (*)(const exec&, const elementwise_call&);
  template <ufunc_id U>
  static constexpr launcher of() {
    return &launch_ufunc<U>;
  }
};

}  // namespace numcu::detail::cuda
