#include "memory/transfer.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cuda/runtime.hpp"
#include "memory/buffer.hpp"
#include "numcu/error.hpp"

namespace numcu::detail {
namespace {

// Below this, one cudaMemcpyAsync from pageable memory (staged by the driver) is as fast as anything.
constexpr std::size_t h2d_staging_threshold = 4u << 20;
// Into pages already touched the driver's own path is fast (about 13 GB/s on the H200); staging pays off
// where the destination's page faults and copying are spread over several host threads, which only outweighs
// starting them for copies of a few chunks or more.
constexpr std::size_t d2h_staging_threshold = 16u << 20;
// A chunk is about 0.15 ms of DMA at a PCIe 5 link's 55 GB/s: long enough that handing it to the host threads
// (a few microseconds) is noise, short enough that the pipeline fills at once. Four per direction keep the
// DMA engine fed while the host copies one, for 32 MiB of pinned memory each.
constexpr std::size_t chunk_bytes = 8u << 20;
constexpr int chunk_count = 4;
// Parallel page faults and copies stop scaling at about this many threads (the kernel's page allocator and
// memory bandwidth take over), and a transfer should not take every core of the host.
constexpr std::size_t max_host_threads = 8;
// One thread per this many bytes, so that a copy just past a threshold does not start eight threads.
constexpr std::size_t bytes_per_host_thread = chunk_bytes;
// The smallest page size in use; on larger pages the extra stores land on pages already touched.
constexpr std::size_t page_bytes = 4096;

std::size_t host_threads_for(std::size_t nbytes) {
  if (nbytes < 2 * bytes_per_host_thread) return 1;
  static const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());  // reads /sys: once
  return std::min({nbytes / bytes_per_host_thread, max_host_threads, cores});
}

// Host threads that split each copy between them, the calling thread taking the first part. The first write
// to a fresh page costs a page fault (the kernel allocates and zeroes the page) and one thread takes them one
// after another, which is what makes a copy into new memory several times slower than into memory in use;
// several threads take them in parallel, and copy faster besides.
//
// The threads live for one transfer: starting them costs tens of microseconds against the milliseconds of a
// transfer past the thresholds, and a pool kept between calls would outlive its use, idle in every process
// and complicate fork(). Helpers only copy and touch memory, which cannot throw, and every CUDA call stays on
// the calling thread, so errors reach the caller as numcu exceptions; a helper that cannot be started only
// leaves the work to fewer threads.
class host_crew {
 public:
  explicit host_crew(std::size_t nbytes) {
    const std::size_t wanted = host_threads_for(nbytes);
    try {
      m_threads.reserve(wanted - 1);
      for (std::size_t part = 1; part < wanted; ++part) m_threads.emplace_back(&host_crew::serve, this, part);
    } catch (const std::exception&) {
      // no thread (or no memory) for another helper: the ones started share the work
    }
    m_parts = m_threads.size() + 1;
  }

  ~host_crew() {
    if (m_threads.empty()) return;
    m_stop = true;
    m_generation.fetch_add(1, std::memory_order_release);
    m_generation.notify_all();
    for (std::thread& t : m_threads) t.join();
  }

  host_crew(const host_crew&) = delete;
  host_crew& operator=(const host_crew&) = delete;

  /// Copies [src, src + n) to @p dst; with @p src null, writes a zero byte to each page of [dst, dst + n).
  /// Returns once every part is done.
  void run(char* dst, const char* src, std::size_t n) {
    m_dst = dst;
    m_src = src;
    m_n = n;
    if (!m_threads.empty()) {
      m_pending.store(static_cast<unsigned>(m_threads.size()), std::memory_order_relaxed);
      m_generation.fetch_add(1, std::memory_order_release);
      m_generation.notify_all();
    }
    do_part(0);
    for (unsigned left; (left = m_pending.load(std::memory_order_acquire)) != 0;) {
      m_pending.wait(left, std::memory_order_acquire);
    }
  }

