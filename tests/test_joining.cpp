// Joining and splitting against NumPy (tests/data/joining.txt, written by generate_joining.py): concatenate,
// stack, hstack, vstack, dstack, column_stack and append over every dtype, mixed dtypes, dtype=, transposed,
// 0-d and zero-size parts; split, array_split, hsplit, vsplit, dsplit and unstack with sections and indices;
// and by hand: out=, views, atleast_*, the errors with NumPy's messages and the operands unchanged.
#include "test_support.hpp"

using numcu_test::check_elements;
using numcu_test::comma_ints;
using numcu_test::golden_lines;
using numcu_test::message_of;
using numcu_test::parse_shape;
using numcu_test::split;
using numcu_test::words;

namespace {

/// The part "dtype shape view values" of a golden join line: the array the call gets.
nc::ndarray part_of(const std::string& text, nc::device dev) {
  const auto w = words(text);
  return numcu_test::golden_view(std::vector<std::string>(w.begin() + 3, w.end()), nc::dtype(w[0]),
                                 parse_shape(w[1]), w[2], dev);
}

}  // namespace

NUMCU_TEST_ON_DEVICES("concatenate, stack and the stacks agree with NumPy: every dtype, promotion, dtype=",
                      join_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("joining.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "join") continue;
    CAPTURE(line.substr(0, 140));
    ++lines;
    const std::string& func = w[1];
    const std::string& axis = w[2];
    const int k = std::stoi(w[4]);
    std::vector<nc::ndarray> arrays;
    std::vector<std::vector<unsigned char>> before;
    for (int i = 0; i < k; ++i) {
      arrays.push_back(part_of(parts[1 + i], dev));
      before.push_back(numcu_test::host_bytes(arrays.back()));
    }
    nc::join_options options;
    if (w[3] != "-") options.dtype = nc::dtype(w[3]);
    nc::ndarray r;
    if (func == "concatenate") {
      r = nc::concatenate(
          arrays, axis == "none" ? std::nullopt : std::optional<std::int64_t>(std::stoll(axis)), options);
    } else if (func == "stack") {
      r = nc::stack(arrays, std::stoll(axis), options);
    } else if (func == "hstack") {
      r = nc::hstack(arrays);
    } else if (func == "vstack") {
      r = nc::vstack(arrays);
    } else if (func == "dstack") {
      r = nc::dstack(arrays);
    } else if (func == "column_stack") {
      r = nc::column_stack(arrays);
    } else {
      REQUIRE(func == "append");
      r = nc::append(arrays[0], arrays[1],
                     axis == "none" ? std::nullopt : std::optional<std::int64_t>(std::stoll(axis)));
    }
    const auto result = words(parts[1 + k]);
    CHECK(r.shape() == parse_shape(result[1]));
    CHECK(r.device() == dev);
    check_elements(r, words(parts[2 + k]), nc::dtype(result[0]));
    for (int i = 0; i < k; ++i) CHECK(numcu_test::host_bytes(arrays[i]) == before[i]);
  }
  CHECK(lines == 292);
}

NUMCU_TEST_ON_DEVICES(
    "concatenate of narrow rows puts each part's row o in row o, every item size and length", join_narrow) {
  // part k's element (o, c) holds 1000 k + 10 o + c (mod the dtype): row o of the result is worked out here
  // part by part; lengths that leave a partial last vector, and widths that split the 16-byte stores
  const std::vector<std::vector<std::int64_t>> width_sets{{1, 1}, {2, 3}, {1, 5, 2}, {3}, {7, 1, 1, 4}};
  for (nc::dtype t : {nc::int8, nc::int16, nc::float32, nc::int64, nc::complex128}) {
    for (const auto& widths : width_sets) {
      for (std::int64_t outer : {std::int64_t{1}, std::int64_t{7}, std::int64_t{10001}}) {
        CAPTURE(t.name());
        CAPTURE(widths.size());
        CAPTURE(outer);
        std::vector<nc::ndarray> parts;
        std::int64_t width = 0;
        for (std::size_t k = 0; k < widths.size(); ++k) {
          std::vector<std::int64_t> v;
          for (std::int64_t o = 0; o < outer; ++o)
            for (std::int64_t c = 0; c < widths[k]; ++c) v.push_back(1000 * std::int64_t(k) + 10 * o + c);
          parts.push_back(nc::array(v, std::nullopt, dev).reshape({outer, widths[k]}).astype(t));
          width += widths[k];
        }
        std::vector<std::int64_t> expected;
        for (std::int64_t o = 0; o < outer; ++o)
          for (std::size_t k = 0; k < widths.size(); ++k)
            for (std::int64_t c = 0; c < widths[k]; ++c)
              expected.push_back(1000 * std::int64_t(k) + 10 * o + c);
        const nc::ndarray want = nc::array(expected, std::nullopt, nc::cpu).reshape({outer, width}).astype(t);
        const nc::ndarray got = nc::concatenate(parts, 1);
        CHECK(got.dtype() == t);
        CHECK(got.shape() == nc::shape_t{outer, width});
        CHECK(numcu_test::host_bytes(got) == numcu_test::host_bytes(want));
      }
    }
  }
}

