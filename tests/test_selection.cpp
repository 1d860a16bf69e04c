// Advanced indexing, assignment through it, take, put and compress against NumPy (tests/data/selection.txt,
// written by generate_selection.py): integer arrays of several dtypes and shapes, masks of every rank, mixed
// with integers, slices, newaxis and ellipsis, adjacent and separated, on C-order and transposed arrays of
// every dtype; and by hand: the errors with NumPy's messages and the operands unchanged, on both devices.
#include <cmath>
#include <map>
#include <random>

#include "test_support.hpp"

using numcu_test::check_elements;
using numcu_test::comma_ints;
using numcu_test::golden_lines;
using numcu_test::message_of;
using numcu_test::parse_shape;
using numcu_test::split;
using numcu_test::words;

namespace {

/// An optional bound of a golden slice ("_" for none).
std::optional<std::int64_t> bound(const std::string& text) {
  if (text == "_") return std::nullopt;
  return std::stoll(text);
}

/// The index entries written on a golden line (generate_selection.py's format).
std::vector<nc::array_index_t> entries_of(const std::string& text, nc::device dev) {
  std::vector<nc::array_index_t> out;
  for (const auto& token : words(text)) {
    const auto f = split(token, ':');
    if (f[0] == "i") {
      out.emplace_back(std::stoll(f[1]));
    } else if (f[0] == "s") {
      out.emplace_back(nc::slice(bound(f[1]), bound(f[2]), f[3] == "_" ? 1 : std::stoll(f[3])));
    } else if (f[0] == "a") {
      out.emplace_back(nc::all);
    } else if (f[0] == "n") {
      out.emplace_back(nc::newaxis);
    } else if (f[0] == "e") {
      out.emplace_back(nc::ellipsis);
    } else {
      const bool mask = f[0] == "B";
      const nc::dtype t = mask ? nc::bool_ : nc::dtype(f[1]);
      std::vector<std::string> values;
      const std::size_t at = mask ? 2 : 3;  // (an empty list leaves no field)
      for (std::int64_t v : comma_ints(at < f.size() ? f[at] : "")) values.push_back(std::to_string(v));
      out.emplace_back(numcu_test::array_from_text(values, t, parse_shape(f[mask ? 1 : 2]), dev));
    }
  }
  return out;
}

/// The array "dtype shape view" of a golden line with its values: as given (c) or transposed (t).
nc::ndarray base_of(const std::vector<std::string>& head, const std::string& values, nc::device dev) {
  return numcu_test::golden_view(words(values), nc::dtype(head[1]), parse_shape(head[2]), head[3], dev);
}

}  // namespace

NUMCU_TEST_ON_DEVICES("a(index) with arrays agrees with NumPy's a[index]: every dtype, layout and index kind",
                      advanced_get_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("selection.txt")) {
    const auto parts = split(line, '|');
    const auto head = words(parts[0]);
    if (head[0] != "get") continue;
    CAPTURE(line.substr(0, 160));
    ++lines;
    const nc::ndarray a = base_of(head, parts[2], dev);
    const auto before = numcu_test::host_bytes(a);
    const nc::ndarray r = nc::index(a, entries_of(parts[1], dev));
    CHECK(r.shape() == parse_shape(words(parts[3])[0]));
    CHECK(r.device() == dev);
    check_elements(r, words(parts[4]), a.dtype());
    CHECK(numcu_test::host_bytes(a) == before);
  }
  CHECK(lines == 1140);
}

NUMCU_TEST_ON_DEVICES("a(index) = values with arrays agrees with NumPy: scalars, broadcast rows, casts",
                      advanced_set_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("selection.txt")) {
    const auto parts = split(line, '|');
    const auto head = words(parts[0]);
    if (head[0] != "set") continue;
    CAPTURE(line.substr(0, 160));
    ++lines;
    const nc::ndarray a = base_of(head, parts[2], dev);
    const auto v = words(parts[3]);
    const nc::ndarray value = numcu_test::array_from_text(std::vector<std::string>(v.begin() + 2, v.end()),
                                                          nc::dtype(v[0]), parse_shape(v[1]), dev);
    nc::index(a, entries_of(parts[1], dev)) = value;
    // the array as given (C order) holds what NumPy's does
    check_elements(head[3] == "t" ? a.T() : a, words(parts[4]), a.dtype());
  }
  CHECK(lines == 3240);
}

NUMCU_TEST_ON_DEVICES(
    "add_at and the other ufunc.at forms agree with NumPy: repeated indices in order, casts, numbers",
    ufunc_at_golden) {
  using at_function = void (*)(const nc::ndarray&, const std::vector<nc::array_index_t>&, const nc::ndarray&);
  using at_number = void (*)(const nc::ndarray&, const std::vector<nc::array_index_t>&, nc::scalar);
  const std::map<std::string, std::pair<at_function, at_number>> functions{
      {"add", {nc::add_at, nc::add_at}},
      {"subtract", {nc::subtract_at, nc::subtract_at}},
      {"multiply", {nc::multiply_at, nc::multiply_at}},
      {"minimum", {nc::minimum_at, nc::minimum_at}},
      {"maximum", {nc::maximum_at, nc::maximum_at}}};
  int lines = 0, errors = 0;
  for (const auto& line : golden_lines("ufunc_at.txt")) {
    const auto parts = split(line, '|');
    auto head = words(parts[0]);
    CAPTURE(line.substr(0, 160));
    ++lines;
    const auto [array_form, number_form] = functions.at(head[1]);
    head.erase(head.begin() + 1);  // "at dtype shape view", as base_of() reads it
    const nc::ndarray a = base_of(head, parts[2], dev);
    const auto before = numcu_test::host_bytes(a);
    const auto index = entries_of(parts[1], dev);
    const auto v = words(parts[3]);
    const auto call = [&] {
      if (v[0] != "number") {
        const nc::ndarray values = numcu_test::array_from_text(
            std::vector<std::string>(v.begin() + 2, v.end()), nc::dtype(v[0]), parse_shape(v[1]), dev);
        array_form(a, index, values);
      } else if (v[1] == "int") {
        number_form(a, index, std::stoll(v[2]));
      } else if (v[1] == "float") {
        number_form(a, index, std::strtod(v[2].c_str(), nullptr));
      } else {
        number_form(a, index, v[2] == "1");
      }
    };
    const auto after = words(parts[4]);
    if (after[0] == "error") {
      ++errors;
      std::string thrown = "nothing";
      try {
        call();
      } catch (const nc::index_error&) {
        thrown = "index_error";
      } catch (const nc::shape_error&) {
        thrown = "shape_error";
      } catch (const nc::dtype_error&) {
        thrown = "dtype_error";
      }
      CHECK(thrown == after[1]);
      CHECK(numcu_test::host_bytes(a) == before);  // nothing written
      continue;
    }
    call();
    // (two zeros of different signs tie in minimum and maximum: NumPy's pick varies with the dtype's loop,
    // numcu's is in numpy_differences.md)
    const bool tie_of_zeros = head[1] == "float16" || head[1] == "bfloat16" || head[1] == "float32" ||
                              head[1] == "float64" || head[1].rfind("complex", 0) == 0;
    const std::string fn = words(parts[0])[1];
    check_elements(head[3] == "t" ? a.T() : a, after, a.dtype(),
                   tie_of_zeros && (fn == "minimum" || fn == "maximum"));
  }
  CHECK(lines == 2034);
  CHECK(errors == 20);
}

