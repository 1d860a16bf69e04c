// The loop of a user elementwise kernel (internal, host-only): C order kept, coalescing, the choice of the
// dense, rows or general loop and its vector width, pieces of the general loop with their flat indices.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/iteration_plan.hpp"
#include "core/kernel_loop.hpp"
#include "device/offset_calculator.hpp"

using numcu::shape_t;
using numcu::strides_t;
using numcu::detail::choose_elementwise_loop;
using numcu::detail::kernel_loop_rules;
using numcu::detail::kernel_loop;
using numcu::detail::elementwise_loop_kind;
using numcu::detail::make_kernel_loop;
using numcu::detail::plan_operand;

namespace {

/// The loop choice of a user kernel over @p loop.
numcu::detail::elementwise_loop_choice choose_loop(const numcu::detail::kernel_loop& loop, int inputs,
                                                  bool element_by_element) {
  return choose_elementwise_loop(loop, kernel_loop_rules(loop, inputs, element_by_element));
}

char* const base0 = reinterpret_cast<char*>(0x10000);
char* const base1 = reinterpret_cast<char*>(0x90000);
char* const base2 = reinterpret_cast<char*>(0x100000);
}  // namespace

TEST_SUITE("kernel loop") {
  TEST_CASE("dense arrays coalesce into one dense run with 16-byte vectors of the widest dtype") {
    const strides_t in{48, 16, 4}, out{96, 32, 8};
    const plan_operand arrays[] = {{base0, &in, 4}, {base1, &out, 8}};
    const kernel_loop loop = make_kernel_loop(shape_t{2, 3, 4}, arrays);
    CHECK(loop.ndim == 1);
    CHECK(loop.sizes[0] == 24);
    CHECK(loop.numel == 24);
    const auto choice = choose_loop(loop, 1, false);
    CHECK(choice.kind == elementwise_loop_kind::dense);
    CHECK(choice.vector_width == 2);
    CHECK(choose_loop(loop, 1, true).kind == elementwise_loop_kind::general);  // sharing memory
    // an address not aligned for a vector of 2 float64
    const plan_operand shifted[] = {{base0, &in, 4}, {base1 + 8, &out, 8}};
    CHECK(choose_loop(make_kernel_loop(shape_t{2, 3, 4}, shifted), 1, false).vector_width == 1);
  }

  TEST_CASE("a transposed array keeps C order: the general loop, its offsets in the result's order") {
    const strides_t in{4, 8}, out{12, 4};  // in: a (3, 2) float32 matrix transposed; out: dense (2, 3)
    const plan_operand arrays[] = {{base0, &in, 4}, {base1, &out, 4}};
    const kernel_loop loop = make_kernel_loop(shape_t{2, 3}, arrays);
    REQUIRE(loop.ndim == 2);
    CHECK(loop.sizes[0] == 3);  // innermost first: the last axis of the result
    CHECK(loop.sizes[1] == 2);
    CHECK(loop.strides[0][0] == 8);
    CHECK(loop.strides[1][0] == 4);
    CHECK(choose_loop(loop, 1, false).kind == elementwise_loop_kind::general);
    // linear index 4 is element (1, 1) of the result: byte 4 + 8 of the input, 12 + 4 of the output
    const numcu::detail::offset_calculator<2> offsets(loop);
    std::int64_t o[2];
    offsets.get(4, o);
    CHECK(o[0] == 12);
    CHECK(o[1] == 16);
    // the bytes a kernel receives are a calculator of 2 operands giving the same offsets
    const auto bytes = numcu::detail::offset_calculator_bytes(loop);
    REQUIRE(bytes.size() == sizeof offsets);
    numcu::detail::offset_calculator<2> received = offsets;
    std::memcpy(static_cast<void*>(&received), bytes.data(), bytes.size());
    for (std::uint32_t i = 0; i < 6; ++i) {
      std::int64_t a[2], b[2];
      offsets.get(i, a);
      received.get(i, b);
      CHECK(a[0] == b[0]);
      CHECK(a[1] == b[1]);
    }
  }

  TEST_CASE("rows: a row vector dense along the rows and a column constant along them") {
    const shape_t shape{8, 1024};
    const strides_t matrix{4096, 4}, row{0, 4}, column{2, 0}, out{4096, 4};
    const plan_operand arrays[] = {
        {base0, &matrix, 4}, {base1, &row, 4}, {base2, &column, 2}, {base0, &out, 4}};
    const kernel_loop loop = make_kernel_loop(shape, arrays);
    REQUIRE(loop.ndim == 2);
    const auto choice = choose_loop(loop, 3, false);
    CHECK(choice.kind == elementwise_loop_kind::rows);
    CHECK(choice.vector_width ==
          4);  // the column is read once per row: its stride of 2 bytes does not matter
    CHECK(choice.constant == 0b0100u);
    const kernel_loop outer = numcu::detail::outer_dimensions(loop);
    CHECK(outer.ndim == 1);
    CHECK(outer.numel == 8);
    CHECK(outer.sizes[0] == 8);
    CHECK(outer.strides[2][0] == 2);
    // rows whose starts are not aligned for 4 float32: vectors of one element
    const strides_t odd{4092, 4};
    const plan_operand unaligned[] = {
        {base0, &odd, 4}, {base1, &row, 4}, {base2, &column, 2}, {base0, &out, 4}};
    const auto narrow = choose_loop(make_kernel_loop(shape, unaligned), 3, false);
    CHECK(narrow.kind == elementwise_loop_kind::rows);
    CHECK(narrow.vector_width == 1);
    // an output constant along its rows (a broadcast output) is not a rows loop
    const plan_operand broadcast_out[] = {
        {base0, &matrix, 4}, {base1, &row, 4}, {base2, &column, 2}, {base0, &column, 4}};
    CHECK(choose_loop(make_kernel_loop(shape, broadcast_out), 3, false).kind ==
          elementwise_loop_kind::general);
    // rows shorter than half a block's elements (512 of 4 float32 vectors): the general loop
    const shape_t short_shape{8, 511};
    const strides_t short_matrix{4096, 4};
    const plan_operand short_rows[] = {
        {base0, &short_matrix, 4}, {base1, &row, 4}, {base2, &column, 2}, {base0, &short_matrix, 4}};
    CHECK(choose_loop(make_kernel_loop(short_shape, short_rows), 3, false).kind ==
          elementwise_loop_kind::general);
  }

  TEST_CASE("the built-in ufuncs' rules on an iteration plan: one width, scalars take no part") {
    // add(float32 (4, 1024), scalar) into float32: operand 0 the output, 1 the array, 2 a scalar (no data)
    const strides_t dense{4096, 4};
    const plan_operand arrays[] = {{base0, &dense, 4}, {base1, &dense, 4}, {nullptr, nullptr, 0}};
    numcu::detail::elementwise_loop_rules rules;
    rules.vector_width = 4;
    rules.width_fixed = true;
    rules.may_be_constant = ~1u;
    const auto plan = numcu::detail::make_iteration_plan(shape_t{4, 1024}, arrays);
    CHECK(choose_elementwise_loop(plan, rules).kind == elementwise_loop_kind::dense);
    // the array 4 bytes off a 16-byte boundary: no kernel of width 1 for this dtype, so the general loop (a
    // user kernel is compiled for width 1 instead)
    const plan_operand shifted[] = {{base0, &dense, 4}, {base1 + 4, &dense, 4}, {nullptr, nullptr, 0}};
    const auto off = numcu::detail::make_iteration_plan(shape_t{4, 1024}, shifted);
    CHECK(choose_elementwise_loop(off, rules).kind == elementwise_loop_kind::general);
    // an input constant along one dimension (a 0-d array broadcast): rows, with the input marked constant
    const strides_t zero{0};
    const strides_t line{4};
    const plan_operand broadcast[] = {{base0, &line, 4}, {base1, &zero, 4}, {nullptr, nullptr, 0}};
    const auto b = choose_elementwise_loop(numcu::detail::make_iteration_plan(shape_t{4096}, broadcast), rules);
    CHECK(b.kind == elementwise_loop_kind::rows);
    CHECK(b.constant == 0b010u);
    // no typed kernels (an input cast on load): the general loop
    rules.vectors = false;
    CHECK(choose_elementwise_loop(plan, rules).kind == elementwise_loop_kind::general);
  }

  TEST_CASE("extent-1 dimensions drop out, no arrays and 0-d loops are dense") {
    const strides_t in{0, 40, 4}, out{0, 40, 4};
    const plan_operand arrays[] = {{base0, &in, 4}, {base1, &out, 4}};
    const kernel_loop loop = make_kernel_loop(shape_t{1, 5, 10}, arrays);
    CHECK(loop.ndim == 1);
    CHECK(loop.sizes[0] == 50);
    const kernel_loop none = make_kernel_loop(shape_t{7}, {});
    CHECK(choose_loop(none, 0, false).kind == elementwise_loop_kind::dense);
    const strides_t scalar_strides{};
    const plan_operand scalar[] = {{base0, &scalar_strides, 8}};
    const kernel_loop zero_d = make_kernel_loop(shape_t{}, scalar);
    CHECK(zero_d.ndim == 0);
    CHECK(zero_d.numel == 1);
    CHECK(choose_loop(zero_d, 0, false).kind == elementwise_loop_kind::dense);
  }

  TEST_CASE("pieces of the general loop cover it once each, with the flat index of their first element") {
    const strides_t in{8, 560}, out{800, 8};  // (70, 100): in a transposed (100, 70), out dense
    const plan_operand arrays[] = {{base0, &in, 8}, {base1, &out, 8}};
    const kernel_loop loop = make_kernel_loop(shape_t{70, 100}, arrays);
    for (const std::int64_t limit : {7000, 1000, 333, 99, 1}) {
      CAPTURE(limit);
      std::vector<int> seen(7000, 0);
      bool flat_ok = true;
      numcu::detail::split_plan(loop, limit, [&](const kernel_loop& piece, std::int64_t first) {
        CHECK(piece.numel <= limit);
        for (std::int64_t i = 0; i < piece.numel; ++i) {
          std::int64_t offset = piece.data[1] - base1, rest = i;
          for (int d = 0; d < piece.ndim; ++d) {
            offset += (rest % piece.sizes[d]) * piece.strides[1][d];
            rest /= piece.sizes[d];
          }
          // the output is dense: its byte offset / 8 is the flat index, which first + i must be
          flat_ok = flat_ok && offset / 8 == first + i;
          seen[offset / 8]++;
        }
      });
      CHECK(flat_ok);
      CHECK(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
    }
  }
}