NUMCU_TEST_ON_DEVICES("split, array_split, hsplit, vsplit, dsplit and unstack agree with NumPy, as views",
                      split_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("joining.txt")) {
    const auto parts = split(line, '|');
    const auto w = words(parts[0]);
    if (w[0] != "split") continue;
    CAPTURE(line.substr(0, 140));
    ++lines;
    const std::string& func = w[1];
    const bool by_sections = w[2] == "s";
    const std::int64_t axis = std::stoll(w[4]);
    const auto head = words(parts[1]);
    const nc::dtype t(head[0]);
    const nc::ndarray a = numcu_test::array_from_text(std::vector<std::string>(head.begin() + 2, head.end()),
                                                      t, parse_shape(head[1]), dev);
    const std::int64_t sections = by_sections ? std::stoll(w[3]) : 0;
    const std::vector<std::int64_t> indices =
        w[2] == "i" && w[3] != "-" ? comma_ints(w[3]) : std::vector<std::int64_t>{};
    std::vector<nc::ndarray> pieces;
    if (func == "split") {
      pieces = by_sections ? nc::split(a, sections, axis) : nc::split(a, indices, axis);
    } else if (func == "array_split") {
      pieces = by_sections ? nc::array_split(a, sections, axis) : nc::array_split(a, indices, axis);
    } else if (func == "hsplit") {
      pieces = by_sections ? nc::hsplit(a, sections) : nc::hsplit(a, indices);
    } else if (func == "vsplit") {
      pieces = by_sections ? nc::vsplit(a, sections) : nc::vsplit(a, indices);
    } else if (func == "dsplit") {
      pieces = by_sections ? nc::dsplit(a, sections) : nc::dsplit(a, indices);
    } else {
      REQUIRE(func == "unstack");
      pieces = nc::unstack(a, axis);
    }
    REQUIRE(static_cast<std::int64_t>(pieces.size()) == std::stoll(words(parts[2])[0]));
    const auto shapes = split(words(parts[3]).empty() ? std::string() : words(parts[3])[0], ';');
    const auto values = words(parts[4]);
    std::size_t at = 0;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      CAPTURE(i);
      CHECK(pieces[i].shape() == parse_shape(shapes[i]));
      if (pieces[i].size() > 0) CHECK(pieces[i].shares_memory_with(a));  // views, as NumPy's
      const auto n = static_cast<std::size_t>(pieces[i].size());
      REQUIRE(at + n <= values.size());
      check_elements(pieces[i].copy(), std::vector<std::string>(values.begin() + at, values.begin() + at + n),
                     t);
      at += n;
    }
    CHECK(at == values.size());
  }
  CHECK(lines == 180);
}

