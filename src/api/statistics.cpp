// Statistics: mean, var, std, their NaN forms and average, in one pass where the moments kernel gives NumPy's
// result, else composed of reductions and elementwise functions as NumPy composes them (where=, an integer or
// complex dtype=, the NaN statistics, average's weights).
#include <algorithm>
#include <cmath>
#include <complex>
#include <numeric>

#include "api/reduction_common.hpp"
#include "core/reduction_axes.hpp"
#include "core/type_resolution.hpp"
#include "dispatch/dispatch.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/reduction.hpp"

namespace numcu {

using namespace detail;  // the shared reduction helpers and the dtype table

namespace {

/// Checks out= of a composed statistic over @p axes of @p a where NumPy's composition hands it to a reduction.
void check_composed_out(const ndarray& a, const std::vector<int>& axes, const reduce_options& o) {
  check_operands("add", a, axes, o.keepdims, o.out);
}

/// The result of a composed statistic (mean, var and std where the one-pass kernels do not give NumPy's, the
/// NaN statistics): copied into @p out (checked by check_composed_out()), or cast to its @p result_dtype.
ndarray composed_result(const ndarray& result, dtype result_dtype, const std::optional<ndarray>& out) {
  if (out) {
    copy_into(*out, result);
    return *out;
  }
  return result.astype(result_dtype, casting::unsafe, false);
}

/// A reduction's @p total divided by @p count as NumPy's statistics divide: true_divide, then cast back into
/// total's dtype under the 'unsafe' rule (an integer dtype= truncates).
ndarray divide_back(const ndarray& total, const ndarray& count) {
  return true_divide(total, count).astype(total.dtype(), casting::unsafe, false);
}

/// The composed statistic @p f of 16-bit floating input or dtype= computed in float32 throughout, as the
/// one-pass kernels compute, and rounded once into the 16-bit dtype: bfloat16 always (NumPy has none), and with
/// @p float16_too float16 (nanvar and nanstd, whose composition in float16 overflows where var's kernel does
/// not). (float16's own composition rounds each deviation and square to float16, as NumPy's.)
template <class... Rest>
ndarray narrow_in_float32(bool float16_too,
                          ndarray (*f)(const ndarray&, const axis_arg&, const reduce_options&, Rest...),
                          const ndarray& a, const axis_arg& axis, const reduce_options& o, Rest... rest) {
  const auto narrow = [&](std::optional<dtype> t) { return t == bfloat16 || (float16_too && t == float16); };
  const bool narrow_input = narrow(a.dtype()), narrow_dtype = narrow(o.dtype);
  if (!narrow_input && !narrow_dtype) return f(a, axis, o, rest...);
  reduce_options wide = o;
  if (narrow_dtype) wide.dtype = float32;
  const ndarray result = f(narrow_input ? a.astype(float32, casting::unsafe, false) : a, axis, wide, rest...);
  if (o.out || result.dtype() != float32 || o.dtype == float32) return result;
  return result.astype(narrow_dtype ? *o.dtype : a.dtype(), casting::unsafe, false);
}

/// The axes and the count of a composed statistic, checked in the order of NumPy's _count_reduce_items and
/// the reductions after it: where='s shape, the axes (a ufunc's with where=, else every one in range),
/// where='s dtype.
struct statistic_axes {
  std::vector<int> axes;
  std::optional<ndarray> mask;  // where= broadcast to the input

