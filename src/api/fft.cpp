// numpy.fft (numcu/fft.hpp) as NumPy 2's numpy/fft/_pocketfft.py computes it: each transform along one axis
// (the input cut or padded to n, the norm's factor in the real dtype of the input), the n-dimensional ones as
// transforms along each axis in turn (a single multi-dimensional transform where the axes are the last ones,
// in order, at their own extents: cuFFT's fastest case), the frequencies and shifts; the transforms
// themselves in dispatch/fft.hpp.
#include "numcu/fft.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/scalar_cast.hpp"
#include "core/type_resolution.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/fft.hpp"
#include "memory/buffer.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/error.hpp"
#include "numcu/joining.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/rearranging.hpp"

namespace numcu::fft {

namespace {

using detail::fft_kind;

/// The real dtype of NumPy's transform of @p t: result_type(t.real, 1.0).
dtype real_dtype_of(dtype t) {
  if (t.is_complex()) return detail::component_dtype(t);
  return t.is_floating() ? t : float64;
}

/// The complex dtype a transform of @p t runs in: single precision for float16, bfloat16, float32 and
/// complex64.
dtype transform_dtype_of(dtype t) {
  const dtype real = real_dtype_of(t);
  return real == float64 ? complex128 : complex64;
}

norm_mode swapped(norm_mode norm) {
  return norm == norm_mode::backward  ? norm_mode::forward
         : norm == norm_mode::forward ? norm_mode::backward
                                      : norm;
}

/// The factor of a transform of length @p n under @p norm, rounded to @p real as NumPy computes it.
double factor_of(norm_mode norm, std::int64_t n, dtype real) {
  if (norm == norm_mode::backward) return 1.0;
  const double f =
      norm == norm_mode::ortho ? 1.0 / std::sqrt(static_cast<double>(n)) : 1.0 / static_cast<double>(n);
  return detail::stored_scalar(f, real).real();
}

/// @p x (transforms along its last axis) with that axis cut or padded with zeros to @p length, in dtype @p t,
/// C-contiguous; a new array where @p private_copy (a real inverse overwrites its input), else @p x itself
/// where it already is all that.
ndarray fitted(const ndarray& x, std::int64_t length, dtype t, bool private_copy) {
  const std::int64_t have = x.shape()[x.ndim() - 1];
  if (have == length && x.dtype() == t && x.is_c_contiguous() && !private_copy) return x;
  shape_t shape = x.shape();
  shape[shape.size() - 1] = length;
  const std::int64_t kept = std::min(have, length);
  const ndarray r = have >= length ? detail::new_array(shape, t, x.device()) : zeros(shape, t, x.device());
  copyto(r(ellipsis, slice(0, kept)), x(ellipsis, slice(0, kept)), casting::unsafe);
  return r;
}

/// A new array of @p shape and dtype @p out holding the transforms @p kind (complex dtype @p t, sizes @p dims
/// over the last @p rank axes) of @p input, scaled by @p factor.
ndarray transformed(fft_kind kind, dtype t, int rank, const std::int64_t* dims, const ndarray& input,
                    const shape_t& shape, dtype out, double factor) {
  const ndarray result = detail::new_array(shape, out, input.device());
  detail::fft_into(kind, t, rank, dims, input, result);
  if (factor != 1.0) multiply(result, factor, result);
  return result;
}

/// NumPy's _raw_fft: the transform along @p axis of length @p n, real or complex, forward or inverse; the
/// gufunc NumPy would name in a cast error is @p name.
ndarray raw_fft(const ndarray& a, std::int64_t n, std::int64_t axis, bool is_real, bool is_forward,
                norm_mode norm, const std::optional<ndarray>& out, const char* name) {
  if (n < 1) throw shape_error("Invalid number of FFT data points (" + std::to_string(n) + ") specified.");
  if (!is_forward) norm = swapped(norm);
  const dtype real = real_dtype_of(a.dtype()), t = transform_dtype_of(a.dtype());
  const double factor = factor_of(norm, n, real);
  const int ax = normalize_axis(axis, a.ndim());
  const std::int64_t n_out = is_real && is_forward ? n / 2 + 1 : n;
  const dtype out_dtype = is_real && !is_forward ? real : t;
  if (is_real && is_forward && a.dtype().is_complex()) {
    throw dtype_error(
        std::string("ufunc '") + name +
        "' not supported for the input types, and the inputs could not be safely coerced to any "
        "supported types according to the casting rule ''safe''");
  }
  if (out) {
    if (out->ndim() != a.ndim() || out->shape()[ax] != n_out)
      throw shape_error("output array has wrong shape.");
    detail::require_same_device(a.device(), out->device(), "fft");
    if (!can_cast(out_dtype, out->dtype(), casting::same_kind)) {
      throw dtype_error(std::string("Cannot cast ufunc '") + name + "' output from " +
                        detail::dtype_repr(out_dtype) + " to " + detail::dtype_repr(out->dtype()) +
                        " with casting rule 'same_kind'");
    }
  }
  const ndarray x = moveaxis(a, ax, -1);
  const dtype part = detail::component_dtype(t);
  fft_kind kind = is_forward ? fft_kind::forward : fft_kind::inverse;
  ndarray input;
  if (is_real && is_forward) {
    kind = fft_kind::real_forward;
    input = fitted(x, n, part, false);
  } else if (is_real) {
    kind = fft_kind::real_inverse;
    input = fitted(x, n / 2 + 1, t, true);
  } else {
    input = fitted(x, n, t, false);
  }
  shape_t shape = x.shape();
  shape[shape.size() - 1] = n_out;
  const ndarray result =
      transformed(kind, t, 1, &n, input, shape, kind == fft_kind::real_inverse ? part : t, factor);
  const ndarray moved = moveaxis(result.astype(out_dtype, casting::unsafe, false), -1, ax);
  if (!out) return moved;
  copyto(*out, moved, casting::same_kind);
  return *out;
}

/// NumPy's _cook_nd_args: the lengths and axes of an n-dimensional transform (@p inverse_real: irfftn's, the
/// last length 2 (m - 1) by default).
std::pair<std::vector<std::int64_t>, std::vector<std::int64_t>> cooked(
    const ndarray& a, const std::optional<std::vector<std::int64_t>>& s_in,
    const std::optional<std::vector<std::int64_t>>& axes_in, bool inverse_real) {
  const auto extent = [&](std::int64_t axis) {
    const std::int64_t at = axis < 0 ? axis + a.ndim() : axis;
    if (at < 0 || at >= a.ndim()) {
      throw index_error("index " + std::to_string(axis) + " is out of bounds for axis 0 with size " +
                        std::to_string(a.ndim()));
    }
    return a.shape()[static_cast<int>(at)];
  };
  std::vector<std::int64_t> s, axes;
  const bool shapeless = !s_in;
  if (s_in) {
    s = *s_in;
  } else if (axes_in) {
    for (const std::int64_t axis : *axes_in) s.push_back(extent(axis));
  } else {
    s = a.shape().to_vector();
  }
  if (axes_in) {
    axes = *axes_in;
  } else {
    for (std::int64_t i = -static_cast<std::int64_t>(s.size()); i < 0; ++i) axes.push_back(i);
  }
  if (s.size() != axes.size()) throw shape_error("Shape and axes have different lengths.");
  if (inverse_real && shapeless && !axes.empty()) s.back() = (extent(axes.back()) - 1) * 2;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == -1) s[i] = extent(axes[i]);
  }
  return {s, axes};
}

