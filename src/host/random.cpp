// Random numbers on the host: the same Philox groups as the GPU, in a loop (core/random_values.hpp).
#include "core/element_types.hpp"
#include "core/random_values.hpp"
#include "host/backend.hpp"

namespace numcu::detail::host {

void random_fill(void* out, dtype t, std::int64_t n, const random_params& p) {
  const std::uint64_t groups = (static_cast<std::uint64_t>(n) + group_size(p) - 1) / group_size(p);
  visit_dtype(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!is_complex_v<T>) {
      for (std::uint64_t g = 0; g < groups; ++g) write_random_group(p, g, static_cast<T*>(out), n);
    }
  });
}

}  // namespace numcu::detail::host
