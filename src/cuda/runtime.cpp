#include "cuda/runtime.hpp"

#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "numcu/error.hpp"

namespace numcu::detail {

void throw_cuda_error(cudaError_t code, const char* api, const char* file, int line) {
  const std::string message = std::string(api) + " failed: " + cudaGetErrorName(code) + " (" +
                              cudaGetErrorString(code) + ") at " + file + ":" + std::to_string(line);
  if (code == cudaErrorMemoryAllocation) {
    std::size_t free_bytes = 0, total = 0;
    cudaGetLastError();
    if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) cudaGetLastError();
    throw out_of_memory(message, 0, free_bytes);
  }
  // cudaGetLastError clears a non-sticky error so later calls are not blamed for it
  cudaGetLastError();
  std::string call = api;
  throw cuda_error(call.substr(0, call.find('(')), static_cast<int>(code), message);
}

void require_cuda_device(device d) {
  const int count = cuda_device_count();
  if (count == 0) {
    throw device_error("no CUDA GPU is available (" + d.str() +
                       " requested); use nc::cpu or a machine with a GPU");
  }
  if (d.index() < 0 || d.index() >= count) {
    throw device_error("CUDA device " + std::to_string(d.index()) + " does not exist; " +
                       std::to_string(count) + " GPU(s) visible");
  }
}

cuda_device_guard::cuda_device_guard(device d) {
  int current = 0;
  NUMCU_CUDA_CHECK(cudaGetDevice(&current));
  if (current != d.index()) {
    NUMCU_CUDA_CHECK(cudaSetDevice(d.index()));
    m_previous = current;
  }
}

cuda_device_guard::~cuda_device_guard() {
  if (m_previous >= 0) cudaSetDevice(m_previous);
}

const cudaDeviceProp& device_properties(int ordinal) {
  static std::mutex mutex;
  static std::map<int, cudaDeviceProp> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(ordinal);
  if (it == cache.end()) {
    cudaDeviceProp prop{};
    NUMCU_CUDA_CHECK(cudaGetDeviceProperties(&prop, ordinal));
    it = cache.emplace(ordinal, prop).first;
  }
  return it->second;
}

unsigned resident_blocks(const void* kernel, int block_size, int ordinal) {
  static std::mutex mutex;
  static std::map<std::tuple<const void*, int, int>, unsigned> cache;
  const std::tuple<const void*, int, int> key(kernel, block_size, ordinal);
  {
    std::lock_guard lock(mutex);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
  }
  int per_multiprocessor = 0;
  NUMCU_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, kernel, block_size, 0));
  const auto blocks =
      static_cast<unsigned>(device_properties(ordinal).multiProcessorCount * per_multiprocessor);
  std::lock_guard lock(mutex);
  cache.emplace(key, blocks);
  return blocks;
}

}  // namespace numcu::detail

namespace numcu {

int cuda_device_count() {
  static const int count = [] {
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
      cudaGetLastError();
      return 0;
    }
    return n;
  }();
  return count;
}

}  // namespace numcu
