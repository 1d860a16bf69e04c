// numpy.pad's source index along one axis for the modes that copy (edge, reflect, symmetric, wrap) and for
// constant, shared by the CUDA kernel and the host loop. NumPy pads axis after axis, each step copying from
// what the earlier ones wrote; for these modes that composes into one source index per axis, and, within one
// period of the axis (the widths pad_source_covers() allows), the index is the closed form below.
#pragma once

#include "device/types.hpp"

namespace numcu::detail {

/// The modes pad_source() serves.
enum class pad_copy : int { constant, edge, reflect, symmetric, wrap };

/// The index along an axis of @p n source elements (n >= 1) that index @p i of the result, padded by
/// @p before, copies under @p mode: -1 and -2 for constant's before and after. NumPy keeps a singleton
/// axis's one element for every mode that copies.
NUMCU_HD inline int64_t pad_source(pad_copy mode, int64_t i, int64_t before, int64_t n) {
  const int64_t k = i - before;
  if (k >= 0 && k < n) return k;
  if (mode == pad_copy::constant) return k < 0 ? -1 : -2;
  if (n == 1 || mode == pad_copy::edge) return k < 0 ? 0 : n - 1;
  if (mode == pad_copy::reflect) return k < 0 ? -k : 2 * (n - 1) - k;
  if (mode == pad_copy::symmetric) return k < 0 ? -k - 1 : 2 * n - 1 - k;
  return k < 0 ? k + n : k - n;  // wrap
}

/// Whether pad_source() gives NumPy's result for widths @p before and @p after of an axis of @p n >= 1
/// elements: any widths for constant and edge (and a singleton axis), at most n - 1 for reflect and n for
/// symmetric and wrap (one period; wider pads take NumPy's steps one after the other).
NUMCU_HD inline bool pad_source_covers(pad_copy mode, int64_t before, int64_t after, int64_t n) {
  if (mode == pad_copy::constant || mode == pad_copy::edge || n == 1) return true;
  const int64_t period = mode == pad_copy::reflect ? n - 1 : n;
  return before <= period && after <= period;
}

}  // namespace numcu::detail
