// empty/zeros/ones/full, arange, linspace, eye, arrays from host memory.
#include "numcu/creation.hpp"

#include <algorithm>
#include <cmath>
#include <complex>

#include "core/scalar_cast.hpp"
#include "dispatch/dispatch.hpp"
#include "memory/buffer.hpp"
#include "memory/transfer.hpp"
#include "numcu/elementwise.hpp"

namespace numcu {
namespace {

// The dtype of creation from C++ values without a dtype (docs/numpy_differences.md): the values' own C++
// types decide. Floating and complex values promote among themselves and integers join them as weak scalars
// (arange(0, 1, 0.1f) is float32, not the float64 of int32 with float32); values of integer or bool types
// alone promote among themselves (arange(0, std::int64_t{n}) is int64).
dtype creation_dtype(std::initializer_list<const scalar*> values) {
  std::optional<dtype> floating, integral;
  for (const scalar* v : values) {
    const bool is_floating = v->kind() == scalar_kind::floating || v->kind() == scalar_kind::complex;
    std::optional<dtype>& common = is_floating ? floating : integral;
    common = common ? promote_types(*common, v->native_dtype()) : v->native_dtype();
  }
  return floating.value_or(*integral);
}

// Calls a from_blob deleter on the memory, once, when the last array over it has gone.
class blob_deleter {
 public:
  blob_deleter(void* data, std::function<void(void*)> deleter)
      : m_data(data), m_deleter(std::move(deleter)) {}
  ~blob_deleter() { m_deleter(m_data); }
  blob_deleter(const blob_deleter&) = delete;
  blob_deleter& operator=(const blob_deleter&) = delete;

