// The arithmetic ufuncs of the table (family arithmetic) for the host backend: their loops are instantiated
// here, apart from the other families, so that the families compile in parallel.
#include "host/elementwise.hpp"

namespace numcu::detail {

template const launcher_table<host::host_launchers>&
family_launchers<ufunc_family::arithmetic, host::host_launchers>();

}  // namespace numcu::detail
