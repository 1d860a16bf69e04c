// NumPy's ufunc.at on the GPU (device/scatter_fold.hpp): a thread for each contribution in sorted order, and
// the first of each element's contributions folds all of them, in order.
#include "core/backend.hpp"
#include "cuda/launch.cuh"
#include "device/scatter_fold.hpp"

namespace numcu::detail {
namespace {

template <ufunc_id U, class T>
__global__ void __launch_bounds__(block_threads) scatter_fold_kernel(scatter_call call) {
  const std::int64_t j = std::int64_t{blockIdx.x} * block_threads + threadIdx.x;
  if (j < call.count && starts_element(call, j)) fold_contributions<U, T>(call, j);
}

}  // namespace

template <>
void scatter_ufunc<cuda_backend>(const exec& e, const scatter_call& call) {
  if (call.count == 0) return;
  visit_at_ufunc(call.op, [&]<ufunc_id U>() {
    visit_dtype(call.loop_input, [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (has_loop_v<U, T>) {
        launch(e, grid_for(call.count, block_threads), block_threads, scatter_fold_kernel<U, T>, call);
      }
    });
  });
}

}  // namespace numcu::detail
