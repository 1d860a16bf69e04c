// Host-side helpers around the CUDA runtime: the checking macro, device selection, cached properties.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include <memory>

#include "numcu/device.hpp"
#include "numcu/stream.hpp"

namespace numcu::detail {

/// Throws cuda_error naming @p api, the error string, file and line (out_of_memory for allocation failures).
[[noreturn]] void throw_cuda_error(cudaError_t code, const char* api, const char* file, int line);

/// Checks the cudaError_t of a runtime call; on failure throws numcu::cuda_error.
#define NUMCU_CUDA_CHECK(call)                                                     \
  do {                                                                             \
    const cudaError_t numcu_status_ = (call);                                      \
    if (numcu_status_ != cudaSuccess)                                              \
      ::numcu::detail::throw_cuda_error(numcu_status_, #call, __FILE__, __LINE__); \
  } while (0)

/// Checks that the kernel launch just made succeeded.
#define NUMCU_CHECK_LAUNCH() NUMCU_CUDA_CHECK(cudaGetLastError())

/// Throws device_error unless @p d is a GPU that exists.
void require_cuda_device(device d);

/// Makes @p d the current CUDA device for the guard's lifetime (restores the previous one after).
class cuda_device_guard {
 public:
  explicit cuda_device_guard(device d);
  ~cuda_device_guard();
  cuda_device_guard(const cuda_device_guard&) = delete;
  cuda_device_guard& operator=(const cuda_device_guard&) = delete;

 private:
  int m_previous = -1;
};

/// The properties of GPU @p ordinal, queried once.
const cudaDeviceProp& device_properties(int ordinal);

/// Blocks of @p block_size threads of @p kernel, each with @p dynamic_shared bytes of dynamic shared memory,
/// that GPU @p ordinal (the current one) keeps resident at once, queried once per kernel, block size, shared
/// memory and GPU (the occupancy query costs as much as a launch). With @p dynamic_shared > 0 the first query
/// also allows the kernel that much dynamic shared memory on the GPU, so that its launches need not.
unsigned resident_blocks(const void* kernel, int block_size, int ordinal, std::size_t dynamic_shared = 0);

/// The current stream of GPU @p ordinal for this thread, without the checks of current_stream().
cudaStream_t current_cuda_stream(int ordinal);

/// The owner of the current stream of GPU @p ordinal (empty for the default stream): a buffer holds it so
/// that the stream it will be freed on outlives it.
std::shared_ptr<void> current_stream_owner(int ordinal);

}  // namespace numcu::detail
