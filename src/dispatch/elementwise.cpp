#include "dispatch/elementwise.hpp"

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/elementwise_call.hpp"
#include "core/scalar_cast.hpp"
#include "core/type_resolution.hpp"
#include "device/special_loops.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/route.hpp"
#include "memory/buffer.hpp"

namespace numcu::detail {
namespace {

// The one path of every elementwise call. With @p second (divmod, modf, frexp), a second output of the same
// shape is made and filled in the same pass.
ndarray run_call(ufunc_id u, std::span<const operand> inputs, const std::optional<ndarray>& out,
                 const ufunc_params& params, ndarray* second) {
  // This runs for every elementwise op: no heap allocation on the way to the launch but the output's.
  const std::string_view name = u == ufunc_id::floor_divide && second ? "divmod" : numpy_name(u);
  // integers alone in a comparison compare exactly, as NumPy 2 compares Python integers: one above INT64_MAX
  // becomes a 0-d uint64 array, the other a 0-d int64 one, and their mixed comparison is exact
  const auto large_integer_alone = [&] {
    bool large = false;
    for (const operand& x : inputs) {
      if (!x.is_scalar() || x.value().kind() != scalar_kind::integer) return false;
      large = large || x.value().is_large_unsigned();
    }
    return large;
  };
  if (is_comparison(u) && large_integer_alone()) {
    const device d = out ? out->device() : default_device();
    std::array<ndarray, 2> zero_d;
    std::array<operand, 2> arrays{zero_d[0], zero_d[1]};
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      zero_d[k] = new_array({}, inputs[k].value().is_large_unsigned() ? uint64 : int64, d);
      fill_with(zero_d[k], inputs[k].value());
      arrays[k] = operand(zero_d[k]);
    }
    return run_call(u, std::span<const operand>(arrays.data(), inputs.size()), out, params, second);
  }
  // the device: where the arrays are (all of them); the default device for scalars alone
  std::optional<device> where;
  std::array<const shape_t*, max_inputs> shapes{};
  std::size_t nshapes = 0;
  for (const operand& x : inputs) {
    if (x.is_scalar()) continue;
    if (where) require_same_device(*where, x.array().device(), name);
    where = x.array().device();
    shapes[nshapes++] = &x.array().shape();
  }
  if (out) {
    if (where && !(out->device() == *where)) {
      throw device_error(std::string(name) + ": the output is on " + out->device().str() +
                         " but the operands are on " + where->str());
    }
    where = out->device();
  }
  const device d = where.value_or(default_device());

  const auto [loop, mixed_integers] = resolve_call(u, name, inputs);
  // NumPy checks the output's cast before the shapes: `uint32_array -= int16_array` of any shapes is a
  // casting error
  if (out && !can_cast(loop.output, out->dtype(), casting::same_kind)) {
    throw dtype_error("Cannot cast ufunc '" + std::string(name) + "' output from " + dtype_repr(loop.output) +
                      " to " + dtype_repr(out->dtype()) + " with casting rule 'same_kind'");
  }

  ufunc_args args;
  args.params = params;
  // scalars become elements of their loop dtype now, so a value that does not fit fails before any work
  // (and, as in NumPy, before the shapes are checked)
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (!inputs[k].is_scalar()) continue;
    args.is_scalar[k] = true;
    // NumPy's where casts its values to the result's dtype unsafely (its iterator's casting rule)
    args.scalars[k] = scalar_to_element(inputs[k].value(),
                                        elementwise_call::input_dtype_of(u, loop.input, static_cast<int>(k)),
                                        u == ufunc_id::where);
  }

  // NumPy's iterator's error where the operands do not broadcast together: it names every input's shape (a
  // scalar's is ()) and the output's
  const auto throw_not_broadcastable = [&] {
    std::array<shape_t, max_inputs + 1> all;
    std::size_t n = 0;
    for (const operand& x : inputs) all[n++] = x.is_scalar() ? shape_t{} : x.array().shape();
    if (out) all[n++] = out->shape();
    broadcast_shapes(std::span<const shape_t>(all.data(), n));
  };
  // the broadcast shape; operands of one shape, the common case, need no list of shapes
  const shape_t shape = [&] {
    bool same = nshapes > 0;
    for (std::size_t k = 1; same && k < nshapes; ++k) same = *shapes[k] == *shapes[0];
    if (same) return *shapes[0];
    std::array<shape_t, max_inputs> list;
    for (std::size_t k = 0; k < nshapes; ++k) list[k] = *shapes[k];
    try {
      return broadcast_shapes(std::span<const shape_t>(list.data(), nshapes));
    } catch (const shape_error&) {
      throw_not_broadcastable();
      throw;
    }
  }();
  if (out && out->shape() != shape) {
    const shape_t both[] = {shape, out->shape()};
    shape_t together;
    try {
      together = broadcast_shapes(both);
    } catch (const shape_error&) {
      throw_not_broadcastable();
      throw;
    }
    if (together != out->shape()) {
      throw shape_error("non-broadcastable output operand with shape " + compact_text(out->shape()) +
                        " doesn't match the broadcast shape " + compact_text(shape));
    }
  }

