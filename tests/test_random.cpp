// Random numbers: Philox4x32-10 against its published answers, the same numbers on the CPU and the GPU,
// the transforms' own logarithm, sine and cosine against long double, draws against their definitions,
// unbiased integers (chi-square), distribution checks, reproducibility, errors.
#include <bit>
#include <cstdint>
#include <limits>

#include "device/philox.hpp"
#include "device/reproducible_math.hpp"
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

// The error of got in units in the last place of T at the exact value want.
template <class T>
long double ulps(T got, long double want) {
  int e;
  std::frexp(static_cast<double>(want), &e);  // |want| in [2^(e-1), 2^e)
  return std::fabs(static_cast<long double>(got) - want) /
         std::ldexp(1.0L, e - std::numeric_limits<T>::digits);
}

const long double pi_l = 3.141592653589793238462643383279502884L;

// sin(pi v) and cos(pi v) in long double, v split exactly into q/2 + r so that the rounding of pi does not
// swamp the values next to the zeros.
void sincospi_l(long double v, long double& s, long double& c) {
  const long double q = std::rint(2 * v), r = v - q / 2;
  const long double sr = std::sin(pi_l * r), cr = std::cos(pi_l * r);
  switch (((static_cast<int>(q) % 4) + 4) % 4) {
    case 0:
      s = sr, c = cr;
      break;
    case 1:
      s = cr, c = -sr;
      break;
    case 2:
      s = -sr, c = -cr;
      break;
    default:
      s = -cr, c = sr;
      break;
  }
}

// The Philox words of element group g of a generator's first call.
numcu::detail::philox_result words(std::uint64_t seed, std::uint64_t g, std::uint32_t attempt = 0) {
  return numcu::detail::philox4x32_10(static_cast<std::uint32_t>(g), static_cast<std::uint32_t>(g >> 32),
                                      attempt, 0, static_cast<std::uint32_t>(seed),
                                      static_cast<std::uint32_t>(seed >> 32));
}

// Pearson's chi-square of integer draws in [low, low + range) over 24 cells: the value's residue mod 3 (the
// cells a multiply-shift without rejection skews: 3 2^30 values from 32-bit words give residue 0 twice as
// often) times its eighth of the range. Returns the statistic and its degrees of freedom; a cell that no
// value falls in must stay empty.
std::pair<double, int> chi_square(const std::vector<std::uint64_t>& offsets, std::uint64_t range) {
  using u128 = unsigned __int128;
  const u128 r = range;
  auto up_to = [](u128 n, int residue) { return n / 3 + (n % 3 > static_cast<u128>(residue) ? 1 : 0); };
  std::vector<double> observed(24, 0.0), expected(24, 0.0);
  for (int eighth = 0; eighth < 8; ++eighth) {
    const u128 from = (r * eighth + 7) / 8,
               to = (r * (eighth + 1) + 7) / 8;  // values with x * 8 / r == eighth
    for (int residue = 0; residue < 3; ++residue)
      expected[residue * 8 + eighth] = static_cast<double>(up_to(to, residue) - up_to(from, residue));
  }
  for (std::uint64_t x : offsets) {
    REQUIRE(x < range);
    observed[(x % 3) * 8 + static_cast<int>(static_cast<u128>(x) * 8 / r)] += 1;
  }
  double stat = 0;
  int cells = 0;
  for (int c = 0; c < 24; ++c) {
    if (expected[c] == 0) {
      CHECK(observed[c] == 0);
      continue;
    }
    const double e = expected[c] / static_cast<double>(range) * static_cast<double>(offsets.size());
    stat += (observed[c] - e) * (observed[c] - e) / e;
    ++cells;
  }
  return {stat, cells - 1};
}

