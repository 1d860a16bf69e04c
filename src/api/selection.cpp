// Advanced indexing (index_expression) and take, put, compress. An index with arrays is resolved against its
// array in two steps: the basic entries select a view (each array entry leaves its axes whole), then the
// int64 index arrays, broadcast together, pick along the view's axes they name. Those axes are brought
// together (where they are, or first), so that the view reads as (outer, extent, inner) and one take or put
// along the middle does the work; several arrays combine into one flat index over their axes.
#include "numcu/selection.hpp"

#include <algorithm>
#include <complex>
#include <cstring>
#include <numeric>
#include <optional>
#include <string>
#include <type_traits>

#include "api/manipulation_common.hpp"
#include "core/type_resolution.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/elementwise.hpp"
#include "dispatch/selection.hpp"
#include "memory/buffer.hpp"
#include "numcu/creation.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/error.hpp"
#include "numcu/joining.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/rearranging.hpp"
#include "numcu/reduction.hpp"
#include "numcu/sorting.hpp"

namespace numcu {

using namespace detail;

namespace {

/// Whether @p from broadcasts to @p to (NumPy's broadcast of the two is @p to itself).
bool broadcasts_to(const shape_t& from, const shape_t& to) {
  const shape_t both[] = {from, to};
  try {
    return broadcast_shapes(both) == to;
  } catch (const shape_error&) {
    return false;
  }
}

/// One index array of an expression: int64, on its axis of the view, naming @p source_axis of the array.
struct axis_index {
  ndarray index;
  int view_axis;
  int source_axis;
};

/// An index with arrays resolved against its array.
struct resolved_index {
  ndarray view;                     ///< what the basic entries select; every array entry's axes whole
  std::vector<axis_index> indices;  ///< by view axis, ascending
  shape_t shape;                    ///< the index arrays' broadcast shape (broadcast_indices)
  bool adjacent = true;             ///< whether the indexed axes follow one another
};

[[noreturn]] void throw_out_of_bounds(const ndarray& index, std::int64_t b, const take_layout& layout) {
  const std::int64_t value = index.reshape({index.size()})(b).item<std::int64_t>();
  throw out_of_bounds(std::to_string(value), layout.axis, layout.extent);
}

/// Throws index_error "index 7 is out of bounds for axis 0 with size 5" for the first element of the
/// C-contiguous int64 @p index outside [-extent, extent) (layout.axis named).
void check_bounds(const ndarray& index, const take_layout& layout) {
  const std::int64_t bad = first_out_of_bounds(index, layout.extent);
  if (bad >= 0) throw_out_of_bounds(index, bad, layout);
}

/// take_along under @p mode, throwing for an index out of bounds.
ndarray take_checked(const ndarray& src, const take_layout& layout, const ndarray& index, index_mode mode,
                     const shape_t& shape) {
  taken t = take_along(src, layout, index, mode, shape);
  if (t.first_bad >= 0) throw_out_of_bounds(index, t.first_bad, layout);
  return t.out;
}

[[noreturn]] void throw_too_many(int ndim, int indexed) {
  throw index_error("too many indices for array: array is " + std::to_string(ndim) + "-dimensional, but " +
                    std::to_string(indexed) + " were indexed");
}

resolved_index resolve(const ndarray& base, const std::vector<array_index_t>& entries) {
  const int ndim = base.ndim();
  int consumed = 0, ellipses = 0;
  for (const array_index_t& entry : entries) {
    if (const auto* a = std::get_if<ndarray>(&entry)) {
      require_same_device(base.device(), a->device(), "indexing");
      if (a->dtype() == bool_) {
        consumed += a->ndim();
      } else if (a->dtype().is_integer()) {
        ++consumed;
      } else {
        throw index_error("arrays used as indices must be of integer (or boolean) type");
      }
    } else if (std::holds_alternative<ellipsis_t>(entry)) {
      ++ellipses;
    } else if (!std::holds_alternative<newaxis_t>(entry)) {
      ++consumed;
    }
  }
  if (ellipses > 1) throw index_error("an index can only have a single ellipsis ('...')");
  if (consumed > ndim) throw_too_many(ndim, consumed);

  resolved_index r;
  std::vector<index_t> basic;
  int view_axis = 0, source_axis = 0;
  for (const array_index_t& entry : entries) {
    const auto* a = std::get_if<ndarray>(&entry);
    if (std::holds_alternative<std::int64_t>(entry) || (a && a->dtype() != bool_ && a->ndim() == 0)) {
      // an integer (a 0-d integer array is one) is checked at once, as NumPy's; beside arrays it is a 0-d
      // array
      const std::int64_t i =
          a ? a->astype(int64, casting::unsafe, false).item<std::int64_t>() : std::get<std::int64_t>(entry);
      const std::int64_t extent = base.shape()[source_axis];
      if (i < -extent || i >= extent) throw out_of_bounds(std::to_string(i), source_axis, extent);
      r.indices.push_back({full({}, scalar(i), int64, base.device()), view_axis++, source_axis++});
      basic.emplace_back(all);
    } else if (a) {
      if (a->dtype() != bool_) {
        r.indices.push_back({a->astype(int64, casting::unsafe, false), view_axis++, source_axis++});
        basic.emplace_back(all);
      } else if (a->ndim() == 0) {  // a 0-d bool: a new axis of length 1 (true) or 0 (false)
        const std::int64_t length = a->item<bool>() ? 1 : 0;
        r.indices.push_back({zeros({length}, int64, base.device()), view_axis++, -1});
        basic.emplace_back(newaxis);
      } else {  // a k-d bool: the k arrays of its nonzero(), over the k axes it covers
        for (int j = 0; j < a->ndim(); ++j) {
          const std::int64_t extent = base.shape()[source_axis + j];
          // (NumPy lets a boolean axis of length 0, which selects nothing, stand against an axis of any
          // length)
          if (a->shape()[j] != extent && a->shape()[j] != 0) {
            throw index_error("boolean index did not match indexed array along axis " +
                              std::to_string(source_axis + j) + "; size of axis is " +
                              std::to_string(extent) + " but size of corresponding boolean axis is " +
                              std::to_string(a->shape()[j]));
          }
        }
        const std::vector<ndarray> positions = nonzero(*a);
        for (const ndarray& p : positions) {
          r.indices.push_back({p, view_axis++, source_axis++});
          basic.emplace_back(all);
        }
      }
    } else if (std::holds_alternative<ellipsis_t>(entry)) {
      basic.emplace_back(ellipsis);
      view_axis += ndim - consumed;
      source_axis += ndim - consumed;
    } else if (std::holds_alternative<newaxis_t>(entry)) {
      basic.emplace_back(newaxis);
      ++view_axis;
    } else {
      basic.push_back(std::holds_alternative<slice>(entry) ? index_t(std::get<slice>(entry)) : index_t(all));
      ++view_axis;
      ++source_axis;
    }
  }
  r.view = base.index(basic);
  for (std::size_t j = 1; j < r.indices.size(); ++j) {
    if (r.indices[j].view_axis != r.indices[j - 1].view_axis + 1) r.adjacent = false;
  }
  return r;
}

/// Broadcasts the index arrays of @p r together into r.shape (a step of its own: NumPy converts an assigned
/// value before it broadcasts the index arrays).
void broadcast_indices(resolved_index& r) {
  std::vector<shape_t> shapes;
  for (const axis_index& i : r.indices) shapes.push_back(i.index.shape());
  try {
    r.shape = broadcast_shapes(shapes);
  } catch (const shape_error&) {
    std::string text;
    for (const shape_t& s : shapes) text += compact_text(s) + " ";
    throw index_error("shape mismatch: indexing arrays could not be broadcast together with shapes " + text);
  }
}

/// The view's axes in the order that brings the indexed ones together: where they are when adjacent, else
/// first; and the shapes of the (outer, extent, inner) split and of the result.
struct arrangement {
  std::vector<std::int64_t> order;
  std::int64_t first = 0;  ///< the first indexed axis in that order
  shape_t result;
};

arrangement arrange(const resolved_index& r) {
  arrangement a;
  const int k = static_cast<int>(r.indices.size());
  const int ndim = r.view.ndim();
  if (r.adjacent) {
    a.order.resize(ndim);
    std::iota(a.order.begin(), a.order.end(), 0);
    a.first = r.indices[0].view_axis;
  } else {
    for (const axis_index& i : r.indices) a.order.push_back(i.view_axis);
    for (int d = 0; d < ndim; ++d) {
      bool indexed = false;
      for (const axis_index& i : r.indices) indexed = indexed || i.view_axis == d;
      if (!indexed) a.order.push_back(d);
    }
  }
  for (std::int64_t d = 0; d < a.first; ++d) a.result.push_back(r.view.shape()[a.order[d]]);
  for (std::int64_t extent : r.shape) a.result.push_back(extent);
  for (std::int64_t d = a.first + k; d < ndim; ++d) a.result.push_back(r.view.shape()[a.order[d]]);
  return a;
}

/// Checks each index array of @p r whole, in turn, against its axis of r.view, as NumPy does when the arrays'
/// broadcast shape has elements (index_error with NumPy's message).
void check_index_arrays(const resolved_index& r) {
  std::int64_t index_count = 1;
  for (std::int64_t extent : r.shape) index_count *= extent;
  for (std::size_t j = 0; j < r.indices.size() && index_count > 0; ++j) {
    const axis_index& i = r.indices[j];
    check_bounds(ascontiguousarray(i.index.reshape({i.index.size()})),
                 {1, r.view.shape()[i.view_axis], 1, i.source_axis});
  }
}

/// The (outer, extent, inner) split of @p x (the view in arrangement order) and the one int64 index over its
/// indexed axes, every entry of it in bounds; @p check first checks each index array's bounds (a put must
/// know before it writes; a take of one array checks as it reads).
std::pair<take_layout, ndarray> flat_index(const resolved_index& r, const arrangement& a, const ndarray& x,
                                           bool check) {
  const int k = static_cast<int>(r.indices.size());
  take_layout layout;
  layout.axis = r.indices[0].source_axis;
  layout.extent = 1;
  for (std::int64_t d = 0; d < a.first; ++d) layout.outer *= x.shape()[d];
  for (int j = 0; j < k; ++j) layout.extent *= x.shape()[a.first + j];
  for (std::int64_t d = a.first + k; d < x.ndim(); ++d) layout.inner *= x.shape()[d];
  const auto broadcast = [&](const ndarray& index) {
    const ndarray whole = broadcast_to(index, r.shape);
    return ascontiguousarray(whole.reshape({whole.size()}));
  };
  if (k == 1) {
    ndarray index = broadcast(r.indices[0].index);
    if (check) check_bounds(index, layout);
    return {layout, index};
  }
  check_index_arrays(r);
  ndarray flat;
  std::int64_t stride = 1;
  for (int j = k - 1; j >= 0; --j) {
    const std::int64_t extent = x.shape()[a.first + j];
    const ndarray index = broadcast(r.indices[j].index);
    // in bounds: Python's modulo turns a negative index into its position
    const ndarray position = multiply(remainder(index, scalar(extent)), scalar(stride));
    flat = j == k - 1 ? position : add(flat, position);
    stride *= extent;
  }
  return {layout, ascontiguousarray(flat)};
}

/// The entries as a basic index when no array is among them, for the basic path.
std::optional<std::vector<index_t>> basic_only(const std::vector<array_index_t>& entries) {
  std::vector<index_t> basic;
  for (const array_index_t& entry : entries) {
    if (std::holds_alternative<ndarray>(entry)) return std::nullopt;
    std::visit(
        [&](const auto& e) {
          if constexpr (!std::is_same_v<std::remove_cvref_t<decltype(e)>, ndarray>) basic.emplace_back(e);
        },
        entry);
  }
  return basic;
}

/// The single bool array of @p base's whole shape, when that is the whole index (`a(mask)`).
const ndarray* whole_mask(const ndarray& base, const std::vector<array_index_t>& entries) {
  if (entries.size() != 1 || base.ndim() == 0) return nullptr;
  const auto* mask = std::get_if<ndarray>(&entries[0]);
  if (mask == nullptr || mask->dtype() != bool_ || !(mask->shape() == base.shape())) return nullptr;
  require_same_device(base.device(), mask->device(), "indexing");
  return mask;
}

/// The byte offsets (from r.view's first element) of the elements `a[index]` selects, in the shape and order
/// of that selection (C-contiguous): a term for each of the view's axes and each index array, broadcast into
/// the selection's shape and added. Every index array is checked first (NumPy's message).
ndarray selection_offsets(const resolved_index& r) {
  const ndarray& view = r.view;
  const auto stride = [&](int d) { return view.strides()[d]; };
  // the selection's axes: the view's in arrangement order, the indexed ones replaced by the indices' shape
  std::vector<std::int64_t> order(static_cast<std::size_t>(view.ndim()));
  std::iota(order.begin(), order.end(), 0);
  std::int64_t first = view.ndim();
  shape_t result = view.shape();
  const int k = static_cast<int>(r.indices.size());
  if (k > 0) {
    const arrangement a = arrange(r);
    order = a.order;
    first = a.first;
    result = a.result;
  }
  std::int64_t count = 1;
  for (std::int64_t extent : result) count *= extent;
  ndarray offsets = zeros(result, int64, view.device());
  const auto laid = [&](const ndarray& term, std::int64_t at) {  // term's axes placed from result axis `at`
    shape_t shape(result.size(), 1);
    for (int j = 0; j < term.ndim(); ++j) shape[static_cast<std::size_t>(at + j)] = term.shape()[j];
    return term.reshape(shape);
  };
  const auto index_rank = static_cast<std::int64_t>(r.shape.size());
  for (std::int64_t q = 0; q < static_cast<std::int64_t>(order.size()); ++q) {
    if (q >= first && q < first + k) continue;  // an indexed axis: its array below
    const int d = static_cast<int>(order[static_cast<std::size_t>(q)]);
    const std::int64_t at = q < first ? q : q - k + index_rank;
    offsets =
        add(offsets, laid(multiply(arange(0, view.shape()[d], 1, int64, view.device()), stride(d)), at));
  }
  check_index_arrays(r);
  for (const axis_index& i : r.indices) {
    if (count == 0) break;
    // in bounds: Python's modulo turns a negative index into its position
    const ndarray position =
        multiply(remainder(i.index, scalar(view.shape()[i.view_axis])), stride(i.view_axis));
    offsets = add(offsets, laid(broadcast_to(position, r.shape), first));
  }
  return ascontiguousarray(offsets);
}

/// The value of the 0-d host array @p element as a number whose C++ type is its dtype's (a weak scalar that
/// keeps an array of that dtype at its dtype).
scalar scalar_of(const ndarray& element) {
  return visit_dtype(element.dtype().id(), [&](auto tag) -> scalar {
    using T = typename decltype(tag)::type;
    T x;
    std::memcpy(static_cast<void*>(&x), element.data_ptr(), sizeof(T));
    if constexpr (is_complex_v<T>) {
      return scalar(std::complex<typename T::value_type>(x.real(), x.imag()));
    } else {
      return scalar(x);
    }
  });
}

/// NumPy's ufunc.at for @p u: the loop for the dtypes of @p a and @p values (NumPy resolves it first), the
/// index, the values broadcast to the selection, then the contributions, sorted stably by element.
void ufunc_at(ufunc_id u, const ndarray& a, const std::vector<array_index_t>& entries,
              const ndarray& values) {
  const std::string name = numpy_name(u);
  require_same_device(a.device(), values.device(), name.c_str());
  const operand inputs[] = {operand(a), operand(values)};
  const resolved_loop loop = resolve_call(u, name, inputs).loop;
  resolved_index r = resolve(a, entries);
  broadcast_indices(r);
  const ndarray offsets = selection_offsets(r);
  const shape_t& selection = offsets.shape();
  if (!broadcasts_to(values.shape(), selection))
    throw shape_error("array is not broadcastable to correct shape");
  if (offsets.size() == 0) return;
  // values that share a's memory are read before any write, as NumPy copies them
  ndarray v = broadcast_to(values, selection);
  v = overlaps(values, a) ? v.copy() : ascontiguousarray(v);
  const ndarray flat = offsets.reshape({offsets.size()});
  scatter_ufunc_into(u, loop, r.view, flat, argsort(flat), v.reshape({v.size()}));
}

/// numpy.asarray of a number, as ufunc.at takes it: int64 (uint64 above its range), float64, complex128 or
/// bool.
ndarray number_array(scalar value, device d) {
  return full({}, value, value.is_large_unsigned() ? uint64 : default_dtype(value.kind()), d);
}

}  // namespace

void add_at(const ndarray& a, const std::vector<array_index_t>& index, const ndarray& values) {
  ufunc_at(ufunc_id::add, a, index, values);
}
void add_at(const ndarray& a, const std::vector<array_index_t>& index, scalar value) {
  ufunc_at(ufunc_id::add, a, index, number_array(value, a.device()));
}
void subtract_at(const ndarray& a, const std::vector<array_index_t>& index, const ndarray& values) {
  ufunc_at(ufunc_id::subtract, a, index, values);
}
void subtract_at(const ndarray& a, const std::vector<array_index_t>& index, scalar value) {
  ufunc_at(ufunc_id::subtract, a, index, number_array(value, a.device()));
}
void multiply_at(const ndarray& a, const std::vector<array_index_t>& index, const ndarray& values) {
  ufunc_at(ufunc_id::multiply, a, index, values);
}
void multiply_at(const ndarray& a, const std::vector<array_index_t>& index, scalar value) {
  ufunc_at(ufunc_id::multiply, a, index, number_array(value, a.device()));
}
void minimum_at(const ndarray& a, const std::vector<array_index_t>& index, const ndarray& values) {
  ufunc_at(ufunc_id::minimum, a, index, values);
}
void minimum_at(const ndarray& a, const std::vector<array_index_t>& index, scalar value) {
  ufunc_at(ufunc_id::minimum, a, index, number_array(value, a.device()));
}
void maximum_at(const ndarray& a, const std::vector<array_index_t>& index, const ndarray& values) {
  ufunc_at(ufunc_id::maximum, a, index, values);
}
void maximum_at(const ndarray& a, const std::vector<array_index_t>& index, scalar value) {
  ufunc_at(ufunc_id::maximum, a, index, number_array(value, a.device()));
}

index_expression::index_expression(ndarray base, std::vector<array_index_t> entries)
    : m_base(std::move(base)), m_entries(std::move(entries)) {}

index_expression index(const ndarray& a, std::vector<array_index_t> entries) {
  return index_expression(a, std::move(entries));
}

ndarray index_expression::value() const {
  if (const auto basic = basic_only(m_entries)) return m_base.index(*basic);
  if (const ndarray* mask = whole_mask(m_base, m_entries)) {
    return select_flagged(ascontiguousarray(m_base), ascontiguousarray(*mask));
  }
  resolved_index r = resolve(m_base, m_entries);
  broadcast_indices(r);
  const arrangement a = arrange(r);
  const ndarray x = ascontiguousarray(transpose(r.view, a.order));
  const auto [layout, index] = flat_index(r, a, x, false);
  return take_checked(x, layout, index, index_mode::raise, a.result);
}

index_expression& index_expression::operator=(const ndarray& values) && {
  require_same_device(m_base.device(), values.device(), "assignment");
  assign(&values, nullptr);
  return *this;
}

index_expression& index_expression::operator=(scalar value) && {
  assign(nullptr, &value);
  return *this;
}

void index_expression::assign(const ndarray* values, const scalar* value) const {
  // NumPy's order: the index's form and its integers are checked, a number converted, the index arrays
  // broadcast, the values cast and broadcast, the index arrays' entries checked, the values written
  const auto place = [&](ndarray target) {
    if (values) {
      std::move(target) = *values;
    } else {
      std::move(target) = *value;
    }
  };
  if (const auto basic = basic_only(m_entries)) {
    place(m_base.index(*basic));
    return;
  }
  const ndarray* mask = whole_mask(m_base, m_entries);
  if (mask && values && values->ndim() > 1) {
    throw dtype_error(
        "NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has " +
        std::to_string(values->ndim()) + " dimensions");
  }
  if (mask && !values) {
    // the number converted as NumPy's setitem converts it, on the host, then given to where as a number of
    // a's dtype: no operand to read, so the mask and a go through the dense loop
    const ndarray one = new_array({}, m_base.dtype(), cpu);
    place(one);
    where(*mask, scalar_of(one), m_base, m_base);
    return;
  }
  if (mask && values->size() == 1) {
    ndarray one = new_array({}, m_base.dtype(), m_base.device());
    std::move(one) = values->reshape({});
    where(*mask, one, m_base, m_base);
    return;
  }
  resolved_index r = resolve(m_base, m_entries);
  // a number is converted before the index arrays are broadcast, an array cast and broadcast after
  ndarray number;
  if (value) {
    number = new_array({}, m_base.dtype(), m_base.device());
    place(number);
  }
  broadcast_indices(r);
  const arrangement a = arrange(r);
  const ndarray x = transpose(r.view, a.order);
  ndarray placed = new_array(a.result, m_base.dtype(), m_base.device());
  try {
    if (value) {
      std::move(placed) = number;
    } else {
      place(placed);
    }
  } catch (const shape_error&) {
    // NumPy lets an empty value into an empty selection have extra leading axes of any extent, so long as its
    // last axes broadcast to the selection's: nothing is written (a[[]] = ones((2, 0, 4)) for a (3, 4) array,
    // but not ones((2, 3, 0)), whose last two axes do not broadcast to (0, 4))
    if (placed.size() == 0 && values->size() == 0 && values->ndim() > placed.ndim()) {
      const std::span<const std::int64_t> last(values->shape().end() - placed.ndim(), values->shape().end());
      if (broadcasts_to(shape_t(last), placed.shape())) return;
    }
    if (mask) {  // NumPy's message for a single mask of the whole array
      throw shape_error("NumPy boolean array indexing assignment cannot assign " +
                        std::to_string(values->size()) + " input values to the " +
                        std::to_string(placed.size()) + " output values where the mask is true");
    }
    throw shape_error("shape mismatch: value array of shape " + compact_text(values->shape()) +
                      " could not be broadcast to indexing result of shape " + compact_text(a.result));
  }
  const auto [layout, index] = flat_index(r, a, x, true);
  if (x.is_c_contiguous()) {
    put_along(x, layout, index, index_mode::raise, placed);
  } else {  // into a copy, which then goes back
    const ndarray whole = ascontiguousarray(x);
    put_along(whole, layout, index, index_mode::raise, placed);
    copy_into(x, whole);
  }
}

index_expression& index_expression::operator=(const index_expression& values) && {
  return std::move(*this) = values.value();
}

#define NUMCU_INDEX_UPDATE(symbol, ufunc)                                        \
  index_expression& index_expression::operator symbol(const ndarray& values)&& { \
    const ndarray selected = value();                                            \
    ufunc(selected, values, selected);                                           \
    return std::move(*this) = selected;                                          \
  }                                                                              \
  index_expression& index_expression::operator symbol(scalar value_)&& {         \
    const ndarray selected = value();                                            \
    ufunc(selected, value_, selected);                                           \
    return std::move(*this) = selected;                                          \
  }
NUMCU_INDEX_UPDATE(+=, add)
NUMCU_INDEX_UPDATE(-=, subtract)
NUMCU_INDEX_UPDATE(*=, multiply)
NUMCU_INDEX_UPDATE(/=, divide)
#undef NUMCU_INDEX_UPDATE

ndarray take(const ndarray& a, const ndarray& indices, std::optional<std::int64_t> axis, index_mode mode) {
  require_same_device(a.device(), indices.device(), "take");
  const ndarray x = axis ? a : a.reshape({a.size()});
  const int ax = normalize_axis(axis.value_or(0), x.ndim());
  take_layout layout;
  layout.axis = ax;
  layout.extent = x.shape()[ax];
  for (int d = 0; d < ax; ++d) layout.outer *= x.shape()[d];
  for (int d = ax + 1; d < x.ndim(); ++d) layout.inner *= x.shape()[d];
  shape_t shape;
  for (int d = 0; d < ax; ++d) shape.push_back(x.shape()[d]);
  for (std::int64_t extent : indices.shape()) shape.push_back(extent);
  for (int d = ax + 1; d < x.ndim(); ++d) shape.push_back(x.shape()[d]);
  if (layout.extent == 0 && shape.product() != 0)
    throw index_error("cannot do a non-empty take from an empty axes.");
  // NumPy checks each index as its loop over the axes before the taken one reaches it: never where those are
  // empty
  if (layout.outer == 0) return new_array(shape, x.dtype(), x.device());
  const ndarray index =
      ascontiguousarray(indices.astype(int64, casting::unsafe, false).reshape({indices.size()}));
  return take_checked(ascontiguousarray(x), layout, index, mode, shape);
}

void put(const ndarray& a, const ndarray& indices, const ndarray& values, index_mode mode) {
  require_same_device(a.device(), indices.device(), "put");
  require_same_device(a.device(), values.device(), "put");
  if (indices.size() == 0 || values.size() == 0) return;
  if (a.size() == 0) throw index_error("cannot replace elements of an empty array");
  const take_layout layout{1, a.size(), 1, 0};
  const ndarray index =
      ascontiguousarray(indices.astype(int64, casting::unsafe, false).reshape({indices.size()}));
  if (mode == index_mode::raise) check_bounds(index, layout);
  // the values, cast, repeated over the indices
  const ndarray repeated = cycled(values.astype(a.dtype(), casting::unsafe, false), indices.size());
  if (a.is_c_contiguous()) {
    put_along(a, layout, index, mode, repeated);
  } else {
    const ndarray whole = ascontiguousarray(a);
    put_along(whole, layout, index, mode, repeated);
    copy_into(a, whole);
  }
}

ndarray compress(const ndarray& condition, const ndarray& a, std::optional<std::int64_t> axis) {
  if (condition.ndim() != 1) throw shape_error("condition must be a 1-d array");
  return take(a, nonzero(condition)[0], axis);
}

}  // namespace numcu

