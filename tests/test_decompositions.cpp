// numpy.linalg's solvers and factorizations (numcu/linalg.hpp) against NumPy (tests/data/decompositions.txt,
// written by generate_decompositions.py): solve, inv, det, slogdet, cholesky, eigh and eigvalsh, svd and
// svdvals, qr over every dtype numpy.linalg takes, transposed, stacked, broadcast, 1 x 1, 0 x 0 and empty
// matrices (eigenvectors, singular vectors and Q by their identities: A V = V diag(w), A = U S Vh, A = Q R,
// with orthonormal columns), within a few units of the last place of the result dtype (the matrices are well
// conditioned); identities that hold whatever the algorithm (A X = B, A inv(A) = I, L L^H = A) on larger
// random matrices at tolerances from the dtype's epsilon and the matrix's size; singular and
// non-positive-definite matrices, and the other errors, with NumPy's messages and the operands unchanged. On
// the CPU these need LAPACK (reported as skipped in a build without one).
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <random>

#include "test_support.hpp"

using numcu_test::golden_lines;
using numcu_test::message_of;
using numcu_test::parse_shape;
using numcu_test::split;
using numcu_test::words;

namespace {

std::vector<std::complex<double>> values_of(const nc::ndarray& a) {
  return nc::asnumpy(a.astype(nc::complex128)).to_vector<std::complex<double>>();
}

/// The golden values (real or complex text) as complex doubles.
std::vector<std::complex<double>> expected_values(const std::vector<std::string>& texts, nc::dtype t) {
  return values_of(numcu_test::array_from_text(texts, t, {static_cast<std::int64_t>(texts.size())}, nc::cpu));
}

/// Relative tolerance of a result of dtype t computed in double and rounded to t: a few units of t's last
/// place (double's, scaled by the well-conditioned matrices' small growth, for float64).
double tolerance(nc::dtype t) {
  return t == nc::float32 || t == nc::complex64 ? 4e-7 : 1e-12;
}

void check_close(const nc::ndarray& got, const std::string& head, const std::string& values) {
  const auto w = words(head);
  const nc::dtype t(w[0]);
  CHECK(got.dtype() == t);
  CHECK(got.shape() == parse_shape(w[1]));
  const auto want = expected_values(words(values), t);
  const auto have = values_of(got);
  REQUIRE(have.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    CAPTURE(i);
    if (std::isinf(want[i].real())) {
      CHECK(have[i].real() == want[i].real());
      continue;
    }
    CHECK(std::abs(have[i] - want[i]) <= tolerance(t) * (1.0 + std::abs(want[i])));
  }
}

/// A random n × n matrix of dtype t on dev whose diagonal dominates (condition number about 1), stacked as
/// @p batch.
nc::ndarray dominant(nc::shape_t shape, nc::dtype t, nc::device dev, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  std::vector<std::complex<double>> v(static_cast<std::size_t>(shape.product()));
  const std::int64_t n = shape[shape.size() - 1];
  for (std::size_t i = 0; i < v.size(); ++i) {
    v[i] = {normal(rng), t.is_complex() ? normal(rng) : 0.0};
    const std::int64_t r = static_cast<std::int64_t>(i) / n % n, c = static_cast<std::int64_t>(i) % n;
    if (r == c) v[i] += 2.0 * static_cast<double>(n);
  }
  const nc::ndarray z = nc::array(v, std::nullopt, dev).reshape(shape);
  return t.is_complex() ? z.astype(t) : nc::real(z).astype(t);
}

/// max |x - y| over max(1, max |y|).
double relative_difference(const nc::ndarray& x, const nc::ndarray& y) {
  const auto a = values_of(x), b = values_of(y);
  double diff = 0, scale = 1;
  for (std::size_t i = 0; i < a.size(); ++i) {
    diff = std::max(diff, std::abs(a[i] - b[i]));
    scale = std::max(scale, std::abs(b[i]));
  }
  return diff / scale;
}

/// A norm order as a golden line writes it: "-" (none), "fro", "nuc" or a number ("inf", "-inf" too).
nc::linalg::norm_order order_of(const std::string& text) {
  if (text == "-") return {};
  if (text == "fro" || text == "nuc") return text.c_str();
  return std::stod(text);
}

/// The conjugate transpose of the matrices of @p x.
nc::ndarray adjoint(const nc::ndarray& x) {
  return nc::conjugate(nc::swapaxes(x, -1, -2));
}

/// The tolerance of an identity over matrices of extent @p n computed in float64 and rounded to dtype t.
double identity_tolerance(nc::dtype t, std::int64_t n) {
  return t == nc::float32 || t == nc::complex64 ? 2e-6 * static_cast<double>(n + 1)
                                                : 1e-13 * static_cast<double>(n + 1);
}

/// Checks that U has orthonormal columns: U^H U = I.
void check_orthonormal_columns(const nc::ndarray& u) {
  const std::int64_t k = u.shape()[u.ndim() - 1];
  const nc::ndarray gram = nc::matmul(adjoint(u), u);
  CHECK(relative_difference(
            gram, nc::broadcast_to(nc::eye(k, std::nullopt, 0, u.dtype(), u.device()), gram.shape())) <
        identity_tolerance(u.dtype(), u.shape()[u.ndim() - 2]));
}

/// The Hermitian matrices eigh sees in @p a: its @p uplo triangle mirrored (conjugated) into the other.
nc::ndarray hermitian_from(const nc::ndarray& a, char uplo, nc::dtype t) {
  const nc::ndarray x = a.astype(t);
  const nc::ndarray half = uplo == 'L' ? nc::tril(x, -1) : nc::triu(x, 1);
  const nc::ndarray diagonal = nc::subtract(x, nc::add(nc::tril(x, -1), nc::triu(x, 1)));
  return nc::add(nc::add(half, adjoint(half)), nc::real(diagonal).astype(t));
}

/// A V = V diag(w) and V^H V = I for eigh's result on @p a.
void check_eigenvectors(const nc::ndarray& a, char uplo, const nc::linalg::eigh_result& e) {
  const nc::ndarray& v = e.eigenvectors;
  if (v.size() == 0) return;
  const nc::ndarray h = hermitian_from(a, uplo, v.dtype());
  const nc::ndarray av = nc::matmul(h, v);
  const nc::ndarray vw = nc::multiply(v, nc::expand_dims(e.eigenvalues, -2));
  CHECK(relative_difference(av, vw) < identity_tolerance(v.dtype(), v.shape()[v.ndim() - 1]));
  check_orthonormal_columns(v);
}

/// @p w with each row (last axis) sorted by real, then imaginary part, as numpy.sort_complex: the order a
/// general eigensolver gives is its own.
nc::ndarray sorted_values(const nc::ndarray& w) {
  if (w.size() == 0) return w;
  const std::int64_t n = w.shape()[w.ndim() - 1];
  auto v = values_of(w);
  for (std::size_t start = 0; start < v.size(); start += static_cast<std::size_t>(n)) {
    std::sort(
        v.begin() + static_cast<std::ptrdiff_t>(start), v.begin() + static_cast<std::ptrdiff_t>(start) + n,
        [](auto x, auto y) { return x.real() < y.real() || (x.real() == y.real() && x.imag() < y.imag()); });
  }
  return nc::array(v, std::nullopt, w.device()).reshape(w.shape()).astype(w.dtype());
}

/// A V = V diag(w) with unit columns, for eig's result on @p a.
void check_general_eigenvectors(const nc::ndarray& a, const nc::linalg::eig_result& e) {
  const nc::ndarray& v = e.eigenvectors;
  CHECK(v.dtype() == e.eigenvalues.dtype());
  if (v.size() == 0) return;
  const nc::ndarray av = nc::matmul(a.astype(v.dtype()), v);
  const nc::ndarray vw = nc::multiply(v, nc::expand_dims(e.eigenvalues, -2));
  CHECK(relative_difference(av, vw) < identity_tolerance(v.dtype(), v.shape()[v.ndim() - 1]) * 100);
  const nc::ndarray lengths = nc::linalg::vector_norm(v, -2);
  CHECK(relative_difference(lengths, nc::ones_like(lengths)) <
        identity_tolerance(v.dtype(), v.shape()[v.ndim() - 1]));
}

/// U diag(S) Vh = a with orthonormal U and Vh^H, of the shapes of full or reduced matrices.
void check_svd(const nc::ndarray& a, const nc::linalg::svd_result& r, bool full) {
  const std::int64_t m = a.shape()[a.ndim() - 2], n = a.shape()[a.ndim() - 1], k = std::min(m, n);
  CHECK(r.U.shape()[r.U.ndim() - 1] == (full ? m : k));
  CHECK(r.Vh.shape()[r.Vh.ndim() - 2] == (full ? n : k));
  if (k == 0) return;
  const nc::ndarray uk = r.U(nc::ellipsis, nc::slice(0, k)),
                    vk = r.Vh(nc::ellipsis, nc::slice(0, k), nc::all);
  const nc::ndarray product = nc::matmul(nc::multiply(uk, nc::expand_dims(r.S, -2)), vk);
  CHECK(relative_difference(product, a.astype(r.U.dtype())) <
        identity_tolerance(r.U.dtype(), std::max(m, n)));
  check_orthonormal_columns(r.U);
  check_orthonormal_columns(adjoint(r.Vh));
}

/// Q R = a with orthonormal Q and upper-triangular R, of the shapes of the mode.
void check_qr(const nc::ndarray& a, const nc::linalg::qr_result& r, bool complete) {
  const std::int64_t m = a.shape()[a.ndim() - 2], n = a.shape()[a.ndim() - 1], k = std::min(m, n);
  const std::int64_t columns = complete ? m : k;
  CHECK(r.Q.shape()[r.Q.ndim() - 2] == m);
  CHECK(r.Q.shape()[r.Q.ndim() - 1] == columns);
  CHECK(r.R.shape()[r.R.ndim() - 2] == columns);
  CHECK(nc::array_equal(nc::tril(r.R, -1), nc::zeros_like(r.R)));
  if (m == 0) return;
  if (n > 0) {
    CHECK(relative_difference(nc::matmul(r.Q, r.R), a.astype(r.Q.dtype())) <
          identity_tolerance(r.Q.dtype(), std::max(m, n)));
  }
  check_orthonormal_columns(r.Q);
}

}  // namespace

