// numpy.fft (numcu/fft.hpp) against NumPy (tests/data/fft.txt, written by generate_fft.py): every transform
// over bool, integer, float16, float32, float64, complex64 and complex128 input, lengths cut and padded, each
// axis, each norm, the n-dimensional forms with s and axes, the frequencies and shifts; results within a few
// units of the last place of the transform's precision times log n (single precision for float16, float32 and
// complex64), dtypes and shapes exact; ifft(fft(x)) = x on long signals; out=, bfloat16, the errors with
// NumPy's messages; the plan cache on the GPU. On the CPU these need kissfft (reported as skipped in a build
// without it).
#include <cmath>
#include <complex>
#include <random>

#include "test_support.hpp"

using numcu_test::golden_lines;
using numcu_test::message_of;
using numcu_test::parse_shape;
using numcu_test::split;
using numcu_test::words;

#define NUMCU_TEST_ON_DEVICES_WITH_FFT(title, body_name) \
  NUMCU_TEST_ON_DEVICES_SKIPPING_CPU(title, body_name, !nc::fft::cpu_fft_available())

namespace {

std::vector<std::complex<double>> values_of(const nc::ndarray& a) {
  return nc::asnumpy(a.astype(nc::complex128)).to_vector<std::complex<double>>();
}

/// The keyword arguments of a golden line: "n=5;axis=0;norm=ortho".
std::map<std::string, std::string> arguments(const std::string& text) {
  std::map<std::string, std::string> r;
  if (text == "-") return r;
  for (const auto& part : split(text, ';')) {
    const auto eq = part.find('=');
    r[part.substr(0, eq)] = part.substr(eq + 1);
  }
  return r;
}

nc::fft::norm_mode norm_of(const std::map<std::string, std::string>& kw) {
  const auto it = kw.find("norm");
  if (it == kw.end() || it->second == "backward") return nc::fft::norm_mode::backward;
  return it->second == "ortho" ? nc::fft::norm_mode::ortho : nc::fft::norm_mode::forward;
}

std::optional<std::vector<std::int64_t>> list_of(const std::map<std::string, std::string>& kw,
                                                 const char* key) {
  const auto it = kw.find(key);
  if (it == kw.end()) return std::nullopt;
  return numcu_test::comma_ints(it->second);
}

/// The call a golden line names.
nc::ndarray call(const std::string& func, const std::map<std::string, std::string>& kw,
                 const nc::ndarray& a) {
  const auto n = kw.count("n") ? std::optional<std::int64_t>(std::stoll(kw.at("n"))) : std::nullopt;
  const std::int64_t axis = kw.count("axis") ? std::stoll(kw.at("axis")) : -1;
  const nc::fft::norm_mode norm = norm_of(kw);
  const auto s = list_of(kw, "s"), axes = list_of(kw, "axes");
  if (func == "fft") return nc::fft::fft(a, n, axis, norm);
  if (func == "ifft") return nc::fft::ifft(a, n, axis, norm);
  if (func == "rfft") return nc::fft::rfft(a, n, axis, norm);
  if (func == "irfft") return nc::fft::irfft(a, n, axis, norm);
  if (func == "hfft") return nc::fft::hfft(a, n, axis, norm);
  if (func == "ihfft") return nc::fft::ihfft(a, n, axis, norm);
  if (func == "fftn") return nc::fft::fftn(a, s, axes, norm);
  if (func == "ifftn") return nc::fft::ifftn(a, s, axes, norm);
  if (func == "rfftn") return nc::fft::rfftn(a, s, axes, norm);
  if (func == "irfftn") return nc::fft::irfftn(a, s, axes, norm);
  if (func == "fft2") return nc::fft::fft2(a, s, axes.value_or(std::vector<std::int64_t>{-2, -1}), norm);
  const nc::axis_arg along = axes ? nc::axis_arg(*axes) : nc::axis_arg(nc::none);
  return func == "fftshift" ? nc::fft::fftshift(a, along) : nc::fft::ifftshift(a, along);
}

/// Checks @p got against the golden values: max |got - want| within tol * (1 + max |want|), tol from the
/// transform's precision and the longest axis.
void check_transform(const nc::ndarray& got, const std::vector<std::string>& want_text, nc::dtype t,
                     std::int64_t longest) {
  CHECK(got.dtype() == t);
  const auto want = values_of(
      numcu_test::array_from_text(want_text, t, {static_cast<std::int64_t>(want_text.size())}, nc::cpu));
  const auto have = values_of(got);
  REQUIRE(have.size() == want.size());
  double scale = 1, error = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    scale = std::max(scale, std::abs(want[i]));
    error = std::max(error, std::abs(have[i] - want[i]));
  }
  const bool single = t == nc::complex64 || t == nc::float32 || t == nc::float16;
  const double eps = t == nc::float16 ? 1e-3 : single ? 1.2e-7 : 2.3e-16;
  CHECK(error <= 8 * eps * std::log2(static_cast<double>(longest) + 2) * scale);
}

}  // namespace

