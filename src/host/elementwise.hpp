// The host elementwise loop for every ufunc: the functions of device/ufunc_ops.hpp over an iteration plan,
// inputs cast to the loop dtype as they are read, the result cast on store (the mirror of
// src/cuda/elementwise.cuh).
#pragma once

#include "core/elementwise_call.hpp"
#include "host/loops.hpp"

namespace numcu::detail::host {

/// Runs ufunc U for one call.
template <ufunc_id U>
void launch_ufunc(const elementwise_call& call) {
  visit_dtype(call.loop_input.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (has_loop_v<U, T>) {
      ufunc_op<U> op;
      op.params = call.args.params;
      for_each_element<max_inputs + 1>(
          call.plan, [&](const std::array<char*, max_inputs + 1>& p) { apply_at<U, T>(op, call.args, p); });
    }
  });
}

/// The launchers of this backend for the family tables of core/elementwise_call.hpp.
struct host_launchers {
  using launcher = void (*)(const elementwise_call&);
  template <ufunc_id U>
  static constexpr launcher of() {
    return &launch_ufunc<U>;
  }
};

}  // namespace numcu::detail::host
