/// @file shape.hpp
/// @brief Shapes and strides (a small inline vector of int64), broadcasting of shapes, and shape printing.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <concepts>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "numcu/config.hpp"

namespace numcu {

/// A list of at most max_dims int64 values stored inline: the type of shapes and of strides.
class dim_vector {
 public:
  dim_vector() = default;
  /// `{3, 4}`. @throws index_error when longer than max_dims.
  dim_vector(std::initializer_list<std::int64_t> values)
      : dim_vector(std::span<const std::int64_t>(values.begin(), values.size())) {}
  /// From any span of int64. @throws index_error when longer than max_dims.
  explicit dim_vector(std::span<const std::int64_t> values);
  /// From a std::vector. @throws index_error when longer than max_dims.
  explicit dim_vector(const std::vector<std::int64_t>& values)
      : dim_vector(std::span<const std::int64_t>(values)) {}
  /// @p count copies of @p value.
  dim_vector(int count, std::int64_t value);
  /// Copies the entries only: arrays are copied on every call, and most have few dimensions.
  dim_vector(const dim_vector& other) : m_size(other.m_size) {
    std::copy(other.begin(), other.end(), m_values.begin());
  }
  /// Copies the entries only.
  dim_vector& operator=(const dim_vector& other) {
    m_size = other.m_size;
    std::copy(other.begin(), other.end(), m_values.begin());
    return *this;
  }

  /// Number of entries.
  int size() const { return m_size; }
  /// True when there are no entries (the shape of a 0-d array).
  bool empty() const { return m_size == 0; }
  /// Entry @p i (unchecked).
  std::int64_t& operator[](int i) { return m_values[i]; }
  /// Entry @p i (unchecked).
  std::int64_t operator[](int i) const { return m_values[i]; }
  /// First entry, for range-for.
  std::int64_t* begin() { return m_values.data(); }
  /// One past the last entry.
  std::int64_t* end() { return m_values.data() + m_size; }
  /// First entry, for range-for.
  const std::int64_t* begin() const { return m_values.data(); }
  /// One past the last entry.
  const std::int64_t* end() const { return m_values.data() + m_size; }
  /// The entries as a contiguous array.
  const std::int64_t* data() const { return m_values.data(); }
  /// The last entry.
  std::int64_t back() const { return m_values[m_size - 1]; }
  /// Appends one entry. @throws index_error when the vector is full.
  void push_back(std::int64_t value);
  /// Inserts @p value before position @p pos. @throws index_error when the vector is full.
  void insert(int pos, std::int64_t value);
  /// Removes the entry at position @p pos.
  void erase(int pos);
  /// Product of the entries (1 for an empty vector).
  /// @throws shape_error "array is too big; ..." when the product overflows int64.
  std::int64_t product() const;
  /// A std::vector copy.
  std::vector<std::int64_t> to_vector() const { return {begin(), end()}; }

  /// True for the same entries.
  friend bool operator==(const dim_vector& a, const dim_vector& b) {
    return a.m_size == b.m_size && std::equal(a.begin(), a.end(), b.begin());
  }

