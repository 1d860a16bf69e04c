/// @file error.hpp
/// @brief The exception classes numcu throws; all derive from numcu::error.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace numcu {

/// Base class of every exception numcu throws.
class error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Shapes that cannot be broadcast, reshaped or combined; NumPy raises ValueError for these.
class shape_error : public error {
 public:
  using error::error;
};

/// A dtype that an operation does not accept, or a cast the casting rule forbids; NumPy's TypeError.
class dtype_error : public error {
 public:
  using error::error;
};

/// An index or axis out of range, or an index expression that does not fit the array; NumPy's IndexError.
class index_error : public error {
 public:
  using error::error;
};

/// No usable GPU, a device ordinal that does not exist, operands that live on different devices, or memory of
/// the wrong kind for a call (pageable host memory where page-locked memory is needed, a pointer that is not
/// memory of the GPU named).
class device_error : public error {
 public:
  using error::error;
};

/// A linear-algebra operation that cannot be done on its input: an array of too few dimensions or matrices
/// that are not square where square ones are needed, a singular matrix, one that is not positive definite;
/// NumPy's numpy.linalg.LinAlgError.
class linalg_error : public error {
 public:
  using error::error;
};

/// An allocation failed even after freeing cached memory, or would exceed the limit set by
/// set_memory_limit().
class out_of_memory : public error {
 public:
  /// @param message the full message; @param requested bytes asked for; @param available bytes free then.
  out_of_memory(const std::string& message, std::size_t requested, std::size_t available)
      : error(message), m_requested(requested), m_available(available) {}
  /// Bytes the failed allocation asked for.
  std::size_t requested() const noexcept { return m_requested; }
  /// Bytes free on the device (or under the limit) when the allocation failed.
  std::size_t available() const noexcept { return m_available; }

 private:
  std::size_t m_requested;
  std::size_t m_available;
};

/// A CUDA runtime call failed; carries the API name and the CUDA error code.
class cuda_error : public error {
 public:
  /// @param api the CUDA function that failed; @param code its cudaError_t value; @param message full text.
  cuda_error(std::string api, int code, const std::string& message)
      : error(message), m_api(std::move(api)), m_code(code) {}
  /// The CUDA runtime function that failed, e.g. "cudaMemcpyAsync".
  const std::string& api() const noexcept { return m_api; }
  /// The numeric cudaError_t value.
  int code() const noexcept { return m_code; }

 private:
  std::string m_api;
  int m_code;
};

/// A runtime kernel could not be compiled (the message holds the compiler log), found, or launched as asked
/// (a configuration past the kernel's or the GPU's limits, arguments that do not match its parameters).
class rtc_error : public error {
 public:
  using error::error;
};

/// A file could not be read or written as asked: missing or unreadable, truncated, not the format it should
/// be (a wrong magic string, a header that cannot be parsed or that promises more data than the file has), or
/// of a dtype numcu does not have (an object array, strings); the message names the file and what is wrong.
class io_error : public error {
 public:
  using error::error;
};

}  // namespace numcu
