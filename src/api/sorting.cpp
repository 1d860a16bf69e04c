// Sorting and searching: the axis moved last into a C-contiguous buffer, sorted there by the backends
// (dispatch/sort.hpp), and moved back.
#include "numcu/sorting.hpp"

#include <string>

#include "core/backend.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/route.hpp"
#include "dispatch/sort.hpp"
#include "memory/buffer.hpp"
#include "numcu/creation.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/reduction.hpp"

namespace numcu {

using namespace detail;

namespace {

/// NumPy's check of kind= against stable=.
void check_sort_options(const sort_options& options) {
  if (options.kind && options.stable) {
    throw shape_error("`kind` and keyword parameters can't be provided at the same time. Use only one of them.");
  }
}

/// The array a sort along @p axis works on (the flattened array for none) and the axis in it.
std::pair<ndarray, int> sort_operand(const ndarray& a, std::optional<std::int64_t> axis) {
  if (!axis) return {a.ravel(), 0};
  return {a, normalize_axis(*axis, a.ndim())};
}

/// A C-contiguous copy of @p a with axis @p ax moved last (a itself when it is one already and @p may_share).
ndarray axis_last(const ndarray& a, int ax, bool may_share) {
  const ndarray moved = ax == a.ndim() - 1 ? a : moveaxis(a, ax, -1);
  if (may_share && moved.is_c_contiguous()) return moved;
  return copy_of(moved);
}

/// A C-contiguous array of the shape of @p like with axis @p ax holding what the last axis of @p last holds.
ndarray axis_back(const ndarray& last, int ax, const ndarray& like) {
  if (ax == like.ndim() - 1) return last;
  ndarray out = new_array(like.shape(), last.dtype(), last.device());
  copy_into(moveaxis(out, ax, -1), last);
  return out;
}

/// The sorted values (values) or the stable permutation (indices) of @p a along @p axis.
ndarray sorted_along(const ndarray& a, std::optional<std::int64_t> axis, bool indices) {
  auto [x, ax] = sort_operand(a, axis);
  const ndarray work = axis_last(x, ax, true);
  ndarray result = new_array(work.shape(), indices ? int64 : a.dtype(), a.device());
  if (indices) {
    sort_last_axis(work, std::nullopt, result);
  } else {
    sort_last_axis(work, result, std::nullopt);
  }
  return axis_back(result, ax, x);
}

/// Checks each of @p kth against an axis of @p n elements, as NumPy.
void check_kth(const std::vector<std::int64_t>& kth, std::int64_t n) {
  for (std::int64_t k : kth) {
    const std::int64_t at = k < 0 ? k + n : k;
    if (at < 0 || at >= n) {
      throw shape_error("kth(=" + std::to_string(k < 0 ? k + n : k) + ") out of bounds (" + std::to_string(n) + ")");
    }
  }
}

/// partition and argpartition: kth checked, then one long row split around its single kth (the elements
/// before it in the sort order, those equal to it, those after it, each group in input order), or the sort (a
/// valid partition for every kth).
ndarray partitioned(const ndarray& a, const std::vector<std::int64_t>& kth, std::optional<std::int64_t> axis,
                    bool indices) {
  auto [x, ax] = sort_operand(a, axis);
  const std::int64_t n = x.size() == 0 ? 0 : x.shape()[ax];
  if (n > 0) check_kth(kth, n);
  if (kth.size() == 1 && n == x.size() && n >= selection_min_row) {
    const std::int64_t k = kth[0] < 0 ? kth[0] + n : kth[0];
    return partition_one_row(ascontiguousarray(x.reshape({n})), k, indices).reshape(x.shape());
  }
  return sorted_along(x, axis ? std::optional<std::int64_t>(ax) : std::nullopt, indices);
}

}  // namespace

ndarray sort(const ndarray& a, std::optional<std::int64_t> axis, const sort_options& options) {
  check_sort_options(options);
  return sorted_along(a, axis, false);
}

ndarray argsort(const ndarray& a, std::optional<std::int64_t> axis, const sort_options& options) {
  check_sort_options(options);
  if (a.ndim() == 0) return sorted_along(a, std::nullopt, true);  // NumPy: a 0-d array gives [0]
  return sorted_along(a, axis, true);
}

void ndarray::sort(std::int64_t axis, const sort_options& options) const {
  check_sort_options(options);
  const int ax = normalize_axis(axis, ndim());
  const ndarray moved = ax == ndim() - 1 ? *this : moveaxis(*this, ax, -1);
  if (moved.is_c_contiguous()) {
    sort_last_axis(moved, moved, std::nullopt);
    return;
  }
  const ndarray work = copy_of(moved);
  sort_last_axis(work, work, std::nullopt);
  copy_into(moved, work);
}

ndarray lexsort(const std::vector<ndarray>& keys, std::int64_t axis) {
  if (keys.empty()) throw dtype_error("need sequence of keys with len > 0 in lexsort");
  for (const ndarray& k : keys) {
    if (k.shape() != keys[0].shape()) throw shape_error("all keys need to be the same shape");
    require_same_device(keys[0].device(), k.device(), "lexsort");
  }
  if (keys[0].ndim() == 0) return zeros({}, int64, keys[0].device());  // NumPy: 0 for 0-d keys
  const int ax = normalize_axis(axis, keys[0].ndim());
  // the first key sorts first, each later one stably through the order so far: the last key decides first
  ndarray order = axis_last(argsort(keys[0], ax), ax, true);
  for (std::size_t i = 1; i < keys.size(); ++i) {
    const ndarray permuted = gather_last_axis(axis_last(keys[i], ax, true), order);
    const ndarray step = new_array(permuted.shape(), int64, permuted.device());
    sort_last_axis(permuted, std::nullopt, step);
    order = gather_last_axis(order, step);
  }
  return axis_back(order, ax, keys[0]);
}

ndarray partition(const ndarray& a, const std::vector<std::int64_t>& kth, std::optional<std::int64_t> axis) {
  return partitioned(a, kth, axis, false);
}

ndarray argpartition(const ndarray& a, const std::vector<std::int64_t>& kth, std::optional<std::int64_t> axis) {
  return partitioned(a, kth, axis, true);
}

ndarray searchsorted(const ndarray& a, const ndarray& v, search_side side, const std::optional<ndarray>& sorter) {
  if (a.ndim() != 1) throw shape_error("object too deep for desired array");
  require_same_device(a.device(), v.device(), "searchsorted");
  const dtype common = promote_types(a.dtype(), v.dtype());
  ndarray haystack = a.dtype() == common && a.is_c_contiguous() ? a : a.astype(common);
  if (sorter) {
    require_same_device(a.device(), sorter->device(), "searchsorted");
    if (sorter->size() != a.size()) throw shape_error("sorter.size must equal a.size");
    if (!sorter->dtype().is_integer()) throw dtype_error("sorter must only contain integers");
    if (a.size() > 0) {
      // (a uint64 index beyond int64 turns negative: out of range too)
      const std::int64_t low = min(*sorter).astype(int64).item<std::int64_t>();
      const std::int64_t high = max(*sorter).astype(int64).item<std::int64_t>();
      if (low < 0 || high < 0 || high >= a.size()) throw shape_error("Sorter index out of range.");
    }
    haystack = gather_last_axis(haystack, ascontiguousarray(sorter->ravel()).astype(int64, casting::unsafe, false));
  }
  const ndarray needles = v.dtype() == common && v.is_c_contiguous() ? v : v.astype(common);
  ndarray out = new_array(v.shape(), int64, v.device());
  if (out.size() == 0) return out;
  route(a.device(), "searchsorted", [&]<class B>(B, const exec& e) {
    search_sorted<B>(e, common, haystack.data_ptr(), haystack.size(), needles.data_ptr(), needles.size(),
                     side == search_side::right, static_cast<std::int64_t*>(out.data_ptr()));
  });
  return out;
}

}  // namespace numcu
