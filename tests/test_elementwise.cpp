// Elementwise functions and operators: every function over every dtype NumPy has a loop for, against NumPy's
// results (tests/data/ufuncs.txt); layouts, broadcasting, scalars, mixed dtypes, out, overlap, errors.
#include <bit>
#include <limits>
#include <functional>
#include <map>
#include <set>

#include "test_support.hpp"

using numcu_test::array_from_text;
using numcu_test::golden_lines;
using numcu_test::host_bytes;
using numcu_test::same_element;
using numcu_test::split;
using numcu_test::words;

namespace {

using ufunc_fn = std::function<nc::ndarray(const std::vector<nc::ndarray>&)>;

const std::map<std::string, ufunc_fn>& functions() {
  static const std::map<std::string, ufunc_fn> table = [] {
    std::map<std::string, ufunc_fn> t;
#define UNARY(name) t[#name] = [](const std::vector<nc::ndarray>& x) { return nc::name(x[0]); };
#define BINARY(name) t[#name] = [](const std::vector<nc::ndarray>& x) { return nc::name(x[0], x[1]); };
    // clang-format off
    BINARY(add) BINARY(subtract) BINARY(multiply) BINARY(divide) BINARY(floor_divide) BINARY(remainder)
    BINARY(fmod) BINARY(power) BINARY(float_power) UNARY(negative) UNARY(positive) UNARY(absolute) UNARY(sign)
    UNARY(reciprocal) UNARY(square) UNARY(sqrt) UNARY(cbrt) UNARY(exp) UNARY(exp2) UNARY(expm1) UNARY(log)
    UNARY(log2) UNARY(log10) UNARY(log1p) UNARY(sin) UNARY(cos) UNARY(tan) UNARY(arcsin) UNARY(arccos)
    UNARY(arctan) BINARY(arctan2) BINARY(hypot) UNARY(sinh) UNARY(cosh) UNARY(tanh) UNARY(arcsinh)
    UNARY(arccosh) UNARY(arctanh) UNARY(deg2rad) UNARY(rad2deg) UNARY(floor) UNARY(ceil) UNARY(trunc)
    UNARY(rint) BINARY(maximum) BINARY(minimum) BINARY(fmax) BINARY(fmin) BINARY(logical_and)
    BINARY(logical_or) BINARY(logical_xor) UNARY(logical_not) BINARY(bitwise_and) BINARY(bitwise_or)
    BINARY(bitwise_xor) UNARY(invert) BINARY(left_shift) BINARY(right_shift) UNARY(isnan) UNARY(isinf)
    UNARY(isfinite) UNARY(signbit) BINARY(copysign) BINARY(nextafter) BINARY(logaddexp) BINARY(logaddexp2)
    BINARY(heaviside) BINARY(gcd) BINARY(lcm) BINARY(equal) BINARY(not_equal) BINARY(less) BINARY(less_equal)
    BINARY(greater) BINARY(greater_equal) UNARY(conjugate) UNARY(fabs) UNARY(bitwise_count) BINARY(ldexp)
    t["clip"] = [](const std::vector<nc::ndarray>& x) { return nc::clip(x[0], x[1], x[2]); };
    t["modf[0]"] = [](const std::vector<nc::ndarray>& x) { return nc::modf(x[0]).first; };
    t["modf[1]"] = [](const std::vector<nc::ndarray>& x) { return nc::modf(x[0]).second; };
    t["frexp[0]"] = [](const std::vector<nc::ndarray>& x) { return nc::frexp(x[0]).first; };
    t["frexp[1]"] = [](const std::vector<nc::ndarray>& x) { return nc::frexp(x[0]).second; };
    // clang-format on
#undef UNARY
#undef BINARY
    return t;
  }();
  return table;
}

// Functions whose float results are correctly rounded on both sides (IEEE operations, exact functions):
// compared bit for bit. The others (libm against CUDA's math library) within a few units in the last place.
const std::set<std::string> exact = {
    "add",      "subtract", "multiply", "divide",   "floor_divide", "remainder", "fmod",
    "negative", "positive", "absolute", "sign",     "reciprocal",   "square",    "sqrt",
    "deg2rad",  "rad2deg",  "floor",    "ceil",     "trunc",        "rint",      "maximum",
    "minimum",  "fmax",     "fmin",     "copysign", "nextafter",    "heaviside", "conjugate",
    "clip",     "fabs",     "ldexp",    "modf[0]",  "modf[1]",      "frexp[0]",  "frexp[1]"};

double part_of(const unsigned char* p, nc::dtype t, int part) {
  if (t == nc::float16 || t == nc::bfloat16) {
    std::uint16_t h;
    std::memcpy(&h, p, 2);
    return t == nc::float16 ? nc::float16_t::to_float(h) : nc::bfloat16_t::to_float(h);
  }
  if (t == nc::float32 || t == nc::complex64) {
    float f;
    std::memcpy(&f, p + part * 4, 4);
    return f;
  }
  double d;
  std::memcpy(&d, p + part * 8, 8);
  return d;
}

double tolerance(nc::dtype t) {
  if (t == nc::float16) return 1e-3;
  if (t == nc::bfloat16) return 8e-3;
  if (t == nc::float32 || t == nc::complex64) return 1e-5;
  return 1e-12;
}

bool close_enough(const unsigned char* got, const unsigned char* want, nc::dtype t) {
  for (int part = 0; part < (t.is_complex() ? 2 : 1); ++part) {
    const double g = part_of(got, t, part), w = part_of(want, t, part);
    if (std::isnan(w) || std::isnan(g)) {
      if (std::isnan(w) != std::isnan(g)) return false;
      continue;
    }
    if (std::isinf(w) || std::isinf(g)) {
      if (g != w) return false;
      continue;
    }
    const double tol = tolerance(t);
    if (std::fabs(g - w) > tol + tol * std::fabs(w)) return false;
  }
  return true;
}

}  // namespace

