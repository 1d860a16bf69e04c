// Rounding ufuncs for the CUDA backend: floor, ceil, trunc, rint, maximum, minimum, fmax, fmin, clip,
// nan_to_num, copysign, nextafter, heaviside.
#include "cuda/elementwise.cuh"

namespace numcu::detail::cuda {

template void launch_ufunc<ufunc_id::floor>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::ceil>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::trunc>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::rint>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::maximum>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::minimum>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::fmax>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::fmin>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::clip>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::nan_to_num>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::copysign>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::nextafter>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::heaviside>(const exec&, const elementwise_call&);

}  // namespace numcu::detail::cuda
