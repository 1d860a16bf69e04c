// The reduction plan (internal, host-only): the kept and reduced dimensions of hand-worked cases, ordered,
// coalesced and classified; and the launch chosen for the column case.
#include <doctest/doctest.h>

#include <tuple>
#include <utility>
#include <vector>

#include "core/reduction_launch.hpp"
#include "core/reduction_plan.hpp"

namespace d = numcu::detail;
using numcu::shape_t;
using numcu::strides_t;

namespace {

d::reduction_plan plan_of(const shape_t& shape, const strides_t& strides, std::vector<int> axes,
                          const strides_t& out_strides, std::size_t itemsize = 4) {
  return d::make_reduction_plan(shape, strides, itemsize, axes, out_strides);
}

/// The kernel arguments and launch of a plan of input dtype @p t (@p typed: read typed, not cast on load; with
/// @p vector the vector column kernels), 8-byte partials, on a GPU keeping 1056 blocks resident (132
/// multiprocessors x 8). The input is at address 0: 16-byte aligned.
std::pair<d::reduction_args, d::reduction_launch_plan> launch_of(const d::reduction_plan& p, bool typed = true,
                                                      numcu::dtype t = numcu::float32, bool vector = false) {
  d::reduction_args a = d::make_reduction_args(p, nullptr, nullptr, t, t, {});
  const d::reduction_kernel_set set{.typed = typed, .vector_columns = vector, .itemsize = t.itemsize(), .acc_size = 8};
  const d::reduction_launch_plan l =
      d::plan_reduction_launch(a, p.layout, set, [](d::reduction_kernel_form) { return std::int64_t{1056}; });
  return {a, l};
}

}  // namespace

