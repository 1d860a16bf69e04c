// The fixed order of every reduction, the same on every device: a property of the data, not of the grid or
// of the thread count. The reduced index space of one output (r = 0 ... R-1, in the reduction plan's order) is
// cut into tiles of tile_elements; a tile into tile_slots slots of slot_elements each, slot t of tile j
// holding, in this order, the elements
//     j * tile_elements + (g * tile_slots + t) * w + e     for g < slot_elements / w, e < w,
// where w is the order width of the input dtype (16 bytes of elements: a slot is read as 16-byte vectors).
// A slot's partial is its functor's slot() of those values; a tile's partial is the slots' partials combined
// in a perfect binary tree of adjacent pairs; the output is the tiles' partials combined in the same kind of
// tree. Absent elements, slots and tiles (past R) are left out: never combined with the identity, which would
// change no bit for most functors but can for some (a complex product by 1+0j can flip a zero's sign). The host
// loops and the CUDA kernels compute exactly this, so their results are bitwise equal.
#pragma once

#include "device/types.hpp"
#include "numcu/config.hpp"

/// `#pragma unroll` in code compiled for the GPU, nothing for the host compiler (nvcc's host pass included): the
/// loops over a slot's values are unrolled on the GPU so that the values stay in registers.
#if defined(__CUDA_ARCH__)
#define NUMCU_UNROLL _Pragma("unroll")
#else
#define NUMCU_UNROLL
#endif

namespace numcu::detail {

/// Elements of the reduced index space per tile.
inline constexpr int tile_elements = 8192;
/// Slots per tile: the threads of a block in the CUDA kernels.
inline constexpr int tile_slots = 256;
/// Elements per slot.
inline constexpr int slot_elements = tile_elements / tile_slots;

/// The order width of a dtype of @p itemsize bytes: the elements of one 16-byte vector.
NUMCU_HD constexpr int order_width(size_t itemsize) { return itemsize >= 16 ? 1 : static_cast<int>(16 / itemsize); }

/// The reduced-index distance between consecutive groups of @p w elements of one slot.
NUMCU_HD constexpr int64_t slot_stride(int w) { return int64_t{tile_slots} * w; }

/// The reduced index of the first element of slot @p t of tile @p tile.
NUMCU_HD constexpr int64_t slot_first(int64_t tile, int t, int w) { return tile * tile_elements + int64_t{t} * w; }

/// The reduced index of value @p k of the slot starting at @p first (@p w a power of two).
NUMCU_HD constexpr int64_t slot_index(int64_t first, int k, int w) {
  return first + int64_t{k & ~(w - 1)} * tile_slots + (k & (w - 1));
}

/// How many elements of the slot starting at @p first are below @p reduced (they are a prefix of the slot).
NUMCU_HD inline int slot_count(int64_t first, int w, int64_t reduced) {
  if (first + (slot_elements / w - 1) * slot_stride(w) + w <= reduced) return slot_elements;
  int n = 0;
  for (int g = 0; g < slot_elements / w; ++g) {
    const int64_t start = first + g * slot_stride(w);
    if (start >= reduced) break;
    n += reduced - start < w ? static_cast<int>(reduced - start) : w;
  }
  return n;
}

/// Combines a stream of partials in the perfect binary tree of adjacent pairs (missing leaves at the end are
/// left out): push the leaves in order, then result(). Holds one partial per level, at most Depth levels
/// (2^(Depth-1) leaves and more), in Levels: an array of its own, or anything indexed like one (the CUDA
/// kernels keep some in shared memory).
template <class Op, int Depth, class Levels = typename Op::acc_t[Depth]>
struct pairwise_stack {
  using acc_t = typename Op::acc_t;
  Levels level;
  int depth = 0;
  int64_t count = 0;

  NUMCU_HD void push(const Op& op, acc_t x) {
    for (int64_t c = count; c & 1; c >>= 1) x = op.combine(level[--depth], x);
    level[depth++] = x;
    ++count;
  }
  NUMCU_HD acc_t result(const Op& op) const {
    if (depth == 0) return op.identity();
    acc_t r = level[depth - 1];
    for (int d = depth - 2; d >= 0; --d) r = op.combine(level[d], r);
    return r;
  }
};

}  // namespace numcu::detail
