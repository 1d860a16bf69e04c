// Device names and the process-wide default device.
#include "numcu/device.hpp"

#include <atomic>
#include <ostream>

#include "numcu/error.hpp"

namespace numcu {
namespace {
// -2: not chosen yet; -1: cpu; >= 0: that GPU
std::atomic<int> default_ordinal{-2};
}  // namespace

std::string device::str() const {
  return is_cpu() ? "cpu" : "cuda:" + std::to_string(m_index);
}

std::ostream& operator<<(std::ostream& os, device d) {
  return os << d.str();
}

device default_device() {
  int ordinal = default_ordinal.load(std::memory_order_relaxed);
  if (ordinal == -2) {
    ordinal = cuda_device_count() > 0 ? 0 : -1;
    default_ordinal.store(ordinal, std::memory_order_relaxed);
  }
  return ordinal < 0 ? cpu : cuda(ordinal);
}

void set_default_device(device d) {
  if (d.is_cuda() && (d.index() < 0 || d.index() >= cuda_device_count())) {
    throw device_error("cannot make " + d.str() +
                       " the default device: " + std::to_string(cuda_device_count()) + " GPU(s) visible");
  }
  default_ordinal.store(d.is_cpu() ? -1 : d.index(), std::memory_order_relaxed);
}

}  // namespace numcu