TEST_SUITE("reduction plan") {
  TEST_CASE("a C-contiguous matrix: rows are the inner layout, columns the outer one") {
    // float32 (4, 5): strides (20, 4)
    const auto rows = plan_of({4, 5}, {20, 4}, {1}, {4, 0});
    CHECK(rows.layout == d::reduction_layout::inner);
    CHECK(rows.outputs == 4);
    CHECK(rows.reduced == 5);
    CHECK(rows.reduced_ndim == 1);
    CHECK(rows.reduced_sizes[0] == 5);
    CHECK(rows.reduced_strides[0] == 4);
    CHECK(rows.kept_ndim == 1);
    CHECK(rows.kept_strides[0] == 20);
    CHECK(rows.out_strides[0] == 4);

    const auto columns = plan_of({4, 5}, {20, 4}, {0}, {0, 4});
    CHECK(columns.layout == d::reduction_layout::outer);
    CHECK(columns.outputs == 5);
    CHECK(columns.reduced == 4);
    CHECK(columns.kept_strides[0] == 4);
    CHECK(columns.reduced_strides[0] == 20);

    // the transposed view (5, 4) with strides (4, 20): its axis 0 is the dense one
    const auto transposed = plan_of({5, 4}, {4, 20}, {0}, {0, 4});
    CHECK(transposed.layout == d::reduction_layout::inner);
  }

  TEST_CASE("every axis: the whole layout, coalesced to one run when dense") {
    const int all[] = {0, 1, 2};
    const auto p = d::make_reduction_plan({2, 3, 4}, {48, 16, 4}, 4, all, {0, 0, 0});
    CHECK(p.layout == d::reduction_layout::whole);
    CHECK(p.outputs == 1);
    CHECK(p.reduced == 24);
    CHECK(p.reduced_ndim == 1);
    CHECK(p.reduced_sizes[0] == 24);
    CHECK(p.reduced_strides[0] == 4);

    // every other element of 24: strides doubled, still one run
    const auto strided = plan_of({24}, {8}, {0}, {0});
    CHECK(strided.layout == d::reduction_layout::whole);
    CHECK(strided.reduced_ndim == 1);
    CHECK(strided.reduced_strides[0] == 8);
  }

  TEST_CASE("the middle axis of three is the general layout; outer axes coalesce") {
    // (2, 3, 4) C-contiguous float32, axis 1: kept (2, 4) with input strides 48 and 4
    const auto middle = plan_of({2, 3, 4}, {48, 16, 4}, {1}, {16, 0, 4});
    CHECK(middle.layout == d::reduction_layout::general);
    CHECK(middle.outputs == 8);
    CHECK(middle.reduced == 3);
    CHECK(middle.kept_ndim == 2);
    CHECK(middle.kept_sizes[0] == 4);
    CHECK(middle.kept_sizes[1] == 2);

    // axes 0 and 1 of (2, 3, 4): the reduced (2, 3) are one run of 6 with stride 16, the column case
    const auto leading = plan_of({2, 3, 4}, {48, 16, 4}, {1, 0}, {0, 0, 4});
    CHECK(leading.layout == d::reduction_layout::outer);
    CHECK(leading.reduced_ndim == 1);
    CHECK(leading.reduced_sizes[0] == 6);
    CHECK(leading.reduced_strides[0] == 16);

    // axes 1 and 2: the rows of 12
    const auto trailing = plan_of({2, 3, 4}, {48, 16, 4}, {2, 1}, {4, 0, 0});
    CHECK(trailing.layout == d::reduction_layout::inner);
    CHECK(trailing.reduced_ndim == 1);
    CHECK(trailing.reduced_sizes[0] == 12);
  }

  TEST_CASE("extent-1, zero-size and broadcast dimensions") {
    // (1, 5, 1) reduced over all: one run of 5
    const int all[] = {0, 1, 2};
    const auto ones = d::make_reduction_plan({1, 5, 1}, {20, 4, 4}, 4, all, {0, 0, 0});
    CHECK(ones.layout == d::reduction_layout::whole);
    CHECK(ones.reduced == 5);
    CHECK(ones.reduced_ndim == 1);

    // a zero-size reduced axis: outputs of the identity, nothing to read
    const auto empty_reduction = plan_of({3, 0}, {0, 4}, {1}, {4, 0});
    CHECK(empty_reduction.outputs == 3);
    CHECK(empty_reduction.reduced == 0);
    // a zero-size kept axis: no output at all
    const auto no_outputs = plan_of({0, 3}, {12, 4}, {1}, {4, 0});
    CHECK(no_outputs.outputs == 0);

    // a row broadcast to (4, 5) (stride 0 on axis 0), reduced over axis 0: each output reads one element
    // four times; the kept axis is dense, the reduced one has stride 0
    const auto broadcast = plan_of({4, 5}, {0, 4}, {0}, {0, 4});
    CHECK(broadcast.reduced == 4);
    CHECK(broadcast.reduced_strides[0] == 0);
    CHECK(broadcast.kept_strides[0] == 4);
    CHECK(broadcast.layout == d::reduction_layout::outer);
    // the same row reduced over axis 1: four outputs of one dense row each
    const auto rows = plan_of({4, 5}, {0, 4}, {1}, {4, 0});
    CHECK(rows.layout == d::reduction_layout::inner);
    CHECK(rows.kept_strides[0] == 0);
  }

  TEST_CASE("negative strides order by magnitude; the kept group follows the output") {
    // a[::-1] of 6 float64, reduced whole: one run of stride -8
    const auto reversed = plan_of({6}, {-8}, {0}, {0}, 8);
    CHECK(reversed.layout == d::reduction_layout::whole);
    CHECK(reversed.reduced_strides[0] == -8);

    // (3, 4) reduced over axis 1 into an output with a stride of 8 bytes (every other element of a float32
    // array): the kept axis keeps the output stride it is given
    const auto p = plan_of({3, 4}, {16, 4}, {1}, {8, 0});
    CHECK(p.layout == d::reduction_layout::inner);
    CHECK(p.out_strides[0] == 8);
  }

  TEST_CASE("the column case: the lean kernel for a few rows of a typed input") {
    const auto column_launch_of = [](const d::reduction_plan& p, bool typed, numcu::dtype t) {
      const auto [a, l] = launch_of(p, typed, t);
      CHECK(a.parts == a.tiles);  // a partial per tile, combined by a second stage where there are several
      CHECK((l.second_threads > 0) == (a.tiles > 1));
      return l;
    };
    // (256, 2^20) float32 along axis 0: 64 slots of 4 rows, 8 groups of 8 slots, a block per 32 columns
    const std::int64_t wide = std::int64_t{1} << 20;
    const auto skinny = plan_of({256, wide}, {4 * wide, 4}, {0}, {0, 4});
    REQUIRE(skinny.layout == d::reduction_layout::outer);
    auto l = column_launch_of(skinny, true, numcu::float32);
    CHECK(l.first == d::reduction_kernel_form::short_columns);
    CHECK(l.group == 8);
    CHECK(l.grid_x == wide / 32);
    CHECK(l.grid_y == 1);
    // cast on load (an input of another dtype than the kernels' typed ones): the general column kernel
    CHECK(column_launch_of(skinny, false, numcu::float32).first == d::reduction_kernel_form::columns);
    // 1024 rows of float32 are 256 vectors, the most the lean kernel takes (groups of 32 slots); 1025 are not
    const auto rows_1024 = plan_of({1024, 64}, {256, 4}, {0}, {0, 4});
    l = column_launch_of(rows_1024, true, numcu::float32);
    CHECK(l.first == d::reduction_kernel_form::short_columns);
    CHECK(l.group == 32);
    CHECK(column_launch_of(plan_of({1025, 64}, {256, 4}, {0}, {0, 4}), true, numcu::float32).first ==
          d::reduction_kernel_form::columns);
    // 16384^2 float32 along axis 0: two tiles of 256 slots of 32 rows, groups of 32 slots, a block per 32
    // columns and tile
    l = column_launch_of(plan_of({16384, 16384}, {65536, 4}, {0}, {0, 4}), true, numcu::float32);
    CHECK(l.first == d::reduction_kernel_form::columns);
    CHECK(l.group == 32);
    CHECK(l.grid_x == 512);
    CHECK(l.grid_y == 2);
    // 2 partials per column: the second stage takes a thread per column (64 blocks of 256), not a block
    CHECK(l.second_threads == 256);
    CHECK(l.second_grid == 64);
    // int8: 16 elements per vector, so 4096 rows are 256 vectors
    CHECK(column_launch_of(plan_of({4096, 64}, {64, 1}, {0}, {0, 1}, 1), true, numcu::int8).first ==
          d::reduction_kernel_form::short_columns);
    // two reduced dimensions that do not merge (axes 0 and 1 of a (4, 3, 64) view with a gap): the lean kernel
    // too (its loads then go through the reduced index's offsets)
    const auto two = plan_of({4, 3, 64}, {1024, 256, 4}, {0, 1}, {0, 0, 4});
    REQUIRE(two.layout == d::reduction_layout::outer);
    REQUIRE(two.reduced_ndim == 2);
    CHECK(column_launch_of(two, true, numcu::float32).first == d::reduction_kernel_form::short_columns);
  }

  TEST_CASE("the second stage: a thread per output for a few partials each, a block per output for more") {
    // 8 tiles per column (65536 rows), 1000 columns: 8 partials each, a thread per column
    auto [a, l] = launch_of(plan_of({65536, 1000}, {4000, 4}, {0}, {0, 4}));
    CHECK(a.parts == 8);
    CHECK(l.second_threads == 256);
    CHECK(l.second_grid == 4);
    // 9 tiles per column: a block per column
    std::tie(a, l) = launch_of(plan_of({65537, 1000}, {4000, 4}, {0}, {0, 4}));
    CHECK(a.parts == 9);
    CHECK(l.second_grid == 1000);
    // the whole of 2^28 elements: runs of 8 tiles spread over blocks, 4096 partials, a block of 1024 threads
    std::tie(a, l) = launch_of(plan_of({std::int64_t{1} << 28}, {4}, {0}, {0}));
    CHECK(l.first == d::reduction_kernel_form::spread_tiles_dense);
    CHECK(l.second == d::reduction_kernel_form::partials_1024);
    CHECK(l.run == 8);
    CHECK(l.grid_x == 4096);
    CHECK(a.parts == 4096);
    CHECK(l.second_threads == 1024);
    CHECK(l.second_grid == 1);
  }

  TEST_CASE("rows of tiles: a block per row of a few whole tiles, a warp per row of many or of less than one") {
    // sum(X, 1) of 16384^2: 2 tiles a row, a block per row, no second stage
    auto [a, l] = launch_of(plan_of({16384, 16384}, {65536, 4}, {1}, {4, 0}));
    CHECK(l.first == d::reduction_kernel_form::spread_tiles_dense);
    CHECK(l.run == 2);
    CHECK(l.grid_x == 16384);
    CHECK(a.parts == 1);
    CHECK(l.second_threads == 0);
    // 16 tiles a row, 2048 rows: a warp per row
    std::tie(a, l) = launch_of(plan_of({2048, 131072}, {524288, 4}, {1}, {4, 0}));
    CHECK(l.first == d::reduction_kernel_form::tiles_dense);
    CHECK(l.run == 16);
    CHECK(l.grid_x == 256);
    CHECK(a.parts == 1);
    // rows of 2000 float32 (more than the short rows' 1024): a warp per row where every resident warp has
    // one, a block per row for fewer
    std::tie(a, l) = launch_of(plan_of({16384, 2000}, {8000, 4}, {1}, {4, 0}));
    CHECK(l.first == d::reduction_kernel_form::tiles_dense);
    CHECK(l.grid_x == 2048);
    std::tie(a, l) = launch_of(plan_of({4096, 2000}, {8000, 4}, {1}, {4, 0}));
    CHECK(l.first == d::reduction_kernel_form::spread_tiles_dense);
    // the same rows cast on load: the forms for any layout
    std::tie(a, l) = launch_of(plan_of({4096, 2000}, {8000, 4}, {1}, {4, 0}), false);
    CHECK(l.first == d::reduction_kernel_form::spread_tiles);
    // rows of 2002 (8008 bytes apart, not 16-byte aligned): not dense
    std::tie(a, l) = launch_of(plan_of({4096, 2002}, {8008, 4}, {1}, {4, 0}));
    CHECK(l.first == d::reduction_kernel_form::spread_tiles);
    CHECK(l.grid_x == 4096);
    // 9000 rows of 1100 (the shape the bitwise CPU/GPU test gives this kernel): a warp per row
    std::tie(a, l) = launch_of(plan_of({9000, 1100}, {4400, 4}, {1}, {4, 0}));
    CHECK(l.first == d::reduction_kernel_form::tiles_dense);
    CHECK(l.takes_run);
    CHECK(l.run == 1);
    CHECK(l.grid_x == 1125);
  }

  TEST_CASE("the exact form: dense rows of whole groups, and 16-byte vectors of columns where the set has them") {
    // sum(X, 1) of (2^20, 256) float32: 64 slots a row, 8 lanes of 8 slots, rows a multiple of 8 vectors
    auto [a, l] = launch_of(plan_of({std::int64_t{1} << 20, 256}, {1024, 4}, {1}, {4, 0}));
    CHECK(l.first == d::reduction_kernel_form::short_rows_whole_groups);
    CHECK(l.group == 8);
    CHECK_FALSE(l.takes_run);
    // rows of 250 (1000 bytes apart: not 16-byte aligned): the short rows for any layout
    std::tie(a, l) = launch_of(plan_of({4096, 250}, {1000, 4}, {1}, {4, 0}));
    CHECK(l.first == d::reduction_kernel_form::short_rows);
    // rows of 248 (992 bytes apart): dense, but 62 vectors are not whole groups of 8 lanes
    std::tie(a, l) = launch_of(plan_of({4096, 248}, {992, 4}, {1}, {4, 0}));
    CHECK(l.first == d::reduction_kernel_form::short_rows_dense);
    // (256, 2^20) along axis 0 with the vector kernels: 4 columns a thread, 128 a block
    const std::int64_t wide = std::int64_t{1} << 20;
    std::tie(a, l) = launch_of(plan_of({256, wide}, {4 * wide, 4}, {0}, {0, 4}), true, numcu::float32, true);
    CHECK(l.first == d::reduction_kernel_form::vector_short_columns);
    CHECK(l.grid_x == wide / 128);
    // 16384^2 along axis 0: the vector column kernel, a block per 128 columns and tile
    std::tie(a, l) = launch_of(plan_of({16384, 16384}, {65536, 4}, {0}, {0, 4}), true, numcu::float32, true);
    CHECK(l.first == d::reduction_kernel_form::vector_columns);
    CHECK(l.grid_x == 128);
    CHECK(l.grid_y == 2);
    // 1022 columns are not a multiple of 4: a column a thread
    std::tie(a, l) = launch_of(plan_of({16384, 1022}, {4088, 4}, {0}, {0, 4}), true, numcu::float32, true);
    CHECK(l.first == d::reduction_kernel_form::columns);
  }
}
