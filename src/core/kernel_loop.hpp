// How a user elementwise kernel (elementwise_kernel) walks its element-wise arrays: the loop's shape in C
// order with dimensions of extent 1 dropped and adjacent dimensions coalesced, so that a linear index is
// NumPy's flat index (the kernel's `i`); the rules of the one loop choice (core/elementwise_loop.hpp) for it;
// and the offset calculator the loops take.
// Host-only.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/elementwise_loop.hpp"
#include "core/iteration_plan.hpp"

namespace numcu::detail {

/// A kernel's element-wise arrays over the loop's shape: iteration_plan's members (split_plan() splits it),
/// for any number of arrays, dimensions kept in C order (never reordered or flipped).
struct kernel_loop {
  int ndim = 0;  // dimensions after dropping extent 1 and coalescing; 0 means a single element
  int noperands = 0;
  std::int64_t numel = 1;
  std::array<std::int64_t, max_dims> sizes{};               // innermost first
  std::vector<std::array<std::int64_t, max_dims>> strides;  // [array][dim], bytes
  std::vector<char*> data;
  std::vector<std::size_t> itemsizes;
};

/// The loop over @p shape of @p arrays (their strides broadcast to @p shape).
kernel_loop make_kernel_loop(const shape_t& shape, std::span<const plan_operand> arrays);

/// The rules of choose_elementwise_loop() for a user kernel's @p loop, whose first @p inputs arrays are inputs
/// (the rest outputs): vectors of 16 bytes of the widest dtype, or single elements where an array is not
/// aligned for them (the kernel is compiled for the width chosen); the general loop, which reads and writes
/// memory directly, when @p element_by_element (arrays share memory: a value written must be seen by the next
/// read).
elementwise_loop_rules kernel_loop_rules(const kernel_loop& loop, int inputs, bool element_by_element);

/// The bytes of offset_calculator<loop.noperands>(loop) (device/offset_calculator.hpp), a kernel argument;
/// @p loop has at most max_kernel_arrays arrays and 2^31 - 1 elements.
std::vector<unsigned char> offset_calculator_bytes(const kernel_loop& loop);

}  // namespace numcu::detail
