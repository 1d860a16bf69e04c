#include "dispatch/kernel_module.hpp"

#include "cuda/runtime.hpp"
#include "numcu/error.hpp"

namespace numcu::detail {

void require_gpu(device d, const char* what) {
  if (!d.is_cuda()) {
    throw device_error(std::string("numcu: ") + what + " runs on a CUDA GPU, not on " + d.str() +
                       " (runtime-compiled kernels have no CPU backend)");
  }
}

std::string device_arch(device d, const char* what) {
  require_gpu(d, what);
  require_cuda_device(d);
  const cudaDeviceProp& prop = device_properties(d.index());
  return "sm_" + std::to_string(prop.major) + std::to_string(prop.minor);
}

loaded_kernel load_kernel(device d, const std::string& image, const std::string& symbol, bool parameters) {
  loaded_kernel k;
  k.kernel = cuda::find_kernel(image, symbol);
  k.limits = cuda::limits_of(k.kernel, d.index());
  if (parameters) k.parameter_sizes = cuda::kernel_parameter_sizes(k.kernel);
  return k;
}

void launch_loaded(const loaded_kernel& k, const stream& s, const unsigned (&grid)[3],
                   const unsigned (&block)[3], std::size_t dynamic_shared, void** args) {
  cuda::launch_kernel(k.kernel, s.get_device().index(), grid, block, dynamic_shared, k.limits.static_shared,
                      s.native_handle(), args);
}

int suggested_block_size(const loaded_kernel& k, device d, std::size_t dynamic_shared) {
  return cuda::suggested_block_size(k.kernel, d.index(), dynamic_shared);
}

void copy_module_global(device d, const std::string& image, const std::string& name, void* host,
                        std::size_t bytes, bool to_device) {
  const auto [address, size] = cuda::find_global(image, name, d.index());
  if (size != bytes) {
    throw rtc_error("numcu: the module's variable '" + name + "' is " + std::to_string(size) + " bytes; " +
                    std::to_string(bytes) + " given");
  }
  cuda::copy_global(address, host, bytes, to_device, d.index());
}

}  // namespace numcu::detail
