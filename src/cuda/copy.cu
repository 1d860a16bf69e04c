// The CUDA copy/cast entry: picks the transposing, contiguous or strided kernel for a plan.
#include <cstdlib>

#include "core/backend.hpp"
#include "cuda/copy.cuh"

namespace numcu::detail {
namespace cuda {

#define NUMCU_COPY_FROM(name, storage_type, letter, itemsize) \
  extern template void copy_from<storage_type>(const exec&, const iteration_plan&, dtype);
NUMCU_FOR_EACH_DTYPE(NUMCU_COPY_FROM)
#undef NUMCU_COPY_FROM

namespace {

// A same-dtype copy whose destination is dense along plan dimension 0 while the source is dense along
// another dimension k: strided copying would read or write with a large stride, tiles make both coalesced.
// Returns k, or -1 when the plan is not such a transpose.
int transposed_dimension(const iteration_plan& plan) {
  const auto item = static_cast<std::int64_t>(plan.itemsizes[0]);
  if (plan.ndim < 2 || plan.strides[0][0] != item || std::abs(plan.strides[1][0]) == item) return -1;
  for (int k = 1; k < plan.ndim; ++k) {
    if (plan.strides[1][k] == item && plan.sizes[k] > 1) return k;
  }
  return -1;
}

void launch_transpose(const exec& e, const iteration_plan& plan, int k) {
  transpose_geometry g{};
  g.n0 = plan.sizes[0];
  g.nk = plan.sizes[k];
  g.dst_s0 = plan.strides[0][0];
  g.dst_sk = plan.strides[0][k];
  g.src_s0 = plan.strides[1][0];
  g.src_sk = plan.strides[1][k];
  g.batch_count = 1;
  for (int d = 1; d < plan.ndim; ++d) {
    if (d == k) continue;
    g.batch_sizes[g.batch_ndim] = plan.sizes[d];
    g.batch_dst_strides[g.batch_ndim] = plan.strides[0][d];
    g.batch_src_strides[g.batch_ndim] = plan.strides[1][d];
    ++g.batch_ndim;
    g.batch_count *= plan.sizes[d];
  }
  // Two elements per access for 4-byte types, four for 1- and 2-byte types, when every
  // address and extent allows it; the tile then spans tile * V elements on each side.
  const std::size_t item = plan.itemsizes[0];
  const int v = item >= 8 ? 1 : item == 4 ? 2 : 4;
  auto aligned = [&](std::int64_t x) { return x % static_cast<std::int64_t>(v * item) == 0; };
  bool vectorized = v > 1 && g.n0 % v == 0 && g.nk % v == 0 && aligned(g.src_s0) && aligned(g.dst_sk) &&
                    is_aligned(plan.data[0], v * item) && is_aligned(plan.data[1], v * item);
  for (int d = 0; d < g.batch_ndim; ++d)
    vectorized = vectorized && aligned(g.batch_src_strides[d]) && aligned(g.batch_dst_strides[d]);
  const int edge = tile * (vectorized ? v : 1);
  const dim3 grid(grid_for(g.n0, edge),
                  static_cast<unsigned>(std::min<std::int64_t>((g.nk + edge - 1) / edge, 65535)),
                  static_cast<unsigned>(std::min<std::int64_t>(g.batch_count, 65535)));
  const dim3 block(tile, tile_rows);
  visit_itemsize(item, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (sizeof(T) <= 4) {
      if (vectorized) {
        constexpr int V = sizeof(T) == 4 ? 2 : 4;
        launch(e, grid, block, transpose_copy_kernel<T, V>, plan.data[0], plan.data[1], g);
        return;
      }
    }
    launch(e, grid, block, transpose_copy_kernel<T, 1>, plan.data[0], plan.data[1], g);
  });
}

}  // namespace
}  // namespace cuda

template <>
void copy_cast<cuda_backend>(const exec& e, const iteration_plan& plan, dtype dst, dtype src) {
  using namespace cuda;
  if (dst == src) {
    if (plan.is_contiguous()) {
      NUMCU_CUDA_CHECK(cudaMemcpyAsync(plan.data[0], plan.data[1], plan.numel * plan.itemsizes[0],
                                       cudaMemcpyDeviceToDevice, static_cast<cudaStream_t>(e.stream())));
      return;
    }
    const int k = transposed_dimension(plan);
    if (k > 0) {
      launch_transpose(e, plan, k);
      return;
    }
  }
  visit_dtype(src.id(), [&](auto src_tag) { copy_from<typename decltype(src_tag)::type>(e, plan, dst); });
}

}  // namespace numcu::detail
