// Sorting, searching and sets against NumPy (tests/data/sorting.txt, written by generate_sorting.py): sort and
// stable argsort of every dtype, axis and layout, searchsorted, lexsort, unique and NumPy 2's unique_*,
// nonzero and its relatives, isin and the set operations; hand-worked cases of partition,
// ndarray::sort, NaNs of either sign and the errors; and the GPU against the CPU on arrays large enough for
// every GPU path (one long row, rows in one block each, long rows through the segmented sort).
#include <algorithm>
#include <bit>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <map>
#include <random>

#include "test_support.hpp"

using numcu_test::check_elements;
using numcu_test::golden_lines;
using numcu_test::message_of;
using numcu_test::parse_shape;
using numcu_test::split;
using numcu_test::words;

namespace {

/// The int64 values of @p a, C order.
std::vector<std::int64_t> int64_values(const nc::ndarray& a) {
  REQUIRE(a.dtype() == nc::int64);
  return nc::asnumpy(a).to_vector<std::int64_t>();
}

std::vector<std::int64_t> parse_ints(const std::vector<std::string>& texts) {
  std::vector<std::int64_t> out;
  for (const auto& t : texts) out.push_back(std::stoll(t));
  return out;
}

nc::ndarray view_of(const nc::ndarray& base, const std::string& view) {
  if (view == "t") return base.T();
  if (view == "n") return base(nc::slice(nc::none, nc::none, -1));
  return base;
}

}  // namespace

NUMCU_TEST_ON_DEVICES("sort and argsort agree with NumPy: every dtype, axis and layout", sort_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("sorting.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "sort" && w[0] != "argsort") continue;
    CAPTURE(line.substr(0, 120));
    ++lines;
    const nc::dtype t(w[1]);
    const nc::ndarray base = numcu_test::array_from_text(words(parts[1]), t, parse_shape(w[2]), dev);
    const nc::ndarray a = view_of(base, w[3]);
    const auto before = numcu_test::host_bytes(base);
    const std::optional<std::int64_t> axis =
        w[4] == "none" ? std::nullopt : std::optional<std::int64_t>(std::stoll(w[4]));
    const auto result_head = words(parts[2]);
    const nc::ndarray r = w[0] == "sort" ? nc::sort(a, axis) : nc::argsort(a, axis);
    CHECK(r.shape() == parse_shape(result_head[1]));
    CHECK(r.device() == dev);
    if (w[0] == "sort") {
      check_elements(r, words(parts[3]), nc::dtype(result_head[0]));
    } else {
      CHECK(int64_values(r) == parse_ints(words(parts[3])));
    }
    CHECK(numcu_test::host_bytes(base) == before);  // the input is left as it was
  }
  CHECK(lines > 700);
}

NUMCU_TEST_ON_DEVICES("searchsorted agrees with NumPy: sides, sorter, promotion", searchsorted_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("sorting.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "searchsorted") continue;
    CAPTURE(line.substr(0, 120));
    ++lines;
    const nc::dtype t(w[1]);
    const nc::ndarray a = numcu_test::array_from_text(words(parts[1]), t, {std::stoll(w[2])}, dev);
    const auto needle_head = words(parts[2]);
    const nc::ndarray v = numcu_test::array_from_text(words(parts[3]), nc::dtype(needle_head[0]),
                                                      parse_shape(needle_head[1]), dev);
    const auto side = w[3] == "left" ? nc::search_side::left : nc::search_side::right;
    std::optional<nc::ndarray> sorter;
    if (w[4] == "1") sorter = nc::argsort(a);
    const nc::ndarray r = nc::searchsorted(a, v, side, sorter);
    CHECK(r.shape() == v.shape());
    CHECK(int64_values(r) == parse_ints(words(parts[4])));
  }
  CHECK(lines > 100);
}

NUMCU_TEST_ON_DEVICES("lexsort agrees with NumPy: the last key first, stably", lexsort_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("sorting.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "lexsort") continue;
    CAPTURE(line.substr(0, 120));
    ++lines;
    const int k = std::stoi(w[1]);
    const nc::shape_t shape = parse_shape(w[2]);
    const auto names = words(parts[1]);
    std::vector<nc::ndarray> keys;
    for (int i = 0; i < k; ++i) keys.push_back(numcu_test::array_from_text(words(parts[2 + i]), nc::dtype(names[i]), shape, dev));
    const nc::ndarray r = nc::lexsort(keys, std::stoll(w[3]));
    CHECK(r.shape() == shape);
    CHECK(int64_values(r) == parse_ints(words(parts[2 + k])));
  }
  CHECK(lines == 7);
}

NUMCU_TEST_ON_DEVICES("unique and NumPy 2's unique_* agree with NumPy: indices, inverse, counts, NaNs", unique_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("sorting.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "unique") continue;
    CAPTURE(line.substr(0, 120));
    ++lines;
    const nc::dtype t(w[1]);
    const nc::shape_t shape = parse_shape(w[2]);
    const bool equal_nan = w[3] == "1";
    const nc::ndarray a = numcu_test::array_from_text(words(parts[1]), t, shape, dev);
    const nc::unique_result r = nc::unique(
        a, {.return_index = true, .return_inverse = true, .return_counts = true, .equal_nan = equal_nan});
    check_elements(r.values, words(parts[2]), t);
    CHECK(int64_values(*r.indices) == parse_ints(words(parts[3])));
    CHECK(r.inverse_indices->shape() == shape);
    CHECK(int64_values(*r.inverse_indices) == parse_ints(words(parts[4])));
    CHECK(int64_values(*r.counts) == parse_ints(words(parts[5])));
    const nc::unique_result counted = nc::unique(a, {.return_counts = true, .equal_nan = equal_nan});
    check_elements(counted.values, words(parts[2]), t);
    CHECK(int64_values(*counted.counts) == parse_ints(words(parts[5])));
    // values alone: NumPy's hash table for integers and complex, then its sort, which is not stable (the
    // signs of equal zeros, in either part, are its own; which NaN stands for all with equal_nan is not)
    check_elements(nc::unique(a, {.equal_nan = equal_nan}).values, words(parts[6]), t, true);
    if (equal_nan) {
      check_elements(nc::unique(a), words(parts[6]), t, true);
    } else {  // NumPy 2's unique_* take NaNs apart
      const nc::unique_result all = nc::unique_all(a);
      check_elements(all.values, words(parts[2]), t);
      CHECK(int64_values(*all.indices) == parse_ints(words(parts[3])));
      CHECK(int64_values(*all.counts) == parse_ints(words(parts[5])));
      check_elements(nc::unique_values(a), words(parts[2]), t);
      CHECK(int64_values(*nc::unique_counts(a).counts) == parse_ints(words(parts[5])));
      CHECK(int64_values(*nc::unique_inverse(a).inverse_indices) == parse_ints(words(parts[4])));
    }
  }
  CHECK(lines > 100);
}

