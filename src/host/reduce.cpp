// Reductions on the host: the fixed order of device/reduce_order.hpp walked directly, slot by slot, tile by
// tile, with the functors the CUDA kernels use, so that both backends give the same bits.
#include "core/backend.hpp"
#include "device/offset_calculator.hpp"
#include "device/reduce_ops.hpp"

namespace numcu::detail {
namespace {

template <class Op>
void reduce_on_host(const reduction_call& c) {
  using V = typename Op::value_t;
  const Op op{c.params};
  const reduction_plan& p = c.plan;
  const index_walker kept(p.kept_ndim, p.kept_sizes.data(), p.kept_strides.data());
  const index_walker kept_out(p.kept_ndim, p.kept_sizes.data(), p.out_strides.data());
  const index_walker reduced(p.reduced_ndim, p.reduced_sizes.data(), p.reduced_strides.data());
  const int w = order_width(c.input.itemsize());
  const std::int64_t tiles = c.tiles();
  V v[slot_elements];
  for (std::int64_t o = 0; o < p.outputs; ++o) {
    const char* row = c.in + kept.offset(o);
    pairwise_stack<Op, 64> over_tiles;
    for (std::int64_t tile = 0; tile < tiles; ++tile) {
      pairwise_stack<Op, 10> over_slots;
      for (int t = 0; t < tile_slots; ++t) {
        const std::int64_t first = slot_first(tile, t, w);
        if (first >= p.reduced) break;
        const int n = slot_count(first, w, p.reduced);
        for (int k = 0; k < n; ++k) {
          v[k] = load_as<V>(row + reduced.offset(slot_index(first, k, w)), c.input.id());
        }
        over_slots.push(op, op.template slot<slot_elements>(v, n, first, w));
      }
      over_tiles.push(op, over_slots.result(op));
    }
    store_as(c.out + kept_out.offset(o), c.output.id(), op.project(over_tiles.result(op)));
  }
}

}  // namespace

template <>
void run_reduction<host_backend>(const exec&, const reduction_call& call) {
  visit_reduce_family(call.family, [&](auto family) {
    visit_reduce_functor<decltype(family)::value>(call.compute.id(), [&](auto functor) {
      reduce_on_host<typename decltype(functor)::type>(call);
    });
  });
}

}  // namespace numcu::detail
