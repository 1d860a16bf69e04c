// Runtime kernels on a device: the GPU checks, then src/cuda/module.hpp. The CPU device has no loader for
// compiled images, so every entry here raises device_error for it.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "core/kernel_loop.hpp"
#include "core/kernel_signature.hpp"
#include "cuda/module.hpp"
#include "numcu/device.hpp"
#include "numcu/elementwise.hpp"
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

/// One call of a user elementwise kernel, checked by the api: its parameters and arguments, the arrays walked
/// element by element (views in the loop's shape, the inputs first), the raw ones, and the loop's shape (at
/// least one element).
struct elementwise_kernel_call {
  const std::string* name = nullptr;  ///< the kernel's, for messages
  const std::vector<kernel_param>* in_params = nullptr;
  const std::vector<kernel_param>* out_params = nullptr;
  std::span<const operand> inputs;     ///< in parameter order: arrays, and scalars taken by value
  const kernel_types* types = nullptr;  ///< each parameter's dtype
  std::vector<ndarray> walked;
  std::size_t walked_inputs = 0;
  std::vector<const ndarray*> raws;  ///< in parameter order
  shape_t loop;
  bool outputs_from_caller = false;  ///< out= given: the kernel may skip reading outputs it only assigns
  device where = cpu;
};

/// The kernel of a call's loop (its source is written for the loop): @p choice, and whether the outputs are
/// the caller's (then read, where the loop is not the general one, only if the operation reads them).
using elementwise_kernel_loader =
    std::function<const loaded_kernel&(const elementwise_loop_choice& choice, bool outputs_given)>;

/// Runs @p c on its GPU's current stream: the loop over the walked arrays in C order (a linear index is NumPy's
/// flat index i), the loop the one elementwise choice picks (core/elementwise_loop.hpp), the kernel @p load
/// gives for it, the arguments in the kernel's parameter order (core/kernel_source.hpp); the general loop in
/// pieces of at most 2^31 - 1 elements.
/// @throws rtc_error when more than max_kernel_arrays arrays are not all dense.
void run_elementwise_kernel(const elementwise_kernel_call& c, const elementwise_kernel_loader& load);

/// The kernels of one reduction kernel's source on a GPU, by their index in reduction_kernel_names() (a
/// reduction_kernel_form, or reduction_identity_kernel), each compiled and loaded by @p kernel when first asked
/// for: a reduction launches one or two of them (and asks the spread tiles kernel's occupancy where it might run
/// a tiles kernel), and each costs a compilation of its own.
struct loaded_reduction {
  std::function<const loaded_kernel&(std::size_t)> kernel;
  std::size_t partial_bytes = 0;  ///< at least the functor's partial size: the second stage's workspace per partial
};

/// Reduces @p in over @p axes (each 0 ... ndim-1, distinct; at least one element per output) into @p out (on
/// in's GPU; through a temporary when it overlaps @p in, as reduce_into does) with kernels @p k, launched as
/// the one reduction launcher (cuda/reduction_launcher.hpp) launches the built-in ones, on the device's current stream; only the
/// kernels launched are asked for.
void run_loaded_reduction(const loaded_reduction& k, const ndarray& in, std::span<const int> axes,
                          const ndarray& out);

/// Fills @p out (on a GPU) with the projection of the identity of kernels @p k: the result of reducing no
/// elements.
void run_loaded_identity(const loaded_reduction& k, const ndarray& out);

/// cuda::suggested_block_size on GPU @p d.
int suggested_block_size(const loaded_kernel& k, device d, std::size_t dynamic_shared);

/// The device address and size of the global @p name of @p image on GPU @p d (loading the image there if
/// needed); rtc_error when there is none.
std::pair<void*, std::size_t> module_global(device d, const std::string& image, const std::string& name);

/// Copies @p bytes between @p host and the global @p name of @p image on GPU @p d (to the device when
/// @p to_device); rtc_error when @p bytes is not the variable's size.
void copy_module_global(device d, const std::string& image, const std::string& name, void* host,
                        std::size_t bytes, bool to_device);

}  // namespace numcu::detail
