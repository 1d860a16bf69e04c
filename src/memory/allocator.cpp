// Device buffers from CUDA's stream-ordered pool, host buffers from aligned_alloc, and their accounting.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include "core/exec.hpp"
#include "memory/buffer.hpp"
#include "cuda/runtime.hpp"
#include "numcu/error.hpp"
#include "numcu/memory.hpp"

namespace numcu {
namespace {

// Small GPU blocks freed by arrays on the default stream are kept on the host, per size, and handed out
// again without a call into CUDA: a pool call costs about 0.5 us, a tenth of a small op. Stream order keeps
// a block safe to reuse at once on the stream it was freed on; blocks of other streams go back to the pool.
constexpr std::size_t small_block_limit = 1u << 20;
constexpr std::size_t small_block_granule = 512;
constexpr std::size_t small_cache_limit = 64u << 20;

struct allocator_state {
  std::mutex cache_mutex;
  // freed default-stream blocks, bucket i holding blocks of (i + 1) granules; sized on first use
  std::vector<std::vector<void*>> small_blocks;
  std::size_t small_cached = 0;  // bytes in small_blocks
  std::atomic<std::size_t> in_use{0};
  std::atomic<std::size_t> peak{0};
  std::atomic<std::size_t> limit{0};
  std::atomic<std::uint64_t> allocations{0};
  cudaMemPool_t pool = nullptr;
  std::once_flag pool_configured;
};

constexpr int max_gpus = 64;
allocator_state host_state;
std::array<allocator_state, max_gpus> gpu_states;

allocator_state& state_of(device d) {
  return d.is_cpu() ? host_state : gpu_states[d.index()];
}

std::string mib(std::size_t bytes) {
  char text[64];
  std::snprintf(text, sizeof text, "%.2f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

// Keeps freed blocks in the pool instead of returning them to the driver at each synchronization.
cudaMemPool_t configured_pool(device d) {
  allocator_state& s = state_of(d);
  std::call_once(s.pool_configured, [&] {
    NUMCU_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&s.pool, d.index()));
    std::uint64_t threshold = UINT64_MAX;
    NUMCU_CUDA_CHECK(cudaMemPoolSetAttribute(s.pool, cudaMemPoolAttrReleaseThreshold, &threshold));
  });
  return s.pool;
}

void count_allocation(allocator_state& s, std::size_t nbytes) {
  const std::size_t now = s.in_use.fetch_add(nbytes) + nbytes;
  std::size_t peak = s.peak.load();
  while (now > peak && !s.peak.compare_exchange_weak(peak, now)) {
  }
  s.allocations.fetch_add(1);
}

void enforce_limit(device d, std::size_t nbytes) {
  allocator_state& s = state_of(d);
  const std::size_t limit = s.limit.load();
  if (limit == 0 || s.in_use.load() + nbytes <= limit) return;
  if (d.is_cuda()) free_cached_memory(d);
  const std::size_t in_use = s.in_use.load();
  if (in_use + nbytes <= limit) return;
  const std::size_t available = limit > in_use ? limit - in_use : 0;
  throw out_of_memory("out of memory on " + d.str() + ": tried to allocate " + mib(nbytes) + " (" +
                          std::to_string(nbytes) + " bytes) with " + mib(in_use) +
                          " in use under a limit of " + mib(limit) + " (" + mib(available) + " available)",
                      nbytes, available);
}

// True for a block the small-block cache takes: small, and on the default stream.
bool cacheable(std::size_t nbytes, const void* stream) {
  return nbytes <= small_block_limit && stream == nullptr;
}

std::size_t small_size(std::size_t nbytes) {
  return (nbytes + small_block_granule - 1) / small_block_granule * small_block_granule;
}

// The bucket of small_blocks that holds blocks of @p nbytes (a small_size).
std::size_t small_bucket(std::size_t nbytes) {
  return nbytes / small_block_granule - 1;
}

// Returns the small blocks kept for @p d to the pool, on the default stream they were freed on.
void release_small_blocks(device d) {
  allocator_state& s = state_of(d);
  std::lock_guard lock(s.cache_mutex);
  for (std::vector<void*>& bucket : s.small_blocks) {
    for (void* p : bucket) NUMCU_CUDA_CHECK(cudaFreeAsync(p, nullptr));
    bucket.clear();
  }
  s.small_cached = 0;
}

void* take_small_block(device d, std::size_t nbytes) {
  allocator_state& s = state_of(d);
  std::lock_guard lock(s.cache_mutex);
  const std::size_t size = small_size(nbytes);
  if (s.small_blocks.empty()) return nullptr;
  std::vector<void*>& bucket = s.small_blocks[small_bucket(size)];
  if (bucket.empty()) return nullptr;
  void* p = bucket.back();
  bucket.pop_back();
  s.small_cached -= size;
  return p;
}

// Keeps a freed small block for reuse; false when the cache is full.
bool keep_small_block(device d, void* p, std::size_t nbytes) {
  allocator_state& s = state_of(d);
  const std::size_t size = small_size(nbytes);
  std::lock_guard lock(s.cache_mutex);
  if (s.small_cached + size > small_cache_limit) return false;
  if (s.small_blocks.empty()) s.small_blocks.resize(small_block_limit / small_block_granule);
  s.small_blocks[small_bucket(size)].push_back(p);
  s.small_cached += size;
  return true;
}

void* allocate_on_gpu(device d, std::size_t nbytes, cudaStream_t stream) {
  cudaMemPool_t pool = configured_pool(d);
  if (nbytes <= small_block_limit) nbytes = small_size(nbytes);
  void* p = nullptr;
  cudaError_t status = cudaMallocAsync(&p, nbytes, stream);
  if (status == cudaErrorMemoryAllocation) {
    // Return what numcu and the pool cache to the driver, then try once more.
    cudaGetLastError();
    release_small_blocks(d);
    NUMCU_CUDA_CHECK(cudaDeviceSynchronize());
    NUMCU_CUDA_CHECK(cudaMemPoolTrimTo(pool, 0));
    status = cudaMallocAsync(&p, nbytes, stream);
  }
  if (status == cudaErrorMemoryAllocation) {
    cudaGetLastError();
    std::size_t free_bytes = 0, total = 0;
    NUMCU_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
    throw out_of_memory("out of memory on " + d.str() + ": tried to allocate " + mib(nbytes) + " (" +
                            std::to_string(nbytes) + " bytes); " + mib(free_bytes) + " free of " + mib(total),
                        nbytes, free_bytes);
  }
  NUMCU_CUDA_CHECK(status);
  return p;
}

// Page-locked host memory, portable: every GPU's copy engines reach it directly, not only the current one's.
std::shared_ptr<detail::buffer> allocate_pinned(std::size_t nbytes, dtype t) {
  enforce_limit(cpu, nbytes);
  auto b = std::make_shared<detail::buffer>();
  b->where = cpu;
  b->dtype = t;
  b->pinned = true;
  if (nbytes == 0) return b;
  void* p = nullptr;
  const cudaError_t status = cudaHostAlloc(&p, nbytes, cudaHostAllocPortable);
  if (status == cudaErrorMemoryAllocation) {
    cudaGetLastError();
    throw out_of_memory("out of page-locked host memory: tried to allocate " + mib(nbytes) + " (" +
                            std::to_string(nbytes) + " bytes)",
                        nbytes, 0);
  }
  NUMCU_CUDA_CHECK(status);
  b->data = p;
  b->nbytes = nbytes;
  count_allocation(host_state, nbytes);
  return b;
}

}  // namespace

namespace detail {

buffer::~buffer() {
  if (!owned || data == nullptr) return;
  if (where.is_cpu()) {
    if (pinned) {
      cudaFreeHost(data);
    } else {
      std::free(data);
    }
  } else if (!cacheable(nbytes, stream) || !keep_small_block(where, data, nbytes)) {
    // A destructor cannot throw: a failing free can only be reported by a later call.
    int current = -1;
    cudaGetDevice(&current);
    if (current != where.index()) cudaSetDevice(where.index());
    cudaFreeAsync(data, static_cast<cudaStream_t>(stream));
    if (current >= 0 && current != where.index()) cudaSetDevice(current);
  }
  state_of(where).in_use.fetch_sub(nbytes);
}

std::shared_ptr<buffer> allocate(device where, std::size_t nbytes, dtype t) {
  if (where.is_cuda()) require_cuda_device(where);
  enforce_limit(where, nbytes);
  auto b = std::make_shared<buffer>();
  b->where = where;
  b->dtype = t;
  if (nbytes == 0) return b;
  if (where.is_cpu()) {
    const std::size_t rounded = (nbytes + 63) / 64 * 64;
    b->data = std::aligned_alloc(64, rounded);
    if (b->data == nullptr) {
      throw out_of_memory("out of host memory: tried to allocate " + mib(nbytes), nbytes, 0);
    }
  } else {
    b->stream = current_cuda_stream(where.index());
    if (b->stream != nullptr) b->stream_owner = current_stream_owner(where.index());
    if (cacheable(nbytes, b->stream)) b->data = take_small_block(where, nbytes);
    if (b->data == nullptr) {
      cuda_device_guard guard(where);
      b->data = allocate_on_gpu(where, nbytes, static_cast<cudaStream_t>(b->stream));
    }
  }
  b->nbytes = nbytes;
  count_allocation(state_of(where), nbytes);
  return b;
}

ndarray new_array(const shape_t& shape, dtype t, device where) {
  const auto nbytes = static_cast<std::size_t>(array_nbytes(shape, t.itemsize()));
  return ndarray(allocate(where, nbytes, t), t, shape, c_strides(shape, t.itemsize()), 0, false);
}

ndarray new_pinned_array(const shape_t& shape, dtype t) {
  const auto nbytes = static_cast<std::size_t>(array_nbytes(shape, t.itemsize()));
  return ndarray(allocate_pinned(nbytes, t), t, shape, c_strides(shape, t.itemsize()), 0, false);
}

exec::~exec() = default;

void* exec::workspace(std::size_t bytes) const {
  m_scratch.reserve(4);
  return m_scratch.emplace_back(allocate(m_where, bytes, uint8))->data;
}

}  // namespace detail

memory_stats_t memory_stats(device d) {
  if (d.is_cuda()) detail::require_cuda_device(d);
  allocator_state& s = state_of(d);
  memory_stats_t stats;
  stats.in_use = s.in_use.load();
  stats.peak = s.peak.load();
  stats.limit = s.limit.load();
  stats.allocations = s.allocations.load();
  if (d.is_cuda()) {
    std::uint64_t reserved = 0, used = 0;
    cudaMemPool_t pool = configured_pool(d);
    NUMCU_CUDA_CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved));
    NUMCU_CUDA_CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
    stats.cached = reserved > used ? static_cast<std::size_t>(reserved - used) : 0;
    std::lock_guard lock(s.cache_mutex);
    stats.cached += s.small_cached;
  }
  return stats;
}

void reset_peak_memory_stats(device d) {
  if (d.is_cuda()) detail::require_cuda_device(d);
  allocator_state& s = state_of(d);
  s.peak.store(s.in_use.load());
}

void free_cached_memory(device d) {
  if (d.is_cpu()) return;
  detail::require_cuda_device(d);
  detail::cuda_device_guard guard(d);
  release_small_blocks(d);
  NUMCU_CUDA_CHECK(cudaDeviceSynchronize());
  NUMCU_CUDA_CHECK(cudaMemPoolTrimTo(configured_pool(d), 0));
}

void set_memory_limit(std::size_t bytes, device d) {
  if (d.is_cuda()) detail::require_cuda_device(d);
  state_of(d).limit.store(bytes);
}

}  // namespace numcu
