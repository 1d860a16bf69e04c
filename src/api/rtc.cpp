// raw_module: runtime compilation through the kernel cache (src/rtc/).
#include "numcu/rtc.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "core/kernel_signature.hpp"
#include "core/kernel_source.hpp"
#include "core/reduction_axes.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/kernel_module.hpp"
#include "numcu/creation.hpp"
#include "numcu/error.hpp"
#include "numcu/manipulation.hpp"
#include "rtc/kernel_cache.hpp"

namespace numcu {

namespace {

detail::rtc::program_request request_of(const std::string& source, const std::vector<std::string>& options,
                                        const std::vector<std::string>& name_expressions,
                                        const std::string& name, const std::string& arch) {
  return detail::rtc::program_request{source, name, arch, options, name_expressions};
}

/// Throws rtc_error unless @p name, the name of a @p what, is a C++ identifier.
void check_kernel_name(const std::string& name, const char* what) {
  const bool identifier = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
                          std::all_of(name.begin(), name.end(), [](char c) {
                            return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                          });
  if (!identifier)
    throw rtc_error(std::string("numcu: ") + what + "'s name must be a C++ identifier, not '" + name + "'");
}

/// What the inputs of one call of a user kernel say: the device (the arrays', all the same), each input's
/// dtype (none for a scalar), the element-wise arrays' shapes and the first of them.
struct call_inputs {
  std::optional<device> where;
  std::vector<std::optional<dtype>> dtypes;
  std::vector<shape_t> shapes;
  const ndarray* first_element_wise = nullptr;
  const char* kind;         // "elementwise kernel", "reduction kernel"
  const std::string* name;  // the kernel's

  /// The kernel, for messages: written only when one is thrown, not on every call.
  std::string what() const { return std::string(kind) + " '" + *name + "'"; }

  /// Takes @p a's device as the call's, or checks it against the call's.
  void on(const ndarray& a) {
    if (!where) where = a.device();
    if (!(*where == a.device())) detail::require_same_device(*where, a.device(), what());
  }
};

/// Checks @p inputs against @p params (their number; arrays for raw parameters; one device) for the @p kind
/// named @p name.
call_inputs examine_inputs(const std::vector<detail::kernel_param>& params,
                           const std::vector<operand>& inputs, const char* kind, const std::string& name) {
  call_inputs c{{}, {}, {}, nullptr, kind, &name};
  if (inputs.size() != params.size()) {
    throw rtc_error("numcu: " + c.what() + " takes " + std::to_string(params.size()) + " inputs; " +
                    std::to_string(inputs.size()) + " given");
  }
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k].is_scalar()) {
      if (params[k].raw)
        throw rtc_error("numcu: raw parameter '" + params[k].name + "' of " + c.what() + " takes an array");
      c.dtypes.emplace_back();
      continue;
    }
    const ndarray& a = inputs[k].array();
    c.on(a);
    c.dtypes.push_back(a.dtype());
    if (!params[k].raw) {
      c.shapes.push_back(a.shape());
      if (c.first_element_wise == nullptr) c.first_element_wise = &a;
    }
  }
  return c;
}

/// The mangled name a compiled program gives name expression @p expression; rtc_error naming @p program
/// when it has none.
const std::string& lowered_name_in(const detail::rtc::compiled_program& compiled,
                                   const std::string& expression, const std::string& program) {
  for (const auto& [e, lowered] : compiled.lowered_names) {
    if (e == expression) return lowered;
  }
  throw rtc_error("numcu: '" + expression + "' is not a name expression of " + program +
                  " (give it to raw_module's name_expressions)");
}

/// The entry of @p key in @p loaded (a map guarded by @p mutex), made by @p make() when there is none: made
/// outside the lock, so that calls of other bindings do not wait for a compilation.
template <class Map, class Make>
const typename Map::mapped_type& find_or_make(std::mutex& mutex, Map& loaded,
                                              const typename Map::key_type& key, Make&& make) {
  {
    std::lock_guard lock(mutex);
    if (const auto it = loaded.find(key); it != loaded.end()) return it->second;
  }
  auto fresh = make();
  std::lock_guard lock(mutex);
  return loaded.try_emplace(key, std::move(fresh)).first->second;
}

}  // namespace

