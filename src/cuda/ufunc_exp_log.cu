// The exp log ufuncs of the table (family exp_log) for the CUDA backend: their kernels are instantiated
// here, apart from the other families, so that the families compile in parallel.
#include "cuda/elementwise.cuh"

namespace numcu::detail {

template const launcher_table<cuda::cuda_launchers>&
family_launchers<ufunc_family::exp_log, cuda::cuda_launchers>();

}  // namespace numcu::detail
