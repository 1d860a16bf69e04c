// The Fortran BLAS routines the host backend calls (the reference BLAS interface, which OpenBLAS exports with
// 32-bit integers: column-major matrices, every argument by address, a hidden length after the character
// arguments). Declared only where the build found a BLAS (NUMCU_HAVE_CPU_BLAS).
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
