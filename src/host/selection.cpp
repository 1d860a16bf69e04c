// Selection on the host: take and put along an axis through indices under NumPy's modes, the bounds check of
// indices, and the elements picked by flags.
#include <algorithm>
#include <cstring>

#include "core/backend.hpp"
#include "core/take_index.hpp"

namespace numcu::detail {

template <>
std::int64_t take<host_backend>(const exec&, std::size_t itemsize, const void* src, std::int64_t outer,
                                std::int64_t extent, std::int64_t inner, const std::int64_t* index,
                                std::int64_t count, index_mode mode, void* dst) {
  const auto* from = static_cast<const unsigned char*>(src);
  auto* to = static_cast<unsigned char*>(dst);
  const std::size_t row = itemsize * static_cast<std::size_t>(inner);
  for (std::int64_t b = 0; b < count; ++b) {
    const std::int64_t p = position_of(index[b], extent, mode);
    if (p < 0) return b;  // (checked before anything is read: nothing written for b and after)
  }
  for (std::int64_t o = 0; o < outer; ++o) {
    for (std::int64_t b = 0; b < count; ++b) {
      const std::int64_t p = position_of(index[b], extent, mode);
      std::memcpy(to + ((o * count + b) * inner) * itemsize, from + ((o * extent + p) * inner) * itemsize,
                  row);
    }
  }
  return -1;
}

template <>
std::int64_t first_out_of_bounds<host_backend>(const exec&, const std::int64_t* index, std::int64_t count,
                                               std::int64_t extent) {
  for (std::int64_t b = 0; b < count; ++b) {
    if (position_of(index[b], extent, index_mode::raise) < 0) return b;
  }
  return -1;
}

template <>
void put<host_backend>(const exec&, std::size_t itemsize, void* dst, std::int64_t outer, std::int64_t extent,
                       std::int64_t inner, const std::int64_t* index, std::int64_t count, index_mode mode,
                       const void* values) {
  auto* to = static_cast<unsigned char*>(dst);
  const auto* from = static_cast<const unsigned char*>(values);
  const std::size_t row = itemsize * static_cast<std::size_t>(inner);
  for (std::int64_t o = 0; o < outer; ++o) {
    for (std::int64_t b = 0; b < count; ++b) {
      const std::int64_t p = position_of(index[b], extent, mode);
      std::memcpy(to + ((o * extent + p) * inner) * itemsize, from + ((o * count + b) * inner) * itemsize,
                  row);
    }
  }
}

template <>
void select_flagged<host_backend>(const exec&, std::size_t itemsize, const void* src, const bool* flags,
                                  std::int64_t n, const std::function<void*(std::int64_t)>& result) {
  const auto* from = static_cast<const unsigned char*>(src);
  auto* to = static_cast<unsigned char*>(result(std::count_if(flags, flags + n, [](bool f) { return f; })));
  for (std::int64_t i = 0; i < n; ++i) {
    if (flags[i]) {
      std::memcpy(to, from + i * itemsize, itemsize);
      to += itemsize;
    }
  }
}

}  // namespace numcu::detail
