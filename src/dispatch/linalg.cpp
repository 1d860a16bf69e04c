#include "dispatch/linalg.hpp"

#include <vector>

#include "core/backend.hpp"
#include "core/gemm_plan.hpp"
#include "dispatch/route.hpp"

namespace numcu::detail {

void matmul_into(const ndarray& a, const ndarray& b, const ndarray& c, bool allow_tf32) {
  const int nd = c.ndim();
  const auto item = static_cast<std::int64_t>(c.itemsize());
  const auto stride = [item](const ndarray& x, int axis) { return x.strides()[axis] / item; };
  gemm_call call;
  call.t = c.dtype();
  call.m = c.shape()[nd - 2];
  call.n = c.shape()[nd - 1];
  call.k = a.shape()[nd - 1];
  call.a = {a.data_ptr(), stride(a, nd - 2), stride(a, nd - 1), 0};
  call.b = {b.data_ptr(), stride(b, nd - 2), stride(b, nd - 1), 0};
  call.c = c.data_ptr();
  call.allow_tf32 = allow_tf32;
  std::vector<batch_axis> axes;
  for (int d = 0; d + 2 < nd; ++d) axes.push_back({c.shape()[d], stride(a, d), stride(b, d), stride(c, d)});
  axes = fold_batch_axes(axes);
  // the last folded axis is one strided batch; the axes before it, an outer loop of gemm calls
  call.batch = 1;
  if (!axes.empty()) {
    const batch_axis inner = axes.back();
    axes.pop_back();
    call.batch = inner.extent;
    call.a.batch_stride = inner.a;
    call.b.batch_stride = inner.b;
  }
  std::int64_t outer = 1;
  for (const batch_axis& axis : axes) outer *= axis.extent;
  route(c.device(), "matmul", [&]<class B>(B, const exec& e) {
    const auto* a0 = static_cast<const char*>(call.a.data);
    const auto* b0 = static_cast<const char*>(call.b.data);
    auto* c0 = static_cast<char*>(call.c);
    std::vector<std::int64_t> at(axes.size(), 0);
    for (std::int64_t o = 0; o < outer; ++o) {
      gemm_call part = call;
      std::int64_t da = 0, db = 0, dc = 0;
      for (std::size_t d = 0; d < axes.size(); ++d) {
        da += at[d] * axes[d].a;
        db += at[d] * axes[d].b;
        dc += at[d] * axes[d].c;
      }
      part.a.data = a0 + da * item;
      part.b.data = b0 + db * item;
      part.c = c0 + dc * item;
      gemm<B>(e, part);
      for (std::size_t d = axes.size(); d-- > 0;) {  // the next outer index, the last axis fastest
        if (++at[d] < axes[d].extent) break;
        at[d] = 0;
      }
    }
  });
}

}  // namespace numcu::detail
