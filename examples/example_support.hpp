// What every example of the CUDA programming model shares: skipping politely where no GPU is usable, and
// saying whether its result matched the host's.
#pragma once

#include <cstdio>

#include <numcu/numcu.hpp>

namespace example {

/// True (after saying so) when no GPU is usable: the examples run their kernels on cuda(0).
inline bool no_gpu(const char* name) {
  if (numcu::cuda_device_count() > 0) return false;
  std::printf("%s: skipped (no GPU)\n", name);
  return true;
}

/// Prints the verdict and returns the exit status.
inline int verdict(const char* name, bool ok) {
  std::printf("%s: %s\n", name, ok ? "ok (matches the host)" : "FAILED (differs from the host)");
  return ok ? 0 : 1;
}

}  // namespace example
