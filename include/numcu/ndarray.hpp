/// @file ndarray.hpp
/// @brief numcu::ndarray, an n-dimensional array of a runtime dtype on the host or a GPU.
#pragma once

#include <complex>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "numcu/device.hpp"
#include "numcu/device_view.hpp"
#include "numcu/dtype.hpp"
#include "numcu/error.hpp"
#include "numcu/indexing.hpp"
#include "numcu/scalar.hpp"
#include "numcu/shape.hpp"

namespace numcu {

class ndarray;
class index_expression;

namespace detail {
struct buffer;
/// Whether an argument of `a(...)` is an index array (numcu/selection.hpp: advanced indexing).
template <class I>
inline constexpr bool is_array_index_v = std::is_same_v<std::remove_cvref_t<I>, ndarray>;
template <class... I>
index_expression make_index_expression(const ndarray& base, I&&... indices);
}  // namespace detail

/// NumPy's sorting algorithms, the `kind=` of sort, argsort and ndarray::sort. numcu sorts every kind by one
/// stable algorithm (a radix sort on the GPU), so each gives NumPy's stable order.
enum class sort_kind { quicksort, mergesort, heapsort, stable };

/// NumPy's keyword arguments of sort and argsort: `nc::sort(a, -1, {.stable = true})`.
struct sort_options {
  /// NumPy's kind=; may not be given together with stable.
  std::optional<sort_kind> kind{};
  /// NumPy's stable=: true asks for the stable order (equal values keep their order), which every numcu
  /// sort gives.
  std::optional<bool> stable{};
};

/// An n-dimensional array of one dtype on one device, like numpy.ndarray / cupy.ndarray.
///
/// An ndarray is a handle: copying it shares the data; copy() makes new data. A view (slice, transpose,
/// reshape when the strides allow, broadcast_to) shares the data of its base. Assigning to an ndarray
/// variable rebinds it; assigning to an index expression writes into the base:
/// @code
/// auto m = nc::zeros({3, 4});
/// m(1, nc::all) = 5.0;           // like m[1, :] = 5
/// auto v = m(nc::slice(0, 2));   // a view of the first two rows
/// @endcode
class ndarray {
 public:
  /// An empty handle that refers to no array; every use but assignment throws error.
  ndarray() = default;
  /// Another handle to the same array (no data is copied).
  ndarray(const ndarray&) = default;
  /// Takes over the handle.
  ndarray(ndarray&&) noexcept = default;
  ~ndarray() = default;

  /// Rebinds this variable to the array @p other refers to (no data is copied).
  ndarray& operator=(const ndarray& other) & = default;
  /// Rebinds this variable to the array @p other refers to (no data is copied).
  ndarray& operator=(ndarray&& other) & noexcept = default;
  /// Writes @p values into the elements this temporary view refers to (`a(0) = b`), broadcasting and casting
  /// unsafely as NumPy's `a[0] = b` does. @throws shape_error, device_error.
  ndarray& operator=(const ndarray& values) &&;
  /// Writes @p value into every element this temporary view refers to (`m(1, nc::all) = 0.0`).
  /// @throws dtype_error when an integer value does not fit an integer dtype.
  ndarray& operator=(scalar value) &&;
  /// Assigning a number to an ndarray variable is ambiguous in C++; use fill() or `a(nc::ellipsis) = v`.
  ndarray& operator=(scalar value) & = delete;