NUMCU_TEST_ON_DEVICES("take, put and compress agree with NumPy: axes, none, every mode, every dtype",
                      take_put_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("selection.txt")) {
    const auto parts = split(line, '|');
    const auto head = words(parts[0]);
    if (head[0] != "take" && head[0] != "put" && head[0] != "compress") continue;
    CAPTURE(line.substr(0, 160));
    ++lines;
    const nc::dtype t(head[1]);
    const auto mode_of = [](const std::string& m) {
      return m == "wrap" ? nc::index_mode::wrap : m == "clip" ? nc::index_mode::clip : nc::index_mode::raise;
    };
    const auto axis_of = [](const std::string& a) {
      return a == "none" ? std::nullopt : std::optional<std::int64_t>(std::stoll(a));
    };
    if (head[0] == "take") {
      const auto ix = words(parts[1]);
      const nc::ndarray index = numcu_test::array_from_text(
          std::vector<std::string>(ix.begin() + 2, ix.end()), nc::int64, parse_shape(ix[1]), dev);
      const auto how = words(parts[2]);
      const nc::ndarray a = numcu_test::array_from_text(words(parts[4]), t, parse_shape(head[2]), dev);
      const nc::ndarray r = nc::take(a, index, axis_of(how[0]), mode_of(how[1]));
      CHECK(r.shape() == parse_shape(words(parts[3])[0]));
      check_elements(r, words(parts[5]), t);
    } else if (head[0] == "put") {
      const auto ix = words(parts[1]);
      std::vector<std::string> index(ix.begin(), ix.end());
      const nc::ndarray indices =
          numcu_test::array_from_text(index, nc::int64, {std::int64_t(index.size())}, dev);
      const auto v = words(parts[2]);
      const nc::ndarray values = numcu_test::array_from_text(std::vector<std::string>(v.begin() + 2, v.end()),
                                                             nc::dtype(v[0]), parse_shape(v[1]), dev);
      const nc::ndarray a = numcu_test::array_from_text(words(parts[4]), t, parse_shape(head[2]), dev);
      nc::put(a, indices, values, mode_of(words(parts[3])[0]));
      check_elements(a, words(parts[5]), t);
    } else {
      const auto c = words(parts[1]);
      const nc::ndarray condition = numcu_test::array_from_text(c, nc::int64, {std::int64_t(c.size())}, dev);
      const nc::ndarray a = numcu_test::array_from_text(words(parts[4]), t, parse_shape(head[2]), dev);
      const nc::ndarray r = nc::compress(condition, a, axis_of(words(parts[2])[0]));
      CHECK(r.shape() == parse_shape(words(parts[3])[0]));
      check_elements(r, words(parts[5]), t);
    }
  }
  CHECK(lines == 15 * 17);
}

NUMCU_TEST_ON_DEVICES("a(mask), a(idx) and the operators read as arrays; assignment writes through views",
                      advanced_by_hand) {
  // worked by hand: a = [0, 10, 20, 30, 40, 50]
  const nc::ndarray a = nc::multiply(nc::arange(std::int64_t{0}, 6, 1, nc::int64, dev), 10);
  const nc::ndarray picked = a(a > 25);
  CHECK(picked.dtype() == nc::int64);
  CHECK(nc::asnumpy(picked).to_vector<std::int64_t>() == std::vector<std::int64_t>{30, 40, 50});
  const nc::ndarray idx = nc::array(std::vector<std::int64_t>{-1, 0, 0}, std::nullopt, dev);
  CHECK(nc::asnumpy(nc::ndarray(a(idx)) + 1).to_vector<std::int64_t>() ==
        std::vector<std::int64_t>{51, 1, 1});
  // through a strided view: the odd elements, then the last two of them
  const nc::ndarray odd = a(nc::slice(1, nc::none, 2));
  odd(nc::array(std::vector<std::int64_t>{1, 2}, std::nullopt, dev)) =
      7.9;  // cast unsafely, as NumPy's setitem
  CHECK(nc::asnumpy(a).to_vector<std::int64_t>() == std::vector<std::int64_t>{0, 10, 20, 7, 40, 7});
  a(a == 7) = nc::ndarray(a(nc::array(std::vector<std::int64_t>{0}, std::nullopt, dev)));
  CHECK(nc::asnumpy(a).to_vector<std::int64_t>() == std::vector<std::int64_t>{0, 10, 20, 0, 40, 0});
  // in place: a(idx) += v reads, adds and writes back (a repeated index adds once, as NumPy's)
  a(nc::array(std::vector<std::int64_t>{1, 1, 4}, std::nullopt, dev)) += std::int64_t{5};
  CHECK(nc::asnumpy(a).to_vector<std::int64_t>() == std::vector<std::int64_t>{0, 15, 20, 0, 45, 0});
  a(a > 30) *= nc::array(std::vector<std::int64_t>{2}, std::nullopt, dev);
  CHECK(nc::asnumpy(a).to_vector<std::int64_t>() == std::vector<std::int64_t>{0, 15, 20, 0, 90, 0});
  CHECK(message_of([&] { a(a > 10) /= std::int64_t{2}; }) ==
        "Cannot cast ufunc 'divide' output from dtype('float64') to dtype('int64') with casting rule "
        "'same_kind'");
  CHECK(nc::asnumpy(a).to_vector<std::int64_t>() == std::vector<std::int64_t>{0, 15, 20, 0, 90, 0});
  // a column through a mask of the leading axis and an integer
  const nc::ndarray m = nc::arange(std::int64_t{0}, 12, 1, nc::int64, dev).reshape({3, 4});
  m(m(nc::all, 0) > 3, 1) = -1;
  CHECK(nc::asnumpy(m).to_vector<std::int64_t>() ==
        std::vector<std::int64_t>{0, 1, 2, 3, 4, -1, 6, 7, 8, -1, 10, 11});
}