NUMCU_TEST_ON_DEVICES_WITH_LAPACK("solve, inv, det, slogdet, cholesky, eigh, svd and qr agree with NumPy",
                                  decompositions_golden) {
  int lines = 0;
  for (const auto& line : golden_lines("decompositions.txt")) {
    CAPTURE(line.substr(0, 160));
    const numcu_test::golden_call call(line, dev);
    const std::vector<nc::ndarray>& x = call.operands;
    if (call.func == "solve") {
      check_close(nc::linalg::solve(x[0], x[1]), call.result(0), call.result(1));
    } else if (call.func == "inv") {
      check_close(nc::linalg::inv(x[0]), call.result(0), call.result(1));
    } else if (call.func == "det") {
      check_close(nc::linalg::det(x[0]), call.result(0), call.result(1));
    } else if (call.func == "slogdet") {
      const auto r = nc::linalg::slogdet(x[0]);
      check_close(r.sign, call.result(0), call.result(1));
      check_close(r.logabsdet, call.result(2), call.result(3));
    } else if (call.func == "cholesky") {
      check_close(nc::linalg::cholesky(x[0], call.arg == "upper"), call.result(0), call.result(1));
    } else if (call.func == "eigvalsh") {
      const char uplo = call.arg[0];
      check_close(nc::linalg::eigvalsh(x[0], uplo), call.result(0), call.result(1));
      const nc::linalg::eigh_result e = nc::linalg::eigh(x[0], uplo);
      check_close(e.eigenvalues, call.result(0), call.result(1));
      check_eigenvectors(x[0], uplo, e);
    } else if (call.func == "svdvals") {
      check_close(nc::linalg::svdvals(x[0]), call.result(0), call.result(1));
      for (const bool full : {true, false}) {
        const nc::linalg::svd_result r = nc::linalg::svd(x[0], full);
        check_close(r.S, call.result(0), call.result(1));
        check_svd(x[0], r, full);
      }
    } else if (call.func == "eigvals") {
      check_close(sorted_values(nc::linalg::eigvals(x[0])), call.result(0), call.result(1));
      const nc::linalg::eig_result e = nc::linalg::eig(x[0]);
      check_close(sorted_values(e.eigenvalues), call.result(0), call.result(1));
      check_general_eigenvectors(x[0], e);
    } else if (call.func == "pinv") {
      check_close(nc::linalg::pinv(x[0]), call.result(0), call.result(1));
    } else if (call.func == "matrix_rank") {
      const auto tol = call.arg == "-" ? std::nullopt : std::optional<double>(std::stod(call.arg));
      check_close(nc::linalg::matrix_rank(x[0], tol), call.result(0), call.result(1));
    } else if (call.func == "norm") {
      const auto fields = split(call.arg, ';');
      nc::axis_arg axis = nc::none;
      if (fields[1] != "-") axis = nc::axis_arg(numcu_test::comma_ints(fields[1]));
      check_close(nc::linalg::norm(x[0], order_of(fields[0]), axis, fields[2] == "1"), call.result(0),
                  call.result(1));
    } else if (call.func == "matrix_norm") {
      check_close(nc::linalg::matrix_norm(x[0], false, order_of(call.arg)), call.result(0), call.result(1));
    } else if (call.func == "cond") {
      check_close(nc::linalg::cond(x[0], order_of(call.arg)), call.result(0), call.result(1));
    } else if (call.func == "lstsq") {
      const nc::linalg::lstsq_result r = nc::linalg::lstsq(x[0], x[1]);
      check_close(r.x, call.result(0), call.result(1));
      check_close(r.residuals, call.result(2), call.result(3));
      check_close(r.rank, call.result(4), call.result(5));
      check_close(r.s, call.result(6), call.result(7));
    } else if (call.func == "tensorsolve") {
      const auto axes = call.arg == "-"
                            ? std::nullopt
                            : std::optional<std::vector<std::int64_t>>(numcu_test::comma_ints(call.arg));
      check_close(nc::linalg::tensorsolve(x[0], x[1], axes), call.result(0), call.result(1));
    } else if (call.func == "tensorinv") {
      check_close(nc::linalg::tensorinv(x[0], std::stoll(call.arg)), call.result(0), call.result(1));
    } else {
      const bool complete = call.arg == "complete";
      const nc::linalg::qr_result r =
          nc::linalg::qr(x[0], complete ? nc::linalg::qr_mode::complete : nc::linalg::qr_mode::reduced);
      check_close(nc::absolute(r.R), call.result(0), call.result(1));
      check_qr(x[0], r, complete);
    }
    call.check_unchanged();
    ++lines;
  }
  CHECK(lines > 950);
}

