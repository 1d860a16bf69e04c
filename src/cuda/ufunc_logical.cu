// Logical ufuncs for the CUDA backend: logical_and, logical_or, logical_xor, logical_not, bitwise_and,
// bitwise_or, bitwise_xor, invert, left_shift, right_shift, gcd, lcm.
#include "cuda/elementwise.cuh"

namespace numcu::detail::cuda {

template void launch_ufunc<ufunc_id::logical_and>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::logical_or>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::logical_xor>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::logical_not>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::bitwise_and>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::bitwise_or>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::bitwise_xor>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::invert>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::left_shift>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::right_shift>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::gcd>(const exec&, const elementwise_call&);
template void launch_ufunc<ufunc_id::lcm>(const exec&, const elementwise_call&);

}  // namespace numcu::detail::cuda
