#include "dispatch/reduction.hpp"

#include "core/reduction_plan.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/route.hpp"
#include "memory/buffer.hpp"

namespace numcu::detail {

reduction_plan plan_reduction(const ndarray& in, std::span<const int> axes, const ndarray& out,
                              bool logical_order) {
  // the output's strides over the input's dimensions, as if keepdims
  strides_t out_strides(in.ndim(), 0);
  std::array<bool, max_dims> reduced{};
  for (int axis : axes) reduced[axis] = true;
  for (int d = 0, k = 0; d < in.ndim(); ++d) {
    if (out.ndim() == in.ndim()) {
      out_strides[d] = out.strides()[d];
    } else if (!reduced[d]) {
      out_strides[d] = out.strides()[k++];
    }
  }
  return make_reduction_plan(in.shape(), in.strides(), in.itemsize(), axes, out_strides, logical_order);
}

void reduce_into(reduction_family family, dtype compute, const ndarray& in, std::span<const int> axes,
                 const ndarray& out, const reduction_params& params) {
  if (overlaps(in, out)) {
    const ndarray result = new_array(out.shape(), out.dtype(), out.device());
    reduce_into(family, compute, in, axes, result, params);
    copy_into(out, result);
    return;
  }
  const bool arg =
      family == reduction_family::arg;  // indices are NumPy's: the reduced axes in the array's order
  reduction_call call{family,
                      compute,
                      in.dtype(),
                      out.dtype(),
                      plan_reduction(in, axes, out, arg),
                      static_cast<const char*>(in.data_ptr()),
                      static_cast<char*>(out.data_ptr()),
                      params};
  if (call.plan.outputs == 0) return;
  route(in.device(), "reduction", [&]<class B>(B, const exec& e) { run_reduction<B>(e, call); });
}

void scan_last_axis(const ndarray& in, const ndarray& out, bool product) {
  if (in.size() == 0) return;
  const std::int64_t n = in.shape()[in.ndim() - 1];
  route(in.device(), "scan", [&]<class B>(B, const exec& e) {
    inclusive_scan<B>(e, in.dtype(), product, in.data_ptr(), out.data_ptr(), in.size() / n, n);
  });
}

}  // namespace numcu::detail