NUMCU_TEST_ON_DEVICES("concatenate and stack write into out=, casting as NumPy's same_kind allows",
                      join_out) {
  const nc::ndarray a = nc::array({1.5, 2.5}, std::nullopt, dev);
  const nc::ndarray b = nc::array({3, 4, 5}, nc::int32, dev);
  nc::ndarray out = nc::zeros({5}, nc::float32, dev);
  const nc::ndarray r = nc::concatenate({a, b}, 0, {.out = out});
  CHECK(r.shares_memory_with(out));
  CHECK(out.to_vector<float>() == std::vector<float>{1.5f, 2.5f, 3, 4, 5});
  nc::ndarray grid = nc::zeros({2, 2}, nc::complex64, dev);
  nc::stack({a, a}, 1, {.out = grid});
  CHECK(nc::real(grid).to_vector<float>() == std::vector<float>{1.5f, 1.5f, 2.5f, 2.5f});
  // unsafe casting on request: float64 into int64
  nc::ndarray ints = nc::zeros({4}, nc::int64, dev);
  nc::concatenate({a, a}, 0, {.out = ints, .casting = nc::casting::unsafe});
  CHECK(ints.to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 2, 1, 2});
  // a part that is out itself: the parts copied in turn, as NumPy's (a[3:] first, then the a[:3] it wrote)
  const nc::ndarray six = nc::arange(6.0, std::nullopt, dev);
  nc::concatenate({six(nc::slice(3, nc::none)), six(nc::slice(0, 3))}, 0, {.out = six});
  CHECK(six.to_vector<double>() == std::vector<double>{3, 4, 5, 3, 4, 5});
}

NUMCU_TEST_ON_DEVICES("atleast_1d, atleast_2d and atleast_3d are views with NumPy's shapes", atleast_views) {
  const nc::ndarray s = nc::full({}, 7.0, nc::float64, dev);
  const nc::ndarray v = nc::arange(3.0, std::nullopt, dev);
  const nc::ndarray m = nc::zeros({2, 3}, nc::int8, dev);
  CHECK(nc::atleast_1d(s).shape() == nc::shape_t{1});
  CHECK(nc::atleast_2d(s).shape() == nc::shape_t{1, 1});
  CHECK(nc::atleast_3d(s).shape() == nc::shape_t{1, 1, 1});
  CHECK(nc::atleast_1d(v).shape() == nc::shape_t{3});
  CHECK(nc::atleast_2d(v).shape() == nc::shape_t{1, 3});
  CHECK(nc::atleast_3d(v).shape() == nc::shape_t{1, 3, 1});
  CHECK(nc::atleast_2d(m).shape() == nc::shape_t{2, 3});
  CHECK(nc::atleast_3d(m).shape() == nc::shape_t{2, 3, 1});
  CHECK(nc::atleast_3d(nc::zeros({1, 2, 3, 4}, nc::int8, dev)).shape() == nc::shape_t{1, 2, 3, 4});
  CHECK(nc::atleast_3d(v).shares_memory_with(v));
  CHECK(nc::atleast_2d(s).shares_memory_with(s));
}

