// reduction_kernel: user reductions written as CuPy's ReductionKernel, run through numcu's reduction kernels.
// Sources are compiled with NVRTC without a GPU; the reductions run on the GPU, checked against host sums,
// maxima and dot products computed here, and bit for bit against the built-in sum, whose order they share.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "core/kernel_source.hpp"
#include "dispatch/kernel_module.hpp"
#include "test_support.hpp"

namespace {

/// The request of a sum of squares of @p input (identity 0, or none), projected as a square root.
nc::detail::reduction_source_request norm_request(nc::dtype input, bool identity) {
  nc::detail::reduction_source_request r;
  r.input_name = "x";
  r.input = input;
  r.output_name = "y";
  r.output = input;
  r.reduce_type = input;
  r.map = "x * x";
  r.reduce = "a + b";
  r.post_map = "y = a";
  r.identity = identity ? "0" : "";
  r.placeholders = {{'T', input}};
  return r;
}

/// Values (k * 7) % 11 - 3 for k = 0 ... n - 1: small integers, whose sums of squares over fewer than 300000
/// of them are integers below 2^24, exact in float32 in any order.
std::vector<float> small_values(std::int64_t n) {
  std::vector<float> v(static_cast<std::size_t>(n));
  for (std::int64_t k = 0; k < n; ++k) v[k] = static_cast<float>((k * 7) % 11 - 3);
  return v;
}

}  // namespace