NUMCU_TEST_ON_DEVICES("unique along an axis agrees with NumPy: slices as rows, NaN slices apart, views, empty",
                      unique_axis_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("sorting.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "uniqueaxis") continue;
    CAPTURE(line.substr(0, 120));
    ++lines;
    const nc::dtype t(w[1]);
    const nc::ndarray base = numcu_test::array_from_text(words(parts[1]), t, parse_shape(w[2]), dev);
    const nc::ndarray a = w[3] == "t" ? base.T() : base;
    const std::int64_t axis = std::stoll(w[4]);
    const auto before = numcu_test::host_bytes(base);
    const nc::unique_result r = nc::unique(
        a, {.return_index = true, .return_inverse = true, .return_counts = true, .axis = axis});
    CHECK(r.values.shape() == parse_shape(words(parts[2])[0]));
    check_elements(nc::ascontiguousarray(r.values), words(parts[3]), t);
    CHECK(int64_values(*r.indices) == parse_ints(words(parts[4])));
    CHECK(r.inverse_indices->ndim() == 1);
    CHECK(int64_values(*r.inverse_indices) == parse_ints(words(parts[5])));
    CHECK(int64_values(*r.counts) == parse_ints(words(parts[6])));
    // values alone (NumPy then sorts unstably: which of -0.0 and 0.0 stands for a run is not fixed)
    const nc::unique_result alone = nc::unique(a, {.axis = axis});
    CHECK(alone.values.shape() == r.values.shape());
    check_elements(nc::ascontiguousarray(alone.values), words(parts[3]), t, true);
    CHECK(!alone.indices);
    CHECK(numcu_test::host_bytes(base) == before);
  }
  CHECK(lines == 15 * 11 * 2 - 15);
}

TEST_CASE("unique along an axis refuses an axis out of range, as NumPy's AxisError, and changes nothing") {
  const nc::ndarray a = nc::arange(6).reshape({2, 3});
  const auto before = numcu_test::host_bytes(a);
  CHECK(message_of([&] { (void)nc::unique(a, {.axis = 2}); }) == "axis 2 is out of bounds for array of dimension 2");
  CHECK(message_of([&] { (void)nc::unique(a, {.axis = -3}); }) == "axis -3 is out of bounds for array of dimension 2");
  CHECK_THROWS_AS((void)nc::unique(a, {.axis = 2}), nc::index_error);
  CHECK(message_of([&] { (void)nc::unique(nc::zeros({}, nc::int64), {.axis = 0}); }) ==
        "axis 0 is out of bounds for array of dimension 0");
  CHECK(numcu_test::host_bytes(a) == before);
}

NUMCU_TEST_ON_DEVICES("nonzero, argwhere, flatnonzero, where and extract agree with NumPy", nonzero_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("sorting.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "argwhere") continue;
    CAPTURE(line.substr(0, 120));
    ++lines;
    const nc::dtype t(w[1]);
    const nc::shape_t shape = parse_shape(w[2]);
    const nc::ndarray a = numcu_test::array_from_text(words(parts[1]), t, shape, dev);
    const std::int64_t count = std::stoll(words(parts[2])[0]);
    const auto rows = parse_ints(words(parts[3]));
    const nc::ndarray found = nc::argwhere(a);
    CHECK(found.shape() == nc::shape_t{count, a.ndim()});
    CHECK(int64_values(found) == rows);
    const auto coordinates = nc::nonzero(a);
    REQUIRE(coordinates.size() == static_cast<std::size_t>(a.ndim()));
    for (int d = 0; d < a.ndim(); ++d) {
      std::vector<std::int64_t> column;
      for (std::int64_t i = 0; i < count; ++i) column.push_back(rows[i * a.ndim() + d]);
      CHECK(int64_values(coordinates[d]) == column);
      CHECK(int64_values(nc::where(a)[d]) == column);
    }
    const auto flat = parse_ints(words(parts[4]));
    CHECK(int64_values(nc::flatnonzero(a)) == flat);
    // extract: the flattened elements at those places
    const nc::ndarray picked = nc::extract(a, a);
    CHECK(picked.shape() == nc::shape_t{count});
    const auto all_bytes = numcu_test::host_bytes(a), picked_bytes = numcu_test::host_bytes(picked);
    for (std::size_t i = 0; i < flat.size(); ++i) {
      CHECK(std::memcmp(picked_bytes.data() + i * t.itemsize(), all_bytes.data() + flat[i] * t.itemsize(), t.itemsize()) == 0);
    }
  }
  CHECK(lines > 80);
}

NUMCU_TEST_ON_DEVICES("isin and the set operations agree with NumPy, mixed dtypes too", sets_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("sorting.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "isin" && w[0] != "setop") continue;
    CAPTURE(line.substr(0, 120));
    ++lines;
    if (w[0] == "isin") {
      const nc::ndarray a = numcu_test::array_from_text(words(parts[1]), nc::dtype(w[1]), parse_shape(w[2]), dev);
      const nc::ndarray b = numcu_test::array_from_text(words(parts[2]), nc::dtype(w[3]), {std::stoll(w[4])}, dev);
      const nc::ndarray r = nc::isin(a, b, false, w[5] == "1");
      CHECK(r.shape() == a.shape());
      CHECK(int64_values(r.astype(nc::int64)) == parse_ints(words(parts[3])));
      continue;
    }
    const std::string op = w[1];
    const bool assume = w[6] == "1";
    const nc::ndarray a = numcu_test::array_from_text(words(parts[1]), nc::dtype(w[2]), {std::stoll(w[3])}, dev);
    const nc::ndarray b = numcu_test::array_from_text(words(parts[2]), nc::dtype(w[4]), {std::stoll(w[5])}, dev);
    const auto head = words(parts[3]);
    nc::ndarray r;
    if (op == "intersect1d") r = nc::intersect1d(a, b, assume);
    if (op == "union1d") r = nc::union1d(a, b);
    if (op == "setdiff1d") r = nc::setdiff1d(a, b, assume);
    if (op == "setxor1d") r = nc::setxor1d(a, b, assume);
    CHECK(r.shape() == nc::shape_t{std::stoll(head[1])});
    check_elements(r, words(parts[4]), nc::dtype(head[0]), true);  // NumPy's hash table picks a zero's sign
  }
  CHECK(lines > 180);
}

