// Copies of dense byte ranges between host memory and a GPU. Both return once the data has arrived, so the
// host buffer may be reused at once. Host-to-device copies from pageable memory larger than a few MiB go
// through pinned staging buffers, pipelined so that host copies overlap DMA.
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

}  // namespace numcu::detail