// The draws of integers(low, high) as offsets from low.
std::vector<std::uint64_t> integer_offsets(const nc::ndarray& a, std::int64_t low) {
  const nc::ndarray wide = a.astype(a.dtype() == nc::uint64 ? nc::uint64 : nc::int64);
  std::vector<std::uint64_t> out;
  if (a.dtype() == nc::uint64) {
    for (std::uint64_t x : wide.to_vector<std::uint64_t>())
      out.push_back(x - static_cast<std::uint64_t>(low));
  } else {
    for (std::int64_t x : wide.to_vector<std::int64_t>())
      out.push_back(static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(low));
  }
  return out;
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

  TEST_CASE("the same seed gives the same numbers on the CPU and the GPU, bit for bit [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    using numcu_test::host_bytes;
    for (nc::dtype t : {nc::float16, nc::bfloat16, nc::float32, nc::float64}) {
      CAPTURE(t);
      auto cpu_rng = nc::random::default_rng(1234), gpu_rng = nc::random::default_rng(1234);
      const std::int64_t n = 100003;  // not a multiple of the group size
      CHECK(host_bytes(cpu_rng.random({n}, t, nc::cpu)) == host_bytes(gpu_rng.random({n}, t, nc::cuda(0))));
      CHECK(host_bytes(cpu_rng.uniform(-2, 3, {n}, t, nc::cpu)) ==
            host_bytes(gpu_rng.uniform(-2, 3, {n}, t, nc::cuda(0))));
      CHECK(host_bytes(cpu_rng.standard_normal({n}, t, nc::cpu)) ==
            host_bytes(gpu_rng.standard_normal({n}, t, nc::cuda(0))));
      CHECK(host_bytes(cpu_rng.normal(5.0, 0.75, {n}, t, nc::cpu)) ==
            host_bytes(gpu_rng.normal(5.0, 0.75, {n}, t, nc::cuda(0))));
      CHECK(host_bytes(cpu_rng.exponential(2.0, {n}, t, nc::cpu)) ==
            host_bytes(gpu_rng.exponential(2.0, {n}, t, nc::cuda(0))));
    }
    // integer ranges, with draws rejected and made again (3 2^30 and 3 2^61 reject about a quarter)
    struct range_case {
      nc::dtype t;
      std::int64_t low, high;
    };
    for (const range_case& c :
         {range_case{nc::int16, -5, 17}, range_case{nc::int64, 0, std::int64_t{1} << 40},
          range_case{nc::uint32, 0, std::int64_t{3} << 30}, range_case{nc::int64, 0, std::int64_t{3} << 61},
          range_case{nc::int64, std::numeric_limits<std::int64_t>::min(),
                     std::numeric_limits<std::int64_t>::max()}}) {
      CAPTURE(c.t);
      CAPTURE(c.high);
      auto cpu_rng = nc::random::default_rng(99), gpu_rng = nc::random::default_rng(99);
      CHECK(host_bytes(cpu_rng.integers(c.low, c.high, {100003}, c.t, nc::cpu)) ==
            host_bytes(gpu_rng.integers(c.low, c.high, {100003}, c.t, nc::cuda(0))));
    }
  }

  TEST_CASE("the transforms' logarithm, sine and cosine are within their documented bounds of long double") {
    namespace repro = numcu::detail::repro;
    // float log: every 31st float of [2^-24, 1]
    long double worst = 0;
    for (std::uint32_t bits = 0x33800000u; bits < 0x3f800000u; bits += 31) {
      float x;
      std::memcpy(&x, &bits, 4);
      worst = std::max(worst, ulps(repro::log(x), std::log(static_cast<long double>(x))));
    }
    CHECK(repro::log(1.0f) == 0.0f);
    CHECK(worst <= 0.91L);
    MESSAGE("log(float): " << static_cast<double>(worst) << " ulp");
    // float sincospi: every angle draw v = k 2^-23 - 1 of the float normals, in steps of 3
    long double worst_sin = 0, worst_cos = 0;
    for (std::int32_t k = 0; k < (1 << 24); k += 3) {
      const float v = static_cast<float>(k) * 0x1p-23f - 1.0f;
      float s, c;
      repro::sincospi(v, s, c);
      long double ws, wc;
      sincospi_l(v, ws, wc);
      if (ws != 0) worst_sin = std::max(worst_sin, ulps(s, ws));
      if (wc != 0) worst_cos = std::max(worst_cos, ulps(c, wc));
    }
    CHECK(worst_sin <= 0.99L);
    CHECK(worst_cos <= 0.99L);
    MESSAGE("sincospi(float): " << static_cast<double>(worst_sin) << ", " << static_cast<double>(worst_cos)
                                << " ulp");
    // the normals reduce the angle of draw k in integers: sincospi's bits, but at the halves (k mod 2^22 =
    // 2^21), where the other quarter turn is taken, within the same bound
    long double worst_half = 0;
    for (std::uint32_t k = 0; k < (1u << 24); ++k) {
      float s, c, s_ref, c_ref;
      repro::sincospi_of_draw(k, s, c);
      const float v = static_cast<float>(k) * 0x1p-23f - 1.0f;
      if (k % (1u << 22) != (1u << 21)) {
        repro::sincospi(v, s_ref, c_ref);
        REQUIRE(std::bit_cast<std::uint32_t>(s) == std::bit_cast<std::uint32_t>(s_ref));
        REQUIRE(std::bit_cast<std::uint32_t>(c) == std::bit_cast<std::uint32_t>(c_ref));
      } else {
        long double ws, wc;
        sincospi_l(v, ws, wc);
        worst_half = std::max({worst_half, ulps(s, ws), ulps(c, wc)});
      }
    }
    CHECK(worst_half <= 0.99L);
    // double: 2^21 pseudo-random points of [2^-53, 1] (uniform in the mantissa and in the exponent) and of
    // [-1, 1)
    std::uint64_t state = 88172645463325252ull;
    auto next = [&] {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      return state;
    };
    long double worst_log = 0;
    worst_sin = worst_cos = 0;
    for (int i = 0; i < (1 << 21); ++i) {
      const double x =
          std::ldexp(1.0 + static_cast<double>(next() >> 12) * 0x1p-52, -1 - static_cast<int>(next() % 53));
      worst_log = std::max(worst_log, ulps(repro::log(x), std::log(static_cast<long double>(x))));
      const double v = static_cast<double>(next() >> 11) * 0x1p-52 - 1.0;
      double s, c;
      repro::sincospi(v, s, c);
      long double ws, wc;
      sincospi_l(v, ws, wc);
      if (ws != 0) worst_sin = std::max(worst_sin, ulps(s, ws));
      if (wc != 0) worst_cos = std::max(worst_cos, ulps(c, wc));
    }
    CHECK(repro::log(1.0) == 0.0);
    CHECK(worst_log <= 0.84L);
    CHECK(worst_sin <= 1.05L);
    CHECK(worst_cos <= 1.05L);
    MESSAGE("log(double): " << static_cast<double>(worst_log)
                            << " ulp; sincospi(double): " << static_cast<double>(worst_sin) << ", "
                            << static_cast<double>(worst_cos) << " ulp");
  }

  TEST_CASE("normal and exponential draws on the CPU follow their definitions [cpu]") {
    // reference: the Philox words of each group, their uniform draws, and the transforms in long double
    const std::uint64_t seed = 2024;
    const std::int64_t n = 20002;
    SUBCASE("float64") {
      auto rng = nc::random::default_rng(seed);
      const auto z = rng.standard_normal({n}, nc::float64, nc::cpu).to_vector<double>();
      auto rng2 = nc::random::default_rng(seed);
      const auto g = rng2.normal(5.0, 0.5, {n}, nc::float64, nc::cpu).to_vector<double>();
      auto rng3 = nc::random::default_rng(seed);
      const auto e = rng3.exponential(2.0, {n}, nc::float64, nc::cpu).to_vector<double>();
      for (std::int64_t j = 0; j < n; ++j) {
        const auto w = words(seed, static_cast<std::uint64_t>(j / 2));
        auto unit = [](std::uint32_t hi, std::uint32_t lo) {
          return static_cast<long double>((static_cast<std::uint64_t>(hi) << 32 | lo) >> 11) * 0x1p-53L;
        };
        const long double u0 = unit(w.v[0], w.v[1]), u1 = unit(w.v[2], w.v[3]);
        long double s, c;
        sincospi_l(2 * u1 - 1, s, c);
        const long double normal = std::sqrt(-2 * std::log(1 - u0)) * (j % 2 == 0 ? c : s);
        CAPTURE(j);
        REQUIRE(ulps(z[j], normal) <= 2.5L);
        REQUIRE(std::fabs(g[j] - (5 + normal / 2)) <= 3 * 0x1p-53L * (std::fabs(normal / 2) + 5));
        REQUIRE(ulps(e[j], -2 * std::log(1 - (j % 2 == 0 ? u0 : u1))) <= 1.5L);
      }
    }
    SUBCASE("float32") {
      auto rng = nc::random::default_rng(seed);
      const auto z = rng.standard_normal({n}, nc::float32, nc::cpu).to_vector<float>();
      auto rng2 = nc::random::default_rng(seed);
      const auto e = rng2.exponential(2.0, {n}, nc::float32, nc::cpu).to_vector<float>();
      for (std::int64_t j = 0; j < n; ++j) {
        const auto w = words(seed, static_cast<std::uint64_t>(j / 4));
        auto unit = [](std::uint32_t x) { return static_cast<long double>(x >> 8) * 0x1p-24L; };
        const int pair = static_cast<int>(j % 4) & ~1;
        const long double u0 = unit(w.v[pair]), u1 = unit(w.v[pair + 1]);
        long double s, c;
        sincospi_l(2 * u1 - 1, s, c);
        const long double normal = std::sqrt(-2 * std::log(1 - u0)) * (j % 2 == 0 ? c : s);
        CAPTURE(j);
        REQUIRE(ulps(z[j], normal) <= 2.5L);
        REQUIRE(ulps(e[j], -2 * std::log(1 - unit(w.v[j % 4]))) <= 1.5L);
      }
    }
  }

  TEST_CASE("integers follow Lemire's method, rejected draws made again from the next counters [cpu]") {
    // 3 2^30 values from 32-bit words and 3 2^61 from 64-bit ones: about a quarter of the first draws are
    // rejected
    const std::uint64_t seed = 5;
    const std::int64_t n = 4001;
    const std::uint64_t narrow_range = std::uint64_t{3} << 30, wide_range = std::uint64_t{3} << 61;
    auto rng = nc::random::default_rng(seed);
    const auto a = rng.integers(0, static_cast<std::int64_t>(narrow_range), {n}, nc::int64, nc::cpu)
                       .to_vector<std::int64_t>();
    int redrawn = 0;
    for (std::int64_t j = 0; j < n; ++j) {
      const auto g = static_cast<std::uint64_t>(j / 4);
      const int i = static_cast<int>(j % 4);
      std::uint64_t m = std::uint64_t{words(seed, g).v[i]} * narrow_range;
      for (std::uint32_t attempt = 1; static_cast<std::uint32_t>(m) < (std::uint64_t{1} << 32) % narrow_range;
           ++attempt) {
        m = std::uint64_t{words(seed, g, attempt).v[i]} * narrow_range;
        ++redrawn;
      }
      REQUIRE(a[j] == static_cast<std::int64_t>(m >> 32));
    }
    CHECK(redrawn > n / 8);
    const std::uint64_t offset = rng.offset();  // the second call starts here
    const auto b = rng.integers(0, static_cast<std::int64_t>(wide_range), {n}, nc::int64, nc::cpu)
                       .to_vector<std::int64_t>();
    redrawn = 0;
    const auto threshold = static_cast<std::uint64_t>((static_cast<unsigned __int128>(1) << 64) % wide_range);
    for (std::int64_t j = 0; j < n; ++j) {
      const std::uint64_t g = offset + static_cast<std::uint64_t>(j / 2);
      const int i = static_cast<int>(j % 2);
      auto product = [&](std::uint32_t attempt) {
        const auto w = words(seed, g, attempt);
        const std::uint64_t x = std::uint64_t{w.v[2 * i]} << 32 | w.v[2 * i + 1];
        return static_cast<unsigned __int128>(x) * wide_range;
      };
      unsigned __int128 m = product(0);
      for (std::uint32_t attempt = 1; static_cast<std::uint64_t>(m) < threshold; ++attempt) {
        m = product(attempt);
        ++redrawn;
      }
      REQUIRE(b[j] == static_cast<std::int64_t>(m >> 64));
    }
    CHECK(redrawn > n / 8);
  }

  NUMCU_TEST_ON_DEVICES("integers are unbiased over every integer dtype (chi-square)", integers_chi_square) {
    // Lemire's multiply-shift without its rejection step fails every range of 3 2^30 or 3 2^61 values here
    // with statistics above 10^5 (residue 0 comes twice as often as 1 or 2; threshold: p about 1e-7)
    struct range_case {
      nc::dtype t;
      std::int64_t low, high;
    };
    constexpr std::int64_t int64_min = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t int64_max = std::numeric_limits<std::int64_t>::max();
    const range_case cases[] = {
        {nc::int8, -128, 128},  // whole ranges, of 2^8 ... 2^32 values
        {nc::int8, -100, 27},
        {nc::int8, 5, 6},  // one value
        {nc::uint8, 0, 256},
        {nc::uint8, 3, 9},
        {nc::int16, -32768, 32768},
        {nc::int16, -7, 1000},
        {nc::uint16, 0, 65536},
        {nc::uint16, 0, 1},
        {nc::int32, -(std::int64_t{1} << 31), std::int64_t{1} << 31},
        {nc::int32, -(std::int64_t{1} << 31), std::int64_t{1} << 30},  // 3 2^30 values
        {nc::uint32, 0, std::int64_t{1} << 32},
        {nc::uint32, 0, std::int64_t{3} << 30},
        {nc::int64, 0, std::int64_t{3} << 30},
        {nc::int64, int64_min, -(std::int64_t{1} << 61)},  // 3 2^61 values
        {nc::int64, 0, std::int64_t{3} << 61},
        {nc::int64, int64_min, int64_max},  // 2^64 - 1 values
        {nc::int64, -5, -4},
        {nc::uint64, 0, std::int64_t{3} << 30},
        {nc::uint64, 0, std::int64_t{3} << 61},
        {nc::uint64, 0, int64_max},
        {nc::uint64, 7, 8},
    };
    auto rng = nc::random::default_rng(1);
    for (const range_case& c : cases) {
      CAPTURE(c.t);
      CAPTURE(c.low);
      CAPTURE(c.high);
      const nc::ndarray a = rng.integers(c.low, c.high, {1 << 20}, c.t, dev);
      CHECK(a.dtype() == c.t);
      const auto range = static_cast<std::uint64_t>(c.high) - static_cast<std::uint64_t>(c.low);
      const auto [stat, dof] = chi_square(integer_offsets(a, c.low), range);
      CAPTURE(stat);
      CHECK(stat <= dof + 10 * std::sqrt(2.0 * dof));
    }
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
