// Random numbers on the host: the same element groups as the GPU, in a loop (device/random_values.hpp).
#include "core/backend.hpp"
#include "device/random_values.hpp"

namespace numcu::detail {

template <>
void random_fill<host_backend>(const exec&, void* out, dtype t, std::int64_t n, const random_params& p) {
  visit_random_call(p, t.id(), [&]<distribution Kind, bool Wide, class T>() {
    const std::uint64_t groups = group_count(n, Wide);
    for (std::uint64_t g = 0; g < groups; ++g) write_random_group<Kind, Wide>(p, g, static_cast<T*>(out), n);
  });
}

}  // namespace numcu::detail