NUMCU_TEST_ON_DEVICES("median, quantile, percentile and NaN forms agree with NumPy: every method", order_golden) {
  const std::map<std::string, nc::quantile_method> methods{
      {"inverted_cdf", nc::quantile_method::inverted_cdf},
      {"averaged_inverted_cdf", nc::quantile_method::averaged_inverted_cdf},
      {"closest_observation", nc::quantile_method::closest_observation},
      {"interpolated_inverted_cdf", nc::quantile_method::interpolated_inverted_cdf},
      {"hazen", nc::quantile_method::hazen},
      {"weibull", nc::quantile_method::weibull},
      {"linear", nc::quantile_method::linear},
      {"median_unbiased", nc::quantile_method::median_unbiased},
      {"normal_unbiased", nc::quantile_method::normal_unbiased},
      {"lower", nc::quantile_method::lower},
      {"higher", nc::quantile_method::higher},
      {"midpoint", nc::quantile_method::midpoint},
      {"nearest", nc::quantile_method::nearest}};
  int lines = 0;
  for (const auto& line : golden_lines("sorting.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "order") continue;
    CAPTURE(line.substr(0, 140));
    ++lines;
    const std::string func = w[1];
    const nc::dtype t(w[2]);
    const nc::ndarray a = numcu_test::array_from_text(words(parts[1]), t, parse_shape(w[3]), dev);
    nc::axis_arg axis = nc::none;
    if (w[4] != "none") {
      std::vector<std::int64_t> axes;
      for (const auto& x : split(w[4], ',')) axes.push_back(std::stoll(x));
      axis = axes.size() == 1 ? nc::axis_arg(axes[0]) : nc::axis_arg(axes);
    }
    const nc::quantile_options options{.method = methods.at(w[5]), .keepdims = w[6] == "1"};
    std::vector<double> q;
    for (const auto& x : words(parts[2])) q.push_back(std::strtod(x.c_str(), nullptr));
    const bool one_q = w[7] == "s";
    nc::ndarray r;
    if (func == "median") r = nc::median(a, axis);
    if (func == "nanmedian") r = nc::nanmedian(a, axis);
    if (func == "quantile") r = one_q ? nc::quantile(a, q[0], axis, options) : nc::quantile(a, q, axis, options);
    if (func == "nanquantile") {
      r = one_q ? nc::nanquantile(a, q[0], axis, options) : nc::nanquantile(a, q, axis, options);
    }
    if (func == "percentile") r = one_q ? nc::percentile(a, q[0], axis, options) : nc::percentile(a, q, axis, options);
    if (func == "nanpercentile") {
      r = one_q ? nc::nanpercentile(a, q[0], axis, options) : nc::nanpercentile(a, q, axis, options);
    }
    const auto head = words(parts[3]);
    CHECK(r.shape() == parse_shape(head[1]));
    // a tie of -0.0 and 0.0 in the middle: NumPy's partition picks either zero
    check_elements(r, words(parts[4]), nc::dtype(head[0]), true);
  }
  CHECK(lines > 1000);
}

NUMCU_TEST_ON_DEVICES("bincount and digitize agree with NumPy: weights, minlength, both directions", bins_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("sorting.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "bincount" && w[0] != "digitize") continue;
    CAPTURE(line.substr(0, 120));
    ++lines;
    if (w[0] == "bincount") {
      const nc::ndarray x = numcu_test::array_from_text(words(parts[1]), nc::dtype(w[1]), {std::stoll(w[2])}, dev);
      std::optional<nc::ndarray> weights;
      if (w[3] != "none") {
        weights = numcu_test::array_from_text(words(parts[2]), nc::dtype(w[3]), {std::stoll(w[2])}, dev);
      }
      const nc::ndarray r = nc::bincount(x, weights, std::stoll(w[4]));
      const auto head = words(parts[3]);
      CHECK(r.shape() == nc::shape_t{std::stoll(head[1])});
      check_elements(r, words(parts[4]), nc::dtype(head[0]));
      continue;
    }
    const nc::ndarray x = numcu_test::array_from_text(words(parts[1]), nc::dtype(w[1]), parse_shape(w[2]), dev);
    const nc::ndarray bins = numcu_test::array_from_text(words(parts[2]), nc::dtype(w[3]), {std::stoll(w[4])}, dev);
    const nc::ndarray r = nc::digitize(x, bins, w[5] == "1");
    CHECK(r.shape() == x.shape());
    CHECK(int64_values(r) == parse_ints(words(parts[3])));
  }
  CHECK(lines == 160);
  // decreasing unsigned bins (numpy.digitize([0, 5, 10], np.uint8([9, 5, 1])) is [3, 1, 0])
  const nc::ndarray bins = nc::array(std::vector<std::uint8_t>{9, 5, 1}, std::nullopt, dev);
  CHECK(int64_values(nc::digitize(nc::array({0, 5, 10}, std::nullopt, dev), bins)) == std::vector<std::int64_t>{3, 1, 0});
}

NUMCU_TEST_ON_DEVICES("histogram agrees with NumPy: equal bins, given edges, range, density, weights", histogram_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("sorting.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "histogram") continue;
    CAPTURE(line.substr(0, 120));
    ++lines;
    const nc::dtype t(w[1]);
    const std::int64_t n = std::stoll(w[2]);
    const nc::ndarray a = numcu_test::array_from_text(words(parts[1]), t, {n}, dev);
    nc::histogram_options options;
    if (w[4] != "none") {
      const auto bounds = split(w[4], ',');
      options.range = std::pair{std::strtod(bounds[0].c_str(), nullptr), std::strtod(bounds[1].c_str(), nullptr)};
    }
    options.density = w[5] == "1";
    if (w[6] != "none") options.weights = numcu_test::array_from_text(words(parts[2]), nc::dtype(w[6]), {n}, dev);
    const auto counts_head = words(parts[4]), edges_head = words(parts[6]);
    const nc::histogram_result r =
        w[3] == "e" ? nc::histogram(a, numcu_test::array_from_text(words(parts[3]), nc::float64, {6}, dev), options)
                    : nc::histogram(a, std::stoll(w[3]), options);
    CHECK(r.counts.shape() == nc::shape_t{std::stoll(counts_head[1])});
    check_elements(r.counts, words(parts[5]), nc::dtype(counts_head[0]));
    check_elements(r.bin_edges, words(parts[7]), nc::dtype(edges_head[0]));
    if (w[3] != "e") check_elements(nc::histogram_bin_edges(a, std::stoll(w[3]), options), words(parts[7]), nc::dtype(edges_head[0]));
  }
  CHECK(lines == 350);
}

NUMCU_TEST_ON_DEVICES("histogramdd and histogram2d agree with NumPy: bins per dimension, edges, range, density, weights",
                      histogramdd_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("sorting.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "histogramdd") continue;
    CAPTURE(line.substr(0, 120));
    ++lines;
    const nc::dtype t(w[1]);
    const std::int64_t n = std::stoll(w[2]), d = std::stoll(w[3]);
    const nc::ndarray sample = numcu_test::array_from_text(words(parts[1]), t, {n, d}, dev);
    std::vector<nc::histogram_bins> bins;
    if (w[4] == "e") {
      bins.push_back(nc::array({-2.0, 0.0, 1.5, 4.0}, std::nullopt, dev));
    } else {
      for (const auto& c : split(w[4], ',')) bins.push_back(std::stoll(c));
    }
    nc::histogramdd_options options;
    if (w[5] != "none") {
      const auto bounds = split(w[5], ',');
      options.range = std::vector<std::pair<double, double>>(
          d, std::pair{std::strtod(bounds[0].c_str(), nullptr), std::strtod(bounds[1].c_str(), nullptr)});
    }
    options.density = w[6] == "1";
    if (w[7] == "1") options.weights = numcu_test::array_from_text(words(parts[2]), nc::float64, {n}, dev);
    const nc::histogramdd_result r = nc::histogramdd(sample, bins, options);
    CHECK(r.hist.shape() == parse_shape(words(parts[3])[0]));
    check_elements(r.hist, words(parts[4]), nc::float64);
    const auto edges = split(parts[5], ';');
    REQUIRE(r.edges.size() == edges.size());
    for (std::size_t i = 0; i < edges.size(); ++i) {
      const auto e = words(edges[i]);
      CHECK(r.edges[i].size() == std::stoll(e[1]));
      check_elements(r.edges[i], std::vector<std::string>(e.begin() + 2, e.end()), nc::dtype(e[0]));
    }
    if (d == 2) {  // histogram2d is histogramdd of the two columns
      const nc::histogram2d_result r2 =
          nc::histogram2d(sample(nc::all, std::int64_t{0}), sample(nc::all, std::int64_t{1}), bins, options);
      check_elements(r2.hist, words(parts[4]), nc::float64);
      const auto y = words(edges[1]);
      check_elements(r2.yedges, std::vector<std::string>(y.begin() + 2, y.end()), nc::dtype(y[0]));
    }
  }
  CHECK(lines == 120);
}

NUMCU_TEST_ON_DEVICES("sort: NaNs of either sign go last; ndarray::sort sorts in place, views too", sort_by_hand) {
  // NaNs with the sign bit set (negative flips a NaN's sign) sort after +inf, as NumPy's
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (nc::dtype t : {nc::float16, nc::bfloat16, nc::float32, nc::float64}) {
    CAPTURE(t.name());
    const nc::ndarray x = nc::array({2.0, nan, -inf, 0.5, nan, inf, -1.0, nan}, std::nullopt, dev).astype(t);
    x(nc::slice(1, 2)) = nc::negative(x(nc::slice(1, 2)));
    x(nc::slice(7, 8)) = nc::negative(x(nc::slice(7, 8)));
    CHECK(nc::count_nonzero(nc::signbit(x)).item<std::int64_t>() == 4);  // -inf, -1.0 and two NaNs
    const auto s = nc::asnumpy(nc::sort(x).astype(nc::float64)).to_vector<double>();
    REQUIRE(s.size() == 8);
    CHECK(s[0] == -inf);
    CHECK(s[1] == -1.0);
    CHECK(s[2] == 0.5);
    CHECK(s[3] == 2.0);
    CHECK(s[4] == inf);
    CHECK((std::isnan(s[5]) && std::isnan(s[6]) && std::isnan(s[7])));
    CHECK(int64_values(nc::argsort(x)) == std::vector<std::int64_t>{2, 6, 3, 0, 5, 1, 4, 7});
  }
  // in place, along each axis, through a strided view
  const nc::ndarray m = nc::array({3.0, 1.0, 2.0, 0.0, -1.0, 5.0}, std::nullopt, dev).reshape({2, 3});
  m.sort();
  CHECK(nc::asnumpy(m).to_vector<double>() == std::vector<double>{1, 2, 3, -1, 0, 5});
  m.sort(0);
  CHECK(nc::asnumpy(m).to_vector<double>() == std::vector<double>{-1, 0, 3, 1, 2, 5});
  const nc::ndarray row = nc::array({9.0, 8.0, 7.0, 6.0, 5.0, 4.0}, std::nullopt, dev);
  row(nc::slice(nc::none, nc::none, 2)).sort();  // 9, 7, 5 -> 5, 7, 9 in the even places
  CHECK(nc::asnumpy(row).to_vector<double>() == std::vector<double>{5, 8, 7, 6, 9, 4});
  // kind and stable are accepted as NumPy's, with the same result
  const nc::ndarray v = nc::array({2, 1, 2, 1}, std::nullopt, dev);
  CHECK(int64_values(nc::argsort(v, -1, {.kind = nc::sort_kind::quicksort})) == std::vector<std::int64_t>{1, 3, 0, 2});
  CHECK(int64_values(nc::argsort(v, -1, {.stable = true})) == std::vector<std::int64_t>{1, 3, 0, 2});
}

NUMCU_TEST_ON_DEVICES(
    "argsort of long rows: NaNs of every sign and payload last, in input order; -0.0 equal to 0.0",
    argsort_nan_payloads) {
  // NumPy's order holds every NaN equal (and after +inf), -0.0 equal to 0.0: the stable order by that
  // comparison, worked out here with std::stable_sort, is NumPy's argsort(kind='stable'). Rows longer than a
  // block (1024), odd lengths, and NaNs over several of the GPU's compaction chunks (2^16 elements).
  struct bits_of {
    nc::dtype t;
    std::vector<std::uint64_t> numbers, nans;  // bit patterns: numbers (with +-0, +-inf), NaNs of both signs
  };
  const std::vector<bits_of> types{
      {nc::float32,
       {0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x40490fdb, 0x00000001},
       {0x7fc00000, 0xffc00000, 0x7f800001, 0xff812345, 0x7fffffff, 0xffffffff}},
      {nc::float64,
       {0x0, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x7ff0000000000000,
        0xfff0000000000000},
       {0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001, 0xfff0000000abcdef, 0x7fffffffffffffff}},
      {nc::float16,
       {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x0001},
       {0x7e00, 0xfe00, 0x7c01, 0xfd55}},
      {nc::bfloat16, {0x0000, 0x8000, 0x3f80, 0xbf80, 0x7f80, 0xff80}, {0x7fc0, 0xffc0, 0x7f81, 0xff81}},
  };
  std::mt19937 gen(5);
  for (const auto& type : types) {
    const nc::dtype t = type.t;
    const std::size_t width = t.itemsize();
    const auto value_of = [&](std::uint64_t b) -> double {
      if (width == 2) {
        const auto h = static_cast<std::uint16_t>(b);
        return t == nc::bfloat16 ? nc::bfloat16_t::to_float(h) : nc::float16_t::to_float(h);
      }
      if (width == 4) return std::bit_cast<float>(static_cast<std::uint32_t>(b));
      return std::bit_cast<double>(b);
    };
    for (const auto& [n, nan_share] : std::vector<std::pair<std::size_t, double>>{
             {1025, 0.0}, {1025, 0.3}, {200003, 0.001}, {200003, 0.4}, {131077, 1.0}, {70001, -1.0}}) {
      CAPTURE(t.name());
      CAPTURE(n);
      CAPTURE(nan_share);
      // nan_share -1: every NaN has the sign bit set, a fifth of the row
      std::uniform_real_distribution<double> u(0, 1);
      std::vector<std::uint64_t> bits(n);
      for (std::size_t i = 0; i < n; ++i) {
        const bool nan = nan_share < 0 ? u(gen) < 0.2 : u(gen) < nan_share;
        const auto& pool = nan ? type.nans : type.numbers;
        bits[i] = pool[gen() % pool.size()];
        if (nan && nan_share < 0) bits[i] |= std::uint64_t{1} << (8 * width - 1);
      }
      std::vector<unsigned char> bytes(n * width);
      for (std::size_t i = 0; i < n; ++i)
        std::memcpy(bytes.data() + i * width, &bits[i], width);  // little end
      const nc::ndarray x =
          nc::array_from_host(bytes.data(), t, n, {static_cast<std::int64_t>(n)}, std::nullopt, dev);
      std::vector<std::int64_t> expected(n);
      for (std::size_t i = 0; i < n; ++i) expected[i] = static_cast<std::int64_t>(i);
      std::stable_sort(expected.begin(), expected.end(), [&](std::int64_t a, std::int64_t b) {
        const double va = value_of(bits[a]), vb = value_of(bits[b]);
        return va < vb || (!std::isnan(va) && std::isnan(vb));
      });
      const nc::ndarray order = nc::argsort(x);
      CHECK(order.shape() == nc::shape_t{static_cast<std::int64_t>(n)});
      CHECK(int64_values(order) == expected);
      // the values through the same order, NaNs last
      const auto sorted = numcu_test::host_bytes(nc::sort(x));
      bool same = true;
      for (std::size_t i = 0; i < n && same; ++i) {
        same = numcu_test::same_element(sorted.data() + i * width, bytes.data() + expected[i] * width, t);
      }
      CHECK(same);
      CHECK(numcu_test::host_bytes(x) == bytes);  // the input unchanged
    }
  }
}

NUMCU_TEST_ON_DEVICES("partition and argpartition put each kth where a sort does", partition_by_hand) {
  std::mt19937 gen(7);
  std::uniform_int_distribution<int> draw(-20, 20);
  std::vector<double> values(257);
  for (double& x : values) x = draw(gen);
  const nc::ndarray a = nc::array(values, std::nullopt, dev).reshape({257});
  std::vector<double> sorted = values;
  std::stable_sort(sorted.begin(), sorted.end());
  const std::vector<std::int64_t> kth{0, 5, 128, -1};
  const auto p = nc::asnumpy(nc::partition(a, kth)).to_vector<double>();
  const auto ip = int64_values(nc::argpartition(a, kth));
  for (std::int64_t k : kth) {
    const std::size_t at = k < 0 ? std::size_t(257 + k) : std::size_t(k);
    CHECK(p[at] == sorted[at]);
    CHECK(values[ip[at]] == sorted[at]);
    for (std::size_t i = 0; i < at; ++i) CHECK(p[i] <= p[at]);
    for (std::size_t i = at + 1; i < p.size(); ++i) CHECK(p[i] >= p[at]);
  }
  // along an axis of a 2-D array
  const nc::ndarray m = nc::array({5.0, 1.0, 4.0, 2.0, 3.0, 0.0}, std::nullopt, dev).reshape({3, 2});
  const auto pm = nc::asnumpy(nc::partition(m, {1}, 0)).to_vector<double>();
  CHECK(pm[2] == 4.0);
  CHECK(pm[3] == 1.0);
}

NUMCU_TEST_ON_DEVICES("partition and argpartition split one long row around kth by selection, every dtype",
                      partition_long_row) {
  std::mt19937 gen(5);
  std::uniform_int_distribution<int> draw(0, 60);
  const std::int64_t n = 40001;  // past the length from which one row is split rather than sorted
  std::vector<double> numbers(static_cast<std::size_t>(n));
  for (double& x : numbers) x = draw(gen) * 0.5;  // many ties
  std::vector<double> special = numbers;
  for (std::size_t i = 0; i < special.size(); i += 97) special[i] = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 5; i < special.size(); i += 1013) special[i] = std::numeric_limits<double>::infinity();
  for (nc::dtype t : numcu_test::all_dtypes()) {
    CAPTURE(t.name());
    const bool inexact = t.is_floating() || t.is_complex();
    const nc::ndarray a = nc::array(inexact ? special : numbers, std::nullopt, dev).astype(t);
    const auto a_bytes = numcu_test::host_bytes(a);
    const nc::ndarray sorted = nc::sort(a);
    for (std::int64_t k : {std::int64_t{0}, n / 2, n - 1, std::int64_t{-100}}) {
      CAPTURE(k);
      const std::int64_t at = k < 0 ? k + n : k;
      const nc::ndarray p = nc::partition(a, {k});
      CHECK(p.dtype() == t);
      CHECK(p.shape() == a.shape());
      // the kth in place, the elements before it those a sort puts before it, and those after it likewise
      CHECK(numcu_test::host_bytes(p(nc::slice(at, at + 1))) == numcu_test::host_bytes(sorted(nc::slice(at, at + 1))));
      CHECK(numcu_test::host_bytes(nc::sort(p(nc::slice(0, at)))) ==
            numcu_test::host_bytes(sorted(nc::slice(0, at))));
      CHECK(numcu_test::host_bytes(nc::sort(p(nc::slice(at + 1, nc::none)))) ==
            numcu_test::host_bytes(sorted(nc::slice(at + 1, nc::none))));
      // argpartition: a permutation that takes a to that partition
      const auto ip = int64_values(nc::argpartition(a, {k}));
      const std::size_t size = t.itemsize();
      std::vector<unsigned char> taken(a_bytes.size());
      std::vector<bool> seen(static_cast<std::size_t>(n), false);
      const bool in_range = std::all_of(ip.begin(), ip.end(), [&](std::int64_t i) { return i >= 0 && i < n; });
      REQUIRE(in_range);
      for (std::size_t i = 0; i < ip.size(); ++i) {
        seen[static_cast<std::size_t>(ip[i])] = true;
        std::memcpy(taken.data() + i * size, a_bytes.data() + static_cast<std::size_t>(ip[i]) * size, size);
      }
      CHECK(std::count(seen.begin(), seen.end(), true) == n);
      CHECK(taken == numcu_test::host_bytes(p));
      // the same row as the only row of a 2-D array, along its axis
      CHECK(numcu_test::host_bytes(nc::partition(a.reshape({1, n}), {k}, 1)) == numcu_test::host_bytes(p));
    }
    CHECK(numcu_test::host_bytes(a) == a_bytes);
  }
}

