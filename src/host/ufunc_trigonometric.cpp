// The trigonometric ufuncs of the table (family trigonometric) for the host backend: their loops are
// instantiated here, apart from the other families, so that the families compile in parallel.
#include "host/elementwise.hpp"

namespace numcu::detail {

template const launcher_table<host::host_launchers>&
family_launchers<ufunc_family::trigonometric, host::host_launchers>();

}  // namespace numcu::detail
