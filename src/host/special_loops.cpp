// The loops of device/special_loops.hpp on the host: divmod, modf, frexp and the exact signed/uint64
// comparisons; and ufunc.at (device/scatter_fold.hpp).
#include "device/special_loops.hpp"
#include "core/backend.hpp"
#include "host/loops.hpp"

namespace numcu::detail {

template <>
void run_two_outputs<host_backend>(const exec&, const elementwise_call& call) {
  visit_two_outputs(call.op, [&]<ufunc_id U>() {
    visit_dtype(call.loop_input.id(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (has_loop_v<U, T>) {
        host::for_each_element<max_inputs + 1>(call.plan, [&](const std::array<char*, max_inputs + 1>& p) {
          apply_two_outputs_at<U, T>(call.args, p);
        });
      }
    });
  });
}

template <>
void run_mixed_comparison<host_backend>(const exec&, const elementwise_call& call) {
  visit_comparison(call.op, [&]<ufunc_id U>() {
    host::for_each_element<max_inputs + 1>(call.plan, [&](const std::array<char*, max_inputs + 1>& p) {
      apply_mixed_comparison_at<U>(call.args, p);
    });
  });
}

template <>
void scatter_ufunc<host_backend>(const exec&, const scatter_call& call) {
  visit_at_ufunc(call.op, [&]<ufunc_id U>() {
    visit_dtype(call.loop_input, [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (has_loop_v<U, T>) {
        for (std::int64_t j = 0; j < call.count; ++j) {
          if (starts_element(call, j)) fold_contributions<U, T>(call, j);
        }
      }
    });
  });
}

}  // namespace numcu::detail
