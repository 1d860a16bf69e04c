// dtype: names, sizes, kinds, parsing, promotion and casting against NumPy's tables.
#include <map>

#include "test_support.hpp"

using numcu_test::golden_lines;
using numcu_test::words;

TEST_SUITE("dtype") {
  TEST_CASE("each dtype has NumPy's name, itemsize and kind") {
    struct row {
      nc::dtype t;
      const char* name;
      std::size_t size;
      char kind;
    };
    const row rows[] = {
        {nc::bool_, "bool", 1, 'b'},
        {nc::int8, "int8", 1, 'i'},
        {nc::int16, "int16", 2, 'i'},
        {nc::int32, "int32", 4, 'i'},
        {nc::int64, "int64", 8, 'i'},
        {nc::uint8, "uint8", 1, 'u'},
        {nc::uint16, "uint16", 2, 'u'},
        {nc::uint32, "uint32", 4, 'u'},
        {nc::uint64, "uint64", 8, 'u'},
        {nc::float16, "float16", 2, 'f'},
        {nc::bfloat16, "bfloat16", 2, 'f'},
        {nc::float32, "float32", 4, 'f'},
        {nc::float64, "float64", 8, 'f'},
        {nc::complex64, "complex64", 8, 'c'},
        {nc::complex128, "complex128", 16, 'c'},
    };
    CHECK(std::size(rows) == nc::dtype::count);
    for (const row& r : rows) {
      CAPTURE(r.name);
      CHECK(r.t.name() == r.name);
      CHECK(r.t.itemsize() == r.size);
      CHECK(static_cast<char>(r.t.kind()) == r.kind);
      CHECK(nc::dtype(r.name) == r.t);
    }
    CHECK(nc::dtype() == nc::float64);
  }

  TEST_CASE("NumPy's type strings parse") {
    CHECK(nc::dtype("f4") == nc::float32);
    CHECK(nc::dtype("<f8") == nc::float64);
    CHECK(nc::dtype("i8") == nc::int64);
    CHECK(nc::dtype("u1") == nc::uint8);
    CHECK(nc::dtype("?") == nc::bool_);
    CHECK(nc::dtype("c8") == nc::complex64);
    CHECK(nc::dtype("c16") == nc::complex128);
    CHECK(nc::dtype("e") == nc::float16);
    CHECK(nc::dtype("int") == nc::int64);
    CHECK(nc::dtype("float") == nc::float64);
    CHECK(nc::dtype("complex") == nc::complex128);
    CHECK(nc::dtype("|b1") == nc::bool_);
  }

  TEST_CASE("an unknown type string is a dtype_error naming it") {
    CHECK_THROWS_WITH_AS(nc::dtype("float128"), "data type 'float128' not understood", nc::dtype_error);
    CHECK_THROWS_WITH_AS(nc::dtype(">f4"), "data type '>f4' not understood", nc::dtype_error);
    CHECK_THROWS_AS(nc::dtype(""), nc::dtype_error);
  }

  TEST_CASE("dtype_of maps C++ types") {
    CHECK(nc::dtype_of<bool>() == nc::bool_);
    CHECK(nc::dtype_of<std::int8_t>() == nc::int8);
    CHECK(nc::dtype_of<int>() == nc::int32);
    CHECK(nc::dtype_of<long long>() == nc::int64);
    CHECK(nc::dtype_of<unsigned long>() == nc::uint64);
    CHECK(nc::dtype_of<nc::float16_t>() == nc::float16);
    CHECK(nc::dtype_of<nc::bfloat16_t>() == nc::bfloat16);
    CHECK(nc::dtype_of<float>() == nc::float32);
    CHECK(nc::dtype_of<const double>() == nc::float64);
    CHECK(nc::dtype_of<std::complex<float>>() == nc::complex64);
    CHECK(nc::dtype_of<std::complex<double>>() == nc::complex128);
  }

  TEST_CASE("promote_types matches NumPy's full table") {
    const auto lines = golden_lines("promote_types.txt");
    CHECK(lines.size() == 14 * 14);
    for (const auto& line : lines) {
      const auto w = words(line);
      CAPTURE(line);
      CHECK(nc::promote_types(nc::dtype(w[0]), nc::dtype(w[1])) == nc::dtype(w[2]));
    }
  }

  TEST_CASE("result_type of three dtypes matches NumPy's, which is not a fold of promote_types") {
    const auto lines = golden_lines("result_types.txt");
    CHECK(lines.size() == 14 * 14 * 14);
    for (const auto& line : lines) {
      const auto w = words(line);
      CAPTURE(line);
      CHECK(nc::result_type({nc::dtype(w[0]), nc::dtype(w[1]), nc::dtype(w[2])}) == nc::dtype(w[3]));
    }
    // the case a fold gets wrong: uint16 with int16 is int32, which with float16 would be float64
    CHECK(nc::result_type({nc::uint16, nc::int16, nc::float16}) == nc::float32);
    CHECK(nc::result_type({nc::bfloat16}) == nc::bfloat16);
  }

  TEST_CASE("bfloat16 promotes as in ml_dtypes, and like float16 where ml_dtypes has no rule") {
    // ml_dtypes 0.5: bool, int8, uint8 -> bfloat16; float32, float64, complex stay; others are extensions.
    CHECK(nc::promote_types(nc::bfloat16, nc::bool_) == nc::bfloat16);
    CHECK(nc::promote_types(nc::int8, nc::bfloat16) == nc::bfloat16);
    CHECK(nc::promote_types(nc::uint8, nc::bfloat16) == nc::bfloat16);
    CHECK(nc::promote_types(nc::bfloat16, nc::float32) == nc::float32);
    CHECK(nc::promote_types(nc::bfloat16, nc::float64) == nc::float64);
    CHECK(nc::promote_types(nc::bfloat16, nc::complex64) == nc::complex64);
    CHECK(nc::promote_types(nc::bfloat16, nc::complex128) == nc::complex128);
    CHECK(nc::promote_types(nc::bfloat16, nc::bfloat16) == nc::bfloat16);
    CHECK(nc::promote_types(nc::bfloat16, nc::float16) == nc::float32);  // DESIGN.md
    CHECK(nc::promote_types(nc::float16, nc::bfloat16) == nc::float32);
    CHECK(nc::promote_types(nc::bfloat16, nc::int16) == nc::float32);  // as float16 + int16
    CHECK(nc::promote_types(nc::bfloat16, nc::uint32) == nc::float64);
    CHECK(nc::promote_types(nc::bfloat16, nc::int64) == nc::float64);
  }

  TEST_CASE("can_cast matches NumPy's table in all five modes") {
    const nc::casting modes[] = {nc::casting::no, nc::casting::equiv, nc::casting::safe,
                                 nc::casting::same_kind, nc::casting::unsafe};
    const auto lines = golden_lines("can_cast.txt");
    CHECK(lines.size() == 14 * 14);
    for (const auto& line : lines) {
      const auto w = words(line);
      for (int m = 0; m < 5; ++m) {
        CAPTURE(line);
        CAPTURE(nc::casting_name(modes[m]));
        CHECK(nc::can_cast(nc::dtype(w[0]), nc::dtype(w[1]), modes[m]) == (w[2 + m] == "1"));
      }
    }
  }

  TEST_CASE("bfloat16 casting follows ml_dtypes") {
    CHECK(nc::can_cast(nc::int8, nc::bfloat16, nc::casting::safe));
    CHECK(nc::can_cast(nc::uint8, nc::bfloat16, nc::casting::safe));
    CHECK_FALSE(nc::can_cast(nc::int16, nc::bfloat16, nc::casting::safe));
    CHECK(nc::can_cast(nc::int16, nc::bfloat16, nc::casting::same_kind));
    CHECK(nc::can_cast(nc::bfloat16, nc::float32, nc::casting::safe));
    CHECK_FALSE(nc::can_cast(nc::bfloat16, nc::float16, nc::casting::safe));
    CHECK_FALSE(nc::can_cast(nc::bfloat16, nc::int64, nc::casting::same_kind));
    CHECK(nc::can_cast(nc::bfloat16, nc::int64, nc::casting::unsafe));
    CHECK(nc::can_cast(nc::bfloat16, nc::bfloat16, nc::casting::no));
  }

  TEST_CASE("C++ scalars promote as weak Python scalars (NEP 50)") {
    using K = nc::scalar_kind;
    // each expectation is numpy.result_type(array_dtype, python_scalar) with NumPy 2
    CHECK(nc::result_type(nc::float32, K::floating) == nc::float32);
    CHECK(nc::result_type(nc::float16, K::floating) == nc::float16);
    CHECK(nc::result_type(nc::int32, K::floating) == nc::float64);
    CHECK(nc::result_type(nc::uint8, K::floating) == nc::float64);
    CHECK(nc::result_type(nc::int8, K::integer) == nc::int8);
    CHECK(nc::result_type(nc::uint16, K::integer) == nc::uint16);
    CHECK(nc::result_type(nc::bool_, K::integer) == nc::int64);
    CHECK(nc::result_type(nc::bool_, K::floating) == nc::float64);
    CHECK(nc::result_type(nc::bool_, K::boolean) == nc::bool_);
    CHECK(nc::result_type(nc::float32, K::complex) == nc::complex64);
    CHECK(nc::result_type(nc::float16, K::complex) == nc::complex64);
    CHECK(nc::result_type(nc::float64, K::complex) == nc::complex128);
    CHECK(nc::result_type(nc::int64, K::complex) == nc::complex128);
    CHECK(nc::result_type(nc::complex64, K::floating) == nc::complex64);
    CHECK(nc::result_type(nc::bfloat16, K::floating) == nc::bfloat16);
    CHECK(nc::scalar_kind_of<double>() == K::floating);
    CHECK(nc::scalar_kind_of<unsigned>() == K::integer);
  }

  TEST_CASE("float16_t rounds to nearest even like numpy.float16") {
    // hand-worked binary16 patterns
    CHECK(nc::float16_t(1.0f).bits == 0x3c00);
    CHECK(nc::float16_t(-2.0f).bits == 0xc000);
    CHECK(nc::float16_t(65504.0f).bits == 0x7bff);
    CHECK(nc::float16_t(65519.0f).bits == 0x7bff);                 // below the halfway point to 65536
    CHECK(nc::float16_t(65520.0f).bits == 0x7c00);                 // ties to even: infinity
    CHECK(nc::float16_t(5.9604644775390625e-8f).bits == 0x0001);   // 2^-24, the smallest subnormal
    CHECK(nc::float16_t(2.98023223876953125e-8f).bits == 0x0000);  // 2^-25: tie, rounds to even zero
    CHECK(nc::float16_t(8.94069671630859375e-8f).bits == 0x0002);  // 3 * 2^-25: tie, rounds to even 2
    CHECK(nc::float16_t(1.0f + 1.0f / 2048).bits == 0x3c00);       // tie between 1 and 1 + 2^-10
    CHECK(nc::float16_t(1.0f + 3.0f / 2048).bits == 0x3c02);
    CHECK(std::isnan(static_cast<float>(nc::float16_t(std::nanf("")))));
    CHECK(static_cast<float>(nc::float16_t::from_bits(0x3555)) == doctest::Approx(0.33325195f).epsilon(1e-7));
    CHECK(static_cast<float>(nc::float16_t::from_bits(0x0001)) == 5.9604644775390625e-8f);
    CHECK(std::isinf(static_cast<float>(nc::float16_t::from_bits(0xfc00))));
  }

  TEST_CASE("bfloat16_t rounds to nearest even") {
    CHECK(nc::bfloat16_t(1.0f).bits == 0x3f80);
    CHECK(nc::bfloat16_t(1.00390625f).bits == 0x3f80);  // 1 + 2^-8: tie, even
    CHECK(nc::bfloat16_t(1.01171875f).bits == 0x3f82);  // 1 + 3 * 2^-8: tie, even
    CHECK(static_cast<float>(nc::bfloat16_t::from_bits(0x4049)) == 3.140625f);
    CHECK(std::isnan(static_cast<float>(nc::bfloat16_t(std::nanf("")))));
  }
}
