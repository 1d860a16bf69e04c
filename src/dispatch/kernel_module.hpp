// Runtime kernels on a device: the GPU checks, then src/cuda/module.hpp. The CPU device has no loader for
// compiled images, so every entry here raises device_error for it.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "cuda/module.hpp"
#include "numcu/device.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/stream.hpp"

namespace numcu::detail {

/// Throws device_error unless @p d is a GPU (@p what names the caller in the message): runtime kernels have
/// no CPU backend. Cheap enough for every launch; whether the GPU exists is device_arch()'s to check.
void require_gpu(device d, const char* what);

/// The architecture NVRTC compiles for on GPU @p d, e.g. "sm_90"; device_error unless @p d is a GPU that
/// exists (@p what names the caller in the message).
std::string device_arch(device d, const char* what);

/// A kernel of an image loaded on GPU @p d, with its limits there and its parameter sizes where known.
struct loaded_kernel {
  cuda::library_kernel kernel;
  cuda::kernel_limits limits;
  std::optional<std::vector<std::size_t>> parameter_sizes;
};

/// Loads kernel @p symbol of @p image for GPU @p d; with @p parameters, asks the driver for its parameter
/// sizes (which counts them by asking past the last one: a call CUDA answers with an error, so kernels whose
/// signature numcu wrote itself skip it).
loaded_kernel load_kernel(device d, const std::string& image, const std::string& symbol, bool parameters);

/// Queues @p k on stream @p s (on the GPU @p k was loaded for) after the caller's checks.
void launch_loaded(const loaded_kernel& k, const stream& s, const unsigned (&grid)[3],
                   const unsigned (&block)[3], std::size_t dynamic_shared, void** args);

/// The kernels of one reduction kernel's source, in the order of core/kernel_source.hpp's
/// reduction_kernel_names: the built-in reduction kernels instantiated with the user's functor.
enum class reduction_kernel_slot : std::uint8_t {
  tiles,
  tiles_dense,
  spread_tiles,
  spread_tiles_dense,
  short_rows,
  short_rows_dense,
  columns,
  short_columns,
  partials_256,
  partials_1024,
  identity,
};

/// How many kernels a reduction kernel's source has: one per reduction_kernel_slot.
inline constexpr std::size_t reduction_kernel_slots =
    static_cast<std::size_t>(reduction_kernel_slot::identity) + 1;

/// The kernels of one reduction kernel's source on a GPU, each compiled and loaded by @p kernel when first
/// asked for: a reduction launches one or two of them (and asks the spread tiles kernel's occupancy where it
/// might run a tiles kernel), and each costs a compilation of its own.
struct loaded_reduction {
  std::function<const loaded_kernel&(reduction_kernel_slot)> kernel;
  std::size_t partial_bytes =
      0;  ///< at least the functor's partial size: the second stage's workspace per partial
};

/// Reduces @p in over @p axes (each 0 ... ndim-1, distinct; at least one element per output) into @p out (on
/// in's GPU; through a temporary when it overlaps @p in, as reduce_into does) with kernels @p k, launched as
/// core/reduction_launch.hpp picks for the built-in reductions, on the device's current stream; only the
/// kernels launched are asked for.
void run_loaded_reduction(const loaded_reduction& k, const ndarray& in, std::span<const int> axes,
                          const ndarray& out);

/// Fills @p out (on a GPU) with the projection of the identity of kernels @p k: the result of reducing no
/// elements.
void run_loaded_identity(const loaded_reduction& k, const ndarray& out);

/// cuda::suggested_block_size on GPU @p d.
int suggested_block_size(const loaded_kernel& k, device d, std::size_t dynamic_shared);

/// Copies @p bytes between @p host and the global @p name of @p image on GPU @p d (to the device when
/// @p to_device); rtc_error when @p bytes is not the variable's size.
void copy_module_global(device d, const std::string& image, const std::string& name, void* host,
                        std::size_t bytes, bool to_device);

}  // namespace numcu::detail
