// Copies of dense byte ranges between host memory and a GPU, and what the driver knows about a pointer. The
// synchronous copies return once the data has arrived, so the host buffer may be reused at once; the _async
// ones only queue a copy between page-locked host memory and a GPU on a stream. Copies between a GPU and
// large pageable host memory go through pinned staging buffers, pipelined so that the host side of one chunk
// overlaps the DMA of the next, with the host side spread over several threads: into fresh memory, that is
// what takes the page faults in parallel.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

#include "numcu/device.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/stream.hpp"

namespace numcu::detail {

/// The kind of memory an address lies in, as the driver sees it (cudaPointerGetAttributes).
enum class memory_kind {
  unregistered,  ///< memory CUDA did not allocate or register: pageable host memory, or no allocation at all
  page_locked,   ///< page-locked host memory (cudaHostAlloc, cudaMallocHost, cudaHostRegister)
  device,        ///< memory of one GPU (cudaMalloc, cudaMallocAsync)
  managed,       ///< managed memory (cudaMallocManaged)
};

/// What the driver knows about an address.
struct pointer_info {
  memory_kind kind = memory_kind::unregistered;
  int ordinal = -1;  ///< the GPU of device and managed memory
};

/// The driver's view of @p p; unregistered for every address when there is no CUDA driver or GPU.
pointer_info pointer_info_of(const void* p);

/// True when @p p lies in page-locked host memory.
bool is_page_locked(const void* p);

/// Throws device_error unless GPU @p d exists and @p p lies in device or managed memory of it; the message
/// names @p caller and what @p p is instead.
void require_device_memory(const void* p, device d, std::string_view caller);

/// An array of @p shape and byte @p strides over memory numcu does not own (from_blob, from_dlpack), with no
/// owner yet: the view is checked to fit int64 and, on a GPU, @p data to be memory of it (@p caller names the
/// function in the message). @throws shape_error, device_error.
ndarray wrap_memory(void* data, const shape_t& shape, const strides_t& strides, dtype t, device where,
                    std::string_view caller);

/// Copies @p nbytes from host memory @p src to GPU memory @p dst on the current stream of @p d.
void copy_host_to_device(void* dst, const void* src, std::size_t nbytes, device d);

/// Writes @p nbytes into GPU memory @p dst on @p d through the page-locked staging buffers, chunk by chunk on
/// the current stream: `fill(chunk, offset, n)` puts bytes [offset, offset + n) of the data into the chunk
/// (in order, each n a multiple of 16 but the last) while the copies of the chunks before it run. Returns
/// once every copy has finished; an exception from @p fill is rethrown after the copies already queued
/// finished.
void fill_device_in_chunks(void* dst, std::size_t nbytes, device d,
                           const std::function<void(void* chunk, std::size_t offset, std::size_t n)>& fill);

/// Reads @p nbytes of GPU memory @p src on @p d through the page-locked staging buffers, chunk by chunk on
/// the current stream (after the work queued there): `take(chunk, offset, n)` gets bytes [offset, offset + n)
/// of the data, in order, while the copies of the chunks after it run. An exception from @p take is rethrown
/// after the copies already queued finished.
void drain_device_in_chunks(
    const void* src, std::size_t nbytes, device d,
    const std::function<void(const void* chunk, std::size_t offset, std::size_t n)>& take);

/// Copies @p nbytes from GPU memory @p src on @p d to host memory @p dst; waits for the current stream first.
void copy_device_to_host(void* dst, const void* src, std::size_t nbytes, device d);

/// Copies @p nbytes from GPU @p src_device to GPU @p dst_device (peer copy); returns once it has arrived.
void copy_between_devices(void* dst, device dst_device, const void* src, device src_device,
                          std::size_t nbytes);

/// Queues a copy of @p nbytes from page-locked host memory @p src to GPU memory @p dst of @p s's GPU on
/// stream @p s and returns at once.
void copy_host_to_device_async(void* dst, const void* src, std::size_t nbytes, const stream& s);

/// Queues a copy of @p nbytes from GPU memory @p src of @p s's GPU to page-locked host memory @p dst on
/// stream @p s and returns at once.
void copy_device_to_host_async(void* dst, const void* src, std::size_t nbytes, const stream& s);

/// Copies @p nbytes between host buffers that do not overlap, from several threads when it is large.
void copy_host_to_host(void* dst, const void* src, std::size_t nbytes);

/// Writes a zero byte to every page of the host memory [p, p + nbytes) from several threads when it is large,
/// so that a fresh allocation's page faults are taken in parallel rather than one at a time by the next
/// thread to fill it; small ranges are left alone.
void touch_host_pages(void* p, std::size_t nbytes);

}  // namespace numcu::detail
