// The CUDA backend's reductions: each family's launcher is instantiated in the reduction_*.cu units, its floating
// and its integer half apart for the families with both (so that they compile in parallel), and run_reduction
// picks it.
#include "core/backend.hpp"
#include "cuda/reduction.cuh"

namespace numcu::detail {

namespace cuda {
#define NUMCU_REDUCTION_EXTERN(name)                                                                       \
  extern template void launch_reduction_half<reduction_family::name, true>(const exec&, const reduction_call&); \
  extern template void launch_reduction_half<reduction_family::name, false>(const exec&, const reduction_call&);
NUMCU_FOR_EACH_REDUCTION_FAMILY(NUMCU_REDUCTION_EXTERN)
#undef NUMCU_REDUCTION_EXTERN
}  // namespace cuda

template <>
void run_reduction<cuda_backend>(const exec& e, const reduction_call& call) {
  const bool floating = call.compute.is_floating() || call.compute.is_complex();
  visit_reduction_family(call.family, [&](auto f) {
    if (floating)
      cuda::launch_reduction_half<decltype(f)::value, true>(e, call);
    else
      cuda::launch_reduction_half<decltype(f)::value, false>(e, call);
  });
}

}  // namespace numcu::detail
