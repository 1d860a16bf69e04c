// Products of vectors and arrays (numcu/linalg.hpp) by hand, each value and message as NumPy 2.4 gives it:
// outer, linalg.outer, vdot, vecdot, kron, cross, linalg.cross over integers that wrap, bool, float16 (which
// accumulates in float32), complex and views, and the errors with the operands unchanged. The differential
// test draws them over every dtype pair, shape and view.
#include "test_support.hpp"

using numcu_test::message_of;

namespace {

nc::ndarray ints(std::vector<std::int64_t> v, nc::dtype t, nc::device dev) {
  return nc::array(v, std::nullopt, dev).astype(t);
}

std::vector<std::int64_t> values_of(const nc::ndarray& a) {
  return nc::asnumpy(a.astype(nc::int64, nc::casting::unsafe)).to_vector<std::int64_t>();
}

}  // namespace

NUMCU_TEST_ON_DEVICES("outer and kron: NumPy's shapes and dtypes, integer products wrapping", outer_kron) {
  // np.outer(int8 [100, 50], itself): int8 [[16, -120], [-120, -60]]
  const nc::ndarray i8 = ints({100, 50}, nc::int8, dev);
  const nc::ndarray o = nc::outer(i8, i8);
  CHECK(o.dtype() == nc::int8);
  CHECK(o.shape() == nc::shape_t{2, 2});
  CHECK(values_of(o) == std::vector<std::int64_t>{16, -120, -120, -60});
  // a 2-D operand is flattened, bool times int64 is int64
  const nc::ndarray m = ints({1, 2, 3, 4}, nc::int64, dev).reshape({2, 2});
  const nc::ndarray tf = nc::array(std::vector<bool>{true, false}, std::nullopt, dev);
  CHECK(nc::outer(m, tf).shape() == nc::shape_t{4, 2});
  CHECK(values_of(nc::outer(m, tf)) == std::vector<std::int64_t>{1, 0, 2, 0, 3, 0, 4, 0});
  CHECK(nc::outer(nc::full({}, 2.0, nc::float64, dev), nc::full({}, 3.0, nc::float64, dev)).shape() ==
        nc::shape_t{1, 1});
  // into out=, through a transposed view
  nc::ndarray out = nc::zeros({2, 2}, nc::int64, dev);
  nc::outer(m(nc::all, 0), ints({1, 10}, nc::int64, dev), out.T());
  CHECK(values_of(out) == std::vector<std::int64_t>{1, 3, 10, 30});
  CHECK(message_of([&] { (void)nc::linalg::outer(m, tf); }) ==
        "Input arrays must be one-dimensional, but they are x1.ndim=2 and x2.ndim=1.");
  CHECK(values_of(nc::linalg::outer(tf, tf)) == std::vector<std::int64_t>{1, 0, 0, 0});
  // np.kron([[1, 2], [3, 4]], [1, 10]) is [[1, 10, 2, 20], [3, 30, 4, 40]]; kron(3, [1, 10]) is [3, 30]
  const nc::ndarray k = nc::kron(m, ints({1, 10}, nc::int64, dev));
  CHECK(k.shape() == nc::shape_t{2, 4});
  CHECK(values_of(k) == std::vector<std::int64_t>{1, 10, 2, 20, 3, 30, 4, 40});
  CHECK(values_of(nc::kron(nc::full({}, std::int64_t{3}, nc::int64, dev), ints({1, 10}, nc::int64, dev))) ==
        std::vector<std::int64_t>{3, 30});
  const nc::ndarray kh = nc::kron(nc::ones({2, 2}, nc::int8, dev), nc::ones({3}, nc::float16, dev));
  CHECK(kh.dtype() == nc::float16);
  CHECK(kh.shape() == nc::shape_t{2, 6});
  CHECK(nc::kron(nc::zeros({0, 2}, nc::float64, dev), nc::ones({3}, nc::float64, dev)).shape() ==
        nc::shape_t{0, 6});
}

