// The reduce functors of device/reduce_ops.hpp (internal), run on the host as the host loops run them: a
// slot's partial against a plain scan of the same values in order.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "device/reduce_ops.hpp"

namespace d = numcu::detail;

namespace {

/// The position argmax (largest) or argmin finds in v[0..n): the first NaN (none with skip_nan), else the
/// first of the largest (smallest) values; -1 when skip_nan leaves nothing.
template <class C>
int scan_position(const std::vector<C>& v, int n, bool largest, bool skip_nan) {
  int best = -1;
  for (int k = 0; k < n; ++k) {
    if (std::isnan(v[k])) {
      if (skip_nan) continue;
      return k;
    }
    if (best < 0 || (largest ? v[k] > v[best] : v[k] < v[best])) best = k;
  }
  return best;
}

/// Checks arg_reduce<C>::slot<N> against scan_position on random slots whose values repeat (ties), with NaN,
/// signed zeros and infinities.
template <class C, int N>
void check_arg_slots(std::mt19937& rng) {
  const C pool[] = {std::numeric_limits<C>::quiet_NaN(), C(-0.0), C(0.0), C(1), C(2), C(-3),
                    std::numeric_limits<C>::infinity(), -std::numeric_limits<C>::infinity()};
  std::uniform_int_distribution<int> pick(0, 7), sparse(0, 40);
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<C> v(N);
    for (auto& x : v) x = pool[trial % 2 ? pick(rng) : 1 + sparse(rng) % 7];  // half the slots without NaN
    for (const bool largest : {true, false}) {
      for (const bool skip_nan : {false, true}) {
        d::arg_reduce<C> op;
        op.p.largest = largest;
        op.p.skip_nan = skip_nan;
        for (int n = 1; n <= N; ++n) {
          const int expected = scan_position(v, n, largest, skip_nan);
          const auto got = op.template slot<N>(v.data(), n, 0, 1);
          CAPTURE(N);
          CAPTURE(n);
          CAPTURE(largest);
          CAPTURE(skip_nan);
          CHECK(got.index == (expected < 0 ? -1 : d::slot_index(0, expected, 1)));
        }
      }
    }
  }
}

}  // namespace

TEST_SUITE("reduce functors") {
  TEST_CASE("argmax and argmin of a slot: the first NaN, else the first extreme, as a scan in order") {
    std::mt19937 rng(7);
    check_arg_slots<float, 32>(rng);
    check_arg_slots<float, 4>(rng);
    check_arg_slots<double, 32>(rng);
    check_arg_slots<double, 2>(rng);
    check_arg_slots<double, 1>(rng);
  }
}
