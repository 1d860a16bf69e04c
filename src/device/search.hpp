// Binary search in NumPy's sort order (device/sort_keys.hpp), the same code on both backends.
#pragma once

#include "device/sort_keys.hpp"

namespace numcu::detail {

/// The index in the @p n ascending elements at @p sorted where @p needle goes: before the first element not
/// less than it, or (@p right) before the first greater one.
template <class T>
NUMCU_HD int64_t search_position(const T* sorted, int64_t n, T needle, bool right) {
  const auto key = sort_key(needle);
  int64_t lo = 0, hi = n;
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    const auto k = sort_key(sorted[mid]);
    if (right ? !(key < k) : k < key) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

}  // namespace numcu::detail
