#include "dispatch/kernel_module.hpp"

#include <optional>

#include "core/reduction_launch.hpp"
#include "cuda/runtime.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/reduction.hpp"
#include "dispatch/route.hpp"
#include "memory/buffer.hpp"
#include "numcu/error.hpp"
#include "numcu/manipulation.hpp"

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

void run_loaded_reduction(const loaded_reduction& k, const ndarray& in, std::span<const int> axes,
                          const ndarray& out) {
  if (overlaps(in, out)) {
    const ndarray result = new_array(out.shape(), out.dtype(), out.device());
    run_loaded_reduction(k, in, axes, result);
    copy_into(out, result);
    return;
  }
  const reduction_plan plan = plan_reduction(in, axes, out);
  if (plan.outputs == 0) return;
  reduce_params params;
  params.count = plan.reduced;
  reduce_args a = make_reduce_args(plan, in.data_ptr(), out.data_ptr(), in.dtype(), out.dtype(), params);
  const int ordinal = in.device().index();
  using slot = reduction_kernel_slot;
  const auto spread_tiles = [&]() -> const loaded_kernel& {
    return k.kernel(a.dense ? slot::spread_tiles_dense : slot::spread_tiles);
  };
  route(in.device(), "a reduction_kernel", [&](cuda_backend, const exec& e) {
    const reduce_launch l = plan_reduce_launch(a, plan.layout, true, k.partial_bytes, [&] {
      return static_cast<std::int64_t>(resident_blocks(spread_tiles().kernel.handle, tile_slots, ordinal));
    });
    std::optional<reduce_args> second;
    if (l.second_threads > 0)
      second =
          second_stage_args(a, e.workspace(static_cast<std::size_t>(a.outputs * a.parts) * k.partial_bytes));
    const auto queue = [&](const loaded_kernel& kernel, unsigned grid_x, unsigned grid_y, unsigned threads,
                           void** args) {
      const unsigned grid[3] = {grid_x, grid_y, 1}, block[3] = {threads, 1, 1};
      cuda::launch_kernel(kernel.kernel, ordinal, grid, block, 0, kernel.limits.static_shared, e.stream(),
                          args);
    };
    std::int64_t run = l.run;
    int group = l.group;
    void* tiles_args[] = {&a, &run};
    void* group_args[] = {&a, &group};
    switch (l.kind) {
      case reduce_kernel_kind::tiles:
        queue(k.kernel(a.dense ? slot::tiles_dense : slot::tiles), l.grid_x, 1, tile_slots, tiles_args);
        break;
      case reduce_kernel_kind::spread_tiles:
        queue(spread_tiles(), l.grid_x, 1, tile_slots, tiles_args);
        break;
      case reduce_kernel_kind::short_rows:
        queue(k.kernel(a.dense ? slot::short_rows_dense : slot::short_rows), l.grid_x, 1, tile_slots, group_args);
        break;
      case reduce_kernel_kind::columns:
        queue(k.kernel(slot::columns), l.grid_x, l.grid_y, tile_slots, group_args);
        break;
      case reduce_kernel_kind::short_columns:
        queue(k.kernel(slot::short_columns), l.grid_x, 1, tile_slots, group_args);
        break;
    }
    if (second) {
      void* second_args[] = {&*second};
      queue(k.kernel(l.second_threads == 1024 ? slot::partials_1024 : slot::partials_256), l.second_grid, 1,
            static_cast<unsigned>(l.second_threads), second_args);
    }
  });
}

void run_loaded_identity(const loaded_reduction& k, const ndarray& out) {
  const ndarray value = new_array({}, out.dtype(), out.device());  // computed once, then broadcast
  const loaded_kernel& identity = k.kernel(reduction_kernel_slot::identity);
  route(out.device(), "a reduction_kernel", [&](cuda_backend, const exec& e) {
    char* at = static_cast<char*>(value.data_ptr());
    dtype_code t = out.dtype().id();
    void* args[] = {&at, &t};
    const unsigned one[3] = {1, 1, 1};
    cuda::launch_kernel(identity.kernel, out.device().index(), one, one, 0, identity.limits.static_shared,
                        e.stream(), args);
  });
  copy_into(out, broadcast_to(value, out.shape()));
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