NUMCU_TEST_ON_DEVICES("vdot and vecdot: conjugation, wrapping, bool, float16 in float32, broadcasting",
                      dots) {
  const auto cplx = [&](std::vector<std::complex<double>> v) { return nc::array(v, std::nullopt, dev); };
  // np.vdot([1+2j, 3j], [1j, 2]) = (1-2j)(1j) + (-3j)(2) = 2-5j
  const nc::ndarray z = nc::vdot(cplx({{1, 2}, {0, 3}}), cplx({{0, 1}, {2, 0}}));
  CHECK(z.ndim() == 0);
  CHECK(nc::asnumpy(z).item<std::complex<double>>() == std::complex<double>(2, -5));
  // int8 [100, 100] . [2, 2] = 400, which wraps to -112; bool is the or of ands
  const nc::ndarray w = nc::vdot(ints({100, 100}, nc::int8, dev), ints({2, 2}, nc::int8, dev));
  CHECK(w.dtype() == nc::int8);
  CHECK(values_of(w) == std::vector<std::int64_t>{-112});
  const nc::ndarray b = nc::vdot(nc::array(std::vector<bool>{true, false}, std::nullopt, dev),
                                 nc::array(std::vector<bool>{true, true}, std::nullopt, dev));
  CHECK(b.dtype() == nc::bool_);
  CHECK(nc::asnumpy(b).item<bool>());
  // float16 [2048, 1, 1] . [1, 1, 1]: 2050 summed in float32 (float16 steps would stay at 2048)
  const nc::ndarray h =
      nc::vdot(nc::array(std::vector<double>{2048, 1, 1}, std::nullopt, dev).astype(nc::float16),
               nc::ones({3}, nc::float16, dev));
  CHECK(h.dtype() == nc::float16);
  CHECK(h.astype(nc::float64).item<double>() == 2050.0);
  // a (2, 3) array against 6 elements: flattened
  CHECK(nc::vdot(nc::ones({2, 3}, nc::float64, dev), nc::ones({6}, nc::float64, dev)).item<double>() == 6.0);
  // vecdot: int8 with uint8 is int16; the other axes broadcast; axis= picks the vectors
  const nc::ndarray v = nc::vecdot(nc::ones({3}, nc::int8, dev), nc::ones({3}, nc::uint8, dev));
  CHECK(v.dtype() == nc::int16);
  CHECK(values_of(v) == std::vector<std::int64_t>{3});
  const nc::ndarray bc =
      nc::vecdot(nc::ones({2, 3}, nc::float64, dev), nc::ones({4, 1, 3}, nc::float64, dev));
  CHECK(bc.shape() == nc::shape_t{4, 2});
  CHECK(nc::all_true(nc::equal(bc, 3.0)));
  const nc::ndarray a0 =
      nc::linalg::vecdot(nc::ones({2, 3}, nc::float64, dev), nc::ones({2, 3}, nc::float64, dev), 0);
  CHECK(a0.shape() == nc::shape_t{3});
  CHECK(nc::all_true(nc::equal(a0, 2.0)));
  // vecdot([1+1j], [1j]) = (1-1j)(1j) = 1+1j
  CHECK(nc::asnumpy(nc::vecdot(cplx({{1, 1}}), cplx({{0, 1}}))).to_vector<std::complex<double>>() ==
        std::vector<std::complex<double>>{{1, 1}});
}

NUMCU_TEST_ON_DEVICES("vdot and vecdot errors: NumPy's messages", dot_errors) {
  const nc::ndarray s = nc::full({}, 1.0, nc::float64, dev), v3 = nc::ones({3}, nc::float64, dev);
  CHECK(message_of([&] {
          (void)nc::vdot(nc::ones({2, 3}, nc::float64, dev), nc::ones({5}, nc::float64, dev));
        }) == "cannot reshape array of size 5 into shape (6,)");
  CHECK(message_of([&] { (void)nc::vecdot(v3, s); }) ==
        "vecdot: Input operand 1 does not have enough dimensions (has 0, gufunc core with signature "
        "(n),(n)->() "
        "requires 1)");
  CHECK(message_of([&] { (void)nc::vecdot(s, v3, 5); }) ==
        "vecdot: Input operand 0 does not have enough dimensions (has 0, gufunc core with signature "
        "(n),(n)->() "
        "requires 1)");
  CHECK_THROWS_WITH_AS((void)nc::vecdot(v3, nc::ones({2, 3}, nc::float64, dev), 1),
                       "axis 1 is out of bounds for array of dimension 1", nc::index_error);
  CHECK(message_of([&] {
          (void)nc::vecdot(nc::ones({2, 3}, nc::float64, dev), nc::ones({2, 4}, nc::float64, dev));
        }) ==
        "vecdot: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n),(n)->() "
        "(size "
        "4 is different from 3)");
  CHECK(message_of([&] {
          (void)nc::vecdot(nc::ones({2, 3}, nc::float64, dev), nc::ones({4, 3}, nc::float64, dev));
        }) ==
        "operands could not be broadcast together with remapped shapes [original->remapped]: (2,3)->(2,) "
        "(4,3)->(4,)  and requested shape ()");
  // other axes of different counts: no trailing comma, as NumPy's iterator prints them
  CHECK(message_of([&] {
          (void)nc::vecdot(nc::ones({2, 5, 3}, nc::float64, dev), nc::ones({4, 3}, nc::float64, dev));
        }) ==
        "operands could not be broadcast together with remapped shapes [original->remapped]: (2,5,3)->(2,5) "
        "(4,3)->(4)  and requested shape ()");
}

