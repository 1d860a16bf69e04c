// Rearranging and the diagonal and triangle builders against NumPy (tests/data/rearranging.txt, written by
// generate_rearranging.py): flip, fliplr, flipud, rot90, roll, diagonal, diag, diagflat, trace, tri, tril and
// triu over every dtype and C-order and transposed inputs, the views checked as views; and by hand, the
// errors with NumPy's messages and the operands unchanged.
#include <map>

#include "test_support.hpp"

using numcu_test::check_elements;
using numcu_test::comma_ints;
using numcu_test::golden_lines;
using numcu_test::message_of;
using numcu_test::parse_shape;
using numcu_test::split;
using numcu_test::words;

namespace {

/// An axis option: none, one axis, or a list of them (given as a list when it has a comma).
nc::axis_arg axis_of(const std::string& text) {
  if (text == "none") return nc::none;
  if (text.find(',') == std::string::npos) return std::stoll(text);
  return comma_ints(text);
}

}  // namespace

NUMCU_TEST_ON_DEVICES("flips, rotations, roll, diagonals and triangles agree with NumPy, views as views",
                      rearranging_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("rearranging.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "re") continue;
    CAPTURE(line.substr(0, 140));
    ++lines;
    const std::string& func = w[1];
    std::map<std::string, std::string> option;
    for (std::size_t i = 2; i < w.size(); ++i) {
      const auto at = w[i].find('=');
      if (at != std::string::npos) option[w[i].substr(0, at)] = w[i].substr(at + 1);
    }
    const auto number = [&](const std::string& key) { return std::stoll(option.at(key)); };
    const auto result = words(parts[2]);
    if (func == "tri") {
      const std::optional<std::int64_t> m =
          option.at("m") == "none" ? std::nullopt : std::optional<std::int64_t>(number("m"));
      const nc::ndarray r = nc::tri(number("n"), m, number("k"), nc::dtype(option.at("dtype")), dev);
      CHECK(r.shape() == parse_shape(result[1]));
      check_elements(r, words(parts[3]), nc::dtype(result[0]));
      continue;
    }
    const auto input = words(parts[1]);
    const nc::dtype t(input[0]);
    const nc::ndarray given = numcu_test::array_from_text(
        std::vector<std::string>(input.begin() + 3, input.end()), t, parse_shape(input[1]), dev);
    const nc::ndarray a = input[2] == "t" ? given.T() : given;
    const auto before = numcu_test::host_bytes(given);
    nc::ndarray r;
    bool view = true;
    if (func == "flip") {
      r = nc::flip(a, axis_of(option.at("axis")));
    } else if (func == "fliplr") {
      r = nc::fliplr(a);
    } else if (func == "flipud") {
      r = nc::flipud(a);
    } else if (func == "rot90") {
      r = nc::rot90(a, number("k"), comma_ints(option.at("axes")));
    } else if (func == "roll") {
      r = nc::roll(a, comma_ints(option.at("shift")), axis_of(option.at("axis")));
      view = false;
    } else if (func == "tile") {
      r = nc::tile(a, comma_ints(option.at("reps")));
      view = false;
    } else if (func == "repeat") {
      const std::optional<std::int64_t> axis =
          option.at("axis") == "none" ? std::nullopt : std::optional<std::int64_t>(number("axis"));
      const auto counts = comma_ints(option.at("repeats"));
      r = counts.size() == 1 ? nc::repeat(a, counts[0], axis) : nc::repeat(a, counts, axis);
      view = false;
    } else if (func == "diagonal") {
      r = nc::diagonal(a, number("offset"), number("axis1"), number("axis2"));
    } else if (func == "diag") {
      r = nc::diag(a, number("k"));
      view = a.ndim() == 2;
    } else if (func == "diagflat") {
      r = nc::diagflat(a, number("k"));
      view = false;
    } else if (func == "trace") {
      r = nc::trace(a, number("offset"));
      view = false;
    } else if (func == "tril" || func == "triu") {
      r = func == "tril" ? nc::tril(a, number("k")) : nc::triu(a, number("k"));
      view = false;
    } else {
      FAIL("unknown function " << func);
    }
    CHECK(r.shape() == parse_shape(result[1]));
    CHECK(r.shares_memory_with(given) == view);
    check_elements(nc::ascontiguousarray(r), words(parts[3]), nc::dtype(result[0]));
    CHECK(numcu_test::host_bytes(given) == before);
  }
  CHECK(lines == 4129);
}