NUMCU_TEST_ON_DEVICES("advanced indexing errors: NumPy's messages, nothing written", advanced_errors) {
  const nc::ndarray a = nc::arange(std::int64_t{0}, 12, 1, nc::float64, dev).reshape({3, 4});
  const auto before = numcu_test::host_bytes(a);
  const auto ints = [&](std::vector<std::int64_t> v) { return nc::array(v, std::nullopt, dev); };
  CHECK(message_of([&] { nc::ndarray r = a(ints({0}), ints({5})); }) ==
        "index 5 is out of bounds for axis 1 with size 4");
  CHECK(message_of([&] { nc::ndarray r = a(ints({-4})); }) ==
        "index -4 is out of bounds for axis 0 with size 3");
  CHECK(message_of([&] {
          nc::ndarray r = a(ints({0, 1}), ints({0, 1, 2}));
        }) == "shape mismatch: indexing arrays could not be broadcast together with shapes (2,) (3,) ");
  CHECK(message_of([&] { nc::ndarray r = a(nc::zeros({2}, nc::bool_, dev)); }) ==
        "boolean index did not match indexed array along axis 0; size of axis is 3 but size of corresponding "
        "boolean axis is 2");
  // a boolean axis of length 0 selects nothing and stands against an axis of any length, as in NumPy
  // (a[np.zeros(0, bool)].shape == (0, 4), a[..., np.zeros(0, bool), ::-1].shape == (0, 4),
  // a[np.zeros((0, 5), bool)] raises for axis 1 only); assigning through it writes nothing
  CHECK(nc::ndarray(a(nc::zeros({0}, nc::bool_, dev))).shape() == nc::shape_t{0, 4});
  CHECK(nc::ndarray(a(nc::ellipsis, nc::zeros({0}, nc::bool_, dev), nc::slice(nc::none, nc::none, -1)))
            .shape() == nc::shape_t{0, 4});
  CHECK(nc::ndarray(a(nc::zeros({0, 4}, nc::bool_, dev))).shape() == nc::shape_t{0});
  CHECK(message_of([&] {
          nc::ndarray r = a(nc::zeros({0, 5}, nc::bool_, dev));
        }) ==
        "boolean index did not match indexed array along axis 1; size of axis is 4 but size of corresponding "
        "boolean axis is 5");
  a(nc::zeros({0}, nc::bool_, dev)) = 7.0;
  nc::maximum_at(a, {nc::ellipsis, nc::zeros({0}, nc::bool_, dev), nc::slice(nc::none, nc::none, -1)}, 99.0);
  CHECK(message_of([&] { nc::ndarray r = a(nc::zeros({1}, nc::float64, dev)); }) ==
        "arrays used as indices must be of integer (or boolean) type");
  CHECK(message_of([&] { nc::ndarray r = a(0, 0, ints({0})); }) ==
        "too many indices for array: array is 2-dimensional, but 3 were indexed");
  CHECK(message_of([&] { nc::ndarray r = a(nc::ellipsis, nc::ellipsis, ints({0})); }) ==
        "an index can only have a single ellipsis ('...')");
  // assignments: a bad index anywhere, or values of the wrong shape, write nothing
  CHECK(message_of([&] { a(ints({0, 2, 7})) = 1.0; }) == "index 7 is out of bounds for axis 0 with size 3");
  CHECK(message_of([&] {
          a(nc::all, ints({1, -9})) = nc::zeros({3, 2}, nc::float64, dev);
        }) == "index -9 is out of bounds for axis 1 with size 4");
  CHECK(message_of([&] {
          a(ints({0, 1, 2})) = nc::ones({2}, nc::float64, dev);
        }) ==
        "shape mismatch: value array of shape (2,) could not be broadcast to indexing result of shape (3,4)");
  CHECK(
      message_of([&] { a(a > 3.0) = nc::ones({2}, nc::float64, dev); }) ==
      "NumPy boolean array indexing assignment cannot assign 2 input values to the 8 output values where the "
      "mask is true");
  CHECK(
      message_of([&] {
        a(a > 3.0) = nc::ones({1, 1}, nc::float64, dev);
      }) ==
      "NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has 2 dimensions");
  // an empty value into an empty selection may have extra leading axes, if its last ones broadcast to the
  // selection's (NumPy: a[[]] = ones((2, 0, 4)) writes nothing; ones((2, 3, 0)) does not broadcast to (0, 4))
  a(nc::zeros({0}, nc::int64, dev)) = nc::ones({2, 0, 4}, nc::float64, dev);
  CHECK(message_of([&] {
          a(nc::zeros({0}, nc::int64, dev)) = nc::ones({2, 3, 0}, nc::float64, dev);
        }) ==
        "shape mismatch: value array of shape (2,3,0) could not be broadcast to indexing result of shape "
        "(0,4)");
  CHECK(message_of([&] {
          a(ints({0, 1})) = nc::ones({0, 2, 4}, nc::float64, dev);
        }) ==
        "shape mismatch: value array of shape (0,2,4) could not be broadcast to indexing result of shape "
        "(2,4)");
  CHECK(numcu_test::host_bytes(a) == before);
  // take, put, compress
  CHECK(message_of([&] { nc::take(a, ints({12})); }) == "index 12 is out of bounds for axis 0 with size 12");
  CHECK(message_of([&] { nc::take(a, ints({7}), 1); }) == "index 7 is out of bounds for axis 1 with size 4");
  CHECK(message_of([&] { nc::take(nc::zeros({0}, nc::float64, dev), ints({0}), 0, nc::index_mode::wrap); }) ==
        "cannot do a non-empty take from an empty axes.");
  // NumPy's take: "empty axes" only for a result with elements; each index checked as the loop over the axes
  // before the taken one reaches it, so never where one of them is empty
  CHECK(message_of([&] {
          nc::take(nc::zeros({3, 0}, nc::float64, dev), ints({0}), 1);
        }) == "cannot do a non-empty take from an empty axes.");
  CHECK(nc::take(nc::zeros({0, 0}, nc::float64, dev), ints({1, 2}), 0, nc::index_mode::clip).shape() ==
        nc::shape_t{2, 0});
  CHECK(nc::take(nc::zeros({0, 3}, nc::float64, dev), ints({7, -9}), 1).shape() == nc::shape_t{0, 2});
  CHECK(message_of([&] {
          nc::take(nc::zeros({3, 0}, nc::float64, dev), ints({7}), 0);
        }) == "index 7 is out of bounds for axis 0 with size 3");
  CHECK(nc::compress(nc::array({false, false, false, true}, std::nullopt, dev),
                     nc::zeros({0, 3}, nc::float64, dev), 1)
            .shape() == nc::shape_t{0, 1});
  CHECK(message_of([&] {
          nc::put(a, ints({1, 99}), nc::ones({2}, nc::float64, dev));
        }) == "index 99 is out of bounds for axis 0 with size 12");
  CHECK(message_of([&] {
          nc::put(nc::zeros({0}, nc::float64, dev), ints({0}), nc::ones({1}, nc::float64, dev),
                  nc::index_mode::clip);
        }) == "cannot replace elements of an empty array");
  CHECK(message_of([&] {
          nc::compress(nc::ones({1, 1}, nc::bool_, dev), a);
        }) == "condition must be a 1-d array");
  CHECK(message_of([&] { nc::compress(nc::ones({13}, nc::bool_, dev), a); }) ==
        "index 12 is out of bounds for axis 0 with size 12");
  CHECK(numcu_test::host_bytes(a) == before);
  // the index functions
  const nc::ndarray two = nc::zeros({2, 2}, nc::int64, dev);
  CHECK(message_of([&] { nc::take_along_axis(a, ints({0}), 1); }) ==
        "`indices` and `arr` must have the same number of dimensions");
  CHECK(message_of([&] {
          nc::take_along_axis(a, nc::zeros({3, 1}, nc::float64, dev), 1);
        }) == "`indices` must be an integer array");
  CHECK(message_of([&] {
          nc::take_along_axis(a, nc::zeros({3, 1}, nc::int64, dev) + 5, 1);
        }) == "index 5 is out of bounds for axis 1 with size 4");
  CHECK(message_of([&] { nc::take_along_axis(a, two, std::nullopt); }) ==
        "when axis=None, `indices` must have a single dimension.");
  CHECK(message_of([&] {
          nc::put_along_axis(a, nc::zeros({1, 4}, nc::int64, dev) - 9, nc::ones({1}, nc::float64, dev), 0);
        }) == "index -9 is out of bounds for axis 0 with size 3");
  CHECK(message_of([&] { nc::choose(ints({0, 3, 1, 0}), {a(0), a(1)}); }) == "invalid entry in choice array");
  CHECK(message_of([&] { nc::choose(nc::zeros({2}, nc::float64, dev), {a(0)}); }) ==
        "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'");
  CHECK(message_of([&] { nc::select({a > 1.0}, {}); }) ==
        "list of cases must be same length as list of conditions");
  CHECK(message_of([&] { nc::select({}, {}); }) == "select with an empty condition list is not possible");
  CHECK(message_of([&] { nc::select({a}, {a}); }) ==
        "invalid entry 0 in condlist: should be boolean ndarray");
  CHECK(message_of([&] { nc::place(a, a > 5.0, nc::zeros({0}, nc::float64, dev)); }) ==
        "Cannot insert from an empty array!");
  CHECK(message_of([&] { nc::putmask(a, nc::ones({3}, nc::bool_, dev), a); }) ==
        "putmask: mask and data must be the same size");
  // NumPy takes putmask's values as a's dtype with the safe rule, before it looks at how many there are
  const nc::ndarray flags = nc::zeros({3}, nc::bool_, dev);
  CHECK(message_of([&] {
          nc::putmask(flags, nc::ones({3}, nc::bool_, dev), nc::zeros({0}, nc::int16, dev));
        }) == "Cannot cast array data from dtype('int16') to dtype('bool') according to the rule 'safe'");
  CHECK_THROWS_AS(nc::putmask(a, nc::ones({3, 4}, nc::bool_, dev), nc::ones({1}, nc::complex64, dev)),
                  nc::dtype_error);
  CHECK(!nc::any(flags).item<bool>());
  // a 0 in dims leaves no place for any coordinate, whatever the mode
  CHECK(message_of([&] { nc::ravel_multi_index({ints({0})}, {0}, nc::index_mode::clip); }) ==
        "cannot unravel if shape has zero entries (is empty).");
  CHECK(message_of([&] {
          nc::ravel_multi_index({ints({1}), ints({1})}, {0, 3});
        }) == "cannot unravel if shape has zero entries (is empty).");
  CHECK(nc::ravel_multi_index({nc::zeros({0}, nc::int64, dev)}, {0}, nc::index_mode::wrap).shape() ==
        nc::shape_t{0});
  // ix_ passes arrays of other dtypes as they are, as NumPy's (indexing with them refuses them)
  const std::vector<nc::ndarray> mesh = nc::ix_({nc::array({1.5, 2.0}, std::nullopt, dev), ints({0, 2, 1})});
  REQUIRE(mesh.size() == 2);
  CHECK(mesh[0].dtype() == nc::float64);
  CHECK(mesh[0].shape() == nc::shape_t{2, 1});
  CHECK(mesh[1].shape() == nc::shape_t{1, 3});
  CHECK(message_of([&] { nc::diag_indices_from(a); }) == "All dimensions of input must be of equal length");
  CHECK(message_of([&] { nc::tril_indices_from(a(0)); }) == "input array must be 2-d");
  CHECK(message_of([&] { nc::ix_({two}); }) == "Cross index must be 1 dimensional");
  CHECK(message_of([&] {
          nc::ravel_multi_index({ints({1, 5}), ints({0, 1})}, {3, 4});
        }) == "invalid entry in coordinates array");
  CHECK(message_of([&] {
          nc::ravel_multi_index({ints({1})}, {3, 4});
        }) == "parameter multi_index must be a sequence of length 2");
  CHECK(message_of([&] {
          nc::unravel_index(ints({3, 20}), {4, 5});
        }) == "index 20 is out of bounds for array with size 20");
  CHECK(message_of([&] {
          nc::ravel_multi_index({ints({1}), ints({2})}, {3, 4},
                                std::vector<nc::index_mode>{nc::index_mode::clip});
        }) == "list of clipmodes has wrong length (1 instead of 2)");
  // dims whose product overflows, refused before the coordinates are looked at; a 0 met first (from the axis
  // that varies fastest) leaves nothing to overflow
  const std::int64_t huge = std::int64_t{1} << 40;
  CHECK(message_of([&] {
          nc::ravel_multi_index({ints({1}), ints({2})}, {huge, huge});
        }) == "invalid dims: array size defined by dims is larger than the maximum possible size.");
  CHECK(message_of([&] {
          nc::ravel_multi_index({ints({1})}, {huge, huge});
        }) == "invalid dims: array size defined by dims is larger than the maximum possible size.");
  CHECK(message_of([&] {
          nc::ravel_multi_index({ints({0}), ints({0})}, {std::int64_t{1} << 32, std::int64_t{1} << 31});
        }) == "invalid dims: array size defined by dims is larger than the maximum possible size.");
  CHECK(message_of([&] {
          nc::ravel_multi_index({ints({0}), ints({0}), ints({0})}, {huge, 0, huge});
        }) == "cannot unravel if shape has zero entries (is empty).");
  // (NumPy's product runs from the axis that varies fastest: the 0 last in C order comes first)
  CHECK(message_of([&] {
          nc::ravel_multi_index({ints({0}), ints({0}), ints({0})}, {huge, huge, 0});
        }) == "cannot unravel if shape has zero entries (is empty).");
  CHECK(message_of([&] {
          nc::ravel_multi_index({ints({0}), ints({0}), ints({0})}, {huge, huge, 0}, nc::index_mode::raise,
                                nc::order::F);
        }) == "invalid dims: array size defined by dims is larger than the maximum possible size.");
  // negative extents go through NumPy's loop as they are (hand-worked from it: clip gives 0 below 0 and m - 1
  // from m on; wrap gives C's remainder of c + m, plus m where not 0, below 0, and of c - m from 0 on)
  const nc::ndarray coords = ints({-5, -4, -3, -2, -1, 0, 1, 2, 3, 4});
  const nc::ndarray zero_coords = nc::zeros({10}, nc::int64, dev);
  CHECK(
      nc::ravel_multi_index({zero_coords, coords}, {1, -2}, nc::index_mode::wrap).to_vector<std::int64_t>() ==
      std::vector<std::int64_t>{-3, 0, -3, 0, -3, 0, 1, 0, 1, 0});
  CHECK(
      nc::ravel_multi_index({zero_coords, coords}, {1, -3}, nc::index_mode::wrap).to_vector<std::int64_t>() ==
      std::vector<std::int64_t>{-5, -4, 0, -5, -4, 0, 1, 2, 0, 1});
  CHECK(
      nc::ravel_multi_index({zero_coords, coords}, {1, -2}, nc::index_mode::clip).to_vector<std::int64_t>() ==
      std::vector<std::int64_t>{0, 0, 0, 0, 0, -3, -3, -3, -3, -3});
  CHECK(
      nc::ravel_multi_index({zero_coords, coords}, {1, 5}, nc::index_mode::wrap).to_vector<std::int64_t>() ==
      std::vector<std::int64_t>{0, 1, 2, 3, 4, 0, 1, 2, 3, 4});
  // unravel_index's size: 0 at the first 0, refused where the product before it overflows or is -1
  const std::string too_large =
      "dimensions are too large; arrays and shapes with a total size greater than 'intp' are not supported.";
  CHECK(message_of([&] { nc::unravel_index(ints({1}), {huge, huge}); }) == too_large);
  CHECK(message_of([&] { nc::unravel_index(ints({0}), {huge, huge, 0}); }) == too_large);
  CHECK(message_of([&] { nc::unravel_index(ints({0}), {1, -1}); }) == too_large);
  CHECK(message_of([&] {
          nc::unravel_index(nc::array({0.5}, std::nullopt, dev), {huge, huge});
        }) == too_large);
  CHECK(message_of([&] {
          nc::unravel_index(ints({0}), {0, huge, huge});
        }) == "index 0 is out of bounds for array with size 0");
  CHECK(message_of([&] {
          nc::unravel_index(ints({5}), {2, -3});
        }) == "index 5 is out of bounds for array with size -6");
  const std::vector<nc::ndarray> none_unravelled = nc::unravel_index(nc::zeros({0}, nc::int64, dev), {-1, 2});
  REQUIRE(none_unravelled.size() == 2);
  CHECK(none_unravelled[1].shape() == nc::shape_t{0});
  CHECK(none_unravelled[1].dtype() == nc::int64);
  CHECK(message_of([&] {
          nc::fill_diagonal(nc::zeros({2, 3, 4}, nc::float64, dev), 1.0);
        }) == "All dimensions of input must be of equal length");
  // the building functions
  CHECK(message_of([&] { nc::geomspace(0.0, 5.0, 3, true, std::nullopt, dev); }) ==
        "Geometric sequence cannot include zero");
  // an integer dtype truncates as NumPy's astype: -1, -0.87, -0.76, -0.66, -0.57 give -1 0 0 0 0
  CHECK(nc::geomspace(-1.0, -0.5, 5, false, nc::int64, dev).to_vector<std::int64_t>() ==
        std::vector<std::int64_t>{-1, 0, 0, 0, 0});
  CHECK(message_of([&] { nc::geomspace(std::complex<double>(1, 1), std::complex<double>(0, 0), 4); }) ==
        "Geometric sequence cannot include zero");
  CHECK(message_of([&] { nc::vander(a); }) == "x must be a one-dimensional array or sequence.");
  CHECK(message_of([&] { nc::trim_zeros(a, "x"); }) == "unexpected character(s) in `trim`: 'x'");
  CHECK(message_of([&] { nc::resize(a, {2, -1}); }) == "all elements of `new_shape` must be non-negative");
  CHECK(message_of([&] { nc::delete_(a, 3, 0); }) == "index 3 is out of bounds for axis 0 with size 3");
  CHECK(message_of([&] {
          nc::delete_(a, ints({1, 9}), 1);
        }) == "index 9 is out of bounds for axis 0 with size 4");
  CHECK(message_of([&] { nc::delete_(a, nc::ones({2}, nc::bool_, dev), 0); }) ==
        "boolean array argument obj to delete must be one dimensional and match the axis length of 3");
  CHECK(message_of([&] { nc::insert(a, 4, 1.0, 0); }) == "index 4 is out of bounds for axis 0 with size 3");
  CHECK(message_of([&] { nc::block(std::vector<nc::ndarray>{}); }) == "List at arrays cannot be empty");
  CHECK(message_of([&] {
          nc::block(std::vector<std::vector<nc::ndarray>>{{a}, {}});
        }) == "List at arrays[1] cannot be empty");
  CHECK(message_of([&] {
          nc::block(std::vector<std::vector<nc::ndarray>>{{a}, {two}});
        }) ==
        "all the input array dimensions except for the concatenation axis must match exactly, but along "
        "dimension "
        "1, the array at index 0 has size 4 and the array at index 1 has size 2");
  CHECK(message_of([&] { nc::insert(a, ints({-5}), a(0), 0); }) ==
        "index [-5] is out of bounds for axis 0 with size 3");
  CHECK(message_of([&] {
          nc::insert(a, ints({0, 9}), a(0), 0);
        }) == "index 10 is out of bounds for axis 0 with size 5");
  CHECK(message_of([&] { nc::insert(a, two, a(0), 0); }) ==
        "index array argument obj to insert must be one dimensional or scalar");
  CHECK(numcu_test::host_bytes(a) == before);
}

