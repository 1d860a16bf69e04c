// Data movement for joining and rearranging on the host: narrow rows side by side, triangles of matrices,
// pads.
#include <cstring>
#include <vector>

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

template <>
void pad_gather<host_backend>(const exec&, std::size_t itemsize, const void* src, const pad_plan& plan,
                              const void* constants, void* dst) {
  std::int64_t total = 1;
  for (int d = 0; d < plan.ndim; ++d) total *= plan.shape[d];
  const auto* from = static_cast<const unsigned char*>(src);
  const auto* fills = static_cast<const unsigned char*>(constants);
  auto* to = static_cast<unsigned char*>(dst);
  std::vector<std::int64_t> index(static_cast<std::size_t>(plan.ndim), 0);
  for (std::int64_t i = 0; i < total; ++i) {
    std::int64_t offset = 0;
    int constant = -1;  // the element of constants, from the last axis outside the source
    for (int d = 0; d < plan.ndim; ++d) {
      const std::int64_t m =
          pad_source(plan.mode, index[static_cast<std::size_t>(d)], plan.before[d], plan.size[d]);
      if (m < 0) {
        constant = 2 * d + static_cast<int>(-1 - m);
      } else {
        offset += m * plan.strides[d];
      }
    }
    const auto size = static_cast<std::int64_t>(itemsize);
    const unsigned char* element = constant >= 0 ? fills + constant * size : from + offset * size;
    std::memcpy(to + i * itemsize, element, itemsize);
    for (int d = plan.ndim - 1; d >= 0; --d) {  // the next index, C order
      if (++index[static_cast<std::size_t>(d)] < plan.shape[d]) break;
      index[static_cast<std::size_t>(d)] = 0;
    }
  }
}

}  // namespace numcu::detail