NUMCU_TEST_ON_DEVICES("meshgrid agrees with NumPy: xy and ij, sparse, copies or views", meshgrid_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("rearranging.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "mesh") continue;
    CAPTURE(line.substr(0, 140));
    ++lines;
    const nc::dtype t(w[1]);
    const auto indexing = w[2] == "xy" ? nc::meshgrid_indexing::xy : nc::meshgrid_indexing::ij;
    const bool sparse = w[3] == "1";
    const std::size_t k = std::stoul(w[4]);
    std::vector<nc::ndarray> xi;
    for (std::size_t i = 0; i < k; ++i) {
      const auto values = words(parts[1 + i]);
      xi.push_back(numcu_test::array_from_text(values, t, {static_cast<std::int64_t>(values.size())}, dev));
    }
    for (bool copy : {true, false}) {
      const std::vector<nc::ndarray> grids = nc::meshgrid(xi, indexing, sparse, copy);
      REQUIRE(grids.size() == k);
      for (std::size_t i = 0; i < k; ++i) {
        const auto want = words(parts[1 + k + i]);
        CHECK(grids[i].shape() == parse_shape(want[0]));
        CHECK(grids[i].shares_memory_with(xi[i]) == !copy);
        check_elements(nc::ascontiguousarray(grids[i]),
                       std::vector<std::string>(want.begin() + 1, want.end()), t);
      }
    }
  }
  CHECK(lines == 240);
}

