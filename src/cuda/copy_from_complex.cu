// Copy/cast kernels from the complex dtypes to every dtype.
#include "cuda/copy.cuh"

namespace numcu::detail::cuda {

template void copy_from<::cuda::std::complex<float>>(const exec&, const iteration_plan&, dtype);
template void copy_from<::cuda::std::complex<double>>(const exec&, const iteration_plan&, dtype);

}  // namespace numcu::detail::cuda