TEST_CASE(
    "take and advanced indexing on the GPU give the CPU's arrays: long rows, many blocks, the first bad"
    " index [cuda]" *
    doctest::skip(numcu_test::no_gpu())) {
  const nc::device gpu = nc::cuda(0);
  const std::int64_t n = 300007;
  const nc::ndarray values = nc::random::default_rng(43).random({n}, nc::float64, nc::cpu);
  const nc::ndarray idx = nc::random::default_rng(44).integers(-n, n, {1 << 20}, nc::int64, nc::cpu);
  const nc::ndarray gidx = idx.to(gpu);
  for (nc::dtype t : {nc::bool_, nc::int16, nc::float32, nc::float64, nc::complex128}) {
    CAPTURE(t.name());
    const nc::ndarray a = nc::multiply(values, 1000.0).astype(t, nc::casting::unsafe);
    const nc::ndarray g = a.to(gpu);
    // one row through 2^20 indices, both signs; rows of a matrix; a column (outer and inner)
    CHECK(numcu_test::host_bytes(nc::ndarray(g(gidx))) == numcu_test::host_bytes(nc::ndarray(a(idx))));
    const nc::ndarray m = a(nc::slice(0, 300000)).reshape({1000, 300});
    const nc::ndarray gm = g(nc::slice(0, 300000)).reshape({1000, 300});
    const nc::ndarray rows = nc::remainder(idx(nc::slice(0, 5000)), 1000);
    const nc::ndarray cols = nc::remainder(idx(nc::slice(0, 700)), 300);
    CHECK(numcu_test::host_bytes(nc::ndarray(gm(rows.to(gpu)))) ==
          numcu_test::host_bytes(nc::ndarray(m(rows))));
    CHECK(numcu_test::host_bytes(nc::take(gm, cols.to(gpu), 1, nc::index_mode::wrap)) ==
          numcu_test::host_bytes(nc::take(m, cols, 1, nc::index_mode::wrap)));
    CHECK(numcu_test::host_bytes(nc::ndarray(gm(gm(nc::all, 0) > 500, nc::slice(1, 7)))) ==
          numcu_test::host_bytes(nc::ndarray(m(m(nc::all, 0) > 500, nc::slice(1, 7)))));
    // scatter of distinct places, then the same read back
    // (7919 is prime to n: its first 100000 multiples modulo n are distinct)
    const nc::ndarray places = nc::arange(std::int64_t{0}, 100000, 1, nc::int64, gpu) * 7919 % n;
    nc::ndarray h = g.copy();
    h(places) = nc::ndarray(g(places(nc::slice(nc::none, nc::none, -1))));
    CHECK(numcu_test::host_bytes(nc::ndarray(h(places))) ==
          numcu_test::host_bytes(nc::ndarray(g(places(nc::slice(nc::none, nc::none, -1))))));
  }
  // several bad indices in different blocks: the first is named, and a scatter writes nothing
  nc::ndarray bad = idx.copy();
  bad(nc::slice(900000, 900001)) = n + 5;
  bad(nc::slice(1000, 1001)) = -n - 9;
  bad(nc::slice(500000, 500001)) = 2 * n;
  const nc::ndarray g = values.to(gpu);
  CHECK(message_of([&] { nc::ndarray r = g(bad.to(gpu)); }) ==
        "index -300016 is out of bounds for axis 0 with size 300007");
  const auto before = numcu_test::host_bytes(g);
  CHECK(message_of([&] { g(bad.to(gpu)) = 1.0; }) ==
        "index -300016 is out of bounds for axis 0 with size 300007");
  CHECK(numcu_test::host_bytes(g) == before);
}

