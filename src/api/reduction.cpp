// Reductions and statistics: NumPy's axes, dtypes, identities, errors and keyword arguments, then one
// reduce-functor call per result (dispatch/reduction.hpp), or a composition of reductions and elementwise
// functions where NumPy composes (where=, nanmean, nanvar, ptp, average).
#include "numcu/reduction.hpp"

#include <algorithm>
#include <numeric>

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

/// The axes @p axis names (none: every axis), NumPy's errors for out-of-range and repeated ones.
std::vector<int> reduced_axes(const ndarray& a, const axis_arg& axis) {
  if (axis.is_none()) {
    std::vector<int> all(a.ndim());
    std::iota(all.begin(), all.end(), 0);
    return all;
  }
  return axis.normalized(a.ndim(), "duplicate value in 'axis'");
}

/// The shape of a reduction of @p a over @p axes.
shape_t reduced_shape(const ndarray& a, const std::vector<int>& axes, bool keepdims) {
  shape_t s;
  for (int d = 0; d < a.ndim(); ++d) {
    const bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
    if (!reduced) {
      s.push_back(a.shape()[d]);
    } else if (keepdims) {
      s.push_back(1);
    }
  }
  return s;
}

/// The number of elements of @p a over @p axes.
std::int64_t reduced_count(const ndarray& a, const std::vector<int>& axes) {
  std::int64_t n = 1;
  for (int d : axes) n *= a.shape()[d];
  return n;
}

/// Checks out= against the result's @p shape and @p a's device (NumPy's words for the number of dimensions).
void check_out(const char* ufunc, const ndarray& a, const shape_t& shape, const ndarray& out) {
  detail::require_same_device(a.device(), out.device(), ufunc);
  if (out.ndim() != shape.size()) {
    throw shape_error(std::string("output parameter for reduction operation ") + ufunc +
                      " has the wrong number of dimensions: Found " + std::to_string(out.ndim()) +
                      " but expected " + std::to_string(shape.size()));
  }
  if (out.shape() != shape) {
    throw shape_error(std::string("output parameter for reduction operation ") + ufunc + " has shape " +
                      to_string(out.shape()) + ", expected " + to_string(shape));
  }
}

/// The result array: out= (checked) or a new one.
ndarray result_array(const char* ufunc, const ndarray& a, const shape_t& shape, dtype t,
                     const std::optional<ndarray>& out) {
  if (out) {
    check_out(ufunc, a, shape, *out);
    return *out;
  }
  return detail::new_array(shape, t, a.device());
}

/// Throws unless @p mask broadcasts to @p a's shape.
void check_where(const ndarray& a, const ndarray& mask) {
  detail::require_same_device(a.device(), mask.device(), "where");
  if (broadcast_shapes(a.shape(), mask.shape()) != a.shape()) {
    throw shape_error("non-broadcastable operand with shape " + to_string(mask.shape()) +
                      " doesn't match the broadcast shape " + to_string(a.shape()));
  }
}

/// reduce_options with a dtype (none: the default) and keepdims, written without designated initializers,
/// about which GCC's -Wextra warns for every member left out.
reduce_options options_of(std::optional<dtype> t, bool keepdims) {
  reduce_options o;
  o.dtype = t;
  o.keepdims = keepdims;
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
};

/// Runs @p r over @p axis of @p a: the empty case by identity, initial= or NumPy's error, before anything is
/// allocated or written.
ndarray run(const ndarray& a, const axis_arg& axis, bool keepdims, const std::optional<ndarray>& out,
            const std::optional<scalar>& initial, reduction r) {
  const std::vector<int> axes = reduced_axes(a, axis);
  const shape_t shape = reduced_shape(a, axes, keepdims);
  const std::int64_t count = reduced_count(a, axes);
  const bool empty = count == 0 && shape.product() != 0;
  if (empty && !initial && !r.identity) {
    throw shape_error(std::string("zero-size array to reduction operation ") + r.ufunc +
                      " which has no identity");
  }
  if (initial) {
    r.params.has_initial = true;
    r.params.initial = detail::scalar_to_element(*initial, r.compute);
  }
  ndarray result = result_array(r.ufunc, a, shape, r.result, out);
  if (result.size() == 0) return result;
  if (count == 0) {
    detail::fill_with(result, initial ? *initial : *r.identity);
    return result;
  }
  r.params.count = count;
  detail::reduce_into(r.family, r.compute, a, axes, result, r.params);
  return result;
}