raw_module::raw_module(std::string source, std::vector<std::string> options,
                       std::vector<std::string> name_expressions, std::string name)
    : m_source(std::move(source)),
      m_options(std::move(options)),
      m_name_expressions(std::move(name_expressions)),
      m_name(std::move(name)) {}

raw_module raw_module::from_image(std::string image, std::string name) {
  raw_module m({}, {}, {}, std::move(name));
  m.m_image = std::move(image);
  return m;
}

std::string raw_module::compile(const std::string& arch) const {
  if (m_image) return *m_image;
  return detail::rtc::compile_cached(request_of(m_source, m_options, m_name_expressions, m_name, arch))
      ->image;
}

std::string raw_module::lowered_name(const std::string& expression, const std::string& arch) const {
  if (m_image) throw rtc_error("numcu: " + m_name + " is a precompiled image: it has no name expressions");
  const auto program =
      detail::rtc::compile_cached(request_of(m_source, m_options, m_name_expressions, m_name, arch));
  return lowered_name_in(*program, expression, m_name);
}

std::string raw_module::image_for(device d) const {
  return compile(detail::device_arch(d, "a raw_module"));
}

std::string raw_module::symbol_for(const std::string& name, device d) const {
  for (const auto& e : m_name_expressions) {
    if (e == name) return lowered_name(name, detail::device_arch(d, "a raw_module"));
  }
  return name;
}

raw_kernel raw_module::get_function(const std::string& name) const {
  raw_kernel k(*this, name);
  // a source compiled and loaded now for the default GPU, so that a compile error or a missing kernel is
  // reported here (an image made elsewhere, perhaps for another GPU, loads where it is first launched)
  if (const device d = default_device(); d.is_cuda() && !m_image) (void)k.load(d);
  return k;
}

void raw_module::set_global(const std::string& name, const void* data, std::size_t bytes, device d) const {
  detail::copy_module_global(d, image_for(d), name, const_cast<void*>(data), bytes, true);
}

void raw_module::get_global(const std::string& name, void* data, std::size_t bytes, device d) const {
  detail::copy_module_global(d, image_for(d), name, data, bytes, false);
}

ndarray raw_module::get_global(const std::string& name, dtype t, device d) const {
  detail::require_gpu(d, "a module's global");
  const auto [address, bytes] = detail::module_global(d, image_for(d), name);
  if (bytes % t.itemsize() != 0) {
    throw rtc_error("numcu: the module's variable '" + name + "' is " + std::to_string(bytes) +
                    " bytes, not a whole number of " + std::string(t.name()) + " elements");
  }
  return from_blob(address, {static_cast<std::int64_t>(bytes / t.itemsize())}, t, d);
}

kernel_arg::kernel_arg(const ndarray& a) : m_size(sizeof(void*)), m_device(a.device()) {
  void* p = a.data_ptr();
  std::memcpy(m_bytes, &p, sizeof p);
}

kernel_arg::kernel_arg(const void* pointer) : m_size(sizeof(void*)) {
  std::memcpy(m_bytes, &pointer, sizeof pointer);
}

struct raw_kernel::loaded {
  detail::loaded_kernel kernel;
};

/// The kernel as loaded on each GPU so far, shared by the copies of a raw_kernel.
struct raw_kernel::cache {
  std::mutex mutex;
  std::map<int, loaded> by_device;
};

raw_kernel::raw_kernel(raw_module module, std::string name)
    : m_module(std::make_shared<const raw_module>(std::move(module))),
      m_name(std::move(name)),
      m_cache(std::make_shared<cache>()) {}

const raw_kernel::loaded& raw_kernel::load(device d) const {
  detail::require_gpu(d, "a raw_kernel");  // a GPU is in the cache only once device_arch() found it
  return find_or_make(m_cache->mutex, m_cache->by_device, d.index(), [&] {
    return loaded{detail::load_kernel(d, m_module->image_for(d), m_module->symbol_for(m_name, d), true)};
  });
}

