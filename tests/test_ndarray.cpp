// ndarray: layout, handle semantics, copy and astype against NumPy's casts, transfers, reading back,
// printing.
#include "test_support.hpp"

using numcu_test::array_from_text;
using numcu_test::golden_lines;
using numcu_test::host_bytes;
using numcu_test::same_element;
using numcu_test::split;
using numcu_test::words;

namespace {
std::vector<double> iota(int n, double start = 0) {
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i) v[i] = start + i;
  return v;
}
}  // namespace

TEST_SUITE("ndarray") {
  NUMCU_TEST_ON_DEVICES("layout queries of a new array", layout_queries) {
    auto a = nc::empty({2, 3, 4}, nc::float32, dev);
    CHECK(a.device() == dev);
    CHECK(a.dtype() == nc::float32);
    CHECK(a.shape() == nc::shape_t{2, 3, 4});
    CHECK(a.strides() == nc::strides_t{48, 16, 4});
    CHECK(a.ndim() == 3);
    CHECK(a.size() == 24);
    CHECK(a.nbytes() == 96);
    CHECK(a.itemsize() == 4);
    CHECK(a.is_c_contiguous());
    CHECK_FALSE(a.is_f_contiguous());
    CHECK_FALSE(a.base().has_value());
    CHECK(a.T().is_f_contiguous());
    CHECK_FALSE(a.T().is_c_contiguous());
    CHECK(a.T().base().has_value());
    CHECK(a.T().base()->shape() == nc::shape_t{24});
    auto zero_d = nc::empty({}, nc::int8, dev);
    CHECK(zero_d.size() == 1);
    CHECK(zero_d.is_c_contiguous());
    CHECK(zero_d.is_f_contiguous());
    auto empty = nc::empty({0, 5}, nc::float64, dev);
    CHECK(empty.size() == 0);
    CHECK(empty.nbytes() == 0);
    CHECK(empty.is_c_contiguous());
  }

  NUMCU_TEST_ON_DEVICES("copying a handle shares the data, copy() does not", handle_semantics) {
    auto a = nc::zeros({4}, nc::float64, dev);
    nc::ndarray b = a;
    b.fill(2.5);
    CHECK(a.to_vector<double>() == std::vector<double>{2.5, 2.5, 2.5, 2.5});
    CHECK(a.shares_memory_with(b));
    auto c = a.copy();
    CHECK_FALSE(c.shares_memory_with(a));
    c.fill(1.0);
    CHECK(a.to_vector<double>() == std::vector<double>{2.5, 2.5, 2.5, 2.5});
    b = c;  // rebinds b, writes nothing
    CHECK(b.shares_memory_with(c));
    CHECK(a.to_vector<double>() == std::vector<double>{2.5, 2.5, 2.5, 2.5});
  }

  NUMCU_TEST_ON_DEVICES("astype matches NumPy's casts for every pair of dtypes", astype_golden) {
    const auto lines = golden_lines("casts.txt");
    CHECK(lines.size() == 15 * 15);
    for (const auto& line : lines) {
      const auto fields = split(line, '|');
      const auto head = words(fields[0]);
      const nc::dtype src(head[0]), dst(head[1]);
      const auto values = words(fields[1]), expected_text = words(fields[2]);
      CAPTURE(line.substr(0, 40));
      const nc::ndarray a = array_from_text(values, src, {static_cast<std::int64_t>(values.size())}, dev);
      // contiguous, and reversed (a negative stride), and through a strided 2x view
      for (int layout = 0; layout < 2; ++layout) {
        const nc::ndarray in = layout == 0 ? a : a(nc::slice(nc::none, nc::none, -1));
        const nc::ndarray out = in.astype(dst);
        CHECK(out.dtype() == dst);
        CHECK(out.shape() == in.shape());
        CHECK(out.device() == dev);
        const auto got = host_bytes(out);
        const auto want = numcu_test::encode_elements(expected_text, dst);
        const std::size_t n = values.size();
        for (std::size_t i = 0; i < n; ++i) {
          const std::size_t j = layout == 0 ? i : n - 1 - i;
          CAPTURE(i);
          CAPTURE(layout);
          CHECK(same_element(got.data() + i * dst.itemsize(), want.data() + j * dst.itemsize(), dst));
        }
      }
    }
  }

  NUMCU_TEST_ON_DEVICES("astype honours the casting rule and copy=false", astype_rules) {
    auto a = nc::array(std::vector<double>{1.5, -2.5}, std::nullopt, dev);
    CHECK_THROWS_WITH_AS(
        a.astype(nc::int32, nc::casting::safe),
        "Cannot cast array data from dtype('float64') to dtype('int32') according to the rule 'safe'",
        nc::dtype_error);
    CHECK(a.to_vector<double>() == std::vector<double>{1.5, -2.5});
    CHECK(a.astype(nc::float64, nc::casting::no, false).shares_memory_with(a));
    CHECK_FALSE(a.astype(nc::float64).shares_memory_with(a));
    CHECK(a.astype(nc::int64, nc::casting::unsafe).to_vector<std::int64_t>() ==
          std::vector<std::int64_t>{1, -2});
  }

  NUMCU_TEST_ON_DEVICES("astype of strided, transposed and broadcast views", astype_views) {
    const int rows = 37, cols = 45;  // not multiples of the tile size
    auto m = nc::arange(rows * cols, nc::float32, dev).reshape({rows, cols});
    auto t = m.T().astype(nc::float64);
    const auto v = t.to_vector<double>();
    for (int i = 0; i < cols; ++i) {
      for (int j = 0; j < rows; ++j) REQUIRE(v[i * rows + j] == static_cast<double>(j * cols + i));
    }
    auto strided = m(nc::slice(1, nc::none, 3), nc::slice(nc::none, nc::none, -2)).astype(nc::int16);
    CHECK(strided.shape() == nc::shape_t{12, 23});
    const auto s = strided.to_vector<std::int16_t>();
    for (int i = 0; i < 12; ++i) {
      for (int j = 0; j < 23; ++j) REQUIRE(s[i * 23 + j] == (1 + 3 * i) * cols + (cols - 1 - 2 * j));
    }
    auto row = nc::arange(5, nc::int32, dev);
    auto b = nc::broadcast_to(row, {3, 5}).astype(nc::complex64);
    const auto c = b.to_vector<std::complex<float>>();
    for (int i = 0; i < 15; ++i) CHECK(c[i] == std::complex<float>(static_cast<float>(i % 5), 0.0f));
  }

  NUMCU_TEST_ON_DEVICES("a same-dtype transposing copy of a batch of matrices", transpose_batches) {
    // (2, 33, 65) moved to (65, 2, 33): the tiled kernel with a batch dimension on the GPU
    auto a = nc::arange(2 * 33 * 65, nc::int64, dev).reshape({2, 33, 65});
    auto t = nc::ascontiguousarray(nc::moveaxis(a, 2, 0));
    CHECK(t.shape() == nc::shape_t{65, 2, 33});
    const auto v = t.to_vector<std::int64_t>();
    for (int i = 0; i < 65; ++i) {
      for (int b = 0; b < 2; ++b) {
        for (int j = 0; j < 33; ++j) REQUIRE(v[(i * 2 + b) * 33 + j] == (b * 33 + j) * 65 + i);
      }
    }
    for (nc::dtype t2 : {nc::bool_, nc::float16, nc::complex128}) {
      CAPTURE(t2);
      // values below 2048, which float16 holds exactly
      auto x = nc::arange(40 * 50, nc::int64, dev).reshape({40, 50}).astype(t2);
      auto y = nc::ascontiguousarray(x.T()).astype(nc::int64).to_vector<std::int64_t>();
      for (int i = 0; i < 50; ++i) {
        for (int j = 0; j < 40; ++j) {
          const std::int64_t want = j * 50 + i;
          REQUIRE(y[i * 40 + j] == (t2 == nc::bool_ ? (want != 0) : want));
        }
      }
    }
  }

  NUMCU_TEST_ON_DEVICES("to() moves data between devices and keeps values", transfers) {
    auto a = nc::arange(10, nc::float64, dev).reshape({2, 5}).T();
    auto h = a.to(nc::cpu);
    CHECK(h.device() == nc::cpu);
    CHECK(h.shape() == nc::shape_t{5, 2});
    CHECK(h.is_c_contiguous() == dev.is_cuda());  // on the CPU already, to() returns the view itself
    CHECK(h.to_vector<double>() == std::vector<double>{0, 5, 1, 6, 2, 7, 3, 8, 4, 9});
    auto back = h.to(dev);
    CHECK(back.device() == dev);
    CHECK(back.to_vector<double>() == h.to_vector<double>());
    CHECK(a.to(a.device()).shares_memory_with(a));
    // large enough to go through the pinned staging buffers
    const std::int64_t n = (12 << 20) / 4 + 3;
    std::vector<float> big(n);
    for (std::int64_t i = 0; i < n; ++i) big[i] = static_cast<float>(i % 1000003);
    auto g = nc::array(big, std::nullopt, dev);
    CHECK(g.to_vector<float>() == big);
  }

  NUMCU_TEST_ON_DEVICES("large transfers keep every value", large_transfers) {
    // 40 MiB and a few elements: past the sizes where transfers go through the pinned staging chunks and
    // several host threads, and not a whole number of chunks. i * 0.5 is exact in float32 below 2^24.
    const std::int64_t n = (40 << 20) / 4 + 5;
    std::vector<float> values(n);
    for (std::int64_t i = 0; i < n; ++i) values[i] = static_cast<float>(i) * 0.5f;
    auto a = nc::array(values, std::nullopt, dev);
    CHECK(a.to_vector<float>() == values);
    auto h = nc::asnumpy(a);
    REQUIRE(h.device() == nc::cpu);
    CHECK(std::memcmp(h.data_ptr(), values.data(), values.size() * sizeof(float)) == 0);
    CHECK(h.to_vector<float>() == values);
    auto moved = a.to(nc::cpu);
    CHECK(std::memcmp(moved.data_ptr(), values.data(), values.size() * sizeof(float)) == 0);
    // on a stream of its own the transfers wait for the work queued on it
    nc::stream s(dev);
    nc::stream_guard guard(s);
    auto doubled = nc::array(values, std::nullopt, dev) + nc::array(values, std::nullopt, dev);
    std::vector<float> twice(n);
    for (std::int64_t i = 0; i < n; ++i) twice[i] = static_cast<float>(i);
    CHECK(doubled.to_vector<float>() == twice);
  }

  NUMCU_TEST_ON_DEVICES("item and to_vector check the C++ type", item_and_vector) {
    auto a = nc::full({1}, 7, nc::int32, dev);
    CHECK(a.item<std::int32_t>() == 7);
    CHECK_THROWS_WITH_AS(
        a.item<float>(),
        "item<float32>() on an array of dtype int32: the C++ type must match the dtype; use astype() first",
        nc::dtype_error);
    CHECK_THROWS_WITH_AS(a.to_vector<double>(),
                         "to_vector<float64>() on an array of dtype int32: the C++ type must match the "
                         "dtype; use astype() first",
                         nc::dtype_error);
    auto b = nc::zeros({2}, nc::float64, dev);
    CHECK_THROWS_WITH_AS(b.item<double>(), "can only convert an array of size 1 to a C++ scalar, not size 2",
                         nc::shape_error);
    CHECK(nc::zeros({0}, nc::float64, dev).to_vector<double>().empty());
    CHECK(nc::full({}, true, std::nullopt, dev).item<bool>());
  }

  NUMCU_TEST_ON_DEVICES("asnumpy gives a C-order host array", asnumpy_host) {
    auto a = nc::arange(6, nc::int16, dev).reshape({2, 3}).T();
    auto h = nc::asnumpy(a);
    CHECK(h.device() == nc::cpu);
    CHECK(h.dtype() == nc::int16);
    CHECK(h.shape() == nc::shape_t{3, 2});
    CHECK(h.is_c_contiguous());
    CHECK(h.to_vector<std::int16_t>() == std::vector<std::int16_t>{0, 3, 1, 4, 2, 5});
  }

  NUMCU_TEST_ON_DEVICES("fill casts the value and rejects integers that do not fit", fill_values) {
    auto a = nc::zeros({5}, nc::uint8, dev);
    a.fill(200);
    CHECK(a.to_vector<std::uint8_t>() == std::vector<std::uint8_t>(5, 200));
    CHECK_THROWS_WITH_AS(a.fill(300), "Python integer 300 out of bounds for uint8", nc::dtype_error);
    CHECK_THROWS_WITH_AS(a.fill(-1), "Python integer -1 out of bounds for uint8", nc::dtype_error);
    CHECK(a.to_vector<std::uint8_t>() == std::vector<std::uint8_t>(5, 200));
    a.fill(3.99);  // unsafe cast, as NumPy's fill
    CHECK(a.to_vector<std::uint8_t>() == std::vector<std::uint8_t>(5, 3));
    auto c = nc::zeros({3}, nc::complex64, dev);
    c.fill(std::complex<double>(1.5, -2));
    CHECK(c.to_vector<std::complex<float>>() == std::vector<std::complex<float>>(3, {1.5f, -2.0f}));
    auto h = nc::zeros({3}, nc::float16, dev);
    h.fill(0.1);
    CHECK(h.to_vector<nc::float16_t>()[2].bits == 0x2e66);  // numpy.float16(0.1).view(uint16)
    auto s = nc::zeros({4, 6}, nc::int64, dev);
    s(nc::all, nc::slice(nc::none, nc::none, 2)).fill(9);
    const auto v = s.to_vector<std::int64_t>();
    for (int i = 0; i < 24; ++i) CHECK(v[i] == (i % 2 == 0 ? 9 : 0));
    CHECK(nc::zeros({2}, nc::uint64, dev)
              .fill(std::uint64_t{18446744073709551615ull})
              .to_vector<std::uint64_t>()[0] == 18446744073709551615ull);
  }

  NUMCU_TEST_ON_DEVICES("operator<< prints NumPy's repr", repr_golden) {
    for (const auto& line : golden_lines("repr.txt")) {
      const auto fields = split(line, '|');
      const auto head = words(fields[0]);
      const nc::dtype t(head[0]);
      nc::shape_t shape;
      for (int d = 0; d < std::stoi(head[1]); ++d) shape.push_back(std::stoll(head[2 + d]));
      std::string expected = fields[2].substr(1);
      std::string unescaped;
      for (std::size_t i = 0; i < expected.size(); ++i) {
        if (expected[i] == '\\' && i + 1 < expected.size() && expected[i + 1] == 'n') {
          unescaped += '\n';
          ++i;
        } else {
          unescaped += expected[i];
        }
      }
      const auto a = array_from_text(words(fields[1]), t, shape, dev);
      std::ostringstream os;
      os << a;
      CHECK(os.str() == unescaped);
    }
  }

  NUMCU_TEST_ON_DEVICES("printing empty and summarized arrays", repr_hand) {
    CHECK(nc::repr(nc::zeros({0}, nc::float64, dev)) == "array([], dtype=float64)");
    CHECK(nc::repr(nc::zeros({0, 3}, nc::float64, dev)) == "array([], shape=(0, 3), dtype=float64)");
    CHECK(nc::repr(nc::zeros({0}, nc::int32, dev)) == "array([], dtype=int32)");
    CHECK(nc::repr(nc::array(iota(3), nc::bfloat16, dev)) == "array([0., 1., 2.], dtype=bfloat16)");
  }

  TEST_CASE("a default-constructed handle refers to nothing") {
    nc::ndarray a;
    CHECK_FALSE(a.defined());
    CHECK_THROWS_WITH_AS(a.device(), "this ndarray handle refers to no array (default-constructed)",
                         nc::error);
    a = nc::zeros({1}, nc::float64, nc::cpu);
    CHECK(a.defined());
  }
}
