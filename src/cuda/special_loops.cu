// The loops of device/special_loops.hpp on the GPU: divmod, modf, frexp and the exact signed/uint64
// comparisons, through the general kernel (any layout, inputs read in their own dtypes).
#include "core/backend.hpp"
#include "cuda/elementwise.cuh"
#include "device/special_loops.hpp"

namespace numcu::detail {
namespace cuda {
namespace {

template <ufunc_id U, class T>
struct two_outputs_element {
  template <class Pointers>
  __device__ static void apply(const ufunc_args& args, const Pointers& p) {
    apply_two_outputs_at<U, T>(args, p);
  }
};

template <ufunc_id U>
struct mixed_comparison_element {
  template <class Pointers>
  __device__ static void apply(const ufunc_args& args, const Pointers& p) {
    apply_mixed_comparison_at<U>(args, p);
  }
};

}  // namespace
}  // namespace cuda

template <>
void run_two_outputs<cuda_backend>(const exec& e, const elementwise_call& call) {
  visit_two_outputs(call.op, [&]<ufunc_id U>() {
    visit_dtype(call.loop_input.id(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (has_loop_v<U, T>)
        cuda::launch_general<cuda::two_outputs_element<U, T>>(e, call.plan, call.args);
    });
  });
}

template <>
void run_mixed_comparison<cuda_backend>(const exec& e, const elementwise_call& call) {
  visit_comparison(call.op, [&]<ufunc_id U>() {
    cuda::launch_general<cuda::mixed_comparison_element<U>>(e, call.plan, call.args);
  });
}

}  // namespace numcu::detail
