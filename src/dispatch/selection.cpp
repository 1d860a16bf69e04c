#include "dispatch/selection.hpp"

#include <optional>

#include "core/backend.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/route.hpp"
#include "memory/buffer.hpp"

namespace numcu::detail {
namespace {

const std::int64_t* index_data(const ndarray& index) {
  return static_cast<const std::int64_t*>(index.data_ptr());
}

}  // namespace

taken take_along(const ndarray& src, const take_layout& layout, const ndarray& index, index_mode mode,
                 const shape_t& shape) {
  ndarray out = new_array(shape, src.dtype(), src.device());
  if (out.size() == 0)
    return {out, mode == index_mode::raise ? first_out_of_bounds(index, layout.extent) : -1};
  const std::int64_t bad = route(src.device(), "take", [&]<class B>(B, const exec& e) {
    return take<B>(e, src.itemsize(), src.data_ptr(), layout.outer, layout.extent, layout.inner,
                   index_data(index), index.size(), mode, out.data_ptr());
  });
  return {out, bad};
}

std::int64_t first_out_of_bounds(const ndarray& index, std::int64_t extent) {
  if (index.size() == 0) return -1;
  return route(index.device(), "take", [&]<class B>(B, const exec& e) {
    return first_out_of_bounds<B>(e, index_data(index), index.size(), extent);
  });
}

void put_along(const ndarray& dst, const take_layout& layout, const ndarray& index, index_mode mode,
               const ndarray& values) {
  if (values.size() == 0) return;
  route(dst.device(), "put", [&]<class B>(B, const exec& e) {
    put<B>(e, dst.itemsize(), dst.data_ptr(), layout.outer, layout.extent, layout.inner, index_data(index),
           index.size(), mode, values.data_ptr());
  });
}

ndarray select_flagged(const ndarray& src, const ndarray& flags) {
  std::optional<ndarray> out;
  route(src.device(), "compress", [&]<class B>(B, const exec& e) {
    select_flagged<B>(e, src.itemsize(), src.data_ptr(), static_cast<const bool*>(flags.data_ptr()),
                      src.size(), [&](std::int64_t count) {
                        out = new_array({count}, src.dtype(), src.device());
                        return out->data_ptr();
                      });
  });
  return std::move(*out);
}

}  // namespace numcu::detail
