// The iteration plan (internal, host-only): dimension order, flipping, coalescing, splitting, fast division.
#include <doctest/doctest.h>

#include <algorithm>

#include "core/iteration_plan.hpp"
#include "device/offset_calculator.hpp"
#include "numcu/error.hpp"

using numcu::shape_t;
using numcu::strides_t;
using numcu::detail::iteration_plan;
using numcu::detail::make_iteration_plan;
using numcu::detail::plan_operand;

namespace {
char* const base0 = reinterpret_cast<char*>(0x10000);
char* const base1 = reinterpret_cast<char*>(0x90000);
}  // namespace

TEST_SUITE("iteration plan") {
  TEST_CASE("a C-contiguous copy coalesces into one contiguous dimension") {
    const strides_t out_strides{48, 16, 4};
    const strides_t in_strides{96, 32, 8};
    const plan_operand ops[] = {{base0, &out_strides, 4}, {base1, &in_strides, 8}};
    const iteration_plan p = make_iteration_plan(shape_t{2, 3, 4}, ops);
    CHECK(p.ndim == 1);
    CHECK(p.sizes[0] == 24);
    CHECK(p.is_contiguous());
    CHECK(p.numel == 24);
  }

  TEST_CASE("a transposed source keeps two dimensions ordered by the destination") {
    // dst (3, 4) C order; src is a (4, 3) C array viewed transposed: strides (4, 12)
    const strides_t out_strides{16, 4};
    const strides_t in_strides{4, 12};
    const plan_operand ops[] = {{base0, &out_strides, 4}, {base1, &in_strides, 4}};
    const iteration_plan p = make_iteration_plan(shape_t{3, 4}, ops);
    CHECK(p.ndim == 2);
    CHECK(p.sizes[0] == 4);
    CHECK(p.strides[0][0] == 4);
    CHECK(p.strides[1][0] == 12);
    CHECK(p.sizes[1] == 3);
    CHECK(p.strides[1][1] == 4);
    CHECK_FALSE(p.is_contiguous());
  }

  TEST_CASE("dimensions every operand walks backwards are flipped") {
    const strides_t out_strides{-4};
    const strides_t in_strides{-8};
    const plan_operand ops[] = {{base0 + 28, &out_strides, 4}, {base1 + 56, &in_strides, 8}};
    const iteration_plan p = make_iteration_plan(shape_t{8}, ops);
    CHECK(p.is_contiguous());
    CHECK(p.data[0] == base0);
    CHECK(p.data[1] == base1);
  }

  TEST_CASE("broadcast operands keep stride 0 and size-1 dimensions disappear") {
    const strides_t out_strides{32, 32, 8};
    const strides_t in_strides{0, 0, 8};
    const plan_operand ops[] = {{base0, &out_strides, 8}, {base1, &in_strides, 8}};
    const iteration_plan p = make_iteration_plan(shape_t{5, 1, 4}, ops);
    CHECK(p.ndim == 2);
    CHECK(p.sizes[0] == 4);
    CHECK(p.sizes[1] == 5);
    CHECK(p.strides[1][1] == 0);
  }

  TEST_CASE("zero-size and 0-d plans") {
    const strides_t out_strides{8, 8};
    const plan_operand ops[] = {{base0, &out_strides, 8}};
    CHECK(make_iteration_plan(shape_t{0, 3}, ops).numel == 0);
    const strides_t no_strides{};
    const plan_operand scalar_ops[] = {{base0, &no_strides, 8}};
    const iteration_plan p = make_iteration_plan(shape_t{}, scalar_ops);
    CHECK(p.numel == 1);
    CHECK(p.ndim == 0);
    CHECK(p.is_contiguous());
  }

  TEST_CASE("sub-plans cover every element exactly once") {
    const strides_t out_strides{1000, 8};
    const strides_t in_strides{8, 800};
    const plan_operand ops[] = {{base0, &out_strides, 8}, {base1, &in_strides, 8}};
    const iteration_plan p = make_iteration_plan(shape_t{70, 100}, ops);
    REQUIRE(p.numel == 7000);
    for (std::int64_t limit : {7000, 1000, 333, 99, 1}) {
      std::int64_t covered = 0;
      std::vector<int> seen(7000, 0);
      numcu::detail::for_each_sub_plan(p, limit, [&](const iteration_plan& piece) {
        CHECK(piece.numel <= limit);
        covered += piece.numel;
        // walk the piece and mark destination elements (dst strides: 1000 bytes per row of 125 slots)
        const auto start = (piece.data[0] - base0);
        for (std::int64_t i = 0; i < piece.numel; ++i) {
          std::int64_t off = start, rest = i;
          for (int d = 0; d < piece.ndim; ++d) {
            off += (rest % piece.sizes[d]) * piece.strides[0][d];
            rest /= piece.sizes[d];
          }
          const std::int64_t row = off / 1000, col = (off % 1000) / 8;
          seen[row * 100 + col]++;
        }
      });
      CHECK(covered == 7000);
      CHECK(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
    }
  }

  TEST_CASE("fast_divmod divides exactly below 2^31") {
    for (std::uint32_t d : {1u, 2u, 3u, 7u, 10u, 32u, 33u, 1000u, 65535u, 123456789u, 0x7fffffffu}) {
      const numcu::detail::fast_divmod f(d);
      for (std::uint32_t n : {0u, 1u, d - 1, d, d + 1, 2 * d + 1, 123456u, 0x7ffffffeu, 0x7fffffffu}) {
        if (n > 0x7fffffffu) continue;
        CAPTURE(d);
        CAPTURE(n);
        CHECK(f.div(n) == n / d);
      }
    }
  }

  TEST_CASE("broadcast_strides rejects shapes that do not broadcast") {
    CHECK(numcu::detail::broadcast_strides(shape_t{3, 1}, strides_t{8, 8}, shape_t{2, 3, 4}) ==
          strides_t{0, 8, 0});
    CHECK_THROWS_AS(numcu::detail::broadcast_strides(shape_t{3}, strides_t{8}, shape_t{4}),
                    numcu::shape_error);
    CHECK_THROWS_AS(numcu::detail::broadcast_strides(shape_t{2, 3}, strides_t{24, 8}, shape_t{3}),
                    numcu::shape_error);
  }
}
