// Reductions and statistics: NumPy's axes, dtypes, identities, errors and keyword arguments, then one
// reduce-functor call per result (dispatch/reduction.hpp), or a composition of reductions and elementwise
// functions where NumPy composes (where=, nanmean, nanvar, ptp, average).
#include "numcu/reduction.hpp"

#include <algorithm>
#include <numeric>

#include "core/reduction_axes.hpp"
#include "core/scalar_cast.hpp"
#include "core/type_resolution.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/reduction.hpp"
#include "memory/buffer.hpp"
#include "numcu/creation.hpp"
#include "numcu/manipulation.hpp"

namespace numcu {

using detail::reduce_family;
using detail::reduce_params;
using detail::reduce_projection;
using detail::reduced_axes;
using detail::reduced_count;
using detail::reduced_shape;

namespace {

/// Integers and bool: the dtypes NumPy's statistics compute in float64 and its NaN functions leave alone.
bool is_integer_or_bool(dtype t) {
  return t.is_integer() || t.is_bool();
}

/// The accumulator of products and scans of dtype @p t (NumPy's: int64 / uint64 for integers and bool,
/// float32 inside for the 16-bit floats).
dtype product_compute(dtype t) {
  if (t.is_bool() || t.kind() == dtype_kind::signed_integer) return int64;
  if (t.kind() == dtype_kind::unsigned_integer) return uint64;
  if (t == float16 || t == bfloat16) return float32;
  return t;
}
/// The accumulator of sums and means of dtype @p t: as products, but the narrower floats in double (complex64
/// in complex128), so that a float32 sum is at least as accurate as NumPy's pairwise one (nearly always
/// correctly rounded) at no cost in speed: the sum reads memory far slower than it adds doubles.
dtype sum_compute(dtype t) {
  if (t == float16 || t == bfloat16 || t == float32) return float64;
  if (t == complex64) return complex128;
  return product_compute(t);
}
/// The result dtype of sum and prod without dtype=: the accumulator for integers and bool, else the input's.
dtype sum_result(dtype t) {
  return is_integer_or_bool(t) ? product_compute(t) : t;
}
/// The compute type of max, min and their arg forms (device/reduce_ops.hpp extreme_compute_t).
dtype extreme_compute(dtype t) {
  if (t == bool_ || t == int8 || t == int16 || t == int32 || t == uint8 || t == uint16) return int32;
  if (t == uint32 || t == int64) return int64;
  if (t == float16 || t == bfloat16) return float32;
  return t;
}
/// The result dtype of mean (of var and std: its component dtype): dtype= when given, float64 for integers and
/// bool, else the input's.
dtype mean_dtype(dtype input, std::optional<dtype> requested) {
  if (requested) return *requested;
  return is_integer_or_bool(input) ? float64 : input;
}

/// The floating dtype means and variances of @p t compute in: float64 for integers and bool, float32 for the
/// 16-bit floats.
dtype moment_compute(dtype t) {
  if (is_integer_or_bool(t)) return float64;
  if (t == float16 || t == bfloat16) return float32;
  return t;
}

/// Whether an accumulation with dtype= @p requested must first cast each element of dtype @p input to it, as
/// NumPy does, because the cast into the accumulator would give another value: bool takes each element's
/// truth, floating or complex values go into integers by C's cast, which wraps where the accumulator's does
/// not (integers into integers wrap alike), and a floating or complex dtype= that does not hold every value of
/// the input (float64 or int32 into float32, float32 into float16) rounds each element to it, where the wider
/// accumulator would keep it.
bool casts_first(dtype input, std::optional<dtype> requested) {
  if (!requested) return false;
  if (requested->is_bool()) return true;
  if (requested->is_integer()) return !is_integer_or_bool(input);
  return !can_cast(input, *requested, casting::safe);
}

/// The axes of a ufunc reduction (NumPy's ufunc.reduce): reduced_axes(), except that NumPy takes a single
/// axis 0 or -1 of a 0-d array (but not the tuple `(0,)`) as no axis at all.
std::vector<int> ufunc_axes(const ndarray& a, const axis_arg& axis) {
  if (a.ndim() == 0 && axis.is_single() && (axis.values()[0] == 0 || axis.values()[0] == -1)) return {};
  return reduced_axes(a, axis);
}

/// @p axes as an axis argument.
axis_arg axis_list(const std::vector<int>& axes) {
  return axis_arg(std::vector<std::int64_t>(axes.begin(), axes.end()));
}

/// Checks out= against the result's @p shape and @p a's device.
void check_out(const char* ufunc, const ndarray& a, const shape_t& shape, const ndarray& out) {
  detail::require_same_device(a.device(), out.device(), ufunc);
  detail::check_reduction_out_shape(ufunc, shape, out);
}

/// Throws NumPy's TypeError unless where= is bool: NumPy casts it to bool under the 'safe' rule.
void require_bool_mask(const ndarray& mask) {
  if (!mask.dtype().is_bool()) {
    throw dtype_error("Cannot cast array data from " + detail::dtype_repr(mask.dtype()) +
                      " to dtype('bool') according to the rule 'safe'");
  }
}

/// Throws unless @p mask broadcasts to @p a's shape.
void check_where(const ndarray& a, const ndarray& mask) {
  detail::require_same_device(a.device(), mask.device(), "where");
  if (broadcast_shapes(a.shape(), mask.shape()) != a.shape()) {
    throw shape_error("non-broadcastable operand with shape " + to_string(mask.shape()) +
                      " doesn't match the broadcast shape " + to_string(a.shape()));
  }
}

/// reduce_options with a dtype (none: the default), keepdims and where=, written without designated
/// initializers, about which GCC's -Wextra warns for every member left out.
reduce_options options_of(std::optional<dtype> t, bool keepdims,
                          const std::optional<ndarray>& where = std::nullopt) {
  reduce_options o;
  o.dtype = t;
  o.keepdims = keepdims;
  o.where = where;
  return o;
}

/// One reduction as the API describes it.
struct reduction {
  const char* ufunc;  // NumPy's ufunc in messages: add, multiply, maximum ...
  reduce_family family;
  dtype compute;
  dtype result;
  reduce_params params;
  std::optional<scalar> identity;  // what an empty reduction gives without initial=; none: an error
  bool cast_input = false;         // each element is cast to the result dtype first (casts_first())
};

/// Runs @p r over @p axes of @p a, out= checked, @p initial a value of the result dtype: the empty case by
/// identity, initial= or NumPy's error, before anything is allocated or written.
ndarray run(const ndarray& a, const std::vector<int>& axes, bool keepdims, const std::optional<ndarray>& out,
            const std::optional<scalar>& initial, reduction r) {
  const shape_t shape = reduced_shape(a, axes, keepdims);
  const std::int64_t count = reduced_count(a, axes);
  if (count == 0 && shape.product() != 0 && !initial && !r.identity) {
    throw shape_error(std::string("zero-size array to reduction operation ") + r.ufunc +
                      " which has no identity");
  }
  if (initial) {
    r.params.has_initial = true;
    r.params.initial = detail::scalar_to_element(*initial, r.compute);
  }
  ndarray result = out ? *out : detail::new_array(shape, r.result, a.device());
  if (result.size() == 0) return result;
  if (count == 0) {
    detail::fill_with(result, initial ? *initial : *r.identity);
    return result;
  }
  r.params.count = count;
  detail::reduce_into(r.family, r.compute, a, axes, result, r.params);
  return result;
}

/// A ufunc reduction (NumPy's ufunc.reduce) with its keyword arguments, checked in NumPy's order: where='s
/// dtype, the axes, out= and where='s shape, the initial= a where mask needs without an identity, initial=
/// stored as a value of the result dtype. Elements where= leaves out are replaced by the identity (max and
/// min: by initial=).
ndarray ufunc_reduce(const ndarray& a, const axis_arg& axis, const reduce_options& o, const reduction& r) {
  if (o.where) require_bool_mask(*o.where);
  const std::vector<int> axes = ufunc_axes(a, axis);
  if (o.out) check_out(r.ufunc, a, reduced_shape(a, axes, o.keepdims), *o.out);
  if (o.where) check_where(a, *o.where);
  if (o.where && !o.initial && !r.identity) {
    throw shape_error(std::string("reduction operation '") + r.ufunc +
                      "' does not have an identity, so to use a where mask one has to specify 'initial'");
  }
  const std::optional<scalar> initial =
      o.initial ? std::optional<scalar>(detail::stored_scalar(*o.initial, r.result)) : std::nullopt;
  ndarray input = a;
  if (o.where) {
    input = where(*o.where, a, operand(r.identity ? *r.identity : *initial))
                .astype(a.dtype(), casting::unsafe, false);
  }
  if (r.cast_input) input = input.astype(r.result, casting::unsafe, false);
  return run(input, axes, o.keepdims, o.out, initial, r);
}

/// @p a with NaN replaced by @p value in a's own dtype (NumPy's _replace_nan, for the NaN functions).
ndarray replace_nan(const ndarray& a, const scalar& value) {
  return where(isnan(a), operand(value), a).astype(a.dtype(), casting::unsafe, false);
}

/// Sums and products: dtype= picks the accumulator (an integer or bool one takes each element cast to it, as
/// NumPy casts; bool's add and multiply are logical or and and), where= masks with the identity. The NaN
/// forms skip NaN in the kernel, or, with a dtype= of their own, replace it in the input's dtype before the
/// cast.
ndarray sum_or_prod(const ndarray& a, const axis_arg& axis, const reduce_options& o, bool product, bool skip_nan) {
  const dtype result = o.dtype ? *o.dtype : sum_result(a.dtype());
  const scalar identity(product ? 1 : 0);
  reduction r{product ? "multiply" : "add",
              product ? reduce_family::prod : reduce_family::sum,
              product ? product_compute(result) : sum_compute(result),
              result,
              {},
              identity};
  r.cast_input = casts_first(a.dtype(), o.dtype);
  const bool nan_forms = skip_nan && !is_integer_or_bool(a.dtype());
  const bool replaced = nan_forms && o.dtype && *o.dtype != a.dtype();
  r.params.skip_nan = nan_forms && !replaced;
  return ufunc_reduce(replaced ? replace_nan(a, identity) : a, axis, o, r);
}

/// max, min and their NaN forms.
ndarray extreme(const ndarray& a, const axis_arg& axis, const reduce_options& o, bool largest, bool skip_nan) {
  if (o.dtype) throw dtype_error("max() and min() take no dtype argument");
  reduction r{largest ? "maximum" : "minimum", reduce_family::extreme, extreme_compute(a.dtype()), a.dtype(), {},
              std::nullopt};
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
  if (reduced_count(a, reduced) == 0 && reduced_shape(a, reduced, false).product() != 0) {
    throw shape_error(std::string("attempt to get ") + name + " of an empty sequence");
  }
  if (skip_nan && !is_integer_or_bool(a.dtype())) {
    if (any(all(isnan(a), axes)).item<bool>()) throw error("All-NaN slice encountered");
  }
  reduction r{name, reduce_family::arg, extreme_compute(a.dtype()), int64, {}, std::nullopt};
  r.params.largest = largest;
  r.params.skip_nan = skip_nan && !is_integer_or_bool(a.dtype());
  // with axis none, keepdims keeps every axis as 1
  const shape_t shape = reduced_shape(a, reduced, keepdims);
  if (out) check_out(name, a, shape, *out);
  return run(a, reduced, keepdims, out, std::nullopt, r);
}

/// Checks out= of a composed statistic over @p axes of @p a where NumPy's composition hands it to a reduction.
void check_composed_out(const ndarray& a, const std::vector<int>& axes, const reduce_options& o) {
  if (o.out) check_out("add", a, reduced_shape(a, axes, o.keepdims), *o.out);
}

/// The result of a composed statistic (mean, var and std where the one-pass kernels do not give NumPy's, the
/// NaN statistics): copied into @p out (checked by check_composed_out()), or cast to its @p result_dtype.
ndarray composed_result(const ndarray& result, dtype result_dtype, const std::optional<ndarray>& out) {
  if (out) {
    detail::copy_into(*out, result);
    return *out;
  }
  return result.astype(result_dtype, casting::unsafe, false);
}

/// A reduction's @p total divided by @p count as NumPy's statistics divide: true_divide, then cast back into
/// total's dtype under the 'unsafe' rule (an integer dtype= truncates).
ndarray divide_back(const ndarray& total, const ndarray& count) {
  return true_divide(total, count).astype(total.dtype(), casting::unsafe, false);
}

/// The composed statistic @p f of bfloat16 input or dtype=, computed as numcu computes bfloat16 (NumPy has
/// none): in float32 throughout, as the one-pass kernels compute, and rounded once, into bfloat16 where
/// float16 would give float16 (float16's composition rounds each deviation and square to float16).
template <class... Rest>
ndarray bfloat16_in_float32(ndarray (*f)(const ndarray&, const axis_arg&, const reduce_options&, Rest...),
                            const ndarray& a, const axis_arg& axis, const reduce_options& o, Rest... rest) {
  const bool narrow_input = a.dtype() == bfloat16, narrow_dtype = o.dtype == bfloat16;
  if (!narrow_input && !narrow_dtype) return f(a, axis, o, rest...);
  reduce_options wide = o;
  if (narrow_dtype) wide.dtype = float32;
  const ndarray result = f(narrow_input ? a.astype(float32, casting::unsafe, false) : a, axis, wide, rest...);
  if (o.out || result.dtype() != float32 || o.dtype == float32) return result;
  return result.astype(bfloat16, casting::unsafe, false);
}

/// The axes and the count of a composed statistic, checked in the order of NumPy's _count_reduce_items and
/// the reductions after it: where='s shape, the axes (a ufunc's with where=, else every one in range),
/// where='s dtype.
struct statistic_axes {
  std::vector<int> axes;
  std::optional<ndarray> mask;  // where= broadcast to the input

