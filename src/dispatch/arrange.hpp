// Joining and rearranging between the public API and the backends: narrow rows side by side, triangles.
#pragma once

#include <cstdint>
#include <vector>

#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// Writes the C-contiguous @p parts (out's dtype, each of outer * width elements, at most join_parts_capacity
/// of them with nonzero width and at most that many elements in a row of out) side by side into the
/// C-contiguous @p out, (outer, the widths' sum): core/backend.hpp's join_narrow_rows.
void join_narrow_rows(const ndarray& out, const std::vector<ndarray>& parts, std::int64_t outer);

/// A new C-contiguous array: tril (@p lower) or triu with diagonal @p k of the C-contiguous @p a (at least
/// 2-D) over its last two axes.
ndarray triangle_of(const ndarray& a, std::int64_t k, bool lower);

}  // namespace numcu::detail
