#include "core/reduction_launch.hpp"

#include <cstdint>

namespace numcu::detail {

reduce_args make_reduce_args(const reduction_plan& p, const void* in, void* out, dtype input, dtype output,
                             const reduce_params& params) {
  reduce_args a{};
  a.in = static_cast<const char*>(in);
  a.out = static_cast<char*>(out);
  a.kept = index_walker(p.kept_ndim, p.kept_sizes.data(), p.kept_strides.data());
  a.kept_out = index_walker(p.kept_ndim, p.kept_sizes.data(), p.out_strides.data());
  a.reduced = index_walker(p.reduced_ndim, p.reduced_sizes.data(), p.reduced_strides.data());
  a.outputs = p.outputs;
  a.reduced_count = p.reduced;
  a.tiles = (p.reduced + tile_elements - 1) / tile_elements;
  a.width = order_width(input.itemsize());
  const auto itemsize = static_cast<std::int64_t>(input.itemsize());
  // dense: vector loads, so every row starts 16-byte aligned
  bool dense = p.reduced_ndim == 1 && p.reduced_strides[0] == itemsize &&
               reinterpret_cast<std::uintptr_t>(in) % 16 == 0;
  for (int d = 0; d < p.kept_ndim; ++d) dense = dense && p.kept_strides[d] % 16 == 0;
  a.dense = dense;
  a.in_dtype = input.id();
  a.out_dtype = output.id();
  a.params = params;
  return a;
}

}  // namespace numcu::detail