// Hand-worked against NumPy 2.4.6 (each value is what NumPy gives; the comments say which of its steps makes
// it).
NUMCU_TEST_ON_DEVICES(
    "median and nanmedian take NumPy's steps: mean's complex division, the masked path, NaN rows",
    median_steps) {
  using cd = std::complex<double>;
  const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
  const auto one = [](const nc::ndarray& r) { return r.astype(nc::complex128).item<cd>(); };
  const auto same = [](cd x, cd y) {  // NaN parts equal
    const auto part = [](double p, double q) { return (std::isnan(p) && std::isnan(q)) || p == q; };
    return part(x.real(), y.real()) && part(x.imag(), y.imag());
  };
  // the mean of one middle value divides by 1 as complex: (inf + 1j) / (1 + 0j) is inf + nanj
  CHECK(same(one(nc::median(nc::array(std::vector<cd>{{inf, 1}}, std::nullopt, dev))), cd(inf, nan)));
  CHECK(same(
      one(nc::median(nc::array(std::vector<cd>{{inf, 1}, {2, 0}}, std::nullopt, dev).reshape({1, 2}), 1)),
      cd(inf, nan)));
  // a row with a NaN gives its last value in sort order; a row of NaNs alone (nanmedian) its last in input
  // order
  const nc::ndarray with_nan = nc::array(std::vector<cd>{{1, nan}, {3, 1}, {5, 0}}, std::nullopt, dev);
  CHECK(same(one(nc::median(with_nan)), cd(1, nan)));
  const nc::ndarray nans = nc::array(std::vector<cd>{{1, nan}, {nan, 2}}, std::nullopt, dev);
  CHECK(same(one(nc::nanmedian(nans)), cd(nan, 2)));
  // along an axis of a 2-D array: NumPy's masked median, whose all-NaN rows are NaN
  CHECK(same(one(nc::nanmedian(nans.reshape({1, 2}), 1)), cd(nan, 0)));
  // ... and which adds the middle value to itself in float16: -65504 + -65504 overflows
  const nc::ndarray big = nc::array({-65504.0, 1.0}, nc::float16, dev);
  const nc::ndarray along = nc::nanmedian(big.reshape({2, 1}), 1);
  REQUIRE(along.dtype() == nc::float16);
  CHECK(along.astype(nc::float64).to_vector<double>() == std::vector<double>{-inf, 1.0});
  CHECK(nc::nanmedian(big(nc::slice(0, 1))).astype(nc::float64).item<double>() ==
        -65504.0);  // 1-D: mean's float32
  // empty: the mean of nothing (0 / 0 in complex: nan + nanj); nanmedian and nanquantile give nanmean's
  // answer
  const nc::ndarray empty = nc::zeros({0}, nc::complex64, dev);
  CHECK(nc::median(empty).dtype() == nc::complex64);
  CHECK(same(one(nc::median(empty)), cd(nan, nan)));
  const nc::ndarray empty_h = nc::nanmedian(nc::zeros({2, 0}, nc::float16, dev), 1);
  CHECK(empty_h.dtype() == nc::float16);
  CHECK(empty_h.shape() == nc::shape_t{2});
  const nc::ndarray empty_q = nc::nanquantile(nc::zeros({2, 0}, nc::int16, dev),
                                              std::vector<double>{0.5, 0.2}, 0, {.keepdims = true});
  CHECK(empty_q.dtype() == nc::float64);
  CHECK(empty_q.shape() == nc::shape_t{1, 0});
  // NumPy merges several axes by a reshape that cannot infer an empty array's -1
  CHECK(message_of([&] {
          nc::quantile(nc::zeros({0, 2, 3}, nc::float64, dev), 0.5, std::vector<std::int64_t>{1, 2});
        }) == "cannot reshape array of size 0 into shape (0,newaxis)");
  CHECK(message_of([&] {
          nc::median(nc::zeros({2, 0}, nc::float64, dev), std::vector<std::int64_t>{});
        }) == "cannot reshape array of size 0 into shape (2,0,newaxis)");
  // complex input is refused before q is checked
  CHECK(message_of([&] { nc::percentile(nc::zeros({3}, nc::complex128, dev), 150.0); }) ==
        "a must be an array of real numbers");
}

