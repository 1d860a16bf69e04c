// Where the nonzero elements are: nonzero, one-argument where, flatnonzero, argwhere, extract (the flags a != 0
// counted, which waits for the device, and their positions selected: dispatch/sort.hpp); and where values
// fall: bincount, digitize.
#include <limits>
#include <string>

#include "api/manipulation_common.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/sort.hpp"
#include "memory/buffer.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/reduction.hpp"
#include "numcu/sorting.hpp"

namespace numcu {

using namespace detail;

ndarray flatnonzero(const ndarray& a) {
  const ndarray flat = a.ravel();
  ndarray flags = flat.dtype().is_bool() && flat.is_c_contiguous() ? flat : not_equal(flat, 0);
  const std::int64_t count = flags.size() == 0 ? 0 : count_nonzero(flags).item<std::int64_t>();
  return true_positions(flags, count);
}

std::vector<ndarray> nonzero(const ndarray& a) {
  if (a.ndim() == 0) {
    throw shape_error("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
  }
  const ndarray flat = flatnonzero(a);
  std::vector<ndarray> out;
  std::int64_t stride = a.size() == 0 ? 1 : a.size();
  for (int d = 0; d < a.ndim(); ++d) {
    const std::int64_t extent = a.shape()[d];
    stride = extent == 0 ? stride : stride / extent;  // the elements per step along d in C order
    out.push_back(d == a.ndim() - 1 ? remainder(flat, extent == 0 ? 1 : extent)
                                    : remainder(floor_divide(flat, stride), extent == 0 ? 1 : extent));
  }
  return out;
}

std::vector<ndarray> where(const ndarray& condition) { return nonzero(condition); }

ndarray argwhere(const ndarray& a) {
  if (a.ndim() == 0) {  // NumPy: (1, 0) for a true 0-d array, (0, 0) for a false one
    const std::int64_t count = count_nonzero(a).item<std::int64_t>();
    return new_array({count, 0}, int64, a.device());
  }
  const std::vector<ndarray> coordinates = nonzero(a);
  const std::int64_t count = coordinates[0].size();
  ndarray out = new_array({count, a.ndim()}, int64, a.device());
  for (int d = 0; d < a.ndim(); ++d) copy_into(out(all, std::int64_t{d}), coordinates[d]);
  return out;
}

ndarray extract(const ndarray& condition, const ndarray& arr) {
  require_same_device(condition.device(), arr.device(), "extract");
  const ndarray positions = flatnonzero(condition);
  // NumPy names the first position past arr (positions ascend: the first of those not below arr's size)
  const std::int64_t inside =
      positions.size() == 0 ? 0 : count_nonzero(less(positions, arr.size())).item<std::int64_t>();
  if (inside < positions.size()) {
    throw detail::out_of_bounds(std::to_string(positions(inside).item<std::int64_t>()), 0, arr.size());
  }
  return gather_last_axis(ascontiguousarray(arr.ravel()), positions);
}

ndarray bincount(const ndarray& x, const std::optional<ndarray>& weights, std::int64_t minlength) {
  if (x.ndim() != 1) {
    throw shape_error(x.ndim() == 0 ? "object of too small depth for desired array" : "object too deep for desired array");
  }
  if (!x.dtype().is_integer() && !x.dtype().is_bool()) {
    throw dtype_error("Cannot cast array data from dtype('" + std::string(x.dtype().name()) +
                      "') to dtype('int64') according to the rule 'safe'");
  }
  if (minlength < 0) throw shape_error("'minlength' must not be negative");
  if (weights) {
    require_same_device(x.device(), weights->device(), "bincount");
    if (weights->ndim() != 1 || weights->size() != x.size()) {
      throw shape_error("The weights and list don't have the same length.");
    }
    if (weights->dtype().is_complex()) {
      throw dtype_error("Cannot cast array data from dtype('" + std::string(weights->dtype().name()) +
                        "') to dtype('float64') according to the rule 'safe'");
    }
  }
  const ndarray values = ascontiguousarray(x);  // counted in its own dtype
  std::int64_t length = minlength;
  if (values.size() > 0) {
    // one maximum finds the length and any negative value: read as the unsigned integers of their width, the
    // negative values lie above the signed ones; NumPy casts to int64 first, so a uint64 value beyond int64's
    // range turns negative there and is refused too
    const std::size_t width = values.itemsize();
    const dtype bits = width == 1 ? uint8 : width == 2 ? uint16 : width == 4 ? uint32 : uint64;
    const ndarray unsigned_values(values.buffer(), bits, values.shape(), values.strides(), values.offset(), true);
    const auto largest = max(unsigned_values).astype(uint64).item<std::uint64_t>();
    const bool may_be_negative = x.dtype().kind() == dtype_kind::signed_integer || x.dtype() == uint64;
    if (may_be_negative && largest >> (8 * width - 1) != 0) {
      throw shape_error("'list' argument must have no negative elements");
    }
    length = std::max(length, static_cast<std::int64_t>(largest) + 1);
  }
  if (!weights || values.size() == 0) return bin_counts(values, length);  // NumPy: int64 zeros for no values
  // the weights sorted stably by value, and each value's run among them: sums in the input's order
  const ndarray order = argsort(values);
  const ndarray sorted = gather_last_axis(values, order);
  const ndarray w = gather_last_axis(ascontiguousarray(weights->astype(float64, casting::unsafe, false)), order);
  const ndarray bins = arange(0, length, 1, int64, x.device());
  return bin_sums(w, searchsorted(sorted, bins), searchsorted(sorted, bins, search_side::right));
}

ndarray digitize(const ndarray& x, const ndarray& bins, bool right) {
  require_same_device(x.device(), bins.device(), "digitize");
  if (bins.ndim() != 1) throw shape_error("object too deep for desired array");
  const std::int64_t n = bins.size();
  bool increasing = true;
  if (n > 1) {  // NumPy's check: every step one way (equal neighbours allowed)
    // compared, not subtracted: a difference of unsigned bins wraps around
    const ndarray later = bins(slice(1, none)), earlier = bins(slice(none, -1));
    const bool up = all(greater_equal(later, earlier)).item<bool>();
    const bool down = all(less_equal(later, earlier)).item<bool>();
    if (!up && !down) throw shape_error("bins must be monotonically increasing or decreasing");
    increasing = up;
  }
  // NumPy: searchsorted with the side opposite to right=, from the far end for decreasing bins
  const search_side side = right ? search_side::left : search_side::right;
  if (increasing) return searchsorted(bins, x, side);
  return subtract(n, searchsorted(bins(slice(none, none, -1)), x, side));
}

}  // namespace numcu
