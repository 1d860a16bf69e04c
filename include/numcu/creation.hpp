/// @file creation.hpp
/// @brief Creating arrays: empty/zeros/ones/full and their _like forms, arange, linspace, eye, identity,
/// and arrays from host data (std::vector, std::span, pointer + shape, nested initializer lists).
#pragma once

#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "numcu/ndarray.hpp"

namespace numcu {

/// A new array of @p shape whose values are unspecified (`numpy.empty`).
/// @throws shape_error for a negative extent; out_of_memory; device_error.
ndarray empty(const shape_t& shape, dtype t = float64, device d = default_device());
/// A new host (nc::cpu) array of @p shape in page-locked (pinned) memory, values unset
/// (`cupyx.empty_pinned`): what to_host_async() and to_device_async() (numcu/memory.hpp) copy to and from
/// while the host goes on. It is an ordinary host array otherwise, counted by memory_stats(nc::cpu) and
/// capped by its limit, and freed (cudaFreeHost) with the last array over it. Page-locking is slow to set up
/// and takes memory from the operating system's paging, so allocate pinned buffers once and reuse them.
/// @throws shape_error for a negative extent or a size that does not fit int64 ("array is too big; ...");
/// device_error without a CUDA driver and GPU, since page-locked memory is the driver's; out_of_memory.
ndarray pinned_empty(const shape_t& shape, dtype t = float64);
/// A new array of zeros (`numpy.zeros`).
ndarray zeros(const shape_t& shape, dtype t = float64, device d = default_device());
/// A new array of ones (`numpy.ones`).
ndarray ones(const shape_t& shape, dtype t = float64, device d = default_device());
/// A new array with every element @p value (`numpy.full`); the dtype defaults to that of the value's C++
/// type (`full({3}, 2.5f)` is float32, `full({3}, 7)` int32, `full({3}, 7.0)` float64).
ndarray full(const shape_t& shape, scalar value, std::optional<dtype> t = std::nullopt,
             device d = default_device());

/// empty() with the shape of @p a, and its dtype and device unless given.
ndarray empty_like(const ndarray& a, std::optional<dtype> t = std::nullopt,
                   std::optional<device> d = std::nullopt);
/// zeros() with the shape of @p a, and its dtype and device unless given.
ndarray zeros_like(const ndarray& a, std::optional<dtype> t = std::nullopt,
                   std::optional<device> d = std::nullopt);
/// ones() with the shape of @p a, and its dtype and device unless given.
ndarray ones_like(const ndarray& a, std::optional<dtype> t = std::nullopt,
                  std::optional<device> d = std::nullopt);
/// full() with the shape of @p a, and its dtype and device unless given.
ndarray full_like(const ndarray& a, scalar value, std::optional<dtype> t = std::nullopt,
                  std::optional<device> d = std::nullopt);

/// `numpy.arange(stop)`: 0, 1, ..., stop-1. The dtype defaults to that of @p stop's C++ type (`arange(5)`
/// is int32, `arange(std::int64_t{5})` int64, `arange(5.0)` float64).
ndarray arange(scalar stop, std::optional<dtype> t = std::nullopt, device d = default_device());
/// `numpy.arange(start, stop, step)`: values start + i*step below stop (above, for a negative step), computed
/// as NumPy does. The dtype defaults to the values' C++ types: the promotion of the floating ones, integers
/// joining them as weak scalars (`arange(0, 1, 0.1f)` is float32); without floating values, the promotion of
/// the integer types (`arange(0, 10)` is int32).
/// @throws error for step 0: NumPy's ZeroDivisionError, "division by zero" (integer bounds and step), "float
/// division by zero", "complex division by zero"; shape_error "arange: cannot compute length" (NaN) and
/// "Maximum allowed size exceeded" where (stop - start) / step leaves int64 on either side (infinities too);
/// dtype_error for complex bounds with a real dtype, for a bool result longer than 2, and for first values that
/// do not fit the dtype. A real quotient that underflows to +0 gives one element (a step of infinite size).
ndarray arange(scalar start, scalar stop, scalar step = 1, std::optional<dtype> t = std::nullopt,
               device d = default_device());
/// `numpy.linspace(start, stop, num, endpoint)`: @p num evenly spaced values, computed in float64. The dtype
/// defaults to the bounds' C++ types as arange() takes them, float64 for integer bounds
/// (`linspace(0.0f, 1.0f)` is float32, `linspace(0, 10)` float64); integer dtypes take the floor. @throws
/// shape_error for num < 0.
ndarray linspace(scalar start, scalar stop, std::int64_t num = 50, bool endpoint = true,
                 std::optional<dtype> t = std::nullopt, device d = default_device());
/// `numpy.logspace(start, stop, num, endpoint, base)`: @p base to the powers linspace(start, stop, num,
/// endpoint) (float64), cast to @p t when given. The powers are evaluated on the host with the C library's
/// pow, as NumPy's are, and copied to @p d: NumPy's values to the last bit, at the cost of a host-to-device
/// copy.
ndarray logspace(double start, double stop, std::int64_t num = 50, bool endpoint = true, double base = 10.0,
                 std::optional<dtype> t = std::nullopt, device d = default_device());
/// `numpy.geomspace(start, stop, num, endpoint)` of real bounds: a geometric progression (float64, or @p t,
/// cast as NumPy's astype: integers truncate), its ends exactly start and stop; evaluated on the host as
/// logspace(). A complex @p t takes the complex bounds' steps, as NumPy's does. @throws shape_error
/// "Geometric sequence cannot include zero".
ndarray geomspace(double start, double stop, std::int64_t num = 50, bool endpoint = true,
                  std::optional<dtype> t = std::nullopt, device d = default_device());
/// numpy.logspace of complex bounds: @p base to the complex powers linspace(start, stop, num, endpoint)
/// (complex128, or @p t), evaluated on the host and copied to @p d. The powers go through numcu's complex
/// exp and log: within a few ulps of NumPy's, which calls the C library's cpow.
ndarray logspace(std::complex<double> start, std::complex<double> stop, std::int64_t num = 50,
                 bool endpoint = true, double base = 10.0, std::optional<dtype> t = std::nullopt,
                 device d = default_device());
/// numpy.geomspace of complex bounds, NumPy's steps: start turned onto the positive real axis by its sign
/// (z / |z|), the progression of the logarithms (complex logspace), its ends set to the turned bounds, the
/// sign put back; complex128, or @p t. Within a few ulps of NumPy's (see the complex logspace).
/// @throws shape_error "Geometric sequence cannot include zero".
ndarray geomspace(std::complex<double> start, std::complex<double> stop, std::int64_t num = 50,
                  bool endpoint = true, std::optional<dtype> t = std::nullopt, device d = default_device());
/// `numpy.eye(N, M, k)`: ones on the k-th diagonal of an N x M matrix (M defaults to N).
ndarray eye(std::int64_t n, std::optional<std::int64_t> m = std::nullopt, std::int64_t k = 0,
            dtype t = float64, device d = default_device());
/// `numpy.identity(n)`: the n x n identity matrix.
ndarray identity(std::int64_t n, dtype t = float64, device d = default_device());

/// An array of @p shape on @p d holding a copy of @p count host elements of dtype @p src_dtype at @p data,
/// cast to
/// @p t (default: @p src_dtype). The non-template core of every array() overload.
/// @throws shape_error when @p count is not the product of @p shape.
ndarray array_from_host(const void* data, dtype src_dtype, std::size_t count, const shape_t& shape,
                        std::optional<dtype> t = std::nullopt, device d = default_device());

/// A 1-D array copied from @p values (dtype from T unless @p t is given).
template <element_type T>
ndarray array(std::span<const T> values, std::optional<dtype> t = std::nullopt, device d = default_device()) {
  return array_from_host(values.data(), dtype_of<T>(), values.size(),
                         {static_cast<std::int64_t>(values.size())}, t, d);
}
/// A 1-D array copied from @p values (dtype from T unless @p t is given).
template <element_type T>
ndarray array(const std::vector<T>& values, std::optional<dtype> t = std::nullopt,
              device d = default_device()) {
  if constexpr (std::is_same_v<T, bool>) {
    const std::vector<std::uint8_t> bytes(values.begin(), values.end());  // std::vector<bool> packs bits
    return array_from_host(bytes.data(), bool_, bytes.size(), {static_cast<std::int64_t>(bytes.size())}, t,
                           d);
  } else {
    return array(std::span<const T>(values), t, d);
  }
}
/// An array of @p shape copied from the C-order host elements at @p data.
template <element_type T>
ndarray array(const T* data, const shape_t& shape, std::optional<dtype> t = std::nullopt,
              device d = default_device()) {
  return array_from_host(data, dtype_of<T>(), static_cast<std::size_t>(shape.product()), shape, t, d);
}

namespace detail {
/// Throws shape_error for ragged nested lists, as NumPy's "inhomogeneous shape" error.
[[noreturn]] void throw_inhomogeneous(int depth);
template <class T>
void flatten_nested(std::initializer_list<T> list, int depth, shape_t& shape, std::vector<T>& out) {
  if (depth == shape.size())
    shape.push_back(static_cast<std::int64_t>(list.size()));
  else if (shape[depth] != static_cast<std::int64_t>(list.size()))
    throw_inhomogeneous(depth);
  out.insert(out.end(), list.begin(), list.end());
}
template <class T>
void flatten_nested(std::initializer_list<std::initializer_list<T>> list, int depth, shape_t& shape,
                    std::vector<T>& out) {
  if (depth == shape.size())
    shape.push_back(static_cast<std::int64_t>(list.size()));
  else if (shape[depth] != static_cast<std::int64_t>(list.size()))
    throw_inhomogeneous(depth);
  for (const auto& inner : list) flatten_nested(inner, depth + 1, shape, out);
}
template <class T>
void flatten_nested(std::initializer_list<std::initializer_list<std::initializer_list<T>>> list, int depth,
                    shape_t& shape, std::vector<T>& out) {
  if (depth == shape.size())
    shape.push_back(static_cast<std::int64_t>(list.size()));
  else if (shape[depth] != static_cast<std::int64_t>(list.size()))
    throw_inhomogeneous(depth);
  for (const auto& inner : list) flatten_nested(inner, depth + 1, shape, out);
}
template <class T, class List>
ndarray array_from_nested(List list, std::optional<dtype> t, device d) {
  shape_t shape;
  std::vector<T> flat;
  flatten_nested(list, 0, shape, flat);
  if (flat.size() != static_cast<std::size_t>(shape.product())) throw_inhomogeneous(shape.size() - 1);
  if constexpr (std::is_same_v<T, bool>) {
    const std::vector<std::uint8_t> bytes(flat.begin(), flat.end());
    return array_from_host(bytes.data(), bool_, bytes.size(), shape, t, d);
  } else {
    return array_from_host(flat.data(), dtype_of<T>(), flat.size(), shape, t, d);
  }
}
}  // namespace detail

/// A 1-D array from a braced list: `nc::array({1.0, 2.0})` (float64; `{1, 2}` gives int32, C++'s int).
template <element_type T>
ndarray array(std::initializer_list<T> values, std::optional<dtype> t = std::nullopt,
              device d = default_device()) {
  return detail::array_from_nested<T>(values, t, d);
}
/// A 2-D array from nested braced lists: `nc::array({{1, 2}, {3, 4}})`.
/// @throws shape_error when the rows differ in length.
template <element_type T>
ndarray array(std::initializer_list<std::initializer_list<T>> values, std::optional<dtype> t = std::nullopt,
              device d = default_device()) {
  return detail::array_from_nested<T>(values, t, d);
}
/// A 3-D array from nested braced lists. @throws shape_error when the lists are ragged.
template <element_type T>
ndarray array(std::initializer_list<std::initializer_list<std::initializer_list<T>>> values,
              std::optional<dtype> t = std::nullopt, device d = default_device()) {
  return detail::array_from_nested<T>(values, t, d);
}

/// An ndarray on the host over memory numcu does not own (like `torch::from_blob`): no copy is made, and
/// @p data must outlive the array and its views. Strides default to C order.
/// @throws shape_error for a stride count other than the number of dimensions, or sizes that do not fit
/// int64.
ndarray from_blob(void* data, const shape_t& shape, dtype t, std::optional<strides_t> strides = std::nullopt);

/// An ndarray on device @p d over memory numcu does not own (CuPy's `UnownedMemory`): no copy is made, and
/// @p data must outlive the array and its views. For a GPU, @p data must be device or managed memory of
/// that GPU (from cudaMalloc, cudaMallocAsync, cudaMallocManaged or another library's allocator); for
/// nc::cpu it is not checked. Strides default to C order.
/// @throws device_error when @p d is a GPU that does not exist or @p data is not memory of it; shape_error as
/// the host form.
ndarray from_blob(void* data, const shape_t& shape, dtype t, device d,
                  std::optional<strides_t> strides = std::nullopt);

/// from_blob() of memory on @p d that @p deleter frees (`torch::from_blob` with a deleter): numcu calls
/// `deleter(data)` once, on the host, when the last array or view over the memory goes away; never when the
/// call throws. GPU work queued on the memory may still be running then: free it stream-ordered
/// (cudaFreeAsync on the stream that used it) or synchronize first. The deleter must not throw; an empty one
/// is none.
/// @code
/// float* p = nullptr;
/// cudaMalloc(&p, 1000 * sizeof(float));
/// auto a = nc::from_blob(p, {10, 100}, nc::float32, nc::cuda(0), [](void* q) { cudaFree(q); });
/// @endcode
/// @throws as from_blob(data, shape, t, d, strides).
ndarray from_blob(void* data, const shape_t& shape, dtype t, device d, std::function<void(void*)> deleter,
                  std::optional<strides_t> strides = std::nullopt);

/// from_blob() of memory on @p d that @p owner keeps alive: the arrays and views over it hold a reference to
/// @p owner, released with the last of them (never taken when the call throws).
/// @throws as from_blob(data, shape, t, d, strides).
ndarray from_blob(void* data, const shape_t& shape, dtype t, device d, std::shared_ptr<void> owner,
                  std::optional<strides_t> strides = std::nullopt);

}  // namespace numcu
