// Reductions, statistics and scans against NumPy (tests/data/reductions.txt, written by
// generate_reduction_golden.py), hand-worked cases of the keyword arguments, long-double references for
// accuracy, the errors, and the bitwise agreement of the CPU and the GPU.
#include <cmath>
#include <complex>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <random>

#include "test_support.hpp"

using numcu_test::golden_lines;
using numcu_test::message_of;
using numcu_test::parse_shape;
using numcu_test::split;
using numcu_test::words;

namespace {

/// The values of an array as complex<double>, C order (0-d: one value).
std::vector<std::complex<double>> as_complex(const nc::ndarray& a) {
  return nc::asnumpy(a.astype(nc::complex128)).to_vector<std::complex<double>>();
}

/// Largest finite |x| of the input (the scale of rounding errors of sums with cancellation).
double input_scale(const nc::ndarray& a) {
  double m = 0;
  for (const auto& z : as_complex(a)) {
    if (std::isfinite(z.real())) m = std::max(m, std::abs(z.real()));
    if (std::isfinite(z.imag())) m = std::max(m, std::abs(z.imag()));
  }
  return m;
}

/// Relative rounding error allowed for a result of dtype t: a few ulp of the dtype.
double tolerance_of(nc::dtype t) {
  if (t == nc::float16) return 4e-3;
  if (t == nc::bfloat16) return 3e-2;
  if (t == nc::float32 || t == nc::complex64) return 4e-6;
  return 1e-13;
}

bool close(double got, double want, double tol) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  return std::abs(got - want) <= tol;
}

/// Runs one golden case's function.
nc::ndarray run_case(const std::string& func, const nc::ndarray& a, const std::vector<std::int64_t>* axes,
                     bool keepdims, int ddof) {
  const nc::axis_arg axis = axes ? nc::axis_arg(*axes) : nc::axis_arg(nc::none);
  const std::optional<std::int64_t> one = axes ? std::optional<std::int64_t>((*axes)[0]) : std::nullopt;
  const nc::reduce_options o{.keepdims = keepdims, .ddof = static_cast<double>(ddof)};
  static const std::map<std::string, nc::ndarray (*)(const nc::ndarray&, const nc::axis_arg&,
                                                     const nc::reduce_options&)>
      reductions = {{"sum", nc::sum},         {"prod", nc::prod},       {"nansum", nc::nansum},
                    {"nanprod", nc::nanprod}, {"max", nc::max},         {"min", nc::min},
                    {"nanmax", nc::nanmax},   {"nanmin", nc::nanmin},   {"ptp", nc::ptp},
                    {"mean", nc::mean},       {"var", nc::var},         {"std", nc::std},
                    {"nanmean", nc::nanmean}, {"nanvar", nc::nanvar},   {"nanstd", nc::nanstd},
                    {"any", nc::any}};
  if (auto f = reductions.find(func); f != reductions.end()) return f->second(a, axis, o);
  if (func == "all") return nc::all(a, axis, o);
  if (func == "count_nonzero") return nc::count_nonzero(a, axis, keepdims);
  if (func == "argmax") return nc::argmax(a, one, keepdims);
  if (func == "argmin") return nc::argmin(a, one, keepdims);
  if (func == "nanargmax") return nc::nanargmax(a, one, keepdims);
  if (func == "nanargmin") return nc::nanargmin(a, one, keepdims);
  if (func == "cumsum") return nc::cumsum(a, one);
  if (func == "cumprod") return nc::cumprod(a, one);
  if (func == "nancumsum") return nc::nancumsum(a, one);
  if (func == "nancumprod") return nc::nancumprod(a, one);
  FAIL("unknown function " << func);
  return a;
}

/// Whether @p e is the numcu class of NumPy's exception @p kind.
bool right_class(const std::string& kind, const nc::error& e) {
  if (kind == "dtype") return dynamic_cast<const nc::dtype_error*>(&e) != nullptr;
  if (kind == "index") return dynamic_cast<const nc::index_error*>(&e) != nullptr;
  // NumPy's ValueError: shape_error, or numcu::error itself for the NaN slices
  return dynamic_cast<const nc::dtype_error*>(&e) == nullptr && dynamic_cast<const nc::index_error*>(&e) == nullptr;
}

}  // namespace

NUMCU_TEST_ON_DEVICES("reductions and scans match NumPy (golden)", reductions_golden) {
  int checked = 0;
  for (const auto& line : golden_lines("reductions.txt")) {
    CAPTURE(line);
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    const std::string func = w[0];
    const nc::dtype t(w[1]);
    const nc::shape_t base_shape = parse_shape(w[2]);
    const std::string view = w[3];
    std::vector<std::int64_t> axes;
    const bool has_axis = w[4] != "none";
    if (has_axis) {
      for (const auto& x : split(w[4], ',')) axes.push_back(std::stoll(x));
    }
    const bool keepdims = w[5] == "1";
    const int ddof = std::stoi(w[6]);
    const nc::ndarray base = numcu_test::array_from_text(words(parts[1]), t, base_shape, dev);
    nc::ndarray a = base;
    if (view == "t") a = base.T();
    if (view == "n") a = base(nc::slice(nc::none, nc::none, -1));
    if (view[0] == 'b') {
      nc::shape_t s = base.shape();
      s[0] = std::stoll(view.substr(1));
      a = nc::broadcast_to(base, s);
    }
    const auto before = numcu_test::host_bytes(base);
    const auto result = words(parts[2]);
    if (result[0] == "error") {
      try {
        run_case(func, a, has_axis ? &axes : nullptr, keepdims, ddof);
        FAIL("no error; NumPy raises " << result[1]);
      } catch (const nc::error& e) {
        CAPTURE(e.what());
        CHECK(right_class(result[1], e));
      }
      CHECK(numcu_test::host_bytes(base) == before);
      continue;
    }
    const nc::ndarray got = run_case(func, a, has_axis ? &axes : nullptr, keepdims, ddof);
    const nc::dtype want_dtype(result[0]);
    CHECK(got.dtype() == want_dtype);
    CHECK(got.shape() == parse_shape(result[1]));
    const auto values = words(parts.size() > 3 ? parts[3] : "");
    const nc::ndarray want = numcu_test::array_from_text(values, want_dtype, {static_cast<std::int64_t>(values.size())}, nc::cpu);
    const auto g = as_complex(got), e = as_complex(want);
    REQUIRE(g.size() == e.size());
    const bool exact = !want_dtype.is_floating() && !want_dtype.is_complex();
    const bool squares = func.find("var") != std::string::npos;
    const bool products = func.find("prod") != std::string::npos;
    const double scale = input_scale(a);
    for (std::size_t i = 0; i < g.size(); ++i) {
      CAPTURE(i);
      if (exact) {
        CHECK(g[i] == e[i]);
        continue;
      }
      if (products && want_dtype.is_complex() && !(std::isfinite(e[i].real()) && std::isfinite(e[i].imag()))) {
        // complex products with infinite parts depend on the order of the multiplications (NumPy's is
        // sequential, numcu's a fixed tree; docs/numpy_differences.md): both must be non-finite
        CHECK(!(std::isfinite(g[i].real()) && std::isfinite(g[i].imag())));
        continue;
      }
      // a few ulp of the result, or of the inputs' size where a sum cancels (squared for variances)
      const double size = std::isfinite(std::abs(e[i])) ? std::abs(e[i]) : 0.0;
      const double tol = tolerance_of(want_dtype) * (size + (products ? 0.0 : (squares ? scale * scale : scale)) * 8);
      CHECK_MESSAGE(close(g[i].real(), e[i].real(), tol), g[i] << " vs " << e[i]);
      CHECK_MESSAGE(close(g[i].imag(), e[i].imag(), tol), g[i] << " vs " << e[i]);
    }
    ++checked;
  }
  CHECK(checked > 10000);
}

NUMCU_TEST_ON_DEVICES("reduction keyword arguments: dtype, out, initial, where, keepdims", reduction_options) {
  // hand-worked: int8 100 + 100 + 100 accumulated in int8 wraps to 44, as NumPy's sum(dtype=int8)
  const nc::ndarray i8 = nc::full({3}, 100, nc::int8, dev);
  CHECK(nc::sum(i8).item<std::int64_t>() == 300);
  CHECK(nc::sum(i8).dtype() == nc::int64);
  const nc::ndarray wrapped = nc::sum(i8, nc::none, {.dtype = nc::int8});
  CHECK(wrapped.dtype() == nc::int8);
  CHECK(wrapped.item<std::int8_t>() == 44);
  CHECK(nc::sum(nc::full({3}, 200, nc::uint8, dev)).dtype() == nc::uint64);
  CHECK(nc::sum(nc::ones({2}, nc::float16, dev)).dtype() == nc::float16);
  CHECK(nc::mean(nc::arange(0, 4, 1, nc::int32, dev)).item<double>() == 1.5);
  // initial= is the start of the reduction
  const nc::ndarray v = nc::arange(1, 4, 1, nc::float64, dev);  // 1 2 3
  CHECK(nc::sum(v, nc::none, {.initial = 10.0}).item<double>() == 16.0);
  CHECK(nc::prod(v, nc::none, {.initial = 2.0}).item<double>() == 12.0);
  CHECK(nc::max(v, nc::none, {.initial = 5.0}).item<double>() == 5.0);
  CHECK(nc::min(nc::empty({0}, nc::float64, dev), nc::none, {.initial = 7.0}).item<double>() == 7.0);
  // where= ([[1, 2], [3, 4]] with [[T, F], [T, T]]): column sums 4 and 4, column maxima with initial 0
  const nc::ndarray m = nc::arange(1, 5, 1, nc::int64, dev).reshape({2, 2});
  const nc::ndarray mask = nc::not_equal(m, 2);
  CHECK(nc::sum(m, 0, {.where = mask}).to_vector<std::int64_t>() == std::vector<std::int64_t>{4, 4});
  CHECK(nc::max(m, 1, {.initial = 0, .where = mask}).to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 4});
  CHECK(nc::mean(m, 0, {.where = mask}).to_vector<double>() == std::vector<double>{2.0, 4.0});
  CHECK(nc::any(nc::zeros({2, 2}, nc::bool_, dev), 0, {.where = mask}).to_vector<bool>() == std::vector<bool>{false, false});
  // var with where= ([1, 3] and [4]): 1.0 and 0.0
  CHECK(nc::var(m, 0, {.where = mask}).to_vector<double>() == std::vector<double>{1.0, 0.0});
  // out= with another dtype: cast as NumPy (unsafe)
  nc::ndarray out = nc::zeros({2}, nc::float32, dev);
  const nc::ndarray r = nc::sum(m, 0, {.out = out});
  CHECK(r.shares_memory_with(out));
  CHECK(out.to_vector<float>() == std::vector<float>{4.0f, 6.0f});
  // keepdims, members, negative and several axes
  const nc::ndarray x = nc::arange(0, 24, 1, nc::float64, dev).reshape({2, 3, 4});
  CHECK(x.sum({0, -1}, {.keepdims = true}).shape() == nc::shape_t{1, 3, 1});
  CHECK(x.sum({0, -1}).to_vector<double>() == std::vector<double>{60, 92, 124});
  CHECK(x.max(1).shape() == nc::shape_t{2, 4});
  CHECK(x.argmax().item<std::int64_t>() == 23);
  CHECK(x.argmax(1, true).shape() == nc::shape_t{2, 1, 4});
  CHECK(nc::count_nonzero(x).item<std::int64_t>() == 23);
  CHECK(nc::all(x, 2).to_vector<bool>() == std::vector<bool>{false, true, true, true, true, true});
  CHECK(x.all().item<bool>() == false);
  // a reduction to a scalar is a 0-d array on the device
  CHECK(nc::sum(x).ndim() == 0);
  CHECK(nc::sum(x).device() == dev);
}