NUMCU_TEST_ON_DEVICES_WITH_FFT("numpy.fft's transforms, frequencies and shifts agree with NumPy",
                               fft_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("fft.txt")) {
    CAPTURE(line.substr(0, 160));
    const auto parts = split(line, '|');
    const auto head = words(parts[0]);
    const std::string& func = head[0];
    const auto kw = arguments(head[1]);
    ++lines;
    if (func == "fftfreq" || func == "rfftfreq") {
      const std::int64_t n = std::stoll(kw.at("n"));
      const double d = std::stod(kw.at("d"));
      const nc::ndarray r = func == "fftfreq" ? nc::fft::fftfreq(n, d, dev) : nc::fft::rfftfreq(n, d, dev);
      numcu_test::check_elements(r, words(parts[3]), nc::dtype(words(parts[2])[0]));
      continue;
    }
    const auto w = words(parts[1]);
    const nc::ndarray a = numcu_test::golden_view(std::vector<std::string>(w.begin() + 3, w.end()),
                                                  nc::dtype(w[0]), parse_shape(w[1]), w[2], dev);
    const auto before = numcu_test::host_bytes(a);
    if (words(parts[2])[0] == "!") {
      CHECK_THROWS_AS((void)call(func, kw, a), nc::shape_error);
      continue;
    }
    const nc::ndarray r = call(func, kw, a);
    const auto result = words(parts[2]);
    CHECK(r.device() == dev);
    CHECK(r.shape() == parse_shape(result[1]));
    std::int64_t longest = 1;
    for (const std::int64_t e : a.shape()) longest = std::max(longest, e);
    for (const std::int64_t e : r.shape()) longest = std::max(longest, e);
    if (func == "fftshift" || func == "ifftshift") {
      numcu_test::check_elements(r, words(parts[3]), nc::dtype(result[0]));
    } else {
      check_transform(r, words(parts[3]), nc::dtype(result[0]), longest);
    }
    CHECK(numcu_test::host_bytes(a) == before);
  }
  CHECK(lines > 500);
}