NUMCU_TEST_ON_DEVICES_WITH_LAPACK("A X = B, A inv(A) = I and L L^H = A hold for larger stacked matrices",
                                  decomposition_identities) {
  std::mt19937_64 rng(20261205);
  for (const nc::dtype t : {nc::float32, nc::float64, nc::complex64, nc::complex128}) {
    CAPTURE(t);
    // the residual of a solve and of an inverse: within n eps of the (unit-sized) right side
    const double eps = t == nc::float32 || t == nc::complex64 ? 1.2e-7 : 2.3e-16;
    const std::int64_t n = 40;
    const nc::ndarray a = dominant({3, n, n}, t, dev, rng);
    const nc::ndarray b = dominant({3, n, 5}, t, dev, rng);
    const nc::ndarray x = nc::linalg::solve(a, b);
    CHECK(x.dtype() == t);
    CHECK(x.shape() == nc::shape_t{3, n, 5});
    CHECK(relative_difference(nc::matmul(a, x), b) < 4 * n * eps);
    const nc::ndarray ai = nc::linalg::inv(a);
    const nc::ndarray identity = nc::broadcast_to(nc::eye(n, std::nullopt, 0, t, dev), {3, n, n});
    CHECK(relative_difference(nc::matmul(a, ai), identity) < 4 * n * eps);
    // a Hermitian positive-definite matrix from a: a a^H + n I
    const nc::ndarray h = nc::add(nc::matmul(a, nc::conjugate(nc::swapaxes(a, -1, -2))),
                                  nc::multiply(identity, static_cast<double>(n)));
    const nc::ndarray l = nc::linalg::cholesky(h);
    CHECK(relative_difference(nc::matmul(l, nc::conjugate(nc::swapaxes(l, -1, -2))), h) < 4 * n * eps);
    CHECK(nc::all(nc::equal(nc::triu(l, 1), 0)).item<bool>());
    const nc::ndarray u = nc::linalg::cholesky(h, true);
    CHECK(relative_difference(nc::matmul(nc::conjugate(nc::swapaxes(u, -1, -2)), u), h) < 4 * n * eps);
    // det of a product is the product of dets (as |det| grows, relative)
    const nc::ndarray d = nc::linalg::det(a);
    const nc::ndarray dd = nc::linalg::det(nc::matmul(a, a));
    CHECK(relative_difference(nc::divide(dd, nc::multiply(d, d)), nc::ones({3}, t, dev)) < 8 * n * eps);
  }
  // stacks of many small matrices (one batched call on the GPU): 1, 8 and 32 rows, the orders at its edges
  for (const nc::dtype t : {nc::float64, nc::complex128}) {
    for (const std::int64_t n : {1, 8, 32}) {
      CAPTURE(t);
      CAPTURE(n);
      const double eps = 2.3e-16;
      const std::int64_t batch = 1000;
      // rows reversed, so that the pivots exchange rows, and their parity shows in det's sign
      const nc::ndarray a0 = dominant({batch, n, n}, t, dev, rng);
      const nc::ndarray a = nc::flip(a0, -2);
      const nc::ndarray b = dominant({batch, n, 3}, t, dev, rng);
      const nc::ndarray x = nc::linalg::solve(a, b);
      CHECK(x.shape() == nc::shape_t{batch, n, 3});
      CHECK(relative_difference(nc::matmul(a, x), b) < 4 * n * eps);
      const nc::ndarray identity = nc::broadcast_to(nc::eye(n, std::nullopt, 0, t, dev), {batch, n, n});
      CHECK(relative_difference(nc::matmul(a, nc::linalg::inv(a)), identity) < 4 * n * eps);
      // det of the reversed rows is (-1)^(n (n - 1) / 2) times det of the matrix
      const nc::ndarray d = nc::linalg::det(a);
      const double sign = (n * (n - 1) / 2) % 2 == 0 ? 1.0 : -1.0;
      CHECK(relative_difference(nc::divide(d, nc::multiply(nc::linalg::det(a0), sign)),
                                nc::ones({batch}, t, dev)) < 8 * n * eps);
    }
  }
  // one singular matrix deep in a large stack: inv fails as a whole; cond gives inf for it alone
  nc::ndarray stack = dominant({500, 4, 4}, nc::float64, dev, rng);
  stack(317) = nc::ones({4, 4}, nc::float64, dev);
  CHECK(message_of([&] { (void)nc::linalg::inv(stack); }) == "Singular matrix");
  const auto conds = nc::asnumpy(nc::linalg::cond(stack, 1.0)).to_vector<double>();
  for (std::size_t p = 0; p < conds.size(); ++p) {
    CAPTURE(p);
    CHECK(std::isinf(conds[p]) == (p == 317));
  }
}