namespace {

/// The value of `key=value` among the params of a golden index-function line ("" when absent).
std::string param(const std::vector<std::string>& head, const std::string& key) {
  for (std::size_t i = 2; i < head.size(); ++i) {
    if (head[i].rfind(key + "=", 0) == 0) return head[i].substr(key.size() + 1);
  }
  return "";
}

nc::index_mode mode_named(const std::string& m) {
  return m == "wrap" ? nc::index_mode::wrap : m == "clip" ? nc::index_mode::clip : nc::index_mode::raise;
}

/// An array "dtype shape values" of a golden line.
nc::ndarray golden_array(const std::string& text, nc::device dev) {
  const auto w = words(text);
  return numcu_test::array_from_text(std::vector<std::string>(w.begin() + 2, w.end()), nc::dtype(w[0]),
                                     parse_shape(w[1]), dev);
}

}  // namespace

NUMCU_TEST_ON_DEVICES(
    "the index and building functions agree with NumPy: take_along_axis to delete, every dtype",
    index_functions_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("index_functions.txt")) {
    CAPTURE(line.substr(0, 160));
    ++lines;
    const std::size_t bars = line.find("||");
    const auto left = split(line.substr(0, bars), '|');
    const auto right = split(line.substr(bars + 2), '|');
    const auto head = words(left[0]);
    const std::string& fn = head[1];
    std::vector<nc::ndarray> in;
    for (std::size_t i = 1; i < left.size(); ++i) {
      if (!words(left[i]).empty()) in.push_back(golden_array(left[i], dev));
    }
    const int k = std::stoi(words(right[0])[0]);
    REQUIRE(right.size() == static_cast<std::size_t>(k) + 1);
    const auto axis = param(head, "axis");
    const std::optional<std::int64_t> ax =
        axis == "none" ? std::nullopt : std::optional<std::int64_t>(axis.empty() ? 0 : std::stoll(axis));
    const auto m = param(head, "m");
    const std::optional<std::int64_t> columns =
        m == "none" || m.empty() ? std::nullopt : std::optional<std::int64_t>(std::stoll(m));
    const auto dims = param(head, "dims");
    const nc::shape_t shape = dims == "-" ? nc::shape_t{} : nc::shape_t(comma_ints(dims));
    std::vector<nc::ndarray> got;
    if (fn == "take_along_axis") {
      got = {nc::take_along_axis(in[0], in[1], ax)};
    } else if (fn == "put_along_axis") {
      nc::put_along_axis(in[0], in[1], in[2], ax);
      got = {in[0]};
    } else if (fn == "choose") {
      got = {nc::choose(in[0], std::vector<nc::ndarray>(in.begin() + 1, in.end()),
                        mode_named(param(head, "mode")))};
    } else if (fn == "select") {
      const std::string d = param(head, "default");
      const nc::scalar def = d.find('.') != std::string::npos ? nc::scalar(std::stod(d))
                                                              : nc::scalar(std::int64_t{std::stoll(d)});
      const std::size_t half = in.size() / 2;
      got = {nc::select(std::vector<nc::ndarray>(in.begin(), in.begin() + half),
                        std::vector<nc::ndarray>(in.begin() + half, in.end()), def)};
    } else if (fn == "place") {
      nc::place(in[0], in[1], in[2]);
      got = {in[0]};
    } else if (fn == "putmask") {
      nc::putmask(in[0], in[1], in[2]);
      got = {in[0]};
    } else if (fn == "fill_diagonal") {
      nc::fill_diagonal(in[0], in[1], param(head, "wrap") == "1");
      got = {in[0]};
    } else if (fn == "diag_indices") {
      got = nc::diag_indices(std::stoll(param(head, "n")), std::stoi(param(head, "ndim")), dev);
    } else if (fn == "diag_indices_from") {
      got = nc::diag_indices_from(in[0]);
    } else if (fn == "tril_indices" || fn == "triu_indices") {
      const auto f = fn == "tril_indices" ? nc::tril_indices : nc::triu_indices;
      const auto [r, c] = f(std::stoll(param(head, "n")), std::stoll(param(head, "k")), columns, dev);
      got = {r, c};
    } else if (fn == "tril_indices_from" || fn == "triu_indices_from") {
      const auto f = fn == "tril_indices_from" ? nc::tril_indices_from : nc::triu_indices_from;
      const auto [r, c] = f(in[0], std::stoll(param(head, "k")));
      got = {r, c};
    } else if (fn == "indices") {
      got = {nc::indices(shape, nc::dtype(param(head, "dtype")), dev)};
    } else if (fn == "sparse_indices") {
      got = nc::sparse_indices(shape, nc::dtype(param(head, "dtype")), dev);
    } else if (fn == "ix_") {
      got = nc::ix_(in);
    } else if (fn == "ravel_multi_index") {
      const nc::order order = param(head, "order") == "F" ? nc::order::F : nc::order::C;
      const auto modes = split(param(head, "mode"), ',');
      if (modes.size() == 1) {
        got = {nc::ravel_multi_index(in, shape, mode_named(modes[0]), order)};
      } else {
        std::vector<nc::index_mode> each;
        for (const auto& m : modes) each.push_back(mode_named(m));
        got = {nc::ravel_multi_index(in, shape, each, order)};
      }
    } else if (fn == "unravel_index") {
      got = nc::unravel_index(in[0], shape, param(head, "order") == "F" ? nc::order::F : nc::order::C);
    } else if (fn == "logspace" || fn == "geomspace") {
      const std::int64_t num = std::stoll(param(head, "num"));
      const bool endpoint = param(head, "endpoint") == "1";
      const std::string t = param(head, "dtype");
      const std::optional<nc::dtype> type = t == "-" ? std::nullopt : std::optional<nc::dtype>(nc::dtype(t));
      const double base = std::strtod(param(head, "base").c_str(), nullptr);
      if (param(head, "start").find(',') != std::string::npos) {  // complex bounds: "re,im"
        const auto number = [&](const std::string& key) {
          const auto parts = split(param(head, key), ',');
          return std::complex<double>(std::strtod(parts[0].c_str(), nullptr),
                                      std::strtod(parts[1].c_str(), nullptr));
        };
        got = {fn == "logspace"
                   ? nc::logspace(number("start"), number("stop"), num, endpoint, base, type, dev)
                   : nc::geomspace(number("start"), number("stop"), num, endpoint, type, dev)};
        // NumPy's powers are the C library's cpow, numcu's its own complex exp and log: a few ulps apart,
        // relative to each value's magnitude
        const auto w = words(right[1]);
        REQUIRE(got[0].dtype() == nc::complex128);
        CHECK(got[0].shape() == parse_shape(w[1]));
        const auto values = nc::asnumpy(got[0]).to_vector<std::complex<double>>();
        REQUIRE(values.size() + 2 == w.size());
        for (std::size_t i = 0; i < values.size(); ++i) {
          const auto parts = split(w[2 + i], ',');
          const std::complex<double> want(std::strtod(parts[0].c_str(), nullptr),
                                          std::strtod(parts[1].c_str(), nullptr));
          CAPTURE(i);
          CHECK(std::abs(values[i] - want) <= 1e-14 * std::abs(want));
        }
        continue;
      }
      const double start = std::strtod(param(head, "start").c_str(), nullptr);
      const double stop = std::strtod(param(head, "stop").c_str(), nullptr);
      got = {fn == "logspace" ? nc::logspace(start, stop, num, endpoint, base, type, dev)
                              : nc::geomspace(start, stop, num, endpoint, type, dev)};
    } else if (fn == "vander") {
      const std::string n = param(head, "n");
      got = {nc::vander(in[0], n == "none" ? std::nullopt : std::optional<std::int64_t>(std::stoll(n)),
                        param(head, "increasing") == "1")};
    } else if (fn == "trim_zeros") {
      got = {nc::trim_zeros(in[0], param(head, "trim"),
                            axis == "none" ? nc::axis_arg(nc::none) : nc::axis_arg(std::stoll(axis)))};
    } else if (fn == "resize") {
      got = {nc::resize(in[0], shape)};
    } else if (fn == "block") {
      const std::string rows = param(head, "rows");
      if (rows == "flat") {
        got = {nc::block(in)};
      } else {
        std::vector<std::vector<nc::ndarray>> nested;
        std::size_t at = 0;
        for (std::int64_t count : comma_ints(rows)) {
          nested.emplace_back(in.begin() + static_cast<std::ptrdiff_t>(at),
                              in.begin() + static_cast<std::ptrdiff_t>(at + count));
          at += static_cast<std::size_t>(count);
        }
        got = {nc::block(nested)};
      }
    } else if (fn == "insert") {
      if (!param(head, "slice").empty()) {
        const auto f = split(param(head, "slice"), ':');
        const auto bound = [](const std::string& b) {
          return b == "None" ? std::nullopt : std::optional<std::int64_t>(std::stoll(b));
        };
        got = {nc::insert(in[0], nc::slice(bound(f[0]), bound(f[1]), f[2] == "None" ? 1 : std::stoll(f[2])),
                          in[1], ax)};
      } else if (param(head, "obj") == "array") {
        got = {nc::insert(in[0], in[1], in[2], ax)};
      } else {
        got = {nc::insert(in[0], std::stoll(param(head, "index")), in[1], ax)};
      }
    } else {
      REQUIRE(fn == "delete");
      if (!param(head, "slice").empty()) {
        const auto f = split(param(head, "slice"), ':');
        const auto bound = [](const std::string& b) {
          return b == "None" ? std::nullopt : std::optional<std::int64_t>(std::stoll(b));
        };
        got = {nc::delete_(in[0], nc::slice(bound(f[0]), bound(f[1]), f[2] == "None" ? 1 : std::stoll(f[2])),
                           ax)};
      } else if (param(head, "obj") == "array") {
        got = {nc::delete_(in[0], in[1], ax)};
      } else {
        got = {nc::delete_(in[0], std::stoll(param(head, "index")), ax)};
      }
    }
    REQUIRE(got.size() == static_cast<std::size_t>(k));
    for (int i = 0; i < k; ++i) {
      const auto w = words(right[1 + i]);
      CHECK(got[i].shape() == parse_shape(w[1]));
      CHECK(got[i].device() == dev);
      check_elements(got[i], std::vector<std::string>(w.begin() + 2, w.end()), nc::dtype(w[0]));
    }
  }
  CHECK(lines == 773);
}

