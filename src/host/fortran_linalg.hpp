// The Fortran BLAS and LAPACK routines the host backend calls (the reference interfaces, which OpenBLAS
// exports with 32-bit integers: column-major matrices, every argument by address, a hidden length after each
// character argument). Declared only where the build found them (NUMCU_HAVE_CPU_BLAS, NUMCU_HAVE_CPU_LAPACK).
#pragma once

#include <cstddef>

#if NUMCU_HAVE_CPU_BLAS

extern "C" {
void sgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
            const float* alpha, const float* a, const int* lda, const float* b, const int* ldb,
            const float* beta, float* c, const int* ldc, std::size_t transa_length,
            std::size_t transb_length);
void dgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
            const double* alpha, const double* a, const int* lda, const double* b, const int* ldb,
            const double* beta, double* c, const int* ldc, std::size_t transa_length,
            std::size_t transb_length);
// complex arguments are pairs (re, im) of the part type
void cgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
            const float* alpha, const void* a, const int* lda, const void* b, const int* ldb,
            const float* beta, void* c, const int* ldc, std::size_t transa_length, std::size_t transb_length);
void zgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
            const double* alpha, const void* a, const int* lda, const void* b, const int* ldb,
            const double* beta, void* c, const int* ldc, std::size_t transa_length,
            std::size_t transb_length);
}

#endif

#if NUMCU_HAVE_CPU_LAPACK

extern "C" {
// LU factorization with partial pivoting, and the solve with its factors
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void zgetrf_(const int* m, const int* n, void* a, const int* lda, int* ipiv, int* info);
void dgetrs_(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda,
             const int* ipiv, double* b, const int* ldb, int* info, std::size_t trans_length);
void zgetrs_(const char* trans, const int* n, const int* nrhs, const void* a, const int* lda, const int* ipiv,
             void* b, const int* ldb, int* info, std::size_t trans_length);
// Cholesky factorization
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info, std::size_t uplo_length);
void zpotrf_(const char* uplo, const int* n, void* a, const int* lda, int* info, std::size_t uplo_length);
// eigenvalues and eigenvectors of symmetric and Hermitian matrices (divide and conquer)
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w,
             double* work, const int* lwork, int* iwork, const int* liwork, int* info,
             std::size_t jobz_length, std::size_t uplo_length);
void zheevd_(const char* jobz, const char* uplo, const int* n, void* a, const int* lda, double* w, void* work,
             const int* lwork, double* rwork, const int* lrwork, int* iwork, const int* liwork, int* info,
             std::size_t jobz_length, std::size_t uplo_length);
// eigenvalues and right eigenvectors of general matrices
void dgeev_(const char* jobvl, const char* jobvr, const int* n, double* a, const int* lda, double* wr,
            double* wi, double* vl, const int* ldvl, double* vr, const int* ldvr, double* work,
            const int* lwork, int* info, std::size_t jobvl_length, std::size_t jobvr_length);
void zgeev_(const char* jobvl, const char* jobvr, const int* n, void* a, const int* lda, void* w, void* vl,
            const int* ldvl, void* vr, const int* ldvr, void* work, const int* lwork, double* rwork,
            int* info, std::size_t jobvl_length, std::size_t jobvr_length);
// singular value decomposition
void dgesvd_(const char* jobu, const char* jobvt, const int* m, const int* n, double* a, const int* lda,
             double* s, double* u, const int* ldu, double* vt, const int* ldvt, double* work,
             const int* lwork, int* info, std::size_t jobu_length, std::size_t jobvt_length);
void zgesvd_(const char* jobu, const char* jobvt, const int* m, const int* n, void* a, const int* lda,
             double* s, void* u, const int* ldu, void* vt, const int* ldvt, void* work, const int* lwork,
             double* rwork, int* info, std::size_t jobu_length, std::size_t jobvt_length);
// QR factorization and its Q
void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work,
             const int* lwork, int* info);
void zgeqrf_(const int* m, const int* n, void* a, const int* lda, void* tau, void* work, const int* lwork,
             int* info);
void dorgqr_(const int* m, const int* n, const int* k, double* a, const int* lda, const double* tau,
             double* work, const int* lwork, int* info);
void zungqr_(const int* m, const int* n, const int* k, void* a, const int* lda, const void* tau, void* work,
             const int* lwork, int* info);
}

#endif
