#include "cuda/module.hpp"

#include <cuda.h>
#include <cuda_runtime.h>

#include <map>
#include <mutex>

#include "cuda/runtime.hpp"
#include "numcu/error.hpp"

namespace numcu::detail::cuda {

namespace {

/// The loaded libraries, by image; never unloaded, since kernels launched from them may still be queued.
cudaLibrary_t library_of(const std::string& image) {
  static std::mutex mutex;
  static std::map<std::string, cudaLibrary_t> libraries;
  std::lock_guard lock(mutex);
  if (auto it = libraries.find(image); it != libraries.end()) return it->second;
  cudaLibrary_t library = nullptr;
  NUMCU_CUDA_CHECK(cudaLibraryLoadData(&library, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
  libraries.emplace(image, library);
  return library;
}

cudaKernel_t kernel_of(library_kernel k) {
  return static_cast<cudaKernel_t>(const_cast<void*>(k.handle));
}

using param_info_fn = CUresult (*)(CUkernel, std::size_t, std::size_t*, std::size_t*);

/// cuKernelGetParamInfo, reached through the runtime so that the library does not link the driver; null
/// where the driver is older than the entry point.
param_info_fn param_info() {
  static const param_info_fn fn = [] {
    void* p = nullptr;
    cudaDriverEntryPointQueryResult found{};
    if (cudaGetDriverEntryPointByVersion("cuKernelGetParamInfo", &p, 12040, cudaEnableDefault, &found) !=
            cudaSuccess ||
        found != cudaDriverEntryPointSuccess) {
      cudaGetLastError();
      return param_info_fn{nullptr};
    }
    return reinterpret_cast<param_info_fn>(p);
  }();
  return fn;
}

}  // namespace

library_kernel find_kernel(const std::string& image, const std::string& name) {
  const cudaLibrary_t library = library_of(image);
  cudaKernel_t kernel = nullptr;
  const cudaError_t status = cudaLibraryGetKernel(&kernel, library, name.c_str());
  if (status == cudaErrorSymbolNotFound || status == cudaErrorInvalidDeviceFunction) {
    cudaGetLastError();
    throw rtc_error("numcu: the module has no kernel named '" + name +
                    "' (declare it extern \"C\" __global__, or give its name expression to the module)");
  }
  NUMCU_CUDA_CHECK(status);
  return library_kernel{kernel};
}

std::optional<std::vector<std::size_t>> kernel_parameter_sizes(library_kernel k) {
  const param_info_fn fn = param_info();
  if (fn == nullptr) return std::nullopt;
  std::vector<std::size_t> sizes;
  for (std::size_t i = 0;; ++i) {
    std::size_t offset = 0, size = 0;
    const CUresult r = fn(reinterpret_cast<CUkernel>(kernel_of(k)), i, &offset, &size);
    if (r == CUDA_ERROR_INVALID_VALUE) break;  // past the last parameter
    if (r != CUDA_SUCCESS) return std::nullopt;
    sizes.push_back(size);
  }
  return sizes;
}

kernel_limits limits_of(library_kernel k, int ordinal) {
  const cuda_device_guard guard(numcu::cuda(ordinal));
  cudaFuncAttributes attributes{};
  NUMCU_CUDA_CHECK(cudaFuncGetAttributes(&attributes, k.handle));
  const cudaDeviceProp& prop = device_properties(ordinal);
  kernel_limits l;
  l.max_threads_per_block = attributes.maxThreadsPerBlock;
  l.static_shared = attributes.sharedSizeBytes;
  l.max_dynamic_shared = prop.sharedMemPerBlockOptin - attributes.sharedSizeBytes;
  l.registers = attributes.numRegs;
  l.multiprocessors = prop.multiProcessorCount;
  for (int d = 0; d < 3; ++d) {
    l.max_block[d] = prop.maxThreadsDim[d];
    l.max_grid[d] = static_cast<unsigned>(prop.maxGridSize[d]);
  }
  return l;
}

int suggested_block_size(library_kernel k, int ordinal, std::size_t dynamic_shared) {
  const cuda_device_guard guard(numcu::cuda(ordinal));
  int grid = 0, block = 0;
  NUMCU_CUDA_CHECK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, k.handle, dynamic_shared, 0));
  return block;
}

void launch_kernel(library_kernel k, int ordinal, const unsigned (&grid)[3], const unsigned (&block)[3],
                   std::size_t dynamic_shared, std::size_t static_shared, void* stream, void** args) {
  const cuda_device_guard guard(numcu::cuda(ordinal));
  // a block gets 48 KiB of shared memory, static and dynamic together, unless the kernel asks for more
  if (dynamic_shared + static_shared > 48 * 1024) {
    NUMCU_CUDA_CHECK(cudaKernelSetAttributeForDevice(kernel_of(k),
                                                     cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                     static_cast<int>(dynamic_shared), ordinal));
  }
  NUMCU_CUDA_CHECK(cudaLaunchKernel(k.handle, dim3(grid[0], grid[1], grid[2]),
                                    dim3(block[0], block[1], block[2]), args, dynamic_shared,
                                    static_cast<cudaStream_t>(stream)));
}

std::pair<void*, std::size_t> find_global(const std::string& image, const std::string& name, int ordinal) {
  const cudaLibrary_t library = library_of(image);
  const cuda_device_guard guard(numcu::cuda(ordinal));
  void* address = nullptr;
  std::size_t bytes = 0;
  const cudaError_t status = cudaLibraryGetGlobal(&address, &bytes, library, name.c_str());
  if (status == cudaErrorSymbolNotFound || status == cudaErrorInvalidSymbol) {
    cudaGetLastError();
    throw rtc_error("numcu: the module has no __device__ or __constant__ variable named '" + name + "'");
  }
  NUMCU_CUDA_CHECK(status);
  return {address, bytes};
}

void copy_global(void* device_address, void* host, std::size_t bytes, bool to_device, int ordinal) {
  const cuda_device_guard guard(numcu::cuda(ordinal));
  const cudaStream_t stream = current_cuda_stream(ordinal);
  if (to_device) {
    NUMCU_CUDA_CHECK(cudaMemcpyAsync(device_address, host, bytes, cudaMemcpyHostToDevice, stream));
  } else {
    NUMCU_CUDA_CHECK(cudaMemcpyAsync(host, device_address, bytes, cudaMemcpyDeviceToHost, stream));
  }
  NUMCU_CUDA_CHECK(cudaStreamSynchronize(stream));
}

}  // namespace numcu::detail::cuda