// The integer and bool arg searches over many tiles, along rows and along columns, of a transposed view too:
// the CUDA backend runs the compute dtype's own input (int32, int64, uint64) on its kernels and the narrower
// inputs cast on load; both must give a plain search's first occurrence. Few distinct values, so that every
// extreme occurs many times.
NUMCU_TEST_ON_DEVICES("argmax and argmin of integers and bool over many tiles: a plain search's first occurrence",
                      integer_arg_search) {
  std::mt19937_64 gen(11);
  // the first index of the largest (or smallest) of values[first + k * step], k < count
  const auto search = [](const std::vector<std::int64_t>& values, std::int64_t first, std::int64_t step,
                         std::int64_t count, bool largest) {
    std::int64_t best = 0;
    for (std::int64_t k = 1; k < count; ++k) {
      const std::int64_t v = values[first + k * step], b = values[first + best * step];
      if (largest ? v > b : v < b) best = k;
    }
    return best;
  };
  const nc::dtype types[] = {nc::bool_, nc::int8,  nc::uint8, nc::int16,  nc::uint16,
                             nc::int32, nc::uint32, nc::int64, nc::uint64};
  for (const nc::dtype t : types) {
    const bool is_bool = t == nc::bool_, is_unsigned = t.kind() == nc::dtype_kind::unsigned_integer;
    std::uniform_int_distribution<std::int64_t> pick(is_bool || is_unsigned ? 0 : -6, is_bool ? 1 : 6);
    for (const nc::shape_t& shape : {nc::shape_t{40000}, nc::shape_t{3, 20000}, nc::shape_t{20000, 3}}) {
      CAPTURE(t);
      CAPTURE(shape);
      std::int64_t n = 1;
      for (auto e : shape) n *= e;
      std::vector<std::int64_t> values(static_cast<std::size_t>(n));
      for (auto& v : values) v = pick(gen);
      const nc::ndarray a = nc::array(values.data(), shape, std::nullopt, dev).astype(t);
      for (const bool largest : {true, false}) {
        CAPTURE(largest);
        const auto arg = [&](const nc::ndarray& x, std::optional<std::int64_t> axis) {
          const nc::ndarray r = largest ? nc::argmax(x, axis) : nc::argmin(x, axis);
          CHECK(r.dtype() == nc::int64);
          return r.to_vector<std::int64_t>();
        };
        CHECK(arg(a, std::nullopt) == std::vector<std::int64_t>{search(values, 0, 1, n, largest)});
        if (shape.size() == 1) continue;
        const std::int64_t rows = shape[0], cols = shape[1];
        std::vector<std::int64_t> along_rows, along_columns;
        for (std::int64_t r = 0; r < rows; ++r) along_rows.push_back(search(values, r * cols, 1, cols, largest));
        for (std::int64_t c = 0; c < cols; ++c) along_columns.push_back(search(values, c, cols, rows, largest));
        CHECK(arg(a, 1) == along_rows);
        CHECK(arg(a, 0) == along_columns);
        CHECK(arg(a.T(), 0) == along_rows);
        CHECK(arg(a.T(), 1) == along_columns);
      }
    }
  }
}

NUMCU_TEST_ON_DEVICES("reduction errors: NumPy's messages, nothing changed", reduction_errors) {
  const nc::ndarray a = nc::arange(0, 6, 1, nc::float64, dev).reshape({2, 3});
  const auto before = numcu_test::host_bytes(a);
  CHECK(message_of([&] { nc::max(nc::empty({0, 3}, nc::float64, dev), 0); }) ==
        "zero-size array to reduction operation maximum which has no identity");
  CHECK(nc::max(nc::empty({0, 3}, nc::float64, dev), 1).shape() == nc::shape_t{0});
  CHECK(message_of([&] { nc::argmin(nc::empty({0}, nc::int32, dev)); }) ==
        "attempt to get argmin of an empty sequence");
  // an empty reduced axis is refused even where the result is empty too, as NumPy's (0, 0).min(axis=-1)
  CHECK(message_of([&] {
          nc::min(nc::empty({0, 0}, nc::float64, dev), -1);
        }) == "zero-size array to reduction operation minimum which has no identity");
  CHECK(message_of([&] {
          nc::argmax(nc::empty({3, 0, 0}, nc::float64, dev), 1);
        }) == "attempt to get argmax of an empty sequence");
  CHECK(nc::min(nc::empty({0, 0}, nc::float64, dev), -1, {.initial = nc::scalar(3.0)}).shape() ==
        nc::shape_t{0});
  CHECK(message_of([&] { nc::sum(a, {0, 0}); }) == "duplicate value in 'axis'");
  CHECK(message_of([&] { nc::sum(a, 2); }) == "axis 2 is out of bounds for array of dimension 2");
  CHECK_THROWS_AS(nc::sum(a, 2), nc::index_error);
  CHECK(message_of([&] { nc::max(a, 0, {.where = nc::ones({2, 3}, nc::bool_, dev)}); }) ==
        "reduction operation 'maximum' does not have an identity, so to use a where mask one has to specify "
        "'initial'");
  nc::ndarray wrong = nc::zeros({2, 3}, nc::float64, dev);
  CHECK(message_of([&] { nc::sum(a, 0, {.out = wrong}); }) ==
        "output parameter for reduction operation add has the wrong number of dimensions: Found 2 but expected 1");
  CHECK(numcu_test::host_bytes(wrong) == numcu_test::host_bytes(nc::zeros({2, 3}, nc::float64, nc::cpu)));
  const nc::ndarray nans = nc::full({2, 2}, NAN, nc::float64, dev);
  CHECK(message_of([&] { nc::nanargmax(nans, 1); }) == "All-NaN slice encountered");
  // NumPy's nanargmin and nanargmax search each NaN as +inf or -inf: one before an equal infinity wins
  // (np.nanargmin([nan, inf]) is 0), and a complex one is inf+0j (np.nanargmin([inf+1j, inf+nanj]) is 1)
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (nc::dtype t : {nc::float16, nc::float32, nc::float64, nc::bfloat16}) {
    CAPTURE(t.name());
    const nc::ndarray rising = nc::array({nan, inf, 1.0}, std::nullopt, dev).astype(t);
    CHECK(nc::nanargmin(nc::array({nan, inf}, std::nullopt, dev).astype(t)).item<std::int64_t>() == 0);
    CHECK(nc::nanargmax(nc::array({nan, -inf}, std::nullopt, dev).astype(t)).item<std::int64_t>() == 0);
    CHECK(nc::nanargmin(nc::array({inf, nan}, std::nullopt, dev).astype(t)).item<std::int64_t>() == 0);
    CHECK(nc::nanargmin(rising).item<std::int64_t>() == 2);
    CHECK(nc::nanargmax(rising).item<std::int64_t>() == 1);
    const nc::ndarray columns = nc::array({{nan, 2.0}, {inf, nan}}, std::nullopt, dev).astype(t);
    CHECK(nc::nanargmin(columns, 0).to_vector<std::int64_t>() == std::vector<std::int64_t>{0, 0});
    CHECK(nc::nanargmax(columns, 1).to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 0});
  }
  const std::complex<double> inf_one(inf, 1.0), inf_nan(inf, nan);
  CHECK(nc::nanargmin(nc::array({inf_one, inf_nan}, std::nullopt, dev)).item<std::int64_t>() == 1);
  CHECK(nc::nanargmax(nc::array({std::complex<double>(-inf, -1.0), std::complex<double>(nan, 0.0)},
                                std::nullopt, dev)
                          .astype(nc::complex64))
            .item<std::int64_t>() == 1);
  CHECK(nc::isnan(nc::nanmax(nans)).item<bool>());
  CHECK(message_of([&] { nc::ptp(nc::ones({2}, nc::bool_, dev)); }).find("numpy boolean subtract") == 0);
  CHECK(message_of([&] { nc::average(a, nc::none, nc::zeros({2, 3}, nc::float64, dev)); }) ==
        "Weights sum to zero, can't be normalized");
  CHECK(message_of([&] { nc::diff(a, -1); }) == "order must be non-negative but got -1");
  // prepend / append of the wrong dimensions or extents: NumPy's concatenate errors, nothing written
  CHECK_THROWS_AS(
      nc::diff(nc::ones({1, 1}, nc::float64, dev), 1, 1, nc::operand(nc::zeros({1}, nc::bool_, dev))),
      nc::index_error);
  CHECK_THROWS_AS(nc::diff(nc::ones({3, 1}, nc::int16, dev), 1, -2, nc::operand(nc::ones({2, 2}, nc::int16, dev))),
                  nc::shape_error);
  CHECK(numcu_test::host_bytes(a) == before);
}

NUMCU_TEST_ON_DEVICES("scans, diff, ediff1d, gradient, trapezoid, average (hand-worked)", scans_and_differences) {
  const nc::ndarray v = nc::arange(1, 6, 1, nc::int32, dev);  // 1 2 3 4 5
  CHECK(nc::cumsum(v).to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 3, 6, 10, 15});
  CHECK(nc::cumprod(v).to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 2, 6, 24, 120});
  CHECK(nc::cumulative_sum(v, std::nullopt, std::nullopt, std::nullopt, true).to_vector<std::int64_t>() ==
        std::vector<std::int64_t>{0, 1, 3, 6, 10, 15});
  const nc::ndarray m = nc::arange(0, 6, 1, nc::float64, dev).reshape({2, 3});
  CHECK(nc::cumsum(m, 0).to_vector<double>() == std::vector<double>{0, 1, 2, 3, 5, 7});
  CHECK(nc::cumsum(m, 1).to_vector<double>() == std::vector<double>{0, 1, 3, 3, 7, 12});
  CHECK(nc::cumsum(m.T(), 1).to_vector<double>() == std::vector<double>{0, 3, 1, 5, 2, 7});
  CHECK_THROWS_AS(nc::cumulative_sum(m), nc::shape_error);
  CHECK(nc::diff(v).to_vector<std::int32_t>() == std::vector<std::int32_t>{1, 1, 1, 1});
  CHECK(nc::diff(nc::square(v), 2).to_vector<std::int32_t>() == std::vector<std::int32_t>{2, 2, 2});
  CHECK(nc::diff(m, 1, 0).to_vector<double>() == std::vector<double>{3, 3, 3});
  CHECK(nc::diff(v, 1, -1, nc::operand(0), nc::operand(10)).to_vector<std::int32_t>() ==
        std::vector<std::int32_t>{1, 1, 1, 1, 1, 5});
  CHECK(nc::diff(v, 9).shape() == nc::shape_t{0});
  CHECK(nc::ediff1d(m).to_vector<double>() == std::vector<double>{1, 1, 1, 1, 1});
  CHECK(nc::ediff1d(v, nc::full({1}, 9, nc::int32, dev), nc::full({1}, -1, nc::int32, dev)).to_vector<std::int32_t>() ==
        std::vector<std::int32_t>{-1, 1, 1, 1, 1, 9});
  // gradient of x^2 at 0..4 (spacing 1): [1, 2, 4, 6, 7]; second-order edges: [0, 2, 4, 6, 8]
  const nc::ndarray sq = nc::square(nc::arange(0, 5, 1, nc::float64, dev));
  CHECK(nc::gradient(sq)[0].to_vector<double>() == std::vector<double>{1, 2, 4, 6, 7});
  CHECK(nc::gradient(sq, {1.0}, nc::none, 2)[0].to_vector<double>() == std::vector<double>{0, 2, 4, 6, 8});
  CHECK(nc::gradient(m, {1.0, 2.0}).size() == 2);
  CHECK(nc::gradient(m, {1.0, 2.0})[1].to_vector<double>() == std::vector<double>{0.5, 0.5, 0.5, 0.5, 0.5, 0.5});
  // trapezoid of x^2 on 0..4: (0+1)/2 + (1+4)/2 + (4+9)/2 + (9+16)/2 = 22
  CHECK(nc::trapezoid(sq).item<double>() == 22.0);
  CHECK(nc::trapezoid(sq, std::nullopt, 0.5).item<double>() == 11.0);
  CHECK(nc::trapezoid(sq, nc::multiply(nc::arange(0, 5, 1, nc::float64, dev), 2.0)).item<double>() == 44.0);
  // average: weights 1 2 3 on 1 2 3 -> 14 / 6
  const nc::ndarray x = nc::arange(1, 4, 1, nc::float64, dev);
  const auto [avg, wsum] = nc::average_and_weight_sum(x, nc::none, x);
  CHECK(avg.item<double>() == 14.0 / 6.0);
  CHECK(wsum.item<double>() == 6.0);
  CHECK(nc::average(m, 1).to_vector<double>() == std::vector<double>{1.0, 4.0});
}