void raw_kernel::operator()(launch_dims grid, launch_dims block, std::initializer_list<kernel_arg> args,
                            std::size_t shared_memory, const std::optional<stream>& s) const {
  launch_on(grid, block, {args.begin(), args.size()}, shared_memory, s);
}

void raw_kernel::operator()(launch_dims grid, launch_dims block, const std::vector<kernel_arg>& args,
                            std::size_t shared_memory, const std::optional<stream>& s) const {
  launch_on(grid, block, args, shared_memory, s);
}

namespace {

std::string dims_text(const unsigned (&v)[3]) {
  return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ")";
}

}  // namespace

void raw_kernel::launch_on(launch_dims grid_dims, launch_dims block_dims, std::span<const kernel_arg> args,
                           std::size_t shared_memory, const std::optional<stream>& on) const {
  const device d = on ? on->get_device() : default_device();
  detail::require_gpu(d, "a raw_kernel");
  const stream s = on ? *on : current_stream(d);
  const auto what = [&] { return "kernel '" + m_name + "'"; };  // for messages only: no string per launch
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].array_device() && *args[i].array_device() != d) {
      throw device_error("numcu: argument " + std::to_string(i) + " of " + what() + " is an array on " +
                         args[i].array_device()->str() + "; the kernel runs on " + d.str());
    }
  }
  const auto& k = load(d).kernel;
  const unsigned grid[3] = {grid_dims.x, grid_dims.y, grid_dims.z};
  const unsigned block[3] = {block_dims.x, block_dims.y, block_dims.z};
  const std::uint64_t threads = std::uint64_t{block[0]} * block[1] * block[2];
  for (int i = 0; i < 3; ++i) {
    if (grid[i] == 0 || block[i] == 0) {
      throw rtc_error("numcu: " + what() + " launched with grid " + dims_text(grid) + " and block " +
                      dims_text(block) + ": every extent must be at least 1");
    }
    if (grid[i] > k.limits.max_grid[i] || block[i] > static_cast<unsigned>(k.limits.max_block[i])) {
      throw rtc_error("numcu: " + what() + " launched with grid " + dims_text(grid) + " and block " +
                      dims_text(block) + ": " + d.str() + " allows grids up to " +
                      dims_text(k.limits.max_grid) + " and blocks up to (" +
                      std::to_string(k.limits.max_block[0]) + ", " + std::to_string(k.limits.max_block[1]) +
                      ", " + std::to_string(k.limits.max_block[2]) + ")");
    }
  }
  if (threads > static_cast<std::uint64_t>(k.limits.max_threads_per_block)) {
    throw rtc_error("numcu: " + what() + " launched with " + std::to_string(threads) +
                    " threads per block; it allows at most " +
                    std::to_string(k.limits.max_threads_per_block) + " on " + d.str() + " (" +
                    std::to_string(k.limits.registers) + " registers per thread)");
  }
  if (shared_memory > k.limits.max_dynamic_shared) {
    throw rtc_error("numcu: " + what() + " launched with " + std::to_string(shared_memory) +
                    " bytes of dynamic shared memory; at most " +
                    std::to_string(k.limits.max_dynamic_shared) + " are available to it on " + d.str());
  }
  if (k.parameter_sizes) {
    const auto& sizes = *k.parameter_sizes;
    if (sizes.size() != args.size()) {
      throw rtc_error("numcu: " + what() + " takes " + std::to_string(sizes.size()) + " arguments; " +
                      std::to_string(args.size()) + " given");
    }
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      if (sizes[i] != args[i].size()) {
        throw rtc_error("numcu: argument " + std::to_string(i) + " of " + what() + " is " +
                        std::to_string(args[i].size()) + " bytes; the kernel's parameter " +
                        std::to_string(i) + " is " + std::to_string(sizes[i]) + " bytes");
      }
    }
  }
  std::vector<void*> values(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) values[i] = const_cast<void*>(args[i].value());
  detail::launch_loaded(k, s, grid, block, shared_memory, values.data());
}