NUMCU_TEST_ON_DEVICES("unique of values alone keeps NumPy's hash table's NaN: the first in input order",
                      unique_first_nan) {
  using cd = std::complex<double>;
  const double nan = std::nan("");
  const nc::ndarray a = nc::array(std::vector<cd>{{nan, 1}, {1e-3, nan}, {3, 0}}, std::nullopt, dev);
  const auto parts = [](const nc::ndarray& r) {
    std::vector<double> out;
    for (const cd z : r.to_vector<cd>()) out.insert(out.end(), {z.real(), z.imag()});
    return out;
  };
  // np.unique(a) and np.union1d: [3+0j, nan+1j]; with return_counts (NumPy's sort): [3+0j, 0.001+nanj]
  for (const nc::ndarray& r : {nc::unique(a), nc::union1d(a(nc::slice(0, 1)), a(nc::slice(1, 3)))}) {
    const std::vector<double> v = parts(r);
    REQUIRE(v.size() == 4);
    CHECK(v[0] == 3.0);
    CHECK((std::isnan(v[2]) && v[3] == 1.0));
  }
  const std::vector<double> counted = parts(nc::unique(a, {.return_counts = true}).values);
  REQUIRE(counted.size() == 4);
  CHECK((counted[2] == 1e-3 && std::isnan(counted[3])));
}