 private:
  // A helper's loop: one part of each job until the crew is dismissed. A job is never posted before every
  // helper has finished the previous one, so no generation goes unseen.
  void serve(std::size_t part) noexcept {
    for (unsigned seen = 0;;) {
      m_generation.wait(seen, std::memory_order_acquire);
      seen = m_generation.load(std::memory_order_acquire);
      if (m_stop) return;
      do_part(part);
      if (m_pending.fetch_sub(1, std::memory_order_acq_rel) == 1) m_pending.notify_one();
    }
  }

  // Where part @p part of the job starts: on a page boundary, so that no two threads fault the same page.
  std::size_t bound(std::size_t part) const noexcept {
    if (part == 0) return 0;
    if (part >= m_parts) return m_n;
    const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(m_dst);
    const std::uintptr_t at = start + (m_n + m_parts - 1) / m_parts * part;
    return std::min<std::size_t>(m_n, (at + page_bytes - 1) / page_bytes * page_bytes - start);
  }

  void do_part(std::size_t part) noexcept {
    const std::size_t begin = bound(part), end = bound(part + 1);
    if (begin >= end) return;
    if (m_src != nullptr) {
      std::memcpy(m_dst + begin, m_src + begin, end - begin);
    } else {
      touch(m_dst + begin, end - begin);
    }
  }

  // Touches storage the caller owns but may not have constructed elements in yet (a reserved std::vector),
  // which a sanitizer's container annotations would report.
  __attribute__((no_sanitize("address"))) static void touch(char* p, std::size_t n) noexcept {
    volatile char* bytes = p;
    for (std::size_t i = 0; i < n; i += page_bytes) bytes[i] = 0;
    bytes[n - 1] = 0;  // the last page, when p is not page-aligned
  }

  std::size_t m_parts = 1;
  char* m_dst = nullptr;
  const char* m_src = nullptr;
  std::size_t m_n = 0;
  bool m_stop = false;  // like the job, written before a generation is posted and read after
  std::atomic<unsigned> m_generation{0};
  std::atomic<unsigned> m_pending{0};  // 32 bits, what a futex waits on directly
  std::vector<std::thread> m_threads;
};

struct staging_area {
  std::mutex mutex;
  std::array<void*, chunk_count> chunks{};
  std::array<cudaEvent_t, chunk_count> done{};
  int ordinal = -1;
};

// One area per direction, so that an upload and a download from two threads use both DMA directions at once.
staging_area& staging(cudaMemcpyKind kind) {
  static staging_area to_device, to_host;
  return kind == cudaMemcpyHostToDevice ? to_device : to_host;
}

// The staging buffers and their events, created on first use (events belong to the device they record on).
void prepare(staging_area& s, int ordinal) {
  for (void*& c : s.chunks) {
    if (c == nullptr) NUMCU_CUDA_CHECK(cudaHostAlloc(&c, chunk_bytes, cudaHostAllocPortable));
  }
  if (s.ordinal != ordinal) {
    s.ordinal = -1;  // until every event belongs to the new device
    for (auto& e : s.done) {
      if (e != nullptr) NUMCU_CUDA_CHECK(cudaEventDestroy(e));
      e = nullptr;
      NUMCU_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    }
    s.ordinal = ordinal;
  }
}

// After an error mid-pipeline, copies already queued may still use the staging chunks, and must finish before
// the next transfer takes them. The error being thrown is the one to report, so this wait's status is not.
void drain_after_error(cudaStream_t stream) {
  static_cast<void>(cudaStreamSynchronize(stream));
}

// One copy queued on @p stream; nothing for an empty range.
void enqueue_copy(void* dst, const void* src, std::size_t nbytes, cudaMemcpyKind kind, cudaStream_t stream) {
  if (nbytes > 0) NUMCU_CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, kind, stream));
}

// One copy on the current stream of @p d, waited for.
void copy_and_wait(void* dst, const void* src, std::size_t nbytes, cudaMemcpyKind kind, device d) {
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  enqueue_copy(dst, src, nbytes, kind, stream);
  NUMCU_CUDA_CHECK(cudaStreamSynchronize(stream));
}

