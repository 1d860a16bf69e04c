// The host elementwise loop for every ufunc: the functions of core/ufunc_ops.hpp over an iteration plan,
// inputs cast to the loop dtype as they are read, the result cast on store (the mirror of
// src/cuda/elementwise.cuh).
#pragma once

#include "core/elementwise_call.hpp"
#include "host/loops.hpp"

namespace numcu::detail::host {

/// Runs ufunc U for one call.
template <ufunc_id U>
void launch_ufunc(const elementwise_call& call) {
  constexpr int nin = info_of(U).nin;
  visit_dtype(call.loop_input, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (has_loop_v<U, T>) {
      using O = output_t<U, T>;
      ufunc_op<U> op;
      op.params = call.args.params;
      const ufunc_args& args = call.args;
      auto value = [&](auto k_tag, const std::array<char*, max_inputs + 1>& p) {
        constexpr int K = decltype(k_tag)::value;
        using In = input_t<U, K, T>;
        const int i = args.plan_index[K];
        if (i < 0) return scalar_value<In>(args.scalars[K]);
        return load_as<In>(p[i], args.input_dtypes[K].id());
      };
      const bool direct_store = args.out_dtype == dtype_of_storage<O>();
      for_each_element<max_inputs + 1>(call.plan, [&](const std::array<char*, max_inputs + 1>& p) {
        O r;
        if constexpr (nin == 1) {
          r = apply_ufunc<U, O, T>(op, value(std::integral_constant<int, 0>{}, p));
        } else if constexpr (nin == 2) {
          r = apply_ufunc<U, O, T>(op, value(std::integral_constant<int, 0>{}, p), value(std::integral_constant<int, 1>{}, p));
        } else {
          r = apply_ufunc<U, O, T>(op, value(std::integral_constant<int, 0>{}, p), value(std::integral_constant<int, 1>{}, p),
                                   value(std::integral_constant<int, 2>{}, p));
        }
        if (direct_store) {
          *reinterpret_cast<O*>(p[0]) = r;
        } else {
          store_as(p[0], args.out_dtype.id(), r);
        }
      });
    }
  });
}

}  // namespace numcu::detail::host
