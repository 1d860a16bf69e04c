// dim_vector, shape printing, broadcasting of shapes, contiguous strides, axis normalization.
#include "numcu/shape.hpp"

#include <algorithm>
#include <ostream>
#include <sstream>

#include "numcu/error.hpp"

namespace numcu {

dim_vector::dim_vector(std::span<const std::int64_t> values) {
  if (values.size() > static_cast<std::size_t>(max_dims)) {
    throw index_error("maximum supported dimension for an ndarray is " + std::to_string(max_dims) +
                      ", found " + std::to_string(values.size()));
  }
  std::copy(values.begin(), values.end(), m_values.begin());
  m_size = static_cast<int>(values.size());
}

dim_vector::dim_vector(int count, std::int64_t value) {
  if (count < 0 || count > max_dims) {
    throw index_error("maximum supported dimension for an ndarray is " + std::to_string(max_dims) +
                      ", found " + std::to_string(count));
  }
  std::fill(m_values.begin(), m_values.begin() + count, value);
  m_size = count;
}

void dim_vector::push_back(std::int64_t value) {
  insert(m_size, value);
}

void dim_vector::insert(int pos, std::int64_t value) {
  if (m_size == max_dims) {
    throw index_error("maximum supported dimension for an ndarray is " + std::to_string(max_dims) +
                      ", found " + std::to_string(max_dims + 1));
  }
  std::copy_backward(m_values.begin() + pos, m_values.begin() + m_size, m_values.begin() + m_size + 1);
  m_values[pos] = value;
  ++m_size;
}

void dim_vector::erase(int pos) {
  std::copy(m_values.begin() + pos + 1, m_values.begin() + m_size, m_values.begin() + pos);
  --m_size;
}

namespace {
[[noreturn]] void throw_too_big() {
  throw shape_error(
      "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
}
}  // namespace

std::int64_t dim_vector::product() const {
  std::int64_t p = 1;
  for (std::int64_t v : *this) {
    if (__builtin_mul_overflow(p, v, &p)) throw_too_big();
  }
  return p;
}

std::int64_t array_nbytes(const shape_t& shape, std::size_t itemsize) {
  std::int64_t nbytes = static_cast<std::int64_t>(itemsize);
  bool empty = false;
  for (std::int64_t n : shape) {
    if (n < 0) throw shape_error("negative dimensions are not allowed");
    if (n == 0) {
      empty = true;
    } else if (__builtin_mul_overflow(nbytes, n, &nbytes)) {
      throw_too_big();
    }
  }
  return empty ? 0 : nbytes;
}

std::int64_t array_view_nbytes(const shape_t& shape, const strides_t& strides, std::int64_t offset,
                               std::size_t itemsize) {
  const std::int64_t nbytes = array_nbytes(shape, itemsize);
  if (nbytes == 0) return 0;
  // magnitudes in uint64, so that INT64_MIN has one too
  const auto magnitude = [](std::int64_t v) {
    return v < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
  };
  constexpr auto limit = static_cast<std::uint64_t>(INT64_MAX);
  std::uint64_t extent = magnitude(offset);
  for (int d = 0; d < shape.size(); ++d) {
    std::uint64_t span = 0;
    if (extent > limit || __builtin_mul_overflow(magnitude(strides[d]), static_cast<std::uint64_t>(shape[d] - 1), &span) ||
        __builtin_add_overflow(extent, span, &extent))
      throw_too_big();
  }
  if (extent > limit) throw_too_big();
  return nbytes;
}

std::string to_string(const dim_vector& dims) {
  std::string s = "(";
  for (int i = 0; i < dims.size(); ++i) {
    if (i > 0) s += ", ";
    s += std::to_string(dims[i]);
  }
  if (dims.size() == 1) s += ",";
  return s + ")";
}

std::ostream& operator<<(std::ostream& os, const dim_vector& dims) {
  return os << to_string(dims);
}

namespace detail {
std::string compact_text(const dim_vector& s) {
  int i = 0;
  while (i < s.size() && s[i] < 0) ++i;  // leading newaxis extents are left out
  if (i == s.size()) return "()";
  std::string text = "(" + std::to_string(s[i]);
  for (++i; i < s.size(); ++i) text += s[i] < 0 ? ",newaxis" : "," + std::to_string(s[i]);
  return text + (s.size() == 1 ? ",)" : ")");
}
}  // namespace detail

shape_t broadcast_shapes(std::span<const shape_t> shapes) {
  int ndim = 0;
  for (const auto& s : shapes) ndim = std::max(ndim, s.size());
  shape_t out(ndim, 1);
  for (const auto& s : shapes) {
    const int lead = ndim - s.size();
    for (int i = 0; i < s.size(); ++i) {
      const std::int64_t n = s[i];
      std::int64_t& o = out[lead + i];
      if (n == o || n == 1) continue;
      if (o == 1) {
        o = n;
        continue;
      }
      std::string msg = "operands could not be broadcast together with shapes";
      for (const auto& t : shapes) msg.append(" ").append(detail::compact_text(t));
      throw shape_error(msg);
    }
  }
  return out;
}

shape_t broadcast_shapes(const shape_t& a, const shape_t& b) {
  const shape_t both[] = {a, b};
  return broadcast_shapes(both);
}

strides_t c_strides(const shape_t& shape, std::size_t itemsize) {
  strides_t s(shape.size(), 0);
  std::int64_t step = static_cast<std::int64_t>(itemsize);
  for (int i = shape.size() - 1; i >= 0; --i) {
    s[i] = step;
    if (__builtin_mul_overflow(step, std::max<std::int64_t>(shape[i], 1), &step)) throw_too_big();
  }
  return s;
}

strides_t f_strides(const shape_t& shape, std::size_t itemsize) {
  strides_t s(shape.size(), 0);
  std::int64_t step = static_cast<std::int64_t>(itemsize);
  for (int i = 0; i < shape.size(); ++i) {
    s[i] = step;
    if (__builtin_mul_overflow(step, std::max<std::int64_t>(shape[i], 1), &step)) throw_too_big();
  }
  return s;
}

int normalize_axis(std::int64_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim) {
    throw index_error("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                      std::to_string(ndim));
  }
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

std::vector<int> axis_arg::normalized(int ndim, std::string_view repeated_message) const {
  if (m_none) throw dtype_error("'NoneType' object cannot be interpreted as an integer");
  std::vector<int> out;
  for (std::int64_t axis : m_axes) out.push_back(normalize_axis(axis, ndim));  // every range first, as NumPy
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (std::find(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(i), out[i]) != out.begin() + static_cast<std::ptrdiff_t>(i))
      throw shape_error(std::string(repeated_message));
  }
  return out;
}

}  // namespace numcu
