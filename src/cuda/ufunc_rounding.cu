// Rounding ufuncs for the CUDA backend: floor, ceil, trunc, rint, maximum, minimum, fmax, fmin, clip,
// nan_to_num, copysign, nextafter, heaviside.
#include "cuda/elementwise.cuh"

namespace numcu::detail::cuda {

template void launch_ufunc<ufunc_id::floor>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::ceil>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::trunc>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::rint>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::maximum>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::minimum>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::fmax>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::fmin>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::clip>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::nan_to_num>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::copysign>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::nextafter>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::heaviside>(const elementwise_call&, cudaStream_t);

}  // namespace numcu::detail::cuda