  statistic_axes(const ndarray& a, const axis_arg& axis, const std::optional<ndarray>& where) {
    if (where) {
      require_same_device(a.device(), where->device(), "where");
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
      a, axis_list(s.axes),
      options_of(o.dtype ? *o.dtype : reduction_dtypes_of(a.dtype()).moments, o.keepdims, o.where));
  return composed_result(divide_back(total, s.count(a, o.keepdims)), mean_result(a.dtype(), o.dtype), o.out);
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
/// dtype= NumPy's result takes dtype=, a complex dtype= giving a complex result), or a floating dtype= that
/// does not hold every input value: NumPy's mean is then the mean of the elements rounded to dtype=, from which
/// the deviations of the input itself are taken (var(int32 [2147483646, 2147483647], dtype=float32) is 2.5).
bool composed_var(const ndarray& a, const reduce_options& o) {
  // (bfloat16, which NumPy has not, computes in float32 and rounds once, as in the one-pass kernel)
  return o.where || (o.dtype && (!o.dtype->is_floating() || a.dtype().is_complex() ||
                                 (casts_first(a.dtype(), o.dtype) && *o.dtype != bfloat16)));
}

/// var and std: moments in one pass, or NumPy's composition.
ndarray moment(const ndarray& a, const axis_arg& axis, const reduce_options& o, bool root) {
  if (composed_var(a, o)) return narrow_in_float32(false, composed_moment, a, axis, o, root);
  // NumPy subtracts the mean (of dtype=) from the input itself: the deviations take both dtypes' promotion
  // (uint32 or float64 input with dtype=float32: float64), so that values which round to one float32 still
  // deviate; the moments compute in that dtype, the result is dtype=
  const dtype compute =
      reduction_dtypes_of(o.dtype ? promote_types(a.dtype(), *o.dtype) : a.dtype()).moments;
  const dtype result = component_dtype(mean_result(a.dtype(), o.dtype));
  reduction r{"add", reduction_family::moments, compute, result, {}, scalar(NAN)};
  r.params.projection = root ? reduction_projection::std : reduction_projection::var;
  r.params.ddof = o.ddof;
  const std::vector<int> axes = reduced_axes(a, axis);
  check_operands(r.ufunc, a, axes, o.keepdims, o.out);
  return reduce_over(a, axes, o.keepdims, o.out, std::nullopt, r);
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
  require_same_device(a.device(), w.device(), "average");
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

/// @p a rounded to a bfloat16 dtype= where that does not hold every value: the means sum their input in
/// dtype=, which NumPy casts each element to first, and narrow_in_float32 sums in float32.
ndarray rounded_for_mean(const ndarray& a, const reduce_options& o) {
  return o.dtype == bfloat16 && casts_first(a.dtype(), o.dtype) ? a.astype(bfloat16, casting::unsafe, false) : a;
}

}  // namespace

ndarray mean(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  if (o.where || (o.dtype && is_integer_or_bool(*o.dtype)))
    return narrow_in_float32(false, composed_mean, rounded_for_mean(a, o), axis, o);
  const dtype result = mean_result(a.dtype(), o.dtype);
  const scalar nan = result.is_complex() ? scalar(std::complex<double>(NAN, NAN)) : scalar(NAN);
  reduction r{"add", reduction_family::sum, reduction_dtypes_of(reduction_dtypes_of(result).moments).sum, result, {},
              nan};
  r.params.projection = reduction_projection::mean;
  r.cast_input = casts_first(a.dtype(), o.dtype);  // NumPy sums in dtype=, which takes each element cast to it
  const std::vector<int> axes = reduced_axes(a, axis);
  check_operands(r.ufunc, a, axes, o.keepdims, o.out);
  return reduce_over(a, axes, o.keepdims, o.out, std::nullopt, r);
}
ndarray var(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return moment(a, axis, options, false);
}
ndarray std(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return moment(a, axis, options, true);
}

ndarray nanmean(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  if (is_integer_or_bool(a.dtype())) return mean(a, axis, o);
  // a complex element with a NaN part is NaN, skipped as NumPy does: its real part is made NaN before
  // rounded_for_mean's cast to bfloat16 drops the imaginary one
  const ndarray in = a.dtype().is_complex() && o.dtype == bfloat16
                         ? where(isnan(a), scalar(std::complex<double>(NAN, NAN)), a)
                         : a;
  return narrow_in_float32(false, nan_mean, rounded_for_mean(in, o), axis, o);
}
ndarray nanvar(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  return is_integer_or_bool(a.dtype()) ? var(a, axis, o) : narrow_in_float32(true, nan_moment, a, axis, o, false);
}
ndarray nanstd(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  return is_integer_or_bool(a.dtype()) ? std(a, axis, o) : narrow_in_float32(true, nan_moment, a, axis, o, true);
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


}  // namespace numcu
