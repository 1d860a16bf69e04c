/// @file sorting.hpp
/// @brief Sorting and searching with NumPy's names, arguments and order: sort, argsort, lexsort, partition,
/// argpartition, searchsorted.
///
/// Every dtype sorts in NumPy's order: -0.0 equal to +0.0, NaNs last (for complex values: by the real part,
/// then the imaginary one, with NumPy's classes of NaN last), and every sort is stable, so argsort gives
/// NumPy's `argsort(kind="stable")` indices whatever the kind asked for. A descending sort reverses the last
/// axis of the ascending one: `nc::sort(a)(nc::ellipsis, nc::slice(nc::none, nc::none, -1))` (docs/sorting.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "numcu/ndarray.hpp"

namespace numcu {

/// numpy.sort: a sorted copy of @p a along @p axis (none: of the flattened array).
/// @throws index_error (axis out of range), error (kind and stable both given), device_error.
ndarray sort(const ndarray& a, std::optional<std::int64_t> axis = -1, const sort_options& options = {});

/// numpy.argsort: the int64 indices that sort @p a along @p axis (none: the flattened array), stably. A 0-d
/// array gives [0], as NumPy.
ndarray argsort(const ndarray& a, std::optional<std::int64_t> axis = -1, const sort_options& options = {});

/// numpy.lexsort: the int64 indices that sort by several keys along @p axis, the last key first (the primary
/// one), stably.
/// @throws error "need sequence of keys with len > 0 in lexsort" (no keys), shape_error "all keys need to be
/// the same shape", index_error (axis), device_error (keys on different devices).
ndarray lexsort(const std::vector<ndarray>& keys, std::int64_t axis = -1);

/// numpy.partition: a copy of @p a along @p axis (none: flattened) with the element at each position of
/// @p kth where a sort puts it, smaller or equal elements before it and greater or equal after. numcu's result
/// is the sorted array, a valid partition for every kth.
/// @throws error "kth(=5) out of bounds (5)", index_error (axis), device_error.
ndarray partition(const ndarray& a, const std::vector<std::int64_t>& kth, std::optional<std::int64_t> axis = -1);
/// numpy.argpartition: the int64 indices that partition @p a (numcu: the stable argsort).
ndarray argpartition(const ndarray& a, const std::vector<std::int64_t>& kth,
                     std::optional<std::int64_t> axis = -1);

/// Which of several equal positions searchsorted gives: NumPy's side= "left" or "right".
enum class search_side { left, right };

/// numpy.searchsorted: for each element of @p v, the int64 index where it would go in the 1-D @p a, sorted
/// ascending (or sorted by the int64 indices @p sorter), to keep it sorted: the first such index (left) or the
/// last (right). a and v promote to a common dtype first, as NumPy.
/// @throws shape_error (a not 1-D, sorter not a's shape), index_error (a sorter index out of range),
/// device_error.
ndarray searchsorted(const ndarray& a, const ndarray& v, search_side side = search_side::left,
                     const std::optional<ndarray>& sorter = std::nullopt);

}  // namespace numcu
