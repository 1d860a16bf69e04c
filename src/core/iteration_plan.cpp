#include "core/iteration_plan.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>

#include "numcu/error.hpp"

namespace numcu::detail {

bool iteration_plan::is_contiguous() const {
  if (ndim == 0) return true;
  if (ndim > 1) return false;
  for (int k = 0; k < noperands; ++k) {
    if (data[k] != nullptr && strides[k][0] != static_cast<std::int64_t>(itemsizes[k])) return false;
  }
  return true;
}

iteration_plan make_iteration_plan(const shape_t& shape, std::span<const plan_operand> operands) {
  iteration_plan plan;
  plan.noperands = static_cast<int>(operands.size());
  plan.numel = shape.product();
  for (int k = 0; k < plan.noperands; ++k) {
    plan.data[k] = operands[k].data;
    plan.itemsizes[k] = operands[k].itemsize;
  }
  if (plan.numel == 0) return plan;

  std::array<int, max_dims> dims{};
  const int n = dimensions_not_one(shape, dims);
  // Flip dimensions that every operand walks backwards, so that a reversed copy reads forwards.
  for (int i = 0; i < n; ++i) {
    const int d = dims[i];
    bool all_nonpositive = true, any_negative = false;
    for (int k = 0; k < plan.noperands; ++k) {
      all_nonpositive &= operands[k].stride(d) <= 0;
      any_negative |= operands[k].stride(d) < 0;
    }
    if (all_nonpositive && any_negative) {
      for (int k = 0; k < plan.noperands; ++k) plan.data[k] += (shape[d] - 1) * operands[k].stride(d);
    }
  }
  auto stride_of = [&](int k, int d) {
    const std::int64_t s = operands[k].stride(d);
    bool flipped = true;
    for (int j = 0; j < plan.noperands; ++j) flipped &= operands[j].stride(d) <= 0;
    return flipped ? -s : s;
  };
  // Order by operand 0's |stride| (then the next operands'), smallest first. Insertion sort, because the
  // order is partial: a broadcast (stride 0) operand says nothing, and ties keep C order.
  auto goes_before = [&](int a, int b) {
    for (int k = 0; k < plan.noperands; ++k) {
      const std::int64_t sa = std::abs(stride_of(k, a)), sb = std::abs(stride_of(k, b));
      if (sa == 0 || sb == 0) continue;
      if (sa != sb) return sa < sb;
    }
    return false;
  };
  for (int i = 1; i < n; ++i) {
    for (int j = i; j > 0 && goes_before(dims[j], dims[j - 1]); --j) std::swap(dims[j], dims[j - 1]);
  }
  coalesce_dimensions(plan, shape, dims, n, stride_of);
  return plan;
}

int dimensions_not_one(const shape_t& shape, std::array<int, max_dims>& dims) {
  int n = 0;
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] != 1) dims[n++] = d;
  }
  return n;
}

void for_each_sub_plan(const iteration_plan& plan, std::int64_t max_numel,
                       const std::function<void(const iteration_plan&)>& fn) {
  split_plan(plan, max_numel, [&](const iteration_plan& piece, std::int64_t) { fn(piece); });
}

strides_t broadcast_strides(const shape_t& shape, const strides_t& strides, const shape_t& target) {
  const int lead = target.size() - shape.size();
  if (lead < 0) {
    throw shape_error("input operand has more dimensions than allowed by the axis remapping");
  }
  strides_t out(target.size(), 0);
  for (int i = 0; i < shape.size(); ++i) {
    if (shape[i] == target[lead + i]) {
      out[lead + i] = strides[i];
    } else if (shape[i] != 1) {
      throw shape_error(
          "operands could not be broadcast together with remapped shapes [original->remapped]: " +
          compact_text(shape) + "  and requested shape " + compact_text(target));
    }
  }
  return out;
}

}  // namespace numcu::detail
