/// @file memory.hpp
/// @brief Device memory accounting and control (statistics, a soft limit, releasing cached memory), and
/// asynchronous copies between page-locked host memory (nc::pinned_empty) and a GPU.
#pragma once

#include <cstddef>
#include <cstdint>

#include "numcu/device.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/stream.hpp"

namespace numcu {

/// Byte counts of a device's allocator.
struct memory_stats_t {
  std::size_t in_use = 0;         ///< Bytes held by live arrays.
  std::size_t cached = 0;         ///< Bytes the pool keeps reserved for reuse beyond those in use.
  std::size_t peak = 0;           ///< Highest in_use since the start or the last reset_peak_memory_stats().
  std::size_t limit = 0;          ///< The limit set by set_memory_limit(), 0 when there is none.
  std::uint64_t allocations = 0;  ///< Number of allocations made.
};

/// The allocator statistics of @p d (for nc::cpu: host buffers owned by arrays).
memory_stats_t memory_stats(device d = default_device());

/// Restarts peak tracking at the current in_use.
void reset_peak_memory_stats(device d = default_device());

/// Returns the memory the pool of @p d keeps cached to the driver (synchronizes the device first).
void free_cached_memory(device d = default_device());

/// Caps the bytes live arrays may hold on @p d; 0 removes the cap. An allocation that would pass it throws
/// out_of_memory after freeing cached memory.
void set_memory_limit(std::size_t bytes, device d = default_device());

/// Queues a copy of GPU array @p src into the page-locked host array @p dst on stream @p s and returns at
/// once (CuPy's `a.get(stream=s, out=dst)`), with an event recorded on @p s right after the copy: dst holds
/// the values once it has completed (`e.synchronize()`, or another stream's `wait(e)`). The copy follows the
/// work already queued on @p s only. Both arrays must stay alive until the copy has completed. A
/// non-contiguous @p src is first copied to a C-contiguous temporary on the GPU, on @p s; @p dst must be
/// C-contiguous. Everything is checked before anything is queued.
/// @code
/// nc::ndarray host = nc::pinned_empty(a.shape(), a.dtype());
/// nc::event done = nc::to_host_async(a, host, s);
/// // ... the host works on something else ...
/// done.synchronize();
/// @endcode
/// @throws shape_error when the shapes differ or @p dst is not C-contiguous; dtype_error when the dtypes
/// differ (no cast is made); device_error when @p src is not on a GPU, @p dst not on the host, @p s not on
/// src's GPU, or @p dst is pageable memory (the copy would be synchronous: use pinned_empty()).
event to_host_async(const ndarray& src, const ndarray& dst, const stream& s);
/// to_host_async() on the current stream of @p src's device.
event to_host_async(const ndarray& src, const ndarray& dst);

/// Queues a copy of the page-locked host array @p src into GPU array @p dst on stream @p s and returns at
/// once (CuPy's `a.set(src, stream=s)`), with an event recorded on @p s right after the copy: @p src may be
/// overwritten once it has completed, and work queued on @p s after the call sees the new values. Both
/// arrays must stay alive until the copy has completed. A non-contiguous @p dst is written through a
/// C-contiguous temporary on the GPU, on @p s; @p src must be C-contiguous. Everything is checked before
/// anything is queued.
/// @throws as to_host_async(), with the host and GPU sides exchanged.
event to_device_async(const ndarray& src, const ndarray& dst, const stream& s);
/// to_device_async() on the current stream of @p dst's device.
event to_device_async(const ndarray& src, const ndarray& dst);

}  // namespace numcu
