// The host copy/cast: the casts of device/cast.hpp in a loop over the plan.
#include <cstring>

#include "core/backend.hpp"
#include "device/cast.hpp"
#include "device/element_types.hpp"
#include "host/loops.hpp"

namespace numcu::detail {

template <>
void copy_cast<host_backend>(const exec&, const iteration_plan& plan, dtype dst, dtype src) {
  if (dst == src && plan.is_contiguous()) {
    std::memcpy(plan.data[0], plan.data[1], static_cast<std::size_t>(plan.numel) * plan.itemsizes[0]);
    return;
  }
  visit_dtype(dst.id(), [&](auto dst_tag) {
    visit_dtype(src.id(), [&](auto src_tag) {
      using Dst = typename decltype(dst_tag)::type;
      using Src = typename decltype(src_tag)::type;
      // through memcpy: a view's strides may be any byte count (from_blob), its elements misaligned for
      // their type; the compiler makes these plain loads and stores
      host::for_each_element<2>(plan, [](const std::array<char*, 2>& p) {
        Src value;
        std::memcpy(&value, p[1], sizeof(Src));
        const Dst result = cast<Dst>(value);
        std::memcpy(p[0], &result, sizeof(Dst));
      });
    });
  });
}

}  // namespace numcu::detail
