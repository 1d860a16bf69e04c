// The launcher of the sum family for floating and complex compute dtypes (cuda/reduction.cuh); the integer half
// is in reduction_sum_integer.cu.
#include "cuda/reduction.cuh"

namespace numcu::detail::cuda {

template void launch_reduction_half<reduction_family::sum, true>(const exec&, const reduction_call&);

}  // namespace numcu::detail::cuda
