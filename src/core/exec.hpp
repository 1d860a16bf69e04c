// The execution context of one call: the device it runs on, that device's current stream, and scratch memory
// ordered on that stream. Dispatch builds one per call (dispatch/route.hpp) and hands it to the backend, so
// no backend entry point looks up its device, stream or memory itself. No CUDA types: the stream is opaque.
#pragma once

#include <cstddef>
#include <memory>
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

 private:
  device m_where;
  void* m_stream;
  mutable std::vector<std::shared_ptr<buffer>> m_scratch;  // empty, so free, for calls that take none
};

}  // namespace numcu::detail
