/// @file cuda.hpp
/// @brief For code that includes the CUDA runtime (kernels of one's own, compiled by nvcc, beside numcu's):
/// the cudaStream_t of a numcu stream, numcu streams over CUDA streams, and typed views of arrays
/// (numcu/device_view.hpp, ndarray::view) to pass to `__global__` functions. The only public header that
/// includes cuda_runtime.h. Like every numcu header it needs C++20 (`nvcc -std=c++20`).
/// @code
/// __global__ void add(nc::device_view<const float, 1> a, nc::device_view<const float, 1> b,
///                     nc::device_view<float, 1> c) {
///   const int i = blockIdx.x * blockDim.x + threadIdx.x;
///   if (i < c.shape[0]) c(i) = a(i) + b(i);
/// }
/// add<<<blocks, 256, 0, nc::current_cuda_stream()>>>(a.view<const float, 1>(), b.view<const float, 1>(),
///                                                    c.view<float, 1>());
/// @endcode
#pragma once

#include <cuda_runtime.h>

#include "numcu/device_view.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/stream.hpp"

namespace numcu {

/// The cudaStream_t of @p s (nullptr, the legacy default stream, for stream::null()).
inline cudaStream_t cuda_stream(const stream& s) {
  return static_cast<cudaStream_t>(s.native_handle());
}

/// The cudaStream_t numcu queues the work of device @p d on now: launch one's own kernels there to order them
/// with numcu's.
inline cudaStream_t current_cuda_stream(device d = default_device()) {
  return cuda_stream(current_stream(d));
}

}  // namespace numcu