// The cases below are NumPy 2.4's answers (printed by NumPy, or worked by hand as NumPy computes them).

NUMCU_TEST_ON_DEVICES("0-d input: a single axis 0 or -1 is no axis for ufunc reductions, scans and arg forms",
                      reduction_zero_dim) {
  const nc::ndarray a = nc::full({}, 5, nc::int16, dev);
  const auto before = numcu_test::host_bytes(a);
  // np.sum(a, axis=0) == 5 (int64, shape ()); keepdims keeps no axis; np.max(a, axis=-1) == 5 (int16)
  const nc::ndarray s = nc::sum(a, 0, {.keepdims = true});
  CHECK(s.dtype() == nc::int64);
  CHECK(s.shape() == nc::shape_t{});
  CHECK(s.item<std::int64_t>() == 5);
  CHECK(nc::max(a, -1).dtype() == nc::int16);
  CHECK(nc::max(a, -1).item<std::int16_t>() == 5);
  CHECK(nc::count_nonzero(a, 0).item<std::int64_t>() == 1);
  CHECK(nc::ptp(a, -1).item<std::int16_t>() == 0);
  // the tuple (0,) is no exception, nor is axis 1; mean and var check their axes themselves, without where=
  CHECK(message_of([&] { nc::sum(a, std::vector<std::int64_t>{0}); }) ==
        "axis 0 is out of bounds for array of dimension 0");
  CHECK_THROWS_AS(nc::sum(a, 1), nc::index_error);
  CHECK(message_of([&] { nc::mean(a, 0); }) == "axis 0 is out of bounds for array of dimension 0");
  CHECK_THROWS_AS(nc::var(a, -1), nc::index_error);
  // np.mean(a, axis=0, where=np.array(True)) == 5.0: where= counts through a ufunc sum
  CHECK(nc::mean(a, 0, {.where = nc::full({}, true, nc::bool_, dev)}).item<double>() == 5.0);
  // np.argmax(a, axis=0) == 0, shape () with keepdims; axis 1: "axis 1 is out of bounds for array of
  // dimension 1"
  CHECK(nc::argmax(a, 0, true).shape() == nc::shape_t{});
  CHECK(nc::argmin(a, -1).item<std::int64_t>() == 0);
  CHECK(message_of([&] { nc::argmax(a, 1); }) == "axis 1 is out of bounds for array of dimension 1");
  // np.cumsum(a, axis=0) == [5]; np.cumulative_sum(a, include_initial=True) == [0, 5]
  const nc::ndarray c = nc::cumsum(a, 0);
  CHECK(c.shape() == nc::shape_t{1});
  CHECK(c.to_vector<std::int64_t>() == std::vector<std::int64_t>{5});
  const nc::ndarray ci = nc::cumulative_sum(a, std::nullopt, std::nullopt, std::nullopt, true);
  CHECK(ci.dtype() == nc::int64);
  CHECK(ci.to_vector<std::int64_t>() == std::vector<std::int64_t>{0, 5});
  CHECK(nc::cumulative_prod(a, -1).to_vector<std::int64_t>() == std::vector<std::int64_t>{5});
  // 2-D without axis: NumPy's ValueError
  CHECK(message_of([&] {
          nc::cumulative_prod(nc::ones({2, 2}, nc::bool_, dev));
        }) == "For arrays which have more than one dimension ``axis`` argument is required.");
  CHECK_THROWS_AS(nc::cumulative_prod(nc::ones({2, 2}, nc::bool_, dev)), nc::shape_error);
  CHECK(numcu_test::host_bytes(a) == before);
}

NUMCU_TEST_ON_DEVICES("initial= stored as NumPy stores a Python scalar in the result dtype",
                      reduction_initial) {
  const nc::ndarray u16 = nc::array(std::vector<std::uint16_t>{5, 7}, std::nullopt, dev);
  const nc::ndarray i8 = nc::array(std::vector<std::int8_t>{5, -7}, std::nullopt, dev);
  const nc::ndarray f32 = nc::array(std::vector<float>{1.5f, 2.5f}, std::nullopt, dev);
  const auto before = numcu_test::host_bytes(u16);
  CHECK(message_of([&] { nc::sum(u16, nc::none, {.initial = NAN}); }) ==
        "cannot convert float NaN to integer");
  CHECK_THROWS_AS(nc::sum(u16, nc::none, {.initial = NAN}), nc::dtype_error);
  CHECK(message_of([&] { nc::max(u16, nc::none, {.initial = INFINITY}); }) ==
        "cannot convert float infinity to integer");
  // the sum's dtype is uint64: int(-1.5) == -1 does not fit it
  CHECK(message_of([&] { nc::sum(u16, nc::none, {.initial = -1.5}); }) ==
        "Python integer -1 out of bounds for uint64");
  CHECK(message_of([&] { nc::max(i8, nc::none, {.initial = 1e300}); }) ==
        "Python int too large to convert to C long");
  CHECK(message_of([&] { nc::sum(i8, nc::none, {.initial = std::complex<double>(1, 1)}); }) ==
        "int() argument must be a string, a bytes-like object or a real number, not 'complex'");
  CHECK(message_of([&] { nc::max(f32, nc::none, {.initial = std::complex<double>(1, 1)}); }) ==
        "float() argument must be a string or a real number, not 'complex'");
  CHECK(numcu_test::host_bytes(u16) == before);
  // np.sum(i8, initial=1.5) == -1 (int64): 1.5 truncates to 1
  const nc::ndarray s = nc::sum(i8, nc::none, {.initial = 1.5});
  CHECK(s.dtype() == nc::int64);
  CHECK(s.item<std::int64_t>() == -1);
  // bool max and min: initial= is its truth; np.min([[False]], initial=-300) == False,
  // np.max([False, False], initial=-2.5) == True
  CHECK(nc::min(nc::zeros({1, 1}, nc::bool_, dev), nc::none, {.initial = -300}).item<bool>() == false);
  CHECK(nc::max(nc::zeros({2}, nc::bool_, dev), nc::none, {.initial = -2.5}).item<bool>() == true);
  // int64 max with where= and a float initial: np.max([-5, -7], initial=-1.5, where=[F, F]) == -1, and
  // np.max([2**62 + 1, 3], initial=-1.5, where=[T, F]) == 2**62 + 1 (exact: the mask fills with int64's -1)
  const nc::ndarray none_kept = nc::zeros({2}, nc::bool_, dev);
  const nc::ndarray i64 = nc::array(std::vector<std::int64_t>{-5, -7}, std::nullopt, dev);
  CHECK(nc::max(i64, nc::none, {.initial = -1.5, .where = none_kept}).item<std::int64_t>() == -1);
  const nc::ndarray big =
      nc::array(std::vector<std::int64_t>{(std::int64_t{1} << 62) + 1, 3}, std::nullopt, dev);
  const nc::ndarray first = nc::array(std::vector<bool>{true, false}, std::nullopt, dev);
  CHECK(nc::max(big, nc::none, {.initial = -1.5, .where = first}).item<std::int64_t>() ==
        (std::int64_t{1} << 62) + 1);
}

NUMCU_TEST_ON_DEVICES("where= must be bool, checked in NumPy's order", reduction_where_checks) {
  const nc::ndarray a = nc::ones({2, 3}, nc::float64, dev);
  const auto before = numcu_test::host_bytes(a);
  // ufunc reductions: where='s dtype before the axes, the axes before where='s shape
  CHECK(message_of([&] { nc::sum(a, 5, {.where = nc::ones({3}, nc::float32, dev)}); }) ==
        "Cannot cast array data from dtype('float32') to dtype('bool') according to the rule 'safe'");
  CHECK_THROWS_AS(nc::any(a, 5, {.where = nc::ones({5}, nc::uint64, dev)}), nc::dtype_error);
  CHECK_THROWS_AS(nc::prod(nc::full({}, std::complex<double>(1, 1), std::nullopt, dev), 2,
                           {.where = nc::zeros({2}, nc::bool_, dev)}),
                  nc::index_error);
  CHECK_THROWS_AS(nc::min(a, 0, {.where = nc::ones({2, 3}, nc::float64, dev)}), nc::dtype_error);
  // mean and var (NumPy's _count_reduce_items): where='s shape first, then the axes, then its dtype
  CHECK_THROWS_AS(nc::mean(a, 5, {.where = nc::ones({5}, nc::bool_, dev)}), nc::shape_error);
  CHECK(message_of([&] { nc::mean(a, 5, {.where = nc::ones({3}, nc::float64, dev)}); }) ==
        "axis 5 is out of bounds for array of dimension 2");
  CHECK_THROWS_AS(nc::var(a, 0, {.where = nc::ones({3}, nc::float64, dev)}), nc::dtype_error);
  CHECK(numcu_test::host_bytes(a) == before);
}

