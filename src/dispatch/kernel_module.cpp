#include "dispatch/kernel_module.hpp"

#include <algorithm>
#include <cstring>

#include "core/scalar_cast.hpp"
#include "device/launch_geometry.hpp"

#include "core/kernel_source.hpp"
#include "cuda/reduction_launcher.hpp"
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

void run_elementwise_kernel(const elementwise_kernel_call& c, const elementwise_kernel_loader& load) {
  std::vector<plan_operand> operands;
  for (const ndarray& a : c.walked) operands.push_back({static_cast<char*>(a.data_ptr()), &a.strides(), a.itemsize()});
  const kernel_loop plan = make_kernel_loop(c.loop, operands);
  const std::int64_t n = plan.numel;
  // an input sharing memory with an output, or two outputs sharing it, keep the order of the operation's
  // reads and writes element by element
  bool element_by_element = false;
  for (std::size_t a = 0; a < c.walked.size(); ++a) {
    for (std::size_t b = std::max(a + 1, c.walked_inputs); b < c.walked.size(); ++b)
      element_by_element = element_by_element || overlaps(c.walked[a], c.walked[b]);
  }
  const elementwise_loop_choice choice = choose_elementwise_loop(
      plan, kernel_loop_rules(plan, static_cast<int>(c.walked_inputs), element_by_element));
  if (choice.kind != elementwise_loop_kind::dense && plan.noperands > max_kernel_arrays) {
    throw rtc_error("numcu: elementwise kernel '" + *c.name + "' walks " + std::to_string(plan.noperands) +
                    " arrays element by element, not all dense; at most " + std::to_string(max_kernel_arrays) +
                    " can be strided or broadcast");
  }
  const loaded_kernel& k =
      load(choice, c.outputs_from_caller && choice.kind != elementwise_loop_kind::general);
  // the arguments, in the kernel's parameter order (kernel_source.hpp), in one buffer of 8-byte slots
  std::vector<unsigned char> bytes;
  std::vector<std::size_t> starts;
  const auto push = [&](const void* from, std::size_t count) {
    starts.push_back((bytes.size() + 7) / 8 * 8);
    bytes.resize(starts.back() + count);
    std::memcpy(bytes.data() + starts.back(), from, count);
  };
  // the user's parameters, the element-wise arrays starting at @p data; then the elements of the loop
  const auto push_parameters = [&](const std::vector<char*>& data) {
    std::size_t walked_at = 0, raw_at = 0;
    const auto push_one = [&](const kernel_param& p, const operand* scalar_in, dtype t) {
      if (p.raw) {
        const ndarray& a = *c.raws[raw_at++];
        std::vector<std::int64_t> view;
        const auto ndim = static_cast<std::size_t>(a.ndim());
        view.push_back(static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(a.data_ptr())));
        for (std::size_t e = 0; e < std::max<std::size_t>(ndim, 1); ++e) view.push_back(e < ndim ? a.shape()[e] : 1);
        for (std::size_t e = 0; e < std::max<std::size_t>(ndim, 1); ++e) view.push_back(e < ndim ? a.strides()[e] : 0);
        push(view.data(), view.size() * sizeof(std::int64_t));
      } else if (scalar_in != nullptr) {
        const auto element = scalar_to_element(scalar_in->value(), t);
        push(element.bytes, t.itemsize());
      } else {
        push(&data[walked_at++], sizeof(char*));
      }
    };
    for (std::size_t q = 0; q < c.inputs.size(); ++q)
      push_one((*c.in_params)[q], c.inputs[q].is_scalar() ? &c.inputs[q] : nullptr, c.types->inputs[q]);
    for (std::size_t q = 0; q < c.out_params->size(); ++q)
      push_one((*c.out_params)[q], nullptr, c.types->outputs[q]);
    push(&n, sizeof n);
  };
  route(c.where, "an elementwise_kernel", [&](cuda_backend, const exec& e) {
    const auto run = [&](std::int64_t items, std::int64_t per_block, unsigned grid_y) {
      std::vector<void*> args;
      for (const std::size_t at : starts) args.push_back(bytes.data() + at);
      const unsigned grid[3] = {static_cast<unsigned>((items + per_block - 1) / per_block), grid_y, 1};
      const unsigned block[3] = {block_threads, 1, 1};
      cuda::launch_kernel(k.kernel, c.where.index(), grid, block, 0, k.limits.static_shared, e.stream(),
                          args.data());
    };
    const std::int64_t per_block = block_threads * std::int64_t{choice.vector_width};
    switch (choice.kind) {
      case elementwise_loop_kind::dense:
        push_parameters(plan.data);
        run(n, per_block, 1);
        break;
      case elementwise_loop_kind::rows: {
        push_parameters(plan.data);
        const rows_shape shape{plan.sizes[0], static_cast<std::uint32_t>(n / plan.sizes[0])};
        push(&shape, sizeof shape);
        const auto outer = offset_calculator_bytes(outer_dimensions(plan));
        push(outer.data(), outer.size());
        push(&choice.constant, sizeof choice.constant);
        run(shape.inner, per_block, std::min<unsigned>(shape.rows, 65535u));
        break;
      }
      case elementwise_loop_kind::general:
        split_plan(plan, max_32bit_numel, [&](const kernel_loop& piece, std::int64_t first) {
          bytes.clear();
          starts.clear();
          push_parameters(piece.data);
          const auto offsets = offset_calculator_bytes(piece);
          push(offsets.data(), offsets.size());
          const auto count = static_cast<std::uint32_t>(piece.numel);
          push(&count, sizeof count);
          push(&first, sizeof first);
          run(piece.numel, std::int64_t{block_threads} * general_items, 1);
        });
        break;
    }
  });
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
  reduction_params params;
  params.count = plan.reduced;
  reduction_args a = make_reduction_args(plan, in.data_ptr(), out.data_ptr(), in.dtype(), out.dtype(), params);
  route(in.device(), "a reduction_kernel", [&](cuda_backend, const exec& e) {
    reduction_kernel_set set;  // every form but the vector columns, of the input's own type
    set.itemsize = in.itemsize();
    set.acc_size = k.partial_bytes;
    cuda::launch_reduction(e, a, plan.layout, set, [&](reduction_kernel_form f) {
      return k.kernel(static_cast<std::size_t>(f)).kernel.handle;
    });
  });
}

void run_loaded_identity(const loaded_reduction& k, const ndarray& out) {
  const ndarray value = new_array({}, out.dtype(), out.device());  // computed once, then broadcast
  const loaded_kernel& identity = k.kernel(reduction_identity_kernel);
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

std::pair<void*, std::size_t> module_global(device d, const std::string& image, const std::string& name) {
  require_gpu(d, "a module's global");
  return cuda::find_global(image, name, d.index());
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
