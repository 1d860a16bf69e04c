// Copy/cast kernels from the floating dtypes to every dtype.
#include "cuda/copy.cuh"

namespace numcu::detail::cuda {

template void copy_from<float16_t>(const iteration_plan&, dtype, cudaStream_t);
template void copy_from<bfloat16_t>(const iteration_plan&, dtype, cudaStream_t);
template void copy_from<float>(const iteration_plan&, dtype, cudaStream_t);
template void copy_from<double>(const iteration_plan&, dtype, cudaStream_t);

}  // namespace numcu::detail::cuda