// NumPy 2.4's messages for out= and where= that do not fit a reduction (its iterator's, with the operands'
// shapes as NumPy writes them: out's remapped onto the input's axes), each printed by NumPy for the same call
NUMCU_TEST_ON_DEVICES(
    "out= and where= of the wrong shape: NumPy's iterator messages, in its order, out unchanged",
    reduction_operand_shapes) {
  const std::string broadcast =
      "operands could not be broadcast together with remapped shapes [original->remapped]: ";
  const auto requires_reduction = [](int d) {
    return "output operand requires a reduction along dimension " + std::to_string(d) +
           ", but the reduction is not enabled. The dimension size of 1 does not match the expected output "
           "shape.";
  };
  const auto ones = [&](const nc::shape_t& s) { return nc::ones(s, nc::float64, dev); };
  const auto mask = [&](const nc::shape_t& s) { return nc::ones(s, nc::bool_, dev); };
  struct out_case {
    std::function<void(const nc::ndarray&)> call;
    nc::shape_t out_shape;
    std::string message;
  };
  const nc::ndarray a = ones({2, 3}), b = ones({2, 3, 4});
  const std::vector<out_case> cases = {
      {[&](auto o) { nc::sum(a, 0, {.out = o}); }, {4}, broadcast + "(4,)->(4) (2,3) "},
      {[&](auto o) { nc::sum(a, 1, {.out = o}); }, {3}, broadcast + "(3,)->(3,newaxis) (2,3) "},
      {[&](auto o) { nc::sum(a, 0, {.out = o}); }, {1}, requires_reduction(0)},
      {[&](auto o) { nc::sum(a, 0, {.out = o, .keepdims = true}); },
       {2, 3},
       "operand was set up as a reduction along axis 0, but the length of the axis is 2 (it has to be 1)"},
      {[&](auto o) { nc::sum(a, 0, {.out = o, .keepdims = true}); }, {2, 1}, requires_reduction(1)},
      {[&](auto o) { nc::sum(a, 0, {.out = o, .keepdims = true}); },
       {3, 1},
       broadcast + "(3,1)->(3,1) (2,3) "},
      {[&](auto o) { nc::sum(a, nc::none, {.out = o, .keepdims = true}); },
       {1, 1, 1},
       "output parameter for reduction operation add has the wrong number of dimensions: Found 3 but "
       "expected 2 "
       "(must match the operand's when keepdims=True)"},
      {[&](auto o) { nc::max(b, 1, {.out = o}); }, {2, 5}, broadcast + "(2,5)->(2,newaxis,5) (2,3,4) "},
      {[&](auto o) {
         nc::sum(b, {0, 2}, {.out = o});
       },
       {4},
       broadcast + "(4,)->(4,newaxis) (2,3,4) "},
      {[&](auto o) {
         nc::sum(b, {0, 2}, {.out = o, .keepdims = true});
       },
       {2, 3, 4},
       "operand was set up as a reduction along axis 2, but the length of the axis is 4 (it has to be 1)"},
      {[&](auto o) { nc::sum(b, 2, {.out = o, .keepdims = true}); },
       {1, 3, 4},
       "operand was set up as a reduction along axis 2, but the length of the axis is 4 (it has to be 1)"},
      {[&](auto o) { nc::sum(b, 1, {.out = o}); }, {1, 1}, requires_reduction(1)},
      {[&](auto o) {
         nc::sum(ones({1, 3}), 1, {.out = o});
       },
       {5},
       "non-broadcastable operand with shape (1,3) doesn't match the broadcast shape (5,3)"},
      {[&](auto o) {
         nc::sum(ones({2, 1, 4}), 0, {.out = o});
       },
       {3, 1},
       requires_reduction(1)},
      {[&](auto o) {
         nc::sum(ones({2, 1, 4}), 2, {.out = o});
       },
       {1, 3},
       "non-broadcastable operand with shape (2,1,4) doesn't match the broadcast shape (2,3,4)"},
      {[&](auto o) {
         nc::sum(ones({3, 0}), 0, {.out = o});
       },
       {1},
       requires_reduction(0)},
      {[&](auto o) { nc::sum(a, 0, {.out = o, .where = mask({3})}); },
       {4},
       broadcast + "(4,)->(4) (2,3) (3,) "},
      {[&](auto o) { nc::max(a, 0, {.out = o, .where = mask({3})}); },
       {4},
       broadcast + "(4,)->(4) (2,3) (3,) "},
      // before the reduction's own errors: no identity for an empty axis
      {[&](auto o) {
         nc::max(ones({0, 3}), 0, {.out = o});
       },
       {4},
       broadcast + "(4,)->(4) (0,3) "},
      {[&](auto o) { nc::mean(a, 0, {.out = o}); }, {4}, broadcast + "(4,)->(4) (2,3) "},
      {[&](auto o) { nc::std(a, 0, {.out = o}); }, {1}, requires_reduction(0)},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    CAPTURE(i);
    const nc::ndarray out = nc::full(cases[i].out_shape, -7.0, nc::float64, dev);
    CHECK(message_of([&] { cases[i].call(out); }) == cases[i].message);
    CHECK(nc::all(nc::equal(out, -7.0)).item<bool>());
  }
  // where= alone: NumPy's iterator checks it with the input (the result it allocates is left out of the text)
  CHECK(message_of([&] { nc::sum(a, 0, {.where = mask({4})}); }) == broadcast + "(2,3) (4,) ");
  CHECK(message_of([&] { nc::max(a, 0, {.where = mask({4})}); }) == broadcast + "(2,3) (4,) ");
  CHECK(message_of([&] {
          nc::sum(a, 0, {.where = mask({1, 2, 3})});
        }) == "input operand has more dimensions than allowed by the axis remapping");
  CHECK(message_of([&] {
          nc::sum(ones({1, 3}), 0, {.where = mask({2, 3})});
        }) == "non-broadcastable operand with shape (1,3) doesn't match the broadcast shape (2,3)");
  // mean's where= goes through broadcast_to (NumPy's _count_reduce_items)
  CHECK(message_of([&] { nc::mean(a, 0, {.where = mask({4})}); }) ==
        broadcast + "(4,)  and requested shape (2,3)");
  CHECK(message_of([&] {
          nc::mean(ones({1, 3}), 0, {.where = mask({2, 3})});
        }) == broadcast + "(2,3)  and requested shape (1,3)");
  CHECK(message_of([&] { nc::broadcast_to(a, {3}); }) ==
        "input operand has more dimensions than allowed by the axis remapping");
  CHECK(message_of([&] { nc::broadcast_to(a, {4, 3}); }) == broadcast + "(2,3)  and requested shape (4,3)");
}

NUMCU_TEST_ON_DEVICES("mean, var and std with dtype=: NumPy's composition in that dtype",
                      reduction_moment_dtype) {
  const nc::ndarray i8 = nc::array(std::vector<std::int8_t>{100, 100, 100}, std::nullopt, dev);
  // np.mean(i8, dtype=int8) == 14: the sum wraps to 44 in int8, 44 / 3 truncates
  const nc::ndarray m = nc::mean(i8, nc::none, {.dtype = nc::int8});
  CHECK(m.dtype() == nc::int8);
  CHECK(m.item<std::int8_t>() == 14);
  // np.var(uint8 [3, 7, 8], dtype=int8) == 4: mean 6 in int8, deviations in int16, 14 / 3 truncated
  const nc::ndarray v = nc::var(nc::array(std::vector<std::uint8_t>{3, 7, 8}, std::nullopt, dev), nc::none,
                                {.dtype = nc::int8});
  CHECK(v.dtype() == nc::int8);
  CHECK(v.item<std::int8_t>() == 4);
  // np.var([[1, 5, 9]] int16, axis=1, dtype=int16) == [10]; np.std of it raises (sqrt's float32 into int16)
  const nc::ndarray row = nc::array(std::vector<std::int16_t>{1, 5, 9}, std::nullopt, dev).reshape({1, 3});
  CHECK(nc::var(row, 1, {.dtype = nc::int16}).to_vector<std::int16_t>() == std::vector<std::int16_t>{10});
  CHECK(message_of([&] { nc::std(row, 1, {.dtype = nc::int16}); }) ==
        "Cannot cast ufunc 'sqrt' output from dtype('float32') to dtype('int16') with casting rule "
        "'same_kind'");
  // a 0-d result is a NumPy scalar, cast: np.std(int8 [-3, 5, 7], dtype=int8) == 4
  CHECK(
      nc::std(nc::array(std::vector<std::int8_t>{-3, 5, 7}, std::nullopt, dev), nc::none, {.dtype = nc::int8})
          .item<std::int8_t>() == 4);
  // np.var(float32 [1.5, -2.5, 3.7], dtype=int32) == 7: each element and each square truncated into int32
  const nc::ndarray f = nc::array(std::vector<float>{1.5f, -2.5f, 3.7f}, std::nullopt, dev);
  CHECK(nc::var(f, nc::none, {.dtype = nc::int32}).item<std::int32_t>() == 7);
  // a complex dtype= of real input gives a complex result: np.var(f, dtype=complex64) == 6.5866666+0j
  const nc::ndarray vc = nc::var(f, nc::none, {.dtype = nc::complex64});
  CHECK(vc.dtype() == nc::complex64);
  CHECK(std::abs(vc.item<std::complex<float>>() - std::complex<float>(6.5866666f, 0.0f)) < 1e-5f);
  // a real dtype= of complex input: the mean of the real parts, the squared magnitudes of the deviations from
  // it; np.var(complex64 [1+2j, 3-1j], dtype=float32) == 3.5, np.std(...) == 1.8708287
  const nc::ndarray z = nc::array(std::vector<std::complex<float>>{{1, 2}, {3, -1}}, std::nullopt, dev);
  CHECK(nc::var(z, nc::none, {.dtype = nc::float32}).dtype() == nc::float32);
  CHECK(nc::var(z, nc::none, {.dtype = nc::float32}).item<float>() == 3.5f);
  CHECK(std::abs(nc::std(z, nc::none, {.dtype = nc::float32}).item<float>() - 1.8708287f) < 1e-6f);
  CHECK(std::abs(nc::nanstd(z, nc::none, {.dtype = nc::float32}).item<float>() - 1.8708287f) < 1e-6f);
  // the NaN statistics of inexact input take inexact dtypes only; np.nanvar(float16 [1, 2, nan],
  // dtype=complex64) == 0.25+0j; np.nanmean(float16 [1, nan, 4], dtype=float64) == 2.5
  CHECK(message_of([&] { nc::nanvar(f, nc::none, {.dtype = nc::int8}); }) ==
        "If a is inexact, then dtype must be inexact");
  CHECK_THROWS_AS(nc::nanmean(f, nc::none, {.dtype = nc::bool_}), nc::dtype_error);
  const nc::ndarray h = nc::array(std::vector<float>{1.0f, 2.0f, NAN}, std::nullopt, dev).astype(nc::float16);
  const nc::ndarray hv = nc::nanvar(h, nc::none, {.dtype = nc::complex64});
  CHECK(hv.dtype() == nc::complex64);
  CHECK(hv.item<std::complex<float>>() == std::complex<float>(0.25f, 0.0f));
  const nc::ndarray hm =
      nc::array(std::vector<float>{1.0f, NAN, 4.0f}, std::nullopt, dev).astype(nc::float16);
  CHECK(nc::nanmean(hm, nc::none, {.dtype = nc::float64}).item<double>() == 2.5);
  // nanvar and nanstd with ddof at or beyond the count: NaN; np.nanvar([1, 2.5, nan], ddof=5) is nan
  const nc::ndarray d = nc::array(std::vector<double>{1.0, 2.5, NAN}, std::nullopt, dev);
  CHECK(std::isnan(nc::nanvar(d, nc::none, {.ddof = 5}).item<double>()));
  CHECK(std::isnan(nc::nanstd(d, nc::none, {.ddof = 2}).item<double>()));
  // a float dtype= narrower than the deviations' dtype: NumPy subtracts the float32 mean from the uint32 values
  // in float64, so 4294967294 and 4294967295 (one float32) still deviate; np.var(u, dtype=float32, ddof=5) is
  // inf (a positive sum of squares over no degree of freedom), and nanvar of integers is var
  const nc::ndarray u = nc::array(std::vector<std::uint32_t>{4294967294u, 4294967295u}, std::nullopt, dev);
  const nc::ndarray uv = nc::var(u, nc::none, {.dtype = nc::float32, .ddof = 5});
  CHECK(uv.dtype() == nc::float32);
  CHECK(uv.item<float>() == std::numeric_limits<float>::infinity());
  CHECK(nc::nanvar(u, nc::none, {.dtype = nc::float32, .ddof = 5}).item<float>() ==
        std::numeric_limits<float>::infinity());
}

