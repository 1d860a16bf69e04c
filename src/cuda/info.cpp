// numcu::info(): what nvcc --version and a device query would tell, without ever throwing.
#include "numcu/info.hpp"

#include <cuda_runtime.h>
#include <nvrtc.h>

#include <cstdio>
#include <sstream>

#include "numcu/device.hpp"
#include "numcu/rtc.hpp"

namespace numcu {
namespace {

std::string cuda_version_text(int v) {
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

}  // namespace

std::string version() {
  return NUMCU_VERSION;
}

std::string info() {
  std::ostringstream os;
  os << "numcu " << version() << "\n";
  int driver = 0, runtime = 0;
  const bool have_driver = cudaDriverGetVersion(&driver) == cudaSuccess && driver > 0;
  cudaRuntimeGetVersion(&runtime);
  os << "  CUDA driver:  " << (have_driver ? cuda_version_text(driver) : std::string("not found")) << "\n";
  os << "  CUDA runtime: " << cuda_version_text(runtime) << " (numcu was built with CUDA "
     << CUDART_VERSION / 1000 << "." << (CUDART_VERSION % 1000) / 10 << ")\n";
  int nvrtc_major = 0, nvrtc_minor = 0;
  if (nvrtcVersion(&nvrtc_major, &nvrtc_minor) == NVRTC_SUCCESS) {
    os << "  NVRTC:        " << nvrtc_major << "." << nvrtc_minor << "\n";
  } else {
    os << "  NVRTC:        not available\n";
  }
  const int count = cuda_device_count();
  if (count == 0) {
    int n = 0;
    const cudaError_t status = cudaGetDeviceCount(&n);
    cudaGetLastError();
    os << "  GPUs:         none usable (" << cudaGetErrorString(status) << ")\n";
    os << "  The CPU backend runs every operation on the host.\n";
  } else {
    os << "  GPUs:         " << count << "\n";
    for (int i = 0; i < count; ++i) {
      cudaDeviceProp p{};
      if (cudaGetDeviceProperties(&p, i) != cudaSuccess) {
        cudaGetLastError();
        os << "    cuda:" << i << "  (properties unavailable)\n";
        continue;
      }
      char memory[32];
      std::snprintf(memory, sizeof memory, "%.1f GiB", static_cast<double>(p.totalGlobalMem) / (1u << 30));
      os << "    cuda:" << i << "  " << p.name << ", compute capability " << p.major << "." << p.minor << ", "
         << p.multiProcessorCount << " multiprocessors, " << memory << ", L2 " << p.l2CacheSize / (1 << 20)
         << " MiB\n";
    }
  }
  os << "  default device: " << default_device().str() << "\n";
  const std::string cache = kernel_cache_directory();
  os << "  runtime kernels: compiled with";
  for (const std::string& o : kernel_compile_options("sm_XX")) os << " " << o;
  os << " and the module's options; cached in memory and in "
     << (cache.empty() ? std::string("no directory (set NUMCU_CACHE_DIR)") : cache) << "\n";
  return os.str();
}

}  // namespace numcu
