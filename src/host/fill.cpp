// The host fill: one value of itemsize bytes into every element of the plan.
#include <cstring>

#include "device/element_types.hpp"
#include "core/backend.hpp"
#include "host/loops.hpp"

namespace numcu::detail {

template <>
void fill<host_backend>(const exec&, const iteration_plan& plan, const void* value, std::size_t itemsize) {
  visit_itemsize(itemsize, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T v;
    std::memcpy(&v, value, sizeof(T));
    host::for_each_element<1>(plan, [v](const std::array<char*, 1>& p) { *reinterpret_cast<T*>(p[0]) = v; });
  });
}

}  // namespace numcu::detail
