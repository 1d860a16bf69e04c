// Cumulative sums and products (cumsum, cumprod, their NaN forms, the array API's cumulative_sum and
// cumulative_prod): the axis moved last into a buffer of the accumulator dtype and scanned there
// (dispatch/reduction.hpp's scan_last_axis).
#include "api/reduction_common.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/reduction.hpp"
#include "memory/buffer.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/reduction.hpp"

namespace numcu {

using namespace detail;  // the shared reduction helpers and the dtype table

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
  const dtype compute = reduction_dtypes_of(result_dtype).product;
  if (out) {
    require_same_device(a.device(), out->device(), product ? "cumprod" : "cumsum");
    if (out->shape() != input.shape()) {
      throw shape_error("provided out is the wrong size for the accumulation: " + to_string(out->shape()) +
                        " for " + to_string(input.shape()));
    }
  }
  // a bool result is each running truth (bool's add is logical or): a non-bool out= takes it through a bool
  // array, where the accumulator's running count would go into out= as a number
  if (out && result_dtype.is_bool() && !out->dtype().is_bool()) {
    const ndarray truth = scan(a, axis, dt, std::nullopt, product, skip_nan);
    copy_into(*out, truth);
    return *out;
  }
  bool nan_forms = skip_nan && !is_integer_or_bool(a.dtype());
  if (nan_forms && dt && *dt != a.dtype()) {
    input = replace_nan(input, scalar(product ? 1 : 0));
    nan_forms = false;
  }
  if (casts_first(input.dtype(), dt)) input = input.astype(result_dtype, casting::unsafe, false);
  const bool direct = !out && !nan_forms && input.is_c_contiguous() && ax == input.ndim() - 1 &&
                      input.dtype() == compute && compute == result_dtype;
  ndarray result = out ? *out : new_array(input.shape(), result_dtype, a.device());
  if (input.size() == 0) return result;
  if (direct) {
    scan_last_axis(input, result, product);
    return result;
  }
  const ndarray moved = moveaxis(input, ax, -1);
  ndarray work = new_array(moved.shape(), compute, a.device());
  copy_into(work, moved);
  if (nan_forms) where(isnan(work), product ? 1 : 0, work, work);
  scan_last_axis(work, work, product);
  copy_into(moveaxis(result, ax, -1), work);
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
    require_same_device(x.device(), out->device(), product ? "cumulative_prod" : "cumulative_sum");
    if (out->shape() != shape) {
      throw shape_error("provided out is the wrong size for the accumulation: " + to_string(out->shape()) +
                        " for " + to_string(shape));
    }
  }
  ndarray result = out ? *out : new_array(shape, scanned.dtype(), x.device());
  std::vector<index_t> first(x.ndim(), all), rest(x.ndim(), all);
  first[ax] = slice(0, 1);
  rest[ax] = slice(1, none);
  fill_with(result.index(first), scalar(product ? 1 : 0));
  copy_into(result.index(rest), scanned);
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

ndarray ndarray::cumsum(std::optional<std::int64_t> axis) const {
  return numcu::cumsum(*this, axis);
}
ndarray ndarray::cumprod(std::optional<std::int64_t> axis) const {
  return numcu::cumprod(*this, axis);
}


}  // namespace numcu
