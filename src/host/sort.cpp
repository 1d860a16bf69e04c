// Sorting on the host: each row stably by device/sort_keys.hpp's keys, NumPy's stable order; partitions of a row
// around its kth element; gathers and binary searches, positions of true flags, bin counts and sums.
#include <algorithm>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <vector>

#include "core/backend.hpp"
#include "device/element_types.hpp"
#include "device/search.hpp"
#include "device/sort_keys.hpp"

namespace numcu::detail {
namespace {

/// One row of @p n elements at @p in, as sort_rows says.
template <class T>
void sort_row(const T* in, T* values, std::int64_t* indices, std::int64_t n) {
  using K = sort_key_t<T>;
  std::vector<K> keys(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) keys[i] = sort_key(in[i]);
  std::vector<std::int64_t> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), std::int64_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::int64_t x, std::int64_t y) { return keys[x] < keys[y]; });
  if (values) {
    std::vector<T> sorted(static_cast<std::size_t>(n));  // values may be in
    for (std::int64_t i = 0; i < n; ++i) sorted[i] = in[order[i]];
    std::copy(sorted.begin(), sorted.end(), values);
  }
  if (indices) std::copy(order.begin(), order.end(), indices);
}

/// partition_row of one dtype: the kth key by selection, then the three groups in input order.
template <class T>
void partition_row_of(const T* in, std::int64_t n, std::int64_t kth, T* values, std::int64_t* indices) {
  using K = sort_key_t<T>;
  std::vector<K> keys(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) keys[i] = sort_key(in[i]);
  std::vector<K> selected = keys;
  std::nth_element(selected.begin(), selected.begin() + kth, selected.end());
  const K pivot = selected[kth];
  std::int64_t at = 0;
  auto emit = [&](auto in_group) {
    for (std::int64_t i = 0; i < n; ++i) {
      if (!in_group(keys[i])) continue;
      if (values) values[at] = in[i];
      if (indices) indices[at] = i;
      ++at;
    }
  };
  emit([&](K k) { return k < pivot; });
  emit([&](K k) { return k == pivot; });
  emit([&](K k) { return pivot < k; });
}

}  // namespace

template <>
void partition_row<host_backend>(const exec&, dtype t, const void* in, std::int64_t n, std::int64_t kth, void* values,
                                 std::int64_t* indices) {
  visit_dtype(t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    partition_row_of<T>(static_cast<const T*>(in), n, kth, static_cast<T*>(values), indices);
  });
}

template <>
void sort_rows<host_backend>(const exec&, const sort_call& c) {
  visit_dtype(c.type.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    for (std::int64_t r = 0; r < c.rows; ++r) {
      sort_row<T>(static_cast<const T*>(c.in) + r * c.n, c.values ? static_cast<T*>(c.values) + r * c.n : nullptr,
                  c.indices ? c.indices + r * c.n : nullptr, c.n);
    }
  });
}

template <>
void gather<host_backend>(const exec&, std::size_t itemsize, const void* src, const std::int64_t* index,
                          std::int64_t n, std::int64_t total, void* dst) {
  const auto* from = static_cast<const unsigned char*>(src);
  auto* to = static_cast<unsigned char*>(dst);
  for (std::int64_t i = 0; i < total; ++i) {
    std::memcpy(to + i * itemsize, from + (i - i % n + index[i]) * itemsize, itemsize);
  }
}

template <>
void search_sorted<host_backend>(const exec&, dtype t, const void* sorted, std::int64_t n, const void* needles,
                                 std::int64_t m, bool right, std::int64_t* out) {
  visit_dtype(t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    for (std::int64_t i = 0; i < m; ++i) {
      out[i] = search_position(static_cast<const T*>(sorted), n, static_cast<const T*>(needles)[i], right);
    }
  });
}

template <>
void flag_positions<host_backend>(const exec&, const bool* flags, std::int64_t n, std::int64_t* out) {
  for (std::int64_t i = 0; i < n; ++i) {
    if (flags[i]) *out++ = i;
  }
}

template <>
void count_bins<host_backend>(const exec&, dtype t, const void* x, std::int64_t n, std::int64_t offset,
                              std::int64_t* counts, std::int64_t) {
  visit_dtype(t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) {
      const T* values = static_cast<const T*>(x);
      for (std::int64_t i = 0; i < n; ++i) ++counts[static_cast<std::uint64_t>(values[i]) - static_cast<std::uint64_t>(offset)];
    }
  });
}

template <>
void sum_bins<host_backend>(const exec&, const double* values, const std::int64_t* begin, const std::int64_t* end,
                            std::int64_t m, double* out) {
  for (std::int64_t b = 0; b < m; ++b) {
    double sum = 0;
    for (std::int64_t i = begin[b]; i < end[b]; ++i) sum += values[i];
    out[b] = sum;
  }
}

}  // namespace numcu::detail
