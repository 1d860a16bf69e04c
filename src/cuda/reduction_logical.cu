// The launcher of the logical family (cuda/reduction.cuh), both halves (one of them has no compute dtype).
#include "cuda/reduction.cuh"

namespace numcu::detail::cuda {

template void launch_reduction_half<reduction_family::logical, true>(const exec&, const reduction_call&);
template void launch_reduction_half<reduction_family::logical, false>(const exec&, const reduction_call&);

}  // namespace numcu::detail::cuda