namespace numcu {

namespace {

/// arange(n) laid along axis @p d of @p ndim axes (length 1 elsewhere).
ndarray along_axis_range(std::int64_t n, int d, int ndim, device where) {
  shape_t shape(static_cast<std::size_t>(ndim), 1);
  shape[d] = n;
  return arange(std::int64_t{0}, n, 1, int64, where).reshape(shape);
}

/// The fancy index of take_along_axis and put_along_axis: @p indices along @p axis, ranges elsewhere.
std::vector<array_index_t> along_axis_index(const ndarray& arr, const ndarray& indices, int axis) {
  std::vector<array_index_t> entries;
  for (int d = 0; d < arr.ndim(); ++d) {
    entries.emplace_back(d == axis ? indices : along_axis_range(arr.shape()[d], d, arr.ndim(), arr.device()));
  }
  return entries;
}

void require_integer_indices(const ndarray& indices) {
  if (!indices.dtype().is_integer()) throw index_error("`indices` must be an integer array");
}

/// The indices of @p mask's true elements, a pair for a 2-D mask.
std::pair<ndarray, ndarray> pair_of(const std::vector<ndarray>& v) {
  return {v[0], v[1]};
}

}  // namespace

ndarray take_along_axis(const ndarray& arr, const ndarray& indices, std::optional<std::int64_t> axis) {
  require_integer_indices(indices);
  if (!axis) {
    if (indices.ndim() != 1) throw shape_error("when axis=None, `indices` must have a single dimension.");
    return take_along_axis(arr.reshape({arr.size()}), indices, 0);
  }
  if (indices.ndim() != arr.ndim()) {
    throw shape_error("`indices` and `arr` must have the same number of dimensions");
  }
  return index(arr, along_axis_index(arr, indices, normalize_axis(*axis, arr.ndim()))).value();
}

void put_along_axis(const ndarray& arr, const ndarray& indices, const ndarray& values,
                    std::optional<std::int64_t> axis) {
  require_integer_indices(indices);
  if (!axis) {
    if (indices.ndim() != 1) throw shape_error("when axis=None, `indices` must have a single dimension.");
    put(arr, indices, broadcast_to(values, indices.shape()));
    return;
  }
  if (indices.ndim() != arr.ndim()) {
    throw shape_error("`indices` and `arr` must have the same number of dimensions");
  }
  index(arr, along_axis_index(arr, indices, normalize_axis(*axis, arr.ndim()))) = values;
}

ndarray choose(const ndarray& a, const std::vector<ndarray>& choices, index_mode mode) {
  if (choices.empty()) throw shape_error("0-length sequence.");
  if (!a.dtype().is_integer() && a.dtype() != bool_) {
    throw dtype_error("Cannot cast array data from dtype('" + std::string(a.dtype().name()) +
                      "') to dtype('int64') according to the rule 'safe'");
  }
  std::vector<shape_t> shapes{a.shape()};
  std::vector<dtype> dtypes;
  for (const ndarray& c : choices) {
    require_same_device(a.device(), c.device(), "choose");
    shapes.push_back(c.shape());
    dtypes.push_back(c.dtype());
  }
  const shape_t shape = broadcast_shapes(shapes);
  const dtype t = result_type(dtypes);
  const auto n = static_cast<std::int64_t>(choices.size());
  ndarray which = broadcast_to(a.astype(int64, casting::unsafe, false), shape);
  if (mode == index_mode::raise) {
    if (which.size() > 0 && any(logical_or(less(which, 0), greater_equal(which, n))).item<bool>()) {
      throw shape_error("invalid entry in choice array");
    }
  } else {
    which = mode == index_mode::wrap ? remainder(which, n) : clip(which, 0, n - 1);
  }
  std::vector<ndarray> parts;
  for (const ndarray& c : choices) parts.push_back(broadcast_to(c.astype(t, casting::unsafe, false), shape));
  const ndarray stacked = stack(parts).reshape({n * which.size()});
  const std::int64_t size = which.size();
  const ndarray flat =
      add(multiply(which.reshape({size}), size), arange(std::int64_t{0}, size, 1, int64, a.device()));
  return take(stacked, flat).reshape(shape);
}

ndarray select(const std::vector<ndarray>& condlist, const std::vector<ndarray>& choicelist,
               scalar default_value) {
  if (condlist.size() != choicelist.size()) {
    throw shape_error("list of cases must be same length as list of conditions");
  }
  if (condlist.empty()) throw shape_error("select with an empty condition list is not possible");
  std::vector<dtype> dtypes;
  std::vector<shape_t> shapes;
  for (const ndarray& c : choicelist) {
    dtypes.push_back(c.dtype());
    shapes.push_back(c.shape());
  }
  const dtype t = result_type(result_type(dtypes), default_value.kind());
  for (std::size_t i = 0; i < condlist.size(); ++i) {
    if (condlist[i].dtype() != bool_) {
      throw dtype_error("invalid entry " + std::to_string(i) + " in condlist: should be boolean ndarray");
    }
    require_same_device(condlist[0].device(), condlist[i].device(), "select");
    require_same_device(condlist[0].device(), choicelist[i].device(), "select");
    shapes.push_back(condlist[i].shape());
  }
  const shape_t shape = broadcast_shapes(shapes);
  ndarray result = full(shape, default_value, t, condlist[0].device());
  for (std::size_t i = condlist.size(); i-- > 0;) {
    result = where(condlist[i], choicelist[i].astype(t, casting::unsafe, false), result);
  }
  return result;
}

void place(const ndarray& arr, const ndarray& mask, const ndarray& values) {
  if (mask.size() != arr.size()) throw shape_error("place: mask and data must be the same size");
  const ndarray positions = flatnonzero(mask);
  if (positions.size() == 0) return;
  if (values.size() == 0) throw shape_error("Cannot insert from an empty array!");
  put(arr, positions, values);
}

void putmask(const ndarray& a, const ndarray& mask, const ndarray& values) {
  if (mask.size() != a.size()) throw shape_error("putmask: mask and data must be the same size");
  require_castable(values.dtype(), a.dtype(), casting::safe);  // NumPy's values taken as a's dtype, safely
  if (values.size() == 0 || a.size() == 0) return;
  const ndarray repeated = cycled(values.astype(a.dtype(), casting::unsafe, false), a.size());
  where(not_equal(mask.reshape(a.shape()), 0), repeated.reshape(a.shape()), a, a);
}

std::vector<ndarray> diag_indices(std::int64_t n, int ndim, device d) {
  const ndarray range = arange(std::int64_t{0}, n, 1, int64, d);
  return std::vector<ndarray>(static_cast<std::size_t>(ndim), range);
}

std::vector<ndarray> diag_indices_from(const ndarray& arr) {
  if (arr.ndim() < 2) throw shape_error("input array must be at least 2-d");
  for (std::int64_t extent : arr.shape()) {
    if (extent != arr.shape()[0]) throw shape_error("All dimensions of input must be of equal length");
  }
  return diag_indices(arr.shape()[0], arr.ndim(), arr.device());
}

std::pair<ndarray, ndarray> tril_indices(std::int64_t n, std::int64_t k, std::optional<std::int64_t> m,
                                         device d) {
  return pair_of(nonzero(tri(n, m, k, bool_, d)));
}

std::pair<ndarray, ndarray> triu_indices(std::int64_t n, std::int64_t k, std::optional<std::int64_t> m,
                                         device d) {
  return pair_of(nonzero(logical_not(tri(n, m, k - 1, bool_, d))));
}

std::pair<ndarray, ndarray> tril_indices_from(const ndarray& arr, std::int64_t k) {
  if (arr.ndim() != 2) throw shape_error("input array must be 2-d");
  return tril_indices(arr.shape()[0], k, arr.shape()[1], arr.device());
}

std::pair<ndarray, ndarray> triu_indices_from(const ndarray& arr, std::int64_t k) {
  if (arr.ndim() != 2) throw shape_error("input array must be 2-d");
  return triu_indices(arr.shape()[0], k, arr.shape()[1], arr.device());
}

ndarray indices(const shape_t& dimensions, dtype t, device d) {
  const int n = static_cast<int>(dimensions.size());
  shape_t shape{n};
  for (std::int64_t extent : dimensions) shape.push_back(extent);
  ndarray out = empty(shape, t, d);
  for (int i = 0; i < n; ++i) {
    std::move(out(i)) = along_axis_range(dimensions[i], i, n, d).astype(t, casting::unsafe, false);
  }
  return out;
}

std::vector<ndarray> sparse_indices(const shape_t& dimensions, dtype t, device d) {
  const int n = static_cast<int>(dimensions.size());
  std::vector<ndarray> out;
  for (int i = 0; i < n; ++i)
    out.push_back(along_axis_range(dimensions[i], i, n, d).astype(t, casting::unsafe, false));
  return out;
}

std::vector<ndarray> ix_(const std::vector<ndarray>& args) {
  std::vector<ndarray> out;
  const int n = static_cast<int>(args.size());
  for (int k = 0; k < n; ++k) {
    ndarray arg = args[k];
    if (arg.ndim() != 1) throw shape_error("Cross index must be 1 dimensional");
    if (arg.dtype() == bool_) arg = nonzero(arg)[0];  // (other dtypes as they are, as NumPy's)
    shape_t shape(static_cast<std::size_t>(n), 1);
    shape[k] = arg.size();
    out.push_back(arg.reshape(shape));
  }
  return out;
}

ndarray ravel_multi_index(const std::vector<ndarray>& multi_index, const shape_t& dims, index_mode mode,
                          order index_order) {
  return ravel_multi_index(multi_index, dims, std::vector<index_mode>(dims.size(), mode), index_order);
}

ndarray ravel_multi_index(const std::vector<ndarray>& multi_index, const shape_t& dims,
                          const std::vector<index_mode>& modes, order index_order) {
  const auto axes = static_cast<std::size_t>(dims.size());
  if (modes.size() != axes) {
    throw shape_error("list of clipmodes has wrong length (" + std::to_string(modes.size()) + " instead of " +
                      std::to_string(axes) + ")");
  }
  // each axis's stride, from the axis that varies fastest, refused where their product overflows (NumPy
  // checks this before it looks at the coordinates)
  std::vector<std::int64_t> strides(axes);
  std::int64_t stride = 1;
  for (std::size_t k = 0; k < axes; ++k) {
    const std::size_t j = index_order == order::C ? axes - 1 - k : k;
    strides[j] = stride;
    if (__builtin_mul_overflow(stride, dims[j], &stride)) {
      throw shape_error("invalid dims: array size defined by dims is larger than the maximum possible size.");
    }
  }
  if (multi_index.size() != axes) {
    throw shape_error("parameter multi_index must be a sequence of length " + std::to_string(axes));
  }
  std::vector<shape_t> shapes;
  for (const ndarray& m : multi_index) {
    if (!m.dtype().is_integer()) throw dtype_error("only int indices permitted");
    shapes.push_back(m.shape());
  }
  if (multi_index.empty()) throw shape_error("At least one iterator operand must be non-NULL");
  const shape_t shape = broadcast_shapes(shapes);
  if (stride == 0 && shape.product() != 0)  // (stride: the product of dims, in NumPy's order)
    throw shape_error("cannot unravel if shape has zero entries (is empty).");
  ndarray flat = zeros(shape, int64, multi_index[0].device());
  for (std::size_t j = 0; j < axes; ++j) {
    ndarray c = broadcast_to(multi_index[j].astype(int64, casting::unsafe, false), shape);
    const std::int64_t m = dims[j];
    // NumPy's loop for each mode, negative extents included: raise refuses c outside [0, m); clip takes 0
    // below 0 and m - 1 from m on; wrap is Python's c mod m for m > 0, and for m < 0 C's remainder of c + m
    // (plus m where not 0) below 0, of c - m from 0 on
    if (modes[j] == index_mode::raise) {
      if (c.size() > 0 && any(logical_or(less(c, 0), greater_equal(c, m))).item<bool>()) {
        throw shape_error("invalid entry in coordinates array");
      }
    } else if (modes[j] == index_mode::clip) {
      c = where(less(c, 0), 0, where(greater_equal(c, m), m - 1, c));
    } else if (m > 0) {
      c = remainder(c, m);
    } else if (m < 0) {
      const ndarray below = fmod(add(c, m), m);
      c = where(less(c, 0), where(equal(below, 0), 0, add(below, m)), fmod(subtract(c, m), m));
    }
    flat = add(flat, multiply(c, strides[j]));
  }
  return flat;
}

std::vector<ndarray> unravel_index(const ndarray& indices, const shape_t& shape, order index_order) {
  // NumPy's size of the shape: 0 at its first 0, refused where the product before it overflows (or is -1,
  // which NumPy takes for an overflow)
  std::int64_t size = 1;
  bool too_large = false;
  for (std::int64_t extent : shape) {
    if (extent == 0) {
      size = 0;
      break;
    }
    too_large = too_large || __builtin_mul_overflow(size, extent, &size);
  }
  if (too_large || size == -1) {
    throw shape_error(
        "dimensions are too large; arrays and shapes with a total size greater than 'intp' are not "
        "supported.");
  }
  if (!indices.dtype().is_integer()) throw dtype_error("only int indices permitted");
  const ndarray flat = indices.astype(int64, casting::unsafe, false);
  if (flat.size() > 0) {
    const ndarray bad = logical_or(less(flat, 0), greater_equal(flat, size)).reshape({flat.size()});
    if (any(bad).item<bool>()) {
      const std::int64_t at = argmax(bad).item<std::int64_t>();
      throw shape_error("index " + std::to_string(flat.reshape({flat.size()})(at).item<std::int64_t>()) +
                        " is out of bounds for array with size " + std::to_string(size));
    }
  }
  // each axis's coordinate: (flat / the extents of the axes that vary faster) % its extent
  const auto axes = static_cast<std::size_t>(shape.size());
  std::vector<ndarray> out(axes);
  std::int64_t stride = size;
  for (std::size_t k = 0; k < axes; ++k) {  // from the axis that varies slowest
    const std::size_t j = index_order == order::C ? k : axes - 1 - k;
    const std::int64_t extent = shape[j];
    stride = extent == 0 ? 0 : stride / extent;
    out[j] = stride == 0 ? zeros(flat.shape(), int64, flat.device())
                         : remainder(floor_divide(flat, stride), extent);
  }
  return out;
}

void fill_diagonal(const ndarray& a, const ndarray& value, bool wrap) {
  if (a.ndim() < 2) throw shape_error("array must be at least 2-d");
  std::int64_t step = 1, end = a.size();
  if (a.ndim() == 2) {
    step = a.shape()[1] + 1;
    if (!wrap) end = std::min(end, a.shape()[1] * a.shape()[1]);
  } else {
    std::int64_t product = 1;
    for (int d = 0; d < a.ndim(); ++d) {
      if (a.shape()[d] != a.shape()[0]) throw shape_error("All dimensions of input must be of equal length");
      if (d + 1 < a.ndim()) {
        product *= a.shape()[d];
        step += product;
      }
    }
  }
  if (end <= 0) return;
  put(a, arange(std::int64_t{0}, end, step, int64, a.device()), value);
}

void fill_diagonal(const ndarray& a, scalar value, bool wrap) {
  ndarray v = new_array({}, a.dtype(), a.device());
  std::move(v) = value;
  fill_diagonal(a, v, wrap);
}

}  // namespace numcu
