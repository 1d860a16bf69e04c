// Random numbers: Philox4x32-10 against its published answers, the same numbers on the CPU and the GPU,
// distribution checks, reproducibility, errors.
#include "device/philox.hpp"
#include "test_support.hpp"

namespace {
template <class T>
std::vector<double> as_doubles(const nc::ndarray& a) {
  const auto v = a.to_vector<T>();
  std::vector<double> out;
  for (const T& x : v) out.push_back(static_cast<double>(x));
  return out;
}
double mean(const std::vector<double>& v) {
  long double s = 0;
  for (double x : v) s += x;
  return static_cast<double>(s / v.size());
}
double stddev(const std::vector<double>& v) {
  const double m = mean(v);
  long double s = 0;
  for (double x : v) s += (x - m) * (x - m);
  return std::sqrt(static_cast<double>(s / v.size()));
}
}  // namespace

TEST_SUITE("random") {
  TEST_CASE("Philox4x32-10 gives Random123's known answers") {
    // kat_vectors of the Random123 library
    using numcu::detail::philox4x32_10;
    auto a = philox4x32_10(0, 0, 0, 0, 0, 0);
    CHECK(a.v[0] == 0x6627e8d5u);
    CHECK(a.v[1] == 0xe169c58du);
    CHECK(a.v[2] == 0xbc57ac4cu);
    CHECK(a.v[3] == 0x9b00dbd8u);
    auto b = philox4x32_10(0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu);
    CHECK(b.v[0] == 0x408f276du);
    CHECK(b.v[1] == 0x41c83b0eu);
    CHECK(b.v[2] == 0xa20bc7c6u);
    CHECK(b.v[3] == 0x6d5451fdu);
    auto c = philox4x32_10(0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u, 0xa4093822u, 0x299f31d0u);
    CHECK(c.v[0] == 0xd16cfe09u);
    CHECK(c.v[1] == 0x94fdccebu);
    CHECK(c.v[2] == 0x5001e420u);
    CHECK(c.v[3] == 0x24126ea1u);
  }

  TEST_CASE("the same seed gives the same numbers on the CPU and the GPU [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    for (nc::dtype t : {nc::float16, nc::bfloat16, nc::float32, nc::float64}) {
      CAPTURE(t);
      auto cpu_rng = nc::random::default_rng(1234), gpu_rng = nc::random::default_rng(1234);
      const std::int64_t n = 10007;  // not a multiple of the group size
      // uniform draws are exact integer arithmetic: equal bit for bit
      CHECK(numcu_test::host_bytes(cpu_rng.random({n}, t, nc::cpu)) ==
            numcu_test::host_bytes(gpu_rng.random({n}, t, nc::cuda(0))));
      CHECK(numcu_test::host_bytes(cpu_rng.uniform(-2, 3, {n}, t, nc::cpu)) ==
            numcu_test::host_bytes(gpu_rng.uniform(-2, 3, {n}, t, nc::cuda(0))));
      // normal and exponential go through log/sqrt/sin/cos, whose last bit may differ between libm and CUDA
      const auto hn = cpu_rng.standard_normal({n}, t, nc::cpu).astype(nc::float64).to_vector<double>();
      const auto gn = gpu_rng.standard_normal({n}, t, nc::cuda(0)).astype(nc::float64).to_vector<double>();
      const double tol = t == nc::float64 ? 1e-12 : t == nc::float32 ? 1e-5 : 1e-2;
      for (std::int64_t i = 0; i < n; ++i) REQUIRE(std::fabs(hn[i] - gn[i]) <= tol * (1 + std::fabs(hn[i])));
      const auto he = cpu_rng.exponential(2.0, {n}, t, nc::cpu).astype(nc::float64).to_vector<double>();
      const auto ge = gpu_rng.exponential(2.0, {n}, t, nc::cuda(0)).astype(nc::float64).to_vector<double>();
      for (std::int64_t i = 0; i < n; ++i) REQUIRE(std::fabs(he[i] - ge[i]) <= tol * (1 + std::fabs(he[i])));
    }
    auto cpu_rng = nc::random::default_rng(99), gpu_rng = nc::random::default_rng(99);
    CHECK(cpu_rng.integers(-5, 17, {1001}, nc::int16, nc::cpu).to_vector<std::int16_t>() ==
          gpu_rng.integers(-5, 17, {1001}, nc::int16, nc::cuda(0)).to_vector<std::int16_t>());
    CHECK(
        cpu_rng.integers(0, std::int64_t{1} << 40, {1001}, nc::int64, nc::cpu).to_vector<std::int64_t>() ==
        gpu_rng.integers(0, std::int64_t{1} << 40, {1001}, nc::int64, nc::cuda(0)).to_vector<std::int64_t>());
  }

  NUMCU_TEST_ON_DEVICES("distributions have the right range and moments", distributions) {
    auto rng = nc::random::default_rng(42);
    const std::int64_t n = 200000;
    auto u = as_doubles<double>(rng.random({n}, nc::float64, dev));
    CHECK(*std::min_element(u.begin(), u.end()) >= 0.0);
    CHECK(*std::max_element(u.begin(), u.end()) < 1.0);
    CHECK(mean(u) == doctest::Approx(0.5).epsilon(0.01));
    auto z = as_doubles<float>(rng.standard_normal({n}, nc::float32, dev));
    CHECK(std::fabs(mean(z)) < 0.01);
    CHECK(stddev(z) == doctest::Approx(1.0).epsilon(0.01));
    auto g = as_doubles<double>(rng.normal(5.0, 0.5, {n}, nc::float64, dev));
    CHECK(mean(g) == doctest::Approx(5.0).epsilon(0.01));
    CHECK(stddev(g) == doctest::Approx(0.5).epsilon(0.01));
    auto e = as_doubles<double>(rng.exponential(3.0, {n}, nc::float64, dev));
    CHECK(*std::min_element(e.begin(), e.end()) >= 0.0);
    CHECK(mean(e) == doctest::Approx(3.0).epsilon(0.02));
    auto w = as_doubles<float>(rng.uniform(-4.0, -2.0, {n}, nc::float32, dev));
    CHECK(*std::min_element(w.begin(), w.end()) >= -4.0);
    CHECK(*std::max_element(w.begin(), w.end()) <= -2.0);
    auto k = rng.integers(3, 9, {n}, nc::uint8, dev).to_vector<std::uint8_t>();
    std::vector<int> counts(10, 0);
    for (auto x : k) counts[x]++;
    for (int v = 0; v < 10; ++v) {
      if (v < 3 || v >= 9)
        CHECK(counts[v] == 0);
      else
        CHECK(counts[v] == doctest::Approx(n / 6.0).epsilon(0.03));
    }
    auto h = rng.random({1000}, nc::float16, dev);
    CHECK(h.dtype() == nc::float16);
  }

  NUMCU_TEST_ON_DEVICES("a seed replays its sequence; successive calls differ", reproducibility) {
    auto a = nc::random::default_rng(7), b = nc::random::default_rng(7);
    const auto first = a.random({100}, nc::float64, dev).to_vector<double>();
    CHECK(first == b.random({100}, nc::float64, dev).to_vector<double>());
    CHECK(a.offset() == 50);
    CHECK_FALSE(first == a.random({100}, nc::float64, dev).to_vector<double>());
    nc::random::seed(3);
    const auto r1 = nc::random::rand({5}, dev).to_vector<double>();
    nc::random::seed(3);
    CHECK(nc::random::rand({5}, dev).to_vector<double>() == r1);
    CHECK(nc::random::randn({2, 3}, dev).shape() == nc::shape_t{2, 3});
    CHECK(nc::random::default_rng(8).random({0}, nc::float32, dev).size() == 0);
  }

  NUMCU_TEST_ON_DEVICES("bad arguments are rejected", random_errors) {
    auto rng = nc::random::default_rng(1);
    CHECK_THROWS_WITH_AS(rng.random({3}, nc::int32, dev),
                         "random: unsupported dtype int32 (a floating dtype is needed)", nc::dtype_error);
    CHECK_THROWS_WITH_AS(rng.integers(5, 5, {3}, nc::int64, dev), "integers: high <= low", nc::error);
    CHECK_THROWS_AS(rng.integers(0, 1000, {3}, nc::int8, dev), nc::dtype_error);
    CHECK_THROWS_AS(rng.integers(0, 10, {3}, nc::float32, dev), nc::dtype_error);
    CHECK_THROWS_AS(rng.normal(0, -1, {3}, nc::float64, dev), nc::error);
    CHECK(rng.offset() == 0);  // nothing was drawn
  }
}
