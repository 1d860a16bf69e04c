// The CUDA backend's reductions: each family's launcher is instantiated in one of the reduce_*.cu units (so
// that they compile in parallel), and run_reduction picks it.
#include "core/backend.hpp"
#include "cuda/reduce.cuh"

namespace numcu::detail {

namespace cuda {
#define NUMCU_REDUCE_EXTERN(name) \
  extern template void launch_reduction<reduce_family::name>(const exec&, const reduction_call&);
NUMCU_FOR_EACH_REDUCE_FAMILY(NUMCU_REDUCE_EXTERN)
#undef NUMCU_REDUCE_EXTERN
}  // namespace cuda

template <>
void run_reduction<cuda_backend>(const exec& e, const reduction_call& call) {
  visit_reduce_family(call.family, [&](auto f) { cuda::launch_reduction<decltype(f)::value>(e, call); });
}

}  // namespace numcu::detail
