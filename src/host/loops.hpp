// The host backend's loop over an iteration plan: a tight innermost loop and an odometer for the rest.
#pragma once

#include <array>

#include "core/iteration_plan.hpp"

namespace numcu::detail::host {

/// Calls @p f(pointers) for every element of @p plan, with pointers to operands 0 ... N-1.
template <int N, class F>
void for_each_element(const iteration_plan& plan, F&& f) {
  if (plan.numel == 0) return;
  std::array<char*, N> base;
  for (int k = 0; k < N; ++k) base[k] = plan.data[k];
  if (plan.ndim == 0) {
    f(base);
    return;
  }
  std::array<std::int64_t, max_dims> index{};
  for (;;) {
    std::array<char*, N> p = base;
    for (std::int64_t i = 0; i < plan.sizes[0]; ++i) {
      f(p);
      for (int k = 0; k < N; ++k) p[k] += plan.strides[k][0];
    }
    int d = 1;
    for (; d < plan.ndim; ++d) {
      for (int k = 0; k < N; ++k) base[k] += plan.strides[k][d];
      if (++index[d] < plan.sizes[d]) break;
      for (int k = 0; k < N; ++k) base[k] -= plan.strides[k][d] * plan.sizes[d];
      index[d] = 0;
    }
    if (d == plan.ndim) return;
  }
}

}  // namespace numcu::detail::host
