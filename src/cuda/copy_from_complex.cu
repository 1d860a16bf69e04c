// Copy/cast kernels from the complex dtypes to every dtype.
#include "cuda/copy.cuh"

namespace numcu::detail::cuda {

template void copy_from<complex64_t>(const exec&, const iteration_plan&, dtype);
template void copy_from<complex128_t>(const exec&, const iteration_plan&, dtype);

}  // namespace numcu::detail::cuda