  /// True when this handle refers to an array.
  bool defined() const { return m_buffer != nullptr; }
  /// The device the data lives on.
  numcu::device device() const;
  /// The element type.
  numcu::dtype dtype() const { return m_dtype; }
  /// Extent of each dimension.
  const shape_t& shape() const { return m_shape; }
  /// Bytes between consecutive elements of each dimension (may be negative or 0).
  const strides_t& strides() const { return m_strides; }
  /// Number of dimensions.
  int ndim() const { return m_shape.size(); }
  /// Number of elements.
  std::int64_t size() const { return m_shape.product(); }
  /// Bytes the elements take: size() * itemsize().
  std::size_t nbytes() const { return static_cast<std::size_t>(size()) * itemsize(); }
  /// Bytes per element.
  std::size_t itemsize() const { return m_dtype.itemsize(); }
  /// Byte offset of element (0, ..., 0) from the start of the buffer.
  std::int64_t offset() const { return m_offset; }
  /// True when the elements are laid out in C (row-major) order without gaps.
  bool is_c_contiguous() const;
  /// True when the elements are laid out in Fortran (column-major) order without gaps.
  bool is_f_contiguous() const;
  /// True when the array lives in page-locked (pinned) host memory, which a GPU copies to and from
  /// asynchronously: an array from pinned_empty() or a view of one, or from_blob() over memory that CUDA
  /// page-locked (cudaMallocHost, cudaHostRegister). False for GPU arrays, and for every array without a
  /// CUDA driver.
  bool is_pinned() const;
  /// For a view, the array that owns the data (as allocated: 1-D, its dtype); none for an owner.
  std::optional<ndarray> base() const;
  /// True when this array and @p other use the same buffer.
  bool shares_memory_with(const ndarray& other) const { return m_buffer == other.m_buffer; }

  /// Address of element (0, ..., 0): device memory for a GPU array.
  void* data_ptr() const;

  /// The elements as a typed view of rank N (numcu/device_view.hpp): pointer, shape and byte strides, passed by
  /// value to a kernel of one's own (numcu/cuda.hpp). T is the dtype's element type (const T for reading), or
  /// any type of the dtype's size (e.g. CUDA's __half or float2). With @p on, the array must live there.
  /// @throws dtype_error for another element type; shape_error for another rank; device_error when the array
  /// is not on @p on.
  template <class T, int N>
  device_view<T, N> view(std::optional<numcu::device> on = std::nullopt) const {
    bool type_fits = sizeof(T) == m_dtype.itemsize();
    if constexpr (element_type<T>) type_fits = numcu::dtype_of<T>() == m_dtype;
    if (!type_fits || N != ndim() || (on && *on != device())) throw_view_error(view_name<T>(N), type_fits, N, on);
    device_view<T, N> v;
    v.data = static_cast<T*>(data_ptr());
    for (int d = 0; d < N; ++d) {
      v.shape[d] = m_shape[d];
      v.strides[d] = m_strides[d];
    }
    return v;
  }

