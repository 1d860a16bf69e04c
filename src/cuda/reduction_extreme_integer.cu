// The launcher of the extreme family for integer and bool compute dtypes (cuda/reduce.cuh); the floating half is
// in reduce_extreme.cu.
#include "cuda/reduce.cuh"

namespace numcu::detail::cuda {

template void launch_reduction_half<reduce_family::extreme, false>(const exec&, const reduction_call&);

}  // namespace numcu::detail::cuda
