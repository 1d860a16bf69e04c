// Trigonometric ufuncs for the CUDA backend: sin, cos, tan, arcsin, arccos, arctan, arctan2, hypot, sinh,
// cosh, tanh, arcsinh, arccosh, arctanh, deg2rad, rad2deg.
#include "cuda/elementwise.cuh"

namespace numcu::detail::cuda {

template void launch_ufunc<ufunc_id::sin>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::cos>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::tan>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::arcsin>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::arccos>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::arctan>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::arctan2>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::hypot>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::sinh>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::cosh>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::tanh>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::arcsinh>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::arccosh>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::arctanh>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::deg2rad>(const elementwise_call&, cudaStream_t);
template void launch_ufunc<ufunc_id::rad2deg>(const elementwise_call&, cudaStream_t);

}  // namespace numcu::detail::cuda
