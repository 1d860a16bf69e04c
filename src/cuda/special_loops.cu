// The loops of core/special_loops.hpp on the GPU: divmod and the exact signed/uint64 comparisons, through the
// general kernel (any layout, inputs read in their own dtypes).
#include "core/special_loops.hpp"
#include "cuda/backend.hpp"
#include "cuda/elementwise.cuh"

namespace numcu::detail::cuda {
namespace {

template <class T>
struct divmod_element {
  template <class Pointers>
  __device__ static void apply(const ufunc_args& args, const Pointers& p) {
    apply_divmod_at<T>(args, p);
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

void run_divmod(const elementwise_call& call, device d) {
  if (call.plan.numel == 0) return;
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  visit_dtype(call.loop_input, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (has_loop_v<ufunc_id::floor_divide, T>)
      launch_general<divmod_element<T>>(call.plan, call.args, stream);
  });
}

void run_mixed_comparison(const elementwise_call& call, device d) {
  if (call.plan.numel == 0) return;
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  visit_comparison(call.op, [&]<ufunc_id U>() {
    launch_general<mixed_comparison_element<U>>(call.plan, call.args, stream);
  });
}

}  // namespace numcu::detail::cuda