TEST_SUITE("elementwise") {
  NUMCU_TEST_ON_DEVICES("every function matches NumPy for every dtype it accepts", ufunc_golden) {
    const auto lines = golden_lines("ufuncs.txt");
    CHECK(lines.size() > 1000);
    for (const auto& line : lines) {
      const auto fields = split(line, '|');
      const auto head = words(fields[0]);
      const std::string name = head[0];
      const int nin = std::stoi(head[1]);
      const nc::dtype in(head[2]), out(head[3]);
      const auto n = static_cast<std::int64_t>(std::stoll(head[4]));
      CAPTURE(name);
      CAPTURE(in);
      REQUIRE(functions().count(name) == 1);
      const auto expected_text = words(fields[1 + nin]);
      const auto want = numcu_test::encode_elements(expected_text, out);
      for (int layout = 0; layout < 2; ++layout) {  // dense, then reversed views (the general kernel)
        CAPTURE(layout);
        std::vector<nc::ndarray> args;
        for (int k = 0; k < nin; ++k) {
          nc::ndarray a = array_from_text(words(fields[1 + k]), in, {n}, dev);
          // layout 1: the data stored reversed and viewed reversed: the same values through a negative stride
          args.push_back(
              layout == 0 ? a
                          : a(nc::slice(nc::none, nc::none, -1)).copy()(nc::slice(nc::none, nc::none, -1)));
        }
        std::vector<nc::ndarray> results = {functions().at(name)(args)};
        // numpy.divmod is (floor_divide, remainder): its one-pass kernel must give the same elements
        if (name == "floor_divide") results.push_back(nc::divmod(args[0], args[1]).first);
        if (name == "remainder") results.push_back(nc::divmod(args[0], args[1]).second);
        for (const nc::ndarray& r : results) {
          REQUIRE(r.dtype() == out);
          REQUIRE(r.shape() == nc::shape_t{n});
          const auto got = host_bytes(r);
          for (std::int64_t i = 0; i < n; ++i) {
            const unsigned char* g = got.data() + i * out.itemsize();
            const unsigned char* w = want.data() + i * out.itemsize();
            CAPTURE(i);
            CAPTURE(words(fields[1])[i]);
            const bool float_out = out.is_floating() || out.is_complex();
            const bool bitwise = !float_out || (exact.count(name) && !out.is_complex() && !in.is_complex());
            CHECK((bitwise ? same_element(g, w, out) : close_enough(g, w, out)));
          }
        }
      }
    }
  }

  NUMCU_TEST_ON_DEVICES("broadcasting, strided and 0-d operands", layouts) {
    auto m = nc::arange(12, nc::float64, dev).reshape({3, 4});
    auto row = nc::array(std::vector<double>{10, 20, 30, 40}, std::nullopt, dev);
    auto col = nc::arange(3, nc::float64, dev).reshape({3, 1});
    auto s = m + row;  // (3, 4) + (4,)
    CHECK(s.shape() == nc::shape_t{3, 4});
    CHECK(s.to_vector<double>() == std::vector<double>{10, 21, 32, 43, 14, 25, 36, 47, 18, 29, 40, 51});
    auto t = col * row;  // (3, 1) * (4,) -> (3, 4)
    CHECK(t.to_vector<double>() == std::vector<double>{0, 0, 0, 0, 10, 20, 30, 40, 20, 40, 60, 80});
    auto u = m.T() - m.T()(nc::slice(nc::none, nc::none, -1));  // transposed and negative strides
    const auto uv = u.to_vector<double>();
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 3; ++j) CHECK(uv[i * 3 + j] == (j * 4 + i) - ((3 - i) * 1 + j * 4));
    }
    auto zero_d = nc::full({}, 2.5, std::nullopt, dev);
    CHECK((zero_d * zero_d).ndim() == 0);
    CHECK((zero_d * zero_d).item<double>() == 6.25);
    CHECK((m + zero_d).to_vector<double>()[11] == 13.5);
    auto empty = nc::zeros({0, 4}, nc::float32, dev);
    CHECK((empty + row.astype(nc::float32)).shape() == nc::shape_t{0, 4});
    CHECK_THROWS_WITH_AS(m + nc::zeros({5}, nc::float64, dev),
                         "operands could not be broadcast together with shapes (3,4) (5,)", nc::shape_error);
  }

  NUMCU_TEST_ON_DEVICES("the dense and rows kernels at the edges of vectors and blocks", dense_edges) {
    // On the GPU a thread takes one 16-byte vector (16 / itemsize elements) and a block 256 of them; the
    // sizes straddle both. Values are small integers, so every dtype holds the exact sums.
    for (const nc::dtype t : {nc::int8, nc::float16, nc::float32, nc::float64, nc::complex128}) {
      CAPTURE(t);
      const std::int64_t vec = std::max<std::int64_t>(1, 16 / static_cast<std::int64_t>(t.itemsize()));
      const std::int64_t block = 256 * vec;
      for (const std::int64_t n :
           {std::int64_t{1}, vec + 1, block - 1, block, block + 1, 3 * block + vec / 2 + 1}) {
        CAPTURE(n);
        const auto index = nc::arange(n, nc::int64, dev);
        const auto a = (index % 50).astype(t), b = (index % 7).astype(t);
        const nc::ndarray results[] = {a + b, -a, a + 3};
        for (const nc::ndarray& r : results) {
          REQUIRE(r.dtype() == t);
          REQUIRE(r.shape() == nc::shape_t{n});
        }
        const auto sum = results[0].astype(nc::float64).to_vector<double>();
        const auto negated = results[1].astype(nc::float64).to_vector<double>();
        const auto shifted = results[2].astype(nc::float64).to_vector<double>();
        for (std::int64_t i = 0; i < n; ++i) {
          CAPTURE(i);
          CHECK(sum[i] == static_cast<double>(i % 50 + i % 7));
          CHECK(negated[i] == -static_cast<double>(i % 50));
          CHECK(shifted[i] == static_cast<double>(i % 50 + 3));
        }
      }
      // rows of one block and one vector more: the rows kernel's last block of each row is partial
      const std::int64_t rows = 3, inner = block + vec;
      const auto m = (nc::arange(rows * inner, nc::int64, dev) % 50).astype(t).reshape({rows, inner});
      const auto v = (nc::arange(inner, nc::int64, dev) % 7).astype(t);
      const auto got = (m + v).astype(nc::float64).to_vector<double>();
      REQUIRE(got.size() == static_cast<std::size_t>(rows * inner));
      for (std::int64_t i = 0; i < rows * inner; ++i) {
        CAPTURE(i);
        CHECK(got[i] == static_cast<double>(i % 50 + (i % inner) % 7));
      }
    }
  }

  NUMCU_TEST_ON_DEVICES("C++ scalars are weak and may stand on either side", scalars) {
    auto f = nc::array(std::vector<float>{1.5f, -2.0f}, std::nullopt, dev);
    CHECK((f * 2.0).dtype() == nc::float32);  // numpy: float32 array * 2.0 -> float32
    CHECK((2.0 * f).to_vector<float>() == std::vector<float>{3.0f, -4.0f});
    CHECK((1 - f).to_vector<float>() == std::vector<float>{-0.5f, 3.0f});
    auto i = nc::array(std::vector<std::int32_t>{1, 2}, std::nullopt, dev);
    CHECK((i + 1.5).dtype() == nc::float64);  // int32 + 1.5 -> float64
    CHECK((i + 1).dtype() == nc::int32);      // int32 + 1 -> int32
    CHECK((i / 2).dtype() == nc::float64);    // true division of integers -> float64
    CHECK((i / 2).to_vector<double>() == std::vector<double>{0.5, 1.0});
    CHECK((f + std::complex<double>(0, 1)).dtype() == nc::complex64);
    auto u8 = nc::array(std::vector<std::uint8_t>{200, 100}, std::nullopt, dev);
    CHECK((u8 + 100).to_vector<std::uint8_t>() == std::vector<std::uint8_t>{44, 200});  // wraps
    CHECK_THROWS_WITH_AS(u8 + 300, "Python integer 300 out of bounds for uint8", nc::dtype_error);
    CHECK_THROWS_WITH_AS(u8 + -1, "Python integer -1 out of bounds for uint8", nc::dtype_error);
    CHECK(u8.to_vector<std::uint8_t>() == std::vector<std::uint8_t>{200, 100});
    CHECK((u8 > 150).to_vector<bool>() == std::vector<bool>{true, false});
    // NumPy's uniform resolver names the operands' DTypes (np.gcd(int32_array, float64_array), np.sign(bool))
    CHECK_THROWS_WITH_AS(nc::gcd(nc::array({1, 2}, nc::int32, dev), nc::array({1.0, 2.0}, nc::float64, dev)),
                         "ufunc 'gcd' did not contain a loop with signature matching types (<class "
                         "'numpy.dtypes.Int32DType'>, <class 'numpy.dtypes.Float64DType'>) -> None",
                         nc::dtype_error);
    CHECK_THROWS_WITH_AS(nc::lcm(u8, 2.5),
                         "ufunc 'lcm' did not contain a loop with signature matching types (<class "
                         "'numpy.dtypes.UInt8DType'>, <class 'numpy.dtypes._PyFloatDType'>) -> None",
                         nc::dtype_error);
    CHECK_THROWS_WITH_AS(nc::sign(nc::array({true}, std::nullopt, dev)),
                         "ufunc 'sign' did not contain a loop with signature matching types <class "
                         "'numpy.dtypes.BoolDType'> -> None",
                         nc::dtype_error);
  }

  NUMCU_TEST_ON_DEVICES("mixed input dtypes are cast on load to NumPy's common dtype", mixed_dtypes) {
    auto a = nc::array(std::vector<std::int8_t>{-1, 2, 3}, std::nullopt, dev);
    auto b = nc::array(std::vector<std::uint8_t>{255, 1, 2}, std::nullopt, dev);
    auto c = a + b;  // numpy: int8 + uint8 -> int16
    CHECK(c.dtype() == nc::int16);
    CHECK(c.to_vector<std::int16_t>() == std::vector<std::int16_t>{254, 3, 5});
    auto f = nc::array(std::vector<float>{0.5f, 0.25f, 2.0f}, std::nullopt, dev);
    CHECK((a * f).dtype() == nc::float32);
    CHECK((a * f).to_vector<float>() == std::vector<float>{-0.5f, 0.5f, 6.0f});
    auto h = nc::array(std::vector<double>{1.0, 2.0, 3.0}, nc::float16, dev);
    auto bf = nc::array(std::vector<double>{1.0, 2.0, 3.0}, nc::bfloat16, dev);
    CHECK((h + bf).dtype() == nc::float32);
    CHECK((h + bf).to_vector<float>() == std::vector<float>{2.0f, 4.0f, 6.0f});
    CHECK((a < f).to_vector<bool>() == std::vector<bool>{true, false, false});
    auto u64 = nc::array(std::vector<std::uint64_t>{1, 2, 3}, std::nullopt, dev);
    CHECK((u64 + a).dtype() == nc::float64);  // no integer holds both
  }

  NUMCU_TEST_ON_DEVICES("out, compound assignment and the same_kind rule", out_argument) {
    auto a = nc::array(std::vector<std::int64_t>{1, 2, 3}, std::nullopt, dev);
    auto b = nc::array(std::vector<double>{0.5, 0.5, 0.5}, std::nullopt, dev);
    auto out = nc::zeros({3}, nc::float32, dev);
    auto r = nc::add(a, b, out);
    CHECK(r.shares_memory_with(out));
    CHECK(out.to_vector<float>() == std::vector<float>{1.5f, 2.5f, 3.5f});
    auto i = nc::array(std::vector<std::int64_t>{1, 2, 3}, std::nullopt, dev);
    i += 2;
    i *= i;
    CHECK(i.to_vector<std::int64_t>() == std::vector<std::int64_t>{9, 16, 25});
    CHECK_THROWS_WITH_AS(i += 1.5,
                         "Cannot cast ufunc 'add' output from dtype('float64') to dtype('int64') with "
                         "casting rule 'same_kind'",
                         nc::dtype_error);
    CHECK_THROWS_AS(i /= 2, nc::dtype_error);
    CHECK(i.to_vector<std::int64_t>() == std::vector<std::int64_t>{9, 16, 25});
    auto f = nc::ones({2, 3}, nc::float64, dev);
    f(1, nc::all) += nc::array(std::vector<double>{1, 2, 3}, std::nullopt, dev);  // through a view
    CHECK(f.to_vector<double>() == std::vector<double>{1, 1, 1, 2, 3, 4});
    CHECK_THROWS_WITH_AS(
        nc::add(f, f, nc::zeros({3}, nc::float64, dev)),
        "non-broadcastable output operand with shape (3,) doesn't match the broadcast shape (2,3)",
        nc::shape_error);
  }

  NUMCU_TEST_ON_DEVICES("an out= that does not broadcast: NumPy's message, and its order of checks", out_shape_errors) {
    // numpy: np.add(x, x, out=np.zeros(2, np.int8)) -> "operands could not be broadcast together with shapes
    // (3,) (3,) (2,) " (the output's cast, int64 to int8, is same_kind); a scalar's shape is ()
    const auto x = nc::array(std::vector<std::int64_t>{1, 2, 3}, std::nullopt, dev);
    auto o = nc::zeros({2}, nc::int8, dev);
    CHECK_THROWS_WITH_AS(nc::add(x, x, o), "operands could not be broadcast together with shapes (3,) (3,) (2,)",
                         nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::add(x, 1, o), "operands could not be broadcast together with shapes (3,) () (2,)",
                         nc::shape_error);
    // inputs that do not broadcast name the output too: np.add(zeros(3), zeros(4), out=zeros(3, int64))
    CHECK_THROWS_WITH_AS(nc::add(x, nc::zeros({4}, nc::int64, dev), nc::zeros({3}, nc::int64, dev)),
                         "operands could not be broadcast together with shapes (3,) (4,) (3,)", nc::shape_error);
    // a cast the output cannot take is reported first, whatever the shapes (np.add(float64 (3,), ..., out=int8 (2,)))
    const auto f = nc::array(std::vector<double>{1.5, 2.5, 3.5}, std::nullopt, dev);
    CHECK_THROWS_WITH_AS(nc::add(f, f, o),
                         "Cannot cast ufunc 'add' output from dtype('float64') to dtype('int8') with casting rule "
                         "'same_kind'",
                         nc::dtype_error);
    // round checks its output's size before its dtype: np.around(x, out=np.zeros(2, np.int8)) -> "invalid output
    // shape"; an output of the same size broadcasts (np.around(x, out=np.zeros((1, 3))) is [[2., 2., 4.]])
    CHECK_THROWS_WITH_AS(nc::round(f, 0, o), "invalid output shape", nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::round(f.astype(nc::complex128), 0, nc::zeros({2}, nc::float64, dev)),
                         "invalid output shape", nc::shape_error);
    auto wide = nc::zeros({1, 3}, nc::float64, dev);
    nc::round(f, 0, wide);
    CHECK(wide.shape() == nc::shape_t{1, 3});
    CHECK(wide.to_vector<double>() == std::vector<double>{2, 2, 4});
    CHECK(o.to_vector<std::int8_t>() == std::vector<std::int8_t>{0, 0});  // untouched
  }

  NUMCU_TEST_ON_DEVICES("a wider out= takes the result wrapped in the loop's dtype", out_wider_than_loop) {
    // np.abs(int16 [[[-32768, 27125, 4]], [[-28386, -100, 9]]], out=int64 array): abs(-32768) wraps in int16
    const auto i16 =
        nc::array(std::vector<std::int16_t>{-32768, 27125, 4, -28386, -100, 9}, std::nullopt, dev)
            .reshape({2, 1, 3});
    auto o64 = nc::zeros({2, 1, 3}, nc::int64, dev);
    nc::abs(i16, o64);
    CHECK(o64.dtype() == nc::int64);
    CHECK(o64.shape() == nc::shape_t{2, 1, 3});
    CHECK(o64.to_vector<std::int64_t>() == std::vector<std::int64_t>{-32768, 27125, 4, 28386, 100, 9});
    // np.absolute(int16 [-32768, 5], out=int32) == [-32768, 5]; np.negative(..., out=int64) == [-32768, -5];
    // np.floor_divide(int16 [-32768, 7], -1, out=int64) == [-32768, -7]
    const auto pair = nc::array(std::vector<std::int16_t>{-32768, 5}, std::nullopt, dev);
    auto o32 = nc::zeros({2}, nc::int32, dev);
    nc::absolute(pair, o32);
    CHECK(o32.to_vector<std::int32_t>() == std::vector<std::int32_t>{-32768, 5});
    auto n64 = nc::zeros({2}, nc::int64, dev);
    nc::negative(pair, n64);
    CHECK(n64.to_vector<std::int64_t>() == std::vector<std::int64_t>{-32768, -5});
    auto q64 = nc::zeros({2}, nc::int64, dev);
    nc::floor_divide(nc::array(std::vector<std::int16_t>{-32768, 7}, std::nullopt, dev), -1, q64);
    CHECK(q64.to_vector<std::int64_t>() == std::vector<std::int64_t>{-32768, -7});
    // the other widths, and the other functions that wrap: np.abs(int8 [-128, -3], out=int16) == [-128, 3],
    // np.negative(int32 [-2**31, 5], out=int64) == [-2147483648, -5], np.square(int16 [300, -32768],
    // out=int64) == [24464, 0], np.left_shift(int16 [1, 3], [15, 14], out=int64) == [-32768, -16384]
    auto o16 = nc::zeros({2}, nc::int16, dev);
    nc::abs(nc::array(std::vector<std::int8_t>{-128, -3}, std::nullopt, dev), o16);
    CHECK(o16.to_vector<std::int16_t>() == std::vector<std::int16_t>{-128, 3});
    nc::negative(nc::array(std::vector<std::int32_t>{INT32_MIN, 5}, std::nullopt, dev), n64);
    CHECK(n64.to_vector<std::int64_t>() == std::vector<std::int64_t>{INT32_MIN, -5});
    nc::square(nc::array(std::vector<std::int16_t>{300, -32768}, std::nullopt, dev), n64);
    CHECK(n64.to_vector<std::int64_t>() == std::vector<std::int64_t>{24464, 0});
    nc::left_shift(nc::array(std::vector<std::int16_t>{1, 3}, std::nullopt, dev),
                   nc::array(std::vector<std::int16_t>{15, 14}, std::nullopt, dev), n64);
    CHECK(n64.to_vector<std::int64_t>() == std::vector<std::int64_t>{-32768, -16384});
  }

  NUMCU_TEST_ON_DEVICES("an output that overlaps an input gives NumPy's result", overlap) {
    auto a = nc::arange(6, nc::int32, dev);
    nc::add(a(nc::slice(nc::none, -1)), a(nc::slice(1, nc::none)),
            a(nc::slice(1, nc::none)));  // in place, same layout
    CHECK(a.to_vector<std::int32_t>() == std::vector<std::int32_t>{0, 1, 3, 5, 7, 9});
    auto b = nc::arange(6, nc::int32, dev);
    b(nc::slice(1, nc::none)) += b(nc::slice(nc::none, -1));  // numpy buffers the overlapping input
    CHECK(b.to_vector<std::int32_t>() == std::vector<std::int32_t>{0, 1, 3, 5, 7, 9});
    auto c = nc::arange(4, nc::float64, dev);
    nc::multiply(c(nc::slice(nc::none, nc::none, -1)), 10.0, c);  // reversed input into itself
    CHECK(c.to_vector<double>() == std::vector<double>{30, 20, 10, 0});
  }

  NUMCU_TEST_ON_DEVICES("operators", operators) {
    auto a = nc::array(std::vector<std::int32_t>{6, -7, 8}, std::nullopt, dev);
    auto b = nc::array(std::vector<std::int32_t>{4, 2, -3}, std::nullopt, dev);
    CHECK((a % b).to_vector<std::int32_t>() == std::vector<std::int32_t>{2, 1, -1});  // Python's sign rule
    CHECK(nc::floor_divide(a, b).to_vector<std::int32_t>() == std::vector<std::int32_t>{1, -4, -3});
    CHECK((a & b).to_vector<std::int32_t>() == std::vector<std::int32_t>{4, 0, 8});
    CHECK((a | 1).to_vector<std::int32_t>() == std::vector<std::int32_t>{7, -7, 9});
    CHECK((a ^ b).to_vector<std::int32_t>() == std::vector<std::int32_t>{2, -5, -11});
    CHECK((a << 2).to_vector<std::int32_t>() == std::vector<std::int32_t>{24, -28, 32});
    CHECK((a >> 1).to_vector<std::int32_t>() == std::vector<std::int32_t>{3, -4, 4});
    CHECK((-a).to_vector<std::int32_t>() == std::vector<std::int32_t>{-6, 7, -8});
    CHECK((+a).to_vector<std::int32_t>() == std::vector<std::int32_t>{6, -7, 8});
    CHECK((~a).to_vector<std::int32_t>() == std::vector<std::int32_t>{-7, 6, -9});
    CHECK((!a).to_vector<bool>() == std::vector<bool>{false, false, false});
    CHECK((a == 8).to_vector<bool>() == std::vector<bool>{false, false, true});
    CHECK((a != b).to_vector<bool>() == std::vector<bool>{true, true, true});
    CHECK((a <= 6).to_vector<bool>() == std::vector<bool>{true, true, false});
    CHECK((a >= b).to_vector<bool>() == std::vector<bool>{true, false, true});
    auto x = nc::array(std::vector<std::int32_t>{1, 2, 3}, std::nullopt, dev);
    x -= 1;
    x <<= 2;
    x |= 1;
    x ^= 3;
    x >>= 1;
    x &= 7;
    x %= 3;
    CHECK(x.to_vector<std::int32_t>() ==
          std::vector<std::int32_t>{1, 0, 2});  // [0,1,2] [0,4,8] [1,5,9] [2,6,10] [1,3,5]
    auto t = nc::array(std::vector<bool>{true, false}, std::nullopt, dev);
    CHECK((t + t).dtype() == nc::bool_);
    CHECK_THROWS_AS(t - t, nc::dtype_error);
    CHECK_THROWS_AS(-t, nc::dtype_error);
  }

  NUMCU_TEST_ON_DEVICES("functions refuse dtypes NumPy refuses, and mixed devices", errors) {
    auto f = nc::array(std::vector<double>{1.5}, std::nullopt, dev);
    CHECK_THROWS_WITH_AS(
        nc::bitwise_and(f, f),
        "ufunc 'bitwise_and' not supported for the input types (dtype('float64'), dtype('float64')), and "
        "the inputs could not be safely coerced to any supported types according to the casting rule 'safe'",
        nc::dtype_error);
    CHECK_THROWS_AS(f << 1, nc::dtype_error);
    CHECK_THROWS_AS(nc::gcd(f, f), nc::dtype_error);
    CHECK_THROWS_AS(nc::floor(nc::array(std::vector<std::complex<double>>{{1, 1}}, std::nullopt, dev)),
                    nc::dtype_error);
    if (dev.is_cuda()) {
      auto h = nc::array(std::vector<double>{1.5}, std::nullopt, nc::cpu);
      CHECK_THROWS_WITH_AS(
          f + h, "add: operands are on different devices: cuda:0 and cpu (move one with .to(device))",
          nc::device_error);
    }
    CHECK(f.to_vector<double>() == std::vector<double>{1.5});
  }

  NUMCU_TEST_ON_DEVICES("a NaN keeps its sign through float16 arithmetic and casts", half_nan_sign) {
    // numpy: h = np.array([0xfe00, 0x7e00, 0x8000, 0x3c00], np.uint16).view(np.float16)[::-1], i.e. a reversed
    // view of [-nan, nan, -0., 1.]. NumPy's bits are expected exactly, except a NaN's payload, which the GPU's
    // conversions do not keep (docs/numpy_differences.md): a NaN must be a NaN of the expected sign.
    const auto same = [](std::uint64_t got, std::uint64_t expected, int bits) {
      const int exponent_bits = bits == 16 ? 5 : 8;
      const std::uint64_t sign = std::uint64_t{1} << (bits - 1);
      const std::uint64_t exponent = ((std::uint64_t{1} << exponent_bits) - 1) << (bits - 1 - exponent_bits);
      const auto is_nan = [&](std::uint64_t x) { return (x & exponent) == exponent && (x & ~(sign | exponent)) != 0; };
      if (is_nan(expected)) return is_nan(got) && (got & sign) == (expected & sign);
      return got == expected;
    };
    const auto check_bits = [&](const std::vector<std::uint64_t>& got, const std::vector<std::uint64_t>& expected,
                                int bits) {
      REQUIRE(got.size() == expected.size());
      for (std::size_t k = 0; k < got.size(); ++k) {
        CAPTURE(k);
        CAPTURE(got[k]);
        CHECK(same(got[k], expected[k], bits));
      }
    };
    const auto bits_of = [](const nc::ndarray& a) {
      std::vector<std::uint64_t> out;
      for (const nc::float16_t x : a.to_vector<nc::float16_t>()) out.push_back(x.bits);
      return out;
    };
    const std::vector<nc::float16_t> values = {nc::float16_t::from_bits(0xfe00), nc::float16_t::from_bits(0x7e00),
                                               nc::float16_t::from_bits(0x8000), nc::float16_t::from_bits(0x3c00)};
    const auto h = nc::array(values, std::nullopt, dev)(nc::slice(nc::none, nc::none, -1));
    // np.signbit(h) -> [False, True, False, True]
    CHECK(nc::signbit(h).to_vector<bool>() == std::vector<bool>{false, true, false, true});
    // np.negative(h).view(np.uint16) -> [0xbc00, 0x0, 0xfe00, 0x7e00]
    check_bits(bits_of(nc::negative(h)), {0xbc00, 0x0, 0xfe00, 0x7e00}, 16);
    // float32 and complex64 too: np.signbit(np.negative(np.array([nan, -nan], np.float32))) -> [True, False]
    const float qnan = std::numeric_limits<float>::quiet_NaN();
    const auto f = nc::array(std::vector<float>{qnan, -qnan}, std::nullopt, dev);
    CHECK(nc::signbit(nc::negative(f)).to_vector<bool>() == std::vector<bool>{true, false});
    const auto z = nc::negative(nc::array(std::vector<std::complex<float>>{{qnan, -qnan}}, std::nullopt, dev));
    CHECK(nc::signbit(nc::real(z)).item<bool>());
    CHECK_FALSE(nc::signbit(nc::imag(z)).item<bool>());
    // np.copysign(np.float16(2), h) -> [2, -2, 2, -2]
    CHECK(nc::copysign(nc::full({}, 2.0, nc::float16, dev), h).astype(nc::float64).to_vector<double>() ==
          std::vector<double>{2, -2, 2, -2});
    // h.astype(np.float32).view(np.uint32) -> [0x3f800000, 0x80000000, 0x7fc00000, 0xffc00000]
    std::vector<std::uint64_t> widened;
    for (const float x : h.astype(nc::float32).to_vector<float>()) widened.push_back(std::bit_cast<std::uint32_t>(x));
    check_bits(widened, {0x3f800000, 0x80000000, 0x7fc00000, 0xffc00000}, 32);
    // np.array([-nan, nan, -0.]).astype(np.float16) (float64 and float32) -> [0xfe00, 0x7e00, 0x8000]
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const auto d = nc::array(std::vector<double>{-nan, nan, -0.0}, std::nullopt, dev);
    check_bits(bits_of(d.astype(nc::float16)), {0xfe00, 0x7e00, 0x8000}, 16);
    check_bits(bits_of(d.astype(nc::float32).astype(nc::float16)), {0xfe00, 0x7e00, 0x8000}, 16);
  }

  NUMCU_TEST_ON_DEVICES("where, round, divmod, nan_to_num", helpers) {
    auto c = nc::array(std::vector<double>{0.0, 0.5, -1.0}, std::nullopt, dev);  // read as bool
    auto w = nc::where(c, nc::array(std::vector<std::int32_t>{1, 2, 3}, std::nullopt, dev), 9.5);
    CHECK(w.dtype() == nc::float64);
    CHECK(w.to_vector<double>() == std::vector<double>{9.5, 2, 3});
    // an integer scalar takes the array's integer dtype, wrapped as NumPy 2's where casts it (unsafely):
    // np.where([True, False], -1, np.array([1, 2], np.uint8)) is [255, 2] uint8; 300 is 44; 2**63 is 0; 200 into
    // int8 is -56
    const auto pick = nc::array(std::vector<bool>{true, false}, std::nullopt, dev);
    const auto u8 = nc::array(std::vector<std::uint8_t>{1, 2}, std::nullopt, dev);
    w = nc::where(pick, -1, u8);
    CHECK(w.dtype() == nc::uint8);
    CHECK(w.to_vector<std::uint8_t>() == std::vector<std::uint8_t>{255, 2});
    CHECK(nc::where(pick, u8, 300).to_vector<std::uint8_t>() == std::vector<std::uint8_t>{1, 44});
    CHECK(nc::where(pick, std::uint64_t{1} << 63, u8).to_vector<std::uint8_t>() == std::vector<std::uint8_t>{0, 2});
    w = nc::where(pick, 200, nc::array(std::vector<std::int8_t>{1, 2}, std::nullopt, dev));
    CHECK(w.dtype() == nc::int8);
    CHECK(w.to_vector<std::int8_t>() == std::vector<std::int8_t>{-56, 2});
    CHECK(u8.to_vector<std::uint8_t>() == std::vector<std::uint8_t>{1, 2});
    // the other ufuncs keep NumPy's check: np.add(uint8_array, 300) raises OverflowError
    CHECK_THROWS_WITH_AS(nc::add(u8, 300), "Python integer 300 out of bounds for uint8", nc::dtype_error);
    // numpy.round([0.5, 1.5, 2.675, -0.125], 2): 2.675 * 100 rounds to 267.5 in float64, hence 2.68
    auto r = nc::round(nc::array(std::vector<double>{0.5, 1.5, 2.675, -0.125}, std::nullopt, dev), 2);
    CHECK(r.to_vector<double>() == std::vector<double>{0.5, 1.5, 2.68, -0.12});
    CHECK(nc::round(nc::array(std::vector<double>{0.5, 1.5, 2.5}, std::nullopt, dev)).to_vector<double>() ==
          std::vector<double>{0, 2, 2});
    CHECK(nc::round(nc::array(std::vector<std::int64_t>{1250, 1350, -1251}, std::nullopt, dev), -2)
              .to_vector<std::int64_t>() == std::vector<std::int64_t>{1200, 1400, -1300});
    auto [q, m] = nc::divmod(nc::array(std::vector<double>{7.5, -7.5}, std::nullopt, dev), 2.0);
    CHECK(q.to_vector<double>() == std::vector<double>{3, -4});
    CHECK(m.to_vector<double>() == std::vector<double>{1.5, 0.5});
  }

  NUMCU_TEST_ON_DEVICES("ldexp: a real and an integer exponent", ldexp) {
    // values from numpy.ldexp: the exponent never promotes the result
    auto x = nc::array(std::vector<float>{3.0f, -0.75f, 1.0f, 1.5f}, std::nullopt, dev);
    auto e = nc::array(std::vector<std::int32_t>{2, -1, 200, -149}, std::nullopt, dev);
    auto r = nc::ldexp(x, e);
    CHECK(r.dtype() == nc::float32);
    CHECK(r.to_vector<float>() == std::vector<float>{12.0f, -0.375f, std::numeric_limits<float>::infinity(),
                                                     0x1p-148f});  // 1.5 * 2^-149, ties to even
    auto s = nc::ldexp(x(nc::slice(nc::none, nc::none, -1)), 3);   // reversed view, weak integer scalar
    CHECK(s.dtype() == nc::float32);
    CHECK(s.to_vector<float>() == std::vector<float>{12.0f, 8.0f, -6.0f, 24.0f});
    auto h = nc::ldexp(nc::full({2}, 1.5, nc::float16, dev),
                       nc::array(std::vector<std::int64_t>{1, -30}, std::nullopt, dev));
    CHECK(h.dtype() == nc::float16);
    CHECK(h.to_vector<nc::float16_t>()[0].bits == nc::float16_t(3.0f).bits);
    CHECK(h.to_vector<nc::float16_t>()[1].bits == 0);  // 1.5 * 2^-30 is below float16's smallest
    auto i = nc::ldexp(nc::array(std::vector<std::int64_t>{3}, std::nullopt, dev), 2);  // int64 -> float64
    CHECK(i.dtype() == nc::float64);
    CHECK(i.item<double>() == 12.0);
    const char* message =
        "ufunc 'ldexp' not supported for the input types, and the inputs could not be safely coerced to any "
        "supported types according to the casting rule ''safe''";
    CHECK_THROWS_WITH_AS(nc::ldexp(x, 1.5), message, nc::dtype_error);
    CHECK_THROWS_WITH_AS(nc::ldexp(x, nc::array(std::vector<std::uint64_t>{1}, std::nullopt, dev)), message,
                         nc::dtype_error);
    CHECK_THROWS_WITH_AS(nc::ldexp(x, std::int64_t{1} << 40),
                         "Python integer 1099511627776 out of bounds for int32", nc::dtype_error);
    CHECK(x.to_vector<float>() == std::vector<float>{3.0f, -0.75f, 1.0f, 1.5f});
  }

  NUMCU_TEST_ON_DEVICES("power with an exponent of stride 0 takes NumPy's fast path", power_uniform_exponent) {
    // values from numpy.power: an exponent of stride 0 (a scalar, a 0-d array, an array broadcast along every
    // dimension) of 0.5 takes the square root in the float32 and float64 loops, so that (-inf) ** 0.5 is NaN
    // and (-0.0) ** 0.5 is -0.0; -1, 0, 1 and 2 give 1/x, 1, x and x*x
    const double inf = std::numeric_limits<double>::infinity();
    auto x = nc::array(std::vector<double>{-inf, -0.0, 4.0, 3.0}, std::nullopt, dev);
    const auto fast = [&](const nc::ndarray& r) {
      const auto v = r.to_vector<double>();
      REQUIRE(v.size() == 4);
      CHECK(std::isnan(v[0]));
      CHECK((v[1] == 0.0 && std::signbit(v[1])));
      CHECK(v[2] == 2.0);
      CHECK(v[3] == std::sqrt(3.0));
    };
    const auto slow = [&](const nc::ndarray& r) {  // pow: inf and +0.0
      const auto v = r.to_vector<double>();
      REQUIRE(v.size() == 4);
      CHECK(v[0] == inf);
      CHECK((v[1] == 0.0 && !std::signbit(v[1])));
      CHECK(v[2] == 2.0);
    };
    fast(nc::power(x, 0.5));
    fast(nc::power(x, nc::full({}, 0.5, nc::float64, dev)));
    fast(nc::power(x, nc::full({1}, 0.5, nc::float64, dev)));
    fast(nc::power(x, nc::full({}, 0.5, nc::float32, dev)));  // the float64 loop
    fast(nc::power(x, nc::broadcast_to(nc::full({}, 0.5, nc::float64, dev), {4})));
    slow(nc::power(x, nc::full({4}, 0.5, nc::float64, dev)));
    // a (2, 2) base with a (2, 1) exponent: stride 0 along the rows only, NumPy's pow
    auto square = nc::power(x.reshape({2, 2}), nc::full({2, 1}, 0.5, nc::float64, dev));
    CHECK(square.shape() == nc::shape_t{2, 2});
    slow(square.reshape({4}));
    // (1,) with (1,): the exponent's own stride, pow; a 0-d exponent against (1,): stride 0
    CHECK(nc::power(x(nc::slice(0, 1)), nc::full({1}, 0.5, nc::float64, dev)).item<double>() == inf);
    CHECK(std::isnan(nc::power(x(nc::slice(0, 1)), nc::full({}, 0.5, nc::float64, dev)).item<double>()));
    // float32 too; float16 has no fast path
    auto f = nc::power(x.astype(nc::float32), 0.5);
    CHECK(f.dtype() == nc::float32);
    CHECK(std::isnan(f.to_vector<float>()[0]));
    CHECK(std::signbit(f.to_vector<float>()[1]));
    CHECK(f.to_vector<float>()[3] == std::sqrt(3.0f));
    auto h = nc::power(x.astype(nc::float16), 0.5).astype(nc::float64).to_vector<double>();
    CHECK(h[0] == inf);
    CHECK(!std::signbit(h[1]));
    auto g = nc::array(std::vector<float>{3.0f, 3.1f, NAN, -0.0f}, std::nullopt, dev);
    CHECK(nc::power(g, -1).to_vector<float>()[0] == 1.0f / 3.0f);
    CHECK(nc::power(g, 2).to_vector<float>()[1] == 3.1f * 3.1f);
    CHECK(nc::power(g, 0).to_vector<float>()[2] == 1.0f);
    CHECK(std::isnan(nc::power(g, 1).to_vector<float>()[2]));
    CHECK(nc::power(g, -1).to_vector<float>()[3] == -std::numeric_limits<float>::infinity());
  }

  NUMCU_TEST_ON_DEVICES("modf and frexp: two outputs over any layout", modf_frexp) {
    // values from numpy.modf / numpy.frexp; negative-step view, 0-d, zero-size, the int32 exponent
    auto x = nc::array(std::vector<double>{-2.5, 0.75, 6.0, -0.0, 1e-310}, std::nullopt, dev);
    auto [fraction, whole] = nc::modf(x(nc::slice(nc::none, nc::none, -2)));  // 1e-310, 6.0, -2.5
    CHECK(fraction.dtype() == nc::float64);
    CHECK(fraction.to_vector<double>() == std::vector<double>{1e-310, 0.0, -0.5});
    CHECK(whole.to_vector<double>() == std::vector<double>{0.0, 6.0, -2.0});
    auto [mantissa, exponent] =
        nc::frexp(nc::array(std::vector<float>{8.0f, -0.375f, 0.0f}, std::nullopt, dev));
    CHECK(mantissa.dtype() == nc::float32);
    CHECK(exponent.dtype() == nc::int32);
    CHECK(mantissa.to_vector<float>() == std::vector<float>{0.5f, -0.75f, 0.0f});
    CHECK(exponent.to_vector<std::int32_t>() == std::vector<std::int32_t>{4, -1, 0});
    auto [m0, e0] = nc::frexp(nc::full({}, 3, nc::int16, dev));  // int16 casts safely to float32
    CHECK(m0.ndim() == 0);
    CHECK(m0.dtype() == nc::float32);
    CHECK(m0.item<float>() == 0.75f);
    CHECK(e0.item<std::int32_t>() == 2);
    auto [ef, ew] = nc::modf(nc::zeros({2, 0}, nc::float16, dev));
    CHECK(ef.shape() == nc::shape_t{2, 0});
    CHECK(ew.dtype() == nc::float16);
    // no loop for complex: NumPy's message, the input unchanged
    auto z = nc::array(std::vector<std::complex<double>>{{1, 1}}, std::nullopt, dev);
    CHECK_THROWS_WITH_AS(
        nc::modf(z),
        "ufunc 'modf' not supported for the input types (dtype('complex128'),), and the inputs "
        "could not be safely coerced to any supported types according to the casting rule 'safe'",
        nc::dtype_error);
    CHECK_THROWS_AS(nc::frexp(z), nc::dtype_error);
    CHECK(z.to_vector<std::complex<double>>() == std::vector<std::complex<double>>{{1, 1}});
  }

  NUMCU_TEST_ON_DEVICES("divmod: both outputs in one pass over any layout", divmod) {
    // values from numpy.divmod
    auto col = nc::array(std::vector<std::int8_t>{7, -7, 0}, std::nullopt, dev).reshape({3, 1});
    auto row = nc::array(std::vector<std::int8_t>{2, -3, 5, -1}, std::nullopt, dev);
    auto [q, m] = nc::divmod(col, row);  // broadcast (3, 1) with (4,)
    CHECK(q.dtype() == nc::int8);
    CHECK(m.dtype() == nc::int8);
    CHECK(q.shape() == nc::shape_t{3, 4});
    CHECK(m.shape() == nc::shape_t{3, 4});
    CHECK(q.to_vector<std::int8_t>() == std::vector<std::int8_t>{3, -3, 1, -7, -4, 2, -2, 7, 0, 0, 0, 0});
    CHECK(m.to_vector<std::int8_t>() == std::vector<std::int8_t>{1, -2, 2, 0, 1, -1, 3, 0, 0, 0, 0, 0});
    // negative stride, scalar divisor
    auto x = nc::arange(10, nc::int64, dev)(nc::slice(nc::none, nc::none, -3));
    auto [xq, xm] = nc::divmod(x, 4);
    CHECK(xq.to_vector<std::int64_t>() == std::vector<std::int64_t>{2, 1, 0, 0});
    CHECK(xm.to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 2, 3, 0});
    // mixed dtypes: int32 with float32 computes in float64
    auto [fq, fm] = nc::divmod(nc::array(std::vector<std::int32_t>{7, -7}, std::nullopt, dev),
                               nc::array(std::vector<float>{2.5f, -2.5f}, std::nullopt, dev));
    CHECK(fq.dtype() == nc::float64);
    CHECK(fq.to_vector<double>() == std::vector<double>{2, 2});
    CHECK(fm.to_vector<double>() == std::vector<double>{2, -2});
    // 0-d with a scalar, bools (int8 loop), zero-size
    auto [zq, zm] = nc::divmod(nc::full({}, -7, nc::int16, dev), 2);
    CHECK(zq.ndim() == 0);
    CHECK(zq.item<std::int16_t>() == -4);
    CHECK(zm.item<std::int16_t>() == 1);
    auto t = nc::array(std::vector<bool>{true}, std::nullopt, dev);
    auto [bq, bm] = nc::divmod(t, t);
    CHECK(bq.dtype() == nc::int8);
    CHECK(bq.to_vector<std::int8_t>() == std::vector<std::int8_t>{1});
    CHECK(bm.to_vector<std::int8_t>() == std::vector<std::int8_t>{0});
    auto [eq, em] = nc::divmod(nc::zeros({0, 3}, nc::float32, dev), 2.0);
    CHECK(eq.shape() == nc::shape_t{0, 3});
    CHECK(em.shape() == nc::shape_t{0, 3});
    // no loop for complex: NumPy's message, the input unchanged
    auto z = nc::array(std::vector<std::complex<double>>{{1, 1}}, std::nullopt, dev);
    CHECK_THROWS_WITH_AS(
        nc::divmod(z, 1),
        "ufunc 'divmod' not supported for the input types (dtype('complex128'), <C++ scalar>), "
        "and the inputs could not be safely coerced to any supported types according to the "
        "casting rule 'safe'",
        nc::dtype_error);
    CHECK(z.to_vector<std::complex<double>>() == std::vector<std::complex<double>>{{1, 1}});
    const double inf = std::numeric_limits<double>::infinity();
    auto n = nc::nan_to_num(
        nc::array(std::vector<float>{std::nanf(""), static_cast<float>(inf), static_cast<float>(-inf), 1.0f},
                  std::nullopt, dev));
    CHECK(n.to_vector<float>() ==
          std::vector<float>{0.0f, 3.4028234663852886e38f, -3.4028234663852886e38f, 1.0f});
    auto n16 = nc::nan_to_num(nc::array(std::vector<double>{inf}, nc::float16, dev), 5.0);
    CHECK(static_cast<float>(n16.to_vector<nc::float16_t>()[0]) == 65504.0f);
  }

  NUMCU_TEST_ON_DEVICES("comparisons of signed integers with uint64 are exact, as NumPy 2's mixed loops",
                        mixed_integer_comparisons) {
    // values from NumPy 2.4; through float64 equal() would say 2^53 == 2^53 + 1 and 2^63 - 1 == 2^63
    auto a = nc::array(std::vector<std::int64_t>{-1, std::int64_t{1} << 53, INT64_MAX, 0, INT64_MIN},
                       std::nullopt, dev);
    auto b = nc::array(
        std::vector<std::uint64_t>{UINT64_MAX, (std::uint64_t{1} << 53) + 1, std::uint64_t{1} << 63, 0, 0},
        std::nullopt, dev);
    using bools = std::vector<bool>;
    const auto check = [](const nc::ndarray& r, const bools& want) {
      CHECK(r.dtype() == nc::bool_);
      CHECK(r.shape() == nc::shape_t{static_cast<std::int64_t>(want.size())});
      CHECK(r.to_vector<bool>() == want);
    };
    check(nc::equal(a, b), bools{false, false, false, true, false});
    check(nc::equal(b, a), bools{false, false, false, true, false});
    check(a != b, bools{true, true, true, false, true});
    check(a < b, bools{true, true, true, false, true});
    check(b < a, bools{false, false, false, false, false});
    check(a <= b, bools{true, true, true, true, true});
    check(b <= a, bools{false, false, false, true, false});
    check(a > b, bools{false, false, false, false, false});
    check(b > a, bools{true, true, true, false, true});
    check(a >= b, bools{false, false, false, true, false});
    check(b >= a, bools{true, true, true, true, true});
    // a narrower signed dtype, broadcast, negative strides
    auto c = nc::array(std::vector<std::int8_t>{-3, 5}, std::nullopt, dev).reshape({2, 1});
    auto d = nc::array(std::vector<std::uint64_t>{0, UINT64_MAX, 5}, std::nullopt,
                       dev)(nc::slice(nc::none, nc::none, -1));  // 5, UINT64_MAX, 0
    auto cd = nc::less(c, d);
    CHECK(cd.shape() == nc::shape_t{2, 3});
    CHECK(cd.to_vector<bool>() == bools{true, true, true, false, true, false});
    // into an int32 output
    auto o = nc::full({5}, 7, nc::int32, dev);
    nc::less(a, b, o);
    CHECK(o.to_vector<std::int32_t>() == std::vector<std::int32_t>{1, 1, 1, 0, 1});
    // other arithmetic still promotes to float64, as in NumPy
    CHECK((a + b).dtype() == nc::float64);
  }

  NUMCU_TEST_ON_DEVICES("isclose, allclose, array_equal", closeness) {
    auto a = nc::array(std::vector<double>{1.0, 1e10, std::nan(""), std::numeric_limits<double>::infinity()},
                       std::nullopt, dev);
    auto b = nc::array(
        std::vector<double>{1.0 + 1e-9, 1.00001e10, std::nan(""), std::numeric_limits<double>::infinity()},
        std::nullopt, dev);
    CHECK(nc::isclose(a, b).to_vector<bool>() == std::vector<bool>{true, true, false, true});
    CHECK(nc::isclose(a, b, 1e-5, 1e-8, true).to_vector<bool>() == std::vector<bool>{true, true, true, true});
    CHECK_FALSE(nc::allclose(a, b));
    CHECK(nc::allclose(a, b, 1e-5, 1e-8, true));
    CHECK(nc::isclose(nc::array(std::vector<std::int32_t>{1, 2}, std::nullopt, dev), 1).dtype() == nc::bool_);
    CHECK(nc::array_equal(a, a, true));
    CHECK_FALSE(nc::array_equal(a, a));
    CHECK_FALSE(nc::array_equal(a, a(nc::slice(0, 2))));
    CHECK(nc::all_true(nc::ones({5, 7}, nc::int8, dev)));
    CHECK_FALSE(nc::all_true(nc::eye(3, std::nullopt, 0, nc::float32, dev)));
  }

  NUMCU_TEST_ON_DEVICES("isclose rounds each step in the dtype NumPy computes it in", closeness_rounding) {
    const auto of = [&](std::vector<double> values, nc::dtype t) { return nc::array(values, t, dev); };
    const auto close = [](const nc::ndarray& x, const nc::operand& y, double rtol, double atol) {
      const nc::ndarray r = nc::isclose(x, y, rtol, atol);
      CHECK(r.dtype() == nc::bool_);
      return r.to_vector<bool>();
    };
    // the tolerance in y's dtype: float32's 0.001 is 0.0010000000475, just the difference (NumPy: True)
    CHECK(close(of({0}, nc::uint64), of({0.001}, nc::float32), 0, 0.001) == std::vector<bool>{true});
    CHECK(close(of({0}, nc::float64), of({0.001}, nc::float32), 0, 0.001) == std::vector<bool>{true});
    CHECK(close(of({0}, nc::float32), of({0.001}, nc::float64), 0, 0.001) == std::vector<bool>{true});
    CHECK(close(of({0}, nc::float64), of({0.0011}, nc::float32), 0, 0.001) == std::vector<bool>{false});
    // float16: |0.65185546875 + 578| rounds to 578.5, the tolerance 0.5 + 578 (NumPy: True; in float32,
    // false)
    CHECK(close(of({0.65185546875, -0.55419921875}, nc::float16), of({-578, 2342}, nc::float16), 1, 0.5) ==
          std::vector<bool>{true, true});
    // bfloat16: |-2.5 - 1240| rounds to 1240, the tolerance 0.001 + 1240 to 1240 (True)
    CHECK(close(of({-2.5}, nc::bfloat16), of({1240}, nc::bfloat16), 1, 0.001) == std::vector<bool>{true});
    // an infinite tolerance: an infinite x is close to a finite y, never to an infinite one it is not equal
    // to
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(close(of({inf, inf, 1, -inf}, nc::float64), of({1, inf, inf, inf}, nc::float64), 1e-5, inf) ==
          std::vector<bool>{true, true, false, false});
    // a number beyond float32's range beside float32 values: its tolerance rounds to inf with it (all True)
    CHECK(close(of({1e38, -3e38, inf}, nc::float32), 1e300, 1e-5, 1e-8) ==
          std::vector<bool>{true, true, true});
    // NumPy's |z| of a complex array: 3.3541021 for |-(3 + 1.5j)|, an ulp above float32's nearest to
    // Python's abs(3 + 1.5j), the tolerance (False)
    CHECK(close(of({0}, nc::float32), std::complex<double>(3, 1.5), 1, 0) == std::vector<bool>{false});
    const nc::ndarray z = nc::array(std::vector<std::complex<float>>{{3, 1.5}}, std::nullopt, dev);
    CHECK(nc::absolute(z).to_vector<float>() == std::vector<float>{0x1.ad5338p+1f});
    // |y| of a complex64 y in float32 beside a complex128 or uint64 x: that ulp above now makes the
    // tolerance (True)
    CHECK(close(of({0}, nc::complex128), z, 1, 0) == std::vector<bool>{true});
    CHECK(close(of({0}, nc::uint64), z, 1, 0) == std::vector<bool>{true});
  }

  NUMCU_TEST_ON_DEVICES("real, imag and angle", complex_parts) {
    auto z = nc::array(std::vector<std::complex<double>>{{1, 2}, {-3, 0.5}}, std::nullopt, dev);
    auto re = nc::real(z);
    CHECK(re.dtype() == nc::float64);
    CHECK(re.shares_memory_with(z));
    CHECK(re.to_vector<double>() == std::vector<double>{1, -3});
    CHECK(nc::imag(z).to_vector<double>() == std::vector<double>{2, 0.5});
    nc::imag(z) = 0.0;  // writes through, like z.imag[...] = 0
    CHECK(z.to_vector<std::complex<double>>() == std::vector<std::complex<double>>{{1, 0}, {-3, 0}});
    CHECK(nc::angle(z).to_vector<double>() == std::vector<double>{0.0, std::atan2(0.0, -3.0)});
    CHECK(nc::angle(nc::array(std::vector<double>{-1.0}, std::nullopt, dev), true).to_vector<double>() ==
          std::vector<double>{180.0});
  }
}

NUMCU_TEST_ON_DEVICES("complex products are NumPy's to the last bit: multiply, square, power by 2 and 3",
                      complex_products_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("complex_products.txt")) {
    const auto parts = numcu_test::split(line, '|');
    const auto head = numcu_test::words(parts[0]);
    CAPTURE(line.substr(0, 80));
    ++lines;
    const nc::dtype t(head[0]);
    const auto a_text = numcu_test::words(parts[1]);
    const nc::ndarray a = array_from_text(a_text, t, {std::int64_t(a_text.size())}, dev);
    nc::ndarray r;
    if (head[1] == "multiply") {
      const auto b_text = numcu_test::words(parts[2]);
      r = nc::multiply(a, array_from_text(b_text, t, {std::int64_t(b_text.size())}, dev));
    } else if (head[1] == "square") {
      r = nc::square(a);
    } else {
      r = nc::power(a, head[1] == "power2" ? 2 : 3);
    }
    numcu_test::check_elements(r, numcu_test::words(parts[3]), t);
  }
  CHECK(lines == 8);
}
