// The launcher of the sum family for integer and bool compute dtypes (cuda/reduction.cuh); the floating half is
// in reduction_sum.cu.
#include "cuda/reduction.cuh"

namespace numcu::detail::cuda {

template void launch_reduction_half<reduction_family::sum, false>(const exec&, const reduction_call&);

}  // namespace numcu::detail::cuda
