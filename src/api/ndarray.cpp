// ndarray: layout queries, copies and casts, transfers, reading values back, reshape/transpose, indexing.
#include "numcu/ndarray.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "api/manipulation_common.hpp"
#include "core/scalar_cast.hpp"
#include "core/type_resolution.hpp"
#include "dispatch/dispatch.hpp"
#include "memory/buffer.hpp"
#include "memory/transfer.hpp"
#include "numcu/creation.hpp"

namespace numcu {
namespace {

// NumPy's _attempt_nocopy_reshape: the strides that view @p a with @p new_shape, or false when the
// elements are not evenly spaced along some merged group of axes.
bool view_strides(const ndarray& a, const shape_t& new_shape, strides_t& out) {
  shape_t old_dims;
  strides_t old_strides;
  for (int d = 0; d < a.ndim(); ++d) {
    if (a.shape()[d] != 1) {
      old_dims.push_back(a.shape()[d]);
      old_strides.push_back(a.strides()[d]);
    }
  }
  out = strides_t(new_shape.size(), 0);
  int oi = 0, oj = 1, ni = 0, nj = 1;
  const int old_n = old_dims.size(), new_n = new_shape.size();
  while (ni < new_n && oi < old_n) {
    std::int64_t np = new_shape[ni], op = old_dims[oi];
    while (np != op) {
      if (np < op) {
        np *= new_shape[nj++];
      } else {
        op *= old_dims[oj++];
      }
    }
    for (int ok = oi; ok < oj - 1; ++ok) {
      if (old_strides[ok] != old_dims[ok + 1] * old_strides[ok + 1]) return false;
    }
    out[nj - 1] = old_strides[oj - 1];
    for (int nk = nj - 1; nk > ni; --nk) out[nk - 1] = out[nk] * new_shape[nk];
    ni = nj++;
    oi = oj++;
  }
  const std::int64_t last = ni >= 1 ? out[ni - 1] : static_cast<std::int64_t>(a.itemsize());
  for (int nk = ni; nk < new_n; ++nk) out[nk] = last;
  return true;
}

shape_t resolve_reshape(const shape_t& requested, std::int64_t size) {
  shape_t shape = requested;
  int unknown = -1;
  std::int64_t known = 1;
  bool overflow = false;  // a product beyond int64 cannot be the size of an array that exists
  for (int i = 0; i < shape.size(); ++i) {
    if (shape[i] < 0) {  // any negative extent, as NumPy's
      if (unknown >= 0) throw shape_error("can only specify one unknown dimension");
      unknown = i;
    } else {
      overflow = overflow || __builtin_mul_overflow(known, shape[i], &known);
    }
  }
  const auto cannot = [&] {
    return shape_error("cannot reshape array of size " + std::to_string(size) + " into shape " +
                       detail::compact_text(requested));
  };
  if (overflow) throw cannot();
  if (unknown >= 0 && known != 0 && size % known == 0) shape[unknown] = size / known;
  if ((unknown >= 0 && (known == 0 || size % known != 0)) || shape.product() != size) throw cannot();
  return shape;
}

}  // namespace

ndarray::ndarray(std::shared_ptr<detail::buffer> buffer, numcu::dtype t, const shape_t& shape,
                 const strides_t& strides, std::int64_t offset, bool is_view)
    : m_buffer(std::move(buffer)),
      m_dtype(t),
      m_shape(shape),
      m_strides(strides),
      m_offset(offset),
      m_is_view(is_view) {
  // every array and view is made here: its size, byte count and extent in memory must fit int64
  array_view_nbytes(m_shape, m_strides, m_offset, m_dtype.itemsize());
}

void ndarray::require_defined() const {
  if (!m_buffer) throw error("this ndarray handle refers to no array (default-constructed)");
}

numcu::device ndarray::device() const {
  require_defined();
  return m_buffer->where;
}

bool ndarray::is_c_contiguous() const {
  if (size() == 0) return true;
  std::int64_t expected = static_cast<std::int64_t>(itemsize());
  for (int d = ndim() - 1; d >= 0; --d) {
    if (m_shape[d] != 1 && m_strides[d] != expected) return false;
    expected *= m_shape[d];
  }
  return true;
}

bool ndarray::is_f_contiguous() const {
  if (size() == 0) return true;
  std::int64_t expected = static_cast<std::int64_t>(itemsize());
  for (int d = 0; d < ndim(); ++d) {
    if (m_shape[d] != 1 && m_strides[d] != expected) return false;
    expected *= m_shape[d];
  }
  return true;
}

std::optional<ndarray> ndarray::base() const {
  require_defined();
  if (!m_is_view) return std::nullopt;
  const std::size_t item = m_buffer->dtype.itemsize();
  const shape_t shape{static_cast<std::int64_t>(m_buffer->nbytes / item)};
  return ndarray(m_buffer, m_buffer->dtype, shape, c_strides(shape, item), 0, false);
}

bool ndarray::is_pinned() const {
  require_defined();
  if (!m_buffer->where.is_cpu()) return false;
  return m_buffer->pinned || (m_buffer->data != nullptr && detail::is_page_locked(m_buffer->data));
}

void* ndarray::data_ptr() const {
  require_defined();
  return m_buffer->data == nullptr ? nullptr : static_cast<char*>(m_buffer->data) + m_offset;
}

ndarray ndarray::copy() const {
  require_defined();
  ndarray out = empty(m_shape, m_dtype, device());
  detail::copy_into(out, *this);
  return out;
}

ndarray ndarray::astype(numcu::dtype to, casting rule, bool copy) const {
  require_defined();
  detail::require_castable(m_dtype, to, rule);
  if (!copy && to == m_dtype) return *this;
  ndarray out = empty(m_shape, to, device());
  detail::copy_into(out, *this);
  return out;
}

ndarray ndarray::to(numcu::device d) const {
  require_defined();
  const numcu::device here = device();
  if (here == d) return *this;
  // Move one dense C-order block: make it dense where the data is, move it, done.
  const ndarray dense = is_c_contiguous() ? *this : copy();
  ndarray out = empty(m_shape, m_dtype, d);
  if (here.is_cpu()) {
    detail::copy_host_to_device(out.data_ptr(), dense.data_ptr(), nbytes(), d);
  } else if (d.is_cpu()) {
    detail::copy_device_to_host(out.data_ptr(), dense.data_ptr(), nbytes(), here);
  } else {
    detail::copy_between_devices(out.data_ptr(), d, dense.data_ptr(), here, nbytes());
  }
  return out;
}

void ndarray::require_element_type(numcu::dtype requested, const char* caller) const {
  require_defined();
  if (requested != m_dtype) {
    throw dtype_error(std::string(caller) + "<" + std::string(requested.name()) +
                      ">() on an array of dtype " + std::string(m_dtype.name()) +
                      ": the C++ type must match the dtype; use astype() first");
  }
}

void ndarray::throw_view_error(const std::string& name, bool type_fits, int rank,
                               std::optional<numcu::device> on) const {
  require_defined();
  if (!type_fits) {
    throw dtype_error(name + " of an array of dtype " + std::string(m_dtype.name()) +
                      ": the C++ type must match the dtype");
  }
  if (rank != ndim()) throw shape_error(name + " of an array of rank " + std::to_string(ndim()));
  throw device_error(name + " of an array on " + device().str() + ", not on " + on->str());
}

void ndarray::read_item(void* out, numcu::dtype requested) const {
  require_element_type(requested, "item");
  if (size() != 1) {
    throw shape_error("can only convert an array of size 1 to a C++ scalar, not size " +
                      std::to_string(size()));
  }
  if (device().is_cpu()) {
    std::memcpy(out, data_ptr(), itemsize());
  } else {
    detail::copy_device_to_host(out, data_ptr(), itemsize(), device());
  }
}

void ndarray::read_all(void* out, numcu::dtype requested) const {
  require_element_type(requested, "to_vector");
  if (size() == 0) return;
  const ndarray dense = is_c_contiguous() ? *this : copy();
  if (device().is_cpu()) {
    detail::copy_host_to_host(out, dense.data_ptr(), nbytes());
  } else {
    detail::copy_device_to_host(out, dense.data_ptr(), nbytes(), device());
  }
}

void ndarray::touch_pages(void* storage, std::size_t nbytes) {
  detail::touch_host_pages(storage, nbytes);
}

const ndarray& ndarray::fill(scalar value) const {
  require_defined();
  detail::require_storable(value, m_dtype);
  detail::fill_with(*this, value);
  return *this;
}

ndarray& ndarray::operator=(const ndarray& values) && {
  require_defined();
  values.require_defined();
  detail::require_same_device(device(), values.device(), "assignment");
  // NumPy drops the value's leading length-1 axes that the target lacks, as many as there are, and the rest
  // must broadcast (its message names what is left: a (1, 0) value into a 0-d target is "from shape (0,)"):
  // z[...] = ones((1, 1, 3)) for a (2, 3) z assigns the row to both rows, and m[0, ..., -3] = ones(1) fills a
  // 0-d view. (NumPy refuses the last for an element, m[0, -3] = ones(1); numcu's 0-d views cannot tell an
  // element from a view, and take it.)
  int drop = 0;
  while (drop < values.ndim() - ndim() && values.shape()[drop] == 1) ++drop;
  const ndarray value =
      drop > 0 ? values.reshape(shape_t(std::span<const std::int64_t>(values.shape().begin() + drop, values.shape().end())))
               : values;
  try {
    const shape_t both[] = {m_shape, value.shape()};
    if (!(broadcast_shapes(both) == m_shape)) throw shape_error("");
  } catch (const shape_error&) {
    throw shape_error("could not broadcast input array from shape " + detail::compact_text(value.shape()) +
                      " into shape " + detail::compact_text(m_shape));
  }
  detail::copy_into(*this, value);
  return *this;
}

ndarray& ndarray::operator=(scalar value) && {
  fill(value);
  return *this;
}

ndarray ndarray::reshape(const shape_t& new_shape) const {
  require_defined();
  const shape_t shape = resolve_reshape(new_shape, size());
  if (size() == 0) return ndarray(m_buffer, m_dtype, shape, c_strides(shape, itemsize()), m_offset, true);
  strides_t strides;
  if (view_strides(*this, shape, strides)) return ndarray(m_buffer, m_dtype, shape, strides, m_offset, true);
  return copy().reshape(shape);
}

ndarray ndarray::ravel() const {
  require_defined();
  return is_c_contiguous() ? reshape({-1}) : flatten();
}

ndarray ndarray::flatten() const {
  return copy().reshape({-1});
}

ndarray ndarray::transpose() const {
  std::vector<std::int64_t> axes(ndim());
  for (int i = 0; i < ndim(); ++i) axes[i] = ndim() - 1 - i;
  return transpose(axes);
}

ndarray ndarray::transpose(const std::vector<std::int64_t>& axes) const {
  require_defined();
  if (static_cast<int>(axes.size()) != ndim()) throw shape_error("axes don't match array");
  shape_t shape(ndim(), 0);
  strides_t strides(ndim(), 0);
  std::vector<bool> used(ndim(), false);
  for (int i = 0; i < ndim(); ++i) {
    const int a = normalize_axis(axes[i], ndim());
    if (used[a]) throw shape_error("axes don't match array: repeated axis " + std::to_string(axes[i]));
    used[a] = true;
    shape[i] = m_shape[a];
    strides[i] = m_strides[a];
  }
  return ndarray(m_buffer, m_dtype, shape, strides, m_offset, true);
}

ndarray ndarray::index(std::span<const index_t> indices) const {
  require_defined();
  int consumed = 0, ellipses = 0;
  for (const index_t& i : indices) {
    if (std::holds_alternative<ellipsis_t>(i))
      ++ellipses;
    else if (!std::holds_alternative<newaxis_t>(i))
      ++consumed;
  }
  if (ellipses > 1) throw index_error("an index can only have a single ellipsis ('...')");
  if (consumed > ndim()) {
    throw index_error("too many indices for array: array is " + std::to_string(ndim()) +
                      "-dimensional, but " + std::to_string(consumed) + " were indexed");
  }
  shape_t shape;
  strides_t strides;
  std::int64_t offset = m_offset;
  int axis = 0;
  auto take_whole_axes = [&](int count) {
    for (int k = 0; k < count; ++k, ++axis) {
      shape.push_back(m_shape[axis]);
      strides.push_back(m_strides[axis]);
    }
  };
  for (const index_t& entry : indices) {
    if (const auto* i = std::get_if<std::int64_t>(&entry)) {
      const std::int64_t n = m_shape[axis];
      if (*i < -n || *i >= n) {
        throw detail::out_of_bounds(std::to_string(*i), axis, n);
      }
      offset += (*i < 0 ? *i + n : *i) * m_strides[axis];
      ++axis;
    } else if (const auto* s = std::get_if<slice>(&entry)) {
      if (s->step == 0) throw index_error("slice step cannot be zero");
      const std::int64_t n = m_shape[axis], step = s->step;
      const std::int64_t lower = step > 0 ? 0 : -1, upper = step > 0 ? n : n - 1;
      auto bound = [&](std::optional<std::int64_t> v, std::int64_t fallback) {
        if (!v) return fallback;
        std::int64_t b = *v < 0 ? *v + n : *v;
        return std::clamp(b, lower, upper);
      };
      const std::int64_t start = bound(s->start, step > 0 ? lower : upper);
      const std::int64_t stop = bound(s->stop, step > 0 ? upper : lower);
      std::int64_t length = 0;
      if (step > 0 && stop > start) length = (stop - start + step - 1) / step;
      if (step < 0 && start > stop) length = (start - stop - step - 1) / (-step);
      if (length > 0) offset += start * m_strides[axis];
      shape.push_back(length);
      strides.push_back(m_strides[axis] * step);
      ++axis;
    } else if (std::holds_alternative<all_t>(entry)) {
      take_whole_axes(1);
    } else if (std::holds_alternative<newaxis_t>(entry)) {
      shape.push_back(1);
      strides.push_back(0);
    } else {
      take_whole_axes(ndim() - consumed);
    }
  }
  take_whole_axes(ndim() - axis);
  return ndarray(m_buffer, m_dtype, shape, strides, offset, true);
}

ndarray asnumpy(const ndarray& a) {
  if (a.device().is_cpu()) return a.is_c_contiguous() ? a : a.copy();
  return a.to(cpu);
}

void copyto(const ndarray& dst, const ndarray& src, casting rule) {
  detail::require_castable(src.dtype(), dst.dtype(), rule);
  if (src.device() == dst.device()) {
    ndarray{dst} = src;  // assignment through a temporary handle writes into dst
    return;
  }
  // A dense transfer straight into dst's memory (pinned host memory wrapped by from_blob goes at full speed);
  // anything else moves src first and then copies on dst's device.
  if (src.dtype() == dst.dtype() && src.shape() == dst.shape() && src.is_c_contiguous() &&
      dst.is_c_contiguous()) {
    if (dst.device().is_cpu()) {
      detail::copy_device_to_host(dst.data_ptr(), src.data_ptr(), src.nbytes(), src.device());
    } else if (src.device().is_cpu()) {
      detail::copy_host_to_device(dst.data_ptr(), src.data_ptr(), src.nbytes(), dst.device());
    } else {
      detail::copy_between_devices(dst.data_ptr(), dst.device(), src.data_ptr(), src.device(), src.nbytes());
    }
    return;
  }
  ndarray{dst} = src.to(dst.device());
}

}  // namespace numcu