NUMCU_TEST_ON_DEVICES("cross: 3- and 2-component vectors, axes, broadcasting, wrapping", cross) {
  const nc::ndarray a = ints({1, 2, 3}, nc::int64, dev), b = ints({4, 5, 6}, nc::int64, dev);
  // np.cross([1, 2, 3], [4, 5, 6]) = [-3, 6, -3]; with [1, 2] first: [12, -6, -3]; [1, 2] x [4, 5] = -3
  CHECK(values_of(nc::cross(a, b)) == std::vector<std::int64_t>{-3, 6, -3});
  CHECK(values_of(nc::cross(ints({1, 2}, nc::int64, dev), b)) == std::vector<std::int64_t>{12, -6, -3});
  CHECK(values_of(nc::cross(b, ints({1, 2}, nc::int64, dev))) == std::vector<std::int64_t>{-12, 6, 3});
  const nc::ndarray z = nc::cross(ints({1, 2}, nc::int64, dev), ints({4, 5}, nc::int64, dev));
  CHECK(z.ndim() == 0);
  CHECK(values_of(z) == std::vector<std::int64_t>{-3});
  // uint8 wraps: [253, 6, 253]
  const nc::ndarray u = nc::cross(a.astype(nc::uint8), b.astype(nc::uint8));
  CHECK(u.dtype() == nc::uint8);
  CHECK(values_of(u) == std::vector<std::int64_t>{253, 6, 253});
  // vectors along axis 0 of b, the result's along axis 0: np.cross(A, B.T, axisa=1, axisb=0, axisc=0)
  const nc::ndarray A = ints({1, 2, 3, 4, 5, 6}, nc::int64, dev).reshape({2, 3});
  const nc::ndarray B = ints({4, 5, 6, 1, 0, 0}, nc::int64, dev).reshape({2, 3});
  const nc::ndarray c = nc::cross(A, B.T(), {.axisa = 1, .axisb = 0, .axisc = 0});
  CHECK(c.shape() == nc::shape_t{3, 2});
  // A's rows against B's (B.T's columns): cross([1, 2, 3], [4, 5, 6]) and cross([4, 5, 6], [1, 0, 0]) = [0,
  // 6, -5], stacked along axis 0
  CHECK(values_of(c) == std::vector<std::int64_t>{-3, 0, 6, 6, -3, -5});
  CHECK(values_of(nc::linalg::cross(A, B)) == std::vector<std::int64_t>{-3, 6, -3, 0, 6, -5});
  // broadcasting: (2, 3) against (3,)
  CHECK(values_of(nc::cross(A, a)) == std::vector<std::int64_t>{0, 0, 0, 3, -6, 3});
}