NUMCU_TEST_ON_DEVICES("sums and composed statistics start from +0.0, as np.add.reduce does",
                      reduction_composed_zero_sign) {
  // NumPy 2.4: np.sum([-0.0, -0.0]) == 0.0, np.sum(np.full((3, 2), -0.0), axis=0) == [0.0, 0.0] (the outer
  // axis too), np.sum(np.float16 [-0.0]) == 0.0, np.sum([-0j]) == 0j, np.nansum([-0.0, nan]) == 0.0,
  // np.sum(np.zeros(0)) == 0.0; with initial=-0.0 the sum starts there: np.sum([-0.0], initial=-0.0) == -0.0;
  // cumsum keeps the sign: np.cumsum([-0.0]) == [-0.0]
  const auto positive_zero = [](const nc::ndarray& r) {
    for (const double x : r.astype(nc::float64).to_vector<double>()) {
      CHECK(x == 0.0);
      CHECK(!std::signbit(x));
    }
  };
  const nc::ndarray negative_zeros = nc::full({3, 2}, -0.0, nc::float64, dev);
  positive_zero(nc::sum(negative_zeros));
  positive_zero(nc::sum(negative_zeros, 0));
  positive_zero(nc::sum(negative_zeros, 1));
  positive_zero(nc::sum(negative_zeros.T(), 1));
  positive_zero(nc::mean(negative_zeros, 0));
  positive_zero(nc::sum(nc::full({5}, -0.0, nc::float16, dev)));
  positive_zero(nc::sum(nc::zeros({0}, nc::float32, dev)));
  positive_zero(nc::nansum(nc::array(std::vector<double>{-0.0, NAN}, std::nullopt, dev)));
  const auto complex_sum = nc::sum(nc::full({2}, std::complex<double>(-0.0, -0.0), nc::complex128, dev));
  CHECK(!std::signbit(complex_sum.item<std::complex<double>>().real()));
  CHECK(!std::signbit(complex_sum.item<std::complex<double>>().imag()));
  CHECK(std::signbit(nc::sum(negative_zeros, nc::none, {.initial = -0.0}).item<double>()));
  CHECK(std::signbit(nc::cumsum(negative_zeros).to_vector<double>()[0]));

  // np.nanvar(int32 [[[1, 18, 861590760]], [[17, 0, -1380338404]]], axis=(), dtype=complex64,
  // where=np.array(True)) == [[[0, 0, 576]], [[0, 0, 784]]] with every imaginary part +0.0: the square of a
  // negative deviation has imaginary part -0.0, the sum adds it to +0.0
  const nc::ndarray a =
      nc::array(std::vector<std::int32_t>{1, 18, 861590760, 17, 0, -1380338404}, std::nullopt, dev)
          .reshape({2, 1, 3});
  const nc::ndarray v =
      nc::nanvar(a, nc::axis_arg{}, {.dtype = nc::complex64, .where = nc::full({}, true, nc::bool_, dev)});
  CHECK(v.dtype() == nc::complex64);
  CHECK(v.shape() == nc::shape_t{2, 1, 3});
  const std::vector<float> re{0, 0, 576, 0, 0, 784};
  const auto got = v.to_vector<std::complex<float>>();
  for (std::size_t k = 0; k < got.size(); ++k) {
    CHECK(got[k].real() == re[k]);
    CHECK(got[k].imag() == 0.0f);
    CHECK(!std::signbit(got[k].imag()));
  }
  // np.nanmean([-0.0, nan]) == 0.0 and np.mean([-0.0, -0.0], where=[True, False]) == 0.0
  const nc::ndarray m = nc::nanmean(nc::array(std::vector<double>{-0.0, NAN}, std::nullopt, dev));
  CHECK(m.dtype() == nc::float64);
  CHECK(m.item<double>() == 0.0);
  CHECK(!std::signbit(m.item<double>()));
  const nc::ndarray w = nc::mean(nc::array(std::vector<double>{-0.0, -0.0}, std::nullopt, dev), nc::none,
                                 {.where = nc::array(std::vector<bool>{true, false}, std::nullopt, dev)});
  CHECK(!std::signbit(w.item<double>()));
}

NUMCU_TEST_ON_DEVICES("composed statistics of bfloat16 compute in float32 and round once",
                      reduction_bfloat16_composed) {
  // numcu's bfloat16 is NumPy's float16 computed in float32 (the generator's shadow_answer): np.var(x,
  // dtype=uint8, where=w) of the float32 values is 9 (deviations and squares kept in float32; rounded to
  // bfloat16 on the way they would give 8), np.var(x, where=w) is 6.322752, 6.3125 in bfloat16
  const nc::ndarray x =
      nc::array(std::vector<float>{-2.453125f, -0.291015625f, 1.0859375f, 4.625f, 3.25f, -5.0f, 0.0f,
                                   -2.90625f, 1.9609375f, 0.5859375f, 0.396484375f, -1.0f},
                nc::bfloat16, dev)
          .reshape({3, 2, 2});
  const nc::ndarray w =
      nc::array(std::vector<bool>{false, true, true, true}, std::nullopt, dev).reshape({1, 2, 2});
  const nc::ndarray v8 = nc::var(x, {0, 1, 2}, {.dtype = nc::uint8, .where = w});
  CHECK(v8.dtype() == nc::uint8);
  CHECK(v8.shape() == nc::shape_t{});
  CHECK(v8.item<std::uint8_t>() == 9);
  const nc::ndarray v = nc::var(x, nc::none, {.where = w});
  CHECK(v.dtype() == nc::bfloat16);
  CHECK(v.astype(nc::float32).item<float>() == 6.3125f);
}

NUMCU_TEST_ON_DEVICES("integer and bool dtype= of sums, products and scans: each element cast first",
                      reduction_integer_dtype) {
  // bool's add and multiply are logical or and and, of each element's truth
  CHECK(nc::sum(nc::array(std::vector<double>{0.5, -0.5}, std::nullopt, dev), nc::none, {.dtype = nc::bool_})
            .item<bool>() == true);
  CHECK(nc::sum(nc::array(std::vector<std::int8_t>{1, -1}, std::nullopt, dev), nc::none, {.dtype = nc::bool_})
            .item<bool>() == true);
  CHECK(nc::prod(nc::array(std::vector<double>{2.0, 0.5}, std::nullopt, dev), nc::none, {.dtype = nc::bool_})
            .item<bool>() == true);
  // np.cumsum(float32 [-0.0, 1.7, -1.3], dtype=bool) == [F, T, T]; np.cumprod([1, 0.5, 0], dtype=bool) == [T,
  // T, F]
  const nc::ndarray c = nc::cumsum(nc::array(std::vector<float>{-0.0f, 1.7f, -1.3f}, std::nullopt, dev),
                                   std::nullopt, nc::bool_);
  CHECK(c.dtype() == nc::bool_);
  CHECK(c.to_vector<bool>() == std::vector<bool>{false, true, true});
  CHECK(nc::cumprod(nc::array(std::vector<double>{1.0, 0.5, 0.0}, std::nullopt, dev), std::nullopt, nc::bool_)
            .to_vector<bool>() == std::vector<bool>{true, true, false});
  // negative floats into unsigned dtypes wrap as NumPy's cast: np.cumprod(float32 [-1.5, 2], dtype=uint16) ==
  // [65535, 65534]; np.cumsum(float32 [1.5, -2.5, 3.7], dtype=uint8) == [1, 255, 2];
  // np.nanprod([-1+0.5j], dtype=uint8) == 255
  CHECK(nc::cumprod(nc::array(std::vector<float>{-1.5f, 2.0f}, std::nullopt, dev), std::nullopt, nc::uint16)
            .to_vector<std::uint16_t>() == std::vector<std::uint16_t>{65535, 65534});
  CHECK(
      nc::cumsum(nc::array(std::vector<float>{1.5f, -2.5f, 3.7f}, std::nullopt, dev), std::nullopt, nc::uint8)
          .to_vector<std::uint8_t>() == std::vector<std::uint8_t>{1, 255, 2});
  const nc::ndarray z = nc::array(std::vector<std::complex<double>>{{-1.0, 0.5}}, std::nullopt, dev);
  CHECK(nc::nanprod(z, nc::none, {.dtype = nc::uint8}).item<std::uint8_t>() == 255);
  // the NaN forms replace NaN before the cast to dtype=: np.nancumprod([2, inf+nanj, 3], dtype=float16) ==
  // [2, 2, 6], np.nansum([2, inf+nanj], dtype=float64) == 2
  const nc::ndarray w =
      nc::array(std::vector<std::complex<double>>{{2, 0}, {INFINITY, NAN}, {3, 0}}, std::nullopt, dev);
  CHECK(nc::nancumprod(w, std::nullopt, nc::float16).astype(nc::float64).to_vector<double>() ==
        std::vector<double>{2, 2, 6});
  CHECK(nc::nansum(w(nc::slice(0, 2)), nc::none, {.dtype = nc::float64}).item<double>() == 2.0);
}

NUMCU_TEST_ON_DEVICES("a floating dtype= narrower than the input: each element rounded to it first",
                      reduction_narrow_float_dtype) {
  // 2049 rounds to 2048 in float16 (ties to even), so NumPy's sums see 2048 + 1 = 2049, which rounds to 2048
  // again: np.sum([2049., 1.], dtype=float16) == 2048 (not 2050, the float16 of the exact sum),
  // np.prod([2049., 3.], dtype=float16) == 6144, np.mean([2049., 1.], dtype=float16) == 1024,
  // np.cumsum([2049., 1.], dtype=float16) == [2048, 2048], np.nansum([2049., nan, 1.], dtype=float16) == 2048
  const nc::ndarray a = nc::array(std::vector<double>{2049.0, 1.0}, std::nullopt, dev);
  const nc::ndarray a_before = a.copy();
  const auto as_double = [](const nc::ndarray& x) { return x.astype(nc::float64).to_vector<double>(); };
  const nc::ndarray s = nc::sum(a, nc::none, {.dtype = nc::float16});
  CHECK(s.dtype() == nc::float16);
  CHECK(s.shape() == nc::shape_t{});
  CHECK(as_double(s) == std::vector<double>{2048});
  CHECK(as_double(nc::prod(nc::array(std::vector<double>{2049.0, 3.0}, std::nullopt, dev), nc::none,
                           {.dtype = nc::float16})) == std::vector<double>{6144});
  const nc::ndarray m = nc::mean(a, nc::none, {.dtype = nc::float16});
  CHECK(m.dtype() == nc::float16);
  CHECK(as_double(m) == std::vector<double>{1024});
  const nc::ndarray c = nc::cumsum(a, std::nullopt, nc::float16);
  CHECK(c.dtype() == nc::float16);
  CHECK(as_double(c) == std::vector<double>{2048, 2048});
  CHECK(as_double(nc::nansum(nc::array(std::vector<double>{2049.0, NAN, 1.0}, std::nullopt, dev), nc::none,
                             {.dtype = nc::float16})) == std::vector<double>{2048});
  CHECK(nc::array_equal(a, a_before));
  // integers too: 16777217 is not a float32; np.sum(int32 [16777217, 1], dtype=float32) == 16777216 and
  // np.mean(int64 [16777217, 1], dtype=float32) == 8388608
  CHECK(nc::sum(nc::array(std::vector<std::int32_t>{16777217, 1}, std::nullopt, dev), nc::none,
                {.dtype = nc::float32})
            .item<float>() == 16777216.0f);
  CHECK(nc::mean(nc::array(std::vector<std::int64_t>{16777217, 1}, std::nullopt, dev), nc::none,
                 {.dtype = nc::float32})
            .item<float>() == 8388608.0f);
  // a dtype= that holds every input value changes nothing: np.sum(float16 [2048, 1, 1], dtype=float32) == 2050
  CHECK(nc::sum(nc::array(std::vector<float>{2048.0f, 1.0f, 1.0f}, std::nullopt, dev).astype(nc::float16),
                nc::none, {.dtype = nc::float32})
            .item<float>() == 2050.0f);
}