kernel_attributes raw_kernel::attributes(device d) const {
  const auto& l = load(d).kernel.limits;
  return kernel_attributes{l.max_threads_per_block, l.registers, l.static_shared, l.max_dynamic_shared};
}

int raw_kernel::suggested_block_size(device d, std::size_t shared_memory) const {
  return detail::suggested_block_size(load(d).kernel, d, shared_memory);
}

struct elementwise_kernel::state {
  std::string name, operation, preamble;
  std::vector<std::string> options;
  std::vector<detail::kernel_param> in_params, out_params;
  std::mutex mutex;
  std::map<std::pair<int, std::string>, detail::loaded_kernel> loaded;  // by device and binding (call())
};

elementwise_kernel::elementwise_kernel(std::string in_params, std::string out_params, std::string operation,
                                       std::string name, std::string preamble,
                                       std::vector<std::string> options)
    : m_state(std::make_shared<state>()) {
  m_state->in_params = detail::parse_kernel_params(in_params, true);
  m_state->out_params = detail::parse_kernel_params(out_params, false);
  detail::check_kernel_param_names(m_state->in_params, m_state->out_params);
  if (m_state->out_params.empty()) throw rtc_error("numcu: elementwise kernel '" + name + "' has no output");
  check_kernel_name(name, "an elementwise kernel");
  m_state->name = std::move(name);
  m_state->operation = std::move(operation);
  m_state->preamble = std::move(preamble);
  m_state->options = std::move(options);
}

const std::string& elementwise_kernel::name() const noexcept {
  return m_state->name;
}

ndarray elementwise_kernel::operator()(std::initializer_list<operand> args) const {
  const auto& st = *m_state;
  if (st.out_params.size() != 1) {
    throw rtc_error("numcu: elementwise kernel '" + st.name + "' has " +
                    std::to_string(st.out_params.size()) + " outputs: call() returns them");
  }
  std::vector<operand> inputs(args.begin(), args.end());
  std::vector<ndarray> out;
  if (inputs.size() == st.in_params.size() + 1) {
    if (inputs.back().is_scalar())
      throw rtc_error("numcu: the output argument of elementwise kernel '" + st.name + "' must be an array");
    out.push_back(inputs.back().array());
    inputs.pop_back();
  }
  return call(inputs, out).front();
}

