// Arithmetic ufuncs for the CUDA backend: add, subtract, multiply, true_divide, floor_divide, remainder,
// fmod, power, float_power, negative, positive, absolute, sign, reciprocal, square, conjugate.
#include "cuda/elementwise.cuh"

namespace numcu::detail::cuda {

template void launch_ufunc<ufunc_id::add>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::subtract>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::multiply>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::true_divide>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::floor_divide>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::remainder>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::fmod>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::power>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::float_power>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::negative>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::positive>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::absolute>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::sign>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::reciprocal>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::square>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::conjugate>(const exec&, const elementwise_call&);

}  // namespace numcu::detail::cuda