NUMCU_TEST_ON_DEVICES("average, gradient, ediff1d, diff and ptp: NumPy's dtypes and errors",
                      reduction_compositions) {
  // average's dtype: float64 joins the promotion only for integer and bool input
  const nc::ndarray h = nc::array(std::vector<float>{1, 2}, std::nullopt, dev).astype(nc::float16);
  const nc::ndarray hw = nc::array(std::vector<float>{1, 3}, std::nullopt, dev).astype(nc::float16);
  CHECK(nc::average(h, nc::none, hw).dtype() == nc::float16);
  CHECK(nc::average(h, nc::none, hw).astype(nc::float64).item<double>() == 1.75);
  CHECK(nc::average(nc::array(std::vector<std::int8_t>{1, 2}, std::nullopt, dev), nc::none, hw).dtype() ==
        nc::float64);
  const nc::ndarray z = nc::array(std::vector<std::complex<float>>{{1, 1}, {3, -1}}, std::nullopt, dev);
  const nc::ndarray za =
      nc::average(z, nc::none, nc::array(std::vector<std::int8_t>{1, 3}, std::nullopt, dev));
  CHECK(za.dtype() == nc::complex64);
  CHECK(za.item<std::complex<float>>() == std::complex<float>(2.5f, -0.5f));
  // weights along axes given out of order are transposed: np.average(arange(6).reshape(2, 3), axis=(1, 0),
  // weights=[[1, 2], [3, 4], [5, 6]]) == 65 / 21
  const nc::ndarray m = nc::arange(0, 6, 1, nc::float64, dev).reshape({2, 3});
  const nc::ndarray mw = nc::arange(1, 7, 1, nc::float64, dev).reshape({3, 2});
  CHECK(std::abs(nc::average(m, {1, 0}, mw).item<double>() - 65.0 / 21.0) < 1e-15);
  // an empty average without weights: NumPy divides a.size by 0 in Python (ZeroDivisionError)
  const nc::ndarray empty = nc::ones({2, 0}, nc::float64, dev);
  CHECK(message_of([&] { nc::average(empty, 0); }) == "division by zero");
  CHECK_THROWS_AS(nc::average(empty, 0), nc::error);
  CHECK_NOTHROW(nc::mean(empty, 0));
  // bool input: NumPy's gradient and ediff1d subtract bools (a TypeError), even an empty ediff1d
  const nc::ndarray b = nc::array(std::vector<bool>{true, false, true}, std::nullopt, dev);
  CHECK(message_of([&] { nc::gradient(b); }).find("numpy boolean subtract") == 0);
  CHECK_THROWS_AS(nc::gradient(b), nc::dtype_error);
  CHECK_THROWS_AS(nc::ediff1d(nc::zeros({0}, nc::bool_, dev), std::nullopt, b), nc::dtype_error);
  // diff: a prepend of fewer dimensions than the axis is NumPy's AxisError from concatenate, of other
  // dimensions its ValueError
  CHECK(message_of([&] {
          nc::diff(nc::ones({3, 1, 2}, nc::int16, dev), 1, 2, nc::operand(nc::ones({1}, nc::int16, dev)));
        }) == "axis 2 is out of bounds for array of dimension 1");
  CHECK(message_of([&] {
          nc::diff(nc::ones({2, 3}, nc::int16, dev), 1, 1, nc::operand(nc::ones({2, 2, 2}, nc::int16, dev)));
        }) ==
        "all the input arrays must have same number of dimensions, but the array at index 0 has 3 "
        "dimension(s) and "
        "the array at index 1 has 2 dimension(s)");
  // NumPy differences trapezoid's x before it looks at y's axis: np.trapezoid(array(1), axis=2, x=array(2))
  CHECK(message_of([&] { nc::trapezoid(nc::ones({}, nc::uint32, dev), nc::ones({}, nc::int8, dev), 1.0, 2); }) ==
        "diff requires input that is at least one dimensional");
  // a composed statistic checks out= where NumPy hands it to a reduction, before std's square root:
  // np.nanstd(int32 [0, 0, 5], axis=0, dtype=uint16, out=zeros(7, uint16)) raises about out=, out unchanged
  nc::ndarray out7 = nc::zeros({7}, nc::uint16, dev);
  CHECK(message_of([&] {
          nc::nanstd(nc::array(std::vector<std::int32_t>{0, 0, 5}, std::nullopt, dev), 0,
                     {.dtype = nc::uint16, .out = out7});
        }) == "output parameter for reduction operation add has the wrong number of dimensions: Found 1 but expected 0");
  CHECK(nc::all(nc::equal(out7, 0)).item<bool>());
  // ptp's out= is the maximum's: np.ptp(ones((2, 3)), axis=0, out=zeros((3, 2))) raises, out unchanged
  nc::ndarray out = nc::zeros({3, 2}, nc::float64, dev);
  CHECK(message_of([&] { nc::ptp(m, 0, {.out = out}); }) ==
        "output parameter for reduction operation maximum has the wrong number of dimensions: Found 2 but "
        "expected 1");
  CHECK(numcu_test::host_bytes(out) == numcu_test::host_bytes(nc::zeros({3, 2}, nc::float64, nc::cpu)));
}

// Accuracy: x_i = frac(i * (sqrt(5) - 1) / 2) as float32 (the generator writes NumPy's sum of the same data and
// the exact sum); numcu's error must be no larger than NumPy's pairwise summation's.
NUMCU_TEST_ON_DEVICES("float32 sums of 10^8 elements: at least as accurate as NumPy", sum_accuracy) {
  const auto lines = golden_lines("reduction_accuracy.txt");
  std::map<std::string, std::vector<std::string>> rows;
  for (const auto& l : lines) rows[words(l)[0]] = words(l);
  const std::int64_t n = std::stoll(rows["sum_float32"][1]);
  std::vector<float> host(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) host[i] = static_cast<float>(std::fmod(static_cast<double>(i) * 0.6180339887498949, 1.0));
  const nc::ndarray a = nc::array(host.data(), {n}, std::nullopt, dev);
  const double exact = std::strtod(rows["sum_float32"][2].c_str(), nullptr);
  const double numpy_sum = std::strtod(rows["sum_float32"][3].c_str(), nullptr);
  const double ours = nc::sum(a).item<float>();
  CAPTURE(exact);
  CAPTURE(numpy_sum);
  CAPTURE(ours);
  CHECK(std::abs(ours - exact) <= std::abs(numpy_sum - exact));
  // mean 1e8, spread 1, float64: NumPy's var to 6 digits
  const std::int64_t m = std::stoll(rows["var_large_mean"][1]);
  std::vector<double> big(static_cast<std::size_t>(m));
  for (std::int64_t i = 0; i < m; ++i) big[i] = 1e8 + std::fmod(static_cast<double>(i) * 0.6180339887498949, 1.0) - 0.5;
  const double numpy_var = std::strtod(rows["var_large_mean"][2].c_str(), nullptr);
  const double var = nc::var(nc::array(big.data(), {m}, std::nullopt, dev)).item<double>();
  CHECK(std::abs(var - numpy_var) <= 1e-6 * numpy_var);
}

// Complex products with signed zeros: combining with the identity 1+0j can flip a zero's sign, so every tree of
// the GPU's kernels leaves absent slots, lanes, groups, tiles and partials out, as the host does.
TEST_CASE("complex products with signed zeros: CPU and GPU bitwise equal [cuda]" * doctest::skip(numcu_test::no_gpu())) {
  // hand-worked: a column of 8194 whose tile 1 holds 0 then -1-1j: (0+0j)(-1-1j) = 0-0j, times tile 0's -1-1j
  // gives -0+0j (NumPy's product in order gives the same: (-1-1j)(0+0j) = 0-0j, (0-0j)(-1-1j) = -0+0j)
  std::vector<std::complex<double>> column(8194 * 3, {1, 0});
  for (int c = 0; c < 3; ++c) {
    column[c] = column[8193 * 3 + c] = {-1, -1};
    column[8192 * 3 + c] = {0, 0};
  }
  for (const nc::device dev : {nc::cpu, nc::cuda(0)}) {
    CAPTURE(dev);
    const nc::ndarray x = nc::array(column.data(), {8194, 3}, std::nullopt, dev);
    for (const auto& p : nc::prod(x, 0).to_vector<std::complex<double>>()) {
      CHECK(p.real() == 0.0);
      CHECK(std::signbit(p.real()));
      CHECK(p.imag() == 0.0);
      CHECK(!std::signbit(p.imag()));
    }
    const auto rows = nc::prod(nc::ascontiguousarray(x.T()), 1).to_vector<std::complex<double>>();
    CHECK(std::signbit(rows[0].real()));
    CHECK(!std::signbit(rows[0].imag()));
  }
  // random values among signed zeros and units, every kernel's absent slots: short rows (groups of lanes cut
  // short), rows of tiles (a block per row; complex128 rows of 300, a warp per row), the column kernels, the
  // whole array and its second stage
  std::mt19937_64 gen(11);
  const std::vector<std::complex<double>> choices = {{1, 0}, {-1, -1}, {0, 0}, {-0.0, 0}, {0, -0.0}, {-0.0, -0.0},
                                                     {1, -1}, {-1, 0}};
  std::uniform_int_distribution<std::size_t> pick(0, choices.size() - 1);
  const std::vector<nc::shape_t> shapes = {{8194, 3}, {3, 8194}, {5, 194}, {194, 5}, {40000}, {3, 20000},
                                           {20000, 3}, {7, 70, 3}, {300, 33}, {2, 70000}, {9000, 300}};
  for (const nc::dtype t : {nc::complex64, nc::complex128}) {
    for (const auto& shape : shapes) {
      CAPTURE(t);
      CAPTURE(shape);
      std::int64_t n = 1;
      for (auto d : shape) n *= d;
      std::vector<std::complex<double>> values(static_cast<std::size_t>(n));
      // mostly units, so that products stay finite; a zero now and then
      for (auto& v : values) v = gen() % 8 == 0 ? choices[pick(gen)] : std::complex<double>(gen() % 2 ? 1 : -1, 0);
      const nc::ndarray host = nc::array(values.data(), shape, t, nc::cpu);
      const nc::ndarray gpu = host.to(nc::cuda(0));
      std::vector<nc::axis_arg> axes = {nc::none};
      for (int d = 0; d < host.ndim(); ++d) axes.emplace_back(d);
      for (const auto& axis : axes) {
        CHECK(numcu_test::host_bytes(nc::prod(host, axis)) == numcu_test::host_bytes(nc::prod(gpu, axis)));
      }
    }
  }
}

namespace {

template <class T>
constexpr bool is_complex_v = false;
template <class T>
constexpr bool is_complex_v<std::complex<T>> = true;

/// cumsum (or cumprod) of @p x, a row on the GPU holding @p values, against a long-double (for integers, exact
/// wrapping) running total, equal for integers; for floating types a sum within @p tolerance of the running total
/// of |values|, and the k-th product within k x @p tolerance of |the product| (each multiply in any order adds its
/// rounding: 2^20 float32 factors drift by about 1e-4 in any order, CUB's scan as much as ours).
template <class T>
void check_scan(const nc::ndarray& x, const std::vector<T>& values, bool product, double tolerance) {
  using R = std::conditional_t<std::is_integral_v<T>, std::uint64_t,
                               std::conditional_t<is_complex_v<T>, std::complex<long double>, long double>>;
  const nc::ndarray got_array = product ? nc::cumprod(x) : nc::cumsum(x);
  REQUIRE(got_array.dtype() == x.dtype());
  REQUIRE(got_array.shape() == x.shape());
  const std::vector<T> got = got_array.template to_vector<T>();
  R running = product ? R(1) : R(0);
  long double magnitude = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if constexpr (std::is_integral_v<T>) {
      running = product ? running * static_cast<R>(values[i]) : running + static_cast<R>(values[i]);
      if (static_cast<T>(running) != got[i]) {
        CHECK_MESSAGE(false, "element " << i << ": " << got[i] << " against " << static_cast<T>(running));
        return;
      }
    } else {
      running = product ? running * static_cast<R>(values[i]) : running + static_cast<R>(values[i]);
      magnitude = product ? std::abs(running) * static_cast<long double>(i + 1)
                          : magnitude + std::abs(static_cast<R>(values[i]));
      const long double error = std::abs(static_cast<R>(got[i]) - running);
      if (!(error <= tolerance * magnitude)) {
        CHECK_MESSAGE(false, "element " << i << ": error " << static_cast<double>(error) << " of "
                                        << static_cast<double>(magnitude));
        return;
      }
    }
  }
}

/// check_scan of @p values as one row on the GPU from element @p offset of its array (offset > 0: a row that is
/// not 16-byte aligned).
template <class T>
void check_long_scan(const std::vector<T>& values, bool product, double tolerance, std::int64_t offset) {
  std::vector<T> padded(static_cast<std::size_t>(offset), T{});
  padded.insert(padded.end(), values.begin(), values.end());
  check_scan(nc::array(padded, std::nullopt, nc::cuda(0))(nc::slice(offset, nc::none)), values, product, tolerance);
}

}  // namespace

