// Unique values and set operations, as NumPy computes them: a stable sort, the starts of the runs of equal
// values (NaNs one run with equal_nan), and gathers through the permutation; integers of a narrow range are
// counted instead of sorted. Each waits for the device a few times (the number of unique values sets the
// result's size).
#include <algorithm>
#include <optional>
#include <utility>

#include "api/manipulation_common.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/sort.hpp"
#include "memory/buffer.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/reduction.hpp"
#include "numcu/sorting.hpp"

namespace numcu {

using namespace detail;

namespace {

/// A C-contiguous 1-D array of the elements of @p a in C order (a itself when it is one).
ndarray flat_contiguous(const ndarray& a) { return ascontiguousarray(a.ravel()); }

/// Where the runs of equal values of a sorted 1-D array start, and how many NaNs end it.
struct value_runs {
  ndarray mask;           ///< true where a run starts (at 0 too): NumPy's mask of _unique1d
  std::int64_t nans = 0;  ///< the NaNs that end the array, counted only where they make one run
};

/// The runs of the sorted 1-D @p aux, all NaNs one run with @p equal_nan (for complex values: any part NaN).
value_runs runs_of(const ndarray& aux, bool equal_nan) {
  const std::int64_t n = aux.size();
  value_runs runs{new_array({n}, bool_, aux.device())};
  ndarray& mask = runs.mask;
  mask(slice(0, 1)) = true;
  not_equal(aux(slice(1, none)), aux(slice(none, -1)), mask(slice(1, none)));
  if (equal_nan && (aux.dtype().is_floating() || aux.dtype().is_complex())) {
    runs.nans = count_nonzero(isnan(aux)).item<std::int64_t>();  // NaNs sort last
    if (runs.nans > 0) {
      const std::int64_t first_nan = n - runs.nans;
      mask(slice(first_nan, first_nan + 1)) = true;
      mask(slice(first_nan + 1, none)) = false;
    }
  }
  return runs;
}

/// The unique values of the integer or bool 1-D @p flat (not empty), and their counts with return_counts, by
/// counting each value's occurrences over the range [min, max] rather than by sorting: when there is no index or
/// inverse to return and the range is at most max(n, 2^16) values. Empty otherwise.
std::optional<unique_result> unique_by_counting(const ndarray& flat, const unique_options& o) {
  const dtype t = flat.dtype();
  if ((!t.is_integer() && !t.is_bool()) || o.return_index || o.return_inverse) return std::nullopt;
  // the bounds as 64-bit patterns: their difference modulo 2^64 is the range less one, for every dtype
  const auto low = min(flat).astype(uint64).item<std::uint64_t>();
  const auto high = max(flat).astype(uint64).item<std::uint64_t>();
  const std::uint64_t range = high - low + 1;  // 0: all 2^64 values
  const std::uint64_t most = std::max<std::uint64_t>(flat.size(), std::uint64_t{1} << 16);
  if (range == 0 || range > most) return std::nullopt;
  const ndarray counts = bin_counts(flat, static_cast<std::int64_t>(range), static_cast<std::int64_t>(low));
  const ndarray present = flatnonzero(counts);
  unique_result r;
  r.values = add(present.astype(uint64), low).astype(t);  // modulo 2^64, then each dtype's own bits
  if (o.return_counts) r.counts = gather_last_axis(counts, present);
  return r;
}

/// The index, inverse and counts that @p o asks for, of the @p n elements (or slices) put in order by @p perm
/// (int64; empty when no index or inverse is asked for), whose runs of equal ones start where the bool @p mask is
/// true, at @p starts. The inverse takes @p inverse_shape.
void describe_runs(unique_result& r, const ndarray& perm, const ndarray& mask, const ndarray& starts, std::int64_t n,
                   const unique_options& o, const shape_t& inverse_shape) {
  if (o.return_index) r.indices = gather_last_axis(perm, starts);
  if (o.return_inverse) {
    // each sorted element's run, put back in input order through the inverse permutation
    const ndarray run = subtract(cumsum(mask), 1);
    r.inverse_indices = gather_last_axis(run, argsort(perm)).reshape(inverse_shape);
  }
  if (o.return_counts) {
    const std::int64_t u = starts.size();
    ndarray counts = new_array({u}, int64, mask.device());
    subtract(starts(slice(1, none)), starts(slice(none, -1)), counts(slice(none, -1)));
    subtract(n, starts(slice(u - 1, none)), counts(slice(u - 1, none)));
    r.counts = counts;
  }
}

/// What unique gives for no elements: @p values and empty int64 arrays, the inverse of @p inverse_shape.
unique_result no_runs(ndarray values, const unique_options& o, const shape_t& inverse_shape) {
  unique_result r;
  const device d = values.device();
  r.values = std::move(values);
  if (o.return_index) r.indices = new_array({0}, int64, d);
  if (o.return_inverse) r.inverse_indices = new_array(inverse_shape, int64, d);
  if (o.return_counts) r.counts = new_array({0}, int64, d);
  return r;
}

/// NumPy's _unique1d of the flattened @p ar.
unique_result unique_of(const ndarray& ar, const unique_options& o) {
  const ndarray flat = flat_contiguous(ar);
  const std::int64_t n = flat.size();
  if (n == 0) return no_runs(new_array({0}, ar.dtype(), ar.device()), o, ar.shape());
  if (auto counted = unique_by_counting(flat, o)) return *std::move(counted);
  // a permutation only where an index or the inverse needs it
  const bool permute = o.return_index || o.return_inverse;
  const ndarray perm = permute ? argsort(flat) : ndarray{};
  const ndarray aux = permute ? gather_last_axis(flat, perm) : sort(flat);
  const value_runs runs = runs_of(aux, o.equal_nan);
  const ndarray& mask = runs.mask;
  const ndarray starts = flatnonzero(mask);
  unique_result r;
  r.values = gather_last_axis(aux, starts);
  describe_runs(r, perm, mask, starts, n, o, ar.shape());
  // NumPy finds the unique values of complex arrays through a hash table where nothing but the values is
  // asked for: of the NaNs, one value with equal_nan, it keeps the first in input order, not in sort order
  const bool hashed = flat.dtype().is_complex() && !permute && !o.return_counts;
  if (hashed && runs.nans > 0) {
    const std::int64_t first = argmax(isnan(flat)).item<std::int64_t>();
    r.values(slice(-1, none)) = flat(slice(first, first + 1));
  }
  return r;
}

/// NumPy's unique along @p o.axis: the slices along that axis compared as rows of their elements, in
/// lexicographic order (NaNs last in each element, as sort orders them); a slice with a NaN equals no other,
/// -0.0 equals 0.0. The inverse is 1-D, as NumPy 2.4's.
unique_result unique_along(const ndarray& ar, const unique_options& o) {
  const int axis = normalize_axis(*o.axis, ar.ndim());
  const ndarray moved = moveaxis(ar, axis, 0);
  const std::int64_t n = moved.shape()[0];
  const std::int64_t columns = n == 0 ? 0 : moved.size() / n;
  const shape_t inverse_shape{n};
  // the unique slices (shape (u, *slice_shape)) moved back into the axis
  const auto in_place = [&](const ndarray& table) {
    shape_t s = moved.shape();
    s[0] = table.shape()[0];
    return moveaxis(table.reshape(s), 0, axis);
  };
  if (n == 0) return no_runs(in_place(new_array({0, columns}, ar.dtype(), ar.device())), o, inverse_shape);
  const ndarray table = ascontiguousarray(moved.reshape({n, columns}));
  // stable order of the rows: the first column decides first, so it is lexsort's last key
  ndarray perm = arange(std::int64_t{0}, n, 1, int64, ar.device());
  if (columns > 0) {
    std::vector<ndarray> keys;
    for (std::int64_t c = columns - 1; c >= 0; --c) keys.push_back(table(all, c));
    perm = lexsort(keys, 0);
  }
  const ndarray sorted = take_positions(table, perm, 0);
  ndarray mask = new_array({n}, bool_, ar.device());
  mask(slice(0, 1)) = true;
  if (n > 1) {  // a row starts a run where it differs from the one before in some column (NaN differs always)
    reduce_options into;
    into.out = mask(slice(1, none));
    any(not_equal(sorted(slice(1, none)), sorted(slice(none, -1))), 1, into);
  }
  const ndarray starts = flatnonzero(mask);
  unique_result r;
  r.values = in_place(take_positions(table, gather_last_axis(perm, starts), 0));
  describe_runs(r, perm, mask, starts, n, o, inverse_shape);
  return r;
}

/// The sorted unique values of @p a, or a itself flattened with @p assume_unique.
ndarray unique_or_flat(const ndarray& a, bool assume_unique) { return assume_unique ? flat_contiguous(a) : unique(a); }

}  // namespace

ndarray unique(const ndarray& ar) { return unique_of(ar, {}).values; }

unique_result unique(const ndarray& ar, const unique_options& options) {
  if (!options.axis) return unique_of(ar, options);
  if (ar.ndim() != 1) return unique_along(ar, options);
  (void)normalize_axis(*options.axis, 1);  // 1-D: the elements themselves, as without an axis
  return unique_of(ar, options);
}

ndarray unique_values(const ndarray& x) { return unique_of(x, {.equal_nan = false}).values; }

unique_result unique_counts(const ndarray& x) { return unique_of(x, {.return_counts = true, .equal_nan = false}); }

unique_result unique_inverse(const ndarray& x) {
  return unique_of(x, {.return_inverse = true, .equal_nan = false});
}

unique_result unique_all(const ndarray& x) {
  return unique_of(x, {.return_index = true, .return_inverse = true, .return_counts = true, .equal_nan = false});
}

ndarray isin(const ndarray& element, const ndarray& test_elements, bool assume_unique, bool invert) {
  require_same_device(element.device(), test_elements.device(), "isin");
  (void)assume_unique;  // a hint in NumPy; the search below needs no unique values
  const std::int64_t m = test_elements.size();
  if (m == 0 || element.size() == 0) {
    ndarray out = new_array(element.shape(), bool_, element.device());
    if (out.size() > 0) out(ellipsis) = invert;
    return out;
  }
  // each element's place among the sorted test elements, and whether the one there equals it
  const ndarray sorted = sort(test_elements, none);
  const ndarray place = minimum(searchsorted(sorted, element), m - 1);
  const ndarray candidate = gather_last_axis(sorted, ascontiguousarray(place.ravel())).reshape(element.shape());
  return invert ? not_equal(candidate, element) : equal(candidate, element);
}

ndarray intersect1d(const ndarray& a, const ndarray& b, bool assume_unique) {
  require_same_device(a.device(), b.device(), "intersect1d");
  const ndarray aux = sort(join_along({unique_or_flat(a, assume_unique), unique_or_flat(b, assume_unique)}, 0));
  if (aux.size() < 2) return new_array({0}, aux.dtype(), aux.device());
  // a value in both appears twice in a row
  const ndarray twice = equal(aux(slice(1, none)), aux(slice(none, -1)));
  return extract(twice, aux(slice(none, -1)));
}

ndarray union1d(const ndarray& a, const ndarray& b) {
  require_same_device(a.device(), b.device(), "union1d");
  return unique(join_along({flat_contiguous(a), flat_contiguous(b)}, 0));
}

ndarray setdiff1d(const ndarray& a, const ndarray& b, bool assume_unique) {
  require_same_device(a.device(), b.device(), "setdiff1d");
  const ndarray values = unique_or_flat(a, assume_unique);
  return extract(isin(values, b, true, true), values);
}

ndarray setxor1d(const ndarray& a, const ndarray& b, bool assume_unique) {
  require_same_device(a.device(), b.device(), "setxor1d");
  const ndarray aux = sort(join_along({unique_or_flat(a, assume_unique), unique_or_flat(b, assume_unique)}, 0));
  const std::int64_t n = aux.size();
  if (n == 0) return aux;
  // a value in exactly one differs from both neighbours
  ndarray differs = new_array({n + 1}, bool_, aux.device());
  differs(slice(0, 1)) = true;
  differs(slice(n, n + 1)) = true;
  not_equal(aux(slice(1, none)), aux(slice(none, -1)), differs(slice(1, n)));
  return extract(logical_and(differs(slice(1, none)), differs(slice(none, -1))), aux);
}

}  // namespace numcu
