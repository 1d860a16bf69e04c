// Comparison ufuncs for the host backend: equal, not_equal, less, less_equal, greater, greater_equal, isnan,
// isinf, isfinite, signbit, isclose, where.
#include "host/elementwise.hpp"

namespace numcu::detail::host {

template void launch_ufunc<ufunc_id::equal>(const elementwise_call&);
template void launch_ufunc<ufunc_id::not_equal>(const elementwise_call&);
template void launch_ufunc<ufunc_id::less>(const elementwise_call&);
template void launch_ufunc<ufunc_id::less_equal>(const elementwise_call&);
template void launch_ufunc<ufunc_id::greater>(const elementwise_call&);
template void launch_ufunc<ufunc_id::greater_equal>(const elementwise_call&);
template void launch_ufunc<ufunc_id::isnan>(const elementwise_call&);
template void launch_ufunc<ufunc_id::isinf>(const elementwise_call&);
template void launch_ufunc<ufunc_id::isfinite>(const elementwise_call&);
template void launch_ufunc<ufunc_id::signbit>(const elementwise_call&);
template void launch_ufunc<ufunc_id::isclose>(const elementwise_call&);
template void launch_ufunc<ufunc_id::where>(const elementwise_call&);

}  // namespace numcu::detail::host