// The GPU's single-pass scan of one row (tiles of 16 KiB: 4096 float32, 2048 float64, 1024 complex128; each
// tile's prefix from its block's previous tile and the totals of the tiles between; persistent blocks holding six
// tiles each: 2^23 + 5 float32 are 2049 tiles, more than the H200's 264 blocks hold at once, so that every block
// goes round its ring), and CUB's for a row that is not 16-byte aligned: lengths around the tile sizes and many
// tiles, every accumulator dtype, sums and products, in place (a strided input scanned in a work buffer); the
// same row scanned again gives the same bits.
TEST_CASE("cumsum and cumprod of long rows on the GPU against long-double running totals [cuda]" *
          doctest::skip(numcu_test::no_gpu())) {
  std::mt19937_64 gen(23);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const std::vector<std::int64_t> lengths = {1, 5, 4095, 4096, 4097, 8192, 8193, 16383, 16384, 16385, 100003,
                                             1 << 20, (1 << 23) + 5};
  for (const std::int64_t offset : {0, 1}) {
    for (const std::int64_t n : lengths) {
      CAPTURE(offset);
      CAPTURE(n);
      const auto size = static_cast<std::size_t>(n);
      std::vector<float> f(size);
      std::vector<double> d(size);
      std::vector<std::int64_t> i(size);
      std::vector<std::uint64_t> u(size);
      std::vector<std::complex<float>> cf(size);
      std::vector<std::complex<double>> cd(size);
      for (std::size_t k = 0; k < size; ++k) {
        d[k] = unit(gen);
        f[k] = static_cast<float>(d[k]);
        i[k] = static_cast<std::int64_t>(gen() % 2001) - 1000;
        u[k] = gen();  // sums wrap
        cd[k] = {unit(gen), unit(gen)};
        cf[k] = std::complex<float>(cd[k]);
      }
      // every dtype's row: float32 and complex64 within tolerance32, float64 and complex128 within tolerance64
      const auto check_all = [&](bool product, double tolerance32, double tolerance64) {
        check_long_scan(f, product, tolerance32, offset);
        check_long_scan(d, product, tolerance64, offset);
        check_long_scan(i, product, 0, offset);
        check_long_scan(u, product, 0, offset);
        check_long_scan(cf, product, tolerance32, offset);
        check_long_scan(cd, product, tolerance64, offset);
      };
      check_all(false, 1e-5, 1e-13);
      // products of values near +-1, so that they stay finite; integer products of +-1 and a few 3s (wrapping)
      for (std::size_t k = 0; k < size; ++k) {
        d[k] = (gen() % 2 ? 1 : -1) * (1.0 + 1e-3 * unit(gen));
        f[k] = static_cast<float>(d[k]);
        i[k] = gen() % 1000 == 0 ? 3 : gen() % 2 ? 1 : -1;
        u[k] = gen() % 1000 == 0 ? 3 : 1;
        cd[k] = std::polar(1.0 + 1e-3 * unit(gen), unit(gen));
        cf[k] = std::complex<float>(cd[k]);
      }
      check_all(true, 5e-7, 1e-15);
    }
  }
  const nc::device gpu = nc::cuda(0);
  // signed zeros keep their sign (np.cumsum of -0.0s is -0.0s); a NaN spreads from its place on only
  const nc::ndarray zeros = nc::full({40000}, -0.0, nc::float32, gpu);
  for (const float z : nc::cumsum(zeros).to_vector<float>()) {
    CHECK(z == 0.0f);
    CHECK(std::signbit(z));
  }
  std::vector<float> with_nan(100000, 0.5f);
  with_nan[50000] = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> spread = nc::cumsum(nc::array(with_nan, std::nullopt, gpu)).to_vector<float>();
  CHECK(spread[49999] == 25000.0f);
  CHECK(std::isnan(spread[50000]));
  CHECK(std::isnan(spread[99999]));
  // the same bits on every call: each tile's prefix groups the same totals whatever the timing (float32
  // totals in one word with their flag; float64 and complex128 flagged apart, complex128's window in two
  // rounds)
  const auto same_bits_every_call = [&]<class T>(std::int64_t n, auto draw) {
    CAPTURE(n);
    std::vector<T> noise(static_cast<std::size_t>(n));
    for (auto& v : noise) v = draw();
    const nc::ndarray row = nc::array(noise, std::nullopt, gpu);
    const std::vector<T> first = nc::cumsum(row).to_vector<T>();
    for (int call = 0; call < 3; ++call) {
      const std::vector<T> again = nc::cumsum(row).to_vector<T>();
      CHECK(std::memcmp(again.data(), first.data(), first.size() * sizeof(T)) == 0);
    }
  };
  same_bits_every_call.operator()<float>((1 << 23) + 5, [&] { return static_cast<float>(unit(gen)); });
  same_bits_every_call.operator()<double>((1 << 22) + 5, [&] { return unit(gen); });
  same_bits_every_call.operator()<std::complex<double>>(
      (1 << 21) + 5, [&] { return std::complex<double>(unit(gen), unit(gen)); });
  // a strided input: moved into a work buffer and scanned in place there; 2^20 + 3 float64 in steps of 2
  std::vector<double> strided(2 * ((1 << 20) + 3));
  for (auto& v : strided) v = unit(gen);
  const nc::ndarray every_other = nc::array(strided, std::nullopt, gpu)(nc::slice(nc::none, nc::none, 2));
  std::vector<double> every_other_values(strided.size() / 2);
  for (std::size_t k = 0; k < every_other_values.size(); ++k) every_other_values[k] = strided[2 * k];
  check_scan(every_other, every_other_values, false, 1e-13);
}

// The fixed order: the CPU backend and the GPU give the same bits, run after run.
TEST_CASE("floating sums, means and variances: CPU and GPU bitwise equal [cuda]" * doctest::skip(numcu_test::no_gpu())) {
  std::mt19937_64 gen(7);
  const std::vector<nc::shape_t> shapes = {{1},       {7},         {8191},     {8192},      {8193},      {100000},
                                           {3, 5},    {64, 1000},  {1000, 64}, {3, 20000},  {20000, 3},  {5, 7, 9},
                                           {2, 9000}, {4, 33, 65}, {300000},   {1, 1, 17},
                                           // short rows whose groups of lanes are whole, fewer than 8 of them
                                           {100, 40}, {7, 192},
                                           // rows of less than a tile, more of them than resident warps: a warp
                                           // per row (reduction_tiles_kernel)
                                           {9000, 1100},
                                           // columns read as 16-byte vectors (W outputs a thread), the last
                                           // tile partial
                                           {17000, 24}, {3000, 8},
                                           // short columns read so (at most 64 slots), the rows'
                                           // end within a slot
                                           {250, 12}, {61, 16}};
  for (const nc::dtype t : {nc::float32, nc::float64, nc::float16, nc::complex64}) {
    for (const auto& shape : shapes) {
      CAPTURE(t);
      CAPTURE(shape);
      std::int64_t n = 1;
      for (auto s : shape) n *= s;
      std::vector<double> values(static_cast<std::size_t>(n));
      std::normal_distribution<double> normal(3.0, 2.0);
      for (auto& x : values) x = normal(gen);
      const nc::ndarray host = nc::array(values.data(), shape, std::nullopt, nc::cpu).astype(t);
      const nc::ndarray gpu = host.to(nc::cuda(0));
      // a NaN in every 13th place: nansum and nanprod skip them (kernels that test each value), sum and prod
      // spread them (kernels that make no test)
      for (std::size_t k = 5; k < values.size(); k += 13) values[k] = NAN;
      const nc::ndarray host_nan = nc::array(values.data(), shape, std::nullopt, nc::cpu).astype(t);
      const nc::ndarray gpu_nan = host_nan.to(nc::cuda(0));
      std::vector<nc::axis_arg> axes = {nc::none};
      for (int d = 0; d < host.ndim(); ++d) axes.emplace_back(d);
      if (host.ndim() >= 2) axes.emplace_back(std::vector<std::int64_t>{0, host.ndim() - 1});
      for (const auto& axis : axes) {
        for (auto f : {nc::sum, nc::mean, nc::var, nc::std}) {
          const nc::ndarray on_cpu = f(host, axis, {});
          const nc::ndarray on_gpu = f(gpu, axis, {});
          CHECK(numcu_test::host_bytes(on_cpu) == numcu_test::host_bytes(on_gpu));
          CHECK(numcu_test::host_bytes(on_gpu) == numcu_test::host_bytes(f(gpu, axis, {})));
        }
        // products too (NaNs compared as NaN: a NaN the arithmetic makes has the payload of the hardware that
        // made it)
        const nc::ndarray on_cpu = nc::prod(host, axis), on_gpu = nc::prod(gpu, axis);
        const auto b1 = numcu_test::host_bytes(on_cpu), b2 = numcu_test::host_bytes(on_gpu);
        for (std::size_t i = 0; i < b1.size(); i += t.itemsize())
          CHECK(numcu_test::same_element(b1.data() + i, b2.data() + i, t));
        for (auto f : {nc::nansum, nc::nanprod, nc::sum, nc::prod}) {
          const auto c1 = numcu_test::host_bytes(f(host_nan, axis, {})), c2 = numcu_test::host_bytes(f(gpu_nan, axis, {}));
          REQUIRE(c1.size() == c2.size());
          for (std::size_t i = 0; i < c1.size(); i += t.itemsize())
            CHECK(numcu_test::same_element(c1.data() + i, c2.data() + i, t));
        }
        // a transposed view reduces in the same order on both too
        if (host.ndim() >= 2) {
          CHECK(numcu_test::host_bytes(nc::sum(host.T(), axis, {})) ==
                numcu_test::host_bytes(nc::sum(gpu.T(), axis, {})));
        }
      }
    }
  }
}

NUMCU_TEST_ON_DEVICES("a bool dtype= into a non-bool out= stores the logical result", reduction_bool_into_out) {
  // numpy: a = np.array([1, 2, 0, 3]); np.sum(a, dtype=bool, out=np.zeros((), np.int64)) -> 1;
  // np.cumsum(a, dtype=bool, out=np.zeros(4, np.int64)) -> [1, 1, 1, 1]; np.prod(...) -> 0;
  // np.cumprod(...) -> [1, 1, 0, 0]; with a float32 out=: 1.0
  const nc::ndarray a = nc::array(std::vector<std::int64_t>{1, 2, 0, 3}, std::nullopt, dev);
  nc::ndarray total = nc::zeros({}, nc::int64, dev);
  CHECK(nc::sum(a, nc::none, {.dtype = nc::bool_, .out = total}).item<std::int64_t>() == 1);
  CHECK(total.item<std::int64_t>() == 1);
  nc::ndarray real_total = nc::zeros({}, nc::float32, dev);
  nc::sum(a, nc::none, {.dtype = nc::bool_, .out = real_total});
  CHECK(real_total.item<float>() == 1.0f);
  CHECK(nc::prod(a, nc::none, {.dtype = nc::bool_, .out = total}).item<std::int64_t>() == 0);
  nc::ndarray running = nc::zeros({4}, nc::int64, dev);
  nc::cumsum(a, std::nullopt, nc::bool_, running);
  CHECK(running.to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 1, 1, 1});
  nc::cumprod(a, std::nullopt, nc::bool_, running);
  CHECK(running.to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 1, 0, 0});
  // along an axis, keepdims: np.sum([[1, 2], [0, 0]], axis=1, dtype=bool, keepdims=True, out=int8 (2, 1)) ->
  // [[1], [0]]
  const nc::ndarray m = nc::array(std::vector<std::int64_t>{1, 2, 0, 0}, std::nullopt, dev).reshape({2, 2});
  nc::ndarray rows = nc::full({2, 1}, 7, nc::int8, dev);
  nc::sum(m, 1, {.dtype = nc::bool_, .out = rows, .keepdims = true});
  CHECK(rows.to_vector<std::int8_t>() == std::vector<std::int8_t>{1, 0});
  CHECK(a.to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 2, 0, 3});
}

