// One sort as both backends receive it: rows of contiguous elements, sorted each on its own in NumPy's order
// (device/sort_keys.hpp), stably, into sorted values, the permutation, or both.
#pragma once

#include <cstdint>

#include "numcu/dtype.hpp"

namespace numcu::detail {

struct sort_call {
  dtype type;               // the elements' dtype
  const void* in;           // rows * n contiguous elements, row after row
  void* values;             // where the sorted rows go (null: not wanted); may be in
  std::int64_t* indices;    // where each row's permutation goes, indices within the row (null: not wanted)
  std::int64_t rows;
  std::int64_t n;           // elements per row
};

}  // namespace numcu::detail
