/// @file memory.hpp
/// @brief Device memory accounting and control: statistics, a soft limit, releasing cached memory.
#pragma once

#include <cstddef>
#include <cstdint>

#include "numcu/device.hpp"

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

}  // namespace numcu