std::string describe(const pointer_info& info) {
  switch (info.kind) {
    case memory_kind::page_locked:
      return "page-locked host memory";
    case memory_kind::device:
      return "device memory of cuda:" + std::to_string(info.ordinal);
    case memory_kind::managed:
      return "managed memory of cuda:" + std::to_string(info.ordinal);
    case memory_kind::unregistered:
      break;
  }
  return "memory CUDA did not allocate (pageable host memory, or no allocation at all)";
}

}  // namespace

pointer_info pointer_info_of(const void* p) {
  pointer_info info;
  if (cuda_device_count() == 0) return info;
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, p) != cudaSuccess) {
    cudaGetLastError();
    return info;
  }
  switch (attributes.type) {
    case cudaMemoryTypeHost:
      info.kind = memory_kind::page_locked;
      break;
    case cudaMemoryTypeDevice:
      info.kind = memory_kind::device;
      info.ordinal = attributes.device;
      break;
    case cudaMemoryTypeManaged:
      info.kind = memory_kind::managed;
      info.ordinal = attributes.device;
      break;
    default:
      break;
  }
  return info;
}

bool is_page_locked(const void* p) {
  return pointer_info_of(p).kind == memory_kind::page_locked;
}

void require_device_memory(const void* p, device d, std::string_view caller) {
  require_cuda_device(d);
  const pointer_info info = pointer_info_of(p);
  const bool on_gpu = info.kind == memory_kind::device || info.kind == memory_kind::managed;
  if (on_gpu && info.ordinal == d.index()) return;
  throw device_error(std::string(caller) + ": the pointer is " + describe(info) +
                     ", not device or managed memory of " + d.str());
}

ndarray wrap_memory(void* data, const shape_t& shape, const strides_t& strides, dtype t, device where,
                    std::string_view caller) {
  array_view_nbytes(shape, strides, 0, t.itemsize());
  if (where.is_cuda()) require_device_memory(data, where, caller);
  auto b = std::make_shared<buffer>();
  b->data = data;
  b->owned = false;
  b->dtype = t;
  b->where = where;
  b->nbytes = static_cast<std::size_t>(array_nbytes(shape, t.itemsize()));
  return ndarray(b, t, shape, strides, 0, false);
}

void fill_device_in_chunks(void* dst, std::size_t nbytes, device d,
                           const std::function<void(void* chunk, std::size_t offset, std::size_t n)>& fill) {
  if (nbytes == 0) return;
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  staging_area& s = staging(cudaMemcpyHostToDevice);
  std::lock_guard lock(s.mutex);
  prepare(s, d.index());
  try {
    std::array<bool, chunk_count> in_flight{};
    for (std::size_t done = 0, i = 0; done < nbytes; done += chunk_bytes, ++i) {
      const int k = static_cast<int>(i % chunk_count);
      const std::size_t n = std::min(chunk_bytes, nbytes - done);
      if (in_flight[k]) NUMCU_CUDA_CHECK(cudaEventSynchronize(s.done[k]));
      fill(s.chunks[k], done, n);
      enqueue_copy(static_cast<char*>(dst) + done, s.chunks[k], n, cudaMemcpyHostToDevice, stream);
      NUMCU_CUDA_CHECK(cudaEventRecord(s.done[k], stream));
      in_flight[k] = true;
    }
    NUMCU_CUDA_CHECK(cudaStreamSynchronize(stream));
  } catch (...) {
    drain_after_error(stream);
    throw;
  }
}

void copy_host_to_device(void* dst, const void* src, std::size_t nbytes, device d) {
  if (nbytes == 0) return;
  if (nbytes < h2d_staging_threshold || is_page_locked(src)) {
    copy_and_wait(dst, src, nbytes, cudaMemcpyHostToDevice, d);
    return;
  }
  host_crew crew(nbytes);
  fill_device_in_chunks(dst, nbytes, d, [&](void* chunk, std::size_t offset, std::size_t n) {
    crew.run(static_cast<char*>(chunk), static_cast<const char*>(src) + offset, n);
  });
}

