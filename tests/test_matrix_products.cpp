// Matrix products (numcu/linalg.hpp) against NumPy (tests/data/matrix_products.txt, written by
// generate_matrix_products.py): matmul, dot, inner, tensordot, linalg.matrix_power, linalg.multi_dot and
// einsum over every dtype, mixed dtypes, transposed views, 1-D, broadcast, empty and 1x1 operands, exactly;
// the floating products against a long-double reference within the bound of their rounding; out=; the errors
// with NumPy's messages and the operands unchanged; and the plan (internal, host-only) that hands operands to
// BLAS in place.
#include <cmath>
#include <complex>
#include <random>

#include "core/gemm_plan.hpp"
#include "test_support.hpp"

using numcu_test::check_elements;
using numcu_test::golden_lines;
using numcu_test::message_of;
using numcu_test::parse_shape;
using numcu_test::split;
using numcu_test::words;

namespace {

/// tensordot's axes as a golden line writes them: "2", or "0,2;2,0".
nc::tensordot_axes axes_of(const std::string& text) {
  if (text.find(';') == std::string::npos) return std::stoll(text);
  const auto halves = split(text, ';');
  return {numcu_test::comma_ints(halves[0]), numcu_test::comma_ints(halves[1])};
}

/// The values of @p a on the host as complex<long double>, C order.
std::vector<std::complex<long double>> wide_values(const nc::ndarray& a) {
  const auto v = nc::asnumpy(a.astype(nc::complex128)).to_vector<std::complex<double>>();
  return {v.begin(), v.end()};
}

/// An array of dtype t on dev of @p shape, values drawn in [-1, 1) (both parts where complex).
nc::ndarray random_array(const nc::shape_t& shape, nc::dtype t, nc::device dev, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<std::complex<double>> v(static_cast<std::size_t>(shape.product()));
  for (auto& x : v) x = {u(rng), t.is_complex() ? u(rng) : 0.0};
  const nc::ndarray z = nc::array(v, std::nullopt, dev).reshape(shape);
  return t.is_complex() ? z.astype(t) : nc::real(z).astype(t);
}

/// Half the distance from 1 to the next value of dtype t (its unit roundoff).
double unit_roundoff(nc::dtype t) {
  if (t == nc::float16) return std::ldexp(1.0, -11);
  if (t == nc::bfloat16) return std::ldexp(1.0, -8);
  if (t == nc::float32 || t == nc::complex64) return std::ldexp(1.0, -24);
  return std::ldexp(1.0, -53);
}

/// Checks c = a @ b (C-contiguous (batch, m, n), operands broadcast to (batch, m, k) and (batch, k, n))
/// against sums in long double: each element within (k + 4) u_acc sum |a||b| + u_out |exact|, u_acc the unit
/// roundoff of the accumulation (float32 for float16 and bfloat16) and u_out that of the result's dtype.
void check_against_long_double(const nc::ndarray& a, const nc::ndarray& b, const nc::ndarray& c,
                               double u_acc) {
  const int nd = c.ndim();
  const std::int64_t m = c.shape()[nd - 2], n = c.shape()[nd - 1], k = a.shape()[a.ndim() - 1];
  const auto av = wide_values(nc::broadcast_to(a, [&] {
    nc::shape_t s = c.shape();
    s[nd - 1] = k;
    return s;
  }()));
  const auto bv = wide_values(nc::broadcast_to(b, [&] {
    nc::shape_t s = c.shape();
    s[nd - 2] = k;
    return s;
  }()));
  const auto cv = wide_values(c);
  const double u_out = unit_roundoff(c.dtype());
  const std::int64_t batch = c.size() / (m * n);
  int bad = 0;
  for (std::int64_t p = 0; p < batch; ++p) {
    for (std::int64_t i = 0; i < m; ++i) {
      for (std::int64_t j = 0; j < n; ++j) {
        std::complex<long double> exact = 0;
        long double magnitude = 0;
        for (std::int64_t q = 0; q < k; ++q) {
          const auto x = av[(p * m + i) * k + q], y = bv[(p * k + q) * n + j];
          exact += x * y;
          magnitude += std::abs(x) * std::abs(y);
        }
        const long double bound = (k + 4) * u_acc * magnitude + u_out * std::abs(exact);
        const long double error = std::abs(cv[(p * m + i) * n + j] - exact);
        if (!(error <= bound) && bad++ < 5) {
          CAPTURE(p);
          CAPTURE(i);
          CAPTURE(j);
          CHECK(static_cast<double>(error) <= static_cast<double>(bound));
        }
      }
    }
  }
  CHECK(bad == 0);
}

}  // namespace

