// How a user elementwise kernel (elementwise_kernel) walks its element-wise arrays: the loop's shape in C
// order with dimensions of extent 1 dropped and adjacent dimensions coalesced, so that a linear index is
// NumPy's flat index (the kernel's `i`); which of the loops of device/elementwise_loops.cuh runs it (dense,
// rows, general, the same choice as the built-in ufuncs make); and the offset calculator those loops take.
// Host-only.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/iteration_plan.hpp"

namespace numcu::detail {

/// The most element-wise arrays a kernel's rows or general loop takes (operands of its offset calculator).
inline constexpr int max_kernel_arrays = 32;

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

/// Which loop of device/elementwise_loops.cuh runs a kernel.
enum class kernel_loop_kind : std::uint8_t {
  dense,    ///< every array one dense run
  rows,     ///< every array dense along the innermost dimension (an input may be constant along it)
  general,  ///< anything else, by offsets of every element
};

/// The loop a call runs, and with how many elements per vector access.
struct kernel_loop_choice {
  kernel_loop_kind kind = kernel_loop_kind::general;
  int vector_width = 1;   ///< dense and rows: elements per thread, one vector of each array
  unsigned constant = 0;  ///< rows: bit k set when array k (an input) is constant along a row
};

/// The loop of @p loop, whose first @p inputs arrays are inputs (the rest outputs): dense or rows with
/// vectors of 16 bytes of the widest dtype where every array's rows start aligned for them (rows only when
/// they hold at least half a block's elements); the general loop, which reads and writes memory directly,
/// when
/// @p element_by_element (arrays share memory: a value written must be seen by the next read) and for
/// anything else.
kernel_loop_choice choose_kernel_loop(const kernel_loop& loop, int inputs, bool element_by_element);

/// The bytes of offset_calculator<loop.noperands>(loop) (device/offset_calculator.hpp), a kernel argument;
/// @p loop has at most max_kernel_arrays arrays and 2^31 - 1 elements.
std::vector<unsigned char> offset_calculator_bytes(const kernel_loop& loop);

}  // namespace numcu::detail
