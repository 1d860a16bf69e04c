// The one launcher of the reduction kernels: the built-in reductions (src/cuda/reduction.cuh, kernels compiled with
// the library) and user reduction kernels (compiled at run time) both come here with the kernels they have, and
// core/reduction_launch.hpp's plan names the forms launched.
#pragma once

#include <functional>

#include "core/exec.hpp"
#include "core/reduction_launch.hpp"

namespace numcu::detail::cuda {

/// A kernel of one form (reduction_kernel_form) as cudaLaunchKernel takes it: a __global__ function's address or
/// a loaded library's cudaKernel_t. Asked only for the forms the kernel set has, and only for those launched
/// (and the spread tiles form, whose occupancy the plan may ask).
using reduction_kernel_lookup = std::function<const void*(reduction_kernel_form)>;

/// Reduces as @p a describes (make_reduction_args; a plan of layout @p layout; the launch completes it) with the
/// kernels @p kernel_of of set @p set on the stream of @p e: the first stage, and a second that combines the
/// first one's partials (kept in e's workspace) where there are several per output.
void launch_reduction(const exec& e, reduction_args& a, reduction_layout layout, const reduction_kernel_set& set,
                      const reduction_kernel_lookup& kernel_of);

}  // namespace numcu::detail::cuda