NUMCU_TEST_ON_DEVICES("matmul, dot, inner, tensordot, matrix_power, multi_dot agree with NumPy exactly",
                      matrix_products_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("matrix_products.txt")) {
    CAPTURE(line.substr(0, 160));
    const numcu_test::golden_call call(line, dev);
    const std::vector<nc::ndarray>& x = call.operands;
    nc::ndarray r;
    if (call.func == "matmul") {
      r = nc::matmul(x[0], x[1]);
      CHECK(nc::array_equal(nc::linalg::matmul(x[0], x[1]), r));
    } else if (call.func == "dot") {
      r = nc::dot(x[0], x[1]);
    } else if (call.func == "inner") {
      r = nc::inner(x[0], x[1]);
    } else if (call.func == "tensordot") {
      r = nc::tensordot(x[0], x[1], axes_of(call.arg));
      CHECK(nc::array_equal(nc::linalg::tensordot(x[0], x[1], axes_of(call.arg)), r));
    } else if (call.func == "einsum") {
      r = nc::einsum(call.arg, x);
      CHECK(nc::array_equal(nc::einsum(call.arg, x, true), r));
    } else if (call.func == "matrix_power") {
      r = nc::linalg::matrix_power(x[0], std::stoll(call.arg));
    } else {
      r = nc::linalg::multi_dot(x);
    }
    const auto result = words(call.result(0));
    CHECK(r.device() == dev);
    CHECK(r.shape() == parse_shape(result[1]));
    check_elements(r, words(call.result(1)), nc::dtype(result[0]));
    call.check_unchanged();
    ++lines;
  }
  CHECK(lines > 600);
}

NUMCU_TEST_ON_DEVICES("floating matmul within its rounding bound of a long-double reference: every layout",
                      matmul_accuracy) {
  std::mt19937_64 rng(20261204);
  for (const nc::dtype t :
       {nc::float16, nc::bfloat16, nc::float32, nc::float64, nc::complex64, nc::complex128}) {
    CAPTURE(t);
    const double u_acc =
        t == nc::float64 || t == nc::complex128 ? unit_roundoff(t) : unit_roundoff(nc::float32);
    // contiguous, with a batch of three against one matrix
    const nc::ndarray a = random_array({3, 45, 70}, t, dev, rng), b = random_array({70, 33}, t, dev, rng);
    const nc::ndarray c = nc::matmul(a, b);
    CHECK(c.dtype() == t);
    CHECK(c.shape() == nc::shape_t{3, 45, 33});
    check_against_long_double(a, b, c, u_acc);
    // a transposed (read in place), b every other column (copied for BLAS)
    const nc::ndarray at = random_array({70, 45}, t, dev, rng).T();
    const nc::ndarray wide = random_array({70, 66}, t, dev, rng);
    const nc::ndarray bs = wide(nc::all, nc::slice(0, nc::none, 2));
    check_against_long_double(at, bs, nc::matmul(at, bs), u_acc);
    // leading axes that broadcast (2, 1) against (3,): an outer loop of strided batches
    const nc::ndarray a4 = random_array({4, 45, 70}, t, dev, rng)(nc::slice(0, nc::none, 2), nc::newaxis);
    const nc::ndarray b3 = random_array({3, 70, 33}, t, dev, rng);
    const nc::ndarray c4 = nc::matmul(a4, b3);
    CHECK(c4.shape() == nc::shape_t{2, 3, 45, 33});
    check_against_long_double(nc::broadcast_to(a4, {2, 3, 45, 70}), b3, c4, u_acc);
    // a row times a matrix, and a long inner extent
    const nc::ndarray row = random_array({500}, t, dev, rng), tall = random_array({500, 7}, t, dev, rng);
    check_against_long_double(row.reshape({1, 500}), tall, nc::matmul(row, tall).reshape({1, 7}), u_acc);
  }
}

