// The CUDA elementwise entry: one switch from the ufunc to its launcher, instantiated in ufunc_*.cu.
#include "core/backend.hpp"
#include "cuda/elementwise.cuh"

namespace numcu::detail {
namespace cuda {

#define NUMCU_UFUNC(name, nin, loops) \
  extern template void launch_ufunc<ufunc_id::name>(const exec&, const elementwise_call&);
#include "device/ufunc_extra.inc"
#include "device/ufunc_loops.inc"
#undef NUMCU_UFUNC

}  // namespace cuda

template <>
void run_ufunc<cuda_backend>(const exec& e, const elementwise_call& call) {
  using cuda::launch_ufunc;
  if (call.plan.numel == 0) return;
  switch (call.op) {
#define NUMCU_UFUNC(name, nin, loops) \
  case ufunc_id::name:                \
    return launch_ufunc<ufunc_id::name>(e, call);
#include "device/ufunc_extra.inc"
#include "device/ufunc_loops.inc"
#undef NUMCU_UFUNC
    case ufunc_id::count:
      break;
  }
}

}  // namespace numcu::detail
