// arange and linspace on the host: the formulas of device/sequence.hpp in a loop.
#include <cstring>

#include "core/backend.hpp"
#include "device/element_types.hpp"

namespace numcu::detail {

template <>
void arange<host_backend>(const exec&, void* out, dtype t, std::int64_t n, const void* first,
                          const void* second) {
  visit_dtype(t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const arange_step<T> step = arange_start_delta<T>(first, second);
    T* o = static_cast<T*>(out);
    for (std::int64_t i = 0; i < n; ++i) o[i] = arange_value<T>(step, i);
  });
}

template <>
void linspace<host_backend>(const exec&, void* out, dtype t, const linspace_params& p) {
  visit_dtype(t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* o = static_cast<T*>(out);
    for (std::int64_t i = 0; i < p.n; ++i) o[i] = linspace_value<T>(p, i);
  });
}

}  // namespace numcu::detail
