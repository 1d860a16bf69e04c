// The CUDA elementwise entry: the ufunc's launcher from the table of its family (instantiated in
// ufunc_<family>.cu).
#include "core/backend.hpp"
#include "cuda/elementwise.cuh"

namespace numcu::detail {

#define NUMCU_FAMILY_EXTERN(family)                           \
  extern template const launcher_table<cuda::cuda_launchers>& \
  family_launchers<ufunc_family::family, cuda::cuda_launchers>();
NUMCU_FOR_EACH_UFUNC_FAMILY(NUMCU_FAMILY_EXTERN)
#undef NUMCU_FAMILY_EXTERN

template <>
void run_ufunc<cuda_backend>(const exec& e, const elementwise_call& call) {
  launcher_of<cuda::cuda_launchers>(call.op)(e, call);
}

}  // namespace numcu::detail
