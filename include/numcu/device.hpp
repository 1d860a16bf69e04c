/// @file device.hpp
/// @brief Where an array lives: the host (nc::cpu) or a CUDA GPU (nc::cuda(i)); the default device.
#pragma once

#include <array>
#include <cstddef>
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

/// What a CUDA GPU offers the author of a kernel (cudaDeviceProp in numcu's names): the limits that size a
/// launch, shared memory and registers, the memory system, and what the GPU supports.
/// @code
/// const nc::device_properties p = nc::get_device_properties(nc::cuda(0));
/// int blocks = 4 * p.multiprocessor_count;  // enough blocks to fill the GPU
/// bool big_tiles = p.shared_memory_per_block_optin >= 100 * 1024;
/// @endcode
struct device_properties {
  std::string name;                        ///< The product name, such as "NVIDIA H200".
  int compute_capability_major = 0;        ///< Compute capability, major part: 9 for sm_90.
  int compute_capability_minor = 0;        ///< Compute capability, minor part: 0 for sm_90.
  int multiprocessor_count = 0;            ///< Streaming multiprocessors (SMs).
  int warp_size = 0;                       ///< Threads per warp (32 on every NVIDIA GPU so far).
  int max_threads_per_block = 0;           ///< Most threads one block may have.
  std::array<int, 3> max_block_dims{};     ///< Most threads of a block along x, y and z.
  std::array<int, 3> max_grid_dims{};      ///< Most blocks of a grid along x, y and z.
  int max_threads_per_multiprocessor = 0;  ///< Most threads resident on one multiprocessor.
  int max_blocks_per_multiprocessor = 0;   ///< Most blocks resident on one multiprocessor.
  /// Bytes of shared memory a block gets without opting in (48 KiB).
  std::size_t shared_memory_per_block = 0;
  /// Bytes of shared memory a block may use after opting in (cudaFuncAttributeMaxDynamicSharedMemorySize).
  std::size_t shared_memory_per_block_optin = 0;
  std::size_t shared_memory_per_multiprocessor = 0;  ///< Bytes of shared memory of one multiprocessor.
  std::size_t reserved_shared_memory_per_block = 0;  ///< Bytes of a block's shared memory the driver keeps.
  int registers_per_block = 0;                       ///< 32-bit registers one block may use.
  int registers_per_multiprocessor = 0;              ///< 32-bit registers of one multiprocessor.
  std::size_t total_memory = 0;                      ///< Bytes of global memory.
  std::size_t total_constant_memory = 0;             ///< Bytes of constant memory.
  std::size_t l2_cache_size = 0;                     ///< Bytes of L2 cache.
  /// Most bytes of L2 that may be set aside for persisting accesses.
  std::size_t persisting_l2_cache_max_size = 0;
  int memory_bus_width = 0;                ///< Width of the global memory bus in bits.
  int clock_rate_khz = 0;                  ///< Peak clock of the multiprocessors in kHz.
  int memory_clock_rate_khz = 0;           ///< Peak clock of the global memory in kHz.
  int async_engine_count = 0;              ///< Copy engines: 2 or more let a copy each way overlap kernels.
  bool concurrent_kernels = false;         ///< Kernels of different streams may run at the same time.
  bool cooperative_launch = false;         ///< cudaLaunchCooperativeKernel is supported (grid-wide sync).
  bool cluster_launch = false;             ///< Thread block clusters are supported (compute capability 9.0+).
  bool managed_memory = false;             ///< cudaMallocManaged is supported.
  bool concurrent_managed_access = false;  ///< Managed memory may be used by the CPU and the GPU at once.
  bool unified_addressing = false;         ///< Host and device share one virtual address space.
  bool integrated = false;                 ///< Part of the host's chip, sharing its memory, not discrete.
  bool ecc_enabled = false;                ///< ECC is on for the global memory.
  int pci_domain_id = 0;                   ///< PCI domain of the GPU.
  int pci_bus_id = 0;                      ///< PCI bus of the GPU.
  int pci_device_id = 0;                   ///< PCI device (slot) of the GPU.

  /// The compute capability as one number, 10 * major + minor: 90 for sm_90 (CuPy's
  /// `Device.compute_capability`, as an int).
  int compute_capability() const { return 10 * compute_capability_major + compute_capability_minor; }
  /// True when every field is equal.
  friend bool operator==(const device_properties&, const device_properties&) = default;
};

/// The properties of GPU @p d, queried from the driver once per device and then served from a cache.
/// @throws device_error for nc::cpu, or when @p d is a GPU that does not exist.
device_properties get_device_properties(device d = default_device());

}  // namespace numcu