NUMCU_TEST_ON_DEVICES("bfloat16 dtype= of composed means rounds each element first", reduction_bfloat16_means) {
  // 257 is not a bfloat16: it rounds to 256 (ties to even), so the mean of [257, 1] in bfloat16 is the mean of
  // [256, 1], 128.5 in float32, rounded once to 128 (where 257 taken as it is gives 129); the same for where=
  // (NumPy's composition) and nanmean
  const nc::ndarray a = nc::array(std::vector<double>{257.0, 1.0}, std::nullopt, dev);
  const nc::ndarray mask = nc::array(std::vector<bool>{true, true}, std::nullopt, dev);
  const nc::ndarray masked = nc::mean(a, nc::none, {.dtype = nc::bfloat16, .where = mask});
  CHECK(masked.dtype() == nc::bfloat16);
  CHECK(masked.astype(nc::float64).item<double>() == 128.0);
  CHECK(nc::mean(a, nc::none, {.dtype = nc::bfloat16}).astype(nc::float64).item<double>() == 128.0);
  const nc::ndarray with_nan = nc::array(std::vector<double>{257.0, NAN, 1.0}, std::nullopt, dev);
  const nc::ndarray nm = nc::nanmean(with_nan, nc::none, {.dtype = nc::bfloat16});
  CHECK(nm.dtype() == nc::bfloat16);
  CHECK(nm.astype(nc::float64).item<double>() == 128.0);
  // a complex element with a NaN imaginary part is NaN and skipped, though the cast to bfloat16 keeps only
  // its real part: nanmean([1+1j, 1e30+nan j, 3]) in bfloat16 is (1 + 3) / 2 = 2
  const nc::ndarray z =
      nc::array(std::vector<std::complex<double>>{{1.0, 1.0}, {1e30, NAN}, {3.0, 0.0}}, nc::complex64, dev);
  const nc::ndarray zm = nc::nanmean(z, nc::none, {.dtype = nc::bfloat16});
  CHECK(zm.dtype() == nc::bfloat16);
  CHECK(zm.astype(nc::float64).item<double>() == 2.0);
}

NUMCU_TEST_ON_DEVICES("nanvar and nanstd of float16 compute in float32, as var and std do", reduction_float16_nanvar) {
  // [200, -200, 100]: the squared deviations sum to 86666.7, past float16's 65504; the variance 28888.9 rounds to
  // 28896 in float16, the deviation 169.97 to 170
  const nc::ndarray h = nc::array(std::vector<double>{200, -200, 100, NAN}, std::nullopt, dev).astype(nc::float16);
  const nc::ndarray v = nc::nanvar(h), s = nc::nanstd(h);
  CHECK(v.dtype() == nc::float16);
  CHECK(v.astype(nc::float64).item<double>() == 28896.0);
  CHECK(s.astype(nc::float64).item<double>() == 170.0);
  const nc::ndarray finite = h(nc::slice(0, 3));
  CHECK(nc::var(finite).astype(nc::float64).item<double>() == 28896.0);
  CHECK(nc::std(finite).astype(nc::float64).item<double>() == 170.0);
  CHECK(nc::nanvar(h, nc::none, {.dtype = nc::float16}).astype(nc::float64).item<double>() == 28896.0);
  CHECK(nc::nanvar(h, nc::none, {.dtype = nc::float32}).dtype() == nc::float32);
}

NUMCU_TEST_ON_DEVICES("argmax and argmin out=, empty NaN extremes: NumPy's checks and messages", reduction_arg_out) {
  const nc::ndarray m = nc::array(std::vector<double>{1, 5, 2, 7, 0, 3}, std::nullopt, dev).reshape({2, 3});
  // out= of any dtype that casts safely to int64 (np.argmax(m, axis=1, out=np.zeros(2, np.int8)) -> [1, 0])
  nc::ndarray small = nc::zeros({2}, nc::int8, dev);
  nc::argmax(m, 1, false, small);
  CHECK(small.to_vector<std::int8_t>() == std::vector<std::int8_t>{1, 0});
  nc::ndarray flags = nc::zeros({2}, nc::bool_, dev);
  nc::argmin(m, 1, false, flags);
  CHECK(flags.to_vector<bool>() == std::vector<bool>{false, true});
  // np.argmax(m, out=np.zeros((), np.uint64)): "Cannot cast scalar from dtype('uint64') to dtype('int64')
  // according to the rule 'safe'"; an array out= is "array data"; the wrong shape is checked first
  nc::ndarray wide = nc::full({}, 9, nc::uint64, dev);
  CHECK_THROWS_WITH_AS(nc::argmax(m, std::nullopt, false, wide),
                       "Cannot cast scalar from dtype('uint64') to dtype('int64') according to the rule 'safe'",
                       nc::dtype_error);
  nc::ndarray reals = nc::full({2}, 9.0f, nc::float32, dev);
  CHECK_THROWS_WITH_AS(nc::nanargmin(m, 1, false, reals),
                       "Cannot cast array data from dtype('float32') to dtype('int64') according to the rule 'safe'",
                       nc::dtype_error);
  CHECK_THROWS_WITH_AS(nc::argmin(m, 1, true, nc::zeros({2}, nc::int64, dev)),
                       "output array does not match result of np.argmin.", nc::shape_error);
  CHECK(wide.item<std::uint64_t>() == 9);
  CHECK(reals.to_vector<float>() == std::vector<float>{9, 9});
  // np.nanmax([]) and np.nanmin(np.zeros((0, 3), int), axis=0) name fmax and fmin; np.ptp([]) names maximum
  const nc::ndarray empty = nc::zeros({0}, nc::float64, dev);
  CHECK_THROWS_WITH_AS(nc::nanmax(empty), "zero-size array to reduction operation fmax which has no identity",
                       nc::shape_error);
  CHECK_THROWS_WITH_AS(nc::nanmin(nc::zeros({0, 3}, nc::int64, dev), 0),
                       "zero-size array to reduction operation fmin which has no identity", nc::shape_error);
  CHECK_THROWS_WITH_AS(nc::ptp(empty), "zero-size array to reduction operation maximum which has no identity",
                       nc::shape_error);
}

NUMCU_TEST_ON_DEVICES("gradient with coordinates: NumPy's uneven formulas", gradient_coordinates) {
  // numpy: f = np.array([1, 4, 9, 16, 25], np.float32); x = np.array([0, 1, 1.5, 3.5, 4])
  const nc::ndarray f = nc::array(std::vector<float>{1, 4, 9, 16, 25}, std::nullopt, dev);
  const nc::ndarray x = nc::array(std::vector<double>{0, 1, 1.5, 3.5, 4}, std::nullopt, dev);
  // np.gradient(f, x) -> [3, 7.6666665, 8.7, 15.1, 18] float32; edge_order=2 -> [-1.6666666, ..., 20.9]
  const nc::ndarray g = nc::gradient(f, {x})[0];
  CHECK(g.dtype() == nc::float32);
  CHECK(g.to_vector<float>() == std::vector<float>{3.0f, 7.6666665f, 8.7f, 15.1f, 18.0f});
  CHECK(nc::gradient(f, {x}, nc::none, 2)[0].to_vector<float>() ==
        std::vector<float>{-1.6666666f, 7.6666665f, 8.7f, 15.1f, 20.9f});
  // evenly spaced integer coordinates are a uniform step: np.gradient(f, [0, 2, 4, 6, 8]) -> [1.5, 2, 3, 4, 4.5]
  const nc::ndarray even = nc::array(std::vector<std::int64_t>{0, 2, 4, 6, 8}, std::nullopt, dev);
  CHECK(nc::gradient(f, {even})[0].to_vector<float>() == std::vector<float>{1.5f, 2, 3, 4, 4.5f});
  // one coordinate array and one step for a 2-D array: np.gradient(np.ones((3, 4)), [0, 1, 3.], 2.0); the
  // uneven interior of a constant is (a + b) + c with a = -2/3, b = 1/2, c = 1/6 in float64, not 0
  const nc::ndarray ones = nc::ones({3, 4}, nc::float64, dev);
  const auto both = nc::gradient(ones, {nc::array(std::vector<double>{0, 1, 3}, std::nullopt, dev), 2.0});
  const double middle = (-2.0 / (1.0 * 3.0) + 0.5) + 1.0 / (2.0 * 3.0);
  CHECK(both[0].to_vector<double>() == std::vector<double>{0, 0, 0, 0, middle, middle, middle, middle, 0, 0, 0, 0});
  CHECK(both[1].to_vector<double>() == std::vector<double>(12, 0.0));
  // bool values with uneven coordinates and second-order edges: a float64 result (np.gradient([True, False,
  // True, True, False], x, edge_order=2) -> [-3, 1, 1.6, -1.6, -2.4]); first-order edges subtract bools, NumPy's
  // TypeError
  const nc::ndarray flags = nc::array(std::vector<bool>{true, false, true, true, false}, std::nullopt, dev);
  const nc::ndarray fg = nc::gradient(flags, {x}, nc::none, 2)[0];
  CHECK(fg.dtype() == nc::float64);
  CHECK(fg.to_vector<double>() == std::vector<double>{-3, 1, 1.6, -1.6, -2.4});
  CHECK_THROWS_AS(nc::gradient(flags, {x}), nc::dtype_error);
  // a complex step: np.gradient(np.array([1, 0, 1, 1, 0], complex), 1j) -> [1j, 0, -0.5j, 0.5j, 1j]
  const nc::ndarray zc = nc::array(std::vector<std::complex<double>>{1, 0, 1, 1, 0}, std::nullopt, dev);
  const auto zg = nc::gradient(zc, {std::complex<double>(0, 1)})[0].to_vector<std::complex<double>>();
  CHECK(zg == std::vector<std::complex<double>>{{0, 1}, {0, 0}, {0, -0.5}, {0, 0.5}, {0, 1}});
  // NumPy's errors
  CHECK_THROWS_WITH_AS(nc::gradient(f, {x(nc::slice(0, 3))}),
                       "when 1d, distances must match the length of the corresponding dimension", nc::shape_error);
  // one coordinate has no difference to compare with the first: np.gradient(np.ones(1), np.zeros(1)) raises
  // IndexError before the length check
  CHECK_THROWS_WITH_AS(nc::gradient(nc::ones({1}, nc::float32, dev), {nc::zeros({1}, nc::float64, dev)}),
                       "index 0 is out of bounds for axis 0 with size 0", nc::index_error);
  CHECK_THROWS_WITH_AS(nc::gradient(f, {nc::zeros({5, 1}, nc::float64, dev)}),
                       "distances must be either scalars or 1d", nc::shape_error);
  CHECK_THROWS_WITH_AS(nc::gradient(ones, {nc::array(std::vector<double>{0, 1, 3}, std::nullopt, dev)}),
                       "invalid number of arguments", nc::dtype_error);
}

NUMCU_TEST_ON_DEVICES("var and std with a floating dtype= narrower than the input: the mean of rounded elements",
                      reduction_narrow_dtype_moments) {
  // numpy: np.var(np.array([2147483646, 2147483647], np.int32), dtype=np.float32) -> 2.5 (each element rounded
  // to 2147483648 for the mean, the deviations -2 and -1 taken from the input itself); with ddof=1 on one
  // element: the deviation -2 over 0 -> inf; np.std([16777217., 16777218.], dtype=np.float32) -> 1.5811388
  const nc::ndarray big = nc::array(std::vector<std::int32_t>{2147483646, 2147483647}, std::nullopt, dev);
  const nc::ndarray v = nc::var(big, nc::none, {.dtype = nc::float32});
  CHECK(v.dtype() == nc::float32);
  CHECK(v.item<float>() == 2.5f);
  const nc::ndarray one = big(nc::slice(0, 1)).reshape({1, 1});
  const nc::ndarray inf = nc::nanvar(one, 1, {.dtype = nc::float32, .keepdims = true, .ddof = 1});
  CHECK(inf.shape() == nc::shape_t{1, 1});
  CHECK(std::isinf(inf.to_vector<float>()[0]));
  const nc::ndarray f = nc::array(std::vector<double>{16777217.0, 16777218.0}, std::nullopt, dev);
  CHECK(nc::std(f, nc::none, {.dtype = nc::float32}).item<float>() == 1.5811388f);
}