std::vector<ndarray> elementwise_kernel::call(const std::vector<operand>& inputs,
                                              const std::vector<ndarray>& out,
                                              std::optional<std::int64_t> size) const {
  auto& st = *m_state;
  call_inputs in = examine_inputs(st.in_params, inputs, "elementwise kernel", st.name);
  if (!out.empty() && out.size() != st.out_params.size()) {
    throw rtc_error("numcu: " + in.what() + " has " + std::to_string(st.out_params.size()) + " outputs; " +
                    std::to_string(out.size()) + " given (give all or none)");
  }
  std::vector<std::optional<dtype>> out_dtypes;
  std::vector<shape_t> shapes = in.shapes, out_shapes;  // of the element-wise arrays
  for (std::size_t k = 0; k < out.size(); ++k) {
    in.on(out[k]);
    out_dtypes.push_back(out[k].dtype());
    if (!st.out_params[k].raw) out_shapes.push_back(out[k].shape());
  }
  if (out.empty()) out_dtypes.resize(st.out_params.size());
  const device d = in.where.value_or(default_device());
  detail::require_gpu(d, "an elementwise_kernel");
  const detail::kernel_types types =
      detail::bind_kernel_types(st.in_params, st.out_params, in.dtypes, out_dtypes);
  // the loop's shape: the inputs' broadcast, else the outputs' (which must then agree)
  if (shapes.empty()) shapes = out_shapes;
  shape_t loop;
  if (shapes.empty()) {
    if (!size) throw rtc_error("numcu: " + in.what() + " has no element-wise array argument: give its size");
    if (*size < 0) throw rtc_error("numcu: " + in.what() + " given a negative size " + std::to_string(*size));
    loop = {*size};
  } else {
    if (size)
      throw rtc_error("numcu: size is for kernels called without element-wise arrays; " + in.what() +
                      " has some");
    loop = broadcast_shapes(shapes);
  }
  for (std::size_t k = 0; k < out.size(); ++k) {
    if (!st.out_params[k].raw && out[k].shape() != loop) {
      throw shape_error("numcu: output " + std::to_string(k) + " of " + in.what() + " has shape " +
                        to_string(out[k].shape()) + "; the loop's shape is " + to_string(loop));
    }
  }
  std::vector<ndarray> outputs = out;
  if (outputs.empty()) {
    for (std::size_t k = 0; k < st.out_params.size(); ++k) {
      if (st.out_params[k].raw)
        throw rtc_error("numcu: raw output '" + st.out_params[k].name + "' of " + in.what() +
                        " must be given");
      outputs.push_back(empty(loop, types.outputs[k], d));
    }
  }
  // the arrays the loop walks element by element, in parameter order, as views in the loop's shape
  std::vector<ndarray> walked;
  std::vector<const ndarray*> raws;
  std::vector<bool> scalar_inputs;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    scalar_inputs.push_back(inputs[k].is_scalar());
    if (inputs[k].is_scalar()) continue;
    if (st.in_params[k].raw) {
      raws.push_back(&inputs[k].array());
    } else {
      walked.push_back(broadcast_to(inputs[k].array(), loop));
    }
  }
  const std::size_t walked_inputs = walked.size();
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    if (st.out_params[k].raw) {
      raws.push_back(&outputs[k]);
    } else {
      walked.push_back(outputs[k]);
    }
  }
  std::vector<int> raw_ndims;
  for (const ndarray* a : raws) raw_ndims.push_back(static_cast<int>(a->ndim()));
  if (loop.product() == 0) return outputs;
  detail::elementwise_kernel_call c;
  c.name = &st.name;
  c.in_params = &st.in_params;
  c.out_params = &st.out_params;
  c.inputs = inputs;
  c.types = &types;
  c.walked = std::move(walked);
  c.walked_inputs = walked_inputs;
  c.raws = std::move(raws);
  c.loop = loop;
  c.outputs_from_caller = !out.empty();
  c.where = d;
  // the kernel for the loop chosen below the api: the source is written and compiled only for a binding not
  // seen yet (the parameters' dtypes, which inputs are scalars, the raw arrays' ranks, the loop), a few bytes
  detail::run_elementwise_kernel(c, [&](const detail::elementwise_loop_choice& choice,
                                        bool outputs_given) -> const detail::loaded_kernel& {
    std::string binding;
    for (const dtype t : types.inputs) binding += static_cast<char>(t.id());
    for (const dtype t : types.outputs) binding += static_cast<char>(t.id());
    for (const bool scalar : scalar_inputs) binding += scalar ? 's' : 'a';
    for (const int rank : raw_ndims) binding += static_cast<char>(rank);
    binding += static_cast<char>(choice.kind);
    binding += static_cast<char>(choice.vector_width);
    binding += outputs_given ? 'o' : 'n';
    return find_or_make(st.mutex, st.loaded, std::make_pair(d.index(), binding), [&] {
      detail::elementwise_source_request r;
      r.name = st.name;
      r.operation = st.operation;
      r.preamble = st.preamble;
      r.in_params = st.in_params;
      r.out_params = st.out_params;
      r.types = types;
      r.scalar_inputs = scalar_inputs;
      r.raw_ndims = raw_ndims;
      r.loop = choice.kind;
      r.vector_width = choice.vector_width;
      r.outputs_given = outputs_given;
      const std::string source = detail::elementwise_kernel_source(r);
      const std::string arch = detail::device_arch(d, "an elementwise_kernel");
      const auto program =
          detail::rtc::compile_cached(request_of(source, st.options, {}, st.name + ".cu", arch));
      return detail::load_kernel(d, program->image, st.name, false);
    });
  });
  return outputs;
}