NUMCU_TEST_ON_DEVICES("median, quantile and their NaN forms of one long row by selection: as from the sorted row",
                      median_long_row) {
  std::mt19937 gen(6);
  std::uniform_int_distribution<int> low_draw(0, 60), high_draw(61, 120);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::int64_t n : {std::int64_t{20001}, std::int64_t{20000}}) {  // one middle value, and two
    // the lower half of the sorted values from [0, 60], the upper from [61, 120], in turns: the two middle values
    // of an even count differ
    std::vector<double> numbers(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < numbers.size(); ++i) numbers[i] = i % 2 == 0 ? low_draw(gen) : high_draw(gen);
    for (nc::dtype t : numcu_test::all_dtypes()) {
      if (t.is_complex()) continue;
      CAPTURE(n);
      CAPTURE(t.name());
      // halves in the floating dtypes (exact in each, and in the mean of two), whole numbers in the others,
      // the upper half true for bool
      const nc::ndarray drawn = nc::array(numbers, std::nullopt, dev);
      const nc::ndarray a = t.is_bool() ? nc::greater(drawn, 60.5) : drawn.astype(t);
      const nc::ndarray values = t.is_floating() ? nc::multiply(a, 0.5).astype(t) : a;
      const auto before = numcu_test::host_bytes(values);
      const nc::dtype result = t.is_floating() ? t : nc::float64;
      // the oracle: the values in double, sorted on the host, the mean of the middle ones
      const auto middle = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        const std::size_t k = v.size();
        return (v[(k - 1) / 2] + v[k / 2]) / 2;
      };
      const auto host = nc::asnumpy(values.astype(nc::float64)).to_vector<double>();
      const nc::ndarray m = nc::median(values);
      CHECK(m.dtype() == result);
      CHECK(m.shape() == nc::shape_t{});
      CHECK(m.astype(nc::float64).item<double>() == middle(host));
      const std::int64_t rows = n % 2 == 0 ? 2 : 3;  // 20001 = 3 * 6667
      const nc::ndarray kept = nc::median(values.reshape({rows, n / rows}), nc::none, true);
      CHECK(kept.shape() == nc::shape_t{1, 1});
      CHECK(kept.astype(nc::float64).item<double>() == middle(host));
      CHECK(nc::nanmedian(values).astype(nc::float64).item<double>() == middle(host));
      // quantiles: as the same values give them as a column, whose reduction along axis 0 sorts (that path is
      // checked against NumPy's golden values)
      const nc::ndarray column = values.reshape({n, 1});
      const auto same_as_sorted = [&](const nc::ndarray& selected, const nc::ndarray& sorted_path) {
        CHECK(selected.dtype() == sorted_path.dtype());
        CHECK(numcu_test::host_bytes(selected) == numcu_test::host_bytes(sorted_path));
      };
      for (int m = 0; m <= static_cast<int>(nc::quantile_method::nearest); ++m) {
        const nc::quantile_options options{.method = static_cast<nc::quantile_method>(m)};
        const bool picks = options.method == nc::quantile_method::inverted_cdf ||
                           options.method == nc::quantile_method::closest_observation ||
                           options.method == nc::quantile_method::lower ||
                           options.method == nc::quantile_method::higher ||
                           options.method == nc::quantile_method::nearest;
        if (t.is_bool() && !picks) {  // bools do not subtract: NumPy's TypeError, on either path
          CHECK(message_of([&] { (void)nc::quantile(values, 0.5, nc::none, options); }) ==
                "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, "
                "or the logical_xor function instead.");
          continue;
        }
        CAPTURE(m);
        for (double q : {0.0, 0.37, 0.5, 0.999, 1.0}) {
          CAPTURE(q);
          same_as_sorted(nc::quantile(values, q, nc::none, options), nc::quantile(column, q, 0, options).reshape({}));
          same_as_sorted(nc::nanquantile(values, std::vector<double>{q}, nc::none, options),
                         nc::nanquantile(column, std::vector<double>{q}, 0, options).reshape({1}));
        }
      }
      if (!t.is_bool()) same_as_sorted(nc::percentile(values, 12.5), nc::percentile(column, 12.5, 0).reshape({}));
      same_as_sorted(nc::median(values), nc::median(column, 0).reshape({}));
      CHECK(numcu_test::host_bytes(values) == before);
      if (!t.is_floating()) continue;
      // NaNs: median's result is NaN; nanmedian's the middle of the others (NaNs sort last: a partition past them)
      nc::ndarray with_nan = values.copy();
      with_nan(nc::slice(5, nc::none, 997)) = nan;
      std::vector<double> others;
      for (std::size_t i = 0; i < host.size(); ++i) {
        if (i < 5 || (i - 5) % 997 != 0) others.push_back(host[i]);
      }
      CHECK(std::isnan(nc::median(with_nan).astype(nc::float64).item<double>()));
      CHECK(nc::nanmedian(with_nan).astype(nc::float64).item<double>() == middle(others));
      const nc::ndarray nan_column = with_nan.reshape({n, 1});
      for (double q : {0.0, 0.37, 1.0}) {
        same_as_sorted(nc::nanquantile(with_nan, q), nc::nanquantile(nan_column, q, 0).reshape({}));
        same_as_sorted(nc::quantile(with_nan, q), nc::quantile(nan_column, q, 0).reshape({}));
      }
      const nc::ndarray all_nan = nc::full({n}, nan, t, dev);
      CHECK(nc::nanmedian(all_nan).dtype() == t);
      CHECK(std::isnan(nc::nanmedian(all_nan).astype(nc::float64).item<double>()));
    }
  }
}

