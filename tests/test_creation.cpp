// Creation: empty/zeros/ones/full and _like, arange and linspace against NumPy, eye, arrays from host data.
#include "test_support.hpp"

using numcu_test::golden_lines;
using numcu_test::host_bytes;
using numcu_test::same_element;
using numcu_test::split;
using numcu_test::words;

namespace {
nc::scalar parse_scalar(const std::string& s) {
  if (s.find_first_of(".eE") != std::string::npos) return std::strtod(s.c_str(), nullptr);
  return static_cast<std::int64_t>(std::stoll(s));
}
}  // namespace

TEST_SUITE("creation") {
  NUMCU_TEST_ON_DEVICES("zeros, ones, full: NumPy's values, the C++ value's dtype", filled_arrays) {
    auto z = nc::zeros({2, 3}, nc::float64, dev);
    CHECK(z.dtype() == nc::float64);
    CHECK(z.to_vector<double>() == std::vector<double>(6, 0.0));
    auto o = nc::ones({4}, nc::int8, dev);
    CHECK(o.to_vector<std::int8_t>() == std::vector<std::int8_t>(4, 1));
    CHECK(nc::full({2}, std::int64_t{3}, std::nullopt, dev).dtype() == nc::int64);  // numpy.full((2,), 3)
    CHECK(nc::full({2}, 3.5, std::nullopt, dev).dtype() == nc::float64);
    CHECK(nc::full({2}, true, std::nullopt, dev).dtype() == nc::bool_);
    CHECK(nc::full({2}, std::complex<double>(1, 2), std::nullopt, dev).dtype() == nc::complex128);
    CHECK(nc::full({3}, -7, nc::int16, dev).to_vector<std::int16_t>() == std::vector<std::int16_t>(3, -7));
    CHECK_THROWS_WITH_AS(nc::full({3}, 1000, nc::int8, dev), "Python integer 1000 out of bounds for int8",
                         nc::dtype_error);
    CHECK(nc::ones({}, nc::float32, dev).item<float>() == 1.0f);
    CHECK(nc::zeros({0, 4}, nc::float32, dev).shape() == nc::shape_t{0, 4});
    CHECK_THROWS_WITH_AS(nc::empty({2, -1}, nc::float32, dev),
                         "negative dimensions are not allowed: shape (2, -1)", nc::shape_error);
  }

  NUMCU_TEST_ON_DEVICES("the _like forms take shape, dtype and device from the model", like_forms) {
    auto a = nc::empty({3, 2}, nc::uint16, dev);
    auto z = nc::zeros_like(a);
    CHECK(z.shape() == a.shape());
    CHECK(z.dtype() == nc::uint16);
    CHECK(z.device() == dev);
    CHECK(nc::ones_like(a, nc::float32).to_vector<float>() == std::vector<float>(6, 1.0f));
    CHECK(nc::full_like(a, 9).to_vector<std::uint16_t>() == std::vector<std::uint16_t>(6, 9));
    CHECK(nc::empty_like(a, std::nullopt, nc::cpu).device() == nc::cpu);
  }

  NUMCU_TEST_ON_DEVICES("arange and linspace match NumPy bit for bit", sequences_golden) {
    for (const auto& line : golden_lines("sequences.txt")) {
      CAPTURE(line);
      const auto fields = split(line, '|');
      const auto w = words(fields[0]);
      const auto values = words(fields.size() > 1 ? fields[1] : "");
      nc::ndarray got;
      nc::dtype t;
      if (w[0] == "arange") {
        t = nc::dtype(w[4]);
        got = nc::arange(parse_scalar(w[1]), parse_scalar(w[2]), parse_scalar(w[3]), t, dev);
      } else {
        t = nc::dtype(w[5]);
        got = nc::linspace(std::strtod(w[1].c_str(), nullptr), std::strtod(w[2].c_str(), nullptr),
                           std::stoll(w[3]), w[4] == "1", t, dev);
      }
      CHECK(got.dtype() == t);
      REQUIRE(got.shape() == nc::shape_t{static_cast<std::int64_t>(values.size())});
      const auto bytes = host_bytes(got);
      const auto want = numcu_test::encode_elements(values, t);
      for (std::size_t i = 0; i < values.size(); ++i) {
        CAPTURE(i);
        CHECK(same_element(bytes.data() + i * t.itemsize(), want.data() + i * t.itemsize(), t));
      }
    }
  }

  NUMCU_TEST_ON_DEVICES("arange and linspace default dtypes and errors", sequence_defaults) {
    // without a dtype, the C++ types of the values decide (docs/numpy_differences.md)
    CHECK(nc::arange(5, std::nullopt, dev).dtype() == nc::int32);
    CHECK(nc::arange(std::int64_t{5}, std::nullopt, dev).dtype() == nc::int64);
    CHECK(nc::arange(std::uint8_t{5}, std::nullopt, dev).dtype() == nc::uint8);
    CHECK(nc::arange(5.0, std::nullopt, dev).dtype() == nc::float64);
    CHECK(nc::arange(5.0f, std::nullopt, dev).dtype() == nc::float32);
    CHECK(nc::arange(0, 1, 0.25f, std::nullopt, dev).dtype() == nc::float32);
    CHECK(nc::arange(0, std::int64_t{4}, 1, std::nullopt, dev).dtype() == nc::int64);
    CHECK(nc::arange(0.5f, 2.0, 1, std::nullopt, dev).dtype() == nc::float64);
    CHECK(nc::full({2}, 3.0f, std::nullopt, dev).dtype() == nc::float32);
    CHECK(nc::full({2}, 3, std::nullopt, dev).dtype() == nc::int32);
    CHECK(nc::full({2}, std::complex<float>(1, 2), std::nullopt, dev).dtype() == nc::complex64);
    CHECK(nc::full({2}, nc::float16_t(1.5f), std::nullopt, dev).dtype() == nc::float16);
    CHECK(nc::linspace(0.0f, 1.0f, 3, true, std::nullopt, dev).dtype() == nc::float32);
    CHECK(nc::linspace(0, 10, 3, true, std::nullopt, dev).dtype() == nc::float64);
    CHECK(nc::array({1.0f}, std::nullopt, dev).dtype() == nc::float32);
    CHECK(nc::arange(1, 2.5, 1, std::nullopt, dev).to_vector<double>() == std::vector<double>{1.0, 2.0});
    CHECK(nc::arange(5, 1, 1, std::nullopt, dev).size() == 0);
    CHECK_THROWS_AS(nc::arange(0, 5, 0, std::nullopt, dev), nc::error);
    CHECK(nc::linspace(0.0, 1.0, 5, true, std::nullopt, dev).dtype() == nc::float64);
    CHECK(nc::linspace(std::complex<double>(0, 0), std::complex<double>(2, 4), 3, true, std::nullopt, dev)
              .to_vector<std::complex<double>>() ==
          std::vector<std::complex<double>>{{0, 0}, {1, 2}, {2, 4}});
    CHECK_THROWS_WITH_AS(nc::linspace(0.0, 1.0, -1, true, std::nullopt, dev),
                         "Number of samples, -1, must be non-negative.", nc::shape_error);
  }

  // NumPy checks every array it makes: the product of the nonzero extents times the itemsize must fit int64
  // (ValueError "array is too big; ..."), whatever the function; numcu raises shape_error with its words
  NUMCU_TEST_ON_DEVICES("sizes that overflow int64 raise NumPy's error and allocate nothing", size_overflow) {
    constexpr const char* too_big =
        "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.";
    const std::int64_t k = std::int64_t{1} << 40;
    const auto one = nc::zeros({1}, nc::float64, dev);
    const std::size_t in_use = nc::memory_stats(dev).in_use;
    CHECK_THROWS_WITH_AS(nc::zeros({k, k}, nc::float64, dev), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::ones({k, k}, nc::int8, dev), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::empty({std::int64_t{1} << 62}, nc::float64, dev), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::full({std::int64_t{1} << 33, std::int64_t{1} << 31}, 1, nc::int8, dev), too_big,
                         nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::zeros({0, std::int64_t{1} << 62, std::int64_t{1} << 62}, nc::float64, dev), too_big,
                         nc::shape_error);  // a zero extent does not excuse the others, as in NumPy
    CHECK_THROWS_WITH_AS(nc::eye(std::int64_t{1} << 33, std::nullopt, 0, nc::float64, dev), too_big,
                         nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::identity(std::int64_t{1} << 32, nc::float64, dev), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::linspace(0.0, 1.0, std::int64_t{1} << 62, true, nc::float64, dev), too_big,
                         nc::shape_error);
    CHECK_THROWS_AS(nc::arange(0.0, 0x1p70, 1.0, nc::float64, dev), nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::broadcast_to(one, {k, k}), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::broadcast_to(one, {std::int64_t{1} << 61, 2}), too_big, nc::shape_error);
    CHECK_THROWS_AS(one.reshape({k, k}), nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::zeros({0}, nc::float64, dev).reshape({0, k, k}), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::empty({-1}, nc::float64, dev), "negative dimensions are not allowed: shape (-1,)",
                         nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::arange(INT64_MIN, INT64_MAX, 1, nc::int64, dev), "Maximum allowed size exceeded",
                         nc::shape_error);
    CHECK(nc::arange(INT64_MAX - 1, INT64_MAX, 10, std::nullopt, dev).to_vector<std::int64_t>() ==
          std::vector<std::int64_t>{INT64_MAX - 1});  // one element: start + step is never formed
    if (dev.is_cpu()) {
      // a stride of INT64_MIN has no int64 magnitude: still "too big", no overflow on the way
      alignas(8) static std::int8_t bytes[2] = {};
      CHECK_THROWS_WITH_AS(nc::from_blob(bytes, {2}, nc::int8, nc::strides_t{INT64_MIN}), too_big, nc::shape_error);
    }
    CHECK(nc::memory_stats(dev).in_use == in_use);  // nothing was allocated, nothing leaked
    // a view whose bytes fit int64 can be made (NumPy's np.broadcast_to(np.zeros(1), (2**31, 2**28)) too)
    CHECK(nc::broadcast_to(one, {std::int64_t{1} << 31, std::int64_t{1} << 28}).size() == std::int64_t{1} << 59);
  }

  NUMCU_TEST_ON_DEVICES("eye and identity", eye_identity) {
    // numpy.eye(3, 4, k=1) and numpy.eye(4, 3, k=-2)
    CHECK(nc::eye(3, 4, 1, nc::int32, dev).to_vector<std::int32_t>() ==
          std::vector<std::int32_t>{0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    CHECK(nc::eye(4, 3, -2, nc::float64, dev).to_vector<double>() ==
          std::vector<double>{0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0});
    CHECK(nc::eye(2, 2, 5, nc::float64, dev).to_vector<double>() == std::vector<double>(4, 0.0));
    auto i = nc::identity(3, nc::bool_, dev);
    CHECK(i.shape() == nc::shape_t{3, 3});
    CHECK(i.to_vector<bool>() ==
          std::vector<bool>{true, false, false, false, true, false, false, false, true});
  }

  NUMCU_TEST_ON_DEVICES("arrays from host vectors, spans, pointers and braced lists", from_host) {
    const std::vector<float> v{1.5f, -2.0f, 3.25f};
    auto a = nc::array(v, std::nullopt, dev);
    CHECK(a.dtype() == nc::float32);
    CHECK(a.device() == dev);
    CHECK(a.to_vector<float>() == v);
    auto b = nc::array(std::span<const float>(v), nc::float64, dev);
    CHECK(b.to_vector<double>() == std::vector<double>{1.5, -2.0, 3.25});
    const std::int16_t raw[] = {1, 2, 3, 4, 5, 6};
    auto c = nc::array(raw, {2, 3}, std::nullopt, dev);
    CHECK(c.shape() == nc::shape_t{2, 3});
    CHECK(c.dtype() == nc::int16);
    CHECK(c(1, 2).item<std::int16_t>() == 6);
    auto d = nc::array({{1, 2}, {3, 4}}, std::nullopt, dev);
    CHECK(d.dtype() == nc::int32);
    CHECK(d.shape() == nc::shape_t{2, 2});
    CHECK(d.to_vector<std::int32_t>() == std::vector<std::int32_t>{1, 2, 3, 4});
    auto e = nc::array({{{1.0, 2.0}}, {{3.0, 4.0}}}, nc::float32, dev);
    CHECK(e.shape() == nc::shape_t{2, 1, 2});
    CHECK(e.to_vector<float>() == std::vector<float>{1, 2, 3, 4});
    auto f = nc::array(std::vector<bool>{true, false, true}, std::nullopt, dev);
    CHECK(f.dtype() == nc::bool_);
    CHECK(f.to_vector<bool>() == std::vector<bool>{true, false, true});
    auto g = nc::array({std::complex<double>(1, -1)}, std::nullopt, dev);
    CHECK(g.dtype() == nc::complex128);
    CHECK(nc::array(std::vector<double>{}, std::nullopt, dev).shape() == nc::shape_t{0});
  }

  NUMCU_TEST_ON_DEVICES("ragged braced lists are a shape_error", ragged_lists) {
    CHECK_THROWS_WITH_AS(
        nc::array({{1, 2}, {3}}, std::nullopt, dev),
        "setting an array element with a sequence. The requested array has an inhomogeneous shape "
        "after 1 dimensions.",
        nc::shape_error);
    const std::int16_t raw[] = {1, 2};
    CHECK_THROWS_AS(nc::array_from_host(raw, nc::int16, 2, {3}, std::nullopt, dev), nc::shape_error);
  }

  TEST_CASE("from_blob wraps host memory without copying") {
    std::vector<double> storage{1, 2, 3, 4, 5, 6};
    auto a = nc::from_blob(storage.data(), {2, 3}, nc::float64);
    CHECK(a.device() == nc::cpu);
    a(0, 0) = 10.0;
    CHECK(storage[0] == 10.0);
    auto t = nc::from_blob(storage.data(), {3, 2}, nc::float64, nc::strides_t{8, 24});
    CHECK(t.to_vector<double>() == std::vector<double>{10, 4, 2, 5, 3, 6});
    CHECK_THROWS_AS(nc::from_blob(storage.data(), {2, 3}, nc::float64, nc::strides_t{8}), nc::shape_error);
  }
}