NUMCU_TEST_ON_DEVICES_WITH_FFT("ifft(fft(x)) = x and irfft(rfft(x)) = x on long signals of every length kind",
                               fft_round_trip) {
  std::mt19937_64 rng(20261206);
  std::normal_distribution<double> normal;
  // a power of two, a product of small primes, a large prime (cuFFT's Bluestein, kissfft's generic radix)
  for (const std::int64_t n : {std::int64_t{4096}, std::int64_t{3 * 5 * 7 * 16}, std::int64_t{1009}}) {
    for (const nc::dtype t : {nc::complex64, nc::complex128}) {
      CAPTURE(n);
      CAPTURE(t);
      std::vector<std::complex<double>> v(static_cast<std::size_t>(3 * n));
      for (auto& x : v) x = {normal(rng), normal(rng)};
      const nc::ndarray x = nc::array(v, std::nullopt, dev).reshape({3, n}).astype(t);
      const double eps = t == nc::complex64 ? 1.2e-7 : 2.3e-16,
                   bound = 16 * eps * std::log2(static_cast<double>(n));
      const auto back = values_of(nc::fft::ifft(nc::fft::fft(x)));
      const auto want = values_of(x);
      double error = 0, scale = 0;
      for (std::size_t i = 0; i < want.size(); ++i) {
        error = std::max(error, std::abs(back[i] - want[i]));
        scale = std::max(scale, std::abs(want[i]));
      }
      CHECK(error <= bound * scale);
      const nc::ndarray re = nc::real(x);
      const auto real_back = values_of(nc::fft::irfft(nc::fft::rfft(re), n));
      const auto real_want = values_of(re);
      error = 0;
      for (std::size_t i = 0; i < real_want.size(); ++i)
        error = std::max(error, std::abs(real_back[i] - real_want[i]));
      CHECK(error <= bound * scale);
      // the n-dimensional transform over the last axes (one cuFFT call) agrees with the axis-by-axis one
      const nc::ndarray cube = x.reshape({3, n}).reshape({1, 3, n});
      const nc::ndarray together = nc::fft::fftn(cube, std::nullopt, std::vector<std::int64_t>{1, 2});
      const nc::ndarray apart = nc::fft::fft(nc::fft::fft(cube, std::nullopt, 2), std::nullopt, 1);
      const auto a1 = values_of(together), a2 = values_of(apart);
      error = 0;
      for (std::size_t i = 0; i < a1.size(); ++i) error = std::max(error, std::abs(a1[i] - a2[i]));
      CHECK(error <= bound * scale * std::sqrt(3.0 * static_cast<double>(n)));
    }
  }
}

NUMCU_TEST_ON_DEVICES_WITH_FFT("fft's out, bfloat16 as float16, and NumPy's errors", fft_forms_and_errors) {
  const nc::ndarray x = nc::arange(8, nc::float64, dev);
  nc::ndarray out = nc::zeros({8}, nc::complex64, dev);
  CHECK(nc::fft::fft(x, std::nullopt, -1, nc::fft::norm_mode::backward, out).data_ptr() == out.data_ptr());
  CHECK(nc::asnumpy(nc::real(out)).to_vector<float>()[0] == 28.0f);
  const nc::ndarray h = nc::fft::fft(x.astype(nc::bfloat16));
  CHECK(h.dtype() == nc::complex64);
  CHECK(nc::fft::irfft(x.astype(nc::float16)).dtype() == nc::float16);
  CHECK(nc::fft::irfft(x.astype(nc::int8)).dtype() == nc::float64);
  CHECK(message_of([&] { (void)nc::fft::fft(x, 0); }) == "Invalid number of FFT data points (0) specified.");
  CHECK(message_of([&] { (void)nc::fft::fft(x, std::nullopt, 2); }) == "tuple index out of range");
  CHECK(message_of([&] { (void)nc::fft::fft(x, 4, 2); }) ==
        "axis 2 is out of bounds for array of dimension 1");
  CHECK(message_of([&] { (void)nc::fft::rfft(x.astype(nc::complex64)); }) ==
        "ufunc 'rfft_n_even' not supported for the input types, and the inputs could not be safely coerced "
        "to any "
        "supported types according to the casting rule ''safe''");
  CHECK(message_of([&] {
          (void)nc::fft::fft(x, std::nullopt, -1, nc::fft::norm_mode::backward,
                             nc::zeros({3}, nc::complex128, dev));
        }) == "output array has wrong shape.");
  CHECK(message_of([&] {
          (void)nc::fft::fft(x, std::nullopt, -1, nc::fft::norm_mode::backward,
                             nc::zeros({8}, nc::float64, dev));
        }) ==
        "Cannot cast ufunc 'fft' output from dtype('complex128') to dtype('float64') with casting rule "
        "'same_kind'");
  CHECK(message_of([&] { (void)nc::fft::fft2(x); }) == "index -2 is out of bounds for axis 0 with size 1");
  CHECK(
      message_of([&] {
        (void)nc::fft::fftn(x.reshape({2, 4}), std::vector<std::int64_t>{2}, std::vector<std::int64_t>{0, 1});
      }) == "Shape and axes have different lengths.");
  // NumPy's 1.0 / (n * d) in Python floats, and its empty(n) (rfftfreq's arange(0, n // 2 + 1) is empty
  // instead)
  CHECK(message_of([&] { (void)nc::fft::fftfreq(0, 1.0, dev); }) == "float division by zero");
  CHECK(message_of([&] { (void)nc::fft::rfftfreq(5, 0.0, dev); }) == "float division by zero");
  CHECK_THROWS_AS((void)nc::fft::fftfreq(4, -0.0, dev), nc::error);
  CHECK(message_of([&] { (void)nc::fft::fftfreq(-1, 1.0, dev); }) == "negative dimensions are not allowed");
  CHECK_THROWS_AS((void)nc::fft::fftfreq(-1, 1.0, dev), nc::shape_error);
  CHECK(nc::fft::rfftfreq(-1, 1.0, dev).shape() == nc::shape_t{0});
  CHECK(nc::fft::rfftfreq(-3, 2.0, dev).shape() == nc::shape_t{0});
  CHECK(nc::array_equal(x, nc::arange(8, nc::float64, dev)));
}

