// The reduction kernels, each computing device/reduction_order.hpp's fixed order with a reduction functor
// (device/reduction_ops.hpp); which one runs is a question of speed only, never of the result:
//  - tiles:    a warp per (output, run of tiles): lane l computes slots l, l + 32, ... of each tile, the warp's
//              tree each group of 32 slots, lane 0 the tile's and the run's trees: many rows of less than a
//              tile or of many tiles (a run per output). No block-wide barrier: each warp streams on its own.
//  - spread tiles: a block per (output, run of at most 8 tiles), warp g computing group g of each tile: the
//              whole array and long rows (many runs per output, a second stage combining them), rows of a few
//              whole tiles (a run per output).
//  - short rows: rows of at most 256 vectors: a few lanes per output, whole groups' slots loaded together.
//  - columns:  the column case (reduced dimensions outermost): a block of 32 neighbouring outputs x 8 groups of
//              slots, each thread walking its slots down one column; loads coalesce across the outputs (a
//              few rows: a thread's slots loaded together). short columns: the same blocks for a few rows along
//              one reduced dimension of a typed input, each group's subtree in registers. Floating sums and
//              products of aligned columns: the vector forms of both, W outputs a thread (a 16-byte vector).
//  - partials: the second stage: each output's run partials combined in the tree over tiles.
// Kernels are instantiated per functor (family and compute type) and input type In: the input dtypes of
// Op::dense_input (the default accumulators' inputs) each have their own, reading 16-byte vectors where the
// reduced run is dense (an integer input of a wider compute type: in dense rows only, cuda/reduction.cuh); In =
// void is any other input dtype or layout, cast on load at run time (a `dtype=` asking for another
// accumulator). One kernel per input keeps each one's registers to what its input needs; the tiles, spread
// tiles and short-rows kernels have a second one for dense rows (16-byte vectors, nothing else inlined), for the
// same reason. Registers decide the speed of the short kernels, whose threads each read a few hundred bytes:
// their rare paths (a row's end) take a slot at a time, so that the common one sets the register count. The walk
// of several reduced dimensions (a division per dimension) sits in loops that are not unrolled, one copy per
// kernel: a copy per value made the short-rows kernel for any layout take 21 s to compile with NVRTC
// (docs/design_decisions.md, Runtime kernels and compilation).
#pragma once

#include "device/launch_geometry.hpp"
#include "device/reduction_args.hpp"
#include "device/thread_exchange.cuh"

