// Matrix products on the CPU: BLAS's gemm for float32, float64, complex64 and complex128 where the build
// found a BLAS (and the extents fit its 32-bit integers), numcu's loops (device/matmul_element.hpp) for the
// rest.
#include <climits>
#include <cstdint>

#include "core/backend.hpp"
#include "device/eigen_vectors.hpp"
#include "device/element_types.hpp"
#include "device/matmul_element.hpp"
#include "host/fortran_linalg.hpp"
#include "numcu/error.hpp"

namespace numcu::detail {
namespace {

/// Every product of @p call by dot_along, element by element.
template <class T>
void gemm_loops(const gemm_call& call) {
  const T* a = static_cast<const T*>(call.a.data);
  const T* b = static_cast<const T*>(call.b.data);
  T* c = static_cast<T*>(call.c);
  for (std::int64_t p = 0; p < call.batch; ++p) {
    const T* ap = a + p * call.a.batch_stride;
    const T* bp = b + p * call.b.batch_stride;
    for (std::int64_t i = 0; i < call.m; ++i) {
      for (std::int64_t j = 0; j < call.n; ++j) {
        *c++ = dot_along(ap + i * call.a.row_stride, call.a.col_stride, bp + j * call.b.col_stride,
                         call.b.row_stride, call.k);
      }
    }
  }
}

#if NUMCU_HAVE_CPU_BLAS

/// True when BLAS's 32-bit integers hold every extent and leading dimension of @p g.
bool fits_blas(const column_major_gemm& g) {
  for (const std::int64_t v : {g.m, g.n, g.k, g.ld_first, g.ld_second, g.ldc}) {
    if (v > INT_MAX) return false;
  }
  return true;
}

/// The products of @p call by Routine (sgemm_ ...), one call per product of the batch; false where BLAS
/// cannot take them. Part is the dtype's real part type, Parts its parts per element (2 for complex).
template <class Part, int Parts, class Routine>
bool gemm_blas(const gemm_call& call, Routine routine) {
  const column_major_gemm g = as_column_major(call);
  if (!fits_blas(g)) return false;
  const char transa = g.transpose_first ? 'T' : 'N', transb = g.transpose_second ? 'T' : 'N';
  const int m = static_cast<int>(g.m), n = static_cast<int>(g.n), k = static_cast<int>(g.k);
  const int lda = static_cast<int>(g.ld_first), ldb = static_cast<int>(g.ld_second),
            ldc = static_cast<int>(g.ldc);
  const Part one[2] = {1, 0}, zero[2] = {0, 0};
  const Part* first = static_cast<const Part*>(call.b.data);
  const Part* second = static_cast<const Part*>(call.a.data);
  Part* c = static_cast<Part*>(call.c);
  for (std::int64_t p = 0; p < call.batch; ++p) {
    routine(&transa, &transb, &m, &n, &k, one, first + p * g.stride_first * Parts, &lda,
            second + p * g.stride_second * Parts, &ldb, zero, c + p * g.stride_c * Parts, &ldc, 1, 1);
  }
  return true;
}

/// Runs @p call on BLAS where its dtype is one BLAS has; false otherwise.
bool gemm_on_blas(const gemm_call& call) {
  switch (call.t.id()) {
    case dtype_code::float32:
      return gemm_blas<float, 1>(call, sgemm_);
    case dtype_code::float64:
      return gemm_blas<double, 1>(call, dgemm_);
    case dtype_code::complex64:
      return gemm_blas<float, 2>(call, cgemm_);
    case dtype_code::complex128:
      return gemm_blas<double, 2>(call, zgemm_);
    default:
      return false;
  }
}

#endif

#if NUMCU_HAVE_CPU_LAPACK

/// @p v as LAPACK's 32-bit integer. @throws device_error where it does not fit.
int lapack_int(std::int64_t v) {
  if (v > INT_MAX) throw device_error("the CPU's LAPACK takes matrices of at most 2^31 - 1 rows and columns");
  return static_cast<int>(v);
}

#else

[[noreturn]] void no_lapack(const char* what) {
  throw device_error(
      std::string(what) +
      " on the CPU needs LAPACK, which this build of numcu did not find (Debian: libopenblas-dev)");
}

#endif

}  // namespace

bool host_has_lapack() {
  return NUMCU_HAVE_CPU_LAPACK != 0;
}

#if NUMCU_HAVE_CPU_LAPACK

template <>
void lu_factor<host_backend>(const exec&, dtype t, std::int64_t n, std::int64_t batch, void* a,
                             std::int64_t* pivots, std::int64_t* info) {
  const int size = lapack_int(n);
  std::vector<int> ipiv(static_cast<std::size_t>(n));
  const std::size_t item = t.itemsize();
  for (std::int64_t p = 0; p < batch; ++p) {
    void* matrix = static_cast<char*>(a) + p * n * n * item;
    int status = 0;
    if (t == complex128) {
      zgetrf_(&size, &size, matrix, &size, ipiv.data(), &status);
    } else {
      dgetrf_(&size, &size, static_cast<double*>(matrix), &size, ipiv.data(), &status);
    }
    for (std::int64_t i = 0; i < n; ++i) pivots[p * n + i] = ipiv[static_cast<std::size_t>(i)];
    info[p] = status;
  }
}

template <>
void lu_solve<host_backend>(const exec&, dtype t, std::int64_t n, std::int64_t nrhs, std::int64_t batch,
                            const void* lu, const std::int64_t* pivots, void* b) {
  const int size = lapack_int(n), columns = lapack_int(nrhs);
  std::vector<int> ipiv(static_cast<std::size_t>(n));
  const std::size_t item = t.itemsize();
  const char trans = 'N';
  for (std::int64_t p = 0; p < batch; ++p) {
    for (std::int64_t i = 0; i < n; ++i)
      ipiv[static_cast<std::size_t>(i)] = static_cast<int>(pivots[p * n + i]);
    const void* matrix = static_cast<const char*>(lu) + p * n * n * item;
    void* rhs = static_cast<char*>(b) + p * n * nrhs * item;
    int status = 0;
    if (t == complex128) {
      zgetrs_(&trans, &size, &columns, matrix, &size, ipiv.data(), rhs, &size, &status, 1);
    } else {
      dgetrs_(&trans, &size, &columns, static_cast<const double*>(matrix), &size, ipiv.data(),
              static_cast<double*>(rhs), &size, &status, 1);
    }
  }
}

template <>
void cholesky_factor<host_backend>(const exec&, dtype t, std::int64_t n, std::int64_t batch, void* a,
                                   bool upper, std::int64_t* info) {
  const int size = lapack_int(n);
  const std::size_t item = t.itemsize();
  const char uplo = upper ? 'U' : 'L';
  for (std::int64_t p = 0; p < batch; ++p) {
    void* matrix = static_cast<char*>(a) + p * n * n * item;
    int status = 0;
    if (t == complex128) {
      zpotrf_(&uplo, &size, matrix, &size, &status, 1);
    } else {
      dpotrf_(&uplo, &size, static_cast<double*>(matrix), &size, &status, 1);
    }
    info[p] = status;
  }
}

namespace {

/// A LAPACK workspace of @p count elements of dtype @p t (float64 or complex128 pairs), from a query's
/// answer.
struct lapack_work {
  std::vector<double> data;
  lapack_work(dtype t, double count)
      : data(static_cast<std::size_t>(count < 1 ? 1 : count) * (t == complex128 ? 2 : 1)) {}
  int size(dtype t) const { return static_cast<int>(data.size() / (t == complex128 ? 2 : 1)); }
};

}  // namespace

template <>
void hermitian_eigen<host_backend>(const exec&, dtype t, std::int64_t n, std::int64_t batch, void* a,
                                   bool upper, bool vectors, double* w, std::int64_t* info) {
  const int size = lapack_int(n);
  const char jobz = vectors ? 'V' : 'N', uplo = upper ? 'U' : 'L';
  const std::size_t item = t.itemsize();
  // the workspace sizes LAPACK asks for (a query: lwork = -1), then the factorizations
  double work_query[2] = {0, 0}, rwork_query = 0;
  int iwork_query = 0, status = 0;
  const int query = -1;
  if (t == complex128) {
    zheevd_(&jobz, &uplo, &size, a, &size, w, work_query, &query, &rwork_query, &query, &iwork_query, &query,
            &status, 1, 1);
  } else {
    dsyevd_(&jobz, &uplo, &size, static_cast<double*>(a), &size, w, work_query, &query, &iwork_query, &query,
            &status, 1, 1);
  }
  lapack_work work(t, work_query[0]);
  std::vector<double> rwork(static_cast<std::size_t>(rwork_query < 1 ? 1 : rwork_query));
  std::vector<int> iwork(static_cast<std::size_t>(iwork_query < 1 ? 1 : iwork_query));
  const int lwork = work.size(t), lrwork = static_cast<int>(rwork.size()),
            liwork = static_cast<int>(iwork.size());
  for (std::int64_t p = 0; p < batch; ++p) {
    void* matrix = static_cast<char*>(a) + p * n * n * item;
    if (t == complex128) {
      zheevd_(&jobz, &uplo, &size, matrix, &size, w + p * n, work.data.data(), &lwork, rwork.data(), &lrwork,
              iwork.data(), &liwork, &status, 1, 1);
    } else {
      dsyevd_(&jobz, &uplo, &size, static_cast<double*>(matrix), &size, w + p * n, work.data.data(), &lwork,
              iwork.data(), &liwork, &status, 1, 1);
    }
    info[p] = status;
  }
}

template <>
void general_eigen<host_backend>(const exec&, dtype t, std::int64_t n, std::int64_t batch, void* a,
                                 bool vectors, void* w, void* v, std::int64_t* info) {
  const int size = lapack_int(n), one = 1;
  const char jobvl = 'N', jobvr = vectors ? 'V' : 'N';
  const std::size_t item = t.itemsize();
  auto* values = static_cast<complex128_t*>(w);
  auto* out = static_cast<complex128_t*>(v);
  double dummy[2] = {0, 0}, work_query[2] = {0, 0};
  std::vector<double> wr(static_cast<std::size_t>(n)), wi(static_cast<std::size_t>(n)),
      packed(vectors ? static_cast<std::size_t>(n * n) : 1), rwork(static_cast<std::size_t>(2 * n));
  int status = 0;
  const int query = -1, ldvr = vectors ? size : 1;
  if (t == complex128) {
    zgeev_(&jobvl, &jobvr, &size, a, &size, values, dummy, &one,
           out ? static_cast<void*>(out) : static_cast<void*>(dummy), &ldvr, work_query, &query, rwork.data(),
           &status, 1, 1);
  } else {
    dgeev_(&jobvl, &jobvr, &size, static_cast<double*>(a), &size, wr.data(), wi.data(), dummy, &one,
           packed.data(), &ldvr, work_query, &query, &status, 1, 1);
  }
  lapack_work work(t, work_query[0]);
  const int lwork = work.size(t);
  for (std::int64_t p = 0; p < batch; ++p) {
    void* matrix = static_cast<char*>(a) + p * n * n * item;
    complex128_t* wp = values + p * n;
    if (t == complex128) {
      zgeev_(&jobvl, &jobvr, &size, matrix, &size, wp, dummy, &one,
             vectors ? static_cast<void*>(out + p * n * n) : static_cast<void*>(dummy), &ldvr,
             work.data.data(), &lwork, rwork.data(), &status, 1, 1);
    } else {
      dgeev_(&jobvl, &jobvr, &size, static_cast<double*>(matrix), &size, wr.data(), wi.data(), dummy, &one,
             packed.data(), &ldvr, work.data.data(), &lwork, &status, 1, 1);
      for (std::int64_t j = 0; j < n; ++j)
        wp[j] = {wr[static_cast<std::size_t>(j)], wi[static_cast<std::size_t>(j)]};
      if (vectors) {
        for (std::int64_t col = 0; col < n; ++col) {
          for (std::int64_t row = 0; row < n; ++row) {
            out[p * n * n + col * n + row] = unpacked_eigenvector(packed.data(), wp, n, row, col);
          }
        }
      }
    }
    info[p] = status;
  }
}

template <>
void singular_values<host_backend>(const exec&, dtype t, std::int64_t m, std::int64_t n, std::int64_t batch,
                                   void* a, singular_vectors which, double* s, void* u, void* vt,
                                   std::int64_t* info) {
  const int rows = lapack_int(m), cols = lapack_int(n);
  const char job = which == singular_vectors::none ? 'N' : which == singular_vectors::reduced ? 'S' : 'A';
  const char jobvt = which == singular_vectors::none ? 'N' : 'A';
  const std::int64_t u_cols = which == singular_vectors::full ? m : n;
  const int ldu = rows, ldvt = cols;
  const std::size_t item = t.itemsize();
  // gesvd reads u and vt only where it writes them; a dummy of one element where it does not
  double dummy[2] = {0, 0};
  double work_query[2] = {0, 0};
  std::vector<double> rwork(static_cast<std::size_t>(5 * n + 1));
  int status = 0;
  const int query = -1;
  if (t == complex128) {
    zgesvd_(&job, &jobvt, &rows, &cols, a, &rows, s, dummy, &ldu, dummy, &ldvt, work_query, &query,
            rwork.data(), &status, 1, 1);
  } else {
    dgesvd_(&job, &jobvt, &rows, &cols, static_cast<double*>(a), &rows, s, dummy, &ldu, dummy, &ldvt,
            work_query, &query, &status, 1, 1);
  }
  lapack_work work(t, work_query[0]);
  const int lwork = work.size(t);
  for (std::int64_t p = 0; p < batch; ++p) {
    void* matrix = static_cast<char*>(a) + p * m * n * item;
    void* up = u ? static_cast<char*>(u) + p * m * u_cols * item : static_cast<void*>(dummy);
    void* vtp = vt ? static_cast<char*>(vt) + p * n * n * item : static_cast<void*>(dummy);
    if (t == complex128) {
      zgesvd_(&job, &jobvt, &rows, &cols, matrix, &rows, s + p * n, up, &ldu, vtp, &ldvt, work.data.data(),
              &lwork, rwork.data(), &status, 1, 1);
    } else {
      dgesvd_(&job, &jobvt, &rows, &cols, static_cast<double*>(matrix), &rows, s + p * n,
              static_cast<double*>(up), &ldu, static_cast<double*>(vtp), &ldvt, work.data.data(), &lwork,
              &status, 1, 1);
    }
    info[p] = status;
  }
}

template <>
void qr_factor<host_backend>(const exec&, dtype t, std::int64_t m, std::int64_t n, std::int64_t batch,
                             void* a, void* tau) {
  const int rows = lapack_int(m), cols = lapack_int(n);
  const std::int64_t k = m < n ? m : n;
  const std::size_t item = t.itemsize();
  double work_query[2] = {0, 0};
  int status = 0;
  const int query = -1;
  if (t == complex128) {
    zgeqrf_(&rows, &cols, a, &rows, tau, work_query, &query, &status);
  } else {
    dgeqrf_(&rows, &cols, static_cast<double*>(a), &rows, static_cast<double*>(tau), work_query, &query,
            &status);
  }
  lapack_work work(t, work_query[0]);
  const int lwork = work.size(t);
  for (std::int64_t p = 0; p < batch; ++p) {
    void* matrix = static_cast<char*>(a) + p * m * n * item;
    void* scalars = static_cast<char*>(tau) + p * k * item;
    if (t == complex128) {
      zgeqrf_(&rows, &cols, matrix, &rows, scalars, work.data.data(), &lwork, &status);
    } else {
      dgeqrf_(&rows, &cols, static_cast<double*>(matrix), &rows, static_cast<double*>(scalars),
              work.data.data(), &lwork, &status);
    }
  }
}

template <>
void qr_form_q<host_backend>(const exec&, dtype t, std::int64_t m, std::int64_t columns, std::int64_t k,
                             std::int64_t batch, void* q, const void* tau) {
  const int rows = lapack_int(m), cols = lapack_int(columns), reflectors = lapack_int(k);
  const std::size_t item = t.itemsize();
  double work_query[2] = {0, 0};
  int status = 0;
  const int query = -1;
  if (t == complex128) {
    zungqr_(&rows, &cols, &reflectors, q, &rows, tau, work_query, &query, &status);
  } else {
    dorgqr_(&rows, &cols, &reflectors, static_cast<double*>(q), &rows, static_cast<const double*>(tau),
            work_query, &query, &status);
  }
  lapack_work work(t, work_query[0]);
  const int lwork = work.size(t);
  for (std::int64_t p = 0; p < batch; ++p) {
    void* matrix = static_cast<char*>(q) + p * m * columns * item;
    const void* scalars = static_cast<const char*>(tau) + p * k * item;
    if (t == complex128) {
      zungqr_(&rows, &cols, &reflectors, matrix, &rows, scalars, work.data.data(), &lwork, &status);
    } else {
      dorgqr_(&rows, &cols, &reflectors, static_cast<double*>(matrix), &rows,
              static_cast<const double*>(scalars), work.data.data(), &lwork, &status);
    }
  }
}

#else

template <>
void hermitian_eigen<host_backend>(const exec&, dtype, std::int64_t, std::int64_t, void*, bool, bool, double*,
                                   std::int64_t*) {
  no_lapack("an eigendecomposition");
}

template <>
void general_eigen<host_backend>(const exec&, dtype, std::int64_t, std::int64_t, void*, bool, void*, void*,
                                 std::int64_t*) {
  no_lapack("an eigendecomposition");
}

template <>
void singular_values<host_backend>(const exec&, dtype, std::int64_t, std::int64_t, std::int64_t, void*,
                                   singular_vectors, double*, void*, void*, std::int64_t*) {
  no_lapack("a singular value decomposition");
}

template <>
void qr_factor<host_backend>(const exec&, dtype, std::int64_t, std::int64_t, std::int64_t, void*, void*) {
  no_lapack("a QR factorization");
}

template <>
void qr_form_q<host_backend>(const exec&, dtype, std::int64_t, std::int64_t, std::int64_t, std::int64_t,
                             void*, const void*) {
  no_lapack("a QR factorization");
}

template <>
void lu_factor<host_backend>(const exec&, dtype, std::int64_t, std::int64_t, void*, std::int64_t*,
                             std::int64_t*) {
  no_lapack("an LU factorization");
}

template <>
void lu_solve<host_backend>(const exec&, dtype, std::int64_t, std::int64_t, std::int64_t, const void*,
                            const std::int64_t*, void*) {
  no_lapack("a solve");
}

template <>
void cholesky_factor<host_backend>(const exec&, dtype, std::int64_t, std::int64_t, void*, bool,
                                   std::int64_t*) {
  no_lapack("a Cholesky factorization");
}

#endif

template <>
void gemm<host_backend>(const exec&, const gemm_call& call) {
#if NUMCU_HAVE_CPU_BLAS
  if (gemm_on_blas(call)) return;
#endif
  visit_dtype(call.t.id(), [&](auto tag) { gemm_loops<typename decltype(tag)::type>(call); });
}

}  // namespace numcu::detail
