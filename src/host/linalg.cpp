// Matrix products on the CPU: BLAS's gemm for float32, float64, complex64 and complex128 where the build
// found a BLAS (and the extents fit its 32-bit integers), numcu's loops (device/matmul_element.hpp) for the
// rest.
#include <climits>
#include <cstdint>

#include "core/backend.hpp"
#include "device/element_types.hpp"
#include "device/matmul_element.hpp"
#include "host/blas.hpp"

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

}  // namespace

template <>
void gemm<host_backend>(const exec&, const gemm_call& call) {
#if NUMCU_HAVE_CPU_BLAS
  if (gemm_on_blas(call)) return;
#endif
  visit_dtype(call.t.id(), [&](auto tag) { gemm_loops<typename decltype(tag)::type>(call); });
}

}  // namespace numcu::detail
