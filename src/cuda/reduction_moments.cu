// The launcher of the moments family (cuda/reduction.cuh), both halves (one of them has no compute dtype).
#include "cuda/reduction.cuh"

namespace numcu::detail::cuda {

template void launch_reduction_half<reduction_family::moments, true>(const exec&, const reduction_call&);
template void launch_reduction_half<reduction_family::moments, false>(const exec&, const reduction_call&);

}  // namespace numcu::detail::cuda
