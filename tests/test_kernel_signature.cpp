// The parameter lists of user kernels, CuPy's syntax: parsing and the binding of type placeholders
// (hand-worked cases; the rules are those of CuPy's ElementwiseKernel and ReductionKernel).
#include <doctest/doctest.h>

#include <numcu/numcu.hpp>

#include "core/kernel_signature.hpp"

namespace nc = numcu;
using numcu::detail::bind_kernel_types;
using numcu::detail::check_kernel_param_names;
using numcu::detail::kernel_param;
using numcu::detail::parse_kernel_params;

TEST_SUITE("kernel signatures") {
  TEST_CASE("parameters: dtype names, placeholders, raw and _non_const") {
    const auto in = parse_kernel_params("float32 x, T y,raw  T   a , _non_const int64 b", true);
    REQUIRE(in.size() == 4);
    CHECK(in[0].name == "x");
    CHECK(in[0].type == nc::float32);
    CHECK(in[0].placeholder == 0);
    CHECK(in[0].is_const);
    CHECK_FALSE(in[0].raw);
    CHECK(in[1].name == "y");
    CHECK_FALSE(in[1].type.has_value());
    CHECK(in[1].placeholder == 'T');
    CHECK(in[2].raw);
    CHECK(in[2].placeholder == 'T');
    CHECK(in[3].type == nc::int64);
    CHECK_FALSE(in[3].is_const);
    const auto out = parse_kernel_params("T z, f4 w", false);
    REQUIRE(out.size() == 2);
    CHECK_FALSE(out[0].is_const);
    CHECK(out[1].type == nc::float32);  // NumPy's type strings too
    CHECK(parse_kernel_params("", true).empty());
    CHECK(parse_kernel_params("  \n ", false).empty());
  }

  TEST_CASE("a malformed parameter list raises naming the real problem, with numcu's prefix") {
    CHECK_THROWS_WITH_AS(parse_kernel_params("float32", true),
                         "numcu: kernel parameter 'float32' has no name: write 'type name', e.g. 'float32 x'",
                         nc::rtc_error);
    CHECK_THROWS_WITH_AS(parse_kernel_params("float32 x,", true),
                         "numcu: kernel parameters: an empty parameter (a comma too many)", nc::rtc_error);
    CHECK_THROWS_WITH_AS(parse_kernel_params("float32 x float32 y", true),
                         "numcu: kernel parameters 'float32 x float32 y': missing comma after 'float32 x'",
                         nc::rtc_error);
    CHECK_THROWS_WITH_AS(parse_kernel_params("T x, raw T y U z", true),
                         "numcu: kernel parameters 'raw T y U z': missing comma after 'T y'", nc::rtc_error);
    CHECK_THROWS_WITH_AS(parse_kernel_params("float32 2x", true),
                         "numcu: kernel parameter name '2x' is not a C++ identifier", nc::rtc_error);
    CHECK_THROWS_WITH_AS(parse_kernel_params("T i", true),
                         "numcu: kernel parameter 'i' is not allowed: i is the kernel's index", nc::rtc_error);
    CHECK_THROWS_WITH_AS(parse_kernel_params("const float32 x", true),
                         "numcu: unknown keyword 'const' in kernel parameter 'const float32 x' (the keywords are "
                         "raw and _non_const)",
                         nc::rtc_error);
    CHECK_THROWS_WITH_AS(parse_kernel_params("* x", true), "numcu: kernel parameter type '*' is not a type",
                         nc::rtc_error);
    CHECK_THROWS_WITH_AS(parse_kernel_params("flaot32 x", true),
                         doctest::Contains("data type 'flaot32' not understood"), nc::dtype_error);
    CHECK_THROWS_WITH_AS(
        check_kernel_param_names(parse_kernel_params("T x, T y", true), parse_kernel_params("T x", false)),
        "numcu: kernel parameter name 'x' appears twice", nc::rtc_error);
    CHECK_NOTHROW(
        check_kernel_param_names(parse_kernel_params("T x, T y", true), parse_kernel_params("T z", false)));
  }

  TEST_CASE(
      "placeholders bind from the arguments; weak scalars and new outputs take their parameter's type") {
    const auto in = parse_kernel_params("T x, T y, float32 s", true);
    const auto out = parse_kernel_params("T z", false);
    auto t = bind_kernel_types(in, out, {nc::float64, nc::float64, nc::float32}, {});
    CHECK(t.inputs == std::vector<nc::dtype>{nc::float64, nc::float64, nc::float32});
    CHECK(t.outputs == std::vector<nc::dtype>{nc::float64});
    REQUIRE(t.placeholders.size() == 1);
    CHECK(t.placeholders[0].first == 'T');
    CHECK(t.placeholders[0].second == nc::float64);

    // y a weak scalar: T from x alone
    t = bind_kernel_types(in, out, {nc::int16, std::nullopt, std::nullopt}, {std::nullopt});
    CHECK(t.inputs == std::vector<nc::dtype>{nc::int16, nc::int16, nc::float32});
    CHECK(t.outputs == std::vector<nc::dtype>{nc::int16});

    // two placeholders, and an out= array binding first
    const auto in2 = parse_kernel_params("T x, U y", true);
    const auto out2 = parse_kernel_params("U z", false);
    t = bind_kernel_types(in2, out2, {nc::uint8, std::nullopt}, {nc::complex64});
    CHECK(t.inputs == std::vector<nc::dtype>{nc::uint8, nc::complex64});
    CHECK(t.outputs == std::vector<nc::dtype>{nc::complex64});
    REQUIRE(t.placeholders.size() == 2);
    CHECK(t.placeholders[0] == std::pair<char, nc::dtype>{'T', nc::uint8});
    CHECK(t.placeholders[1] == std::pair<char, nc::dtype>{'U', nc::complex64});
  }

  TEST_CASE("binding errors name the argument and the types") {
    const auto in = parse_kernel_params("T x, T y, float32 s", true);
    const auto out = parse_kernel_params("T z", false);
    CHECK_THROWS_WITH_AS(
        bind_kernel_types(in, out, {nc::float64, nc::float32, nc::float32}, {}),
        doctest::Contains("'y' has dtype float32, but T is float64 from an earlier argument"),
        nc::dtype_error);
    CHECK_THROWS_WITH_AS(bind_kernel_types(in, out, {nc::float64, nc::float64, nc::float64}, {}),
                         doctest::Contains("'s' has dtype float64, the parameter float32"), nc::dtype_error);
    // the output binds first: then the input disagrees
    CHECK_THROWS_WITH_AS(bind_kernel_types(in, out, {nc::float64, nc::float64, nc::float32}, {nc::float32}),
                         doctest::Contains("'x' has dtype float64, but T is float32"), nc::dtype_error);
    CHECK_THROWS_WITH_AS(bind_kernel_types(in, out, {std::nullopt, std::nullopt, nc::float32}, {}),
                         doctest::Contains("the type T of kernel parameter 'x' is undecided"),
                         nc::dtype_error);
    CHECK_THROWS_WITH_AS(bind_kernel_types(in, out, {nc::float64}, {}),
                         doctest::Contains("takes 3 inputs, 1 given"), nc::rtc_error);
    CHECK_THROWS_WITH_AS(
        bind_kernel_types(in, out, {nc::float64, nc::float64, nc::float32}, {nc::float64, nc::float64}),
        doctest::Contains("has 1 outputs, 2 given"), nc::rtc_error);
  }
}