  /// A new array with the same values, dtype and shape, in C order, on the same device.
  ndarray copy() const;
  /// numpy.ndarray.sort: sorts the elements in place along @p axis (numcu/sorting.hpp's sort).
  /// @throws index_error (axis out of range), shape_error (kind and stable both given), device_error.
  void sort(std::int64_t axis = -1, const sort_options& options = {}) const;
  /// The values cast to @p to, as NumPy's `astype`. With @p copy false the array itself is returned when no
  /// cast is needed. @throws dtype_error when @p rule forbids the cast ("Cannot cast array data from
  /// dtype('float64') to dtype('int32') according to the rule 'safe'").
  ndarray astype(numcu::dtype to, casting rule = casting::unsafe, bool copy = true) const;
  /// This array on device @p d (itself when already there; a C-order copy otherwise).
  ndarray to(numcu::device d) const;
  /// The single element of a size-1 array as @p T, which must be the array's dtype.
  /// @throws dtype_error when T is not the dtype's type; shape_error when size() != 1.
  template <element_type T>
  T item() const {
    T value;
    read_item(&value, numcu::dtype_of<T>());
    return value;
  }
  /// All elements in C order, as a std::vector of @p T (synchronizes the array's stream).
  /// @throws dtype_error naming both types when T is not the dtype's type.
  template <element_type T>
  std::vector<T> to_vector() const {
    if constexpr (std::is_same_v<T, bool>) {
      std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size()));  // std::vector<bool> packs bits
      read_all(bytes.data(), numcu::bool_);
      return std::vector<bool>(bytes.begin(), bytes.end());
    } else {
      require_element_type(numcu::dtype_of<T>(), "to_vector");
      // std::vector<T>(n) would take the page faults of fresh memory one at a time, on this thread, while
      // zeroing it: fault the reserved storage in from several threads first, then construct the elements in
      // place (resize within the capacity does not reallocate).
      const auto n = static_cast<std::size_t>(size());
      std::vector<T> out;
      out.reserve(n);
      touch_pages(out.data(), n * sizeof(T));
      out.resize(n);
      read_all(out.data(), numcu::dtype_of<T>());
      return out;
    }
  }
  /// Sets every element to @p value, cast to the dtype as NumPy's `fill`. @return *this.
  /// @throws dtype_error when an integer value does not fit an integer dtype.
  const ndarray& fill(scalar value) const;

  /// A view or copy with a new shape; one entry may be negative (-1), the extent to infer. A view when the
  /// strides allow, as NumPy decides.
  /// @throws shape_error "cannot reshape array of size 12 into shape (5,)", "... into shape (5,newaxis)", "can
  /// only specify one unknown dimension".
  ndarray reshape(const shape_t& new_shape) const;
  /// The elements as 1-D: a view when possible, a copy otherwise.
  ndarray ravel() const;
  /// A 1-D C-order copy.
  ndarray flatten() const;
  /// The axes reversed (a view).
  ndarray transpose() const;
  /// The axes permuted: axis i of the result is axis @p axes[i] of this array (a view).
  /// @throws index_error, shape_error "axes don't match array".
  ndarray transpose(const std::vector<std::int64_t>& axes) const;
  /// Shorthand for transpose().
  ndarray T() const { return transpose(); }

  /// @name Reductions (numcu/reduction.hpp): `a.sum()`, `a.max(1)`, `a.mean(0, {.keepdims = true})`
  /// @{
  /// numcu::sum(*this, axis).
  ndarray sum(const axis_arg& axis = none) const;
  /// numcu::sum(*this, axis, options).
  ndarray sum(const axis_arg& axis, const reduce_options& options) const;
  /// numcu::prod(*this, axis).
  ndarray prod(const axis_arg& axis = none) const;
  /// numcu::prod(*this, axis, options).
  ndarray prod(const axis_arg& axis, const reduce_options& options) const;
  /// numcu::max(*this, axis).
  ndarray max(const axis_arg& axis = none) const;
  /// numcu::max(*this, axis, options).
  ndarray max(const axis_arg& axis, const reduce_options& options) const;
  /// numcu::min(*this, axis).
  ndarray min(const axis_arg& axis = none) const;
  /// numcu::min(*this, axis, options).
  ndarray min(const axis_arg& axis, const reduce_options& options) const;
  /// numcu::mean(*this, axis).
  ndarray mean(const axis_arg& axis = none) const;
  /// numcu::mean(*this, axis, options).
  ndarray mean(const axis_arg& axis, const reduce_options& options) const;
  /// numcu::var(*this, axis).
  ndarray var(const axis_arg& axis = none) const;
  /// numcu::var(*this, axis, options).
  ndarray var(const axis_arg& axis, const reduce_options& options) const;
  /// numcu::std(*this, axis).
  ndarray std(const axis_arg& axis = none) const;
  /// numcu::std(*this, axis, options).
  ndarray std(const axis_arg& axis, const reduce_options& options) const;
  /// numcu::any(*this, axis).
  ndarray any(const axis_arg& axis = none) const;
  /// numcu::any(*this, axis, options).
  ndarray any(const axis_arg& axis, const reduce_options& options) const;
  /// numpy.all: nc::all(*this, axis).
  ndarray all(const axis_arg& axis = none) const;
  /// nc::all(*this, axis, options).
  ndarray all(const axis_arg& axis, const reduce_options& options) const;
  /// numcu::argmax(*this, axis, keepdims).
  ndarray argmax(std::optional<std::int64_t> axis = std::nullopt, bool keepdims = false) const;
  /// numcu::argmin(*this, axis, keepdims).
  ndarray argmin(std::optional<std::int64_t> axis = std::nullopt, bool keepdims = false) const;
  /// numcu::cumsum(*this, axis).
  ndarray cumsum(std::optional<std::int64_t> axis = std::nullopt) const;
  /// numcu::cumprod(*this, axis).
  ndarray cumprod(std::optional<std::int64_t> axis = std::nullopt) const;
  /// @}

  /// A view selected by a basic index: integers, slice, all, newaxis, ellipsis. With an ndarray among the
  /// indices (integers or bools: NumPy's advanced indexing), an index_expression (numcu/selection.hpp) to
  /// read as a new array or to assign to.
  /// @throws index_error "index 5 is out of bounds for axis 0 with size 3".
  template <class... I>
  auto operator()(I&&... indices) const {
    if constexpr ((detail::is_array_index_v<I> || ...)) {
      return detail::make_index_expression(*this, std::forward<I>(indices)...);
    } else {
      const index_t list[] = {to_index(std::forward<I>(indices))...};
      return index(std::span<const index_t>(list, sizeof...(I)));
    }
  }
  /// A view selected by a list of index entries.
  ndarray index(std::span<const index_t> indices) const;

  /// For library internals: an array over @p buffer with the given layout.
  ndarray(std::shared_ptr<detail::buffer> buffer, numcu::dtype t, const shape_t& shape,
          const strides_t& strides, std::int64_t offset, bool is_view);
  /// For library internals: the shared buffer.
  const std::shared_ptr<detail::buffer>& buffer() const { return m_buffer; }

 private:
  template <class I>
  static index_t to_index(I&& i) {
    if constexpr (std::is_integral_v<std::remove_cvref_t<I>>)
      return static_cast<std::int64_t>(i);
    else
      return index_t(std::forward<I>(i));
  }
  void require_element_type(numcu::dtype requested, const char* caller) const;
  /// Throws view<T, N>'s error: @p name is "view<T, N>()", @p type_fits whether T fits the dtype.
  [[noreturn]] void throw_view_error(const std::string& name, bool type_fits, int rank,
                                     std::optional<numcu::device> on) const;
  /// "view<float32, 2>()", for messages.
  template <class T>
  std::string view_name(int rank) const {
    std::string type = std::to_string(sizeof(T)) + "-byte type";
    if constexpr (element_type<T>) type = std::string(numcu::dtype_of<T>().name());
    return "view<" + type + ", " + std::to_string(rank) + ">()";
  }
  void read_item(void* out, numcu::dtype requested) const;
  void read_all(void* out, numcu::dtype requested) const;
  static void touch_pages(void* storage, std::size_t nbytes);
  void require_defined() const;

  std::shared_ptr<detail::buffer> m_buffer;
  numcu::dtype m_dtype;
  shape_t m_shape;
  strides_t m_strides;
  std::int64_t m_offset = 0;
  bool m_is_view = false;
};

/// Prints the array as NumPy's repr does, for example `array([1, 2], dtype=int32)`, wrapping rows at 75
/// columns and summarizing arrays of more than 1000 elements. Synchronizes the array's stream.
std::ostream& operator<<(std::ostream& os, const ndarray& a);

/// The repr as a string (what operator<< prints).
std::string repr(const ndarray& a);

/// A host (nc::cpu) ndarray with the same dtype, shape and values, in C order (synchronizes).
ndarray asnumpy(const ndarray& a);

/// Copies the values of @p src into @p dst (`numpy.copyto`), broadcasting @p src to dst's shape and casting
/// under @p rule. The two may be on different devices: this is an explicit transfer.
/// @throws shape_error, dtype_error (message names the rule), device_error.
void copyto(const ndarray& dst, const ndarray& src, casting rule = casting::same_kind);

}  // namespace numcu

// advanced indexing: what a(...) returns when an index is an array
#include "numcu/selection.hpp"  // IWYU pragma: export
