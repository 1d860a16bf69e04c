// The reduction plan, beside the iteration plan: which dimensions of the input are reduced and which are
// kept, each group ordered by stride and coalesced, and the layout that picks a reduction kernel (the whole
// array; reduced dimensions innermost and dense; reduced dimensions outermost, the column case; anything
// else). Both backends will reduce over the same plan, so that the order of a reduction is the plan's, not
// the device's. Plain C++, unit-tested on the host.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "numcu/shape.hpp"

namespace numcu::detail {

/// How the reduced elements of one output lie in memory, which decides the kernel.
enum class reduction_layout {
  whole,    ///< every dimension is reduced: one output
  inner,    ///< the reduced dimensions are innermost, the innermost of them dense: a row per output
  outer,    ///< the kept dimensions are innermost and dense: neighbouring outputs reduce neighbouring columns
  general,  ///< reduced and kept dimensions interleave
};

/// A reduction of an input over some axes into an output of the kept axes. Dimensions of extent 1 are
/// dropped; each group is ordered innermost (smallest input stride) first and coalesced where the input (and,
/// for kept dimensions, the output) steps through two dimensions as one.
struct reduction_plan {
  reduction_layout layout = reduction_layout::whole;
  std::int64_t outputs = 1;  ///< elements of the output (0: nothing to do)
  std::int64_t reduced = 1;  ///< elements reduced into each output (0: every output is the identity)
  int kept_ndim = 0;
  int reduced_ndim = 0;
  std::array<std::int64_t, max_dims> kept_sizes{};       ///< innermost first
  std::array<std::int64_t, max_dims> kept_strides{};     ///< input byte strides of the kept dimensions
  std::array<std::int64_t, max_dims> out_strides{};      ///< output byte strides of the kept dimensions
  std::array<std::int64_t, max_dims> reduced_sizes{};    ///< innermost first
  std::array<std::int64_t, max_dims> reduced_strides{};  ///< input byte strides of the reduced dimensions
};

/// Plans reducing an input of @p shape and byte @p strides (elements of @p itemsize bytes) over @p axes
/// (each 0 ... ndim-1, distinct, in any order) into an output whose byte strides over the input's dimensions
/// are @p out_strides (its strides as if keepdims; those of reduced dimensions are not read). With
/// @p logical_order the reduced dimensions keep the array's order (innermost axis first) instead of the
/// input's memory order, so that a reduced index is NumPy's flat index over the reduced axes (argmax).
reduction_plan make_reduction_plan(const shape_t& shape, const strides_t& strides, std::size_t itemsize,
                                   std::span<const int> axes, const strides_t& out_strides,
                                   bool logical_order = false);

}  // namespace numcu::detail
