// The launcher of the prod family for integer and bool compute dtypes (cuda/reduction.cuh); the floating half is
// in reduction_prod.cu.
#include "cuda/reduction.cuh"

namespace numcu::detail::cuda {

template void launch_reduction_half<reduction_family::prod, false>(const exec&, const reduction_call&);

}  // namespace numcu::detail::cuda