/// A complex n-dimensional transform in one call where @p axes are the array's last ones in order, at their
/// own lengths @p s, at most three; else none.
std::optional<ndarray> direct_fftnd(const ndarray& a, const std::vector<std::int64_t>& s,
                                    const std::vector<std::int64_t>& axes, bool is_forward, norm_mode norm) {
  const int rank = static_cast<int>(axes.size()), nd = a.ndim();
  if (rank < 2 || rank > 3 || rank > nd) return std::nullopt;
  std::int64_t dims[3];
  for (int i = 0; i < rank; ++i) {
    const std::int64_t axis = axes[i] < 0 ? axes[i] + nd : axes[i];
    if (axis != nd - rank + i || s[i] != a.shape()[static_cast<int>(axis)] || s[i] < 1) return std::nullopt;
    dims[i] = s[i];
  }
  const dtype t = transform_dtype_of(a.dtype());
  // NumPy's factor of each axis, in the real dtype of what that axis's transform gets: the input's for the
  // last axis (transformed first), the complex result's for the others
  double factor = 1;
  for (int i = 0; i < rank; ++i) {
    const dtype real = i + 1 == rank ? real_dtype_of(a.dtype()) : detail::component_dtype(t);
    factor *= factor_of(is_forward ? norm : swapped(norm), dims[i], real);
  }
  const ndarray input = fitted(a, a.shape()[nd - 1], t, false);
  return transformed(is_forward ? fft_kind::forward : fft_kind::inverse, t, rank, dims, input, a.shape(), t,
                     factor);
}

