// Reductions on the host: the fixed order of device/reduce_order.hpp walked directly, slot by slot, tile by
// tile, with the functors the CUDA kernels use, so that both backends give the same bits. Sums and products
// of whole tiles fold eight slots at once, each in its own order (reduce_whole_tile): a sum of 2^22 float32
// at 1.3-2.0 GB/s on a 2-core build machine, against 0.73-0.80 one slot at a time, whose chain of dependent
// combines and per-element dtype switch set the pace (the bench's row "sum(a) float32 2^22 on the CPU"); the
// other functors' whole tiles read eight slots at once too.
#include "core/backend.hpp"
#include "device/offset_calculator.hpp"
#include "device/reduce_ops.hpp"

namespace numcu::detail {
namespace {

/// Slots of a whole tile read together (one dispatch on the input dtype for all of them) and, where a
/// functor's slot() is a plain fold (folds_slots), folded together value by value: each slot's own fold in
/// the same order, several of them interleaved so that their chains of combines overlap.
constexpr int interleaved_slots = 8;

/// The partials of the slots of a whole tile @p tile of a row starting at @p row, pushed onto @p over_slots
/// in slot order: the same values as one slot() at a time.
template <class Op, class Stack>
void reduce_whole_tile(const Op& op, const reduction_call& c, const index_walker& reduced, const char* row,
                       std::int64_t tile, int w, Stack& over_slots) {
  using V = typename Op::value_t;
  using A = typename Op::acc_t;
  for (int t0 = 0; t0 < tile_slots; t0 += interleaved_slots) {
    V v[interleaved_slots][slot_elements];
    std::int64_t first[interleaved_slots];
    for (int g = 0; g < interleaved_slots; ++g) first[g] = slot_first(tile, t0 + g, w);
    switch (c.input.id()) {
#define NUMCU_LOAD_CASE(name, storage_type, letter, itemsize)                                          \
  case dtype_code::name:                                                                               \
    for (int g = 0; g < interleaved_slots; ++g)                                                        \
      for (int k = 0; k < slot_elements; ++k)                                                          \
        v[g][k] = cast<V>(                                                                             \
            *reinterpret_cast<const storage_type*>(row + reduced.offset(slot_index(first[g], k, w)))); \
    break;
      NUMCU_FOR_EACH_DTYPE(NUMCU_LOAD_CASE)
#undef NUMCU_LOAD_CASE
    }
    if constexpr (folds_slots<Op>) {
      A acc[interleaved_slots];
      for (int g = 0; g < interleaved_slots; ++g) acc[g] = op.identity();
      for (int k = 0; k < slot_elements; ++k) {
        for (int g = 0; g < interleaved_slots; ++g) {
          acc[g] = op.combine(acc[g], op.map(v[g][k], slot_index(first[g], k, w)));
        }
      }
      for (int g = 0; g < interleaved_slots; ++g) over_slots.push(op, acc[g]);
    } else {
      for (int g = 0; g < interleaved_slots; ++g) {
        over_slots.push(op, op.template slot<slot_elements>(v[g], slot_elements, first[g], w));
      }
    }
  }
}

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
      if ((tile + 1) * tile_elements <= p.reduced) {
        reduce_whole_tile(op, c, reduced, row, tile, w, over_slots);
        over_tiles.push(op, over_slots.result(op));
        continue;
      }
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
