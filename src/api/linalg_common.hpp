// Checks and dtypes shared by numpy.linalg's functions (api/decompositions.cpp, api/linalg_derived.cpp):
// NumPy's _commonType, _assert_stacked_2d and _assert_stacked_square, and the CPU's need of LAPACK.
#pragma once

#include <initializer_list>
#include <optional>
#include <span>
#include <string>

#include "core/backend.hpp"
#include "numcu/error.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/shape.hpp"

namespace numcu::detail {

/// The dtype NumPy computes a linalg function in and the dtype of its result (numpy.linalg's _commonType).
struct linalg_types {
  dtype compute;
  dtype result;
};

/// _commonType of @p arrays: float64 (complex128 where one is complex) to compute in; the result in float32
/// (complex64) where every floating operand is single precision, float64 (complex128) otherwise.
inline linalg_types common_type(std::initializer_list<const ndarray*> arrays) {
  bool is_complex = false, is_double = false;
  for (const ndarray* a : arrays) {
    const dtype t = a->dtype();
    if (t == float16 || t == bfloat16) {
      throw dtype_error("array type " + std::string(t.name()) + " is unsupported in linalg");
    }
    is_complex = is_complex || t.is_complex();
    is_double = is_double || t == float64 || t == complex128 || !(t.is_floating() || t.is_complex());
  }
  if (is_complex) return {complex128, is_double ? complex128 : complex64};
  return {float64, is_double ? float64 : float32};
}

/// numpy.linalg's _assert_stacked_2d.
inline void require_stacked_2d(const ndarray& a) {
  if (a.ndim() < 2) {
    throw linalg_error(std::to_string(a.ndim()) +
                       "-dimensional array given. Array must be at least two-dimensional");
  }
}

/// numpy.linalg's _assert_2d.
inline void require_2d(const ndarray& a) {
  if (a.ndim() != 2) {
    throw linalg_error(std::to_string(a.ndim()) + "-dimensional array given. Array must be two-dimensional");
  }
}

/// numpy.linalg's _assert_stacked_2d and _assert_stacked_square.
inline void require_stacked_square(const ndarray& a) {
  require_stacked_2d(a);
  if (a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2]) {
    throw linalg_error("Last 2 dimensions of the array must be square");
  }
}

/// @p s without its last @p core axes (the leading, "loop" axes of a gufunc operand).
inline shape_t leading_axes(const shape_t& s, int core) {
  return shape_t(std::span<const std::int64_t>(s.begin(), s.begin() + (s.size() - core)));
}

/// NumPy's message for gufunc operands @p a and @p b (and @p out, when given) whose leading axes do not
/// broadcast, each matrix operand's last two (core) axes shown as newaxis, @p core the result's core extents.
inline shape_error gufunc_broadcast_error(const ndarray& a, const ndarray& b,
                                          const std::optional<ndarray>& out, const shape_t& core) {
  const auto remapped = [](const ndarray& x) {
    shape_t text_shape;
    for (int d = 0; d + 2 < x.ndim(); ++d) text_shape.push_back(x.shape()[d]);
    text_shape.push_back(-1);
    text_shape.push_back(-1);
    return compact_text(text_shape);
  };
  std::string text = "operands could not be broadcast together with remapped shapes [original->remapped]: " +
                     compact_text(a.shape()) + "->" + remapped(a) + " " + compact_text(b.shape()) + "->" +
                     remapped(b) + " ";
  if (out) text += compact_text(out->shape()) + "->" + compact_text(out->shape()) + " ";
  return shape_error(text + " and requested shape " + compact_text(core));
}

/// Throws device_error where @p where is the CPU and the build has no LAPACK, naming @p what.
inline void require_solver(device where, const char* what) {
  if (where.is_cpu() && !host_has_lapack()) {
    throw device_error(
        std::string(what) +
        " on the CPU needs LAPACK, which this build of numcu did not find (Debian: libopenblas-dev)");
  }
}
}  // namespace numcu::detail