NUMCU_TEST_ON_DEVICES("rearranging errors: NumPy's messages, operands unchanged", rearranging_errors) {
  const nc::ndarray v = nc::arange(3.0, std::nullopt, dev);
  const nc::ndarray m = nc::zeros({2, 3}, nc::float64, dev);
  const nc::ndarray s = nc::full({}, 1.0, nc::float64, dev);
  const auto v_bytes = numcu_test::host_bytes(v);
  CHECK(message_of([&] { (void)nc::fliplr(v); }) == "Input must be >= 2-d.");
  CHECK(message_of([&] { (void)nc::pad(m, {{1, -1}}); }) == "index can't contain negative values");
  // widths whose sum with the extent leaves int64 (NumPy's own sum wraps, and then fails as its shapes do)
  CHECK_THROWS_AS((void)nc::pad(v, INT64_MAX), nc::shape_error);
  CHECK_THROWS_AS((void)nc::pad(v, {{INT64_MAX - 2, 0}}), nc::shape_error);
  CHECK(message_of([&] {
          (void)nc::pad(nc::zeros({0, 2}, nc::float64, dev), 1, nc::pad_mode::edge);
        }) == "can't extend empty axis 0 using modes other than 'constant' or 'empty'");
  CHECK(message_of([&] {
          (void)nc::pad(m, 1, nc::pad_mode::maximum, {.stat_length = {{0, 1}}});
        }) == "stat_length of 0 yields no value for padding");
  CHECK(message_of([&] {
          (void)nc::pad(nc::zeros({2}, nc::uint8, dev), 1, nc::pad_mode::constant,
                        {.constant_values = {{300, 0}}});
        }) == "Python integer 300 out of bounds for uint8");
  // a 2-D array padded in the empty mode: the original in the middle, whatever around it
  CHECK(nc::pad(m, {{1, 0}, {0, 2}}, nc::pad_mode::empty).shape() == nc::shape_t{3, 5});
  CHECK(message_of([&] { (void)nc::flipud(s); }) == "Input must be >= 1-d.");
  CHECK(message_of([&] { (void)nc::flip(m, 2); }) == "axis 2 is out of bounds for array of dimension 2");
  CHECK(message_of([&] { (void)nc::rot90(m, 1, {0, 1, 2}); }) == "len(axes) must be 2.");
  CHECK(message_of([&] { (void)nc::rot90(m, 1, {0, 0}); }) == "Axes must be different.");
  CHECK(message_of([&] { (void)nc::rot90(m, 1, {0, -2}); }) == "Axes must be different.");
  CHECK(message_of([&] {
          (void)nc::rot90(m, 1, {0, 3});
        }) == "Axes=(0, 3) out of range for array of ndim=2.");
  CHECK(message_of([&] {
          (void)nc::roll(m, {1, 2, 3}, {0, 1});
        }) ==
        "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with "
        "shape (3,) "
        "and arg 1 with shape (2,).");
  CHECK(message_of([&] { (void)nc::roll(m, 1, 2); }) == "axis 2 is out of bounds for array of dimension 2");
  CHECK(message_of([&] { (void)nc::diagonal(v); }) == "diag requires an array of at least two dimensions");
  CHECK(message_of([&] { (void)nc::diagonal(m, 0, 0, 0); }) == "axis1 and axis2 cannot be the same");
  CHECK(message_of([&] { (void)nc::diagonal(m, 0, 5, 0); }) ==
        "axis1: axis 5 is out of bounds for array of dimension 2");
  CHECK(message_of([&] { (void)nc::diagonal(m, 0, 0, 5); }) ==
        "axis2: axis 5 is out of bounds for array of dimension 2");
  CHECK(message_of([&] {
          (void)nc::diag(nc::zeros({2, 2, 2}, nc::float64, dev));
        }) == "Input must be 1- or 2-d.");
  CHECK(message_of([&] { (void)nc::trace(v); }) == "diag requires an array of at least two dimensions");
  CHECK(message_of([&] { (void)nc::tril(s); }) == "tri() missing 1 required positional argument: 'N'");
  CHECK_THROWS_AS((void)nc::triu(s), nc::dtype_error);
  CHECK_THROWS_AS((void)nc::diagonal(m, 0, 0, 5), nc::index_error);
  CHECK(message_of([&] { (void)nc::tile(m, {2, -1}); }) == "negative dimensions are not allowed");
  CHECK(message_of([&] { (void)nc::repeat(m, -1); }) == "negative dimensions are not allowed");
  CHECK(message_of([&] {
          (void)nc::repeat(m, {1, 2}, 1);
        }) == "operands could not be broadcast together with shape (3,) (2,)");
  CHECK(message_of([&] {
          (void)nc::repeat(m, {1, -1, 2}, 1);
        }) == "repeats may not contain negative values.");
  CHECK(message_of([&] { (void)nc::repeat(m, 2, 2); }) == "axis 2 is out of bounds for array of dimension 2");
  CHECK(numcu_test::host_bytes(v) == v_bytes);
  // roll of one axis with no shift, and of no axes: copies of the input
  CHECK(nc::roll(v, 0, 0).to_vector<double>() == v.to_vector<double>());
  CHECK(nc::roll(m, 1, std::vector<std::int64_t>{}).shape() == m.shape());
}

