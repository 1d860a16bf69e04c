#include "dispatch/arrange.hpp"

#include "core/backend.hpp"
#include "dispatch/route.hpp"
#include "memory/buffer.hpp"

namespace numcu::detail {

void join_narrow_rows(const ndarray& out, const std::vector<ndarray>& parts, std::int64_t outer) {
  if (out.size() == 0) return;
  join_parts list;
  for (const ndarray& p : parts) {
    if (p.size() == 0) continue;
    list.data[list.count] = p.data_ptr();
    list.width[list.count] = p.size() / outer;
    ++list.count;
  }
  route(out.device(), "concatenate", [&]<class B>(B, const exec& e) {
    join_narrow_rows<B>(e, out.itemsize(), list, outer, out.data_ptr());
  });
}

ndarray triangle_of(const ndarray& a, std::int64_t k, bool lower) {
  ndarray out = new_array(a.shape(), a.dtype(), a.device());
  if (out.size() == 0) return out;
  const std::int64_t rows = a.shape()[a.ndim() - 2], columns = a.shape()[a.ndim() - 1];
  route(a.device(), lower ? "tril" : "triu", [&]<class B>(B, const exec& e) {
    triangle<B>(e, a.itemsize(), a.data_ptr(), a.size() / (rows * columns), rows, columns, k, lower,
                out.data_ptr());
  });
  return out;
}

ndarray pad_gather_of(const ndarray& a, const std::vector<std::pair<std::int64_t, std::int64_t>>& widths,
                      pad_copy mode, const ndarray* constants) {
  pad_plan plan;
  plan.mode = mode;
  plan.ndim = a.ndim();
  shape_t shape;
  for (int d = 0; d < plan.ndim; ++d) {
    const auto& [before, after] = widths[static_cast<std::size_t>(d)];
    plan.shape[d] = a.shape()[d] + before + after;
    plan.before[d] = before;
    plan.size[d] = a.shape()[d];
    plan.strides[d] = a.strides()[d] / static_cast<std::int64_t>(a.itemsize());
    shape.push_back(plan.shape[d]);
  }
  ndarray out = new_array(shape, a.dtype(), a.device());
  if (out.size() == 0) return out;
  route(a.device(), "pad", [&]<class B>(B, const exec& e) {
    pad_gather<B>(e, a.itemsize(), a.data_ptr(), plan, constants ? constants->data_ptr() : nullptr,
                  out.data_ptr());
  });
  return out;
}

}  // namespace numcu::detail
