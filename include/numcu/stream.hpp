/// @file stream.hpp
/// @brief CUDA streams and events: where queued GPU work goes, and how to wait for it or time it.
#pragma once

#include <memory>

#include "numcu/device.hpp"

namespace numcu {

class stream;
class event;
/// The stream that work on device @p d is queued on now (the default stream unless a stream_guard is active).
stream current_stream(device d = default_device());

/// A queue of GPU work on one device (a cudaStream_t). Copies share the stream. On the CPU device every
/// stream is the same synchronous one.
class stream {
 public:
  /// A new non-blocking stream on @p d (the current CUDA device when @p d is omitted).
  /// @throws device_error when @p d is a GPU that does not exist.
  explicit stream(device d = default_device());
  /// The legacy default stream (stream 0) of @p d.
  static stream null(device d = default_device());
  /// A stream over a cudaStream_t that the caller created and still owns (CuPy's `ExternalStream`): numcu
  /// queues work on it but never destroys it. It must outlive every use numcu makes of it, including arrays
  /// allocated while it was current, which are freed on it. A null @p cuda_stream is the legacy default
  /// stream, as stream::null(d).
  /// @param cuda_stream a cudaStream_t of GPU @p d, as an opaque pointer.
  /// @throws device_error for nc::cpu, a GPU that does not exist, or (with CUDA 12.8 or later, which can
  /// tell) a stream of another GPU.
  static stream from_native(void* cuda_stream, device d);
  /// The device whose work this stream queues.
  device get_device() const { return m_device; }
  /// The cudaStream_t, as an opaque pointer (nullptr for the default stream and on the CPU).
  void* native_handle() const { return m_handle.get(); }
  /// Blocks the calling thread until all work queued on this stream has finished.
  void synchronize() const;
  /// True when all work queued on this stream has finished.
  bool query() const;
  /// Makes the work queued on this stream from now on wait until the work recorded before @p e has finished
  /// (cudaStreamWaitEvent). The calling thread does not wait. An event never recorded is no wait at all. On
  /// nc::cpu, where every stream is synchronous, this does nothing.
  /// @code
  /// nc::event ready = nc::to_device_async(host, a, copies);  // queued on the stream `copies`
  /// compute.wait(ready);                                     // `compute` reads a only after the copy
  /// @endcode
  /// @throws device_error when @p e belongs to another device than this stream.
  void wait(const event& e) const;
  /// True when both name the same stream of the same device.
  friend bool operator==(const stream& a, const stream& b) {
    return a.m_device == b.m_device && a.m_handle == b.m_handle;
  }

 private:
  friend class stream_guard;
  friend stream current_stream(device d);
  stream(device d, std::shared_ptr<void> handle) : m_device(d), m_handle(std::move(handle)) {}
  device m_device;
  std::shared_ptr<void> m_handle;
};

/// Makes @p s the current stream of its device for the lifetime of the guard; restores the previous one
/// after.
class stream_guard {
 public:
  /// Sets @p s as current on its device.
  explicit stream_guard(const stream& s);
  ~stream_guard();
  stream_guard(const stream_guard&) = delete;
  stream_guard& operator=(const stream_guard&) = delete;

 private:
  stream m_previous;
};

/// A marker in a stream (a cudaEvent_t): record it, wait for it, time between two of them.
class event {
 public:
  /// A new event on @p d; with @p enable_timing, elapsed_time() works on it.
  explicit event(device d = default_device(), bool enable_timing = true);
  /// Records the event on the current stream of the event's device.
  void record();
  /// Records the event on stream @p s. @throws device_error when @p s is on another device.
  void record(const stream& s);
  /// Blocks until the work recorded before the event has finished.
  void synchronize() const;
  /// True when the recorded work has finished.
  bool query() const;
  /// Milliseconds between @p start and this event, both recorded and finished.
  float elapsed_time(const event& start) const;
  /// The device whose streams this event is recorded on.
  device get_device() const { return m_device; }
  /// The cudaEvent_t as an opaque pointer (nullptr on the CPU).
  void* native_handle() const { return m_handle.get(); }

 private:
  device m_device;
  std::shared_ptr<void> m_handle;
  double m_host_time_ms = 0.0;  // the CPU device records wall-clock time
};

/// Waits until all work on device @p d has finished (cudaDeviceSynchronize); a no-op on the CPU.
void synchronize(device d = default_device());

}  // namespace numcu