TEST_SUITE("reduction kernels") {
  TEST_CASE("reduction kernel sources compile with NVRTC for typical dtypes, with and without an identity") {
    // every kernel of every variant to PTX (the source's C++ and its instantiations), and one variant's to a
    // cubin: machine code for all twelve kernels of all twelve variants took most of the suite's time
    for (const nc::dtype t : {nc::float32, nc::float16, nc::int8, nc::uint64, nc::complex128, nc::bool_}) {
      for (const bool identity : {true, false}) {
        CAPTURE(t.name());
        CAPTURE(identity);
        auto r = norm_request(t, identity);
        if (t == nc::bool_) r.map = "x";  // bool * bool is int
        const std::string source = nc::detail::reduction_kernel_source(r);
        CHECK(source.find("struct numcu_user_reduction") != std::string::npos);
        // one name per launch form and the identity's, empty for the vector column forms
        std::vector<std::string> names = nc::detail::reduction_kernel_names(t);
        REQUIRE(names.size() == nc::detail::reduction_identity_kernel + 1);
        CHECK(names[static_cast<std::size_t>(nc::detail::reduction_kernel_form::vector_columns)].empty());
        std::erase(names, std::string{});
        REQUIRE(names.size() == 12);
        const nc::raw_module module(source, {}, names, "norm.cu");
        for (const std::string arch : {"compute_90", "sm_90"}) {
          if (arch == "sm_90" && !(t == nc::float32 && identity)) continue;
          CAPTURE(arch);
          for (const auto& name : names) CHECK(!module.lowered_name(name, arch).empty());
        }
      }
    }
    // an expression that does not compile names its part
    auto r = norm_request(nc::float32, true);
    r.reduce = "a +* b";
    try {
      nc::raw_module(nc::detail::reduction_kernel_source(r), {},
                     {nc::detail::reduction_kernel_names(nc::float32)[0]}, "bad.cu")
          .compile("sm_90");
      FAIL("a reduce expression that does not compile compiled");
    } catch (const nc::rtc_error& e) {
      CHECK(std::string(e.what()).find("reduce(1)") != std::string::npos);
    }
    CHECK(nc::detail::reduction_partial_bytes(nc::float16, true) == 4);
    CHECK(nc::detail::reduction_partial_bytes(nc::complex128, false) == 32);
  }

  TEST_CASE("a reduction kernel's map pass compiles with its reduce type named, a multi-word one too") {
    // what reduction_kernel("T x, T t", "int64 y", "x > t", ...) runs first for its two inputs
    nc::detail::elementwise_source_request r;
    r.name = "count_above_map";
    r.in_params = nc::detail::parse_kernel_params("T x, T t", true);
    r.out_params = nc::detail::parse_kernel_params("int64 numcu_mapped", false);
    r.types =
        nc::detail::bind_kernel_types(r.in_params, r.out_params, {nc::int32, std::nullopt}, {nc::int64});
    r.operation = "numcu_mapped = (x > t ? _type_reduce(1) : _type_reduce(0))";
    r.preamble = "typedef long long _type_reduce;\n";
    r.scalar_inputs = {false, true};
    r.loop = nc::detail::elementwise_loop_kind::general;
    CHECK_NOTHROW(
        nc::raw_module(nc::detail::elementwise_kernel_source(r), {}, {}, "map.cu").compile("sm_90"));
  }

  TEST_CASE("a reduction kernel checks its parameters and arguments before anything runs") {
    CHECK_THROWS_WITH_AS(nc::reduction_kernel("T x", "T y, T z", "x", "a + b", "y = a", "0", "two"),
                         "numcu: reduction kernel 'two' must have one output, not raw; it has 'T y, T z'",
                         nc::rtc_error);
    CHECK_THROWS_AS(nc::reduction_kernel("T x", "raw T y", "x", "a + b", "y = a", "0", "raw_out"),
                    nc::rtc_error);
    CHECK_THROWS_WITH_AS(nc::reduction_kernel("T x", "T y", "x", "a + b", "y = a", "0", "2bad"),
                         "numcu: a reduction kernel's name must be a C++ identifier, not '2bad'",
                         nc::rtc_error);
    CHECK_THROWS_AS(nc::reduction_kernel("T x", "T y", "x", "a + b", "y = a", "0", "k", "float99"),
                    nc::dtype_error);
    const nc::reduction_kernel total("T x", "T y", "x", "a + b", "y = a", "0", "total");
    CHECK(total.name() == "total");
    const auto a = nc::arange(0, 4, 1, nc::float32, nc::cpu);
    CHECK_THROWS_WITH_AS(total({a, a}), "numcu: reduction kernel 'total' takes 1 inputs; 2 given",
                         nc::rtc_error);
    CHECK_THROWS_WITH_AS(total({2.0}),
                         "numcu: reduction kernel 'total' has no element-wise array argument to reduce",
                         nc::rtc_error);
    CHECK_THROWS_WITH_AS(
        total({a}),
        "numcu: a reduction_kernel runs on a CUDA GPU, not on cpu (runtime-compiled kernels have no "
        "CPU backend)",
        nc::device_error);
    CHECK(a.to_vector<float>() == std::vector<float>{0, 1, 2, 3});
  }

  TEST_CASE("a reduction kernel reduces any axes of any layout, as the host does [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const nc::reduction_kernel sum_of_squares("T x", "T y", "x * x", "a + b", "y = a", "0", "sum_of_squares");
    // shapes that reach every kernel: short rows, long rows (tiles, second stage), columns, many outputs
    for (const nc::shape_t shape : {nc::shape_t{7, 5}, nc::shape_t{3, 20000}, nc::shape_t{20000, 3},
                                    nc::shape_t{2, 3, 4}, nc::shape_t{513, 129}, nc::shape_t{40000}}) {
      CAPTURE(nc::to_string(shape));
      const std::int64_t n = shape.product();
      const std::vector<float> host = small_values(n);
      const auto x = nc::array_from_host(host.data(), nc::float32, static_cast<std::int64_t>(host.size()),
                                         shape, std::nullopt, gpu);
      // host sums of squares in double per output of each axis
      for (int axis = -1; axis < static_cast<int>(shape.size()); ++axis) {
        CAPTURE(axis);
        const nc::ndarray y = axis < 0 ? sum_of_squares({x}) : sum_of_squares({x}, axis);
        std::vector<double> expected(static_cast<std::size_t>(axis < 0 ? 1 : n / shape[axis]), 0.0);
        for (std::int64_t k = 0; k < n; ++k) {
          std::int64_t out = 0;
          if (axis >= 0) {  // the output index of element k: k's coordinates without the axis, row-major
            std::int64_t rest = k, stride = 1;
            for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
              const std::int64_t c = rest % shape[d];
              rest /= shape[d];
              if (d == axis) continue;
              out += c * stride;
              stride *= shape[d];
            }
          }
          expected[out] += static_cast<double>(host[k]) * host[k];
        }
        CHECK(y.dtype() == nc::float32);
        CHECK(y.ndim() == (axis < 0 ? 0 : static_cast<int>(shape.size()) - 1));
        const auto got = y.to_vector<float>();
        REQUIRE(got.size() == expected.size());
        for (std::size_t o = 0; o < got.size(); ++o) CHECK(got[o] == static_cast<float>(expected[o]));
      }
    }
    // keepdims, negative and several axes, a transposed view, out=
    const auto m = nc::arange(0, 24, 1, nc::int64, gpu).reshape({2, 3, 4});
    const nc::ndarray kept = sum_of_squares({m}, {0, -1}, true);
    CHECK(kept.shape() == nc::shape_t{1, 3, 1});
    // rows j: sum over i, k of (12 i + 4 j + k)^2
    std::vector<std::int64_t> rows(3, 0);
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        for (int k = 0; k < 4; ++k) rows[j] += std::int64_t{12 * i + 4 * j + k} * (12 * i + 4 * j + k);
    CHECK(kept.to_vector<std::int64_t>() == rows);
    CHECK(sum_of_squares({m.transpose()}, {0, 2}).to_vector<std::int64_t>() ==
          rows);  // (4, 3, 2): j is axis 1
    auto out = nc::full({3}, -1, nc::int64, gpu);
    sum_of_squares({m}, {0, 2}, false, out);
    CHECK(out.to_vector<std::int64_t>() == rows);
    CHECK_THROWS_WITH_AS(
        sum_of_squares({m}, 0, false, out),
        "output parameter for reduction operation sum_of_squares has the wrong number of dimensions: "
        "Found 1 but expected 2",
        nc::shape_error);
    CHECK(out.to_vector<std::int64_t>() == rows);
    CHECK_THROWS_AS(sum_of_squares({m}, 3), nc::index_error);
    CHECK_THROWS_AS(sum_of_squares({m}, {1, 1}), nc::shape_error);
    // a 0-d input, and empty ones: the post-map of the identity
    CHECK(sum_of_squares({nc::full({}, 3.0, nc::float64, gpu)}).item<double>() == 9.0);
    const nc::reduction_kernel shifted("T x", "T y", "x", "a + b", "y = a + 10", "0", "shifted_total");
    const auto none = shifted({nc::zeros({0, 3}, nc::float32, gpu)}, 0);
    CHECK(none.shape() == nc::shape_t{3});
    CHECK(none.to_vector<float>() == std::vector<float>{10, 10, 10});
    CHECK(shifted({nc::zeros({3, 0}, nc::float32, gpu)}, 0).shape() == nc::shape_t{0});
  }

  TEST_CASE("a reduction kernel gives the built-in sum's bits: the same fixed order [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    // float64: nc::sum accumulates float64 in float64, as this kernel does (a float32 sum accumulates in
    // double)
    const nc::device gpu = nc::cuda(0);
    const nc::reduction_kernel total("T x", "T y", "x", "a + b", "y = a", "0", "same_order_total");
    std::mt19937 rng(17);
    std::normal_distribution<double> normal(1.0, 3.0);
    for (const nc::shape_t shape : {nc::shape_t{1000003}, nc::shape_t{3000, 1001}, nc::shape_t{77, 30000}}) {
      CAPTURE(nc::to_string(shape));
      std::vector<double> host(static_cast<std::size_t>(shape.product()));
      for (auto& v : host) v = normal(rng);
      const auto x = nc::array_from_host(host.data(), nc::float64, static_cast<std::int64_t>(host.size()),
                                         shape, std::nullopt, gpu);
      CHECK(total({x}).to_vector<double>() == nc::sum(x).to_vector<double>());
      for (int axis = 0; axis < static_cast<int>(shape.size()); ++axis)
        CHECK(total({x}, axis).to_vector<double>() == nc::sum(x, axis).to_vector<double>());
    }
  }

  TEST_CASE("a reduction kernel without an identity, with several inputs, scalars and 16-bit floats [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    // the largest magnitude, no identity: empty reductions raise, as NumPy's maximum does
    const nc::reduction_kernel largest("T x", "T y", "x < 0 ? -x : x", "a > b ? a : b", "y = a", "",
                                       "largest_magnitude");
    const std::vector<std::int32_t> values{3, -9, 4, 1, -2, 8, 0, -1, 5, 7, -6, 2};
    const auto v = nc::array_from_host(values.data(), nc::int32, 12, {3, 4}, std::nullopt, gpu);
    CHECK(largest({v}).item<std::int32_t>() == 9);
    CHECK(largest({v}, 0).to_vector<std::int32_t>() == std::vector<std::int32_t>{5, 9, 6, 2});
    CHECK(largest({v}, 1).to_vector<std::int32_t>() == std::vector<std::int32_t>{9, 8, 7});
    // 37 rows of 45 columns along axis 0: 10 slots of 4 rows (the last of 1) in 5 groups, 45 outputs
    std::vector<std::int32_t> tall(37 * 45);
    for (std::size_t k = 0; k < tall.size(); ++k)
      tall[k] = static_cast<std::int32_t>((k * 7919) % 1001) - 500;
    std::vector<std::int32_t> tall_largest(45, 0);
    for (std::size_t k = 0; k < tall.size(); ++k)
      tall_largest[k % 45] = std::max(tall_largest[k % 45], std::abs(tall[k]));
    const auto t = nc::array_from_host(tall.data(), nc::int32, tall.size(), {37, 45}, std::nullopt, gpu);
    CHECK(largest({t}, 0).to_vector<std::int32_t>() == tall_largest);
    const auto empty = nc::zeros({0, 4}, nc::int32, gpu);
    CHECK_THROWS_WITH_AS(largest({empty}, 0),
                         "zero-size array to reduction operation largest_magnitude which has no identity",
                         nc::shape_error);
    CHECK(largest({empty}, 1).shape() == nc::shape_t{0});
    // a dot product of two broadcast inputs (the map first, then the reduction), and a scalar input
    const nc::reduction_kernel dot("T x, T y", "T z", "x * y", "a + b", "z = a", "0", "dot_product");
    const auto rows = nc::arange(0, 12, 1, nc::float64, gpu).reshape({4, 3});
    const auto weights =
        nc::array_from_host(std::vector<double>{1, 10, 100}.data(), nc::float64, 3, {3}, std::nullopt, gpu);
    CHECK(dot({rows, weights}, 1).to_vector<double>() == std::vector<double>{210, 543, 876, 1209});
    CHECK(dot({rows, 0.5}).item<double>() == 33.0);
    // float16 read as float, summed into a float32 output in float32
    const nc::reduction_kernel half_total("T x", "float32 y", "x", "a + b", "y = a", "0", "half_total",
                                          "float32");
    const nc::ndarray h = nc::full({3000}, 0.5, nc::float16, gpu);
    const nc::ndarray ht = half_total({h});
    CHECK(ht.dtype() == nc::float32);
    CHECK(ht.item<float>() == 1500.0f);
    // a placeholder for the output bound by out= only, and out= of another output
    const nc::reduction_kernel count_positive("T x", "U y", "x > 0 ? 1 : 0", "a + b", "y = a", "0",
                                              "count_positive");
    CHECK_THROWS_AS(count_positive({v}), nc::dtype_error);
    auto counts = nc::zeros({3}, nc::int64, gpu);
    count_positive({v}, 1, false, counts);
    CHECK(counts.to_vector<std::int64_t>() == std::vector<std::int64_t>{3, 1, 3});
    // a multi-word reduce type (int64) through the map pass, and on an empty input
    const nc::reduction_kernel count_above("T x, T t", "int64 y", "x > t", "a + b", "y = a", "0",
                                           "count_above");
    CHECK(count_above({v, 2}, 1).to_vector<std::int64_t>() == std::vector<std::int64_t>{2, 1, 2});
    CHECK(count_above({nc::zeros({0}, nc::int32, gpu), 2}).item<std::int64_t>() == 0);
    // the identity's projection for a reduce type bound by the input alone
    const nc::reduction_kernel mean_like("T x", "float32 y", "x", "a + b", "y = float(a) + 0.5f", "T(3)",
                                         "shifted", "T");
    CHECK(mean_like({nc::zeros({0, 2}, nc::int16, gpu)}, 0).to_vector<float>() ==
          std::vector<float>{3.5f, 3.5f});
    // preamble functions named like the functor's members
    const nc::reduction_kernel own_combine("T x", "T y", "map(x)", "combine(a, b)", "y = a", "0",
                                           "own_combine", "",
                                           "__device__ float map(float v) { return 2 * v; }\n"
                                           "__device__ float combine(float a, float b) { return a + b; }");
    CHECK(own_combine({nc::full({100}, 1.5, nc::float32, gpu)}).item<float>() == 300.0f);
  }
}