NUMCU_TEST_ON_DEVICES("joining and splitting errors: NumPy's messages, operands unchanged", join_errors) {
  const nc::ndarray f = nc::array({1.0, 2.0, 3.0}, std::nullopt, dev);
  const nc::ndarray m = nc::zeros({2, 2}, nc::float64, dev);
  const nc::ndarray s = nc::full({}, 1.0, nc::float64, dev);
  nc::ndarray out = nc::full({6}, 9, nc::int64, dev);
  const auto f_bytes = numcu_test::host_bytes(f);
  const auto out_bytes = numcu_test::host_bytes(out);
  CHECK(message_of([&] { (void)nc::concatenate({}); }) == "need at least one array to concatenate");
  CHECK(message_of([&] {
          (void)nc::concatenate({s, f});
        }) == "zero-dimensional arrays cannot be concatenated");
  CHECK(message_of([&] {
          (void)nc::concatenate({f, f}, 1);
        }) == "axis 1 is out of bounds for array of dimension 1");
  // NumPy checks the first array's rank, then the axis against it, then the others' ranks: a 0-d array after
  // the first is a rank mismatch, and a bad axis is reported before it
  CHECK(
      message_of([&] {
        (void)nc::concatenate({m, s}, 0);
      }) ==
      "all the input arrays must have same number of dimensions, but the array at index 0 has 2 dimension(s) "
      "and the array at index 1 has 0 dimension(s)");
  CHECK_THROWS_WITH_AS((void)nc::concatenate({m, s, m}, -3),
                       "axis -3 is out of bounds for array of dimension 2", nc::index_error);
  CHECK(
      message_of([&] {
        (void)nc::concatenate({f, m});
      }) ==
      "all the input arrays must have same number of dimensions, but the array at index 0 has 1 dimension(s) "
      "and the array at index 1 has 2 dimension(s)");
  CHECK(message_of([&] {
          (void)nc::concatenate({m, nc::zeros({2, 3}, nc::float64, dev)}, 0);
        }) ==
        "all the input array dimensions except for the concatenation axis must match exactly, but along "
        "dimension 1, the array at index 0 has size 2 and the array at index 1 has size 3");
  CHECK(message_of([&] {
          (void)nc::concatenate({f, f}, 0, {.dtype = nc::int64});
        }) ==
        "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'same_kind'");
  CHECK(message_of([&] {
          (void)nc::concatenate({f, f}, 0, {.out = out});
        }) ==
        "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'same_kind'");
  CHECK(message_of([&] {
          (void)nc::concatenate({f, f}, 0, {.out = out(nc::slice(0, 5))});
        }) == "Output array is the wrong shape");
  CHECK(message_of([&] {
          (void)nc::concatenate({f, f}, 0, {.dtype = nc::float64, .out = out});
        }) == "concatenate() only takes `out` or `dtype` as an argument, but both were provided.");
  CHECK_THROWS_AS((void)nc::concatenate({f, f}, 0, {.out = out}), nc::dtype_error);
  CHECK_THROWS_AS((void)nc::concatenate({f, f}, 3), nc::index_error);
  CHECK(message_of([&] { (void)nc::stack({}); }) == "need at least one array to stack");
  CHECK(message_of([&] { (void)nc::stack({f, m}); }) == "all input arrays must have the same shape");
  CHECK(message_of([&] {
          (void)nc::stack({f, f}, 2);
        }) == "axis 2 is out of bounds for array of dimension 2");
  CHECK(message_of([&] { (void)nc::hstack({}); }) == "need at least one array to concatenate");
  CHECK(message_of([&] {
          (void)nc::column_stack({nc::zeros({2}, nc::float64, dev), s});
        }) ==
        "all the input array dimensions except for the concatenation axis must match exactly, but along "
        "dimension 0, the array at index 0 has size 2 and the array at index 1 has size 1");
  CHECK(message_of([&] { (void)nc::split(f, 2); }) == "array split does not result in an equal division");
  CHECK(message_of([&] { (void)nc::split(f, 0); }) == "integer modulo by zero");
  CHECK(message_of([&] { (void)nc::split(f, -3); }) == "number sections must be larger than 0.");
  CHECK(message_of([&] { (void)nc::array_split(f, 0); }) == "number sections must be larger than 0.");
  // more sections than a host can list: NumPy's MemoryError, before any piece is made (beyond what a vector
  // can hold, and, where AddressSanitizer does not abort a failed operator new instead of throwing, beyond
  // memory)
  CHECK_THROWS_AS((void)nc::array_split(f, INT64_MAX), nc::out_of_memory);
#if !defined(__SANITIZE_ADDRESS__)
  CHECK_THROWS_AS((void)nc::array_split(f, std::int64_t{1} << 44), nc::out_of_memory);
#endif
  CHECK(message_of([&] { (void)nc::array_split(f, 2, 1); }) == "tuple index out of range");
  CHECK(message_of([&] { (void)nc::split(s, 1); }) == "tuple index out of range");
  CHECK(message_of([&] { (void)nc::hsplit(s, 1); }) == "hsplit only works on arrays of 1 or more dimensions");
  CHECK(message_of([&] { (void)nc::vsplit(f, 1); }) == "vsplit only works on arrays of 2 or more dimensions");
  CHECK(message_of([&] { (void)nc::dsplit(m, std::vector<std::int64_t>{1}); }) ==
        "dsplit only works on arrays of 3 or more dimensions");
  CHECK(message_of([&] { (void)nc::unstack(s); }) == "Input array must be at least 1-d.");
  CHECK(message_of([&] { (void)nc::unstack(m, 2); }) ==
        "source: axis 2 is out of bounds for array of dimension 2");
  CHECK(numcu_test::host_bytes(f) == f_bytes);
  CHECK(numcu_test::host_bytes(out) == out_bytes);
}
