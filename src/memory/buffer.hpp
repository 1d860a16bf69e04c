// The memory behind one or more ndarrays: who allocated it, on which device and stream, and how to free it.
#pragma once

#include <cstddef>
#include <memory>

#include "numcu/device.hpp"
#include "numcu/dtype.hpp"
#include "numcu/ndarray.hpp"

namespace numcu::detail {

struct buffer {
  void* data = nullptr;
  std::size_t nbytes = 0;
  numcu::device where;
  void* stream = nullptr;              // the CUDA stream it was allocated on; freed on the same stream
  std::shared_ptr<void> stream_owner;  // keeps a numcu::stream alive until its buffers are freed
  bool owned = true;                   // false for memory numcu wraps but does not free
  bool pinned = false;                 // page-locked host memory from allocate_pinned (freed by cudaFreeHost)
  std::shared_ptr<void> owner;         // what keeps wrapped memory alive: from_blob's owner, or its deleter
  numcu::dtype dtype;                  // the dtype it was allocated for (what base() reports)

  buffer() = default;
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  ~buffer();
};

/// Allocates @p nbytes on @p where (on its current stream for a GPU). @throws out_of_memory, device_error.
std::shared_ptr<buffer> allocate(device where, std::size_t nbytes, dtype t);

/// A new C-contiguous array of @p shape (checked by the caller: no negative extent) on @p where, values
/// unset: what the layers below the public API use instead of numcu::empty. @throws out_of_memory.
ndarray new_array(const shape_t& shape, dtype t, device where);

/// new_array() on the host in page-locked memory (cudaHostAlloc, portable to every GPU), counted as host
/// memory by memory_stats(cpu). @throws out_of_memory; cuda_error without a CUDA driver.
ndarray new_pinned_array(const shape_t& shape, dtype t);

}  // namespace numcu::detail
