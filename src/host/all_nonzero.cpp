// all_nonzero on the host: stops at the first zero element.
#include "core/backend.hpp"
#include "device/cast.hpp"
#include "device/element_types.hpp"

namespace numcu::detail {

template <>
bool all_nonzero<host_backend>(const exec&, const iteration_plan& plan, dtype t) {
  return visit_dtype(t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    // walk the plan's elements in order; the odometer of loops.hpp has no early exit, so index directly
    for (std::int64_t i = 0; i < plan.numel; ++i) {
      std::int64_t offset = 0, rest = i;
      for (int d = 0; d < plan.ndim; ++d) {
        offset += (rest % plan.sizes[d]) * plan.strides[0][d];
        rest /= plan.sizes[d];
      }
      if (!cast<bool>(*reinterpret_cast<const T*>(plan.data[0] + offset))) return false;
    }
    return true;
  });
}

}  // namespace numcu::detail