NUMCU_TEST_ON_DEVICES("matmul's out: cast under same_kind, leading axes that broadcast the operands, views",
                      matmul_out) {
  const nc::ndarray a = nc::arange(6, nc::int64, dev).reshape({2, 3});
  const nc::ndarray b = nc::arange(12, nc::int64, dev).reshape({3, 4});
  // [[20, 23, 26, 29], [56, 68, 80, 92]], into float32 and repeated over out's leading axis
  nc::ndarray out = nc::zeros({3, 2, 4}, nc::float32, dev);
  const nc::ndarray r = nc::matmul(a, b, out);
  CHECK(r.data_ptr() == out.data_ptr());
  const std::vector<float> want = {20, 23, 26, 29, 56, 68, 80, 92};
  std::vector<float> thrice;
  for (int i = 0; i < 3; ++i) thrice.insert(thrice.end(), want.begin(), want.end());
  CHECK(nc::asnumpy(out).to_vector<float>() == thrice);
  // a transposed out
  nc::ndarray outt = nc::zeros({4, 2}, nc::int64, dev);
  nc::matmul(a, b, outt.T());
  CHECK(nc::asnumpy(outt).to_vector<std::int64_t>() ==
        std::vector<std::int64_t>{20, 56, 23, 68, 26, 80, 29, 92});
  // an out of the result's dtype and shape takes the products directly; one that is an operand, after them
  nc::ndarray same = nc::zeros({2, 4}, nc::int64, dev);
  CHECK(nc::matmul(a, b, same).data_ptr() == same.data_ptr());
  CHECK(nc::asnumpy(same).to_vector<std::int64_t>() ==
        std::vector<std::int64_t>{20, 23, 26, 29, 56, 68, 80, 92});
  const nc::ndarray sq = nc::arange(4, nc::int64, dev).reshape({2, 2});  // [[0, 1], [2, 3]] @ itself
  nc::matmul(sq, sq, sq);
  CHECK(nc::asnumpy(sq).to_vector<std::int64_t>() == std::vector<std::int64_t>{2, 3, 6, 11});
  // dot's out must be C-contiguous of the result's dtype
  nc::ndarray dout = nc::zeros({2, 4}, nc::int64, dev);
  CHECK(nc::dot(a, b, dout).data_ptr() == dout.data_ptr());
  CHECK(nc::asnumpy(dout).to_vector<std::int64_t>() ==
        std::vector<std::int64_t>{20, 23, 26, 29, 56, 68, 80, 92});
  // (written in place, also where out is an operand, a vector or 0-d)
  const nc::ndarray sq2 = nc::arange(4, nc::int64, dev).reshape({2, 2});
  CHECK(nc::dot(sq2, sq2, sq2).data_ptr() == sq2.data_ptr());
  CHECK(nc::asnumpy(sq2).to_vector<std::int64_t>() == std::vector<std::int64_t>{2, 3, 6, 11});
  const nc::ndarray row = nc::arange(2, nc::float64, dev) + 1.0;  // [1, 2] . [[1, 2], [3, 4]] = [7, 10]
  const nc::ndarray vout = nc::zeros({2}, nc::float64, dev);
  nc::dot(row, nc::arange(4, nc::float64, dev).reshape({2, 2}) + 1.0, vout);
  CHECK(nc::asnumpy(vout).to_vector<double>() == std::vector<double>{7, 10});
  const nc::ndarray sout = nc::zeros({}, nc::float64, dev);
  nc::dot(row, row, sout);  // 1 + 4
  CHECK(nc::asnumpy(sout).item<double>() == 5.0);
  // the switch for TF32 is off unless set
  CHECK_FALSE(nc::matmul_allow_tf32());
}

