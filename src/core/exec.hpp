// The execution context of one call: the device it runs on, that device's current stream, and scratch memory
// ordered on that stream. Dispatch builds one per call (dispatch/route.hpp) and hands it to the backend, so
// no backend entry point looks up its device, stream or memory itself. No CUDA types: the stream is opaque.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "numcu/device.hpp"

namespace numcu::detail {

struct buffer;

/// Where and on what one call runs.
class exec {
 public:
  /// A context for @p where; @p stream is that GPU's current cudaStream_t (null: the default stream; always
  /// null on the CPU).
  exec(device where, void* stream) : m_where(where), m_stream(stream) {}
  exec(const exec&) = delete;
  exec& operator=(const exec&) = delete;
  ~exec();

  /// The device the call runs on.
  device where() const { return m_where; }
  /// The stream work is queued on (a cudaStream_t; null for the default stream and on the CPU).
  void* stream() const { return m_stream; }
  /// @p bytes of scratch memory on where(), 256-byte aligned, ordered on stream(): it is given back when the
  /// context ends, after the work queued with it (the pool reuses it in stream order). What CUB, cuBLAS,
  /// cuSOLVER and cuFFT need as workspace. @throws out_of_memory.
  void* workspace(std::size_t bytes) const;

  /// The handle of a GPU library (cuBLAS, cuSOLVER, cuFFT ...) for where(), bound to stream(): created on
  /// first use by this host thread on this device, then reused (library_handles). Library provides
  /// `using handle = ...;`, `static handle create(device)` (called with the device current) and
  /// `static void set_stream(handle, void* stream)`.
  template <class Library>
  typename Library::handle library_handle() const;

 private:
  device m_where;
  void* m_stream;
  mutable std::vector<std::shared_ptr<buffer>> m_scratch;  // empty, so free, for calls that take none
};

/// The handles of one library for the calling host thread, one per device, created on first use. Handles
/// are not shared between threads (the libraries forbid concurrent use of one handle); a thread's handles go
/// back to a process-wide pool when it ends, for the next thread, and are never destroyed: at process exit
/// the CUDA context may already be gone, and destroying a handle then can fault.
template <class Library>
class library_handles {
 public:
  using handle = typename Library::handle;

  /// This thread's handle for @p where, created (or taken from the pool) on first use.
  static handle get(device where) {
    thread_local library_handles mine;
    auto found = mine.m_handles.find(key(where));
    if (found != mine.m_handles.end()) return found->second;
    handle h = take_or_create(where);
    mine.m_handles.emplace(key(where), h);
    return h;
  }

  /// Handles created so far for @p where, in use or pooled (for tests and statistics).
  static int created(device where) {
    std::lock_guard lock(pool().mutex);
    return pool().created[key(where)];
  }

  ~library_handles() {
    std::lock_guard lock(pool().mutex);
    for (const auto& [ordinal, h] : m_handles) pool().free[ordinal].push_back(h);
  }

 private:
  static int key(device where) { return where.is_cpu() ? -1 : where.index(); }
  struct shared_pool {
    std::mutex mutex;
    std::map<int, std::vector<handle>> free;
    std::map<int, int> created;
  };
  static shared_pool& pool() {
    static auto* p = new shared_pool;  // never destroyed: see the class comment
    return *p;
  }
  static handle take_or_create(device where) {
    {
      std::lock_guard lock(pool().mutex);
      auto& free = pool().free[key(where)];
      if (!free.empty()) {
        handle h = free.back();
        free.pop_back();
        return h;
      }
      ++pool().created[key(where)];
    }
    return Library::create(where);
  }
  std::map<int, handle> m_handles;
};

template <class Library>
typename Library::handle exec::library_handle() const {
  const typename Library::handle h = library_handles<Library>::get(m_where);
  Library::set_stream(h, m_stream);
  return h;
}

}  // namespace numcu::detail
