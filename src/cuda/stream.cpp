// Streams, the per-thread current stream of each device, events, device synchronization.
#include "numcu/stream.hpp"

#include <array>
#include <chrono>
#include <string>

#include "cuda/runtime.hpp"
#include "numcu/error.hpp"

namespace numcu {
namespace {

constexpr int max_gpus = 64;
// The current stream of each GPU for this thread; null means the legacy default stream.
thread_local std::array<std::shared_ptr<void>, max_gpus> current_streams;

double host_now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The answer of cudaStreamQuery / cudaEventQuery: cudaErrorNotReady means "not yet", not a failure.
bool finished(cudaError_t status, const char* api) {
  if (status == cudaErrorNotReady) {
    cudaGetLastError();
    return false;
  }
  if (status != cudaSuccess) detail::throw_cuda_error(status, api, __FILE__, __LINE__);
  return true;
}

}  // namespace

namespace detail {
cudaStream_t current_cuda_stream(int ordinal) {
  return static_cast<cudaStream_t>(current_streams[ordinal].get());
}
std::shared_ptr<void> current_stream_owner(int ordinal) {
  return current_streams[ordinal];
}
}  // namespace detail

stream::stream(device d) : m_device(d) {
  if (d.is_cpu()) return;
  detail::require_cuda_device(d);
  detail::cuda_device_guard guard(d);
  cudaStream_t s = nullptr;
  NUMCU_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  m_handle = std::shared_ptr<void>(s, [](void* p) { cudaStreamDestroy(static_cast<cudaStream_t>(p)); });
}

stream stream::null(device d) {
  if (d.is_cuda()) detail::require_cuda_device(d);
  return stream(d, nullptr);
}

stream stream::from_native(void* cuda_stream, device d) {
  if (d.is_cpu()) {
    throw device_error("stream::from_native: a CUDA stream belongs to a GPU; cpu was given");
  }
  detail::require_cuda_device(d);
  if (cuda_stream == nullptr) return stream(d, nullptr);
#if CUDART_VERSION >= 12080
  {
    // the special handles (cudaStreamPerThread) name a stream of the current device
    detail::cuda_device_guard guard(d);
    int ordinal = -1;
    NUMCU_CUDA_CHECK(cudaStreamGetDevice(static_cast<cudaStream_t>(cuda_stream), &ordinal));
    if (ordinal != d.index()) {
      throw device_error("stream::from_native: the stream belongs to cuda:" + std::to_string(ordinal) +
                         ", not " + d.str());
    }
  }
#endif
  // an owner that releases nothing: the caller keeps the stream
  return stream(d, std::shared_ptr<void>(cuda_stream, [](void*) {}));
}

void stream::synchronize() const {
  if (m_device.is_cpu()) return;
  detail::cuda_device_guard guard(m_device);
  NUMCU_CUDA_CHECK(cudaStreamSynchronize(static_cast<cudaStream_t>(m_handle.get())));
}

bool stream::query() const {
  if (m_device.is_cpu()) return true;
  detail::cuda_device_guard guard(m_device);
  return finished(cudaStreamQuery(static_cast<cudaStream_t>(m_handle.get())), "cudaStreamQuery");
}

void stream::wait(const event& e) const {
  if (!(e.get_device() == m_device)) {
    throw device_error("cannot make a stream of " + m_device.str() + " wait on an event of " +
                       e.get_device().str());
  }
  if (m_device.is_cpu()) return;
  detail::cuda_device_guard guard(m_device);
  NUMCU_CUDA_CHECK(cudaStreamWaitEvent(static_cast<cudaStream_t>(m_handle.get()),
                                       static_cast<cudaEvent_t>(e.native_handle()), 0));
}

stream current_stream(device d) {
  if (d.is_cpu()) return stream::null(cpu);
  detail::require_cuda_device(d);
  return stream(d, current_streams[d.index()]);
}

stream_guard::stream_guard(const stream& s) : m_previous(current_stream(s.get_device())) {
  if (s.get_device().is_cuda()) current_streams[s.get_device().index()] = s.m_handle;
}

stream_guard::~stream_guard() {
  if (m_previous.get_device().is_cuda())
    current_streams[m_previous.get_device().index()] = m_previous.m_handle;
}

event::event(device d, bool enable_timing) : m_device(d) {
  if (d.is_cpu()) return;
  detail::require_cuda_device(d);
  detail::cuda_device_guard guard(d);
  cudaEvent_t e = nullptr;
  NUMCU_CUDA_CHECK(cudaEventCreateWithFlags(&e, enable_timing ? cudaEventDefault : cudaEventDisableTiming));
  m_handle = std::shared_ptr<void>(e, [](void* p) { cudaEventDestroy(static_cast<cudaEvent_t>(p)); });
}

void event::record() {
  record(current_stream(m_device));
}

void event::record(const stream& s) {
  if (!(s.get_device() == m_device)) {
    throw device_error("cannot record an event of " + m_device.str() + " on a stream of " +
                       s.get_device().str());
  }
  if (m_device.is_cpu()) {
    m_host_time_ms = host_now_ms();
    return;
  }
  detail::cuda_device_guard guard(m_device);
  NUMCU_CUDA_CHECK(cudaEventRecord(static_cast<cudaEvent_t>(m_handle.get()),
                                   static_cast<cudaStream_t>(s.native_handle())));
}

void event::synchronize() const {
  if (m_device.is_cpu()) return;
  NUMCU_CUDA_CHECK(cudaEventSynchronize(static_cast<cudaEvent_t>(m_handle.get())));
}

bool event::query() const {
  if (m_device.is_cpu()) return true;
  return finished(cudaEventQuery(static_cast<cudaEvent_t>(m_handle.get())), "cudaEventQuery");
}

float event::elapsed_time(const event& start) const {
  if (!(start.m_device == m_device)) throw device_error("elapsed_time between events of different devices");
  if (m_device.is_cpu()) return static_cast<float>(m_host_time_ms - start.m_host_time_ms);
  float ms = 0.0f;
  NUMCU_CUDA_CHECK(cudaEventElapsedTime(&ms, static_cast<cudaEvent_t>(start.m_handle.get()),
                                        static_cast<cudaEvent_t>(m_handle.get())));
  return ms;
}

void synchronize(device d) {
  if (d.is_cpu()) return;
  detail::require_cuda_device(d);
  detail::cuda_device_guard guard(d);
  NUMCU_CUDA_CHECK(cudaDeviceSynchronize());
}

}  // namespace numcu
