// all_nonzero: one flag in device memory that any false element clears.
#include "core/buffer.hpp"
#include "cuda/backend.hpp"
#include "cuda/launch.cuh"
#include "cuda/offset_calculator.cuh"
#include "memory/transfer.hpp"

namespace numcu::detail::cuda {
namespace {

__global__ void __launch_bounds__(block_threads)
    all_nonzero_kernel(const char* data, offset_calculator<1> offsets, std::uint32_t n, int* flag) {
  const std::uint32_t i = blockIdx.x * block_threads + threadIdx.x;
  if (i >= n) return;
  std::int64_t o[1];
  offsets.get(i, o);
  if (!*reinterpret_cast<const bool*>(data + o[0])) *flag = 0;  // every writer stores the same value
}

}  // namespace

bool all_nonzero(const iteration_plan& plan, device d) {
  if (plan.numel == 0) return true;
  cuda_device_guard guard(d);
  cudaStream_t stream = current_cuda_stream(d.index());
  const auto flag = allocate(d, sizeof(int), int32);
  const int one = 1;
  NUMCU_CUDA_CHECK(cudaMemcpyAsync(flag->data, &one, sizeof one, cudaMemcpyHostToDevice, stream));
  for_each_sub_plan(plan, max_32bit_numel, [&](const iteration_plan& piece) {
    all_nonzero_kernel<<<grid_for(piece.numel, block_threads), block_threads, 0, stream>>>(
        piece.data[0], offset_calculator<1>(piece), static_cast<std::uint32_t>(piece.numel),
        static_cast<int*>(flag->data));
    NUMCU_CHECK_LAUNCH();
  });
  int result = 0;
  copy_device_to_host(&result, flag->data, sizeof result, d);
  return result != 0;
}

}  // namespace numcu::detail::cuda
