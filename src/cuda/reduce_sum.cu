// The launcher of the sum family (cuda/reduce.cuh).
#include "cuda/reduce.cuh"

namespace numcu::detail::cuda {

template void launch_reduction<reduce_family::sum>(const exec&, const reduction_call&);

}  // namespace numcu::detail::cuda