NUMCU_TEST_ON_DEVICES("cross errors: NumPy's messages and order, operands unchanged", cross_errors) {
  const nc::ndarray v3 = nc::ones({3}, nc::float64, dev);
  const auto before = numcu_test::host_bytes(v3);
  CHECK(message_of([&] { (void)nc::cross(nc::full({}, 1.0, nc::float64, dev), v3); }) ==
        "At least one array has zero dimension");
  CHECK_THROWS_WITH_AS((void)nc::cross(v3, v3, {.axisa = 2}),
                       "axisa: axis 2 is out of bounds for array of dimension 1", nc::index_error);
  CHECK_THROWS_WITH_AS((void)nc::cross(v3, v3, {.axisb = -2}),
                       "axisb: axis -2 is out of bounds for array of dimension 1", nc::index_error);
  CHECK_THROWS_WITH_AS((void)nc::cross(v3, v3, {.axisc = 1}),
                       "axisc: axis 1 is out of bounds for array of dimension 1", nc::index_error);
  CHECK(message_of([&] { (void)nc::cross(nc::ones({4}, nc::float64, dev), v3); }) ==
        "incompatible dimensions for cross product\n(dimension must be 2 or 3)");
  CHECK(message_of([&] {
          (void)nc::cross(nc::ones({2, 3}, nc::float64, dev), nc::ones({4, 3}, nc::float64, dev));
        }) ==
        "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with "
        "shape (2,) "
        "and arg 1 with shape (4,).");
  const nc::ndarray t = nc::ones({3}, nc::bool_, dev);
  CHECK_THROWS_WITH_AS(
      (void)nc::cross(t, t),
      "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
      "operator, or the logical_xor function instead.",
      nc::dtype_error);
  CHECK_THROWS_WITH_AS(
      (void)nc::cross(nc::ones({2}, nc::bool_, dev), t),
      "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the "
      "logical_not function instead.",
      nc::dtype_error);
  CHECK(message_of([&] {
          (void)nc::linalg::cross(nc::ones({2}, nc::float64, dev), nc::ones({2}, nc::float64, dev));
        }) ==
        "Both input arrays must be (arrays of) 3-dimensional vectors, but they are 2 and 2 dimensional "
        "instead.");
  CHECK_THROWS_WITH_AS((void)nc::linalg::cross(v3, v3, 2), "tuple index out of range", nc::index_error);
  CHECK(numcu_test::host_bytes(v3) == before);
}

NUMCU_TEST_ON_DEVICES("linalg.vector_norm: every order, axes, keepdims, dtypes, NumPy's errors",
                      vector_norm) {
  const nc::ndarray x = ints({3, 4, 0, -12}, nc::int8, dev).reshape({2, 2});
  const auto value = [](const nc::ndarray& a) {
    return nc::asnumpy(a.astype(nc::float64)).to_vector<double>();
  };
  // np.linalg.vector_norm(int8 [[3, 4], [0, -12]]) is 13.0 in float64
  const nc::ndarray n2 = nc::linalg::vector_norm(x);
  CHECK(n2.dtype() == nc::float64);
  CHECK(n2.ndim() == 0);
  CHECK(value(n2) == std::vector<double>{13.0});
  CHECK(value(nc::linalg::vector_norm(x, 0)) == std::vector<double>{3.0, std::sqrt(160.0)});
  const nc::ndarray rows = nc::linalg::vector_norm(x, std::vector<std::int64_t>{1}, true);
  CHECK(rows.shape() == nc::shape_t{2, 1});
  CHECK(value(rows) == std::vector<double>{5.0, 12.0});
  CHECK(value(nc::linalg::vector_norm(x, nc::none, false, INFINITY)) == std::vector<double>{12.0});
  CHECK(value(nc::linalg::vector_norm(x, nc::none, false, -INFINITY)) == std::vector<double>{0.0});
  CHECK(value(nc::linalg::vector_norm(x, nc::none, false, 0.0)) == std::vector<double>{3.0});
  CHECK(value(nc::linalg::vector_norm(x, nc::none, false, 1.0)) == std::vector<double>{19.0});
  // (27 + 64 + 0 + 1728) ** (1/3)
  CHECK(value(nc::linalg::vector_norm(x, nc::none, false, 3.0))[0] ==
        doctest::Approx(std::cbrt(1819.0)).epsilon(1e-15));
  const nc::ndarray keep = nc::linalg::vector_norm(x, {0, 1}, true);
  CHECK(keep.shape() == nc::shape_t{1, 1});
  CHECK(value(keep) == std::vector<double>{13.0});
  // complex64 in float32, float16 stays float16, bool in float64, a 0-d array is its own norm
  const nc::ndarray c = nc::linalg::vector_norm(
      nc::array(std::vector<std::complex<double>>{{3, 4}}, std::nullopt, dev).astype(nc::complex64));
  CHECK(c.dtype() == nc::float32);
  CHECK(value(c) == std::vector<double>{5.0});
  const nc::ndarray h = nc::linalg::vector_norm(ints({3, 4}, nc::float16, dev), nc::none, true);
  CHECK(h.dtype() == nc::float16);
  CHECK(h.shape() == nc::shape_t{1});
  CHECK(value(h) == std::vector<double>{5.0});
  CHECK(value(nc::linalg::vector_norm(nc::ones({2}, nc::bool_, dev))) == std::vector<double>{std::sqrt(2.0)});
  CHECK(value(nc::linalg::vector_norm(nc::full({}, -5.0, nc::float64, dev))) == std::vector<double>{5.0});
  // an empty vector: 0 for inf (NumPy's initial=0), an error for -inf
  CHECK(value(nc::linalg::vector_norm(nc::ones({0}, nc::float64, dev), nc::none, false, INFINITY)) ==
        std::vector<double>{0.0});
  CHECK(message_of([&] {
          (void)nc::linalg::vector_norm(nc::ones({0}, nc::float64, dev), nc::none, false, -INFINITY);
        }) == "zero-size array to reduction operation minimum which has no identity");
  CHECK(message_of([&] { (void)nc::linalg::vector_norm(x, {1, 1}); }) == "repeated axis");
  // every axis is checked against the rank before any repetition, as NumPy's normalize_axis_tuple does
  CHECK_THROWS_WITH_AS((void)nc::linalg::vector_norm(x, {0, 0, 5}),
                       "axis 5 is out of bounds for array of dimension 2", nc::index_error);
  // another p: ord rounded to the sum's dtype, its reciprocal taken there (np.reciprocal(ord, dtype=...)):
  // float16 [1, 2, 3] with ord 0.3 is 72.8125 (1 / 0.3 rounded in float64 first would give 73.0)
  CHECK(value(nc::linalg::vector_norm(ints({1, 2, 3}, nc::float16, dev), nc::none, false, 0.3)) ==
        std::vector<double>{72.8125});
  CHECK_THROWS_WITH_AS((void)nc::linalg::vector_norm(x, {0, 5}),
                       "axis 5 is out of bounds for array of dimension 2", nc::index_error);
  CHECK_THROWS_WITH_AS((void)nc::linalg::vector_norm(nc::full({}, 5.0, nc::float64, dev), 0),
                       "axis 0 is out of bounds for array of dimension 0", nc::index_error);
}

