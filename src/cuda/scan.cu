// Scans on the GPU: CUB's single-pass scan (decoupled look-back) for one row, its scan by key for many rows.
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/element_types.hpp"
#include "device/ufunc_ops.hpp"

namespace numcu::detail {
namespace {

template <class T, ufunc_id U>
struct scan_step {
  __device__ T operator()(const T& a, const T& b) const { return ufunc_op<U>{}(a, b); }
};

/// The row of element i: the key of a scan by key.
struct row_of {
  std::int64_t n;
  __host__ __device__ std::int64_t operator()(std::int64_t i) const { return i / n; }
};

template <class T, ufunc_id U>
void scan_rows(const exec& e, const T* in, T* out, std::int64_t rows, std::int64_t n) {
  const auto stream = static_cast<cudaStream_t>(e.stream());
  const std::int64_t total = rows * n;
  std::size_t bytes = 0;
  if (rows == 1) {
    NUMCU_CUDA_CHECK(cub::DeviceScan::InclusiveScan(nullptr, bytes, in, out, scan_step<T, U>{}, total, stream));
    NUMCU_CUDA_CHECK(
        cub::DeviceScan::InclusiveScan(e.workspace(bytes), bytes, in, out, scan_step<T, U>{}, total, stream));
    return;
  }
  const auto keys = thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0), row_of{n});
  NUMCU_CUDA_CHECK(cub::DeviceScan::InclusiveScanByKey(nullptr, bytes, keys, in, out, scan_step<T, U>{}, total,
                                                       ::cuda::std::equal_to<>{}, stream));
  NUMCU_CUDA_CHECK(cub::DeviceScan::InclusiveScanByKey(e.workspace(bytes), bytes, keys, in, out,
                                                       scan_step<T, U>{}, total, ::cuda::std::equal_to<>{},
                                                       stream));
}

}  // namespace

template <>
void inclusive_scan<cuda_backend>(const exec& e, dtype t, bool product, const void* in, void* out,
                                  std::int64_t rows, std::int64_t n) {
  visit_accumulator_dtype(t, [&]<class T>(type_tag<T>) {
    if (product) {
      scan_rows<T, ufunc_id::multiply>(e, static_cast<const T*>(in), static_cast<T*>(out), rows, n);
    } else {
      scan_rows<T, ufunc_id::add>(e, static_cast<const T*>(in), static_cast<T*>(out), rows, n);
    }
  });
}

}  // namespace numcu::detail