NUMCU_TEST_ON_DEVICES("matrix products raise NumPy's errors and leave the operands unchanged",
                      matmul_errors) {
  const nc::ndarray a = nc::ones({2, 3}, nc::float64, dev), b = nc::ones({4, 5}, nc::float64, dev);
  const nc::ndarray s = nc::full({}, 1.0, nc::float64, dev);
  nc::ndarray out = nc::full({2, 5}, 7.0, nc::float64, dev);
  const auto out_before = numcu_test::host_bytes(out);
  CHECK(message_of([&] { (void)nc::matmul(s, a); }) ==
        "matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core with signature "
        "(n?,k),(k,m?)->(n?,m?) requires 1)");
  CHECK(message_of([&] { (void)nc::matmul(a, s); }) ==
        "matmul: Input operand 1 does not have enough dimensions (has 0, gufunc core with signature "
        "(n?,k),(k,m?)->(n?,m?) requires 1)");
  CHECK(message_of([&] { (void)nc::matmul(a, b); }) ==
        "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
        "(n?,k),(k,m?)->(n?,m?) (size 4 is different from 3)");
  CHECK(message_of([&] {
          (void)nc::matmul(nc::ones({2, 2, 3}, nc::float64, dev), nc::ones({3, 3, 4}, nc::float64, dev));
        }) ==
        "operands could not be broadcast together with remapped shapes [original->remapped]: "
        "(2,2,3)->(2,newaxis,newaxis) (3,3,4)->(3,newaxis,newaxis)  and requested shape (2,4)");
  const nc::ndarray b34 = nc::ones({3, 4}, nc::float64, dev);
  CHECK(message_of([&] { (void)nc::matmul(a, b34, out); }) ==
        "matmul: Output operand 0 has a mismatch in its core dimension 1, with gufunc signature "
        "(n?,k),(k,m?)->(n?,m?) (size 5 is different from 4)");
  CHECK(message_of([&] {
          (void)nc::matmul(nc::ones({6, 2, 3}, nc::float64, dev), b34, nc::ones({5, 2, 4}, nc::float64, dev));
        }) ==
        "operands could not be broadcast together with remapped shapes [original->remapped]: "
        "(6,2,3)->(6,newaxis,newaxis) (3,4)->() (5,2,4)->(5,2,4)  and requested shape (2,4)");
  CHECK(message_of([&] {
          (void)nc::matmul(nc::ones({6, 2, 3}, nc::float64, dev), b34, nc::ones({2, 4}, nc::float64, dev));
        }) ==
        "output operand requires a reduction along dimension -1, but the reduction is not enabled. The "
        "dimension "
        "size of 1 does not match the expected output shape.");
  CHECK(message_of([&] {
          (void)nc::matmul(a, b34, nc::ones({2, 4}, nc::int64, dev));
        }) ==
        "Cannot cast ufunc 'matmul' output from dtype('float64') to dtype('int64') with casting rule "
        "'same_kind'");
  CHECK(message_of([&] { (void)nc::dot(a, b); }) ==
        "shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)");
  CHECK(message_of([&] {
          (void)nc::dot(nc::ones({2, 3, 4}, nc::float64, dev), nc::ones({5, 6}, nc::float64, dev));
        }) == "shapes (2,3,4) and (5,6) not aligned: 4 (dim 2) != 5 (dim 0)");
  CHECK(message_of([&] {
          (void)nc::dot(a, b34, nc::ones({2, 4}, nc::float32, dev));
        }) ==
        "output array is not acceptable (must have the right datatype, number of dimensions, and be a "
        "C-Array)");
  CHECK(message_of([&] {
          (void)nc::dot(a, b34, nc::ones({4, 2}, nc::float64, dev).T());
        }) ==
        "output array is not acceptable (must have the right datatype, number of dimensions, and be a "
        "C-Array)");
  CHECK(message_of([&] { (void)nc::dot(a, b34, out); }) == "output array has wrong dimensions");
  CHECK(message_of([&] { (void)nc::inner(a, b); }) ==
        "shapes (2,3) and (5,4) not aligned: 3 (dim 1) != 5 (dim 0)");
  CHECK(message_of([&] {
          (void)nc::inner(a, nc::ones({4, 5, 6}, nc::float64, dev));
        }) == "shapes (2,3) and (4,6,5) not aligned: 3 (dim 1) != 6 (dim 1)");
  CHECK(message_of([&] { (void)nc::tensordot(a, b); }) == "shape-mismatch for sum");
  CHECK(message_of([&] {
          (void)nc::tensordot(a, b, nc::tensordot_axes({0, 1}, {1}));
        }) == "shape-mismatch for sum");
  CHECK(message_of([&] {
          (void)nc::tensordot(a, nc::ones({3, 2}, nc::float64, dev), nc::tensordot_axes({1, 1}, {0, 0}));
        }) == "duplicate axes are not allowed in tensordot");
  CHECK(message_of([&] {
          (void)nc::tensordot(a, nc::ones({3, 2}, nc::float64, dev), 3);
        }) == "tuple index out of range");
  // axes=-1 sums over none: NumPy's outer product
  CHECK(nc::tensordot(a, nc::ones({3, 2}, nc::float64, dev), -1).shape() == nc::shape_t{2, 3, 3, 2});
  CHECK(message_of([&] { (void)nc::linalg::matrix_power(nc::ones({3}, nc::float64, dev), 2); }) ==
        "1-dimensional array given. Array must be at least two-dimensional");
  CHECK(message_of([&] { (void)nc::linalg::matrix_power(a, 2); }) ==
        "Last 2 dimensions of the array must be square");
  CHECK_THROWS_AS((void)nc::linalg::matrix_power(a, 2), nc::linalg_error);
  CHECK(message_of([&] { (void)nc::linalg::multi_dot({a}); }) == "Expecting at least two arrays.");
  CHECK(message_of([&] {
          (void)nc::linalg::multi_dot({a, b});
        }) == "shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)");
  CHECK(message_of([&] {
          (void)nc::linalg::multi_dot({a, b34, nc::ones({4, 2, 2}, nc::float64, dev)});
        }) == "3-dimensional array given. Array must be two-dimensional");
  // einsum's: NumPy's messages (its "fewer" and "more" as NumPy words them)
  const std::vector<nc::ndarray> two = {a, b34};
  CHECK(message_of([&] { (void)nc::einsum("ij", two); }) ==
        "fewer operands provided to einstein sum function than specified in the subscripts string");
  CHECK(message_of([&] { (void)nc::einsum("ij,jk->ik", {a}); }) ==
        "more operands provided to einstein sum function than specified in the subscripts string");
  CHECK(message_of([&] { (void)nc::einsum("ijk,jk->ik", two); }) ==
        "einstein sum subscripts string contains too many subscripts for operand 0");
  CHECK(message_of([&] { (void)nc::einsum("ij,kk->ik", two); }) ==
        "dimensions in operand 1 for collapsing index 'k' don't match (3 != 4)");
  CHECK(message_of([&] { (void)nc::einsum("ij,jk->iz", two); }) ==
        "einstein sum subscripts string included output subscript 'z' which never appeared in an input");
  CHECK(message_of([&] { (void)nc::einsum("ij,jk->ii", two); }) ==
        "einstein sum subscripts string includes output subscript 'i' multiple times");
  CHECK(message_of([&] { (void)nc::einsum("i$,jk->ik", two); }) ==
        "invalid subscript '$' in einstein sum subscripts string, subscripts must be letters");
  CHECK(message_of([&] { (void)nc::einsum("i..j", {a}); }) ==
        "einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...') in operand 0");
  CHECK(message_of([&] { (void)nc::einsum("ij,ij->ij", two); }) ==
        "operands could not be broadcast together with remapped shapes [original->remapped]: (2,3)->(2,3) "
        "(3,4)->(3,4) ");
  CHECK(numcu_test::host_bytes(out) == out_before);
  CHECK(nc::all(nc::equal(a, 1.0)).item<bool>());
  CHECK(nc::all(nc::equal(b, 1.0)).item<bool>());
}

