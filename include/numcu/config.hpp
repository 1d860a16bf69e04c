/// @file config.hpp
/// @brief Compile-time settings shared by every numcu header.
#pragma once

// Also compiled by NVRTC in runtime-compiled kernels: includes nothing.

/// Marks a function callable from host and device code when compiled by nvcc; empty for a plain C++ compiler.
#if defined(__CUDACC__)
#define NUMCU_HD __host__ __device__
#else
#define NUMCU_HD
#endif

namespace numcu {

/// The largest number of dimensions an ndarray may have (NumPy 2 allows 64; CuPy and PyTorch 25).
inline constexpr int max_dims = 32;

}  // namespace numcu
