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

}  // namespace numcu::detail
