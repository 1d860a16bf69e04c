// Sorting and gathering between the public API and the backends.
#pragma once

#include <optional>

#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// Sorts the last axis of the C-contiguous @p in (at least 1-D) stably: the sorted values into @p values and the
/// stable permutation (int64) into @p indices, each C-contiguous of in's shape where given (core/backend.hpp's
/// sort_rows). @p values may be @p in.
void sort_last_axis(const ndarray& in, const std::optional<ndarray>& values,
                    const std::optional<ndarray>& indices);

/// Rows at least this long, alone in their array, are split around a single kth by selection (partition,
/// argpartition, median) rather than sorted.
inline constexpr std::int64_t selection_min_row = std::int64_t{1} << 14;

/// The C-contiguous 1-D @p row partitioned around the element a stable sort puts at @p kth (in [0, n)), as
/// core/backend.hpp's partition_row: a new array of its values, or of their int64 positions with @p indices.
ndarray partition_one_row(const ndarray& row, std::int64_t kth, bool indices);

/// A new C-contiguous array of index's shape and src's dtype, from the C-contiguous @p src through the
/// C-contiguous int64 @p index: a 1-D index gathers from the whole of src (flat positions); a longer one gathers
/// each row of its last axis from the same row of src, whose shape is index's. The caller checks that every
/// index lies in range.
ndarray gather_last_axis(const ndarray& src, const ndarray& index);

/// The int64 positions of the @p count true elements of the C-contiguous 1-D bool @p flags, ascending.
ndarray true_positions(const ndarray& flags, std::int64_t count);

/// The @p m int64 counts of the values of the C-contiguous integer or bool @p x less @p offset (each difference
/// checked by the caller to lie in [0, m); taken modulo 2^64).
ndarray bin_counts(const ndarray& x, std::int64_t m, std::int64_t offset = 0);

/// The @p m float64 sums of the C-contiguous float64 @p values over [begin[b], end[b]) (C-contiguous int64),
/// each added in order.
ndarray bin_sums(const ndarray& values, const ndarray& begin, const ndarray& end);

}  // namespace numcu::detail