TEST_CASE("cuFFT plans are cached per thread, within the limits set [cuda]" *
          doctest::skip(numcu_test::no_gpu())) {
  const nc::device gpu = nc::cuda(0);
  nc::fft::clear_plan_cache();
  CHECK(nc::fft::plan_cache(gpu).plans == 0);
  const nc::ndarray x = nc::ones({64}, nc::complex64, gpu);
  (void)nc::fft::fft(x);
  (void)nc::fft::fft(x);
  CHECK(nc::fft::plan_cache(gpu).plans == 1);  // the second call reused the plan
  (void)nc::fft::fft(nc::ones({32}, nc::complex64, gpu));
  CHECK(nc::fft::plan_cache(gpu).plans == 2);
  nc::fft::set_plan_cache_size(1);
  CHECK(nc::fft::plan_cache(gpu).plans == 1);
  CHECK(nc::fft::plan_cache(gpu).max_plans == 1);
  (void)nc::fft::fft(nc::ones({16}, nc::complex64, gpu));
  CHECK(nc::fft::plan_cache(gpu).plans == 1);
  nc::fft::set_plan_cache_size(16);
  nc::fft::clear_plan_cache();
  CHECK(nc::fft::plan_cache(gpu).plans == 0);
  // the transform is right after the evictions
  CHECK(nc::asnumpy(nc::real(nc::fft::fft(x))).to_vector<float>()[0] == 64.0f);
}

TEST_CASE("the CPU's transforms work with the build's kissfft, and without it raise device_error naming it") {
  // fft(ones(4)) is [4, 0, 0, 0] by hand
  if (nc::fft::cpu_fft_available()) {
    const nc::ndarray f = nc::fft::fft(nc::ones({4}, nc::float64, nc::cpu));
    CHECK(f.dtype() == nc::complex128);
    CHECK(nc::asnumpy(f).to_vector<std::complex<double>>() ==
          std::vector<std::complex<double>>{{4, 0}, {0, 0}, {0, 0}, {0, 0}});
  } else {
    CHECK(message_of([] { (void)nc::fft::fft(nc::ones({4}, nc::float64, nc::cpu)); }) ==
          "fft on the CPU needs kissfft, which this build of numcu did not find (Debian: libkissfft-dev)");
  }
}
