#include "core/reduction_plan.hpp"

#include <algorithm>
#include <cstdlib>

namespace numcu::detail {
namespace {

// One group of dimensions (kept or reduced), ordered and coalesced: sizes, input strides and, for the kept
// group, output strides.
struct group {
  int ndim = 0;
  std::array<std::int64_t, max_dims> sizes{};
  std::array<std::int64_t, max_dims> strides{};
  std::array<std::int64_t, max_dims> out_strides{};
};

// The dimensions @p dims (of extent > 1) ordered by the key @p by (smallest |stride| first; C order among
// ties, innermost first) and coalesced where the input, and the output when @p with_output, step through
// two neighbours as one.
template <class Key>
group order_and_coalesce(std::array<int, max_dims> dims, int n, const shape_t& shape, const strides_t& strides,
                         const strides_t& out_strides, bool with_output, Key by) {
  for (int i = 1; i < n; ++i) {  // insertion sort: stable, so ties keep C order
    for (int j = i; j > 0 && by(dims[j]) < by(dims[j - 1]); --j) std::swap(dims[j], dims[j - 1]);
  }
  group g;
  for (int i = 0; i < n; ++i) {
    const int d = dims[i];
    if (g.ndim > 0) {
      const int last = g.ndim - 1;
      const bool input_runs_on = strides[d] == g.strides[last] * g.sizes[last];
      const bool output_runs_on = !with_output || out_strides[d] == g.out_strides[last] * g.sizes[last];
      if (input_runs_on && output_runs_on) {
        g.sizes[last] *= shape[d];
        continue;
      }
    }
    g.sizes[g.ndim] = shape[d];
    g.strides[g.ndim] = strides[d];
    g.out_strides[g.ndim] = with_output ? out_strides[d] : 0;
    ++g.ndim;
  }
  return g;
}

}  // namespace

reduction_plan make_reduction_plan(const shape_t& shape, const strides_t& strides, std::size_t itemsize,
                                   std::span<const int> axes, const strides_t& out_strides,
                                   bool logical_order) {
  reduction_plan plan;
  std::array<bool, max_dims> is_reduced{};
  for (int axis : axes) is_reduced[axis] = true;
  std::array<int, max_dims> kept{}, reduced{};
  int nkept = 0, nreduced = 0;
  for (int d = shape.size() - 1; d >= 0; --d) {  // innermost first, so that ties keep C order
    if (is_reduced[d]) {
      plan.reduced *= shape[d];
    } else {
      plan.outputs *= shape[d];
    }
    if (shape[d] == 1) continue;
    (is_reduced[d] ? reduced[nreduced++] : kept[nkept++]) = d;
  }
  if (plan.outputs == 0 || plan.reduced == 0) return plan;  // no work, or outputs of the identity

  // kept dimensions in the output's order, so that outputs are written in order; reduced ones in the input's
  const group k = order_and_coalesce(kept, nkept, shape, strides, out_strides, true, [&](int d) {
    return std::abs(out_strides[d]) != 0 ? std::abs(out_strides[d]) : std::abs(strides[d]);
  });
  const group r = order_and_coalesce(reduced, nreduced, shape, strides, out_strides, false, [&](int d) {
    return logical_order ? std::int64_t{0} : std::abs(strides[d]);  // 0: ties all, the array's order kept
  });
  plan.kept_ndim = k.ndim;
  plan.reduced_ndim = r.ndim;
  for (int i = 0; i < k.ndim; ++i) {
    plan.kept_sizes[i] = k.sizes[i];
    plan.kept_strides[i] = k.strides[i];
    plan.out_strides[i] = k.out_strides[i];
  }
  for (int i = 0; i < r.ndim; ++i) {
    plan.reduced_sizes[i] = r.sizes[i];
    plan.reduced_strides[i] = r.strides[i];
  }

  // a group lies inside the other when its largest stride is below the other's smallest; a broadcast
  // dimension (stride 0) does not move and takes no part
  const auto item = static_cast<std::int64_t>(itemsize);
  std::int64_t largest_reduced = 0, smallest_kept = INT64_MAX, largest_kept = 0, smallest_reduced = INT64_MAX;
  for (int i = 0; i < r.ndim; ++i) {
    largest_reduced = std::max(largest_reduced, std::abs(r.strides[i]));
    if (r.strides[i] != 0) smallest_reduced = std::min(smallest_reduced, std::abs(r.strides[i]));
  }
  for (int i = 0; i < k.ndim; ++i) {
    largest_kept = std::max(largest_kept, std::abs(k.strides[i]));
    if (k.strides[i] != 0) smallest_kept = std::min(smallest_kept, std::abs(k.strides[i]));
  }
  if (k.ndim == 0) {
    plan.layout = reduction_layout::whole;
  } else if (r.ndim == 0) {
    plan.layout = reduction_layout::general;  // nothing to reduce: every output is one element
  } else if (r.strides[0] == item && largest_reduced < smallest_kept) {
    plan.layout = reduction_layout::inner;
  } else if (std::abs(k.strides[0]) == item && largest_kept < smallest_reduced) {
    plan.layout = reduction_layout::outer;
  } else {
    plan.layout = reduction_layout::general;
  }
  return plan;
}

}  // namespace numcu::detail
