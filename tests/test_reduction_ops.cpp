// The reduction functor (internal, host-only): arg_key_reduction, which the CUDA kernels run for arg reductions of
// float32 and int32 compute types, gives the index of a plain search with NumPy's rules (the first NaN, else
// the first of the largest or smallest; -0.0 equal to +0.0; NaN skipped by the nan forms, an all-NaN slice
// giving -1), whatever the order its partials are combined in; extreme_reduction's combine (max, min, nanmax,
// nanmin) keeps the bits NumPy's loops keep.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "device/reduction_ops.hpp"

namespace d = numcu::detail;

namespace {

/// NumPy's argmax / argmin / nanargmax / nanargmin of @p v by a plain search (-1: no element). nanargmax and
/// nanargmin search each NaN as -inf or +inf, as NumPy's _replace_nan does.
template <class C>
std::int64_t searched_index(std::vector<C> v, bool largest, bool skip_nan) {
  if (skip_nan) {
    for (C& x : v) {
      if (x != x) x = largest ? -std::numeric_limits<C>::infinity() : std::numeric_limits<C>::infinity();
    }
  }
  std::int64_t best = -1;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const bool nan = v[i] != v[i];
    if (best >= 0 && v[best] != v[best]) break;  // a NaN found first wins
    if (best < 0 || nan || (largest ? v[best] < v[i] : v[i] < v[best])) best = static_cast<std::int64_t>(i);
  }
  return best;
}

/// arg_key_reduction over @p v: slots of 32 consecutive elements (order width 32), their partials combined in a
/// shuffled order.
template <class C>
std::int64_t key_index(const std::vector<C>& v, bool largest, bool skip_nan, std::mt19937_64& rng) {
  d::arg_key_reduction<C> op;
  op.p.largest = largest;
  op.p.skip_nan = skip_nan;
  constexpr int w = 32;
  std::vector<std::uint64_t> partials;
  for (std::size_t first = 0; first < v.size(); first += w) {
    const int n = static_cast<int>(std::min<std::size_t>(w, v.size() - first));
    partials.push_back(op.template slot<w>(v.data() + first, n, static_cast<std::int64_t>(first), w));
  }
  std::shuffle(partials.begin(), partials.end(), rng);
  std::uint64_t key = op.identity();
  for (const auto p : partials) key = op.combine(key, p);
  return op.project(key);
}

/// NumPy's loops of maximum and minimum (`(a >= b || isnan(a)) ? a : b`, and <= for minimum: a NaN spreads,
/// the first of equal values wins) and of fmax and fmin as numcu defines them (a NaN argument gives the other;
/// both NaN give the first).
template <class C>
C numpy_extreme(C a, C b, bool largest, bool skip_nan) {
  const bool a_nan = std::isnan(a), b_nan = std::isnan(b);
  if (skip_nan) {
    if (b_nan) return a;
    if (a_nan) return b;
  } else if (a_nan) {
    return a;
  }
  return (largest ? a >= b : a <= b) ? a : b;
}

template <class C>
void check_extreme_combine() {
  const C nan = std::numeric_limits<C>::quiet_NaN(), inf = std::numeric_limits<C>::infinity();
  const C values[] = {C(0), -C(0), C(1), C(-1), C(2.5), inf, -inf, nan, -nan, std::numeric_limits<C>::denorm_min()};
  for (const bool largest : {true, false}) {
    for (const bool skip_nan : {false, true}) {
      d::extreme_reduction<C> op;
      op.p.largest = largest;
      op.p.skip_nan = skip_nan;
      for (const C a : values) {
        for (const C b : values) {
          INFO("largest " << largest << ", skip_nan " << skip_nan << ", a " << a << ", b " << b);
          const C got = op.combine(a, b), want = numpy_extreme(a, b, largest, skip_nan);
          CHECK(std::memcmp(&got, &want, sizeof(C)) == 0);
        }
      }
    }
  }
}

