// Where the nonzero elements are: nonzero, one-argument where, flatnonzero, argwhere, extract. The flags
// (a != 0) are counted, which waits for the device, and their positions selected (dispatch/sort.hpp).
#include <string>

#include "dispatch/dispatch.hpp"
#include "dispatch/sort.hpp"
#include "memory/buffer.hpp"
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
    throw error("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
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
    throw index_error("index " + std::to_string(positions(inside).item<std::int64_t>()) +
                      " is out of bounds for axis 0 with size " + std::to_string(arr.size()));
  }
  return gather_last_axis(ascontiguousarray(arr.ravel()), positions);
}

}  // namespace numcu
