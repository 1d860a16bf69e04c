// Logical ufuncs for the host backend: logical_and, logical_or, logical_xor, logical_not, bitwise_and,
// bitwise_or, bitwise_xor, invert, left_shift, right_shift, gcd, lcm.
#include "host/elementwise.hpp"

namespace numcu::detail::host {

template void launch_ufunc<ufunc_id::logical_and>(const elementwise_call&);
template void launch_ufunc<ufunc_id::logical_or>(const elementwise_call&);
template void launch_ufunc<ufunc_id::logical_xor>(const elementwise_call&);
template void launch_ufunc<ufunc_id::logical_not>(const elementwise_call&);
template void launch_ufunc<ufunc_id::bitwise_and>(const elementwise_call&);
template void launch_ufunc<ufunc_id::bitwise_or>(const elementwise_call&);
template void launch_ufunc<ufunc_id::bitwise_xor>(const elementwise_call&);
template void launch_ufunc<ufunc_id::invert>(const elementwise_call&);
template void launch_ufunc<ufunc_id::left_shift>(const elementwise_call&);
template void launch_ufunc<ufunc_id::right_shift>(const elementwise_call&);
template void launch_ufunc<ufunc_id::gcd>(const elementwise_call&);
template void launch_ufunc<ufunc_id::lcm>(const elementwise_call&);

}  // namespace numcu::detail::host
