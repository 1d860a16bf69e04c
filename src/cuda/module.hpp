// Runtime-compiled kernels on the GPU: images (cubin, PTX, fatbin) loaded as CUDA libraries once per process,
// their kernels looked up by name, checked against the device's limits and launched; their __device__ and
// __constant__ globals found by name. The compiling is src/rtc/'s; the checks of arguments against ndarrays
// are the api's.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace numcu::detail::cuda {

/// A kernel of a loaded image (a cudaKernel_t, valid on every GPU).
struct library_kernel {
  const void* handle = nullptr;
};

/// The limits of a kernel on one GPU.
struct kernel_limits {
  int max_threads_per_block = 0;       ///< the kernel's, which its registers may bring under the device's
  std::size_t static_shared = 0;       ///< bytes of __shared__ variables
  std::size_t max_dynamic_shared = 0;  ///< the most dynamic shared memory a launch may ask for
  int registers = 0;                   ///< per thread
  int max_block[3] = {0, 0, 0};        ///< the device's largest block extents
  unsigned max_grid[3] = {0, 0, 0};    ///< the device's largest grid extents
  int multiprocessors = 0;             ///< the device's
};

/// The kernel named @p name (a mangled or extern "C" name) of @p image, which is loaded on first use and kept
/// for the process; throws rtc_error when the image has no such kernel, cuda_error when the image does not
/// load.
library_kernel find_kernel(const std::string& image, const std::string& name);

/// The sizes in bytes of the kernel's parameters, in order; nullopt where the driver cannot say.
std::optional<std::vector<std::size_t>> kernel_parameter_sizes(library_kernel k);

/// The limits of @p k on GPU @p ordinal.
kernel_limits limits_of(library_kernel k, int ordinal);

/// The block size (threads) that gives @p k the highest occupancy on GPU @p ordinal with @p dynamic_shared
/// bytes of dynamic shared memory per block.
int suggested_block_size(library_kernel k, int ordinal, std::size_t dynamic_shared);

/// Queues @p k on @p stream (a cudaStream_t) of GPU @p ordinal; @p args points at each parameter's value.
/// Raises the kernel's dynamic shared memory limit first where @p dynamic_shared with the kernel's
/// @p static_shared passes the 48 KiB a block gets by default. The caller has checked the configuration
/// against limits_of().
void launch_kernel(library_kernel k, int ordinal, const unsigned (&grid)[3], const unsigned (&block)[3],
                   std::size_t dynamic_shared, std::size_t static_shared, void* stream, void** args);

/// The address and size on GPU @p ordinal of the __device__ or __constant__ variable @p name of @p image;
/// throws rtc_error when there is none.
std::pair<void*, std::size_t> find_global(const std::string& image, const std::string& name, int ordinal);

/// Copies @p bytes between host memory and a global found by find_global(), on GPU @p ordinal's current
/// stream, and waits for the copy.
void copy_global(void* device_address, void* host, std::size_t bytes, bool to_device, int ordinal);

}  // namespace numcu::detail::cuda
