// Which loop of device/elementwise_loops.cuh runs an elementwise call: dense, rows or general. One choice for
// the built-in ufuncs (src/cuda/elementwise.cuh, over an iteration_plan) and user elementwise kernels
// (src/dispatch/kernel_module.cpp, over a kernel_loop); the callers differ only in the rules they pass.
// Host-only.
#pragma once

#include <cstdint>

#include "device/launch_geometry.hpp"
#include "device/offset_calculator.hpp"

namespace numcu::detail {

/// The most element-wise arrays a rows or general loop takes (operands of its offset calculator).
inline constexpr int max_kernel_arrays = 32;

/// The loops of device/elementwise_loops.cuh.
enum class elementwise_loop_kind : std::uint8_t {
  dense,    ///< every array one dense run
  rows,     ///< every array dense along the innermost dimension (an input may be constant along it)
  general,  ///< anything else, by offsets of every element
};

/// The loop a call runs, and with how many elements per vector access.
struct elementwise_loop_choice {
  elementwise_loop_kind kind = elementwise_loop_kind::general;
  int vector_width = 1;   ///< dense and rows: elements per thread, one vector of each array
  unsigned constant = 0;  ///< rows: bit k set when operand k (an input) is constant along a row
};

/// What the caller's kernels allow.
struct elementwise_loop_rules {
  bool vectors = true;            ///< the dense and rows loops may run (false: the general loop, e.g. for
                                  ///< operands that share memory, whose reads and writes keep their order)
  int vector_width = 1;           ///< elements per vector access: 16 bytes of the widest dtype
  bool width_fixed = false;       ///< the kernels exist for this width only (a built-in ufunc's, one per dtype):
                                  ///< an array not aligned for it takes the general loop, where a user kernel
                                  ///< is compiled for single elements
  std::uint32_t may_be_constant = 0;  ///< bit k: operand k may be constant along the rows (an input)
};

/// The loop of @p plan (an iteration_plan or kernel_loop: members ndim, noperands, numel, sizes, strides,
/// data, itemsizes; an operand without data, a scalar, takes no part) under @p rules: dense where every array
/// is one dense run, rows where every array is dense along the innermost dimension or (an input) constant
/// along it and the rows hold at least half a block's elements, each array's vectors aligned (its first
/// element and, in rows, each row's start); the general loop otherwise.
template <class Plan>
elementwise_loop_choice choose_elementwise_loop(const Plan& plan, const elementwise_loop_rules& rules) {
  if (!rules.vectors) return {};
  elementwise_loop_choice choice;
  int width = rules.vector_width;
  const auto present = [&](int k) { return plan.data[k] != nullptr; };
  const auto inner_stride = [&](int k) { return plan.ndim == 0 ? std::int64_t{0} : plan.strides[k][0]; };
  const auto item = [&](int k) { return static_cast<std::int64_t>(plan.itemsizes[k]); };
  // dense: no dimension, or one along which every array is dense
  bool dense = plan.ndim <= 1;
  for (int k = 0; k < plan.noperands && dense; ++k) dense = !present(k) || plan.ndim == 0 || inner_stride(k) == item(k);
  // rows: dense along the innermost dimension, or (an input) constant along it
  bool rows = !dense && plan.noperands <= max_kernel_arrays && plan.numel / plan.sizes[0] <= max_32bit_numel;
  for (int k = 0; k < plan.noperands && rows; ++k) {
    if (!present(k)) continue;
    const std::int64_t s = inner_stride(k);
    rows = s == item(k) || ((rules.may_be_constant >> k & 1u) && s == 0);
    if (s == 0) choice.constant |= 1u << k;
  }
  if (!dense && !rows) return {};
  // every array's vectors aligned: its first element, and in rows each row's start (an array constant along
  // the rows is read one element per row)
  const auto aligned = [&](std::int64_t at, std::int64_t itemsize) { return at % (itemsize * width) == 0; };
  for (int k = 0; k < plan.noperands && width > 1; ++k) {
    if (!present(k) || (rows && (choice.constant >> k & 1u))) continue;
    bool ok = aligned(static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(plan.data[k])), item(k));
    for (int d = 1; rows && d < plan.ndim; ++d) ok = ok && aligned(plan.strides[k][d], item(k));
    if (ok) continue;
    if (rules.width_fixed) return {};
    width = 1;
  }
  if (rows && !rows_fill_blocks(plan.sizes[0], dense_block_elements<1> * width)) return {};
  choice.kind = dense ? elementwise_loop_kind::dense : elementwise_loop_kind::rows;
  choice.vector_width = width;
  return choice;
}

}  // namespace numcu::detail
