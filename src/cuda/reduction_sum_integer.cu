// The launcher of the sum family for integer and bool compute dtypes (cuda/reduce.cuh); the floating half is
// in reduce_sum.cu.
#include "cuda/reduce.cuh"

namespace numcu::detail::cuda {

template void launch_reduction_half<reduce_family::sum, false>(const exec&, const reduction_call&);

}  // namespace numcu::detail::cuda
