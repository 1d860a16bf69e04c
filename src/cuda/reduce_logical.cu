// The launcher of the logical family (cuda/reduce.cuh).
#include "cuda/reduce.cuh"

namespace numcu::detail::cuda {

template void launch_reduction<reduce_family::logical>(const exec&, const reduction_call&);

}  // namespace numcu::detail::cuda
