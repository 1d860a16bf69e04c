// Exp log ufuncs for the host backend: sqrt, cbrt, exp, exp2, expm1, log, log2, log10, log1p, logaddexp,
// logaddexp2.
#include "host/elementwise.hpp"

namespace numcu::detail::host {

template void launch_ufunc<ufunc_id::sqrt>(const elementwise_call&);
template void launch_ufunc<ufunc_id::cbrt>(const elementwise_call&);
template void launch_ufunc<ufunc_id::exp>(const elementwise_call&);
template void launch_ufunc<ufunc_id::exp2>(const elementwise_call&);
template void launch_ufunc<ufunc_id::expm1>(const elementwise_call&);
template void launch_ufunc<ufunc_id::log>(const elementwise_call&);
template void launch_ufunc<ufunc_id::log2>(const elementwise_call&);
template void launch_ufunc<ufunc_id::log10>(const elementwise_call&);
template void launch_ufunc<ufunc_id::log1p>(const elementwise_call&);
template void launch_ufunc<ufunc_id::logaddexp>(const elementwise_call&);
template void launch_ufunc<ufunc_id::logaddexp2>(const elementwise_call&);

}  // namespace numcu::detail::host
