// The launchers of the elementwise kernels (device/elementwise_kernels.cuh): for each call, the dense, rows
// or general kernel, on the stream of the execution context.
#pragma once

#include "core/elementwise_call.hpp"
#include "cuda/launch.cuh"
#include "device/elementwise_kernels.cuh"

namespace numcu::detail::cuda {

/// Runs general_kernel<Body> over @p plan (pieces of at most 2^31 - 1 elements) on the stream of @p e.
template <class Body>
void launch_general(const exec& e, const iteration_plan& plan, const ufunc_args& args) {
  for_each_sub_plan(plan, max_32bit_numel, [&](const iteration_plan& piece) {
    operand_pointers data{};
    for (int k = 0; k < piece.noperands; ++k) data.p[k] = piece.data[k];
    launch(e, grid_for(piece.numel, block_threads * general_items), block_threads, general_kernel<Body>,
           offset_calculator<max_inputs + 1>(piece), data, static_cast<std::uint32_t>(piece.numel), args);
  });
}

/// The inputs of a dense plan (or of row 0 of a rows plan).
template <ufunc_id U, class T>
run_inputs<U, T> dense_inputs(const elementwise_call& call) {
  run_inputs<U, T> in{};
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
  return in;
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
      const int noperands = call.nin + 1;
      auto aligned = [&](const char* p) { return p == nullptr || is_aligned(p, 16); };
      bool all_aligned = true;
      for (int k = 0; k < noperands; ++k) all_aligned = all_aligned && aligned(plan.data[k]);
      if (call.args.typed && plan.is_contiguous() && (all_aligned || vec == 1)) {
        launch(e, grid_for(plan.numel, per_block), block_threads, ufunc_dense<U, T, vec>,
               dense_inputs<U, T>(call), reinterpret_cast<output_t<U, T>*>(plan.data[0]), plan.numel,
               call.args.params);
        return;
      }
      // rows: every operand dense or constant along dimension 0, every row start 16-byte aligned
      bool rows =
          call.args.typed && plan.ndim >= 2 && all_aligned && plan.numel / plan.sizes[0] <= max_32bit_numel;
      for (int k = 0; rows && k < noperands; ++k) {
        if (plan.data[k] == nullptr) continue;
        const std::int64_t s = plan.strides[k][0];
        rows = (s == static_cast<std::int64_t>(plan.itemsizes[k]) || (k > 0 && s == 0));
        for (int d = 1; rows && d < plan.ndim; ++d) rows = plan.strides[k][d] % 16 == 0;
      }
      if (rows) {
        rows_geometry g{};
        g.inner = plan.sizes[0];
        g.rows = static_cast<std::uint32_t>(plan.numel / plan.sizes[0]);
        for (int k = 0; k < noperands; ++k) g.base[k] = plan.data[k];
        for (int k = 0; k < call.nin; ++k)
          g.along[k] = plan.data[k + 1] != nullptr && plan.strides[k + 1][0] == 0;
        iteration_plan outer = plan;
        outer.ndim = plan.ndim - 1;
        for (int d = 1; d < plan.ndim; ++d) {
          outer.sizes[d - 1] = plan.sizes[d];
          for (int k = 0; k < noperands; ++k) outer.strides[k][d - 1] = plan.strides[k][d];
        }
        const dim3 grid(grid_for(g.inner, per_block), std::min<unsigned>(g.rows, 65535u));
        launch(e, grid, block_threads, ufunc_rows<U, T, vec>, g, offset_calculator<max_inputs + 1>(outer),
               call.args);
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