TEST_CASE(
    "add_at and multiply_at on the GPU give the CPU's sums to the bit: long runs into few elements [cuda]" *
    doctest::skip(numcu_test::no_gpu())) {
  // each bin's contributions apply in order on both devices (the CPU's loop is checked against NumPy above):
  // float32 values of mixed magnitudes make any other order show in the last bits
  std::mt19937 gen(3);
  std::uniform_int_distribution<int> bin(0, 99), exponent(-6, 6);
  std::normal_distribution<double> normal;
  std::vector<std::int64_t> which(200000);
  std::vector<double> values(which.size());
  for (std::size_t i = 0; i < which.size(); ++i) {
    which[i] = bin(gen) - (i % 7 == 0 ? 100 : 0);  // negative entries too
    values[i] = normal(gen) * std::ldexp(1.0, exponent(gen));
  }
  for (nc::dtype t : {nc::float32, nc::float16, nc::complex64, nc::int16}) {
    CAPTURE(t.name());
    const nc::ndarray host_index = nc::array(which, std::nullopt, nc::cpu);
    const nc::ndarray host_values = nc::array(values, std::nullopt, nc::cpu).astype(t, nc::casting::unsafe);
    const nc::ndarray host = nc::ones({100}, t, nc::cpu);
    const nc::ndarray gpu = host.to(nc::cuda(0));
    nc::add_at(host, {host_index}, host_values);
    nc::add_at(gpu, {host_index.to(nc::cuda(0))}, host_values.to(nc::cuda(0)));
    CHECK(numcu_test::host_bytes(gpu) == numcu_test::host_bytes(host));
    const nc::ndarray host_product = nc::ones({100}, t, nc::cpu), gpu_product = host_product.to(nc::cuda(0));
    const nc::ndarray near_one = nc::add(nc::multiply(host_values, 1e-3), 1).astype(t, nc::casting::unsafe);
    nc::multiply_at(host_product, {host_index(nc::slice(0, 5000))}, near_one(nc::slice(0, 5000)));
    nc::multiply_at(gpu_product, {host_index(nc::slice(0, 5000)).to(nc::cuda(0))},
                    near_one(nc::slice(0, 5000)).to(nc::cuda(0)));
    CHECK(numcu_test::host_bytes(gpu_product) == numcu_test::host_bytes(host_product));
  }
}

