// Joining and rearranging between the public API and the backends: narrow rows side by side, triangles,
// pads.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "device/pad_source.hpp"
#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// Writes the C-contiguous @p parts (out's dtype, each of outer * width elements, at most join_parts_capacity
/// of them with nonzero width and at most that many elements in a row of out) side by side into the
/// C-contiguous @p out, (outer, the widths' sum): core/backend.hpp's join_narrow_rows.
void join_narrow_rows(const ndarray& out, const std::vector<ndarray>& parts, std::int64_t outer);

/// A new C-contiguous array: tril (@p lower) or triu with diagonal @p k of the C-contiguous @p a (at least
/// 2-D) over its last two axes.
ndarray triangle_of(const ndarray& a, std::int64_t k, bool lower);

/// numpy.pad of @p a by @p widths (before, after) for each axis in a mode that copies, or constant (its 2 *
/// ndim @p constants, before and after each axis, in a's dtype on a's device), in one pass: a new
/// C-contiguous array (core/backend.hpp's pad_gather). Only where pad_source_covers() every axis, a.size() >
/// 0.
ndarray pad_gather_of(const ndarray& a, const std::vector<std::pair<std::int64_t, std::int64_t>>& widths,
                      pad_copy mode, const ndarray* constants);

}  // namespace numcu::detail
