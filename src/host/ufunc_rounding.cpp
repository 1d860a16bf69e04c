// Rounding ufuncs for the host backend: floor, ceil, trunc, rint, maximum, minimum, fmax, fmin, clip,
// nan_to_num, copysign, nextafter, heaviside.
#include "host/elementwise.hpp"

namespace numcu::detail::host {

template void launch_ufunc<ufunc_id::floor>(const elementwise_call&);
template void launch_ufunc<ufunc_id::ceil>(const elementwise_call&);
template void launch_ufunc<ufunc_id::trunc>(const elementwise_call&);
template void launch_ufunc<ufunc_id::rint>(const elementwise_call&);
template void launch_ufunc<ufunc_id::maximum>(const elementwise_call&);
template void launch_ufunc<ufunc_id::minimum>(const elementwise_call&);
template void launch_ufunc<ufunc_id::fmax>(const elementwise_call&);
template void launch_ufunc<ufunc_id::fmin>(const elementwise_call&);
template void launch_ufunc<ufunc_id::clip>(const elementwise_call&);
template void launch_ufunc<ufunc_id::nan_to_num>(const elementwise_call&);
template void launch_ufunc<ufunc_id::copysign>(const elementwise_call&);
template void launch_ufunc<ufunc_id::nextafter>(const elementwise_call&);
template void launch_ufunc<ufunc_id::heaviside>(const elementwise_call&);

}  // namespace numcu::detail::host