/// extreme_reduction's slot over random slots of @p pool's values (few kinds: ties, all zeros, all NaN; many:
/// mixed), whole and partial, against folding combine over the slot, bit for bit, for all four flag pairs.
template <class C>
void check_extreme_slot(const std::vector<C>& pool, std::mt19937_64& rng) {
  constexpr int N = 8;
  for (int trial = 0; trial < 4000; ++trial) {
    C v[N];
    const std::size_t kinds = 1 + rng() % pool.size();
    for (auto& x : v) x = pool[rng() % kinds];
    const int n = trial % 4 == 0 ? static_cast<int>(rng() % (N + 1)) : N;
    for (const bool largest : {true, false}) {
      for (const bool skip_nan : {false, true}) {
        d::extreme_reduction<C> op;
        op.p.largest = largest;
        op.p.skip_nan = skip_nan;
        const C got = op.template slot<N>(v, n, 0, 1);
        C want = op.identity();
        for (int k = 0; k < n; ++k) want = op.combine(want, v[k]);
        INFO("trial " << trial << ", n " << n << ", largest " << largest << ", skip_nan " << skip_nan);
        CHECK(std::memcmp(&got, &want, sizeof(C)) == 0);
      }
    }
  }
}

template <class C>
void check_against_search(const std::vector<C>& pool, std::mt19937_64& rng) {
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t size = 1 + rng() % 300;
    std::vector<C> v(size);
    // some arrays draw from a few values (ties, all-NaN), others from the whole pool
    const std::size_t kinds = 1 + rng() % pool.size();
    for (auto& x : v) x = pool[rng() % kinds];
    for (const bool largest : {true, false}) {
      for (const bool skip_nan : {false, true}) {
        INFO("size " << size << ", largest " << largest << ", skip_nan " << skip_nan);
        CHECK(key_index(v, largest, skip_nan, rng) == searched_index(v, largest, skip_nan));
      }
    }
  }
}

}  // namespace

