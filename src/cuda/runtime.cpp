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

unsigned resident_blocks(const void* kernel, int block_size, int ordinal, std::size_t dynamic_shared) {
  static std::mutex mutex;
  static std::map<std::tuple<const void*, int, int, std::size_t>, unsigned> cache;
  const std::tuple<const void*, int, int, std::size_t> key(kernel, block_size, ordinal, dynamic_shared);
  {
    std::lock_guard lock(mutex);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
  }
  // a kernel may use more than the default 48 KiB of dynamic shared memory only once allowed to (per GPU)
  if (dynamic_shared > 0) {
    NUMCU_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(dynamic_shared)));
  }
  int per_multiprocessor = 0;
  NUMCU_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, kernel, block_size, dynamic_shared));
  const auto blocks =
      static_cast<unsigned>(device_properties(ordinal).multiProcessorCount * per_multiprocessor);
  std::lock_guard lock(mutex);
  cache.emplace(key, blocks);
  return blocks;
}

}  // namespace numcu::detail

namespace numcu {
namespace {

int attribute(cudaDeviceAttr which, int ordinal) {
  int value = 0;
  NUMCU_CUDA_CHECK(cudaDeviceGetAttribute(&value, which, ordinal));
  return value;
}

// cudaDeviceProp in numcu's names. The clock rates, which CUDA 13 dropped from cudaDeviceProp, and cluster
// launch, a field only later CUDA 12 releases have, come from device attributes that every supported CUDA
// has.
device_properties properties_of(int ordinal) {
  const cudaDeviceProp& p = detail::device_properties(ordinal);
  device_properties out;
  out.name = p.name;
  out.compute_capability_major = p.major;
  out.compute_capability_minor = p.minor;
  out.multiprocessor_count = p.multiProcessorCount;
  out.warp_size = p.warpSize;
  out.max_threads_per_block = p.maxThreadsPerBlock;
  out.max_block_dims = {p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2]};
  out.max_grid_dims = {p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]};
  out.max_threads_per_multiprocessor = p.maxThreadsPerMultiProcessor;
  out.max_blocks_per_multiprocessor = p.maxBlocksPerMultiProcessor;
  out.shared_memory_per_block = p.sharedMemPerBlock;
  out.shared_memory_per_block_optin = p.sharedMemPerBlockOptin;
  out.shared_memory_per_multiprocessor = p.sharedMemPerMultiprocessor;
  out.reserved_shared_memory_per_block = p.reservedSharedMemPerBlock;
  out.registers_per_block = p.regsPerBlock;
  out.registers_per_multiprocessor = p.regsPerMultiprocessor;
  out.total_memory = p.totalGlobalMem;
  out.total_constant_memory = p.totalConstMem;
  out.l2_cache_size = static_cast<std::size_t>(p.l2CacheSize);
  out.persisting_l2_cache_max_size = static_cast<std::size_t>(p.persistingL2CacheMaxSize);
  out.memory_bus_width = p.memoryBusWidth;
  out.clock_rate_khz = attribute(cudaDevAttrClockRate, ordinal);
  out.memory_clock_rate_khz = attribute(cudaDevAttrMemoryClockRate, ordinal);
  out.async_engine_count = p.asyncEngineCount;
  out.concurrent_kernels = p.concurrentKernels != 0;
  out.cooperative_launch = p.cooperativeLaunch != 0;
  out.cluster_launch = attribute(cudaDevAttrClusterLaunch, ordinal) != 0;
  out.managed_memory = p.managedMemory != 0;
  out.concurrent_managed_access = p.concurrentManagedAccess != 0;
  out.unified_addressing = p.unifiedAddressing != 0;
  out.integrated = p.integrated != 0;
  out.ecc_enabled = p.ECCEnabled != 0;
  out.pci_domain_id = p.pciDomainID;
  out.pci_bus_id = p.pciBusID;
  out.pci_device_id = p.pciDeviceID;
  return out;
}

}  // namespace

device_properties get_device_properties(device d) {
  if (d.is_cpu()) {
    throw device_error(
        "get_device_properties: cpu is not a CUDA device; device properties describe a GPU "
        "(nc::cuda(i))");
  }
  detail::require_cuda_device(d);
  static std::mutex mutex;
  static std::map<int, device_properties> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(d.index());
  if (it == cache.end()) it = cache.emplace(d.index(), properties_of(d.index())).first;
  return it->second;
}

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
