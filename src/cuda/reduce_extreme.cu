// The launcher of the extreme family (cuda/reduce.cuh).
#include "cuda/reduce.cuh"

namespace numcu::detail::cuda {

template void launch_reduction<reduce_family::extreme>(const exec&, const reduction_call&);

}  // namespace numcu::detail::cuda