TEST_CASE(
    "tril, triu, narrow joins and pads on the GPU give the CPU's arrays: long rows, many matrices, every "
    "item size"
    " [cuda]" *
    doctest::skip(numcu_test::no_gpu())) {
  const nc::device gpu = nc::cuda(0);
  const nc::ndarray values = nc::random::default_rng(41).random({3 * 1500 * 1100}, nc::float64, nc::cpu);
  for (nc::dtype t : {nc::bool_, nc::int8, nc::float16, nc::float32, nc::int64, nc::complex128}) {
    CAPTURE(t.name());
    // rows longer than a block's stretch, three matrices; a transposed view goes through a copy
    const nc::ndarray a = nc::multiply(values, 200.0).astype(t, nc::casting::unsafe).reshape({3, 1500, 1100});
    const nc::ndarray g = a.to(gpu);
    for (std::int64_t k : {std::int64_t{0}, std::int64_t{-700}, std::int64_t{1050}}) {
      CAPTURE(k);
      CHECK(numcu_test::host_bytes(nc::tril(g, k)) == numcu_test::host_bytes(nc::tril(a, k)));
      CHECK(numcu_test::host_bytes(nc::triu(g, k)) == numcu_test::host_bytes(nc::triu(a, k)));
    }
    const nc::ndarray at = nc::swapaxes(a, 1, 2), gt = nc::swapaxes(g, 1, 2);
    CHECK(numcu_test::host_bytes(nc::tril(gt, 3)) == numcu_test::host_bytes(nc::tril(at, 3)));
    // side by side: two parts of one element a row, five of three (narrow rows), twenty (a copy per part)
    const nc::ndarray flat = a.reshape({a.size()})(nc::slice(0, 60000));
    const nc::ndarray gflat = g.reshape({g.size()})(nc::slice(0, 60000));
    const auto split_of = [](const nc::ndarray& x, std::int64_t parts) {
      std::vector<nc::ndarray> out;
      const std::int64_t each = x.size() / parts;
      for (std::int64_t p = 0; p < parts; ++p) out.push_back(x(nc::slice(p * each, (p + 1) * each)));
      return out;
    };
    CHECK(numcu_test::host_bytes(nc::stack(split_of(gflat, 2), 1)) ==
          numcu_test::host_bytes(nc::stack(split_of(flat, 2), 1)));
    std::vector<nc::ndarray> five, gfive;
    for (const auto& p : split_of(flat, 5)) five.push_back(p.reshape({-1, 3}));
    for (const auto& p : split_of(gflat, 5)) gfive.push_back(p.reshape({-1, 3}));
    CHECK(numcu_test::host_bytes(nc::concatenate(gfive, 1)) ==
          numcu_test::host_bytes(nc::concatenate(five, 1)));
    CHECK(numcu_test::host_bytes(nc::stack(split_of(gflat, 20), 1)) ==
          numcu_test::host_bytes(nc::stack(split_of(flat, 20), 1)));
    // pads in one pass: rows of odd lengths across the 16-byte stores, every mode that copies, a transposed
    // view, constants per axis (the CPU's pads are checked against NumPy's above)
    const nc::ndarray m = a(1), gm = g(1);
    const nc::ndarray mt = nc::swapaxes(a, 0, 2)(nc::slice(0, 1099)),
                      gmt = nc::swapaxes(g, 0, 2)(nc::slice(0, 1099));
    for (nc::pad_mode mode : {nc::pad_mode::constant, nc::pad_mode::edge, nc::pad_mode::reflect,
                              nc::pad_mode::symmetric, nc::pad_mode::wrap}) {
      CAPTURE(static_cast<int>(mode));
      const std::vector<std::pair<std::int64_t, std::int64_t>> widths{{2, 3}, {1, 4}};
      nc::pad_options options;
      if (mode == nc::pad_mode::constant) options.constant_values = {{1, 2}, {3, 4}};
      CHECK(numcu_test::host_bytes(nc::pad(gm, widths, mode, options)) ==
            numcu_test::host_bytes(nc::pad(m, widths, mode, options)));
      CHECK(numcu_test::host_bytes(nc::pad(gmt, {{3, 1}}, mode)) ==
            numcu_test::host_bytes(nc::pad(mt, {{3, 1}}, mode)));
    }
  }
}