NUMCU_TEST_ON_DEVICES("sorting errors: NumPy's messages, inputs unchanged", sorting_errors) {
  const nc::ndarray a = nc::array({3.0, 1.0, 2.0}, std::nullopt, dev);
  const auto before = numcu_test::host_bytes(a);
  CHECK(message_of([&] { nc::sort(a, 1); }) == "axis 1 is out of bounds for array of dimension 1");
  CHECK(message_of([&] { nc::sort(nc::array({1.0}, std::nullopt, dev).reshape({}), -1); }) ==
        "axis -1 is out of bounds for array of dimension 0");
  CHECK(message_of([&] { a.sort(-2); }) == "axis -2 is out of bounds for array of dimension 1");
  CHECK(message_of([&] { nc::sort(a, -1, {.kind = nc::sort_kind::stable, .stable = true}); }) ==
        "`kind` and keyword parameters can't be provided at the same time. Use only one of them.");
  CHECK(message_of([&] { nc::partition(a, {3}); }) == "kth(=3) out of bounds (3)");
  CHECK(message_of([&] { nc::argpartition(a, {-4}); }) == "kth(=-1) out of bounds (3)");
  CHECK(message_of([&] { nc::lexsort({}); }) == "need sequence of keys with len > 0 in lexsort");
  CHECK(message_of([&] { nc::lexsort({a, nc::array({1.0, 2.0}, std::nullopt, dev)}); }) == "all keys need to be the same shape");
  CHECK(message_of([&] { nc::searchsorted(a.reshape({3, 1}), a); }) == "object too deep for desired array");
  CHECK(message_of([&] { nc::searchsorted(a, a, nc::search_side::left, nc::array({0, 1}, std::nullopt, dev)); }) ==
        "sorter.size must equal a.size");
  CHECK(message_of([&] { nc::searchsorted(a, a, nc::search_side::left, nc::array({0, 1, 3}, std::nullopt, dev)); }) ==
        "Sorter index out of range.");
  CHECK(message_of([&] { nc::searchsorted(a, a, nc::search_side::left, nc::array({0.0, 1.0, 2.0}, std::nullopt, dev)); }) ==
        "sorter must only contain integers");
  CHECK(message_of([&] { nc::nonzero(nc::array({1.0}, std::nullopt, dev).reshape({})); }) ==
        "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
  CHECK(message_of([&] { nc::extract(nc::array({0, 1, 0, 1, 1}, std::nullopt, dev), a); }) ==
        "index 3 is out of bounds for axis 0 with size 3");
  CHECK(nc::argwhere(nc::array({2.0}, std::nullopt, dev).reshape({})).shape() == nc::shape_t{1, 0});
  CHECK(nc::argwhere(nc::array({0.0}, std::nullopt, dev).reshape({})).shape() == nc::shape_t{0, 0});
  CHECK(message_of([&] { nc::quantile(a, 1.5); }) == "Quantiles must be in the range [0, 1]");
  CHECK(message_of([&] { nc::percentile(a, {50.0, -1.0}); }) == "Percentiles must be in the range [0, 100]");
  CHECK(message_of([&] { nc::quantile(a.astype(nc::complex64), 0.5); }) == "a must be an array of real numbers");
  CHECK(message_of([&] { nc::quantile(nc::zeros({0}, nc::float64, dev), 0.5); }) ==
        "index -1 is out of bounds for axis 0 with size 0");
  CHECK(message_of([&] { nc::median(a, 1); }) == "axis 1 is out of bounds for array of dimension 1");
  const nc::ndarray counts = nc::array({1, 3, 3}, std::nullopt, dev);
  CHECK(message_of([&] { nc::bincount(nc::array({1, -1}, std::nullopt, dev)); }) ==
        "'list' argument must have no negative elements");
  // NumPy casts to int64 first, where 2^63 turns negative; int8 is counted in its own dtype here
  CHECK(message_of([&] { nc::bincount(nc::array({std::uint64_t{1}, std::uint64_t{1} << 63}, nc::uint64, dev)); }) ==
        "'list' argument must have no negative elements");
  CHECK(message_of([&] { nc::bincount(nc::array({3, -1}, nc::int8, dev)); }) ==
        "'list' argument must have no negative elements");
  CHECK(message_of([&] { nc::bincount(a); }) ==
        "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'");
  CHECK(message_of([&] { nc::bincount(counts, std::nullopt, -1); }) == "'minlength' must not be negative");
  CHECK(message_of([&] { nc::bincount(counts.reshape({1, 3})); }) == "object too deep for desired array");
  CHECK(message_of([&] { nc::bincount(counts, nc::array({1.0, 2.0}, std::nullopt, dev)); }) ==
        "The weights and list don't have the same length.");
  CHECK(message_of([&] { nc::digitize(a, nc::array({3.0, 1.0, 2.0}, std::nullopt, dev)); }) ==
        "bins must be monotonically increasing or decreasing");
  CHECK(message_of([&] { nc::histogram(a, 0); }) == "`bins` must be positive, when an integer");
  CHECK(message_of([&] { nc::histogram(a, 3, {.range = std::pair{3.0, 1.0}}); }) ==
        "max must be larger than min in range parameter.");
  CHECK(message_of([&] { nc::histogram(nc::array({1.0, 2.0, std::numeric_limits<double>::infinity()}, std::nullopt, dev)); }) ==
        "autodetected range of [1.0, inf] is not finite");
  CHECK(message_of([&] { nc::histogram(a, nc::array({3.0, 1.0}, std::nullopt, dev)); }) ==
        "`bins` must increase monotonically, when an array");
  CHECK(message_of([&] { nc::histogram(a, 3, {.weights = nc::array({1.0, 2.0}, std::nullopt, dev)}); }) ==
        "weights should have the same shape as a.");
  const nc::ndarray points = nc::zeros({4, 2}, nc::float64, dev);
  CHECK(message_of([&] { nc::histogramdd(points, {std::int64_t{2}, std::int64_t{2}, std::int64_t{2}}); }) ==
        "The dimension of bins must be equal to the dimension of the sample x.");
  CHECK(message_of([&] { nc::histogramdd(points, {std::int64_t{0}, std::int64_t{2}}); }) ==
        "`bins[0]` must be positive, when an integer");
  CHECK(message_of([&] { nc::histogramdd(points, {std::int64_t{2}}, {.range = std::vector{std::pair{0.0, 1.0}}}); }) ==
        "range argument must have one entry per dimension");
  // NumPy's classes (numcu/error.hpp): ValueError is shape_error, TypeError dtype_error, IndexError index_error
  CHECK_THROWS_AS(nc::partition(a, {3}), nc::shape_error);
  CHECK_THROWS_AS(nc::sort(a, -1, {.kind = nc::sort_kind::stable, .stable = true}), nc::shape_error);
  CHECK_THROWS_AS(nc::lexsort({}), nc::dtype_error);
  CHECK_THROWS_AS(nc::bincount(nc::array({1, -1}, std::nullopt, dev)), nc::shape_error);
  CHECK_THROWS_AS(nc::quantile(a, 1.5), nc::shape_error);
  CHECK_THROWS_AS(nc::digitize(a, nc::array({3.0, 1.0, 2.0}, std::nullopt, dev)), nc::shape_error);
  CHECK_THROWS_AS(nc::searchsorted(a, a, nc::search_side::left, nc::array({0, 1, 3}, std::nullopt, dev)),
                  nc::shape_error);
  CHECK_THROWS_AS(nc::extract(nc::array({0, 1, 0, 1, 1}, std::nullopt, dev), a), nc::index_error);
  CHECK_THROWS_AS(nc::quantile(a.astype(nc::complex64), 0.5), nc::dtype_error);
  CHECK(numcu_test::host_bytes(a) == before);
  if (!dev.is_cpu()) {
    CHECK_THROWS_AS(nc::searchsorted(a, nc::array({1.0}, std::nullopt, nc::cpu)), nc::device_error);
  }
}

TEST_CASE("searchsorted on the GPU gives the CPU's places: trees of every key width, few needles, unaligned"
          " [cuda]" * doctest::skip(numcu_test::no_gpu())) {
  std::mt19937 gen(12);
  std::uniform_int_distribution<int> draw(-60, 60);
  const auto values_of = [&](std::int64_t count, nc::dtype t) {
    std::vector<double> values(static_cast<std::size_t>(count));
    for (double& x : values) x = draw(gen) * 0.5;
    nc::ndarray a = nc::array(values, std::nullopt, nc::cpu).astype(t);
    if ((t.is_floating() || t.is_complex()) && count > 8) {  // NaN and infinities among them
      a(nc::slice(0, 3)) = std::numeric_limits<double>::quiet_NaN();
      a(nc::slice(3, 4)) = std::numeric_limits<double>::infinity();
      a(nc::slice(4, 5)) = -std::numeric_limits<double>::infinity();
    }
    return a;
  };
  // a tree of a few levels (100003), of the last level alone (2049), of the samples alone (5); 8-bit keys take
  // 32 to a node, 128-bit ones 2
  for (nc::dtype t : {nc::bool_, nc::int8, nc::float16, nc::int32, nc::float32, nc::uint64, nc::float64,
                      nc::complex64, nc::complex128}) {
    for (std::int64_t n : {std::int64_t{100003}, std::int64_t{2049}, std::int64_t{5}}) {
      CAPTURE(t.name());
      CAPTURE(n);
      const nc::ndarray sorted = nc::sort(values_of(n, t));
      const nc::ndarray needles = values_of(30011, t);
      const nc::ndarray gpu_sorted = sorted.to(nc::cuda(0));
      const nc::ndarray gpu_needles = needles.to(nc::cuda(0));
      for (auto side : {nc::search_side::left, nc::search_side::right}) {
        CHECK(int64_values(nc::searchsorted(gpu_sorted, gpu_needles, side)) ==
              int64_values(nc::searchsorted(sorted, needles, side)));
        // a few needles search without a tree; so do those in an array that starts off a 16-byte boundary
        const nc::ndarray few = needles(nc::slice(0, 4));
        CHECK(int64_values(nc::searchsorted(gpu_sorted, few.to(nc::cuda(0)), side)) ==
              int64_values(nc::searchsorted(sorted, few, side)));
        const nc::ndarray shifted = sorted(nc::slice(1, nc::none));
        CHECK(int64_values(nc::searchsorted(gpu_sorted(nc::slice(1, nc::none)), gpu_needles, side)) ==
              int64_values(nc::searchsorted(shifted, needles, side)));
      }
    }
  }
}

TEST_CASE("sort on the GPU gives the CPU's stable order on every path [cuda]" * doctest::skip(numcu_test::no_gpu())) {
  std::mt19937 gen(11);
  std::uniform_int_distribution<int> draw(-50, 50);
  // one long row (CUB's radix sort), rows in one block each (up to 1024), long rows (segmented), tiny rows
  const std::vector<nc::shape_t> shapes{{200003}, {300, 1024}, {40, 5000}, {5000, 3}, {3, 70000}};
  for (nc::dtype t : {nc::float32, nc::int16, nc::float64, nc::complex64, nc::uint8, nc::bfloat16}) {
    for (const auto& shape : shapes) {
      CAPTURE(t.name());
      CAPTURE(shape.size());
      std::vector<double> values(static_cast<std::size_t>(shape.product()));
      for (double& x : values) x = draw(gen) * 0.5;
      const nc::ndarray host = nc::array(values, std::nullopt, nc::cpu).reshape(shape).astype(t);
      const nc::ndarray gpu = host.to(nc::cuda(0));
      CHECK(int64_values(nc::argsort(gpu)) == int64_values(nc::argsort(host)));
      CHECK(numcu_test::host_bytes(nc::sort(gpu)) == numcu_test::host_bytes(nc::sort(host)));
      CHECK(int64_values(nc::argsort(gpu, 0)) == int64_values(nc::argsort(host, 0)));
    }
    // one long row split around kth: each group in input order, so both devices give the same arrays
    std::vector<double> values(200003);
    for (double& x : values) x = draw(gen) * 0.5;
    const nc::ndarray host = nc::array(values, std::nullopt, nc::cpu).astype(t);
    const nc::ndarray gpu = host.to(nc::cuda(0));
    for (std::int64_t k : {std::int64_t{3}, std::int64_t{100001}, std::int64_t{-1}}) {
      CHECK(numcu_test::host_bytes(nc::partition(gpu, {k})) == numcu_test::host_bytes(nc::partition(host, {k})));
      CHECK(int64_values(nc::argpartition(gpu, {k})) == int64_values(nc::argpartition(host, {k})));
    }
  }
}
