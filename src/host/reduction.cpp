// Reductions on the host: the fixed order of device/reduction_order.hpp walked directly, slot by slot, tile by
// tile, with the functors the CUDA kernels use, so that both backends give the same bits. Eight slots are
// read and folded at once (reduce_lanes), each in its own order: the same slot of eight outputs, or eight
// slots of one output's whole tile, because one slot at a time is paced by its chain of dependent combines,
// the per-element dtype switch and (for columns) the strided walk (a sum of 2^22 float32 went from 0.73-0.80
// to 1.3-2.0 GB/s on a 2-core machine; docs/design_decisions.md, The CPU backend's reductions).
#include "core/backend.hpp"
#include "device/offset_calculator.hpp"
#include "device/reduction_ops.hpp"

namespace numcu::detail {
namespace {

/// Slots reduced together, value by value: eight outputs' same slot where a call has eight outputs or more,
/// else eight slots of one output's whole tile. Each slot keeps its own order; read with one dispatch on the
/// input dtype for all of them and, where a functor's slot() is a plain fold (folds_slots), folded
/// interleaved so that their chains of combines overlap.
constexpr int lanes = 8;

/// The partials of @p lanes slots of @p n values each (lane g: the slot starting at reduced index @p first[g]
/// of the row at @p row[g]) into @p partial: the same values as slot() of each.
template <class Op>
void reduce_lanes(const Op& op, const reduction_call& c, const index_walker& reduced, const char* const* row,
                  const std::int64_t* first, int n, int w, typename Op::acc_t* partial) {
  using V = typename Op::value_t;
  V v[lanes][slot_elements];
  switch (c.input.id()) {
#define NUMCU_LOAD_CASE(name, storage_type, letter, itemsize)                                             \
  case dtype_code::name:                                                                                  \
    for (int k = 0; k < n; ++k)                                                                           \
      for (int g = 0; g < lanes; ++g)                                                                     \
        v[g][k] = cast<V>(                                                                                \
            *reinterpret_cast<const storage_type*>(row[g] + reduced.offset(slot_index(first[g], k, w)))); \
    break;
    NUMCU_FOR_EACH_DTYPE(NUMCU_LOAD_CASE)
#undef NUMCU_LOAD_CASE
  }
  if constexpr (folds_slots<Op>) {
    for (int g = 0; g < lanes; ++g) partial[g] = op.identity();
    for (int k = 0; k < n; ++k) {
      for (int g = 0; g < lanes; ++g) {
        partial[g] = op.combine(partial[g], op.map(v[g][k], slot_index(first[g], k, w)));
      }
    }
  } else {
    for (int g = 0; g < lanes; ++g) partial[g] = op.template slot<slot_elements>(v[g], n, first[g], w);
  }
}

template <class Op>
void reduce_on_host(const reduction_call& c) {
  using V = typename Op::value_t;
  using A = typename Op::acc_t;
  const Op op{c.params};
  const reduction_plan& p = c.plan;
  const index_walker kept(p.kept_ndim, p.kept_sizes.data(), p.kept_strides.data());
  const index_walker kept_out(p.kept_ndim, p.kept_sizes.data(), p.out_strides.data());
  const index_walker reduced(p.reduced_ndim, p.reduced_sizes.data(), p.reduced_strides.data());
  const int w = order_width(c.input.itemsize());
  const std::int64_t tiles = c.tiles();
  const char* rows[lanes];
  std::int64_t firsts[lanes];
  A partials[lanes];
  std::int64_t o = 0;
  // eight outputs at a time, lane g reading output o + g
  for (; o + lanes <= p.outputs; o += lanes) {
    for (int g = 0; g < lanes; ++g) rows[g] = c.in + kept.offset(o + g);
    pairwise_stack<Op, 64> over_tiles[lanes];
    for (std::int64_t tile = 0; tile < tiles; ++tile) {
      pairwise_stack<Op, 10> over_slots[lanes];
      for (int t = 0; t < tile_slots; ++t) {
        const std::int64_t first = slot_first(tile, t, w);
        if (first >= p.reduced) break;
        for (int g = 0; g < lanes; ++g) firsts[g] = first;
        reduce_lanes(op, c, reduced, rows, firsts, slot_count(first, w, p.reduced), w, partials);
        for (int g = 0; g < lanes; ++g) over_slots[g].push(op, partials[g]);
      }
      for (int g = 0; g < lanes; ++g) over_tiles[g].push(op, over_slots[g].result(op));
    }
    for (int g = 0; g < lanes; ++g) {
      store_as(c.out + kept_out.offset(o + g), c.output.id(), op.project(over_tiles[g].result(op)));
    }
  }
  // the others one at a time: a whole tile's slots eight at a time, lane g reading slot t + g
  V v[slot_elements];
  for (; o < p.outputs; ++o) {
    const char* row = c.in + kept.offset(o);
    for (int g = 0; g < lanes; ++g) rows[g] = row;
    pairwise_stack<Op, 64> over_tiles;
    for (std::int64_t tile = 0; tile < tiles; ++tile) {
      pairwise_stack<Op, 10> over_slots;
      const bool whole = (tile + 1) * tile_elements <= p.reduced;
      for (int t = 0; t < tile_slots; t += whole ? lanes : 1) {
        const std::int64_t first = slot_first(tile, t, w);
        if (first >= p.reduced) break;
        if (whole) {
          for (int g = 0; g < lanes; ++g) firsts[g] = slot_first(tile, t + g, w);
          reduce_lanes(op, c, reduced, rows, firsts, slot_elements, w, partials);
          for (int g = 0; g < lanes; ++g) over_slots.push(op, partials[g]);
          continue;
        }
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
  visit_reduction_family(call.family, [&](auto family) {
    visit_reduction_functor<decltype(family)::value>(call.compute.id(), [&](auto functor) {
      reduce_on_host<typename decltype(functor)::type>(call);
    });
  });
}

}  // namespace numcu::detail
