#include "core/kernel_loop.hpp"

#include <algorithm>
#include <cstring>

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

elementwise_loop_rules kernel_loop_rules(const kernel_loop& loop, int inputs, bool element_by_element) {
  elementwise_loop_rules rules;
  rules.vectors = !element_by_element;
  const std::size_t widest =
      loop.itemsizes.empty() ? 1 : *std::max_element(loop.itemsizes.begin(), loop.itemsizes.end());
  rules.vector_width = widest >= 16 ? 1 : static_cast<int>(16 / widest);
  rules.may_be_constant = inputs >= 32 ? ~0u : (1u << inputs) - 1;
  return rules;
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