/// @p a with the elements where @p mask is false replaced by @p value (NumPy's where= for sums and extremes).
ndarray masked(const ndarray& a, const ndarray& mask, const scalar& value) {
  check_where(a, mask);
  return where(mask, a, operand(value)).astype(a.dtype(), casting::unsafe, false);
}

/// Sums and products: dtype= picks the accumulator, where= masks with the identity.
ndarray sum_or_prod(const ndarray& a, const axis_arg& axis, const reduce_options& o, bool product, bool skip_nan) {
  const dtype result = o.dtype ? *o.dtype : sum_result(a.dtype());
  reduction r{product ? "multiply" : "add", product ? reduce_family::prod : reduce_family::sum,
              product ? product_compute(result) : sum_compute(result), result, {}, scalar(product ? 1 : 0)};
  r.params.skip_nan = skip_nan && !is_integer_or_bool(a.dtype());
  const ndarray input = o.where ? masked(a, *o.where, scalar(product ? 1 : 0)) : a;
  return run(input, axis, o.keepdims, o.out, o.initial, r);
}

/// max, min and their NaN forms.
ndarray extreme(const ndarray& a, const axis_arg& axis, const reduce_options& o, bool largest, bool skip_nan) {
  if (o.dtype) throw dtype_error("max() and min() take no dtype argument");
  reduction r{largest ? "maximum" : "minimum", reduce_family::extreme, extreme_compute(a.dtype()), a.dtype(), {},
              std::nullopt};
  r.params.largest = largest;
  r.params.skip_nan = skip_nan && !is_integer_or_bool(a.dtype());
  ndarray input = a;
  if (o.where) {
    if (!o.initial) {
      throw shape_error(std::string("reduction operation '") + r.ufunc +
                        "' does not have an identity, so to use a where mask one has to specify 'initial'");
    }
    input = masked(a, *o.where, *o.initial);
  }
  return run(input, axis, o.keepdims, o.out, o.initial, r);
}

/// argmax, argmin and their NaN forms; the NaN forms check for all-NaN slices first (synchronizing).
ndarray arg_extreme(const ndarray& a, std::optional<std::int64_t> axis, bool keepdims,
                    const std::optional<ndarray>& out, bool largest, bool skip_nan) {
  const char* name = largest ? "argmax" : "argmin";
  const axis_arg axes = axis ? axis_arg(*axis) : axis_arg(none);
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
  return run(a, axes, keepdims, out, std::nullopt, r);
}

/// The result of a composed statistic (mean or var with where=, the NaN statistics) of input @p a: copied into
/// @p out (checked as a reduction's out=), or cast to its @p result_dtype.
ndarray composed_result(const ndarray& a, const ndarray& result, dtype result_dtype, const std::optional<ndarray>& out) {
  if (out) {
    check_out("add", a, result.shape(), *out);
    detail::copy_into(*out, result);
    return *out;
  }
  return result.astype(result_dtype, casting::unsafe, false);
}

/// The count of elements taking part in each result: the reduced size, or the mask's true elements.
ndarray mask_count(const ndarray& a, const ndarray& mask, const axis_arg& axis, bool keepdims) {
  return count_nonzero(broadcast_to(mask, a.shape()), axis, keepdims);
}