/// NumPy's _raw_fftnd for fft and ifft: each axis in turn, the last first.
ndarray raw_fftnd(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s_in,
                  const std::optional<std::vector<std::int64_t>>& axes_in, bool is_forward, norm_mode norm,
                  const std::optional<ndarray>& out) {
  const auto [s, axes] = cooked(a, s_in, axes_in, false);
  if (!out) {
    if (auto direct = direct_fftnd(a, s, axes, is_forward, norm)) return *direct;
  }
  ndarray r = a;
  for (std::size_t i = axes.size(); i-- > 0;) {
    r = raw_fft(r, s[i], axes[i], false, is_forward, norm, i == 0 ? out : std::nullopt,
                is_forward ? "fft" : "ifft");
  }
  return r;
}

std::int64_t length_or(const ndarray& a, std::optional<std::int64_t> n, std::int64_t axis,
                       bool inverse_real) {
  if (n) return *n;
  if (axis < -a.ndim() || axis >= a.ndim()) throw index_error("tuple index out of range");
  const std::int64_t m = a.shape()[static_cast<int>(axis < 0 ? axis + a.ndim() : axis)];
  return inverse_real ? (m - 1) * 2 : m;
}

}  // namespace

ndarray fft(const ndarray& a, std::optional<std::int64_t> n, std::int64_t axis, norm_mode norm,
            const std::optional<ndarray>& out) {
  return raw_fft(a, length_or(a, n, axis, false), axis, false, true, norm, out, "fft");
}

ndarray ifft(const ndarray& a, std::optional<std::int64_t> n, std::int64_t axis, norm_mode norm,
             const std::optional<ndarray>& out) {
  return raw_fft(a, length_or(a, n, axis, false), axis, false, false, norm, out, "ifft");
}

ndarray rfft(const ndarray& a, std::optional<std::int64_t> n, std::int64_t axis, norm_mode norm,
             const std::optional<ndarray>& out) {
  const std::int64_t length = length_or(a, n, axis, false);
  return raw_fft(a, length, axis, true, true, norm, out, length % 2 == 0 ? "rfft_n_even" : "rfft_n_odd");
}

ndarray irfft(const ndarray& a, std::optional<std::int64_t> n, std::int64_t axis, norm_mode norm,
              const std::optional<ndarray>& out) {
  return raw_fft(a, length_or(a, n, axis, true), axis, true, false, norm, out, "irfft");
}

ndarray hfft(const ndarray& a, std::optional<std::int64_t> n, std::int64_t axis, norm_mode norm,
             const std::optional<ndarray>& out) {
  const std::int64_t length = length_or(a, n, axis, true);
  return raw_fft(conjugate(a), length, axis, true, false, swapped(norm), out, "irfft");
}

ndarray ihfft(const ndarray& a, std::optional<std::int64_t> n, std::int64_t axis, norm_mode norm,
              const std::optional<ndarray>& out) {
  const std::int64_t length = length_or(a, n, axis, false);
  const ndarray r = raw_fft(a, length, axis, true, true, swapped(norm), out,
                            length % 2 == 0 ? "rfft_n_even" : "rfft_n_odd");
  return conjugate(r, r);
}

ndarray fftn(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s,
             const std::optional<std::vector<std::int64_t>>& axes, norm_mode norm,
             const std::optional<ndarray>& out) {
  return raw_fftnd(a, s, axes, true, norm, out);
}

ndarray ifftn(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s,
              const std::optional<std::vector<std::int64_t>>& axes, norm_mode norm,
              const std::optional<ndarray>& out) {
  return raw_fftnd(a, s, axes, false, norm, out);
}

ndarray rfftn(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s_in,
              const std::optional<std::vector<std::int64_t>>& axes_in, norm_mode norm,
              const std::optional<ndarray>& out) {
  const auto [s, axes] = cooked(a, s_in, axes_in, false);
  if (axes.empty()) throw index_error("list index out of range");
  ndarray r = rfft(a, s.back(), axes.back(), norm, axes.size() == 1 ? out : std::nullopt);
  for (std::size_t i = axes.size() - 1; i-- > 0;)
    r = fft(r, s[i], axes[i], norm, i == 0 ? out : std::nullopt);
  return r;
}

