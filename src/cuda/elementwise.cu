// The CUDA elementwise entry: one switch from the ufunc to its launcher, instantiated in ufunc_*.cu.
#include "cuda/backend.hpp"
#include "cuda/elementwise.cuh"

namespace numcu::detail::cuda {

#define NUMCU_UFUNC(name, nin, loops) \
  extern template void launch_ufunc<ufunc_id::name>(const elementwise_call&, cudaStream_t);
#include "core/ufunc_extra.inc"
#include "core/ufunc_loops.inc"
#undef NUMCU_UFUNC

void run_ufunc(const elementwise_call& call, device d) {
  if (call.plan.numel == 0) return;
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  switch (call.op) {
#define NUMCU_UFUNC(name, nin, loops) \
  case ufunc_id::name:                \
    return launch_ufunc<ufunc_id::name>(call, stream);
#include "core/ufunc_extra.inc"
#include "core/ufunc_loops.inc"
#undef NUMCU_UFUNC
    case ufunc_id::count:
      break;
  }
}

}  // namespace numcu::detail::cuda