NUMCU_TEST_ON_DEVICES(
    "multiply_at multiplies complex numbers by the plain formula, as NumPy's indexed loop does",
    multiply_at_complex) {
  // NumPy's multiply.at rounds each of the four products on its own, where its multiply loop fuses them:
  // (-0.974-0.567j) * (-0.441+0.833j) has the imaginary part -0x1.1f620ee8d10f4p-1 in multiply.at and
  // -0x1.1f620ee8d10f5p-1 in multiply; (3+0.005j) * (DBL_MAX+inf j) is nan+inf j (inf - inf in the real
  // part), where the fused product gives -inf
  const auto one = [&](std::complex<double> z) {
    return nc::array(std::vector<std::complex<double>>{z}, std::nullopt, dev);
  };
  const nc::ndarray index = nc::array(std::vector<std::int64_t>{0}, std::nullopt, dev);
  const nc::ndarray a = one({-0.974, -0.567});
  nc::multiply_at(a, {index}, one({-0.441, 0.833}));
  const auto z = nc::asnumpy(a).to_vector<std::complex<double>>()[0];
  CHECK(z.real() == 0x1.cdbea0ba1f4b1p-1);
  CHECK(z.imag() == -0x1.1f620ee8d10f4p-1);
  const nc::ndarray b = one({3.0, 0.005});
  nc::multiply_at(b, {index}, one({std::numeric_limits<double>::max(), INFINITY}));
  const auto w = nc::asnumpy(b).to_vector<std::complex<double>>()[0];
  CHECK(std::isnan(w.real()));
  CHECK(w.imag() == INFINITY);
}