ndarray irfftn(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s_in,
               const std::optional<std::vector<std::int64_t>>& axes_in, norm_mode norm,
               const std::optional<ndarray>& out) {
  const auto [s, axes] = cooked(a, s_in, axes_in, true);
  if (axes.empty()) throw index_error("list index out of range");
  ndarray r = a;
  for (std::size_t i = 0; i + 1 < axes.size(); ++i) r = ifft(r, s[i], axes[i], norm);
  return irfft(r, s.back(), axes.back(), norm, out);
}

ndarray fft2(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s,
             const std::vector<std::int64_t>& axes, norm_mode norm, const std::optional<ndarray>& out) {
  return fftn(a, s, axes, norm, out);
}

ndarray ifft2(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s,
              const std::vector<std::int64_t>& axes, norm_mode norm, const std::optional<ndarray>& out) {
  return ifftn(a, s, axes, norm, out);
}

ndarray rfft2(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s,
              const std::vector<std::int64_t>& axes, norm_mode norm, const std::optional<ndarray>& out) {
  return rfftn(a, s, axes, norm, out);
}

ndarray irfft2(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s,
               const std::vector<std::int64_t>& axes, norm_mode norm, const std::optional<ndarray>& out) {
  return irfftn(a, s, axes, norm, out);
}

namespace {

/// NumPy's 1.0 / (n * d), in Python's float arithmetic, which refuses a zero divisor.
double sample_spacing(std::int64_t n, double d) {
  const double divisor = static_cast<double>(n) * d;
  if (divisor == 0.0) throw error("float division by zero");
  return 1.0 / divisor;
}

/// Python's floor division by 2.
std::int64_t floor_half(std::int64_t n) {
  return n >= 0 ? n / 2 : -((-n + 1) / 2);
}

}  // namespace

ndarray fftfreq(std::int64_t n, double d, device where) {
  // NumPy's: [0, 1, ..., (n - 1) // 2, -(n // 2), ..., -1] * (1 / (n d))
  const double scale = sample_spacing(n, d);
  if (n < 0) throw shape_error("negative dimensions are not allowed");
  const std::int64_t positive = floor_half(n - 1) + 1;
  const ndarray k =
      concatenate({arange(0, positive, 1, int64, where), arange(-floor_half(n), 0, 1, int64, where)});
  return multiply(k, scale);
}

ndarray rfftfreq(std::int64_t n, double d, device where) {
  const double scale = sample_spacing(n, d);
  return multiply(arange(0, std::max<std::int64_t>(floor_half(n) + 1, 0), 1, int64, where), scale);
}

namespace {

/// roll by n / 2 (fftshift) or -(n / 2) (ifftshift) along each of @p axes (all when none).
ndarray shifted(const ndarray& x, const axis_arg& axes, bool inverse) {
  std::vector<std::int64_t> along, shifts;
  if (axes.is_none()) {
    for (int d = 0; d < x.ndim(); ++d) along.push_back(d);
  } else {
    along = axes.values().to_vector();
  }
  for (const std::int64_t axis : along) {
    const std::int64_t extent = x.shape()[normalize_axis(axis, x.ndim())];
    shifts.push_back(inverse ? -(extent / 2) : extent / 2);
  }
  return roll(x, shifts, along);
}

}  // namespace

ndarray fftshift(const ndarray& x, const axis_arg& axes) {
  return shifted(x, axes, false);
}

ndarray ifftshift(const ndarray& x, const axis_arg& axes) {
  return shifted(x, axes, true);
}

bool cpu_fft_available() {
  return detail::host_has_fft();
}

plan_cache_info plan_cache(device where) {
  return detail::fft_plan_cache(where);
}

void set_plan_cache_size(std::size_t plans) {
  detail::set_cuda_fft_plan_limits(plans, std::nullopt);
}

void set_plan_cache_memory_limit(std::size_t bytes) {
  detail::set_cuda_fft_plan_limits(std::nullopt, bytes);
}

void clear_plan_cache() {
  detail::clear_cuda_fft_plans();
}

}  // namespace numcu::fft
