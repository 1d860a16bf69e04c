/// @file device.hpp
/// @brief Where an array lives: the host (nc::cpu) or a CUDA GPU (nc::cuda(i)); the default device.
#pragma once

#include <iosfwd>
#include <string>

namespace numcu {

/// The kind of memory an array lives in.
enum class device_type { cpu, cuda };

/// A device: the host, or one CUDA GPU by ordinal.
class device {
 public:
  /// The host.
  constexpr device() = default;
  /// A device of @p type; @p index is the CUDA ordinal (0 for the host).
  constexpr device(device_type type, int index)
      : m_type(type), m_index(type == device_type::cpu ? 0 : index) {}
  /// cpu or cuda.
  constexpr device_type type() const { return m_type; }
  /// The CUDA ordinal; 0 for the host.
  constexpr int index() const { return m_index; }
  /// True for the host.
  constexpr bool is_cpu() const { return m_type == device_type::cpu; }
  /// True for a GPU.
  constexpr bool is_cuda() const { return m_type == device_type::cuda; }
  /// "cpu" or "cuda:0".
  std::string str() const;
  /// True for the same kind and ordinal.
  friend constexpr bool operator==(device a, device b) {
    return a.m_type == b.m_type && a.m_index == b.m_index;
  }

 private:
  device_type m_type = device_type::cpu;
  int m_index = 0;
};

/// The host.
inline constexpr device cpu{device_type::cpu, 0};

/// The CUDA GPU with ordinal @p index. Does not check that it exists; using it does.
constexpr device cuda(int index = 0) {
  return device(device_type::cuda, index);
}

/// Prints device::str().
std::ostream& operator<<(std::ostream& os, device d);

/// Number of usable CUDA GPUs; 0 when there is no driver or no GPU (never throws).
int cuda_device_count();

/// True when at least one CUDA GPU is usable.
inline bool cuda_is_available() {
  return cuda_device_count() > 0;
}

/// The device arrays are created on when none is given: cuda(0) when a GPU is usable, else cpu.
device default_device();

/// Changes the default device for this process. @throws device_error when @p d is a GPU that does not exist.
void set_default_device(device d);

}  // namespace numcu