TEST_CASE("add_at copies values that share the target's memory first, and takes strides of any byte count") {
  // two arrays over one host buffer (from_blob): the values a(0:3) added at 1, 2, 3 are read before any
  // write, as NumPy's add.at copies them: [0, 1, 2, 3] -> [0, 1, 3, 5] (in place, the second would read the
  // first's write: 6 last)
  std::vector<double> memory{0, 1, 2, 3};
  const nc::ndarray target = nc::from_blob(memory.data(), {4}, nc::float64);
  const nc::ndarray values = nc::from_blob(memory.data(), {3}, nc::float64);
  nc::add_at(target, {nc::array(std::vector<std::int64_t>{1, 2, 3}, std::nullopt, nc::cpu)}, values);
  CHECK(memory == std::vector<double>{0, 1, 3, 5});
  // float32 elements 6 bytes apart: the offsets count bytes
  std::vector<unsigned char> bytes(20, 0);
  const float start[] = {1.5f, -2.0f, 4.0f};
  for (int i = 0; i < 3; ++i) std::memcpy(bytes.data() + 6 * i, &start[i], 4);
  const nc::ndarray odd = nc::from_blob(bytes.data(), {3}, nc::float32, nc::strides_t{6});
  nc::add_at(odd, {nc::array(std::vector<std::int64_t>{2, 0, 2}, std::nullopt, nc::cpu)}, 1.0);
  float after[3];
  for (int i = 0; i < 3; ++i) std::memcpy(&after[i], bytes.data() + 6 * i, 4);
  CHECK(after[0] == 2.5f);
  CHECK(after[1] == -2.0f);
  CHECK(after[2] == 6.0f);
}

NUMCU_TEST_ON_DEVICES(
    "a(mask) over many tiles picks what a plain loop picks: every element size, unaligned starts, tails, "
    "stretches of no, all and few flags",
    mask_tiles) {
  // the GPU counts the flags of each tile of 4096 and reads flags and elements 16 at a time: a length past
  // three tiles and not a multiple of 16, arrays that start 1 and flags 3 elements into their memory, a tile
  // with no flag, one with all, one with few, and one with half
  std::mt19937 gen(11);
  const std::int64_t n = 3 * 4096 + 1000 + 7;
  std::vector<std::uint8_t> flags(n + 3);
  for (std::int64_t i = 0; i < n + 3; ++i) {
    flags[i] = i < 4096 ? 0 : i < 2 * 4096 ? 1 : i < 3 * 4096 ? gen() % 97 == 0 : gen() % 2;
  }
  const nc::ndarray flag_memory = nc::array(flags, std::nullopt, dev).astype(nc::bool_);
  for (nc::dtype t : {nc::uint8, nc::int16, nc::float32, nc::int64, nc::complex128}) {
    const nc::ndarray memory =
        nc::arange(std::int64_t{0}, n + 1, 1, nc::int64, dev).astype(t, nc::casting::unsafe);
    for (const std::int64_t start : {0, 1}) {
      for (const std::int64_t flag_start : {0, 3}) {
        CAPTURE(t.name());
        CAPTURE(start);
        CAPTURE(flag_start);
        const nc::ndarray a = memory(nc::slice(start, start + n));
        const nc::ndarray picked = a(flag_memory(nc::slice(flag_start, flag_start + n)));
        const std::vector<unsigned char> bytes = numcu_test::host_bytes(a);
        const auto size = static_cast<std::ptrdiff_t>(t.itemsize());
        std::vector<unsigned char> expected;
        for (std::int64_t i = 0; i < n; ++i) {
          if (flags[flag_start + i])
            expected.insert(expected.end(), bytes.begin() + i * size, bytes.begin() + (i + 1) * size);
        }
        CHECK(picked.dtype() == t);
        CHECK(picked.shape() == nc::shape_t{static_cast<std::int64_t>(expected.size()) / size});
        CHECK(numcu_test::host_bytes(picked) == expected);
      }
    }
    // no flag at all: an empty result of the dtype
    const nc::ndarray none = memory(nc::slice(0, 4096))(flag_memory(nc::slice(0, 4096)));
    CHECK(none.dtype() == t);
    CHECK(none.shape() == nc::shape_t{0});
  }
}

NUMCU_TEST_ON_DEVICES("a(mask) = number converts the number as NumPy's setitem, for every dtype",
                      mask_number) {
  // NumPy: a[mask] = 1.5 truncates into integers, 300 into uint8 raises OverflowError (a dtype_error here)
  // and writes nothing, -0.0 keeps its sign, a complex number into complex64 rounds each part
  const nc::ndarray mask = nc::array(std::vector<bool>{true, false, true, false}, std::nullopt, dev);
  for (nc::dtype t : {nc::int8, nc::uint64, nc::float16, nc::bfloat16, nc::float32, nc::float64, nc::bool_}) {
    CAPTURE(t.name());
    const nc::ndarray a = nc::array(std::vector<double>{4, 5, 6, 7}, std::nullopt, dev).astype(t);
    nc::index(a, {mask}) = 1.5;
    const auto got = nc::asnumpy(a.astype(nc::float64)).to_vector<double>();
    const double one_and_half = t.is_integer() ? 1.0 : 1.5;
    const double kept = t == nc::bool_ ? 1.0 : 5.0;
    CHECK(got == std::vector<double>{t == nc::bool_ ? 1.0 : one_and_half, kept,
                                     t == nc::bool_ ? 1.0 : one_and_half, t == nc::bool_ ? 1.0 : 7.0});
  }
  const nc::ndarray bytes =
      nc::array(std::vector<std::int64_t>{1, 2, 3, 4}, std::nullopt, dev).astype(nc::uint8);
  CHECK(message_of([&] { nc::index(bytes, {mask}) = 300; }) == "Python integer 300 out of bounds for uint8");
  CHECK(nc::asnumpy(bytes).to_vector<std::uint8_t>() == std::vector<std::uint8_t>{1, 2, 3, 4});
  const nc::ndarray zeros = nc::ones({4}, nc::float32, dev);
  nc::index(zeros, {mask}) = -0.0;
  CHECK(nc::count_nonzero(nc::signbit(zeros)).item<std::int64_t>() == 2);
  const nc::ndarray z = nc::zeros({4}, nc::complex64, dev);
  nc::index(z, {mask}) = std::complex<double>(0.1, -1e300);
  const auto zs = nc::asnumpy(z).to_vector<std::complex<float>>();
  CHECK(zs[0] == std::complex<float>(0.1f, -std::numeric_limits<float>::infinity()));
  CHECK(zs[1] == std::complex<float>(0.0f, 0.0f));
}