/// var / std by NumPy's composition (_var): the masked mean, the squared deviations, their masked sum, divided
/// by count - ddof. For where= and the NaN forms.
ndarray composed_moment(const ndarray& a, const axis_arg& axis, const reduce_options& o, const ndarray& mask,
                        bool root) {
  const dtype compute = o.dtype ? moment_compute(*o.dtype) : moment_compute(a.dtype());
  const ndarray values = where(mask, a, 0).astype(compute, casting::unsafe, false);
  const ndarray count = mask_count(a, mask, axis, true);
  const ndarray mean_k = true_divide(sum(values, axis, options_of(compute, true)), count)
                             .astype(compute, casting::unsafe, false);
  const ndarray deviation = where(mask, subtract(values, mean_k), 0).astype(compute, casting::unsafe, false);
  const ndarray squares = compute.is_complex() ? add(square(real(deviation)), square(imag(deviation)))
                                              : multiply(deviation, deviation);
  const ndarray total = sum(squares, axis, options_of(std::nullopt, o.keepdims));
  const ndarray dof = maximum(subtract(mask_count(a, mask, axis, o.keepdims), o.ddof), 0);
  ndarray result = true_divide(total, dof);
  if (root) result = sqrt(result);
  return composed_result(a, result, detail::component_dtype(mean_dtype(a.dtype(), o.dtype)), o.out);
}

/// var and std: moments in one pass, or NumPy's composition with where=.
ndarray moment(const ndarray& a, const axis_arg& axis, const reduce_options& o, bool root) {
  if (o.where) {
    check_where(a, *o.where);
    return composed_moment(a, axis, o, *o.where, root);
  }
  const dtype compute = moment_compute(o.dtype ? *o.dtype : a.dtype());
  const dtype result = detail::component_dtype(mean_dtype(a.dtype(), o.dtype));
  reduction r{"add", reduce_family::moments, compute, result, {}, scalar(NAN)};
  r.params.projection = root ? reduce_projection::std : reduce_projection::var;
  r.params.ddof = o.ddof;
  return run(a, axis, o.keepdims, o.out, std::nullopt, r);
}

/// The weights of average, checked and broadcast as NumPy's average does.
ndarray average_weights(const ndarray& a, const axis_arg& axis, const ndarray& w) {
  detail::require_same_device(a.device(), w.device(), "average");
  if (w.shape() == a.shape()) return w;
  if (axis.is_none()) {
    throw dtype_error("Axis must be specified when shapes of a and weights differ.");
  }
  const std::vector<int> axes = reduced_axes(a, axis);
  if (w.ndim() != static_cast<int>(axes.size())) {
    throw dtype_error("1D weights expected when shapes of a and weights differ.");
  }
  shape_t view(a.ndim(), 1);
  for (std::size_t k = 0; k < axes.size(); ++k) {
    if (w.shape()[k] != a.shape()[axes[k]]) {
      throw shape_error("Shape of weights must be consistent with shape of a along specified axis.");
    }
    view[axes[k]] = w.shape()[k];
  }
  return broadcast_to(w.reshape(view), a.shape());
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
  const reduce_options plain = options_of(std::nullopt, options.keepdims);
  return subtract(max(a, axis, plain), min(a, axis, plain), options.out);
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
  if (o.where) {
    check_where(a, *o.where);
    const dtype compute = moment_compute(o.dtype ? *o.dtype : a.dtype());
    const ndarray total = sum(masked(a, *o.where, scalar(0)), axis, options_of(compute, o.keepdims));
    const ndarray result = true_divide(total, mask_count(a, *o.where, axis, o.keepdims));
    return composed_result(a, result, mean_dtype(a.dtype(), o.dtype), o.out);
  }
  const dtype result = mean_dtype(a.dtype(), o.dtype);
  const scalar nan = result.is_complex() ? scalar(std::complex<double>(NAN, NAN)) : scalar(NAN);
  reduction r{"add", reduce_family::sum, sum_compute(moment_compute(result)), result, {}, nan};
  r.params.projection = reduce_projection::mean;
  return run(a, axis, o.keepdims, o.out, std::nullopt, r);
}
ndarray var(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return moment(a, axis, options, false);
}
ndarray std(const ndarray& a, const axis_arg& axis, const reduce_options& options) {
  return moment(a, axis, options, true);
}

