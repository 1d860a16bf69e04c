// Trigonometric ufuncs for the CUDA backend: sin, cos, tan, arcsin, arccos, arctan, arctan2, hypot, sinh,
// cosh, tanh, arcsinh, arccosh, arctanh, deg2rad, rad2deg.
#include "cuda/elementwise.cuh"

namespace numcu::detail::cuda {

template void launch_ufunc<ufunc_id::sin>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::cos>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::tan>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::arcsin>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::arccos>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::arctan>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::arctan2>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::hypot>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::sinh>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::cosh>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::tanh>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::arcsinh>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::arccosh>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::arctanh>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::deg2rad>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::rad2deg>(const exec&, const elementwise_call&);

}  // namespace numcu::detail::cuda
