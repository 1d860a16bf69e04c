// all_nonzero: one flag in scratch memory that any zero element clears.
#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/cast.hpp"
#include "device/offset_calculator.hpp"

namespace numcu::detail {
namespace {

template <class T>
__global__ void __launch_bounds__(block_threads)
    all_nonzero_kernel(const char* data, offset_calculator<1> offsets, std::uint32_t n, int* flag) {
  const std::uint32_t i = blockIdx.x * block_threads + threadIdx.x;
  if (i >= n) return;
  std::int64_t o[1];
  offsets.get(i, o);
  if (!cast<bool>(*reinterpret_cast<const T*>(data + o[0]))) *flag = 0;  // every writer stores the same value
}

}  // namespace

template <>
bool all_nonzero<cuda_backend>(const exec& e, const iteration_plan& plan, dtype t) {
  const auto stream = static_cast<cudaStream_t>(e.stream());
  int* flag = static_cast<int*>(e.workspace(sizeof(int)));
  const int one = 1;
  NUMCU_CUDA_CHECK(cudaMemcpyAsync(flag, &one, sizeof one, cudaMemcpyHostToDevice, stream));
  visit_dtype(t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    for_each_sub_plan(plan, max_32bit_numel, [&](const iteration_plan& piece) {
      launch(e, grid_for(piece.numel, block_threads), block_threads, all_nonzero_kernel<T>, piece.data[0],
             offset_calculator<1>(piece), static_cast<std::uint32_t>(piece.numel), flag);
    });
  });
  int result = 0;
  NUMCU_CUDA_CHECK(cudaMemcpyAsync(&result, flag, sizeof result, cudaMemcpyDeviceToHost, stream));
  NUMCU_CUDA_CHECK(cudaStreamSynchronize(stream));
  return result != 0;
}

}  // namespace numcu::detail