 private:
  std::array<std::int64_t, max_dims> m_values;  // entries past m_size are never read
  int m_size = 0;
};

/// The shape of an array: one extent per dimension.
using shape_t = dim_vector;
/// The strides of an array, in bytes, one per dimension.
using strides_t = dim_vector;

/// A shape printed as NumPy prints a tuple: `(3, 4)`, `(5,)`, `()`.
std::string to_string(const dim_vector& dims);

namespace detail {
/// A shape as NumPy writes it in its C-level errors, without spaces: `(3,4)`, `(5,)`; a negative extent (an
/// axis to infer) is `newaxis`, left out where it leads: `(4,newaxis)`, and `(4)` for (-1, 4).
std::string compact_text(const dim_vector& dims);
}  // namespace detail
/// Prints to_string(dims).
std::ostream& operator<<(std::ostream& os, const dim_vector& dims);

/// NumPy's broadcast of shapes (`numpy.broadcast_shapes`).
/// @throws shape_error "operands could not be broadcast together with shapes (3,4) (5,)".
shape_t broadcast_shapes(std::span<const shape_t> shapes);
/// Two-shape convenience form of broadcast_shapes.
shape_t broadcast_shapes(const shape_t& a, const shape_t& b);

/// The bytes an array of @p shape and @p itemsize spans, checked as NumPy checks every array it makes: the
/// product of the nonzero extents and the itemsize must fit int64 (a zero extent does not excuse the others).
/// @throws shape_error "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible
/// size." or "negative dimensions are not allowed".
std::int64_t array_nbytes(const shape_t& shape, std::size_t itemsize);

/// array_nbytes() of a view: also checks that the bytes it reaches in its buffer, |@p offset| plus each
/// |stride| times its extent less one, fit int64 (a stride of INT64_MIN included).
/// @throws shape_error as array_nbytes().
std::int64_t array_view_nbytes(const shape_t& shape, const strides_t& strides, std::int64_t offset,
                               std::size_t itemsize);

/// The C-order (row-major) strides in bytes of a contiguous array of @p shape.
/// @throws shape_error "array is too big; ..." when they do not fit int64.
strides_t c_strides(const shape_t& shape, std::size_t itemsize);
/// NumPy's order= of a multi-index: row-major (C, the last index varies fastest) or column-major (F, the
/// first does).
enum class order { C, F };

/// The Fortran-order (column-major) strides in bytes of a contiguous array of @p shape.
/// @throws shape_error "array is too big; ..." when they do not fit int64.
strides_t f_strides(const shape_t& shape, std::size_t itemsize);

/// An axis argument as NumPy takes one: an int (`squeeze(a, 0)`), a braced list or a vector of ints
/// (`squeeze(a, {0, 2})`), or none (`nc::none`), which is NumPy's None: every axis, or the function's default.
class axis_arg {
 public:
  /// No axes: `{}`, NumPy's `()`.
  axis_arg() : m_none(false) {}
  /// None: `nc::none`.
  axis_arg(std::nullopt_t) {}  // NOLINT(google-explicit-constructor)
  /// One axis; negative counts from the end.
  template <std::integral T>
  requires(!std::is_same_v<T, bool>) axis_arg(T axis)  // NOLINT(google-explicit-constructor)
      : m_none(false), m_single(true), m_axes(1, static_cast<std::int64_t>(axis)) {}
  /// Several axes: `{0, 2}`.
  axis_arg(std::initializer_list<std::int64_t> axes) : m_none(false), m_axes(axes) {}
  /// Several axes.
  axis_arg(const std::vector<std::int64_t>& axes) : m_none(false), m_axes(axes) {}  // NOLINT
  /// True for none.
  bool is_none() const { return m_none; }
  /// True for one axis given as an integer rather than a list (NumPy's ufunc reductions take an integer 0 or
  /// -1, but not the tuple `(0,)`, for a 0-d array).
  bool is_single() const { return m_single; }
  /// The axes in the order given, as written (empty for none).
  const dim_vector& values() const { return m_axes; }
  /// The axes as 0 ... ndim-1 in the order given.
  /// @throws index_error "axis 5 is out of bounds for array of dimension 2" (NumPy's AxisError);
  /// shape_error @p repeated_message for an axis given twice (NumPy's words differ by function);
  /// dtype_error for none (NumPy's TypeError).
  std::vector<int> normalized(int ndim, std::string_view repeated_message = "repeated axis") const;

 private:
  bool m_none = true;
  bool m_single = false;
  dim_vector m_axes;
};

/// Turns a possibly negative axis into 0 ... ndim-1. @throws index_error "axis 3 is out of bounds for array
/// of dimension 2".
int normalize_axis(std::int64_t axis, int ndim);

}  // namespace numcu
