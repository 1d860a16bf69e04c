#include "memory/transfer.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <mutex>

#include "cuda/runtime.hpp"

namespace numcu::detail {
namespace {

// Below this, one cudaMemcpyAsync from pageable memory (staged by the driver) is as fast as anything.
constexpr std::size_t staging_threshold = 4u << 20;
constexpr std::size_t chunk_bytes = 8u << 20;
constexpr int chunk_count = 4;

struct staging_area {
  std::mutex mutex;
  std::array<void*, chunk_count> chunks{};
  std::array<cudaEvent_t, chunk_count> done{};
  int ordinal = -1;
};

staging_area& staging() {
  static staging_area area;
  return area;
}

// The staging buffers and their events, created on first use (events belong to the device they record on).
void prepare(staging_area& s, int ordinal) {
  if (s.chunks[0] == nullptr) {
    for (auto& c : s.chunks) NUMCU_CUDA_CHECK(cudaHostAlloc(&c, chunk_bytes, cudaHostAllocPortable));
  }
  if (s.ordinal != ordinal) {
    for (auto& e : s.done) {
      if (e != nullptr) cudaEventDestroy(e);
      NUMCU_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    }
    s.ordinal = ordinal;
  }
}

bool is_pinned(const void* p) {
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, p) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return attributes.type == cudaMemoryTypeHost;
}

}  // namespace

void copy_host_to_device(void* dst, const void* src, std::size_t nbytes, device d) {
  if (nbytes == 0) return;
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  if (nbytes < staging_threshold || is_pinned(src)) {
    NUMCU_CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, cudaMemcpyHostToDevice, stream));
    NUMCU_CUDA_CHECK(cudaStreamSynchronize(stream));
    return;
  }
  staging_area& s = staging();
  std::lock_guard lock(s.mutex);
  prepare(s, d.index());
  std::array<bool, chunk_count> in_flight{};
  for (std::size_t done = 0, i = 0; done < nbytes; done += chunk_bytes, ++i) {
    const int k = static_cast<int>(i % chunk_count);
    const std::size_t n = std::min(chunk_bytes, nbytes - done);
    if (in_flight[k]) NUMCU_CUDA_CHECK(cudaEventSynchronize(s.done[k]));
    std::memcpy(s.chunks[k], static_cast<const char*>(src) + done, n);
    NUMCU_CUDA_CHECK(
        cudaMemcpyAsync(static_cast<char*>(dst) + done, s.chunks[k], n, cudaMemcpyHostToDevice, stream));
    NUMCU_CUDA_CHECK(cudaEventRecord(s.done[k], stream));
    in_flight[k] = true;
  }
  NUMCU_CUDA_CHECK(cudaStreamSynchronize(stream));
}

void copy_device_to_host(void* dst, const void* src, std::size_t nbytes, device d) {
  // Measured on the H200: the driver's own path into pageable memory beats host-side staging here (79 ms
  // against 192 ms for 1 GiB), so device-to-host copies go straight through cudaMemcpyAsync.
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  if (nbytes > 0) NUMCU_CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, cudaMemcpyDeviceToHost, stream));
  NUMCU_CUDA_CHECK(cudaStreamSynchronize(stream));
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

}  // namespace numcu::detail
