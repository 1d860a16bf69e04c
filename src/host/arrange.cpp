// Data movement for joining and rearranging on the host: narrow rows side by side, triangles of matrices.
#include <cstring>

#include "core/backend.hpp"

namespace numcu::detail {

template <>
void join_narrow_rows<host_backend>(const exec&, std::size_t itemsize, const join_parts& parts,
                                    std::int64_t outer, void* dst) {
  auto* to = static_cast<unsigned char*>(dst);
  for (std::int64_t o = 0; o < outer; ++o) {
    for (int k = 0; k < parts.count; ++k) {
      const std::size_t row = itemsize * static_cast<std::size_t>(parts.width[k]);
      std::memcpy(to, static_cast<const unsigned char*>(parts.data[k]) + o * row, row);
      to += row;
    }
  }
}

template <>
void triangle<host_backend>(const exec&, std::size_t itemsize, const void* src, std::int64_t matrices,
                            std::int64_t rows, std::int64_t columns, std::int64_t k, bool lower, void* dst) {
  const auto* from = static_cast<const unsigned char*>(src);
  auto* to = static_cast<unsigned char*>(dst);
  for (std::int64_t row = 0; row < matrices * rows; ++row) {
    const std::int64_t r = row % rows;
    for (std::int64_t c = 0; c < columns; ++c) {
      const std::size_t at = static_cast<std::size_t>(row * columns + c) * itemsize;
      if (lower ? c - r <= k : c - r >= k) {
        std::memcpy(to + at, from + at, itemsize);
      } else {
        std::memset(to + at, 0, itemsize);
      }
    }
  }
}

}  // namespace numcu::detail
