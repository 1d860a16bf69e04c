// Arithmetic ufuncs for the host backend: add, subtract, multiply, true_divide, floor_divide, remainder,
// fmod, power, float_power, negative, positive, absolute, sign, reciprocal, square, conjugate.
#include "host/elementwise.hpp"

namespace numcu::detail::host {

template void launch_ufunc<ufunc_id::add>(const elementwise_call&);
template void launch_ufunc<ufunc_id::subtract>(const elementwise_call&);
template void launch_ufunc<ufunc_id::multiply>(const elementwise_call&);
template void launch_ufunc<ufunc_id::true_divide>(const elementwise_call&);
template void launch_ufunc<ufunc_id::floor_divide>(const elementwise_call&);
template void launch_ufunc<ufunc_id::remainder>(const elementwise_call&);
template void launch_ufunc<ufunc_id::fmod>(const elementwise_call&);
template void launch_ufunc<ufunc_id::power>(const elementwise_call&);
template void launch_ufunc<ufunc_id::float_power>(const elementwise_call&);
template void launch_ufunc<ufunc_id::negative>(const elementwise_call&);
template void launch_ufunc<ufunc_id::positive>(const elementwise_call&);
template void launch_ufunc<ufunc_id::absolute>(const elementwise_call&);
template void launch_ufunc<ufunc_id::sign>(const elementwise_call&);
template void launch_ufunc<ufunc_id::reciprocal>(const elementwise_call&);
template void launch_ufunc<ufunc_id::square>(const elementwise_call&);
template void launch_ufunc<ufunc_id::conjugate>(const elementwise_call&);

}  // namespace numcu::detail::host