ndarray nanmean(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  if (is_integer_or_bool(a.dtype())) return mean(a, axis, o);
  const ndarray keep = o.where ? logical_and(logical_not(isnan(a)), *o.where) : logical_not(isnan(a));
  reduce_options masked_options = o;
  masked_options.where = keep;
  return mean(a, axis, masked_options);
}
ndarray nanvar(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  if (is_integer_or_bool(a.dtype())) return var(a, axis, o);
  const ndarray keep = o.where ? logical_and(logical_not(isnan(a)), *o.where) : logical_not(isnan(a));
  return composed_moment(a, axis, o, keep, false);
}
ndarray nanstd(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  if (is_integer_or_bool(a.dtype())) return std(a, axis, o);
  const ndarray keep = o.where ? logical_and(logical_not(isnan(a)), *o.where) : logical_not(isnan(a));
  return composed_moment(a, axis, o, keep, true);
}

ndarray any(const ndarray& a, const axis_arg& axis, const reduce_options& o) {
  reduction r{"logical_or", reduce_family::logical, bool_, bool_, {}, scalar(false)};
  const ndarray input = o.where ? masked(a, *o.where, scalar(false)) : a;
  return run(input, axis, o.keepdims, o.out, std::nullopt, r);
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
  const ndarray input = o.where ? masked(a, *o.where, scalar(true)) : a;
  return run(input, axis, o.keepdims, o.out, std::nullopt, r);
}
ndarray count_nonzero(const ndarray& a, const axis_arg& axis, bool keepdims) {
  reduction r{"add", reduce_family::count, bool_, int64, {}, scalar(0)};
  return run(a, axis, keepdims, std::nullopt, std::nullopt, r);
}

std::pair<ndarray, ndarray> average_and_weight_sum(const ndarray& a, const axis_arg& axis,
                                                   const std::optional<ndarray>& weights, bool keepdims) {
  if (!weights) {
    const ndarray avg = mean(a, axis, options_of(std::nullopt, keepdims));
    const double scale = avg.size() == 0 ? 0.0 : static_cast<double>(a.size()) / static_cast<double>(avg.size());
    return {avg, full(avg.shape(), scale, avg.dtype(), avg.device())};
  }
  const ndarray w = average_weights(a, axis, *weights);
  const dtype compute = promote_types(promote_types(a.dtype(), w.dtype()), float64);
  const ndarray scale = sum(w, axis, options_of(compute, keepdims));
  if (any(equal(scale, 0.0)).item<bool>()) throw error("Weights sum to zero, can't be normalized");
  const ndarray total = sum(multiply(a.astype(compute, casting::unsafe, false), w), axis,
                            options_of(compute, keepdims));
  return {true_divide(total, scale), scale};
}
ndarray average(const ndarray& a, const axis_arg& axis, const std::optional<ndarray>& weights, bool keepdims) {
  return average_and_weight_sum(a, axis, weights, keepdims).first;
}