  statistic_axes(const ndarray& a, const axis_arg& axis, const std::optional<ndarray>& where) {
    if (where) {
      detail::require_same_device(a.device(), where->device(), "where");
      mask = broadcast_to(*where, a.shape());
    }
    axes = mask ? ufunc_axes(a, axis) : reduced_axes(a, axis);
    if (where) require_bool_mask(*where);
  }
  /// The number of elements in each result: the reduced size, or where='s true elements.
  ndarray count(const ndarray& a, bool keepdims) const {
    if (mask) return count_nonzero(*mask, axis_list(axes), keepdims);
    return full(reduced_shape(a, axes, keepdims), reduced_count(a, axes), int64, a.device());
  }
};

/// mean as NumPy's _mean composes it (numpy/_core/_methods.py), for where= and integer or bool dtype=: the
/// sum in dtype= (float64 for integers and bool, float32 for the 16-bit floats), divided by the count.
ndarray composed_mean(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  const statistic_axes s(a, axis, o.where);
  check_composed_out(a, s.axes, o);
  const ndarray total = sum(
      a, axis_list(s.axes), options_of(o.dtype ? *o.dtype : moment_compute(a.dtype()), o.keepdims, o.where));
  return composed_result(divide_back(total, s.count(a, o.keepdims)), mean_dtype(a.dtype(), o.dtype), o.out);
}

/// The squared magnitudes of @p x (NumPy's squares of the deviations; complex: re² + im², real).
ndarray squared_magnitude(const ndarray& x) {
  return x.dtype().is_complex() ? add(square(real(x)), square(imag(x))) : multiply(x, x);
}

/// var and std as NumPy's _var composes them (numpy/_core/_methods.py), for where= and a dtype= the one-pass
/// kernels do not compute in: the mean summed in dtype= and divided back into it (an integer dtype= wraps and
/// truncates), the deviations in the promoted dtype, squared (complex input: squared magnitudes; real input
/// of a complex dtype=: complex squares), summed in dtype= and divided by max(count - ddof, 0). std's square
/// root goes back into an array result under the 'same_kind' rule (an integer one is NumPy's TypeError), into
/// a 0-d one unsafely.
ndarray composed_moment(const ndarray& a, const axis_arg& axis, const reduce_options& o, bool root) {
  const statistic_axes s(a, axis, o.where);
  const std::optional<dtype> dt = o.dtype                         ? o.dtype
                                  : is_integer_or_bool(a.dtype()) ? std::optional(float64)
                                                                  : std::nullopt;
  const axis_arg axes = axis_list(s.axes);
  const ndarray mean_k = divide_back(sum(a, axes, options_of(dt, true, o.where)), s.count(a, true));
  const ndarray x = subtract(a, mean_k);
  check_composed_out(a, s.axes, o);
  const bool real_input = a.dtype().is_floating() || a.dtype().is_integer();
  const ndarray total =
      sum(real_input ? multiply(x, x) : squared_magnitude(x), axes, options_of(dt, o.keepdims, o.where));
  ndarray result = divide_back(total, maximum(subtract(s.count(a, o.keepdims), o.ddof), 0.0));
  if (root)
    result = o.out || result.ndim() > 0 ? sqrt(result, result)
                                        : sqrt(result).astype(result.dtype(), casting::unsafe, false);
  return composed_result(result, result.dtype(), o.out);
}

/// Var and std take the one-pass kernel unless where= or a dtype= other than a real floating one for real
/// input asks for NumPy's composition (integers and bool wrap and truncate; with complex input or a complex
/// dtype= NumPy's result takes dtype=, a complex dtype= giving a complex result).
bool composed_var(const ndarray& a, const reduce_options& o) {
  return o.where || (o.dtype && (!o.dtype->is_floating() || a.dtype().is_complex()));
}

/// var and std: moments in one pass, or NumPy's composition.
ndarray moment(const ndarray& a, const axis_arg& axis, const reduce_options& o, bool root) {
  if (composed_var(a, o)) return bfloat16_in_float32(composed_moment, a, axis, o, root);
  // NumPy subtracts the mean (of dtype=) from the input itself: the deviations take both dtypes' promotion
  // (uint32 or float64 input with dtype=float32: float64), so that values which round to one float32 still
  // deviate; the moments compute in that dtype, the result is dtype=
  const dtype compute = moment_compute(o.dtype ? promote_types(a.dtype(), *o.dtype) : a.dtype());
  const dtype result = detail::component_dtype(mean_dtype(a.dtype(), o.dtype));
  reduction r{"add", reduce_family::moments, compute, result, {}, scalar(NAN)};
  r.params.projection = root ? reduce_projection::std : reduce_projection::var;
  r.params.ddof = o.ddof;
  const std::vector<int> axes = reduced_axes(a, axis);
  if (o.out) check_out(r.ufunc, a, reduced_shape(a, axes, o.keepdims), *o.out);
  return run(a, axes, o.keepdims, o.out, std::nullopt, r);
}

/// NumPy's NaN statistics of inexact input take inexact dtype= and out= only.
void require_inexact(const reduce_options& o) {
  if (o.dtype && !o.dtype->is_floating() && !o.dtype->is_complex()) {
    throw dtype_error("If a is inexact, then dtype must be inexact");
  }
  if (o.out && !o.out->dtype().is_floating() && !o.out->dtype().is_complex()) {
    throw dtype_error("If a is inexact, then out must be inexact");
  }
}

/// nanvar and nanstd of inexact input as NumPy composes them (numpy/lib/_nanfunctions_impl.py): NaN replaced
/// by 0 and left out of the count, the mean summed in dtype=, the deviations cast back into the input's
/// dtype, their squared magnitudes summed in dtype= and divided by count - ddof; NaN where that is not
/// positive.
ndarray nan_moment(const ndarray& a, const axis_arg& axis, const reduce_options& o, bool root) {
  require_inexact(o);
  const ndarray nan = isnan(a);
  const ndarray values = replace_nan(a, scalar(0));
  const ndarray kept = logical_not(nan);
  const ndarray mean_k = divide_back(sum(values, axis, options_of(o.dtype, true, o.where)),
                                     sum(kept, axis, options_of(int64, true, o.where)));
  const ndarray deviation = where(nan, 0, subtract(values, mean_k).astype(a.dtype(), casting::unsafe, false));
  check_composed_out(a, ufunc_axes(a, axis), o);
  const ndarray total = sum(squared_magnitude(deviation), axis, options_of(o.dtype, o.keepdims, o.where));
  const ndarray dof = subtract(sum(kept, axis, options_of(int64, o.keepdims, o.where)), o.ddof);
  ndarray result =
      where(less_equal(dof, 0.0), NAN, divide_back(total, dof)).astype(total.dtype(), casting::unsafe, false);
  if (root) result = sqrt(result);
  return composed_result(result, result.dtype(), o.out);
}

/// nanmean of inexact input as NumPy composes it: the sum of the elements that are not NaN, in dtype=,
/// divided by their count.
ndarray nan_mean(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  require_inexact(o);
  const ndarray count = sum(logical_not(isnan(a)), axis, options_of(int64, o.keepdims, o.where));
  check_composed_out(a, ufunc_axes(a, axis), o);
  const ndarray total =
      sum(replace_nan(a, scalar(0)), axis, options_of(o.dtype, o.keepdims, o.where));
  const ndarray result = divide_back(total, count);
  return composed_result(result, result.dtype(), o.out);
}

/// The weights of average, checked and laid along a's axes as NumPy's _weights_are_valid does: a's shape, or
/// the extents of the @p axes in the order given (then transposed to the order of a's axes).
ndarray average_weights(const ndarray& a, const std::optional<std::vector<int>>& axes, const ndarray& w) {
  detail::require_same_device(a.device(), w.device(), "average");
  if (w.shape() == a.shape()) return w;
  if (!axes) throw dtype_error("Axis must be specified when shapes of a and weights differ.");
  shape_t along;
  for (int d : *axes) along.push_back(a.shape()[d]);
  if (w.shape() != along) {
    throw shape_error("Shape of weights must be consistent with shape of a along specified axis.");
  }
  std::vector<int> order(axes->size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int i, int j) { return (*axes)[i] < (*axes)[j]; });
  shape_t view(a.ndim(), 1);
  for (int d : *axes) view[d] = a.shape()[d];
  return transpose(w, std::vector<std::int64_t>(order.begin(), order.end())).reshape(view);
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
  return subtract(max(a, axis, largest), min(a, axis, options_of(std::nullopt, options.keepdims)),
                  options.out);
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

ndarray mean(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  if (o.where || (o.dtype && is_integer_or_bool(*o.dtype)))
    return bfloat16_in_float32(composed_mean, a, axis, o);
  const dtype result = mean_dtype(a.dtype(), o.dtype);
  const scalar nan = result.is_complex() ? scalar(std::complex<double>(NAN, NAN)) : scalar(NAN);
  reduction r{"add", reduce_family::sum, sum_compute(moment_compute(result)), result, {}, nan};
  r.params.projection = reduce_projection::mean;
  const std::vector<int> axes = reduced_axes(a, axis);
  if (o.out) check_out(r.ufunc, a, reduced_shape(a, axes, o.keepdims), *o.out);
  // NumPy sums in dtype=, which takes each element cast to it
  const ndarray input = casts_first(a.dtype(), o.dtype) ? a.astype(result, casting::unsafe, false) : a;
  return run(input, axes, o.keepdims, o.out, std::nullopt, r);
}
ndarray var(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return moment(a, axis, options, false);
}
ndarray std(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return moment(a, axis, options, true);
}

ndarray nanmean(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  return is_integer_or_bool(a.dtype()) ? mean(a, axis, o) : bfloat16_in_float32(nan_mean, a, axis, o);
}
ndarray nanvar(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  return is_integer_or_bool(a.dtype()) ? var(a, axis, o) : bfloat16_in_float32(nan_moment, a, axis, o, false);
}
ndarray nanstd(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  return is_integer_or_bool(a.dtype()) ? std(a, axis, o) : bfloat16_in_float32(nan_moment, a, axis, o, true);
}

ndarray any(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  const reduction r{"logical_or", reduce_family::logical, bool_, bool_, {}, scalar(false)};
  return ufunc_reduce(a, axis, o, r);
}
ndarray all_t::operator()(const ndarray& a) const {
  return (*this)(a, none, {});
}
ndarray all_t::operator()(const ndarray& a, const axis_arg& axis) const {
  return (*this)(a, axis, {});
}
ndarray all_t::operator()(const ndarray& a, const axis_arg& axis, const reduce_options& o) const {
  reduction r{"logical_and", reduce_family::logical, bool_, bool_, {}, scalar(true)};
  r.params.any = false;
  return ufunc_reduce(a, axis, o, r);
}
ndarray count_nonzero(const ndarray& a, const axis_arg& axis, bool keepdims) {
  const reduction r{"add", reduce_family::count, bool_, int64, {}, scalar(0)};
  return ufunc_reduce(a, axis, options_of(std::nullopt, keepdims), r);
}

std::pair<ndarray, ndarray> average_and_weight_sum(const ndarray& a, const axis_arg& axis,
                                                   const std::optional<ndarray>& weights, bool keepdims) {
  // NumPy's average: the axes normalized as a tuple first (no 0-d exception, "repeated axis")
  const std::optional<std::vector<int>> axes =
      axis.is_none() ? std::nullopt : std::optional(axis.normalized(a.ndim()));
  const axis_arg along = axes ? axis_list(*axes) : axis_arg(none);
  if (!weights) {
    const ndarray avg = mean(a, along, options_of(std::nullopt, keepdims));
    // NumPy divides a.size by avg.size in Python for the weight sum: a ZeroDivisionError for an empty result
    if (avg.size() == 0) throw error("division by zero");
    const double scale = static_cast<double>(a.size()) / static_cast<double>(avg.size());
    return {avg, full(avg.shape(), scale, avg.dtype(), avg.device())};
  }
  const ndarray w = average_weights(a, axes, *weights);
  const dtype compute = is_integer_or_bool(a.dtype())
                            ? promote_types(promote_types(a.dtype(), w.dtype()), float64)
                            : promote_types(a.dtype(), w.dtype());
  const ndarray scale = sum(w, along, options_of(compute, keepdims));
  if (any(equal(scale, 0.0)).item<bool>()) throw error("Weights sum to zero, can't be normalized");
  const ndarray total =
      sum(multiply(a.astype(compute, casting::unsafe, false), w.astype(compute, casting::unsafe, false)),
          along, options_of(std::nullopt, keepdims));
  const ndarray avg = true_divide(total, scale);
  // the weights' sum has extent 1 along the axes the weights did not span: broadcast to the average's shape
  return {avg, scale.shape() == avg.shape() ? scale : broadcast_to(scale, avg.shape()).copy()};
}
ndarray average(const ndarray& a, const axis_arg& axis, const std::optional<ndarray>& weights, bool keepdims) {
  return average_and_weight_sum(a, axis, weights, keepdims).first;
}

namespace {

/// cumsum, cumprod and their NaN forms: the axis moved last into a C-contiguous buffer of the accumulator
/// dtype (skipped when the input is one already), scanned there, cast into the result. A 0-d array scans as
/// one of shape (1,); dtype= takes each element cast to it first where casts_first() says; the NaN forms
/// replace NaN in the input's dtype when dtype= is another one.
ndarray scan(const ndarray& a, std::optional<std::int64_t> axis, std::optional<dtype> dt,
             const std::optional<ndarray>& out, bool product, bool skip_nan) {
  ndarray input = axis && a.ndim() > 0 ? a : a.ravel();
  const int ax = axis ? normalize_axis(*axis, input.ndim()) : 0;
  const dtype result_dtype = dt ? *dt : sum_result(a.dtype());
  const dtype compute = product_compute(result_dtype);
  if (out) {
    detail::require_same_device(a.device(), out->device(), product ? "cumprod" : "cumsum");
    if (out->shape() != input.shape()) {
      throw shape_error("provided out is the wrong size for the accumulation: " + to_string(out->shape()) +
                        " for " + to_string(input.shape()));
    }
  }
  bool nan_forms = skip_nan && !is_integer_or_bool(a.dtype());
  if (nan_forms && dt && *dt != a.dtype()) {
    input = replace_nan(input, scalar(product ? 1 : 0));
    nan_forms = false;
  }
  if (casts_first(input.dtype(), dt)) input = input.astype(result_dtype, casting::unsafe, false);
  const bool direct = !out && !nan_forms && input.is_c_contiguous() && ax == input.ndim() - 1 &&
                      input.dtype() == compute && compute == result_dtype;
  ndarray result = out ? *out : detail::new_array(input.shape(), result_dtype, a.device());
  if (input.size() == 0) return result;
  if (direct) {
    detail::scan_last_axis(input, result, product);
    return result;
  }
  const ndarray moved = moveaxis(input, ax, -1);
  ndarray work = detail::new_array(moved.shape(), compute, a.device());
  detail::copy_into(work, moved);
  if (nan_forms) where(isnan(work), product ? 1 : 0, work, work);
  detail::scan_last_axis(work, work, product);
  detail::copy_into(moveaxis(result, ax, -1), work);
  return result;
}

/// cumulative_sum / cumulative_prod: the array API's axis rule and include_initial.
ndarray cumulative(const ndarray& input, std::optional<std::int64_t> axis, std::optional<dtype> dt,
                   const std::optional<ndarray>& out, bool include_initial, bool product) {
  if (!axis && input.ndim() > 1) {
    throw shape_error("For arrays which have more than one dimension ``axis`` argument is required.");
  }
  const ndarray x = input.ndim() == 0 ? input.reshape({1}) : input;  // NumPy scans a 0-d array as shape (1,)
  const int ax = axis ? normalize_axis(*axis, x.ndim()) : 0;
  if (!include_initial) return scan(x, ax, dt, out, product, false);
  const ndarray scanned = scan(x, ax, dt, std::nullopt, product, false);
  shape_t shape = x.shape();
  shape[ax] += 1;
  if (out) {
    detail::require_same_device(x.device(), out->device(), product ? "cumulative_prod" : "cumulative_sum");
    if (out->shape() != shape) {
      throw shape_error("provided out is the wrong size for the accumulation: " + to_string(out->shape()) +
                        " for " + to_string(shape));
    }
  }
  ndarray result = out ? *out : detail::new_array(shape, scanned.dtype(), x.device());
  std::vector<index_t> first(x.ndim(), all), rest(x.ndim(), all);
  first[ax] = slice(0, 1);
  rest[ax] = slice(1, none);
  detail::fill_with(result.index(first), scalar(product ? 1 : 0));
  detail::copy_into(result.index(rest), scanned);
  return result;
}

}  // namespace

ndarray cumsum(const ndarray& a, std::optional<std::int64_t> axis, std::optional<dtype> dt,
               const std::optional<ndarray>& out) {
  return scan(a, axis, dt, out, false, false);
}
ndarray cumprod(const ndarray& a, std::optional<std::int64_t> axis, std::optional<dtype> dt,
                const std::optional<ndarray>& out) {
  return scan(a, axis, dt, out, true, false);
}
ndarray nancumsum(const ndarray& a, std::optional<std::int64_t> axis, std::optional<dtype> dt,
                  const std::optional<ndarray>& out) {
  return scan(a, axis, dt, out, false, true);
}
ndarray nancumprod(const ndarray& a, std::optional<std::int64_t> axis, std::optional<dtype> dt,
                   const std::optional<ndarray>& out) {
  return scan(a, axis, dt, out, true, true);
}
ndarray cumulative_sum(const ndarray& x, std::optional<std::int64_t> axis, std::optional<dtype> dt,
                       const std::optional<ndarray>& out, bool include_initial) {
  return cumulative(x, axis, dt, out, include_initial, false);
}
ndarray cumulative_prod(const ndarray& x, std::optional<std::int64_t> axis, std::optional<dtype> dt,
                        const std::optional<ndarray>& out, bool include_initial) {
  return cumulative(x, axis, dt, out, include_initial, true);
}

namespace {

/// The index along @p axis of @p a selecting @p range, every other axis whole.
ndarray along(const ndarray& a, int axis, const slice& range) {
  std::vector<index_t> index(a.ndim(), all);
  index[axis] = range;
  return a.index(index);
}

/// Joins @p parts along @p axis (every other extent equal) into a new array of their promoted dtype.
ndarray join_along(const std::vector<ndarray>& parts, int axis) {
  dtype t = parts[0].dtype();
  shape_t shape = parts[0].shape();
  shape[axis] = 0;
  normalize_axis(axis, parts[0].ndim());  // NumPy's concatenate checks, the axis against the first part first
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const ndarray& p = parts[k];
    if (p.ndim() != parts[0].ndim()) {
      throw shape_error(
          "all the input arrays must have same number of dimensions, but the array at index 0 has " +
          std::to_string(parts[0].ndim()) + " dimension(s) and the array at index " + std::to_string(k) +
          " has " + std::to_string(p.ndim()) + " dimension(s)");
    }
    for (int d = 0; d < p.ndim(); ++d) {
      if (d != axis && p.shape()[d] != parts[0].shape()[d]) {
        throw shape_error("all the input array dimensions except for the concatenation axis must match exactly, "
                          "but along dimension " + std::to_string(d) + ", the array at index 0 has size " +
                          std::to_string(parts[0].shape()[d]) + " and the array at index " + std::to_string(k) +
                          " has size " + std::to_string(p.shape()[d]));
      }
    }
  }
  for (const ndarray& p : parts) {
    t = promote_types(t, p.dtype());
    shape[axis] += p.shape()[axis];
  }
  ndarray out = detail::new_array(shape, t, parts[0].device());
  std::int64_t at = 0;
  for (const ndarray& p : parts) {
    detail::copy_into(along(out, axis, slice(at, at + p.shape()[axis])), p);
    at += p.shape()[axis];
  }
  return out;
}

/// An operand of diff's prepend / append as an array of @p a's shape with extent 1 along @p axis, unless it is
/// an array of a's dimensions already (NumPy broadcasts only scalars and 0-d arrays).
ndarray diff_edge(const ndarray& a, int axis, const operand& value) {
  ndarray v = value.is_scalar() ? full({}, value.value(), std::nullopt, a.device()) : value.array();
  detail::require_same_device(a.device(), v.device(), "diff");
  if (v.ndim() == 0) {
    shape_t shape = a.shape();
    shape[axis] = 1;
    return broadcast_to(v, shape);
  }
  return v;
}

/// Central differences inside, one-sided ones of order @p edge_order at both ends, along @p axis.
ndarray gradient_along(const ndarray& f, int axis, double h, int edge_order) {
  const std::int64_t n = f.shape()[axis];
  if (n < edge_order + 1) {
    throw shape_error("Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) "
                      "elements are required.");
  }
  const dtype t =
      f.dtype().is_integer() ? float64 : f.dtype();  // bool stays: its subtract is NumPy's TypeError
  const ndarray x = f.astype(t, casting::unsafe, false);
  ndarray out = detail::new_array(f.shape(), t, f.device());
  detail::copy_into(along(out, axis, slice(1, n - 1)),
                    true_divide(subtract(along(x, axis, slice(2, none)), along(x, axis, slice(0, n - 2))), 2.0 * h));
  if (edge_order == 1) {
    detail::copy_into(along(out, axis, slice(0, 1)),
                      true_divide(subtract(along(x, axis, slice(1, 2)), along(x, axis, slice(0, 1))), h));
    detail::copy_into(along(out, axis, slice(n - 1, n)),
                      true_divide(subtract(along(x, axis, slice(n - 1, n)), along(x, axis, slice(n - 2, n - 1))), h));
  } else {
    // NumPy's second-order edges: each coefficient divided by the spacing first, so that a value near the
    // largest finite one times 1.5 / h does not overflow where (1.5 * value) / h would
    auto at = [&](std::int64_t i) { return along(x, axis, slice(i, i + 1)); };
    detail::copy_into(along(out, axis, slice(0, 1)),
                      add(add(multiply(at(0), -1.5 / h), multiply(at(1), 2.0 / h)), multiply(at(2), -0.5 / h)));
    detail::copy_into(along(out, axis, slice(n - 1, n)),
                      add(add(multiply(at(n - 3), 0.5 / h), multiply(at(n - 2), -2.0 / h)), multiply(at(n - 1), 1.5 / h)));
  }
  return out;
}

}  // namespace

ndarray diff(const ndarray& a, int n, std::int64_t axis, const std::optional<operand>& prepend,
             const std::optional<operand>& append) {
  if (n == 0) return a;
  if (n < 0) throw shape_error("order must be non-negative but got " + std::to_string(n));
  if (a.ndim() == 0) throw shape_error("diff requires input that is at least one dimensional");
  const int ax = normalize_axis(axis, a.ndim());
  ndarray x = a;
  if (prepend || append) {
    std::vector<ndarray> parts;
    if (prepend) parts.push_back(diff_edge(a, ax, *prepend));
    parts.push_back(a);
    if (append) parts.push_back(diff_edge(a, ax, *append));
    x = join_along(parts, ax);
  }
  for (int k = 0; k < n && x.shape()[ax] > 0; ++k) {
    const std::int64_t m = x.shape()[ax];
    const ndarray hi = along(x, ax, slice(1, none)), lo = along(x, ax, slice(0, m - 1));
    x = x.dtype() == bool_ ? not_equal(hi, lo) : subtract(hi, lo);
  }
  if (x.shape()[ax] == 0 && n > 0) {  // n beyond the length: an empty result of the difference's dtype
    shape_t shape = x.shape();
    shape[ax] = 0;
    return detail::new_array(shape, x.dtype(), x.device());
  }
  return x;
}

ndarray ediff1d(const ndarray& ary, const std::optional<ndarray>& to_end, const std::optional<ndarray>& to_begin) {
  const ndarray flat = ary.ravel();
  const std::int64_t n = flat.size();
  std::vector<ndarray> parts;
  auto edge = [&](const ndarray& v, const char* name) {
    detail::require_same_device(ary.device(), v.device(), "ediff1d");
    if (!can_cast(v.dtype(), ary.dtype(), casting::same_kind)) {
      throw dtype_error(std::string("dtype of `") + name + "` must be compatible with input `ary` under the "
                        "`same_kind` rule.");
    }
    return v.ravel().astype(ary.dtype(), casting::unsafe, false);
  };
  if (to_begin) parts.push_back(edge(*to_begin, "to_begin"));
  // subtracted even when empty: bool's subtract is NumPy's TypeError whatever the length
  const ndarray d = subtract(flat(slice(1, none)), flat(slice(0, n > 0 ? n - 1 : 0)))
                        .astype(ary.dtype(), casting::unsafe, false);
  parts.push_back(d);
  if (to_end) parts.push_back(edge(*to_end, "to_end"));
  return parts.size() == 1 ? d : join_along(parts, 0);
}

std::vector<ndarray> gradient(const ndarray& f, const std::vector<double>& spacing, const axis_arg& axes,
                              int edge_order) {
  // NumPy's order of checks: the axes, the number of spacings, then edge_order
  const std::vector<int> ax = reduced_axes(f, axes);
  if (spacing.size() != 1 && spacing.size() != ax.size()) throw dtype_error("invalid number of arguments");
  if (edge_order != 1 && edge_order != 2) throw shape_error("'edge_order' greater than 2 not supported");
  std::vector<ndarray> out;
  for (std::size_t k = 0; k < ax.size(); ++k) {
    out.push_back(gradient_along(f, ax[k], spacing.size() == 1 ? spacing[0] : spacing[k], edge_order));
  }
  return out;
}

ndarray trapezoid(const ndarray& y, const std::optional<ndarray>& x, double dx, std::int64_t axis) {
  std::optional<ndarray> d;
  if (x) d = diff(*x, 1, x->ndim() == 1 ? 0 : axis);  // NumPy differences x before it indexes y's axis
  const int ax = normalize_axis(axis, y.ndim());
  const std::int64_t n = y.shape()[ax];
  const ndarray sum_pairs = add(along(y, ax, slice(1, none)), along(y, ax, slice(0, n > 0 ? n - 1 : 0)));
  if (!d) return sum(true_divide(multiply(sum_pairs, dx), 2.0), ax);
  if (x->ndim() == 1) {
    shape_t shape(y.ndim(), 1);
    shape[ax] = d->shape()[0];
    d = d->reshape(shape);
  }
  return sum(true_divide(multiply(*d, sum_pairs), 2.0), ax);
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
ndarray ndarray::cumsum(std::optional<std::int64_t> axis) const {
  return numcu::cumsum(*this, axis);
}
ndarray ndarray::cumprod(std::optional<std::int64_t> axis) const {
  return numcu::cumprod(*this, axis);
}

}  // namespace numcu