NUMCU_TEST_ON_DEVICES("linalg.trace, linalg.diagonal and linalg.matrix_transpose: the last two axes",
                      last_two) {
  const nc::ndarray a = nc::arange(std::int64_t{0}, 8, 1, nc::int64, dev).reshape({2, 2, 2});
  // np.linalg.trace(np.arange(8).reshape(2, 2, 2)) is [3, 11]; diagonal(offset=-1) is [[2], [6]]
  const nc::ndarray t = nc::linalg::trace(a);
  CHECK(t.dtype() == nc::int64);
  CHECK(values_of(t) == std::vector<std::int64_t>{3, 11});
  const nc::ndarray d = nc::linalg::diagonal(a, -1);
  CHECK(d.shape() == nc::shape_t{2, 1});
  CHECK(values_of(d) == std::vector<std::int64_t>{2, 6});
  CHECK(d.shares_memory_with(a));
  const nc::ndarray t8 =
      nc::linalg::trace(nc::arange(std::int64_t{0}, 9, 1, nc::int8, dev).reshape({3, 3}), 1, nc::float32);
  CHECK(t8.dtype() == nc::float32);
  CHECK(values_of(t8) == std::vector<std::int64_t>{6});
  const nc::ndarray m =
      nc::linalg::matrix_transpose(nc::arange(std::int64_t{0}, 6, 1, nc::int64, dev).reshape({1, 2, 3}));
  CHECK(m.shape() == nc::shape_t{1, 3, 2});
  CHECK(values_of(m) == std::vector<std::int64_t>{0, 3, 1, 4, 2, 5});
  const nc::ndarray v = nc::ones({3}, nc::float64, dev);
  CHECK(message_of([&] { (void)nc::linalg::trace(v); }) ==
        "diag requires an array of at least two dimensions");
  CHECK(message_of([&] { (void)nc::linalg::diagonal(v); }) ==
        "diag requires an array of at least two dimensions");
  CHECK(message_of([&] { (void)nc::linalg::matrix_transpose(v); }) ==
        "Input array must be at least 2-dimensional, but it is 1");
}