namespace {

/// One binding of a reduction kernel on one GPU: its source, and each of its kernels compiled (a program of
/// its own: a call launches one or two of them) and loaded when first asked for.
struct reduction_binding {
  std::string source, program_name, arch;
  std::vector<std::string> options, names;  // names: reduction_kernel_names()
  device where = cpu;
  std::mutex mutex;
  std::array<std::optional<detail::loaded_kernel>, detail::reduction_identity_kernel + 1> kernels;
  detail::loaded_reduction loaded;  // whose kernel() is kernel() below

  const detail::loaded_kernel& kernel(std::size_t index) {
    std::lock_guard lock(mutex);
    if (!kernels[index]) {
      const auto program =
          detail::rtc::compile_cached(request_of(source, options, {names[index]}, program_name, arch));
      kernels[index] = detail::load_kernel(where, program->image,
                                           lowered_name_in(*program, names[index], program_name), false);
    }
    return *kernels[index];
  }
};

}  // namespace

struct reduction_kernel::state {
  std::string name, map, reduce, post_map, identity, preamble;
  std::vector<std::string> options;
  std::vector<detail::kernel_param> in_params, out_params;
  detail::kernel_param reduce_param;             // the partials' dtype or placeholder
  std::optional<elementwise_kernel> map_kernel;  // the map pass of kernels not reading one array in place
  std::mutex mutex;
  std::map<std::pair<int, std::string>, std::unique_ptr<reduction_binding>> loaded;  // by device and binding
};

reduction_kernel::reduction_kernel(std::string in_params, std::string out_params, std::string map_expr,
                                   std::string reduce_expr, std::string post_map_expr, std::string identity,
                                   std::string name, std::string reduce_type, std::string preamble,
                                   std::vector<std::string> options)
    : m_state(std::make_shared<state>()) {
  auto& st = *m_state;
  st.in_params = detail::parse_kernel_params(in_params, true);
  st.out_params = detail::parse_kernel_params(out_params, false);
  detail::check_kernel_param_names(st.in_params, st.out_params);
  if (st.out_params.size() != 1 || st.out_params[0].raw) {
    throw rtc_error("numcu: reduction kernel '" + name + "' must have one output, not raw; it has '" +
                    out_params + "'");
  }
  check_kernel_name(name, "a reduction kernel");
  const detail::kernel_param& out = st.out_params[0];
  if (reduce_type.empty())
    reduce_type = out.type ? std::string(out.type->name()) : std::string(1, out.placeholder);
  st.reduce_param = detail::parse_kernel_params(reduce_type + " numcu_partial", false).at(0);
  // the reduce type in C++: a placeholder is declared as a type in the kernels
  const std::string partial_type = st.reduce_param.type ? detail::value_type_name(*st.reduce_param.type)
                                                        : std::string(1, st.reduce_param.placeholder);
  // the map pass: the reduce type and the placeholders are named as in the reduction's own kernels
  st.map_kernel.emplace(in_params, reduce_type + " numcu_mapped", "numcu_mapped = (" + map_expr + ")",
                        name + "_map", "typedef " + partial_type + " _type_reduce;\n" + preamble, options);
  st.name = std::move(name);
  st.map = std::move(map_expr);
  st.reduce = std::move(reduce_expr);
  st.post_map = std::move(post_map_expr);
  st.identity = std::move(identity);
  st.preamble = std::move(preamble);
  st.options = std::move(options);
}

const std::string& reduction_kernel::name() const noexcept {
  return m_state->name;
}

ndarray reduction_kernel::operator()(std::initializer_list<operand> inputs, const axis_arg& axis,
                                     bool keepdims, const std::optional<ndarray>& out) const {
  return call(std::vector<operand>(inputs), axis, keepdims, out);
}

