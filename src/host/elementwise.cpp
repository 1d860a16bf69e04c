// The host elementwise entry: the ufunc's loop from the table of its family (instantiated in
// ufunc_<family>.cpp).
#include "host/elementwise.hpp"
#include "core/backend.hpp"

namespace numcu::detail {

#define NUMCU_FAMILY_EXTERN(family)                           \
  extern template const launcher_table<host::host_launchers>& \
  family_launchers<ufunc_family::family, host::host_launchers>();
NUMCU_FOR_EACH_UFUNC_FAMILY(NUMCU_FAMILY_EXTERN)
#undef NUMCU_FAMILY_EXTERN

template <>
void run_ufunc<host_backend>(const exec&, const elementwise_call& call) {
  launcher_of<host::host_launchers>(call.op)(call);
}

}  // namespace numcu::detail
