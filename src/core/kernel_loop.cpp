#include "core/kernel_loop.hpp"

#include <algorithm>
#include <cstring>

#include "device/launch_geometry.hpp"
#include "device/offset_calculator.hpp"

namespace numcu::detail {

kernel_loop make_kernel_loop(const shape_t& shape, std::span<const plan_operand> arrays) {
  kernel_loop loop;
  loop.noperands = static_cast<int>(arrays.size());
  loop.numel = shape.product();
  loop.strides.resize(arrays.size());
  for (const plan_operand& a : arrays) {
    loop.data.push_back(a.data);
    loop.itemsizes.push_back(a.itemsize);
  }
  // C order kept (never reordered or flipped): the dimensions innermost first, neighbours coalesced
  std::array<int, max_dims> dims{};
  const int n = dimensions_not_one(shape, dims);
  coalesce_dimensions(loop, shape, dims, n, [&](int k, int d) { return arrays[k].stride(d); });
  return loop;
}

kernel_loop_choice choose_kernel_loop(const kernel_loop& loop, int inputs, bool element_by_element) {
  // arrays sharing memory: every read and write goes to memory, in the operation's order, element by element
  if (element_by_element) return {};
  kernel_loop_choice choice;
  const auto& itemsizes = loop.itemsizes;
  const std::size_t widest = itemsizes.empty() ? 1 : *std::max_element(itemsizes.begin(), itemsizes.end());
  int width = widest >= 16 ? 1 : static_cast<int>(16 / widest);
  const auto inner_stride = [&](int k) { return loop.ndim == 0 ? std::int64_t{0} : loop.strides[k][0]; };
  // dense: no dimension, or one along which every array is dense
  bool dense = loop.ndim == 0 || loop.ndim == 1;
  for (int k = 0; k < loop.noperands && dense; ++k)
    dense = loop.ndim == 0 || inner_stride(k) == static_cast<std::int64_t>(itemsizes[k]);
  // rows: dense along the innermost dimension, or (an input) constant along it
  bool rows = !dense && loop.noperands <= max_kernel_arrays && loop.numel / loop.sizes[0] <= max_32bit_numel;
  for (int k = 0; k < loop.noperands && rows; ++k) {
    const std::int64_t s = inner_stride(k);
    rows = s == static_cast<std::int64_t>(itemsizes[k]) || (k < inputs && s == 0);
    if (s == 0) choice.constant |= 1u << k;
  }
  if (!dense && !rows) return {};
  // every array's vectors aligned: its first element, and in rows each row's start (an array constant along
  // the rows is read one element per row)
  const auto aligned = [&](std::int64_t at, std::size_t itemsize) {
    return at % static_cast<std::int64_t>(itemsize * width) == 0;
  };
  for (int k = 0; k < loop.noperands && width > 1; ++k) {
    if (rows && (choice.constant >> k & 1)) continue;
    bool ok =
        aligned(static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(loop.data[k])), itemsizes[k]);
    for (int d = 1; rows && d < loop.ndim; ++d) ok = ok && aligned(loop.strides[k][d], itemsizes[k]);
    if (!ok) width = 1;
  }
  if (rows && !rows_fill_blocks(loop.sizes[0], dense_block_elements<1> * width)) return {};
  choice.kind = dense ? kernel_loop_kind::dense : kernel_loop_kind::rows;
  choice.vector_width = width;
  return choice;
}

namespace {

template <int N>
std::vector<unsigned char> bytes_for(const kernel_loop& loop) {
  if constexpr (N > max_kernel_arrays) {
    return {};
  } else {
    if (loop.noperands != N) return bytes_for<N + 1>(loop);
    const offset_calculator<N> calculator(loop);
    std::vector<unsigned char> bytes(sizeof calculator);
    std::memcpy(bytes.data(), &calculator, sizeof calculator);
    return bytes;
  }
}

}  // namespace

std::vector<unsigned char> offset_calculator_bytes(const kernel_loop& loop) {
  return bytes_for<1>(loop);
}

}  // namespace numcu::detail
