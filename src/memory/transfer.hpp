// Copies of dense byte ranges between host memory and a GPU. Both return once the data has arrived, so the
// host buffer may be reused at once. Copies between a GPU and large pageable host memory go through pinned
// staging buffers, pipelined so that the host side of one chunk overlaps the DMA of the next, with the host
// side spread over several threads: into fresh memory, that is what takes the page faults in parallel.
#pragma once

#include <cstddef>

#include "numcu/device.hpp"

namespace numcu::detail {

/// Copies @p nbytes from host memory @p src to GPU memory @p dst on the current stream of @p d.
void copy_host_to_device(void* dst, const void* src, std::size_t nbytes, device d);

/// Copies @p nbytes from GPU memory @p src on @p d to host memory @p dst; waits for the current stream first.
void copy_device_to_host(void* dst, const void* src, std::size_t nbytes, device d);

/// Copies @p nbytes from GPU @p src_device to GPU @p dst_device (peer copy); returns once it has arrived.
void copy_between_devices(void* dst, device dst_device, const void* src, device src_device,
                          std::size_t nbytes);

/// Copies @p nbytes between host buffers that do not overlap, from several threads when it is large.
void copy_host_to_host(void* dst, const void* src, std::size_t nbytes);

/// Writes a zero byte to every page of the host memory [p, p + nbytes) from several threads when it is large,
/// so that a fresh allocation's page faults are taken in parallel rather than one at a time by the next
/// thread to fill it; small ranges are left alone.
void touch_host_pages(void* p, std::size_t nbytes);

}  // namespace numcu::detail