TEST_SUITE("reduction functor") {
  TEST_CASE("arg_key_reduction gives the searched index of float32: NaN, signed zeros, infinities, ties") {
    constexpr float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::mt19937_64 rng(20261201);
    check_against_search<float>({1.5f, nan, -0.0f, 0.0f, -inf, inf, -2.0f, std::numeric_limits<float>::max(),
                                 -std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min(),
                                 -std::numeric_limits<float>::denorm_min(), -nan},
                                rng);
    // hand-worked: -0.0 and +0.0 tie, so the first wins either way
    std::vector<float> zeros{-1.0f, -0.0f, 0.0f, -1.0f};
    CHECK(key_index(zeros, true, false, rng) == 1);
    CHECK(key_index(std::vector<float>{1.0f, 0.0f, -0.0f}, false, false, rng) == 1);
    // the first NaN, for argmin too
    CHECK(key_index(std::vector<float>{3.0f, nan, -inf, nan}, false, false, rng) == 1);
    CHECK(key_index(std::vector<float>{3.0f, nan, -inf, nan}, false, true, rng) == 2);
    // nanargmin and nanargmax search a NaN as +inf or -inf: before an equal infinity it wins (NumPy's
    // np.nanargmin([nan, inf]) is 0); all NaN give the first (the caller has raised NumPy's error by then)
    CHECK(key_index(std::vector<float>{nan, inf}, false, true, rng) == 0);
    CHECK(key_index(std::vector<float>{-inf, nan}, true, true, rng) == 0);
    CHECK(key_index(std::vector<float>{nan, nan}, true, true, rng) == 0);
  }

  TEST_CASE("arg_key_reduction gives the searched index of int32, its extremes included") {
    std::mt19937_64 rng(7);
    check_against_search<std::int32_t>({0, -1, 1, std::numeric_limits<std::int32_t>::min(),
                                        std::numeric_limits<std::int32_t>::max(), 42, -42},
                                       rng);
    // a slice of the lowest value: its rank is 0 for argmax, and the key still says an element is there
    const std::vector<std::int32_t> lowest(70, std::numeric_limits<std::int32_t>::min());
    CHECK(key_index(lowest, true, false, rng) == 0);
    CHECK(key_index(std::vector<std::int32_t>(5, std::numeric_limits<std::int32_t>::max()), false, true, rng) == 0);
  }

  TEST_CASE("arg_key_reduction indexes up to arg_key_max_count elements per output") {
    d::arg_key_reduction<float> op;
    const float v[1] = {2.0f};
    const std::uint64_t last = op.slot<1>(v, 1, d::arg_key_max_count - 1, 1);
    CHECK(op.project(last) == d::arg_key_max_count - 1);
    CHECK(op.project(op.combine(last, op.slot<1>(v, 1, 0, 1))) == 0);
  }

  TEST_CASE("extreme_reduction combines as NumPy's maximum, minimum, fmax and fmin, bit for bit") {
    check_extreme_combine<float>();
    check_extreme_combine<double>();
    // hand-worked: of two zeros the first, of two NaNs the first (its sign bit kept)
    d::extreme_reduction<float> op;
    op.p.largest = true;
    CHECK(std::signbit(op.combine(-0.0f, 0.0f)));
    CHECK(!std::signbit(op.combine(0.0f, -0.0f)));
    op.p.skip_nan = true;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    CHECK(std::signbit(op.combine(-nan, nan)));
    CHECK(op.combine(nan, 3.0f) == 3.0f);
    op.p.largest = false;
    CHECK(op.combine(3.0f, nan) == 3.0f);
    CHECK(op.combine(-1.0f, 3.0f) == -1.0f);
    d::extreme_reduction<std::int64_t> ints;
    ints.p.largest = false;
    CHECK(ints.combine(std::numeric_limits<std::int64_t>::min(), 5) == std::numeric_limits<std::int64_t>::min());
    ints.p.largest = true;
    CHECK(ints.combine(-7, 5) == 5);
  }

  TEST_CASE("extreme_reduction's slot gives the bits of folding combine: zeros of both signs, NaN, infinities") {
    std::mt19937_64 rng(20261202);
    const float fnan = std::numeric_limits<float>::quiet_NaN(), finf = std::numeric_limits<float>::infinity();
    check_extreme_slot<float>({-0.0f, 0.0f, fnan, -fnan, 1.5f, -2.0f, finf, -finf,
                               std::numeric_limits<float>::denorm_min(), -std::numeric_limits<float>::max()},
                              rng);
    const double dnan = std::numeric_limits<double>::quiet_NaN(), dinf = std::numeric_limits<double>::infinity();
    check_extreme_slot<double>({0.0, -0.0, -dnan, dnan, -3.0, 7.25, -dinf, dinf, -1e-310}, rng);
    check_extreme_slot<std::int32_t>({0, -1, 5, std::numeric_limits<std::int32_t>::min(),
                                      std::numeric_limits<std::int32_t>::max()},
                                     rng);
    check_extreme_slot<std::int64_t>({3, std::numeric_limits<std::int64_t>::min(), -9,
                                      std::numeric_limits<std::int64_t>::max()},
                                     rng);
    // hand-worked: the first zero's sign, the first NaN's sign, and an extreme past the zeros
    d::extreme_reduction<float> op;
    const float zeros[8] = {-0.0f, 0.0f, -5.0f, 0.0f, -0.0f, -1.0f, -2.0f, -3.0f};
    CHECK(std::signbit(op.slot<8>(zeros, 8, 0, 1)));
    const float nans[8] = {1.0f, -fnan, 9.0f, fnan, 0.0f, 2.0f, 3.0f, 4.0f};
    const float nan_max = op.slot<8>(nans, 8, 0, 1);
    CHECK((std::isnan(nan_max) && std::signbit(nan_max)));
    op.p.skip_nan = true;
    CHECK(op.slot<8>(nans, 8, 0, 1) == 9.0f);
    op.p.largest = false;
    CHECK(!std::signbit(op.slot<8>(nans, 8, 0, 1)));  // fmin skipping NaN: 0.0, not -0.0
  }
}