 private:
  void* m_data;
  std::function<void(void*)> m_deleter;
};

}  // namespace

namespace detail {
void throw_inhomogeneous(int depth) {
  throw shape_error(
      "setting an array element with a sequence. The requested array has an inhomogeneous shape after " +
      std::to_string(depth) + " dimensions.");
}
}  // namespace detail

ndarray empty(const shape_t& shape, dtype t, device d) {
  return detail::new_array(shape, t, d);  // NumPy's checks of the shape, by array_nbytes
}

ndarray pinned_empty(const shape_t& shape, dtype t) {
  array_nbytes(shape, t.itemsize());  // NumPy's checks of the shape whether or not there is a driver to ask
  if (!cuda_is_available()) {
    throw device_error(
        "pinned_empty: page-locked host memory needs a CUDA driver and a GPU, and none is "
        "usable; nc::empty(shape, dtype, nc::cpu) makes ordinary host memory");
  }
  return detail::new_pinned_array(shape, t);
}

ndarray zeros(const shape_t& shape, dtype t, device d) {
  ndarray a = empty(shape, t, d);
  detail::fill_with(a, 0);
  return a;
}

ndarray ones(const shape_t& shape, dtype t, device d) {
  ndarray a = empty(shape, t, d);
  detail::fill_with(a, 1);
  return a;
}

ndarray full(const shape_t& shape, scalar value, std::optional<dtype> t, device d) {
  const dtype type = t.value_or(value.native_dtype());
  array_nbytes(shape, type.itemsize());    // the shape first, as NumPy
  detail::scalar_to_element(value, type);  // then a value that does not fit, before allocating
  if (type.is_bool() && value.is_large_unsigned()) {
    throw dtype_error("Python int too large to convert to C long");  // NumPy's full reads it as a C long
  }
  ndarray a = empty(shape, type, d);
  detail::fill_with(a, value);
  return a;
}

ndarray empty_like(const ndarray& a, std::optional<dtype> t, std::optional<device> d) {
  return empty(a.shape(), t.value_or(a.dtype()), d.value_or(a.device()));
}
ndarray zeros_like(const ndarray& a, std::optional<dtype> t, std::optional<device> d) {
  return zeros(a.shape(), t.value_or(a.dtype()), d.value_or(a.device()));
}
ndarray ones_like(const ndarray& a, std::optional<dtype> t, std::optional<device> d) {
  return ones(a.shape(), t.value_or(a.dtype()), d.value_or(a.device()));
}
ndarray full_like(const ndarray& a, scalar value, std::optional<dtype> t, std::optional<device> d) {
  return full(a.shape(), value, t.value_or(a.dtype()), d.value_or(a.device()));
}

ndarray arange(scalar stop, std::optional<dtype> t, device d) {
  return arange(0, stop, 1, t.value_or(stop.native_dtype()), d);
}

ndarray arange(scalar start, scalar stop, scalar step, std::optional<dtype> t, device d) {
  const bool any_complex = start.kind() == scalar_kind::complex || stop.kind() == scalar_kind::complex ||
                           step.kind() == scalar_kind::complex;
  const bool all_integer = !any_complex && start.kind() != scalar_kind::floating &&
                           stop.kind() != scalar_kind::floating && step.kind() != scalar_kind::floating;
  if (any_complex && t && !t->is_complex()) throw dtype_error("must be real number, not complex");  // NumPy's
  // NumPy divides by the step as Python divides its numbers: ZeroDivisionError in their words
  const auto zero_step = [&] {
    throw error(any_complex   ? "complex division by zero"
                : all_integer ? "division by zero"
                              : "float division by zero");
  };
  std::int64_t length;
  if (all_integer && !start.is_large_unsigned() && !stop.is_large_unsigned() && !step.is_large_unsigned()) {
    // in 128 bits: b - a and the rounding up may leave int64 (arange(INT64_MIN, INT64_MAX))
    const __int128 a = start.int_value(), b = stop.int_value(), s = step.int_value();
    if (s == 0) zero_step();
    const __int128 n = s > 0 ? (b > a ? (b - a + s - 1) / s : 0) : (a > b ? (a - b - s - 1) / (-s) : 0);
    // NumPy's (stop - start) / step must lie within int64 whatever its sign: below it, no empty result either
    const __int128 below = s > 0 ? a - b : b - a, limit = (__int128{1} << 63) * (s > 0 ? s : -s);
    if (n > INT64_MAX || below > limit) throw shape_error("Maximum allowed size exceeded");
    length = static_cast<std::int64_t>(n);
  } else {
    // NumPy's length: ceil((stop - start) / step), for complex bounds the smaller of the real and the
    // imaginary part's ceilings
    const std::complex<double> a = detail::complex_value(start), b = detail::complex_value(stop),
                               s = detail::complex_value(step);
    if (s == 0.0) zero_step();
    const std::complex<double> q =
        any_complex ? (b - a) / s : std::complex<double>((b.real() - a.real()) / s.real());
    // (NumPy's check of a real quotient that underflows to zero, or a step of infinite size: one element
    // where the zero is positive)
    const bool underflow = !any_complex && q.real() == 0.0 && b.real() - a.real() != 0.0;
    const double n = any_complex ? std::min(std::ceil(q.real()), std::ceil(q.imag()))
                     : underflow ? (std::signbit(q.real()) ? 0.0 : 1.0)
                                 : std::ceil(q.real());
    if (std::isnan(n)) throw shape_error("arange: cannot compute length");
    // NumPy's ceiling must lie within int64 whatever its sign (infinities too): below it, no empty result
    // either
    if (n >= 0x1p63 || n < -0x1p63) throw shape_error("Maximum allowed size exceeded");
    length = n > 0 ? static_cast<std::int64_t>(n) : 0;
  }
  const dtype type = t.value_or(creation_dtype({&start, &stop, &step}));
  ndarray out = empty({length}, type, d);
  if (length == 0) return out;
  // NumPy stores the first two values in the dtype and fills from their difference; with a second element,
  // start + step lies between start and stop, so it fits int64
  const scalar second =
      length == 1 ? start
      : all_integer && !start.is_large_unsigned() && !step.is_large_unsigned()
          ? scalar(start.int_value() + step.int_value())
      : any_complex ? scalar(detail::complex_value(start) + detail::complex_value(step))
                    : scalar(detail::complex_value(start).real() + detail::complex_value(step).real());
  // NumPy stores the first two values as it stores Python scalars (arange(-1.5, 3.0, dtype=uint8) raises)
  detail::require_storable(start, type);
  if (length > 1) detail::require_storable(second, type);
  if (type.is_bool() && length > 2)
    throw dtype_error("arange() is only supported for booleans when the result has at most length 2.");
  const detail::element_bytes a = detail::scalar_to_element(start, type);
  const detail::element_bytes b = detail::scalar_to_element(second, type);
  detail::arange_into(out, a.bytes, b.bytes);
  return out;
}

ndarray linspace(scalar start, scalar stop, std::int64_t num, bool endpoint, std::optional<dtype> t,
                 device d) {
  if (num < 0) throw shape_error("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  const bool is_complex = start.kind() == scalar_kind::complex || stop.kind() == scalar_kind::complex;
  const dtype natural = creation_dtype({&start, &stop});
  const dtype type = t.value_or(natural.is_integer() || natural.is_bool() ? float64 : natural);
  detail::linspace_params p{};
  p.start[0] = detail::complex_value(start).real();
  p.start[1] = start.kind() == scalar_kind::complex ? start.imag() : 0.0;
  p.stop[0] = detail::complex_value(stop).real();
  p.stop[1] = stop.kind() == scalar_kind::complex ? stop.imag() : 0.0;
  p.n = num;
  p.endpoint = endpoint;
  const std::int64_t div = endpoint ? num - 1 : num;
  p.div = static_cast<double>(div);
  bool step_zero = true;
  for (int c = 0; c < 2; ++c) {
    p.delta[c] = p.stop[c] - p.start[c];
    // NumPy divides a complex delta as a complex number by div + 0j (Smith's method: both parts times 1/div)
    p.step[c] = div == 0 ? std::nan("") : is_complex ? p.delta[c] * (1.0 / p.div) : p.delta[c] / p.div;
  }
  // NumPy tests `step == 0` on the (possibly complex) step as a whole
  step_zero = div > 0 && p.step[0] == 0 && (!is_complex || p.step[1] == 0);
  p.step_is_zero = step_zero;
  if (div == 0) {
    // a single sample (or none): NumPy multiplies the index 0 by delta, giving start
    p.step_is_zero = false;
    p.step[0] = p.delta[0];
    p.step[1] = p.delta[1];
  }
  ndarray out = empty({num}, type, d);
  if (num > 0) detail::linspace_into(out, p);
  return out;
}

ndarray eye(std::int64_t n, std::optional<std::int64_t> m, std::int64_t k, dtype t, device d) {
  const std::int64_t cols = m.value_or(n);
  ndarray out = zeros({n, cols}, t, d);
  // the k-th diagonal: a strided 1-D view stepping one row and one column at a time
  const std::int64_t row0 = k < 0 ? -k : 0, col0 = k > 0 ? k : 0;
  const std::int64_t length = std::max<std::int64_t>(0, std::min(n - row0, cols - col0));
  if (length > 0) {
    const std::int64_t item = static_cast<std::int64_t>(t.itemsize());
    const ndarray diagonal(out.buffer(), t, {length}, {(cols + 1) * item}, (row0 * cols + col0) * item, true);
    detail::fill_with(diagonal, 1);
  }
  return out;
}

ndarray identity(std::int64_t n, dtype t, device d) {
  return eye(n, std::nullopt, 0, t, d);
}

ndarray array_from_host(const void* data, dtype src_dtype, std::size_t count, const shape_t& shape,
                        std::optional<dtype> t, device d) {
  if (static_cast<std::int64_t>(count) != shape.product()) {
    throw shape_error("cannot make an array of shape " + to_string(shape) + " from " + std::to_string(count) +
                      " elements");
  }
  // Copy the bytes as they are, then cast where they live (on the GPU the cast runs as a kernel).
  ndarray raw = empty(shape, src_dtype, d);
  if (d.is_cpu()) {
    detail::copy_host_to_host(raw.data_ptr(), data, count * src_dtype.itemsize());
  } else {
    detail::copy_host_to_device(raw.data_ptr(), data, count * src_dtype.itemsize(), d);
  }
  const dtype type = t.value_or(src_dtype);
  return type == src_dtype ? raw : raw.astype(type);
}

ndarray from_blob(void* data, const shape_t& shape, dtype t, std::optional<strides_t> strides) {
  return from_blob(data, shape, t, cpu, std::move(strides));
}

ndarray from_blob(void* data, const shape_t& shape, dtype t, device d, std::optional<strides_t> strides) {
  array_nbytes(shape, t.itemsize());  // (before C strides are computed from it)
  const strides_t s = strides.value_or(c_strides(shape, t.itemsize()));
  if (s.size() != shape.size()) {
    throw shape_error("from_blob: " + std::to_string(s.size()) + " strides for a shape of " +
                      std::to_string(shape.size()) + " dimensions");
  }
  return detail::wrap_memory(data, shape, s, t, d, "from_blob");
}

ndarray from_blob(void* data, const shape_t& shape, dtype t, device d, std::function<void(void*)> deleter,
                  std::optional<strides_t> strides) {
  // The deleter is attached once every check has passed, so that a call that throws frees nothing.
  ndarray a = from_blob(data, shape, t, d, std::move(strides));
  if (deleter) a.buffer()->owner = std::make_shared<blob_deleter>(data, std::move(deleter));
  return a;
}

ndarray from_blob(void* data, const shape_t& shape, dtype t, device d, std::shared_ptr<void> owner,
                  std::optional<strides_t> strides) {
  ndarray a = from_blob(data, shape, t, d, std::move(strides));
  a.buffer()->owner = std::move(owner);
  return a;
}

// logspace and geomspace evaluate their powers on the host, with the C library's pow as NumPy does, and move
// the result to the device: CUDA's pow may round the last bit otherwise, and geomspace's integer dtypes
// truncate (NumPy's geomspace(1, 256, 9, dtype=int64) holds 127 where 2^7 is 127.99999999999997).
namespace {

/// @p host, computed on the host, cast to @p t where given and moved to @p d.
ndarray cast_and_moved(const ndarray& host, std::optional<dtype> t, device d) {
  return (t ? host.astype(*t, casting::unsafe, false) : host).to(d);
}

/// geomspace's last steps, NumPy's: the ends of the progression @p result set to the turned bounds @p from
/// and
/// @p to, the sign of start put back, the floor for an integer dtype, then @p t and @p d.
template <class Bound, class Sign>
ndarray geometric_ends(ndarray result, const Bound& from, const Bound& to, const Sign& sign, std::int64_t num,
                       bool endpoint, std::optional<dtype> t, device d) {
  if (num > 0) std::move(result(0)) = from;
  if (num > 1 && endpoint) std::move(result(-1)) = to;
  return cast_and_moved(multiply(result, sign), t, d);  // (NumPy's astype: integers truncate)
}

}  // namespace

ndarray logspace(double start, double stop, std::int64_t num, bool endpoint, double base,
                 std::optional<dtype> t, device d) {
  return cast_and_moved(power(scalar(base), linspace(start, stop, num, endpoint, float64, cpu)), t, d);
}

ndarray geomspace(double start, double stop, std::int64_t num, bool endpoint, std::optional<dtype> t,
                  device d) {
  if (start == 0 || stop == 0) throw shape_error("Geometric sequence cannot include zero");
  // a complex dtype takes NumPy's complex steps (its result_type with the dtype decides where it computes)
  if (t && t->is_complex())
    return geomspace(std::complex<double>(start), std::complex<double>(stop), num, endpoint, t, d);
  // NumPy's steps: the progression of the magnitudes from their logarithms, its ends set exactly, the sign of
  // start put back
  const double sign = start < 0 ? -1.0 : 1.0;
  const double from = start / sign, to = stop / sign;
  return geometric_ends(logspace(std::log10(from), std::log10(to), num, endpoint, 10.0, float64, cpu), from,
                        to, sign, num, endpoint, t, d);
}

ndarray logspace(std::complex<double> start, std::complex<double> stop, std::int64_t num, bool endpoint,
                 double base, std::optional<dtype> t, device d) {
  // NumPy's base is an array (float64) there: a power of complex128
  return cast_and_moved(
      power(full({}, base, float64, cpu), linspace(start, stop, num, endpoint, complex128, cpu)), t, d);
}

ndarray geomspace(std::complex<double> start, std::complex<double> stop, std::int64_t num, bool endpoint,
                  std::optional<dtype> t, device d) {
  if (start == 0.0 || stop == 0.0) throw shape_error("Geometric sequence cannot include zero");
  // NumPy's steps in complex128: start turned onto the positive real axis by its sign (z / |z|)
  const ndarray first = full({}, start, complex128, cpu);
  const ndarray sign_of = sign(first);
  const ndarray from = true_divide(first, sign_of);
  const ndarray to = true_divide(full({}, stop, complex128, cpu), sign_of);
  return geometric_ends(
      logspace(log10(from).item<std::complex<double>>(), log10(to).item<std::complex<double>>(), num,
               endpoint, 10.0, complex128, cpu),
      from, to, sign_of, num, endpoint, t, d);
}

}  // namespace numcu
