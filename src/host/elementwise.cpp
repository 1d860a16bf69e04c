// The host elementwise entry: one switch from the ufunc to its loop, instantiated in ufunc_*.cpp.
#include "host/elementwise.hpp"
#include "core/backend.hpp"

namespace numcu::detail {
namespace host {

#define NUMCU_UFUNC(name, nin, loops) \
  extern template void launch_ufunc<ufunc_id::name>(const elementwise_call&);
#include "device/ufunc_extra.inc"
#include "device/ufunc_loops.inc"
#undef NUMCU_UFUNC

}  // namespace host

template <>
void run_ufunc<host_backend>(const exec&, const elementwise_call& call) {
  using host::launch_ufunc;
  switch (call.op) {
#define NUMCU_UFUNC(name, nin, loops) \
  case ufunc_id::name:                \
    return launch_ufunc<ufunc_id::name>(call);
#include "device/ufunc_extra.inc"
#include "device/ufunc_loops.inc"
#undef NUMCU_UFUNC
    case ufunc_id::count:
      break;
  }
}

}  // namespace numcu::detail