ndarray reduction_kernel::call(const std::vector<operand>& inputs, const axis_arg& axis, bool keepdims,
                               const std::optional<ndarray>& out) const {
  auto& st = *m_state;
  call_inputs in = examine_inputs(st.in_params, inputs, "reduction kernel", st.name);
  const ndarray* element_wise = in.first_element_wise;
  if (element_wise == nullptr)
    throw rtc_error("numcu: " + in.what() + " has no element-wise array argument to reduce");
  if (out) in.on(*out);
  const device d = *in.where;
  detail::require_gpu(d, "a reduction_kernel");
  const detail::kernel_types types =
      detail::bind_kernel_types(st.in_params, {st.out_params[0], st.reduce_param}, in.dtypes,
                                {out ? std::optional<dtype>(out->dtype()) : std::nullopt, std::nullopt});
  const dtype out_dtype = types.outputs[0], partial_dtype = types.outputs[1];
  // one pass over the input where there is one element-wise array and nothing else; else the map first
  const bool one_pass = inputs.size() == 1 && !st.in_params[0].raw;
  const ndarray loop = broadcast_to(*element_wise, broadcast_shapes(in.shapes));  // a view: the map's shape
  const std::vector<int> axes = detail::reduced_axes(loop, axis);
  const shape_t shape = detail::reduced_shape(loop, axes, keepdims);
  const std::int64_t count = detail::reduced_count(loop, axes);
  if (count == 0 && shape.product() != 0 && st.identity.empty()) {
    throw shape_error("zero-size array to reduction operation " + st.name + " which has no identity");
  }
  if (out) detail::check_reduction_operands(st.name.c_str(), loop.shape(), axes, keepdims, &*out);
  ndarray result = out ? *out : empty(shape, out_dtype, d);
  if (result.size() == 0) return result;
  const ndarray source = one_pass ? inputs[0].array() : empty(loop.shape(), partial_dtype, d);
  if (!one_pass) st.map_kernel->call(inputs, {source});
  // the kernels of this binding: the source's dtype, the output's, the partials' and the placeholders'
  std::string binding{static_cast<char>(source.dtype().id()), static_cast<char>(out_dtype.id()),
                      static_cast<char>(partial_dtype.id()), one_pass ? '1' : '2'};
  for (const auto& [placeholder, t] : types.placeholders) binding += {placeholder, static_cast<char>(t.id())};
  const reduction_binding& kernels =
      *find_or_make(st.mutex, st.loaded, std::make_pair(d.index(), binding), [&] {
        detail::reduction_source_request r;
        r.name = st.name;
        r.input_name = one_pass ? st.in_params[0].name : "numcu_mapped";
        r.input = source.dtype();
        r.output_name = st.out_params[0].name;
        r.output = out_dtype;
        r.reduce_type = partial_dtype;
        r.map = one_pass ? st.map : "numcu_mapped";
        r.reduce = st.reduce;
        r.post_map = st.post_map;
        r.identity = st.identity;
        r.preamble = st.preamble;
        r.placeholders = types.placeholders;
        auto made = std::make_unique<reduction_binding>();
        made->source = detail::reduction_kernel_source(r);
        made->program_name = st.name + ".cu";
        made->arch = detail::device_arch(d, "a reduction_kernel");
        made->options = st.options;
        made->names = detail::reduction_kernel_names(source.dtype());
        made->where = d;
        made->loaded = {
            [binding = made.get()](std::size_t index) -> const detail::loaded_kernel& {
              return binding->kernel(index);
            },
            detail::reduction_partial_bytes(partial_dtype, !st.identity.empty())};
        return made;
      });
  const detail::loaded_reduction* k = &kernels.loaded;
  if (count == 0) {  // every output the projection of the identity
    detail::run_loaded_identity(*k, result);
    return result;
  }
  detail::run_loaded_reduction(*k, source, axes, result);
  return result;
}

void clear_kernel_cache() {
  detail::rtc::clear_cache();
}

std::string kernel_cache_directory() {
  return detail::rtc::cache_directory().string();
}

void set_kernel_cache_directory(const std::optional<std::string>& directory) {
  if (directory)
    detail::rtc::set_cache_directory(std::filesystem::path(*directory));
  else
    detail::rtc::set_cache_directory(std::nullopt);
}

kernel_cache_stats kernel_cache_statistics() {
  const detail::rtc::cache_counts c = detail::rtc::counts();
  return {c.memory_hits, c.disk_hits, c.compiles, c.bad_entries};
}

std::vector<std::string> kernel_compile_options(const std::string& arch) {
  return detail::rtc::base_options(arch);
}

}  // namespace numcu
