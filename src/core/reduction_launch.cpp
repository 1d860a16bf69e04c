#include "core/reduction_launch.hpp"

#include <cstdint>

namespace numcu::detail {

reduction_args make_reduction_args(const reduction_plan& p, const void* in, void* out, dtype input, dtype output,
                             const reduction_params& params) {
  const auto itemsize = static_cast<std::int64_t>(input.itemsize());
  // dense: vector loads, so every row starts 16-byte aligned
  bool dense = p.reduced_ndim == 1 && p.reduced_strides[0] == itemsize &&
               reinterpret_cast<std::uintptr_t>(in) % 16 == 0;
  for (int d = 0; d < p.kept_ndim; ++d) dense = dense && p.kept_strides[d] % 16 == 0;
  // every member named, so that the walkers are built in place and nothing else is cleared first: the
  // arguments are built for every reduction, the small ones' host time included
  return reduction_args{.in = static_cast<const char*>(in),
                     .out = static_cast<char*>(out),
                     .kept = index_walker(p.kept_ndim, p.kept_sizes.data(), p.kept_strides.data()),
                     .kept_out = index_walker(p.kept_ndim, p.kept_sizes.data(), p.out_strides.data()),
                     .reduced = index_walker(p.reduced_ndim, p.reduced_sizes.data(), p.reduced_strides.data()),
                     .outputs = p.outputs,
                     .reduced_count = p.reduced,
                     .tiles = (p.reduced + tile_elements - 1) / tile_elements,
                     .parts = 0,
                     .width = order_width(input.itemsize()),
                     .dense = dense,
                     .to_partials = false,
                     .in_dtype = input.id(),
                     .out_dtype = output.id(),
                     .params = params};
}

}  // namespace numcu::detail
