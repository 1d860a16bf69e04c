// The launcher of the arg family for integer and bool compute dtypes (cuda/reduction.cuh); the floating half is
// in reduction_arg.cu.
#include "cuda/reduction.cuh"

namespace numcu::detail::cuda {

template void launch_reduction_half<reduction_family::arg, false>(const exec&, const reduction_call&);

}  // namespace numcu::detail::cuda
