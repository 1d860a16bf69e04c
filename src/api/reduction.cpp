// Reductions: sums, products, extremes and their arg forms, the logical reductions and counts, with NumPy's
// axes, dtypes, identities, errors and keyword arguments; one reduction-functor call per result
// (dispatch/reduction.hpp). The statistics are in statistics.cpp, the scans in cumulative.cpp.
#include "numcu/reduction.hpp"

#include "api/reduction_common.hpp"
#include "core/reduction_axes.hpp"
#include "core/scalar_cast.hpp"
#include "core/type_resolution.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/reduction.hpp"
#include "memory/buffer.hpp"
#include "numcu/elementwise.hpp"

namespace numcu::detail {

std::vector<int> ufunc_axes(const ndarray& a, const axis_arg& axis) {
  if (a.ndim() == 0 && axis.is_single() && (axis.values()[0] == 0 || axis.values()[0] == -1)) return {};
  return reduced_axes(a, axis);
}

axis_arg axis_list(const std::vector<int>& axes) {
  return axis_arg(std::vector<std::int64_t>(axes.begin(), axes.end()));
}

void check_operands(const char* ufunc, const ndarray& a, const std::vector<int>& axes, bool keepdims,
                    const std::optional<ndarray>& out, const std::optional<ndarray>& where) {
  if (out) require_same_device(a.device(), out->device(), ufunc);
  if (where) require_same_device(a.device(), where->device(), "where");
  check_reduction_operands(ufunc, a.shape(), axes, keepdims, out ? &*out : nullptr,
                           where ? &where->shape() : nullptr);
}

void require_bool_mask(const ndarray& mask) {
  if (!mask.dtype().is_bool()) {
    throw dtype_error("Cannot cast array data from " + dtype_repr(mask.dtype()) +
                      " to dtype('bool') according to the rule 'safe'");
  }
}

reduce_options options_of(std::optional<dtype> t, bool keepdims, const std::optional<ndarray>& where) {
  reduce_options o;
  o.dtype = t;
  o.keepdims = keepdims;
  o.where = where;
  return o;
}


ndarray reduce_over(const ndarray& a, const std::vector<int>& axes, bool keepdims, const std::optional<ndarray>& out,
                    const std::optional<scalar>& initial, reduction r) {
  const shape_t shape = reduced_shape(a, axes, keepdims);
  const std::int64_t count = reduced_count(a, axes);
  // NumPy refuses an empty reduction without an identity even where the result is empty too ((0, 0) along an
  // axis)
  if (count == 0 && !initial && !r.identity) {
    throw shape_error(std::string("zero-size array to reduction operation ") + r.ufunc +
                      " which has no identity");
  }
  if (initial) {
    r.params.has_initial = true;
    r.params.initial = scalar_to_element(*initial, r.compute);
  }
  // a bool result is each output's truth (bool's add is logical or): a non-bool out= takes it through a bool
  // array, where the accumulator's count would go into out= as a number
  const bool through_bool = r.result.is_bool() && out && !out->dtype().is_bool();
  ndarray result = out && !through_bool ? *out : new_array(shape, r.result, a.device());
  if (result.size() == 0) return out ? *out : result;
  if (count == 0) {
    fill_with(result, initial ? *initial : *r.identity);
  } else {
    r.params.count = count;
    reduce_into(r.family, r.compute, r.cast_input ? a.astype(r.result, casting::unsafe, false) : a, axes, result,
                r.params);
  }
  if (!through_bool) return result;
  copy_into(*out, result);
  return *out;
}

ndarray ufunc_reduce(const ndarray& a, const axis_arg& axis, const reduce_options& o, const reduction& r) {
  if (o.where) require_bool_mask(*o.where);
  const std::vector<int> axes = ufunc_axes(a, axis);
  check_operands(r.ufunc, a, axes, o.keepdims, o.out, o.where);
  if (o.where && !o.initial && !r.identity) {
    throw shape_error(std::string("reduction operation '") + r.ufunc +
                      "' does not have an identity, so to use a where mask one has to specify 'initial'");
  }
  const std::optional<scalar> initial =
      o.initial ? std::optional<scalar>(stored_scalar(*o.initial, r.result)) : std::nullopt;
  ndarray input = a;
  if (o.where) {
    input = numcu::where(*o.where, a, operand(r.identity ? *r.identity : *initial))
                .astype(a.dtype(), casting::unsafe, false);
  }
  return reduce_over(input, axes, o.keepdims, o.out, initial, r);
}

ndarray replace_nan(const ndarray& a, const scalar& value) {
  return numcu::where(numcu::isnan(a), operand(value), a).astype(a.dtype(), casting::unsafe, false);
}

}  // namespace numcu::detail

