// The host copy/cast: the casts of core/cast.hpp in a loop over the plan.
#include <cstring>

#include "core/cast.hpp"
#include "core/element_types.hpp"
#include "host/backend.hpp"
#include "host/loops.hpp"

namespace numcu::detail::host {

void copy_cast(const iteration_plan& plan, dtype dst, dtype src) {
  if (plan.numel == 0) return;
  if (dst == src && plan.is_contiguous()) {
    std::memcpy(plan.data[0], plan.data[1], static_cast<std::size_t>(plan.numel) * plan.itemsizes[0]);
    return;
  }
  visit_dtype(dst, [&](auto dst_tag) {
    visit_dtype(src, [&](auto src_tag) {
      using Dst = typename decltype(dst_tag)::type;
      using Src = typename decltype(src_tag)::type;
      for_each_element<2>(plan, [](const std::array<char*, 2>& p) {
        *reinterpret_cast<Dst*>(p[0]) = cast<Dst>(*reinterpret_cast<const Src*>(p[1]));
      });
    });
  });
}

}  // namespace numcu::detail::host
