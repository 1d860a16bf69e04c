// Comparison ufuncs for the CUDA backend: equal, not_equal, less, less_equal, greater, greater_equal, isnan,
// isinf, isfinite, signbit, isclose, where.
#include "cuda/elementwise.cuh"

namespace numcu::detail::cuda {

template void launch_ufunc<ufunc_id::equal>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::not_equal>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::less>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::less_equal>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::greater>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::greater_equal>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::isnan>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::isinf>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::isfinite>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::signbit>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::isclose>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::where>(const exec&, const elementwise_call&);

}  // namespace numcu::detail::cuda
