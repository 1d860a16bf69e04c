// Scans on the host: one running sum or product per row, in index order.
#include "core/backend.hpp"
#include "device/element_types.hpp"
#include "device/ufunc_ops.hpp"

namespace numcu::detail {

template <>
void inclusive_scan<host_backend>(const exec&, dtype t, bool product, const void* in, void* out,
                                  std::int64_t rows, std::int64_t n) {
  visit_accumulator_dtype(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* src = static_cast<const T*>(in);
    T* dst = static_cast<T*>(out);
    for (std::int64_t r = 0; r < rows * n; r += n) {
      T running = src[r];
      dst[r] = running;
      for (std::int64_t i = 1; i < n; ++i) {
        running = product ? ufunc_op<ufunc_id::multiply>{}(running, src[r + i])
                           : ufunc_op<ufunc_id::add>{}(running, src[r + i]);
        dst[r + i] = running;
      }
    }
  });
}

}  // namespace numcu::detail
