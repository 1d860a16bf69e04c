// Selection between the public API and the backends: take and put along an axis, the bounds check of indices,
// the elements picked by flags.
#pragma once

#include <cstdint>

#include "numcu/indexing.hpp"
#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// The extents of a take or put: the C-contiguous array it reads or writes, seen as (outer, extent, inner),
/// and the axis of extent that error messages name.
struct take_layout {
  std::int64_t outer = 1;
  std::int64_t extent = 1;
  std::int64_t inner = 1;
  int axis = 0;
};

/// What take_along made, and the first index out of bounds (-1: none; under raise, the result is to be
/// dropped then).
struct taken {
  ndarray out;
  std::int64_t first_bad = -1;
};

/// A new C-contiguous array of @p shape (outer * index.size() * inner elements) with src's dtype: element
/// (o, b, i) is src's (o, p, i), p the position the C-contiguous int64 @p index names at b under @p mode
/// (numcu::index_mode); under raise, the first b whose index names none (on the GPU the call waits for the
/// kernel to know).
taken take_along(const ndarray& src, const take_layout& layout, const ndarray& index, index_mode mode,
                 const shape_t& shape);

/// The first b whose element of the C-contiguous int64 @p index lies outside [-extent, extent), or -1.
std::int64_t first_out_of_bounds(const ndarray& index, std::int64_t extent);

/// Writes the C-contiguous @p values (dst's dtype; outer * index.size() * inner elements) into the
/// C-contiguous @p dst at (o, p, i), p the position index names at b under @p mode; under raise every index
/// must lie in bounds (first_out_of_bounds first).
void put_along(const ndarray& dst, const take_layout& layout, const ndarray& index, index_mode mode,
               const ndarray& values);

/// A new 1-D array of the elements of the C-contiguous @p src whose flag in the C-contiguous bool @p flags
/// (as many elements) is true, in order: the flags counted and the elements picked in one call (on the GPU
/// one wait for the device, for the count).
ndarray select_flagged(const ndarray& src, const ndarray& flags);

}  // namespace numcu::detail