NUMCU_TEST_ON_DEVICES(
    "pad agrees with NumPy: every mode, reflect_type odd, end_values, widths past the axis, every dtype",
    pad_golden) {
  int lines = 0;
  const auto pairs_of = [](const std::string& text) {
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    for (const auto& p : split(text, ';')) {
      const auto v = comma_ints(p);
      out.emplace_back(v[0], v[1]);
    }
    return out;
  };
  const std::map<std::string, nc::pad_mode> modes = {
      {"constant", nc::pad_mode::constant}, {"edge", nc::pad_mode::edge},
      {"reflect", nc::pad_mode::reflect},   {"symmetric", nc::pad_mode::symmetric},
      {"wrap", nc::pad_mode::wrap},         {"maximum", nc::pad_mode::maximum},
      {"minimum", nc::pad_mode::minimum},   {"mean", nc::pad_mode::mean},
      {"median", nc::pad_mode::median},     {"linear_ramp", nc::pad_mode::linear_ramp}};
  for (const auto& line : golden_lines("pad.txt")) {
    const auto parts = split(line, '|');
    const auto head = words(parts[0]);
    CAPTURE(line.substr(0, 160));
    ++lines;
    const nc::dtype t(head[1]);
    const nc::ndarray a = numcu_test::golden_view(words(parts[4]), t, parse_shape(head[2]), head[3], dev);
    const auto how = words(parts[2]);
    nc::pad_options options;
    options.odd = how[1] == "1";
    const std::string opt = words(parts[3])[0];
    if (opt.rfind("constant=", 0) == 0 || opt.rfind("end=", 0) == 0) {
      const bool constant = opt[0] == 'c';
      for (const auto& p : split(opt.substr(constant ? 9 : 4), ';')) {
        const auto v = split(p, ',');
        const bool real = t.is_floating() || t.is_complex();
        (constant ? options.constant_values : options.end_values)
            .emplace_back(real ? nc::scalar(std::stod(v[0])) : nc::scalar(std::stoll(v[0])),
                          real ? nc::scalar(std::stod(v[1])) : nc::scalar(std::stoll(v[1])));
      }
    } else if (opt.rfind("stat=", 0) == 0) {
      options.stat_length = pairs_of(opt.substr(5));
    }
    const auto before = numcu_test::host_bytes(a);
    const nc::ndarray r = nc::pad(a, pairs_of(words(parts[1])[0]), modes.at(how[0]), options);
    CHECK(r.shape() == parse_shape(words(parts[5])[0]));
    CHECK(r.device() == dev);
    // (a statistic's zero takes the sign NumPy's vector instructions leave, the generator says)
    const bool statistic =
        how[0] == "maximum" || how[0] == "minimum" || how[0] == "median" || how[0] == "mean";
    check_elements(r, words(parts[6]), t, statistic);
    CHECK(numcu_test::host_bytes(a) == before);
  }
  CHECK(lines == 4218);
}

TEST_CASE("pad takes strides of any byte count: float32 elements 6 bytes apart, every mode that copies") {
  std::vector<unsigned char> bytes(20, 0);
  const float values[] = {1.5f, -2.0f, 4.0f};
  for (int i = 0; i < 3; ++i) std::memcpy(bytes.data() + 6 * i, &values[i], 4);
  const nc::ndarray odd = nc::from_blob(bytes.data(), {3}, nc::float32, nc::strides_t{6});
  const nc::ndarray same = nc::array(std::vector<float>{1.5f, -2.0f, 4.0f}, std::nullopt, nc::cpu);
  for (nc::pad_mode mode : {nc::pad_mode::constant, nc::pad_mode::edge, nc::pad_mode::reflect,
                            nc::pad_mode::symmetric, nc::pad_mode::wrap}) {
    CAPTURE(static_cast<int>(mode));
    CHECK(nc::asnumpy(nc::pad(odd, 2, mode)).to_vector<float>() ==
          nc::asnumpy(nc::pad(same, 2, mode)).to_vector<float>());
  }
  // the contiguous copy, padded by edge: NumPy's [1.5, 1.5, 1.5, -2, 4, 4, 4]
  CHECK(nc::asnumpy(nc::pad(same, 2, nc::pad_mode::edge)).to_vector<float>() ==
        std::vector<float>{1.5f, 1.5f, 1.5f, -2.0f, 4.0f, 4.0f, 4.0f});
}
