// Copy/cast kernels from the complex dtypes to every dtype.
#include "cuda/copy.cuh"

namespace numcu::detail::cuda {

template void copy_from<::cuda::std::complex<float>>(const iteration_plan&, dtype, cudaStream_t);
template void copy_from<::cuda::std::complex<double>>(const iteration_plan&, dtype, cudaStream_t);

}  // namespace numcu::detail::cuda