namespace {

/// cumsum, cumprod and their NaN forms: the axis moved last into a C-contiguous buffer of the accumulator
/// dtype (skipped when the input is one already), scanned there, cast into the result.
ndarray scan(const ndarray& a, std::optional<std::int64_t> axis, std::optional<dtype> dt,
             const std::optional<ndarray>& out, bool product, bool skip_nan) {
  const ndarray input = axis ? a : a.ravel();
  const int ax = axis ? normalize_axis(*axis, a.ndim()) : 0;
  const dtype result_dtype = dt ? *dt : sum_result(a.dtype());
  const dtype compute = product_compute(result_dtype);
  if (out) {
    detail::require_same_device(a.device(), out->device(), product ? "cumprod" : "cumsum");
    if (out->shape() != input.shape()) {
      throw shape_error("provided out is the wrong size for the accumulation: " + to_string(out->shape()) +
                        " for " + to_string(input.shape()));
    }
  }
  const bool nan_forms = skip_nan && !is_integer_or_bool(a.dtype());
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
ndarray cumulative(const ndarray& x, std::optional<std::int64_t> axis, std::optional<dtype> dt,
                   const std::optional<ndarray>& out, bool include_initial, bool product) {
  if (!axis && x.ndim() != 1) {
    throw dtype_error("For arrays which have more than one dimension ``axis`` argument is required.");
  }
  if (x.ndim() == 0) throw index_error("axis 0 is out of bounds for array of dimension 0");
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
  for (std::size_t k = 0; k < parts.size(); ++k) {  // NumPy's concatenate checks
    const ndarray& p = parts[k];
    if (p.ndim() != parts[0].ndim()) {
      throw shape_error("all the input array dimensions except for the concatenation axis must match exactly, but "
                        "along dimension 0, the array at index 0 has " + std::to_string(parts[0].ndim()) +
                        " dimension(s) and the array at index " + std::to_string(k) + " has " +
                        std::to_string(p.ndim()) + " dimension(s)");
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
  const dtype t = !is_integer_or_bool(f.dtype()) ? f.dtype() : float64;
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
    auto at = [&](std::int64_t i) { return along(x, axis, slice(i, i + 1)); };
    detail::copy_into(along(out, axis, slice(0, 1)),
                      true_divide(add(add(multiply(at(0), -1.5), multiply(at(1), 2.0)), multiply(at(2), -0.5)), h));
    detail::copy_into(along(out, axis, slice(n - 1, n)),
                      true_divide(add(add(multiply(at(n - 3), 0.5), multiply(at(n - 2), -2.0)), multiply(at(n - 1), 1.5)), h));
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
  const ndarray d = n > 0 ? subtract(flat(slice(1, none)), flat(slice(0, n - 1))).astype(ary.dtype(), casting::unsafe, false)
                          : detail::new_array({0}, ary.dtype(), ary.device());
  parts.push_back(d);
  if (to_end) parts.push_back(edge(*to_end, "to_end"));
  return parts.size() == 1 ? d : join_along(parts, 0);
}

std::vector<ndarray> gradient(const ndarray& f, const std::vector<double>& spacing, const axis_arg& axes,
                              int edge_order) {
  if (edge_order != 1 && edge_order != 2) throw shape_error("'edge_order' greater than 2 not supported");
  const std::vector<int> ax = reduced_axes(f, axes);
  if (spacing.size() != 1 && spacing.size() != ax.size()) throw dtype_error("invalid number of arguments");
  std::vector<ndarray> out;
  for (std::size_t k = 0; k < ax.size(); ++k) {
    out.push_back(gradient_along(f, ax[k], spacing.size() == 1 ? spacing[0] : spacing[k], edge_order));
  }
  return out;
}

ndarray trapezoid(const ndarray& y, const std::optional<ndarray>& x, double dx, std::int64_t axis) {
  const int ax = normalize_axis(axis, y.ndim());
  const std::int64_t n = y.shape()[ax];
  const ndarray sum_pairs = add(along(y, ax, slice(1, none)), along(y, ax, slice(0, n > 0 ? n - 1 : 0)));
  ndarray terms;
  if (x) {
    ndarray d = diff(*x, 1, x->ndim() == 1 ? 0 : axis);
    if (x->ndim() == 1) {
      shape_t shape(y.ndim(), 1);
      shape[ax] = d.shape()[0];
      d = d.reshape(shape);
    }
    terms = true_divide(multiply(d, sum_pairs), 2.0);
  } else {
    terms = true_divide(multiply(sum_pairs, dx), 2.0);
  }
  return sum(terms, ax);
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
