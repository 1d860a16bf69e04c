// The iteration plan (DESIGN.md §3): operands broadcast to one shape, dimensions reordered so the output's
// strides grow, negative-stride dimensions flipped, adjacent dimensions coalesced, the contiguous case
// detected. Both backends iterate over plans; plain C++ so it is unit-tested on the host.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <span>

#include "numcu/shape.hpp"

namespace numcu::detail {

/// The most operands one plan holds (outputs first, then inputs).
inline constexpr int max_operands = 5;

/// One operand as the planner sees it: data address, byte strides broadcast to the plan's shape (not owned;
/// null for all strides 0), itemsize. An operand without an address (a scalar) takes no part in contiguity.
struct plan_operand {
  char* data;
  const strides_t* strides;
  std::size_t itemsize;
  /// The stride along dimension @p d.
  std::int64_t stride(int d) const { return strides ? (*strides)[d] : 0; }
};

struct iteration_plan {
  int ndim = 0;  // dimensions after coalescing; 0 means a single element
  int noperands = 0;
  std::int64_t numel = 0;                      // product of sizes; 0 means there is nothing to do
  std::array<std::int64_t, max_dims> sizes{};  // innermost dimension first
  std::array<std::array<std::int64_t, max_dims>, max_operands> strides{};  // [operand][dim], bytes
  std::array<char*, max_operands> data{};
  std::array<std::size_t, max_operands> itemsizes{};

  /// True when every operand is one dense run of elements in iteration order.
  bool is_contiguous() const;
};

/// Builds the plan for iterating @p shape over @p operands (operand 0 decides the order of dimensions).
iteration_plan make_iteration_plan(const shape_t& shape, std::span<const plan_operand> operands);

/// Calls @p fn with sub-plans whose element counts are all at most @p max_numel, splitting the outermost
/// dimensions; the CUDA kernels use 32-bit element indices inside each sub-plan.
void for_each_sub_plan(const iteration_plan& plan, std::int64_t max_numel,
                       const std::function<void(const iteration_plan&)>& fn);

/// The dimensions of @p shape of extent other than 1, innermost (last) first, into @p dims; returns how many.
int dimensions_not_one(const shape_t& shape, std::array<int, max_dims>& dims);

/// Writes dimensions dims[0] ... dims[n - 1] of @p shape (innermost first) into @p plan (sizes, strides,
/// ndim), each joining the one before it where every operand steps through both as one; @p stride_of(k, d) is
/// operand k's stride along dimension d of @p shape. Plan: iteration_plan or any type with its members ndim,
/// noperands, sizes and strides.
template <class Plan, class StrideOf>
void coalesce_dimensions(Plan& plan, const shape_t& shape, const std::array<int, max_dims>& dims, int n,
                         StrideOf&& stride_of) {
  int out = 0;
  for (int i = 0; i < n; ++i) {
    const int d = dims[i];
    if (out > 0) {
      bool mergeable = true;
      for (int k = 0; k < plan.noperands; ++k) {
        mergeable &= stride_of(k, d) == plan.strides[k][out - 1] * plan.sizes[out - 1];
      }
      if (mergeable) {
        plan.sizes[out - 1] *= shape[d];
        continue;
      }
    }
    plan.sizes[out] = shape[d];
    for (int k = 0; k < plan.noperands; ++k) plan.strides[k][out] = stride_of(k, d);
    ++out;
  }
  plan.ndim = out;
}

/// The plan over the outer dimensions of @p plan (all but the innermost): where the rows of a rows kernel
/// start. Plan: iteration_plan or any type with its members ndim, noperands, numel, sizes and strides.
template <class Plan>
Plan outer_dimensions(const Plan& plan) {
  Plan outer = plan;
  outer.ndim = plan.ndim - 1;
  outer.numel = plan.numel / plan.sizes[0];
  for (int d = 1; d < plan.ndim; ++d) {
    outer.sizes[d - 1] = plan.sizes[d];
    for (int k = 0; k < plan.noperands; ++k) outer.strides[k][d - 1] = plan.strides[k][d];
  }
  return outer;
}

/// for_each_sub_plan for any plan type with iteration_plan's members ndim, noperands, numel, sizes, strides
/// and data: calls @p fn(piece, first), where @p first is the linear index (in the plan's order, innermost
/// fastest) of the piece's first element.
template <class Plan, class Fn>
void split_plan(const Plan& plan, std::int64_t max_numel, Fn&& fn, std::int64_t first = 0) {
  if (plan.numel <= max_numel) {
    fn(plan, first);
    return;
  }
  // Split the outermost dimension into pieces that fit; recurse when one slice alone is too large.
  const int outer = plan.ndim - 1;
  const std::int64_t inner = plan.numel / plan.sizes[outer];
  Plan piece = plan;
  if (inner > max_numel) {
    piece.ndim = outer;
    piece.numel = inner;
    for (std::int64_t i = 0; i < plan.sizes[outer]; ++i) {
      for (int k = 0; k < plan.noperands; ++k) piece.data[k] = plan.data[k] + i * plan.strides[k][outer];
      split_plan(piece, max_numel, fn, first + i * inner);
    }
    return;
  }
  const std::int64_t step = std::max<std::int64_t>(1, max_numel / inner);
  for (std::int64_t i = 0; i < plan.sizes[outer]; i += step) {
    const std::int64_t count = std::min(step, plan.sizes[outer] - i);
    piece.sizes[outer] = count;
    piece.numel = inner * count;
    for (int k = 0; k < plan.noperands; ++k) piece.data[k] = plan.data[k] + i * plan.strides[k][outer];
    fn(piece, first + i * inner);
  }
}

/// The strides of an array of @p shape viewed with broadcasting to @p target (stride 0 on broadcast axes).
/// @throws shape_error when @p shape does not broadcast to @p target.
strides_t broadcast_strides(const shape_t& shape, const strides_t& strides, const shape_t& target);

}  // namespace numcu::detail