namespace numcu::detail {

/// The value of type T at @p p, read through the read-only data path (ld.global.nc) in the widest pieces T's
/// alignment allows: the input of a reduction is not written while its kernels run (an output that overlaps
/// it is written through a temporary, dispatch/reduction.cpp). Plain loads were slower in each of three runs of
/// the bench's standalone column sum (docs/design_decisions.md, Reductions: the first and second stages).
template <class T>
__device__ __forceinline__ T load_read_only(const void* p) {
  constexpr size_t piece = alignof(T) < sizeof(T) ? alignof(T) : sizeof(T);
  static_assert(
      sizeof(T) % piece == 0 && (piece == 1 || piece == 2 || piece == 4 || piece == 8 || piece == 16),
      "loaded in pieces of 1, 2, 4, 8 or 16 bytes");
  using U =
      conditional_t<piece == 16, uint4,
                    conditional_t<piece == 8, unsigned long long,
                                  conditional_t<piece == 4, unsigned,
                                                conditional_t<piece == 2, unsigned short, unsigned char>>>>;
  U pieces[sizeof(T) / piece];
#pragma unroll
  for (size_t k = 0; k < sizeof(T) / piece; ++k) pieces[k] = __ldg(static_cast<const U*>(p) + k);
  T value;
  memcpy(static_cast<void*>(&value), pieces, sizeof(T));
  return value;
}

/// The input offset of reduced index @p r in a row.
__device__ __forceinline__ int64_t reduced_offset(const reduction_args& a, int64_t r) {
  return a.dense ? r * a.reduced.strides[0] : a.reduced.offset(r);
}

/// Copies the @p n values a loop with a run-time bound wrote into @p loaded (in local memory) into @p v with
/// constant indices, so that v, which the slot's arithmetic reads, stays in registers.
template <int N, class V>
__device__ __forceinline__ void to_registers(const V (&loaded)[N], int n, V (&v)[N]) {
#pragma unroll
  for (int k = 0; k < N; ++k) {
    if (k < n) v[k] = loaded[k];
  }
}

/// Asks for the line holding @p p in the L1 cache without waiting for it: a loop of these ahead of a loop of
/// loads that cannot overlap (a row's end, a cast on load's switch over dtypes) puts all their lines in flight
/// together, so that the loads hit the cache.
__device__ __forceinline__ void prefetch_line(const char* p) { asm volatile("prefetch.global.L1 [%0];" ::"l"(p)); }

/// The partial of a slot of a row's end (fewer than slot_elements values, or any slot of the spread kernel's last
/// tile), the @p n values from reduced index @p first of @p row, of the input type In (Dense as typed_slot's):
/// prefetched together, then loaded one by one into local memory, so that the rare case adds nothing to the
/// registers of the kernels, which size them for whole slots.
template <class Op, class In, bool Dense>
__device__ __forceinline__ typename Op::acc_t partial_slot(const Op& op, const reduction_args& a, const char* row,
                                                           int64_t first, int n) {
  constexpr int W = order_width(sizeof(In));
  const auto address = [&](int k) {
    const int64_t r = slot_index(first, k, W);
    return Dense ? row + r * int64_t{sizeof(In)} : row + reduced_offset(a, r);
  };
#pragma unroll 1
  for (int k = 0; k < n; ++k) prefetch_line(address(k));
  In loaded[slot_elements];
#pragma unroll 1
  for (int k = 0; k < n; ++k) loaded[k] = load_read_only<In>(address(k));
  return op.template slot<slot_elements>(loaded, n, first, W);
}

/// The partial of the slot starting at reduced index @p first of @p row, whose @p n values have the input type
/// In (one of Op::dense_input): a whole slot read into registers as In and cast by the functor as it uses them,
/// so that no array of wider values is held. Dense: the reduced run is dense and the row 16-byte aligned
/// (reduction_args::dense), so that the slot is read as 16-byte vectors.
template <class Op, class In, bool Dense>
__device__ __forceinline__ typename Op::acc_t typed_slot(const Op& op, const reduction_args& a, const char* row,
                                                         int64_t first, int n) {
  constexpr int W = order_width(sizeof(In));
  if (n < slot_elements) return partial_slot<Op, In, Dense>(op, a, row, first, n);
  // the values in an array of vectors, a type of its own: the compiler merges arrays of one type from the
  // functions it inlines into one kernel, and partial_slot's (indexed at run time, in local memory) would take
  // this one out of registers with it (a sum of 2^28 float32 then ran at 2.3 TB/s; docs/design_decisions.md)
  vector_of<In, W> vectors[slot_elements / W];
  In(&raw)[slot_elements] = reinterpret_cast<In(&)[slot_elements]>(vectors);
  if constexpr (Dense) {
    const In* slot = reinterpret_cast<const In*>(row) + first;  // the loads at constant offsets from it
#pragma unroll
    for (int g = 0; g < slot_elements / W; ++g)
      vectors[g] =
          load_read_only<vector_of<In, W>>(reinterpret_cast<const vector_of<In, W>*>(slot) + g * tile_slots);
  } else if (a.reduced.ndim == 1) {  // one stride: independent loads, unrolled, in flight together
    const int64_t stride = a.reduced.strides[0];
    const char* slot = row + first * stride;
#pragma unroll
    for (int k = 0; k < slot_elements; ++k) raw[k] = load_read_only<In>(slot + slot_index(0, k, W) * stride);
  } else {
    In loaded[slot_elements];
    for (int k = 0; k < n; ++k) loaded[k] = load_read_only<In>(row + a.reduced.offset(slot_index(first, k, W)));
    to_registers(loaded, n, raw);
  }
  return op.template slot<slot_elements>(raw, n, first, W);
}

/// The partial of the slot starting at reduced index @p first of the row at @p row: typed loads for an input
/// type In (one of Op::dense_input; Dense as typed_slot's), or, for In = void, a cast on load from the input's
/// run-time dtype.
template <class Op, class In, bool Dense = false>
__device__ __forceinline__ typename Op::acc_t slot_partial(const Op& op, const reduction_args& a, const char* row,
                                                           int64_t first) {
  const int n = slot_count(first, a.width, a.reduced_count);
  if constexpr (!is_same_v<In, void>) {
    return typed_slot<Op, In, Dense>(op, a, row, first, n);
  } else {
    static_assert(!Dense, "a dense kernel reads a typed input");
    using V = typename Op::value_t;
    const auto address = [&](int k) { return row + reduced_offset(a, slot_index(first, k, a.width)); };
    // each load_as is a switch over dtypes, so the loads below go one at a time: their lines asked for first
    // (a small gain on uint8 columns, so the loads' latency is not most of that kernel's time;
    // docs/design_decisions.md, Reductions: the column case)
#pragma unroll 1
    for (int k = 0; k < n; ++k) prefetch_line(address(k));
    V loaded[slot_elements], v[slot_elements];
    for (int k = 0; k < n; ++k) loaded[k] = load_as<V>(address(k), a.in_dtype);
    to_registers(loaded, n, v);
    return op.template slot<slot_elements>(v, n, first, a.width);
  }
}

/// The tree of adjacent pairs over the 32 lanes' partials, every one present; lane 0 holds the result.
template <class Op>
__device__ __forceinline__ typename Op::acc_t warp_tree(const Op& op, typename Op::acc_t x) {
#pragma unroll
  for (int delta = 1; delta < 32; delta <<= 1) x = op.combine(x, shuffle_down(x, delta));
  return x;
}

/// The tree of adjacent pairs over each group of @p lanes lanes (a power of two, at most 32) of the warp, of
/// the partials of its first @p present lanes: the others are left out, as the host leaves out absent slots
/// (combining with the identity is not exact for every functor: a complex product by 1+0j can flip a zero's
/// sign). The group's first lane holds its result. Unrolled, with the steps past @p lanes skipped (fewer
/// registers than a loop with a run-time bound).
template <class Op>
__device__ __forceinline__ typename Op::acc_t lanes_tree(const Op& op, typename Op::acc_t x, int lanes,
                                                         int present) {
  const int lane = threadIdx.x & (lanes - 1);
#pragma unroll
  for (int delta = 1; delta < 32; delta <<= 1) {
    if (delta < lanes) {
      const auto other = shuffle_down(x, delta, lanes);
      if (lane + delta < present) x = op.combine(x, other);
    }
  }
  return x;
}

/// The tree of adjacent pairs over the first @p n (1 to N) of N partials (N a power of two), the others left
/// out: the result of pushing them onto a pairwise_stack, computed with constant indices so that @p p may live
/// in registers.
template <int N, class Op>
__device__ __forceinline__ typename Op::acc_t tree_of(const Op& op, const typename Op::acc_t* p, int n) {
  if constexpr (N == 1) {
    return p[0];
  } else {
    const auto low = tree_of<N / 2>(op, p, n);
    return n > N / 2 ? op.combine(low, tree_of<N / 2>(op, p + N / 2, n - N / 2)) : low;
  }
}

/// Shared memory for 8 x N partials of type T.
template <class T, int N>
__device__ __forceinline__ T* shared_partials() {
  return shared_array<T, 8 * N>();
}

/// The tree over the partials of the first @p present (at least 1) of a block's @p Threads threads (thread t
/// holding leaf t), the others left out; thread 0 holds the result.
template <int Threads, class Op>
__device__ __forceinline__ typename Op::acc_t block_tree(const Op& op, typename Op::acc_t x, int present) {
  using A = typename Op::acc_t;
  constexpr int warps = Threads / 32;
  static_assert(warps % 8 == 0, "shared_partials holds multiples of 8");
  A* partials = shared_partials<A, warps / 8>();
  x = lanes_tree(op, x, 32, present - static_cast<int>(threadIdx.x & ~31u));
  if ((threadIdx.x & 31) == 0) partials[threadIdx.x >> 5] = x;
  __syncthreads();
  if (threadIdx.x == 0) x = tree_of<warps>(op, partials, (present + 31) / 32);
  __syncthreads();  // the buffer may be reused at once
  return x;
}

/// Stores the partial @p part of output @p o: into the partials, or projected into the output.
template <class Op>
__device__ __forceinline__ void store_partial(const reduction_args& a, const Op& op, int64_t o, int64_t part,
                                              const typename Op::acc_t& x) {
  if (a.to_partials) {
    reinterpret_cast<typename Op::acc_t*>(a.out)[o * a.parts + part] = x;
  } else {
    store_as(a.out + a.kept_out.offset(o), a.out_dtype, op.project(x));
  }
}

/// The slots of tile @p tile present in a row (those whose first element is): a prefix of the tile's.
__device__ __forceinline__ int slots_present(const reduction_args& a, int64_t tile) {
  if ((tile + 1) * tile_elements <= a.reduced_count) return tile_slots;  // a whole tile: no division
  const int64_t left = a.reduced_count - tile * tile_elements;
  const int64_t n = (left + a.width - 1) / a.width;
  return n < tile_slots ? static_cast<int>(n) : tile_slots;
}

/// The groups of 32 slots of tile @p tile present in a row (those whose first slot is).
__device__ __forceinline__ int groups_present(const reduction_args& a, int64_t tile) {
  return (slots_present(a, tile) + 31) / 32;
}

/// A warp per (output, part): the part's run of @p run tiles (a power of two, so that a run is a subtree of the
/// tree over tiles), group after group of 32 slots (lane l computing slot g * 32 + l, the warp's tree the group's
/// partial), lane 0 combining the groups of each tile and the run's tiles in their trees; no block-wide barrier,
/// so each warp streams its tiles on its own. Rows of less than a whole tile, or of too many tiles for
/// reduction_spread_tiles_kernel, many of them.
template <class Op, class In, bool Dense>
__global__ void __launch_bounds__(tile_slots) reduction_tiles_kernel(reduction_args a, int64_t run) {
  using A = typename Op::acc_t;
  const Op op{a.params};
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  constexpr int warps_per_block = tile_slots / 32;
  A* groups = shared_partials<A, warps_per_block>() + warp * 8;  // the group partials of the warp's tile
  const int64_t items = a.outputs * a.parts;
  for (int64_t item = int64_t{blockIdx.x} * warps_per_block + warp; item < items;
       item += int64_t{gridDim.x} * warps_per_block) {
    const int64_t o = item / a.parts, part = item - o * a.parts;
    const char* row = a.in + a.kept.offset(o);
    pairwise_stack<Op, 40> tiles;  // lane 0's
    const int64_t end = (part + 1) * run < a.tiles ? (part + 1) * run : a.tiles;
    for (int64_t tile = part * run; tile < end; ++tile) {
      const int slots = slots_present(a, tile), present = (slots + 31) / 32;
      for (int g = 0; g < present; ++g) {
        const A x = lanes_tree(
            op, slot_partial<Op, In, Dense>(op, a, row, slot_first(tile, g * 32 + lane, a.width)), 32, slots - g * 32);
        if (lane == 0) groups[g] = x;
      }
      __syncwarp();
      if (lane == 0) tiles.push(op, tree_of<8>(op, groups, present));
      __syncwarp();  // the groups may be written again at once
    }
    if (lane == 0) store_partial(a, op, o, part, tiles.result(op));
  }
}

/// The partial of a slot below its row's end (all slot_elements values present): typed loads with the count
/// known at compile time (In one of Op::dense_input; Dense as typed_slot's), or a cast on load for In = void.
template <class Op, class In, bool Dense>
__device__ __forceinline__ typename Op::acc_t whole_slot_partial(const Op& op, const reduction_args& a,
                                                                 const char* row, int64_t first) {
  if constexpr (is_same_v<In, void>)
    return slot_partial<Op, void>(op, a, row, first);
  else
    return typed_slot<Op, In, Dense>(op, a, row, first, slot_elements);
}

/// Rows of whole tiles (the last may be cut short), too few (output, tile) items for every resident warp to
/// have one, or few tiles per row: a block per (output, part), the part's run of @p run tiles (a power of two,
/// at most spread_run_limit), warp g computing group g of each tile (its 32 slots, the warp's tree), warp 0 the
/// trees of the tiles and of the run. A tile takes one round of loads rather than reduction_tiles_kernel's eight,
/// and whole arrays and long rows leave few partials for the second stage. A tile below the row's end loads
/// its slots whole, with no count (whole_slot_partial); the row's last tile goes slot by slot through local
/// memory (partial_slot), so that it adds no registers: 46-48 a thread, where the same form inside
/// reduction_tiles_kernel (a `spread` flag, every slot counted at run time) held 54-56 and ran slower
/// (docs/design_decisions.md, Reductions: the first and second stages).
template <class Op, class In, bool Dense>
__global__ void __launch_bounds__(tile_slots) reduction_spread_tiles_kernel(reduction_args a, int64_t run) {
  using A = typename Op::acc_t;
  const Op op{a.params};
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  A* groups = shared_partials<A, tile_slots / 32>();  // [tile of the run][group]
  const int64_t items = a.outputs * a.parts;
  for (int64_t item = blockIdx.x; item < items; item += gridDim.x) {  // the same for the whole block
    const int64_t o = item / a.parts, part = item - o * a.parts;
    const char* row = a.in + a.kept.offset(o);
    const int64_t begin = part * run;
    const int64_t end = begin + run < a.tiles ? begin + run : a.tiles;
    // the tiles below the row's end, then the row's last tile if it is cut short (apart, so that the compiler
    // does not merge the two slot computations, which put the whole slots' values in local memory)
    const int64_t whole_end = a.reduced_count / tile_elements < end ? a.reduced_count / tile_elements : end;
    for (int64_t tile = begin; tile < whole_end; ++tile) {
      const A x = warp_tree(op, whole_slot_partial<Op, In, Dense>(op, a, row, slot_first(tile, warp * 32 + lane, a.width)));
      if (lane == 0) groups[(tile - begin) * 8 + warp] = x;
    }
    const int last_slots = whole_end < end ? slots_present(a, whole_end) : 0;
    if (warp * 32 < last_slots) {  // warp-uniform
      const int64_t first = slot_first(whole_end, warp * 32 + lane, a.width);
      A x;
      if constexpr (is_same_v<In, void>)
        x = slot_partial<Op, void>(op, a, row, first);
      else
        x = partial_slot<Op, In, Dense>(op, a, row, first, slot_count(first, a.width, a.reduced_count));
      x = lanes_tree(op, x, 32, last_slots - warp * 32);
      if (lane == 0) groups[(whole_end - begin) * 8 + warp] = x;
    }
    __syncthreads();
    if (warp == 0) {  // lane k the tree of tile k, then the run's tree across the lanes (absent tiles left out)
      const int n = static_cast<int>(end - begin);
      A x = op.identity();
      if (lane < n) x = tree_of<8>(op, groups + lane * 8, groups_present(a, begin + lane));
      x = lanes_tree(op, x, spread_run_limit, n);
      if (lane == 0) store_partial(a, op, o, part, x);
    }
    __syncthreads();  // the groups may be written again at once
  }
}

/// The elements of slot @p t of a row whose slots are each the @p w elements of one vector: w, fewer at the
/// row's end, 0 past it.
__device__ __forceinline__ int vector_slot_count(const reduction_args& a, int64_t t, int w) {
  const int64_t left = a.reduced_count - t * w;
  return left <= 0 ? 0 : left < w ? static_cast<int>(left) : w;
}

/// Loads slot @p t of a row whose slots are each the elements of one vector of In (reduced_count <= tile_slots *
/// w), along one reduced dimension of @p stride bytes, into @p v, if @p wanted: as a 16-byte vector where the
/// vector is whole and Dense (the row dense and 16-byte aligned, reduction_args::dense), else element by element.
/// Returns the number of values loaded (0 past the row's end, or not wanted).
template <bool Dense, class In>
__device__ __forceinline__ int load_vector_slot(const reduction_args& a, const char* row, int64_t stride, int64_t t,
                                                bool wanted, In (&v)[order_width(sizeof(In))]) {
  constexpr int W = order_width(sizeof(In));
  const int n = wanted ? vector_slot_count(a, t, W) : 0;
  if (Dense && n == W) {
    *reinterpret_cast<vector_of<In, W>*>(v) =
        load_read_only<vector_of<In, W>>(reinterpret_cast<const vector_of<In, W>*>(row) + t);
  } else {
#pragma unroll
    for (int e = 0; e < W; ++e) {
      if (e < n) v[e] = load_read_only<In>(row + (t * W + e) * (Dense ? int64_t{sizeof(In)} : stride));
    }
  }
  return n;
}

/// The @p n values of slot @p t of a row as load_vector_slot's, the reduced index walked through several
/// dimensions, into @p loaded (in local memory): element by element in a loop that is not unrolled, so that a
/// kernel holds one copy of the walk (its divisions) rather than one per value.
template <class In>
__device__ __forceinline__ void load_walked_slot(const reduction_args& a, const char* row, int64_t t, int n,
                                                 In* loaded) {
  constexpr int W = order_width(sizeof(In));
#pragma unroll 1
  for (int e = 0; e < n; ++e) loaded[e] = load_read_only<In>(row + a.reduced.offset(t * W + e));
}

/// The partial of the @p present groups of a short row whose groups are each whole (every slot of them one
/// whole vector: reduced_count a multiple of lanes * w), dense and 16-byte aligned: the lane's vectors loaded
/// together as they are, each group reduced across the @p lanes lanes, the groups in their tree. Every load and
/// group is unconditional (an absent group reads group 0 again, from the cache, and is left out of the tree), so
/// that the loaded vectors are the kernel's only large use of registers: loads under `k < present` took sum's
/// kernel from 47 registers to 96.
template <class Op, class In>
__device__ __forceinline__ typename Op::acc_t whole_groups_partial(const Op& op, const char* row, int lanes,
                                                                   int lane, int present) {
  constexpr int W = order_width(sizeof(In));
  using vector = vector_of<In, W>;
  vector v[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    v[k] = load_read_only<vector>(reinterpret_cast<const vector*>(row) + (k < present ? k : 0) * lanes + lane);
  }
  typename Op::acc_t groups[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    const int64_t first = int64_t{k * lanes + lane} * W;
    groups[k] = lanes_tree(op, op.template slot<W>(reinterpret_cast<const In*>(&v[k]), W, first, W), lanes, lanes);
  }
  return tree_of<8>(op, groups, present);
}

/// The partial of the @p present groups of any other short row (a row's end inside a group, strides, several
/// reduced dimensions): a group at a time, each lane's slot loaded (load_vector_slot, or walked through the
/// dimensions) and reduced across the lanes, the groups' partials pushed onto a stack (the same tree), in a loop
/// that is not unrolled, so that these rows add no registers to the kernel that also reads whole groups.
/// @p active: whether the lane's row is an output (other lanes take part in the shuffles only).
template <bool Dense, class Op, class In>
__device__ __forceinline__ typename Op::acc_t any_groups_partial(const Op& op, const reduction_args& a,
                                                                 const char* row, int lanes, int lane,
                                                                 int present, bool active) {
  constexpr int W = order_width(sizeof(In));
  const int slots = static_cast<int>((a.reduced_count + W - 1) / W);  // of the row: a prefix of each group's
  pairwise_stack<Op, 4> groups;
#pragma unroll 1
  for (int k = 0; k < present; ++k) {
    const int64_t t = int64_t{k} * lanes + lane;
    alignas(16) In v[W];
    int n = 0;
    if (Dense || a.reduced.ndim == 1) {
      n = load_vector_slot<Dense>(a, row, a.reduced.strides[0], t, active, v);
    } else {
      In loaded[W];
      n = active ? vector_slot_count(a, t, W) : 0;
      load_walked_slot(a, row, t, n, loaded);
      to_registers(loaded, n, v);
    }
    groups.push(op, lanes_tree(op, op.template slot<W>(v, n, t * W, W), lanes, slots - k * lanes));
  }
  return groups.result(op);
}

/// Rows of at most tile_slots vectors (reduced_count <= tile_slots * w: each slot is the w elements of one
/// vector), many of them: @p lanes lanes per output (a power of two, at most 32, 8 * lanes covering the row's
/// slots), lane l holding slots l, l + lanes, ..., l + 7 * lanes (group k the slots k * lanes ... k * lanes +
/// lanes - 1), each group reduced across the lanes (a subtree) and the groups combined in their tree. Dense:
/// the rows are dense and 16-byte aligned (reduction_args::dense), read as 16-byte vectors; where their groups are
/// whole (rows of 8, 16, ..., 256 float32 vectors, and every multiple of lanes vectors), all of a lane's vectors
/// are loaded together (whole_groups_partial), other rows a group at a time. For the input types of
/// Op::dense_input. Registers decide the speed (with 90 registers a thread, two blocks per multiprocessor,
/// sum(X, 1) of a (2^20, 256) float32 matrix ran at 2.46 TB/s; docs/design_decisions.md, Reductions: short
/// rows). Whole: every row has whole groups (Dense, reduced_count a multiple of lanes * w), and the kernel holds
/// whole_groups_partial alone, without any_groups_partial's registers.
template <class Op, class In, bool Dense, bool Whole = false>
__global__ void __launch_bounds__(tile_slots) reduction_short_rows_kernel(reduction_args a, int lanes) {
  static_assert(Dense || !Whole, "whole groups are read as 16-byte vectors");
  constexpr int W = order_width(sizeof(In));
  const Op op{a.params};
  // lanes is a power of two: shifts, not divisions (the setup is a large share of a thread's work here)
  const int lanes_shift = __ffs(lanes) - 1;
  const int lane = threadIdx.x & (lanes - 1);
  const int per_warp = 32 >> lanes_shift;
  const int slots = static_cast<int>((a.reduced_count + W - 1) / W);  // at most tile_slots
  const int present = (slots + lanes - 1) >> lanes_shift;  // groups with a slot: a prefix
  // warp-uniform bounds, so that every lane takes part in the shuffles
  const int64_t warp = int64_t{blockIdx.x} * (tile_slots / 32) + (threadIdx.x >> 5);
  const int64_t warps = int64_t{gridDim.x} * (tile_slots / 32);
  for (int64_t base = warp * per_warp; base < a.outputs; base += warps * per_warp) {
    const int64_t o = base + ((threadIdx.x & 31) >> lanes_shift);
    const bool active = o < a.outputs;
    const char* row = a.in + a.kept.offset(active ? o : base);  // an inactive lane reads a row that exists
    typename Op::acc_t x;
    if constexpr (Whole) {
      x = whole_groups_partial<Op, In>(op, row, lanes, lane, present);
    } else {
      x = Dense && short_rows_whole_groups(a, lanes)
              ? whole_groups_partial<Op, In>(op, row, lanes, lane, present)
              : any_groups_partial<Dense, Op, In>(op, a, row, lanes, lane, present, active);
    }
    if (lane == 0 && active) store_partial(a, op, o, 0, x);
  }
}

/// Levels of thread t's pairwise_stack in shared memory, level d at base[d * tile_slots + t]: the threads of a
/// warp touch consecutive words, and nothing goes out to local memory.
template <class A>
struct shared_levels {
  A* base;
  __device__ __forceinline__ A& operator[](int d) const { return base[d * tile_slots]; }
};

/// The stack of a column kernel thread's slot partials (at most 32, so 6 levels): in shared memory where 256
/// threads' levels fit beside the kernel's other buffer, else in the thread's own array.
template <class Op>
struct column_stack {
  using A = typename Op::acc_t;
  static constexpr bool shared = sizeof(A) <= 16;
  using type = conditional_t<shared, pairwise_stack<Op, 6, shared_levels<A>>, pairwise_stack<Op, 6>>;
  __device__ __forceinline__ static type make() {
    type stack;
    if constexpr (shared) stack.level.base = shared_partials<A, 6 * tile_slots / 8>() + threadIdx.x;
    return stack;
  }
};

/// The last step of a block of the column kernels (32 * W neighbouring outputs, 8 groups of slots): each
/// output's tree over the partials of its @p groups groups with a slot (a prefix), values[g * 32 * W + t] for its
/// position t (t = c * 32 + lane: the thread's lane, its c-th of W outputs), stored as its partial of @p tile.
template <int W, class Op>
__device__ __forceinline__ void store_group_trees(const Op& op, const reduction_args& a,
                                                  const typename Op::acc_t* values, int groups, int64_t tile) {
  for (int t = threadIdx.x; t < 32 * W; t += tile_slots) {
    const int64_t out = (int64_t{blockIdx.x} * 32 + (t & 31)) * W + (t >> 5);
    if (out < a.outputs) {
      typename Op::acc_t p[8];
#pragma unroll
      for (int g = 0; g < 8; ++g) p[g] = g < groups ? values[g * 32 * W + t] : op.identity();
      store_partial(a, op, out, tile, tree_of<8>(op, p, groups));
    }
  }
}

/// The column case: a block per 32 neighbouring outputs and tile (blockIdx.y, striding), group g of the 8 warps
/// computing slots g * slots_per_group ... of the tile down each column, its partials on a column_stack, warp 0
/// the tree over the 8 groups. @p slots_per_group: a power of two, at most 32, with 8 * slots_per_group covering
/// every slot present.
template <class Op, class In>
__global__ void __launch_bounds__(tile_slots) reduction_columns_kernel(reduction_args a, int slots_per_group) {
  using A = typename Op::acc_t;
  const Op op{a.params};
  const int w = a.width;
  const int column = threadIdx.x & 31, group = threadIdx.x >> 5;
  A* values = shared_partials<A, 32>();  // [group][column]
  const int64_t o = int64_t{blockIdx.x} * 32 + column;
  const char* row = o < a.outputs ? a.in + a.kept.offset(o) : nullptr;
  for (int64_t tile = blockIdx.y; tile < a.tiles; tile += gridDim.y) {
    auto slots = column_stack<Op>::make();
    if (row != nullptr) {
      for (int k = 0; k < slots_per_group; ++k) {
        const int64_t first = slot_first(tile, group * slots_per_group + k, w);
        if (first >= a.reduced_count) break;
        slots.push(op, slot_partial<Op, In>(op, a, row, first));
      }
    }
    values[group * 32 + column] = slots.result(op);
    __syncthreads();
    store_group_trees<1>(op, a, values, (slots_present(a, tile) + slots_per_group - 1) / slots_per_group, tile);
    __syncthreads();
  }
}

/// Whether the column case of functor Op over input type In may run reduction_vector_columns_kernel: sums and
/// products (folds_slots) of floating inputs (the hot ones; each kernel adds to the build) of at least two per
/// 16-byte vector, whose W partials' stacks and group partials fit a block's 48 KiB of shared memory.
template <class Op, class In>
inline constexpr bool has_vector_columns = folds_slots<Op> && (is_floating_point_v<In> || is_half_v<In>) &&
                                           order_width(sizeof(In)) >= 2 &&
                                           sizeof(typename Op::acc_t) * order_width(sizeof(In)) <= 32;

/// The partials of the slot starting at reduced index @p first (its @p n values) of the W = order_width(In)
/// neighbouring columns at @p column, along one reduced dimension of @p stride bytes: a 16-byte vector per value
/// (the W columns' values of one row), the W slots folded as fold_slot folds each (folds_slots), value by value
/// and interleaved, so that each vector is used as it arrives (a slot at a time per column held all 32 vectors:
/// 246 registers a thread for float32 summed in double).
template <class Op, class In>
__device__ __forceinline__ void vector_columns_slot(const Op& op, const char* column, int64_t stride, int64_t first,
                                                    int n, typename Op::acc_t (&partial)[order_width(sizeof(In))]) {
  static_assert(folds_slots<Op>, "the slots are folded value by value");
  constexpr int W = order_width(sizeof(In));
  using V = typename Op::value_t;
  const auto fold = [&](int k) {
    const int64_t r = slot_index(first, k, W);
    const auto v = load_read_only<vector_of<In, W>>(column + r * stride);
#pragma unroll
    for (int c = 0; c < W; ++c)
      partial[c] = op.combine(partial[c], op.map(cast<V>(reinterpret_cast<const In*>(&v)[c]), r));
  };
#pragma unroll
  for (int c = 0; c < W; ++c) partial[c] = op.identity();
  if (n == slot_elements) {  // every load unconditional, so that they are issued together
#pragma unroll
    for (int k = 0; k < slot_elements; ++k) fold(k);
  } else {  // the rows' end
#pragma unroll 1
    for (int k = 0; k < n; ++k) fold(k);
  }
}

/// The column case where each thread's W = order_width(In) outputs are one 16-byte vector of every row
/// (has_vector_columns; one reduced dimension, outputs along one dimension of stride sizeof(In), a multiple of W
/// of them, every vector 16-byte aligned): reduction_columns_kernel's blocks and order with W outputs a thread,
/// 32 * W a block, so that a warp reads 512 contiguous bytes of a row where it read 128. Each column's slot
/// partials go on a pairwise stack of its own in shared memory (5 levels: 32 slots a group at most), the 8
/// groups' partials through shared memory to the threads that combine them. A whole slot's loads are
/// unconditional: under a run-time guard the compiler does not issue them together (2.10 TB/s on sum(X, 0) of a
/// 16384^2 float32 matrix; docs/design_decisions.md, Reductions: the column case).
template <class Op, class In>
__global__ void __launch_bounds__(tile_slots) reduction_vector_columns_kernel(reduction_args a, int slots_per_group) {
  using A = typename Op::acc_t;
  constexpr int W = order_width(sizeof(In));
  const Op op{a.params};
  const int lane = threadIdx.x & 31, group = threadIdx.x >> 5;
  A* values = shared_partials<A, 32 * W>();  // [group][c * 32 + lane]
  A* levels = shared_partials<A, W * 5 * tile_slots / 8>();
  const int64_t o = (int64_t{blockIdx.x} * 32 + lane) * W;  // the thread's first output
  const bool active = o < a.outputs;
  const char* column = a.in + (active ? a.kept.offset(o) : 0);
  const int64_t stride = a.reduced.strides[0];
  for (int64_t tile = blockIdx.y; tile < a.tiles; tile += gridDim.y) {
    pairwise_stack<Op, 5, shared_levels<A>> stacks[W];
#pragma unroll
    for (int c = 0; c < W; ++c) stacks[c].level.base = levels + c * 5 * tile_slots + threadIdx.x;
    if (active) {
      for (int k = 0; k < slots_per_group; ++k) {
        const int64_t first = slot_first(tile, group * slots_per_group + k, W);
        if (first >= a.reduced_count) break;
        A partial[W];
        vector_columns_slot<Op, In>(op, column, stride, first, slot_count(first, W, a.reduced_count), partial);
#pragma unroll
        for (int c = 0; c < W; ++c) stacks[c].push(op, partial[c]);
      }
    }
#pragma unroll
    for (int c = 0; c < W; ++c) values[group * 32 * W + c * 32 + lane] = stacks[c].result(op);
    __syncthreads();
    store_group_trees<W>(op, a, values, (slots_present(a, tile) + slots_per_group - 1) / slots_per_group, tile);
    __syncthreads();
  }
}

/// The tree over slots @p first ... @p first + @p present - 1 (1 <= present <= N) of a row whose slots are each
/// the elements of one vector of In (reduced_count <= tile_slots * w), along one reduced dimension of @p stride
/// bytes: an aligned subtree of N leaves (a power of two), Batch slots loaded together at a time, each batch's
/// tree, the batches combined in their tree. Where the batch's slots are whole, every load is unconditional and
/// every index constant, so the values and partials stay in registers.
template <int N, int Batch, class Op, class In>
__device__ __forceinline__ typename Op::acc_t strided_slots_tree(const Op& op, const reduction_args& a,
                                                                 const char* row, int64_t stride, int first,
                                                                 int present) {
  constexpr int W = order_width(sizeof(In));
  if constexpr (N <= Batch) {
    const char* at = row + int64_t{first} * W * stride;
    if (present == N && int64_t{first + N} * W <= a.reduced_count) {
      In v[N][W];
#pragma unroll
      for (int b = 0; b < N; ++b) {
#pragma unroll
        for (int e = 0; e < W; ++e) v[b][e] = load_read_only<In>(at + (b * W + e) * stride);
      }
      typename Op::acc_t partial[N];
#pragma unroll
      for (int b = 0; b < N; ++b) partial[b] = op.template slot<W>(v[b], W, int64_t{first + b} * W, W);
      return tree_of<N>(op, partial, N);
    }
    // the row's end: a slot at a time, its partial pushed onto a stack (which, indexed at run time, lives in
    // local memory: the rare case adds no registers to the kernel)
    pairwise_stack<Op, 4> slots;
#pragma unroll 1
    for (int b = 0; b < present; ++b) {
      const int64_t start = int64_t{first + b} * W, left = a.reduced_count - start;
      const int n = left < W ? static_cast<int>(left) : W;
      In v[W];
#pragma unroll
      for (int e = 0; e < W; ++e) {
        if (e < n) v[e] = load_read_only<In>(row + (start + e) * stride);
      }
      slots.push(op, op.template slot<W>(v, n, start, W));
    }
    return slots.result(op);
  } else {
    constexpr int half = N / 2;
    const auto low =
        strided_slots_tree<half, Batch, Op, In>(op, a, row, stride, first, present < half ? present : half);
    if (present <= half) return low;
    return op.combine(low, strided_slots_tree<half, Batch, Op, In>(op, a, row, stride, first + half, present - half));
  }
}

/// strided_slots_tree's result where the reduced index is walked through several dimensions (rare): a slot at a
/// time (load_walked_slot), its partial pushed onto a stack, in loops that are not unrolled, so that the kernel
/// holds one copy of the walk.
template <class Op, class In>
__device__ __forceinline__ typename Op::acc_t walked_slots_tree(const Op& op, const reduction_args& a,
                                                                const char* row, int first, int present) {
  constexpr int W = order_width(sizeof(In));
  pairwise_stack<Op, 6> slots;
#pragma unroll 1
  for (int b = 0; b < present; ++b) {
    const int64_t t = first + b;
    const int n = vector_slot_count(a, t, W);
    In loaded[W], v[W];
    load_walked_slot(a, row, t, n, loaded);
    to_registers(loaded, n, v);
    slots.push(op, op.template slot<W>(v, n, t * W, W));
  }
  return slots.result(op);
}

/// The column case with rows of at most tile_slots vectors (reduced_count <= tile_slots * w: one tile, each slot
/// the elements of one vector), for the input types of Op::dense_input: reduction_columns_kernel's blocks (32
/// neighbouring outputs x 8 groups of @p slots_per_group slots) with nothing else inlined, each group's subtree
/// in registers (strided_slots_tree), the 8 groups' partials combined through shared memory. reduction_columns_kernel
/// itself is issue-bound on its generic code at these shapes (1.36 TB/s on sum(X, 0) of a (256, 2^20) float32
/// matrix; docs/design_decisions.md, Reductions: the column case).
template <class Op, class In>
__global__ void __launch_bounds__(tile_slots) reduction_short_columns_kernel(reduction_args a, int slots_per_group) {
  using A = typename Op::acc_t;
  constexpr int W = order_width(sizeof(In));
  constexpr int batch = slot_elements / W < 8 ? slot_elements / W : 8;
  const Op op{a.params};
  const int column = threadIdx.x & 31, group = threadIdx.x >> 5;
  A* values = shared_partials<A, 32>();  // [group][column]
  const int64_t o = int64_t{blockIdx.x} * 32 + column;
  const int slots = static_cast<int>((a.reduced_count + W - 1) / W);
  const int first = group * slots_per_group;
  const int present = slots - first < slots_per_group ? slots - first : slots_per_group;
  if (o < a.outputs && present > 0) {
    const char* row = a.in + a.kept.offset(o);
    values[group * 32 + column] =
        a.reduced.ndim == 1
            ? strided_slots_tree<32, batch, Op, In>(op, a, row, a.reduced.strides[0], first, present)
            : walked_slots_tree<Op, In>(op, a, row, first, present);
  }
  __syncthreads();
  store_group_trees<1>(op, a, values, (slots + slots_per_group - 1) / slots_per_group, 0);
}

/// strided_slots_tree for the W = order_width(In) neighbouring columns at @p columns, each value a 16-byte vector
/// of a row (the W columns' values): @p partial[c] the tree of column c's slots first ... first + present - 1.
/// Batch slots are loaded together (Batch x W vectors, every load unconditional where they are whole).
template <int N, int Batch, class Op, class In>
__device__ __forceinline__ void vector_slots_tree(const Op& op, const reduction_args& a, const char* columns,
                                                  int64_t stride, int first, int present,
                                                  typename Op::acc_t (&partial)[order_width(sizeof(In))]) {
  constexpr int W = order_width(sizeof(In));
  using A = typename Op::acc_t;
  using Vec = vector_of<In, W>;
  if constexpr (N <= Batch) {
    const char* at = columns + int64_t{first} * W * stride;
    if (present == N && int64_t{first + N} * W <= a.reduced_count) {
      Vec v[N][W];
#pragma unroll
      for (int b = 0; b < N; ++b) {
#pragma unroll
        for (int e = 0; e < W; ++e) v[b][e] = load_read_only<Vec>(at + (b * W + e) * stride);
      }
#pragma unroll
      for (int c = 0; c < W; ++c) {
        A slots[N];
#pragma unroll
        for (int b = 0; b < N; ++b) {
          In column[W];
#pragma unroll
          for (int e = 0; e < W; ++e) column[e] = v[b][e].values[c];
          slots[b] = op.template slot<W>(column, W, int64_t{first + b} * W, W);
        }
        partial[c] = tree_of<N>(op, slots, N);
      }
      return;
    }
    // the rows' end: a slot at a time, each column's partials pushed onto a stack of its own
    pairwise_stack<Op, 4> stacks[W];
#pragma unroll 1
    for (int b = 0; b < present; ++b) {
      const int64_t start = int64_t{first + b} * W, left = a.reduced_count - start;
      const int n = left < W ? static_cast<int>(left) : W;
      Vec v[W];
#pragma unroll
      for (int e = 0; e < W; ++e) {
        if (e < n) v[e] = load_read_only<Vec>(columns + (start + e) * stride);
      }
#pragma unroll
      for (int c = 0; c < W; ++c) {
        In column[W];
#pragma unroll
        for (int e = 0; e < W; ++e) column[e] = v[e].values[c];
        stacks[c].push(op, op.template slot<W>(column, n, start, W));
      }
    }
#pragma unroll
    for (int c = 0; c < W; ++c) partial[c] = stacks[c].result(op);
  } else {
    constexpr int half = N / 2;
    vector_slots_tree<half, Batch, Op, In>(op, a, columns, stride, first, present < half ? present : half, partial);
    if (present <= half) return;
    A high[W];
    vector_slots_tree<half, Batch, Op, In>(op, a, columns, stride, first + half, present - half, high);
#pragma unroll
    for (int c = 0; c < W; ++c) partial[c] = op.combine(partial[c], high[c]);
  }
}

/// reduction_short_columns_kernel where each thread's W = order_width(In) outputs are one 16-byte vector of every
/// row (has_vector_columns, vector_columns: one reduced dimension, the outputs along one dimension of stride
/// sizeof(In), a multiple of W of them, 16-byte aligned) and the groups have at most vector_short_group_slots
/// slots: 32 * W outputs a block, so that a warp reads 512 contiguous bytes of a row, each group's subtree in
/// registers (vector_slots_tree, 8 rows of vectors loaded together), the 8 groups' partials combined through
/// shared memory. Launched without nansum's test of each value where nothing is skipped (without_nan_test_t):
/// the test costs a compare and a select per value at the copy ceiling (docs/design_decisions.md, Reductions:
/// the column case).
template <class Op, class In>
__global__ void __launch_bounds__(tile_slots) reduction_vector_short_columns_kernel(reduction_args a, int slots_per_group) {
  using A = typename Op::acc_t;
  constexpr int W = order_width(sizeof(In));
  constexpr int batch = 8 / W;  // slots loaded together: 8 rows
  const Op op{a.params};
  const int lane = threadIdx.x & 31, group = threadIdx.x >> 5;
  A* values = shared_partials<A, 32 * W>();  // [group][c * 32 + lane]
  const int64_t o = (int64_t{blockIdx.x} * 32 + lane) * W;  // the thread's first output
  const int slots = static_cast<int>((a.reduced_count + W - 1) / W);
  const int first = group * slots_per_group;
  const int present = slots - first < slots_per_group ? slots - first : slots_per_group;
  if (o < a.outputs && present > 0) {
    A partial[W];
    vector_slots_tree<vector_short_group_slots, batch, Op, In>(op, a, a.in + a.kept.offset(o),
                                                               a.reduced.strides[0], first, present, partial);
#pragma unroll
    for (int c = 0; c < W; ++c) values[group * 32 * W + c * 32 + lane] = partial[c];
  }
  __syncthreads();
  store_group_trees<W>(op, a, values, (slots + slots_per_group - 1) / slots_per_group, 0);
}

/// The second stage: a.in holds acc_t partials[output][part], each part the partial of an aligned run of tiles;
/// a block of Threads per output, or, with at most thread_partials_limit partials per output, a thread per
/// output (their tree with the absent ones left out, as the block's tree leaves out its idle threads: the same
/// bits).
template <class Op, int Threads>
__global__ void __launch_bounds__(Threads) reduction_partials_kernel(reduction_args a) {
  using A = typename Op::acc_t;
  constexpr int threads = Threads;
  const Op op{a.params};
  if (a.parts <= thread_partials_limit) {  // the same for every thread: no barrier below is reached
    const int n = static_cast<int>(a.parts);
    for (int64_t o = int64_t{blockIdx.x} * threads + threadIdx.x; o < a.outputs; o += int64_t{gridDim.x} * threads) {
      const A* partials = reinterpret_cast<const A*>(a.in) + o * a.parts;
      A p[thread_partials_limit];
#pragma unroll
      for (int k = 0; k < thread_partials_limit; ++k) p[k] = k < n ? partials[k] : op.identity();
      store_as(a.out + a.kept_out.offset(o), a.out_dtype, op.project(tree_of<thread_partials_limit>(op, p, n)));
    }
    return;
  }
  // each thread combines an aligned run of `chunk` partials, a subtree of the tree over them
  int64_t chunk = 1;
  while (chunk * threads < a.parts) chunk <<= 1;
  for (int64_t o = blockIdx.x; o < a.outputs; o += gridDim.x) {
    const A* partials = reinterpret_cast<const A*>(a.in) + o * a.parts;
    pairwise_stack<Op, 40> run;
    const int64_t begin = threadIdx.x * chunk;
    const int64_t end = begin + chunk < a.parts ? begin + chunk : a.parts;
    for (int64_t t = begin; t < end; t += 8) {  // 8 at a time (an aligned subtree), loaded together
      const int n = end - t < 8 ? static_cast<int>(end - t) : 8;
      A p[8];
#pragma unroll
      for (int k = 0; k < 8; ++k) p[k] = k < n ? partials[t + k] : op.identity();
      run.push(op, tree_of<8>(op, p, n));
    }
    const A x = block_tree<threads>(op, run.result(op), static_cast<int>((a.parts + chunk - 1) / chunk));
    if (threadIdx.x == 0) store_as(a.out + a.kept_out.offset(o), a.out_dtype, op.project(x));
  }
}

/// The result of reducing no elements, the projection of the identity, stored at @p out as dtype @p t: one
/// thread. For user reduction kernels, whose identity is an expression evaluated on the GPU (the built-in
/// reductions know theirs on the host).
template <class Op>
__global__ void reduction_identity_kernel(char* out, dtype_code t) {
  const Op op{};
  store_as(out, t, op.project(op.identity()));
}

}  // namespace numcu::detail