NUMCU_TEST_ON_DEVICES_WITH_LAPACK("solvers raise NumPy's errors and leave the operands unchanged",
                                  solver_errors) {
  const nc::ndarray singular = nc::array(std::vector<double>{1, 2, 2, 4}, std::nullopt, dev).reshape({2, 2});
  const nc::ndarray b = nc::ones({2}, nc::float64, dev);
  const auto before = numcu_test::host_bytes(singular);
  CHECK(message_of([&] { (void)nc::linalg::solve(singular, b); }) == "Singular matrix");
  CHECK_THROWS_AS((void)nc::linalg::inv(singular), nc::linalg_error);
  CHECK(message_of([&] { (void)nc::linalg::inv(singular); }) == "Singular matrix");
  CHECK(message_of([&] { (void)nc::linalg::cholesky(singular); }) == "Matrix is not positive definite");
  CHECK(message_of([&] { (void)nc::linalg::matrix_power(singular, -1); }) == "Singular matrix");
  // a stack with one singular matrix among regular ones fails as a whole
  const nc::ndarray stack = nc::stack({nc::eye(2, std::nullopt, 0, nc::float64, dev), singular});
  CHECK(message_of([&] { (void)nc::linalg::inv(stack); }) == "Singular matrix");
  CHECK(message_of([&] { (void)nc::linalg::det(nc::ones({3}, nc::float64, dev)); }) ==
        "1-dimensional array given. Array must be at least two-dimensional");
  CHECK(message_of([&] {
          (void)nc::linalg::solve(nc::ones({2, 3}, nc::float64, dev), b);
        }) == "Last 2 dimensions of the array must be square");
  CHECK(
      message_of([&] { (void)nc::linalg::solve(nc::eye(3, std::nullopt, 0, nc::float64, dev), b); }) ==
      "solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m)->(m) "
      "(size 2 is different from 3)");
  CHECK(message_of([&] {
          (void)nc::linalg::solve(nc::eye(3, std::nullopt, 0, nc::float64, dev),
                                  nc::ones({2, 2}, nc::float64, dev));
        }) ==
        "solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
        "(m,m),(m,n)->(m,n) "
        "(size 2 is different from 3)");
  CHECK(
      message_of([&] {
        (void)nc::linalg::solve(nc::ones({2, 3, 3}, nc::float64, dev), nc::ones({4, 3, 1}, nc::float64, dev));
      }) ==
      "operands could not be broadcast together with remapped shapes [original->remapped]: "
      "(2,3,3)->(2,newaxis,newaxis) (4,3,1)->(4,newaxis,newaxis)  and requested shape (3,1)");
  CHECK(message_of([&] {
          (void)nc::linalg::solve(nc::eye(2, std::nullopt, 0, nc::float64, dev),
                                  nc::full({}, 1.0, nc::float64, dev));
        }) ==
        "solve: Input operand 1 does not have enough dimensions (has 0, gufunc core with signature "
        "(m,m),(m,n)->(m,n) "
        "requires 2)");
  CHECK(message_of([&] { (void)nc::linalg::inv(nc::eye(2, std::nullopt, 0, nc::float16, dev)); }) ==
        "array type float16 is unsupported in linalg");
  CHECK(message_of([&] { (void)nc::linalg::det(nc::eye(2, std::nullopt, 0, nc::bfloat16, dev)); }) ==
        "array type bfloat16 is unsupported in linalg");
  CHECK(numcu_test::host_bytes(singular) == before);
  // a singular matrix's determinant is 0 and its slogdet (0, -inf), without an error
  CHECK(nc::linalg::det(singular).item<double>() == 0.0);
  const auto s = nc::linalg::slogdet(singular);
  CHECK(s.sign.item<double>() == 0.0);
  CHECK(s.logabsdet.item<double>() == -std::numeric_limits<double>::infinity());
  // a negative power inverts first: [[2, 0], [0, 4]] ** -2 = [[1/4, 0], [0, 1/16]], float64 from int64
  const nc::ndarray d = nc::array(std::vector<std::int64_t>{2, 0, 0, 4}, std::nullopt, dev).reshape({2, 2});
  const nc::ndarray p = nc::linalg::matrix_power(d, -2);
  CHECK(p.dtype() == nc::float64);
  CHECK(nc::asnumpy(p).to_vector<double>() == std::vector<double>{0.25, 0.0, 0.0, 0.0625});
  // the most negative power has a magnitude only as an unsigned number: I ** INT64_MIN is I (63 squarings)
  const nc::ndarray identity_power =
      nc::linalg::matrix_power(nc::eye(2, std::nullopt, 0, nc::float64, dev), INT64_MIN);
  CHECK(nc::asnumpy(identity_power).to_vector<double>() == std::vector<double>{1.0, 0.0, 0.0, 1.0});
}