  ndarray result = out ? *out : new_array(shape, loop.output, d);
  args.out_dtype = result.dtype().id();

  std::array<plan_operand, max_inputs + 1> operands;
  operands[0] = {static_cast<char*>(result.data_ptr()), &result.strides(), result.itemsize()};
  if (second) {
    // the operands between the inputs and the second output take no part (modf and frexp have one input)
    for (std::size_t k = inputs.size() + 1; k < second_output_operand; ++k)
      operands[k] = {nullptr, nullptr, 0};
    *second = new_array(shape, u == ufunc_id::frexp ? int32 : loop.output, d);
    operands[second_output_operand] = {static_cast<char*>(second->data_ptr()), &second->strides(),
                                       second->itemsize()};
  }
  // copies of inputs that overlap the output, alive until the work is queued, and the strides of broadcast
  // inputs: both rare, so empty vectors until needed (reserved, so that the plan's pointers stay valid)
  std::vector<ndarray> copies;
  std::vector<strides_t> broadcast;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k].is_scalar()) {
      operands[k + 1] = {nullptr, nullptr, 0};
      continue;
    }
    const ndarray* a = &inputs[k].array();
    if (overlaps(*a, result) && !same_layout(*a, result)) {
      copies.reserve(max_inputs);
      a = &copies.emplace_back(copy_of(*a));
    }
    args.input_dtypes[k] = a->dtype().id();
    const strides_t* strides = &a->strides();
    if (a->shape() != result.shape()) {
      broadcast.reserve(max_inputs);
      strides = &broadcast.emplace_back(broadcast_strides(a->shape(), a->strides(), result.shape()));
    }
    operands[k + 1] = {static_cast<char*>(a->data_ptr()), strides, a->itemsize()};
  }
  // NumPy's float32 and float64 power loops take a fast path for an exponent of stride 0: a scalar, or an array
  // broadcast along every dimension (its own dimensions of extent 1 keep their strides, as in NumPy's iterator;
  // a scalar's operand has stride 0 along every one)
  if (u == ufunc_id::power && (loop.input == float32 || loop.input == float64)) {
    bool uniform = true;
    for (int d = 0; d < result.ndim(); ++d) uniform = uniform && operands[2].stride(d) == 0;
    if (uniform) u = ufunc_id::power_uniform_exponent;
  }
  const std::size_t noperands = second ? second_output_operand + 1 : inputs.size() + 1;
  // the plan is built in place: it is the largest part of the call
  elementwise_call call{
      u,
      static_cast<int>(inputs.size()),
      make_iteration_plan(result.shape(), std::span<const plan_operand>(operands.data(), noperands)),
      loop.input,
      loop.output,
      args};
  call.args.typed = call.is_typed();
  if (call.plan.numel == 0) return result;
  route(d, name, [&]<class B>(B, const exec& e) {
    if (second) {
      run_two_outputs<B>(e, call);
    } else if (mixed_integers) {
      run_mixed_comparison<B>(e, call);
    } else {
      run_ufunc<B>(e, call);
    }
  });
  return result;
}

}  // namespace

ndarray call_ufunc(ufunc_id u, std::initializer_list<operand> inputs, const std::optional<ndarray>& out,
                   const ufunc_params& params) {
  return run_call(u, std::span<const operand>(inputs.begin(), inputs.size()), out, params, nullptr);
}

std::pair<ndarray, ndarray> call_two_outputs(ufunc_id u, std::initializer_list<operand> inputs) {
  ndarray second;
  ndarray first =
      run_call(u, std::span<const operand>(inputs.begin(), inputs.size()), std::nullopt, {}, &second);
  return {first, second};
}

void scatter_ufunc_into(ufunc_id u, const resolved_loop& loop, const ndarray& target, const ndarray& offsets,
                        const ndarray& order, const ndarray& values) {
  if (offsets.size() == 0) return;
  scatter_call call;
  call.op = u;
  call.loop_input = loop.input.id();
  call.args.input_dtypes[0] = target.dtype().id();
  call.args.input_dtypes[1] = values.dtype().id();
  call.args.out_dtype = target.dtype().id();
  call.args.typed = target.dtype() == loop.input && values.dtype() == loop.input && loop.output == loop.input;
  call.target = static_cast<char*>(target.data_ptr());
  call.offsets = static_cast<const std::int64_t*>(offsets.data_ptr());
  call.order = static_cast<const std::int64_t*>(order.data_ptr());
  call.values = static_cast<const char*>(values.data_ptr());
  call.value_itemsize = static_cast<std::int64_t>(values.itemsize());
  call.count = offsets.size();
  route(target.device(), numpy_name(u), [&]<class B>(B, const exec& e) { scatter_ufunc<B>(e, call); });
}

}  // namespace numcu::detail
