#include "dispatch/dispatch.hpp"

#include <algorithm>
#include <cstdint>

#include "core/iteration_plan.hpp"
#include "core/scalar_cast.hpp"
#include "dispatch/route.hpp"
#include "memory/buffer.hpp"

namespace numcu::detail {
namespace {

// The half-open range [first, last) of addresses an array touches.
std::pair<std::uintptr_t, std::uintptr_t> byte_extent(const ndarray& a) {
  std::uintptr_t low = reinterpret_cast<std::uintptr_t>(a.data_ptr()), high = low;
  for (int d = 0; d < a.ndim(); ++d) {
    const std::int64_t reach = (a.shape()[d] - 1) * a.strides()[d];
    if (reach < 0) {
      low -= static_cast<std::uintptr_t>(-reach);
    } else {
      high += static_cast<std::uintptr_t>(reach);
    }
  }
  return {low, high + a.itemsize()};
}

}  // namespace

bool overlaps(const ndarray& a, const ndarray& b) {
  if (!(a.device() == b.device()) || a.size() == 0 || b.size() == 0) return false;
  const auto [a0, a1] = byte_extent(a);
  const auto [b0, b1] = byte_extent(b);
  return a0 < b1 && b0 < a1;
}

bool same_layout(const ndarray& a, const ndarray& b) {
  return a.shares_memory_with(b) && a.offset() == b.offset() && a.strides() == b.strides() &&
         a.shape() == b.shape();
}

void require_same_device(device a, device b, std::string_view what) {
  if (!(a == b)) {
    throw device_error(std::string(what) + ": operands are on different devices: " + a.str() + " and " +
                       b.str() + " (move one with .to(device))");
  }
}

ndarray copy_of(const ndarray& a) {
  ndarray out = new_array(a.shape(), a.dtype(), a.device());
  copy_into(out, a);
  return out;
}

void copy_into(const ndarray& dst, const ndarray& src) {
  if (overlaps(dst, src) && !same_layout(dst, src)) {
    copy_into(dst, copy_of(src));
    return;
  }
  const strides_t src_strides = broadcast_strides(src.shape(), src.strides(), dst.shape());
  const plan_operand operands[] = {
      {static_cast<char*>(dst.data_ptr()), &dst.strides(), dst.itemsize()},
      {static_cast<char*>(src.data_ptr()), &src_strides, src.itemsize()},
  };
  const iteration_plan plan = make_iteration_plan(dst.shape(), operands);
  if (plan.numel == 0) return;
  route(dst.device(), "copy", [&]<class B>(B, const exec& e) { copy_cast<B>(e, plan, dst.dtype(), src.dtype()); });
}

void fill_with(const ndarray& dst, const scalar& value) {
  const element_bytes element = scalar_to_element(value, dst.dtype());
  const plan_operand operands[] = {{static_cast<char*>(dst.data_ptr()), &dst.strides(), dst.itemsize()}};
  const iteration_plan plan = make_iteration_plan(dst.shape(), operands);
  if (plan.numel == 0) return;
  route(dst.device(), "fill", [&]<class B>(B, const exec& e) { fill<B>(e, plan, element.bytes, dst.itemsize()); });
}

void arange_into(const ndarray& out, const void* first, const void* second) {
  if (out.size() == 0) return;
  route(out.device(), "arange", [&]<class B>(B, const exec& e) {
    arange<B>(e, out.data_ptr(), out.dtype(), out.size(), first, second);
  });
}

void linspace_into(const ndarray& out, const linspace_params& params) {
  if (out.size() == 0) return;
  route(out.device(), "linspace",
        [&]<class B>(B, const exec& e) { linspace<B>(e, out.data_ptr(), out.dtype(), params); });
}

void random_into(const ndarray& out, const random_params& params) {
  if (out.size() == 0) return;
  route(out.device(), "random", [&]<class B>(B, const exec& e) {
    random_fill<B>(e, out.data_ptr(), out.dtype(), out.size(), params);
  });
}

}  // namespace numcu::detail