void drain_device_in_chunks(
    const void* src, std::size_t nbytes, device d,
    const std::function<void(const void* chunk, std::size_t offset, std::size_t n)>& take) {
  if (nbytes == 0) return;
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  staging_area& s = staging(cudaMemcpyDeviceToHost);
  std::lock_guard lock(s.mutex);
  prepare(s, d.index());
  const std::size_t chunks = (nbytes + chunk_bytes - 1) / chunk_bytes;
  auto length = [&](std::size_t i) { return std::min(chunk_bytes, nbytes - i * chunk_bytes); };
  // Queues chunk i behind the work already on the stream, which orders it after the producers of src.
  auto fetch = [&](std::size_t i) {
    const int k = static_cast<int>(i % chunk_count);
    enqueue_copy(s.chunks[k], static_cast<const char*>(src) + i * chunk_bytes, length(i),
                 cudaMemcpyDeviceToHost, stream);
    NUMCU_CUDA_CHECK(cudaEventRecord(s.done[k], stream));
  };
  try {
    for (std::size_t i = 0; i < std::min<std::size_t>(chunks, chunk_count); ++i) fetch(i);
    for (std::size_t i = 0; i < chunks; ++i) {
      const int k = static_cast<int>(i % chunk_count);
      NUMCU_CUDA_CHECK(cudaEventSynchronize(s.done[k]));
      take(s.chunks[k], i * chunk_bytes, length(i));
      if (i + chunk_count < chunks) fetch(i + chunk_count);
    }
  } catch (...) {
    drain_after_error(stream);
    throw;
  }
}

void copy_device_to_host(void* dst, const void* src, std::size_t nbytes, device d) {
  if (nbytes < d2h_staging_threshold || is_page_locked(dst)) {
    copy_and_wait(dst, src, nbytes, cudaMemcpyDeviceToHost, d);
    return;
  }
  // The driver's path into pageable memory copies out of its staging buffers on this thread alone, taking
  // each page fault of a fresh destination in turn; here the host threads share that work.
  host_crew crew(nbytes);
  drain_device_in_chunks(src, nbytes, d, [&](const void* chunk, std::size_t offset, std::size_t n) {
    crew.run(static_cast<char*>(dst) + offset, static_cast<const char*>(chunk), n);
  });
}

void copy_host_to_device_async(void* dst, const void* src, std::size_t nbytes, const stream& s) {
  cuda_device_guard guard(s.get_device());  // the legacy default stream is the current device's
  enqueue_copy(dst, src, nbytes, cudaMemcpyHostToDevice, static_cast<cudaStream_t>(s.native_handle()));
}

void copy_device_to_host_async(void* dst, const void* src, std::size_t nbytes, const stream& s) {
  cuda_device_guard guard(s.get_device());
  enqueue_copy(dst, src, nbytes, cudaMemcpyDeviceToHost, static_cast<cudaStream_t>(s.native_handle()));
}

void copy_between_devices(void* dst, device dst_device, const void* src, device src_device,
                          std::size_t nbytes) {
  if (nbytes == 0) return;
  cuda_device_guard guard(dst_device);
  // The source's pending work must finish before the copy reads it.
  {
    cuda_device_guard source(src_device);
    NUMCU_CUDA_CHECK(cudaStreamSynchronize(current_cuda_stream(src_device.index())));
  }
  cudaStream_t stream = current_cuda_stream(dst_device.index());
  NUMCU_CUDA_CHECK(cudaMemcpyPeerAsync(dst, dst_device.index(), src, src_device.index(), nbytes, stream));
  NUMCU_CUDA_CHECK(cudaStreamSynchronize(stream));
}

void copy_host_to_host(void* dst, const void* src, std::size_t nbytes) {
  if (nbytes == 0) return;
  host_crew crew(nbytes);
  crew.run(static_cast<char*>(dst), static_cast<const char*>(src), nbytes);
}

void touch_host_pages(void* p, std::size_t nbytes) {
  if (p == nullptr || host_threads_for(nbytes) < 2) return;  // alone, the caller's own first write is as fast
  host_crew crew(nbytes);
  crew.run(static_cast<char*>(p), nullptr, nbytes);
}

}  // namespace numcu::detail
