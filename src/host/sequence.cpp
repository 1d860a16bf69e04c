// arange and linspace on the host: the formulas of core/sequence.hpp in a loop.
#include <cstring>

#include "core/element_types.hpp"
#include "host/backend.hpp"

namespace numcu::detail::host {

void arange(void* out, dtype t, std::int64_t n, const void* first, const void* second) {
  visit_dtype(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T a, b;
    std::memcpy(static_cast<void*>(&a), first, sizeof(T));
    std::memcpy(static_cast<void*>(&b), second, sizeof(T));
    const auto start = to_arange_arith(a);
    const auto delta = to_arange_arith(b) - start;
    T* o = static_cast<T*>(out);
    for (std::int64_t i = 0; i < n; ++i) o[i] = arange_value<T>(start, delta, i);
  });
}

void linspace(void* out, dtype t, const linspace_params& p) {
  visit_dtype(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* o = static_cast<T*>(out);
    for (std::int64_t i = 0; i < p.n; ++i) o[i] = linspace_value<T>(p, i);
  });
}

}  // namespace numcu::detail::host