NUMCU_TEST_ON_DEVICES_WITH_LAPACK("eigh, svd and qr: their other forms and errors", factorization_forms) {
  // NumPy: qr([[1, 2], [3, 4], [5, 6]], mode='raw') is h = [[-5.916079783099616, 0.4337717455676132,
  // 0.7229529092793553], [-7.437357441610946, 0.828078671210825, 0.8926238280228976]] (the reflectors below
  // the diagonal of r, transposed), tau = [1.1690308509457032, 1.1131040011646904]: by hand, column 0 has
  // norm sqrt(35), tau = 1 + 1/sqrt(35) and v = [1, 3, 5] / (1 + sqrt(35)).
  const nc::ndarray full_rank =
      nc::array(std::vector<double>{1, 2, 3, 4, 5, 6}, std::nullopt, dev).reshape({3, 2});
  const nc::linalg::qr_result raw = nc::linalg::qr(full_rank, nc::linalg::qr_mode::raw);
  CHECK(raw.Q.dtype() == nc::float64);
  CHECK(raw.Q.shape() == nc::shape_t{2, 3});
  CHECK(raw.R.shape() == nc::shape_t{2});
  const std::vector<double> h_want = {-5.916079783099616, 0.4337717455676132, 0.7229529092793553,
                                      -7.437357441610946, 0.828078671210825,  0.8926238280228976},
                            tau_want = {1.1690308509457032, 1.1131040011646904};
  const auto h_got = nc::asnumpy(raw.Q).to_vector<double>();
  const auto tau_got = nc::asnumpy(raw.R).to_vector<double>();
  for (std::size_t i = 0; i < h_want.size(); ++i)
    CHECK(h_got[i] == doctest::Approx(h_want[i]).epsilon(1e-12));
  for (std::size_t i = 0; i < tau_want.size(); ++i)
    CHECK(tau_got[i] == doctest::Approx(tau_want[i]).epsilon(1e-12));
  // a rank-deficient matrix: NumPy's qr(ones((3, 2)), mode='raw') starts h = [[-1.732, 0.366, 0.366],
  // [-1.732, r11, ...]], tau = [1.577, ...] with r11 = 0. What the second reflector is made of is rounding
  // (LAPACK may leave exact zeros below the diagonal, or the last bits of 1 - 1), so only r11's size is
  // determined there.
  const nc::ndarray ones = nc::ones({3, 2}, nc::float64, dev);
  const nc::linalg::qr_result raw_ones = nc::linalg::qr(ones, nc::linalg::qr_mode::raw);
  const double r3 = std::sqrt(3.0), h = 1.0 / (1.0 + r3);
  const auto ones_h = nc::asnumpy(nc::absolute(raw_ones.Q)).to_vector<double>();
  const std::vector<double> ones_h_want = {r3, h, h, r3};
  for (std::size_t i = 0; i < ones_h_want.size(); ++i)
    CHECK(ones_h[i] == doctest::Approx(ones_h_want[i]).epsilon(1e-12));
  CHECK(ones_h[4] < 1e-12);
  CHECK(nc::asnumpy(raw_ones.R).to_vector<double>()[0] == doctest::Approx(1.0 + 1.0 / r3).epsilon(1e-12));
  const nc::linalg::qr_result r_only =
      nc::linalg::qr(nc::ones({3, 2}, nc::int32, dev), nc::linalg::qr_mode::r);
  CHECK(r_only.R.dtype() == nc::float64);
  CHECK(r_only.R.shape() == nc::shape_t{2, 2});
  const auto r_got = nc::asnumpy(nc::absolute(r_only.R)).to_vector<double>();
  CHECK(r_got[0] == doctest::Approx(r3).epsilon(1e-12));
  CHECK(r_got[1] == doctest::Approx(r3).epsilon(1e-12));
  CHECK(r_got[2] == 0.0);
  CHECK(std::abs(r_got[3]) < 1e-12);
  // svd of a symmetric matrix through eigh (hermitian): NumPy's [[2, 1], [1, -3]] has S = [3.1926, 2.1926]
  const nc::ndarray sym = nc::array(std::vector<double>{2, 1, 1, -3}, std::nullopt, dev).reshape({2, 2});
  const nc::linalg::svd_result hs = nc::linalg::svd(sym, true, true);
  const auto s_got = nc::asnumpy(hs.S).to_vector<double>();
  CHECK(s_got[0] == doctest::Approx(0.5 + std::sqrt(29.0) / 2).epsilon(1e-12));
  CHECK(s_got[1] == doctest::Approx(-0.5 + std::sqrt(29.0) / 2).epsilon(1e-12));
  check_svd(sym, hs, true);
  CHECK(nc::allclose(nc::linalg::svdvals(sym, true), hs.S));
  // float32 stays float32: eigh's values in float32, the vectors in complex64 for complex64
  const nc::ndarray herm =
      nc::array(std::vector<std::complex<double>>{{2, 0}, {0, 1}, {0, -1}, {2, 0}}, std::nullopt, dev)
          .reshape({2, 2})
          .astype(nc::complex64);
  const nc::linalg::eigh_result e = nc::linalg::eigh(herm);
  CHECK(e.eigenvalues.dtype() == nc::float32);
  CHECK(e.eigenvectors.dtype() == nc::complex64);
  CHECK(nc::asnumpy(e.eigenvalues).to_vector<float>() == std::vector<float>{1.0f, 3.0f});
  CHECK(message_of([&] { (void)nc::linalg::eigh(sym, 'X'); }) == "UPLO argument must be 'L' or 'U'");
  CHECK(message_of([&] { (void)nc::linalg::eigvalsh(ones); }) ==
        "Last 2 dimensions of the array must be square");
  CHECK(message_of([&] { (void)nc::linalg::svd(nc::ones({3}, nc::float64, dev)); }) ==
        "1-dimensional array given. Array must be at least two-dimensional");
  CHECK(message_of([&] {
          (void)nc::linalg::qr(nc::ones({3, 3}, nc::float16, dev));
        }) == "array type float16 is unsupported in linalg");
  CHECK(message_of([&] {
          (void)nc::linalg::svdvals(nc::ones({3, 3}, nc::bfloat16, dev));
        }) == "array type bfloat16 is unsupported in linalg");
  // the functions built on them: NumPy's messages. A singular matrix's condition number is inf or, where its
  // smallest singular value or its inverse is rounding rather than 0 or NaN, above 1e15 (NumPy's own test of
  // cond asks this of zeros and ones for the positive orders); the negative orders do not throw.
  for (const nc::ndarray& singular :
       {nc::zeros({2, 2}, nc::float64, dev), nc::ones({2, 2}, nc::float64, dev)}) {
    for (const nc::linalg::norm_order& p : {nc::linalg::norm_order(), nc::linalg::norm_order(1.0),
                                            nc::linalg::norm_order(2.0), nc::linalg::norm_order("fro")}) {
      CHECK(nc::linalg::cond(singular, p).item<double>() > 1e15);
    }
    CHECK_NOTHROW((void)nc::linalg::cond(singular, -1.0));
    CHECK_NOTHROW((void)nc::linalg::cond(singular, -2.0));
  }
  // the orders inv takes a singular matrix to NaNs for give inf exactly, on every device
  const nc::ndarray square = nc::ones({2, 2}, nc::float64, dev);
  CHECK(std::isinf(nc::linalg::cond(square, 1.0).item<double>()));
  CHECK(message_of([&] {
          (void)nc::linalg::cond(nc::ones({0, 0}, nc::float64, dev));
        }) == "cond is not defined on empty arrays");
  CHECK(message_of([&] { (void)nc::linalg::cond(ones, "fro"); }) ==
        "Last 2 dimensions of the array must be square");
  CHECK(message_of([&] { (void)nc::linalg::norm(ones, 3.0); }) == "Invalid norm order for matrices.");
  CHECK(message_of([&] { (void)nc::linalg::norm(nc::ones({3}, nc::float64, dev), "fro"); }) ==
        "Invalid norm order 'fro' for vectors");
  CHECK(message_of([&] {
          (void)nc::linalg::norm(nc::ones({2, 2, 2}, nc::float64, dev), 2.0);
        }) == "Improper number of dimensions to norm.");
  CHECK(message_of([&] { (void)nc::linalg::norm(square, {}, {0, 0}); }) == "Duplicate axes given.");
  CHECK(message_of([&] { (void)nc::linalg::norm_order("max"); }) == "Invalid norm order for matrices.");
  CHECK(message_of([&] {
          (void)nc::linalg::eig(nc::full({2, 2}, NAN, nc::float64, dev));
        }) == "Array must not contain infs or NaNs");
  CHECK(message_of([&] { (void)nc::linalg::eigvals(ones); }) ==
        "Last 2 dimensions of the array must be square");
  // NumPy's norms of a 0 x 0 matrix: 0 for the largest sums and singular values (initial 0), an error for the
  // smallest
  const nc::ndarray none_ = nc::ones({0, 0}, nc::float64, dev);
  for (const double p : {1.0, 2.0, std::numeric_limits<double>::infinity()})
    CHECK(nc::linalg::norm(none_, p).item<double>() == 0.0);
  CHECK(nc::linalg::norm(none_, "nuc").item<double>() == 0.0);
  CHECK(message_of([&] { (void)nc::linalg::norm(none_, -1.0); }) ==
        "zero-size array to reduction operation minimum which has no identity");
  CHECK(message_of([&] { (void)nc::linalg::lstsq(ones, nc::ones({2}, nc::float64, dev)); }) ==
        "Incompatible dimensions");
  CHECK(message_of([&] {
          (void)nc::linalg::lstsq(nc::ones({2, 3, 2}, nc::float64, dev), nc::ones({2}, nc::float64, dev));
        }) == "3-dimensional array given. Array must be two-dimensional");
  CHECK(message_of([&] { (void)nc::linalg::tensorinv(square, 0); }) == "Invalid ind argument.");
  CHECK(
      message_of([&] {
        (void)nc::linalg::tensorsolve(nc::ones({6, 2, 3}, nc::float64, dev), nc::ones({5}, nc::float64, dev));
      }) ==
      "solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m)->(m) "
      "(size 5 is different from 6)");
  CHECK(
      message_of([&] {
        (void)nc::linalg::tensorsolve(nc::ones({6, 2, 2}, nc::float64, dev), nc::ones({6}, nc::float64, dev));
      }) == "Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])");
}

TEST_CASE("the CPU's solvers work with the build's LAPACK, and without one raise device_error naming it") {
  // inv([[2, 0], [0, 4]]) is [[0.5, 0], [0, 0.25]] by hand
  const nc::ndarray d = nc::array(std::vector<double>{2, 0, 0, 4}, std::nullopt, nc::cpu).reshape({2, 2});
  if (nc::linalg::cpu_lapack_available()) {
    CHECK(nc::asnumpy(nc::linalg::inv(d)).to_vector<double>() == std::vector<double>{0.5, 0, 0, 0.25});
  } else {
    CHECK(message_of([&] { (void)nc::linalg::inv(d); }) ==
          "inv on the CPU needs LAPACK, which this build of numcu did not find (Debian: libopenblas-dev)");
  }
}
