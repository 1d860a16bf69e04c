// Matrix products on the CPU: BLAS's gemm for float32, float64, complex64 and complex128 where the build
// found a BLAS (and the extents fit its 32-bit integers), numcu's loops (device/matmul_element.hpp) for the
// rest.
#include <climits>
#include <cstdint>

#include "core/backend.hpp"
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

#else

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
