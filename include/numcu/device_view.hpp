/// @file device_view.hpp
/// @brief A typed, trivially copyable view of an ndarray's elements (pointer, shape, byte strides), to pass
/// by value to a kernel of one's own (compiled by nvcc, or at run time: runtime-compiled sources may
/// `#include "numcu/device_view.hpp"`) or to index on the host.
#pragma once

// Also compiled by NVRTC in runtime-compiled kernels, which has no standard library.
#if !defined(__CUDACC_RTC__)
#include <cstdint>
#endif

#include "numcu/config.hpp"

namespace numcu {

#if defined(__CUDACC_RTC__)
/// The type of device_view's extents and strides: std::int64_t, which is long on the 64-bit Linux NVRTC targets.
using view_extent_t = long;
#else
/// The type of device_view's extents and strides.
using view_extent_t = std::int64_t;
#endif

/// The elements of an ndarray of rank N as type T: `a.view<float, 2>()` (ndarray::view). Trivially copyable,
/// so it is passed to a `__global__` function by value; indexing works in device code compiled by nvcc and in
/// host code alike (on the memory of the array's device). Element (i, j) is at byte offset i * strides[0] +
/// j * strides[1] from data: views of any layout (slices, transposes, broadcasts) work as they are. A view
/// does not keep its array alive: the array must outlive every use of the view, queued kernels included.
template <class T, int N>
struct device_view {
  static_assert(N >= 0 && N <= max_dims, "a view has 0 to max_dims dimensions");
  T* data = nullptr;                         ///< element (0, ..., 0)
  view_extent_t shape[N > 0 ? N : 1] = {};    ///< extents
  view_extent_t strides[N > 0 ? N : 1] = {};  ///< byte strides

  /// The element at @p index (N indices, each in [0, shape[d])); no bounds checks.
  template <class... I>
  NUMCU_HD T& operator()(I... index) const {
    static_assert(sizeof...(I) == N, "a view of rank N takes N indices");
    const view_extent_t at[] = {static_cast<view_extent_t>(index)..., 0};
    view_extent_t offset = 0;
    for (int d = 0; d < N; ++d) offset += at[d] * strides[d];
    return *reinterpret_cast<T*>(reinterpret_cast<char*>(const_cast<void*>(static_cast<const void*>(data))) +
                                 offset);
  }
  /// The element at position @p i in C order (the last index fastest); no bounds checks.
  NUMCU_HD T& operator[](view_extent_t i) const {
    view_extent_t offset = 0;
    for (int d = N - 1; d >= 0; --d) {
      offset += (i % shape[d]) * strides[d];
      i /= shape[d];
    }
    return *reinterpret_cast<T*>(reinterpret_cast<char*>(const_cast<void*>(static_cast<const void*>(data))) +
                                 offset);
  }
  /// The number of elements.
  NUMCU_HD view_extent_t size() const {
    view_extent_t n = 1;
    for (int d = 0; d < N; ++d) n *= shape[d];
    return n;
  }
  /// True when the elements are contiguous in C order, so that data[i] is element i.
  NUMCU_HD bool is_c_contiguous() const {
    view_extent_t expected = sizeof(T);
    for (int d = N - 1; d >= 0; --d) {
      if (shape[d] != 1 && strides[d] != expected) return false;
      expected *= shape[d];
    }
    return true;
  }
};

}  // namespace numcu
