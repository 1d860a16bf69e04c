// all_nonzero on the host: stops at the first false element.
#include "host/backend.hpp"

namespace numcu::detail::host {

bool all_nonzero(const iteration_plan& plan) {
  if (plan.numel == 0) return true;
  // walk the plan's elements in order; the odometer of loops.hpp has no early exit, so index directly
  for (std::int64_t i = 0; i < plan.numel; ++i) {
    std::int64_t offset = 0, rest = i;
    for (int d = 0; d < plan.ndim; ++d) {
      offset += (rest % plan.sizes[d]) * plan.strides[0][d];
      rest /= plan.sizes[d];
    }
    if (!*reinterpret_cast<const bool*>(plan.data[0] + offset)) return false;
  }
  return true;
}

}  // namespace numcu::detail::host