TEST_CASE("the matrix-product plan: BLAS reads row-major, column-major and degenerate matrices in place") {
  using numcu::detail::blas_layout;
  // a C-contiguous 3 x 4 matrix, its transpose, a row of a wider matrix's block, a column
  CHECK(blas_layout(3, 4, 4, 1)->row_major);
  CHECK(blas_layout(3, 4, 4, 1)->ld == 4);
  CHECK_FALSE(blas_layout(4, 3, 1, 4)->row_major);
  CHECK(blas_layout(4, 3, 1, 4)->ld == 4);
  CHECK(blas_layout(2, 4, 10, 1)->ld == 10);
  CHECK(blas_layout(1, 4, 0, 1)->ld == 4);          // one row: its stride is never followed
  CHECK(blas_layout(5, 1, 7, 0)->ld == 7);          // one column, read as rows 7 apart
  CHECK(blas_layout(5, 1, 0, 0) == std::nullopt);   // a broadcast column: rows that overlap
  CHECK(blas_layout(3, 4, 8, 2) == std::nullopt);   // every other column
  CHECK(blas_layout(3, 4, -4, 1) == std::nullopt);  // rows reversed
  CHECK(blas_layout(3, 4, 3, 1) == std::nullopt);   // rows overlapping
  using numcu::detail::batch_axis;
  using numcu::detail::fold_batch_axes;
  // (2, 3) contiguous batches fold into one axis of 6; a broadcast over the outer axis does not fold
  const auto folded = fold_batch_axes({{2, 36, 30, 18}, {3, 12, 10, 6}});
  REQUIRE(folded.size() == 1);
  CHECK(folded[0].extent == 6);
  CHECK(folded[0].a == 12);
  const auto kept = fold_batch_axes({{2, 0, 30, 18}, {1, 5, 5, 5}, {3, 12, 10, 6}});
  REQUIRE(kept.size() == 2);
  CHECK(kept[0].extent == 2);
  CHECK(kept[1].extent == 3);
  CHECK(fold_batch_axes({{1, 0, 0, 0}}).empty());
}

TEST_CASE("with TF32 allowed, float32 and complex64 products stay within TF32's rounding [cuda]" *
          doctest::skip(numcu_test::no_gpu())) {
  const nc::device dev = nc::cuda(0);
  std::mt19937_64 rng(7);
  nc::set_matmul_allow_tf32(true);
  CHECK(nc::matmul_allow_tf32());
  for (const nc::dtype t : {nc::float32, nc::complex64}) {
    CAPTURE(t);
    const nc::ndarray a = random_array({64, 96}, t, dev, rng), b = random_array({96, 48}, t, dev, rng);
    // TF32 keeps 10 bits of each input's mantissa: a unit roundoff of 2^-11 per product
    check_against_long_double(a, b, nc::matmul(a, b), std::ldexp(1.0, -10));
  }
  nc::set_matmul_allow_tf32(false);
  CHECK_FALSE(nc::matmul_allow_tf32());
}