namespace numcu {

using namespace detail;  // the shared reduction helpers and the dtype table

namespace {

/// Sums and products: dtype= picks the accumulator (an integer or bool one takes each element cast to it, as
/// NumPy casts; bool's add and multiply are logical or and and), where= masks with the identity. The NaN
/// forms skip NaN in the kernel, or, with a dtype= of their own, replace it in the input's dtype before the
/// cast.
ndarray sum_or_prod(const ndarray& a, const axis_arg& axis, const reduce_options& o, bool product, bool skip_nan) {
  const dtype result = o.dtype ? *o.dtype : sum_result(a.dtype());
  const scalar identity(product ? 1 : 0);
  reduction r{product ? "multiply" : "add",
              product ? reduction_family::prod : reduction_family::sum,
              product ? reduction_dtypes_of(result).product : reduction_dtypes_of(result).sum,
              result,
              {},
              identity};
  r.cast_input = casts_first(a.dtype(), o.dtype);
  const bool nan_forms = skip_nan && !is_integer_or_bool(a.dtype());
  const bool replaced = nan_forms && o.dtype && *o.dtype != a.dtype();
  r.params.skip_nan = nan_forms && !replaced;
  return ufunc_reduce(replaced ? replace_nan(a, identity) : a, axis, o, r);
}

/// max, min and their NaN forms (NumPy's fmax and fmin reductions, whose names its messages give).
ndarray extreme(const ndarray& a, const axis_arg& axis, const reduce_options& o, bool largest, bool skip_nan) {
  if (o.dtype) throw dtype_error("max() and min() take no dtype argument");
  const char* ufunc = skip_nan ? (largest ? "fmax" : "fmin") : (largest ? "maximum" : "minimum");
  reduction r{ufunc, reduction_family::extreme, reduction_dtypes_of(a.dtype()).extreme, a.dtype(), {}, std::nullopt};
  r.params.largest = largest;
  r.params.skip_nan = skip_nan && !is_integer_or_bool(a.dtype());
  return ufunc_reduce(a, axis, o, r);
}

/// argmax, argmin and their NaN forms; the NaN forms check for all-NaN slices first (synchronizing).
ndarray arg_extreme(const ndarray& a, std::optional<std::int64_t> axis, bool keepdims,
                    const std::optional<ndarray>& out, bool largest, bool skip_nan) {
  const char* name = largest ? "argmax" : "argmin";
  if (axis && a.ndim() == 0) normalize_axis(*axis, 1);  // NumPy takes a 0-d array as one of shape (1,)
  const axis_arg axes = axis && a.ndim() > 0 ? axis_arg(*axis) : axis_arg(none);
  const std::vector<int> reduced = reduced_axes(a, axes);
  if (reduced_count(a, reduced) == 0) {  // (an empty result too, as NumPy's)
    throw shape_error(std::string("attempt to get ") + name + " of an empty sequence");
  }
  if (skip_nan && !is_integer_or_bool(a.dtype())) {
    if (any(all(isnan(a), axes)).item<bool>()) throw error("All-NaN slice encountered");
  }
  reduction r{name, reduction_family::arg, reduction_dtypes_of(a.dtype()).extreme, int64, {}, std::nullopt};
  r.params.largest = largest;
  r.params.skip_nan = skip_nan && !is_integer_or_bool(a.dtype());
  // with axis none, keepdims keeps every axis as 1; out= of that shape, of a dtype that casts safely to int64
  // (NumPy's messages)
  const shape_t shape = reduced_shape(a, reduced, keepdims);
  if (out) {
    require_same_device(a.device(), out->device(), name);
    if (out->shape() != shape) throw shape_error(std::string("output array does not match result of np.") + name + ".");
    if (!can_cast(out->dtype(), int64, casting::safe)) {
      throw dtype_error(std::string("Cannot cast ") + (out->ndim() == 0 ? "scalar" : "array data") + " from " +
                        dtype_repr(out->dtype()) + " to dtype('int64') according to the rule 'safe'");
    }
  }
  return reduce_over(a, reduced, keepdims, out, std::nullopt, r);
}

}  // namespace

ndarray sum(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return sum_or_prod(a, axis, options, false, false);
}
ndarray prod(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return sum_or_prod(a, axis, options, true, false);
}
ndarray nansum(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return sum_or_prod(a, axis, options, false, true);
}
ndarray nanprod(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return sum_or_prod(a, axis, options, true, true);
}
ndarray max(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return extreme(a, axis, options, true, false);
}
ndarray amax(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return extreme(a, axis, options, true, false);
}
ndarray min(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return extreme(a, axis, options, false, false);
}
ndarray amin(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return extreme(a, axis, options, false, false);
}
ndarray nanmax(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return extreme(a, axis, options, true, true);
}
ndarray nanmin(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return extreme(a, axis, options, false, true);
}
ndarray ptp(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  // NumPy's _ptp: the maximum goes into out= (checked as that reduction's), then out= - the minimum
  reduce_options largest = options_of(std::nullopt, options.keepdims);
  largest.out = options.out;
  const ndarray high = max(a, axis, largest);  // first: an empty input names maximum, as NumPy's does
  return subtract(high, min(a, axis, options_of(std::nullopt, options.keepdims)), options.out);
}

ndarray argmax(const ndarray& a, std::optional<std::int64_t> axis, bool keepdims, const std::optional<ndarray>& out) {
  return arg_extreme(a, axis, keepdims, out, true, false);
}
ndarray argmin(const ndarray& a, std::optional<std::int64_t> axis, bool keepdims, const std::optional<ndarray>& out) {
  return arg_extreme(a, axis, keepdims, out, false, false);
}
ndarray nanargmax(const ndarray& a, std::optional<std::int64_t> axis, bool keepdims,
                  const std::optional<ndarray>& out) {
  return arg_extreme(a, axis, keepdims, out, true, true);
}
ndarray nanargmin(const ndarray& a, std::optional<std::int64_t> axis, bool keepdims,
                  const std::optional<ndarray>& out) {
  return arg_extreme(a, axis, keepdims, out, false, true);
}

ndarray any(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  const reduction r{"logical_or", reduction_family::logical, bool_, bool_, {}, scalar(false)};
  return ufunc_reduce(a, axis, o, r);
}
ndarray all_t::operator()(const ndarray& a) const {
  return (*this)(a, none, {});
}
ndarray all_t::operator()(const ndarray& a, const axis_arg& axis) const {
  return (*this)(a, axis, {});
}
ndarray all_t::operator()(const ndarray& a, const axis_arg& axis, const reduce_options& o) const {
  reduction r{"logical_and", reduction_family::logical, bool_, bool_, {}, scalar(true)};
  r.params.any = false;
  return ufunc_reduce(a, axis, o, r);
}
ndarray count_nonzero(const ndarray& a, const axis_arg& axis, bool keepdims) {
  const reduction r{"add", reduction_family::count, bool_, int64, {}, scalar(0)};
  return ufunc_reduce(a, axis, options_of(std::nullopt, keepdims), r);
}

#define NUMCU_REDUCTION_MEMBER(name)                                                \
  ndarray ndarray::name(const axis_arg& axis) const {                               \
    return numcu::name(*this, axis, {});                                            \
  }                                                                                 \
  ndarray ndarray::name(const axis_arg& axis, const reduce_options& options) const { \
    return numcu::name(*this, axis, options);                                       \
  }
NUMCU_REDUCTION_MEMBER(sum)
NUMCU_REDUCTION_MEMBER(prod)
NUMCU_REDUCTION_MEMBER(max)
NUMCU_REDUCTION_MEMBER(min)
NUMCU_REDUCTION_MEMBER(mean)
NUMCU_REDUCTION_MEMBER(var)
NUMCU_REDUCTION_MEMBER(std)
NUMCU_REDUCTION_MEMBER(any)
NUMCU_REDUCTION_MEMBER(all)
#undef NUMCU_REDUCTION_MEMBER
ndarray ndarray::argmax(std::optional<std::int64_t> axis, bool keepdims) const {
  return numcu::argmax(*this, axis, keepdims);
}
ndarray ndarray::argmin(std::optional<std::int64_t> axis, bool keepdims) const {
  return numcu::argmin(*this, axis, keepdims);
}

}  // namespace numcu
