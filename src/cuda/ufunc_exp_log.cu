// Exp log ufuncs for the CUDA backend: sqrt, cbrt, exp, exp2, expm1, log, log2, log10, log1p, logaddexp,
// logaddexp2.
#include "cuda/elementwise.cuh"

namespace numcu::detail::cuda {

template void launch_ufunc<ufunc_id::sqrt>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::cbrt>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::exp>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::exp2>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::expm1>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::log>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::log2>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::log10>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::log1p>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::logaddexp>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::logaddexp2>(const exec&, const elementwise_call&);

}  // namespace numcu::detail::cuda
