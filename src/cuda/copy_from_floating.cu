// Copy/cast kernels from the floating dtypes to every dtype.
#include "cuda/copy.cuh"

namespace numcu::detail::cuda {

template void copy_from<float16_t>(const exec&, const iteration_plan&, dtype);
template void copy_from<bfloat16_t>(const exec&, const iteration_plan&, dtype);
template void copy_from<float>(const exec&, const iteration_plan&, dtype);
template void copy_from<double>(const exec&, const iteration_plan&, dtype);

}  // namespace numcu::detail::cuda
