// The launcher of the copy/cast kernels (device/copy_kernels.cuh) for one (Dst, Src) pair: contiguous or
// strided.
#pragma once

#include "core/iteration_plan.hpp"
#include "cuda/launch.cuh"
#include "device/copy_kernels.cuh"
#include "numcu/dtype.hpp"

namespace numcu::detail::cuda {

/// Launches the contiguous or strided kernel for one (Dst, Src) pair.
template <class Dst, class Src>
void launch_copy(const exec& e, const iteration_plan& plan) {
  if (plan.is_contiguous()) {
    Dst* dst = reinterpret_cast<Dst*>(plan.data[0]);
    const Src* src = reinterpret_cast<const Src*>(plan.data[1]);
    const std::int64_t n = plan.numel;
    constexpr int vec = vector_width<Dst, Src>();
    if (is_aligned(dst, sizeof(Dst) * vec) && is_aligned(src, sizeof(Src) * vec)) {
      launch(e, grid_for(n, std::int64_t{block_threads} * vec * copy_unroll), block_threads,
             copy_contiguous_kernel<Dst, Src, vec>, dst, src, n);
    } else {
      launch(e, grid_for(n, std::int64_t{block_threads} * copy_unroll), block_threads,
             copy_contiguous_kernel<Dst, Src, 1>, dst, src, n);
    }
    return;
  }
  for_each_sub_plan(plan, max_32bit_numel, [&](const iteration_plan& piece) {
    launch(e, grid_for(piece.numel, block_threads * strided_items), block_threads,
           copy_strided_kernel<Dst, Src>, piece.data[0], piece.data[1], offset_calculator<2>(piece),
           static_cast<std::uint32_t>(piece.numel));
  });
}

/// The copy launcher for every destination dtype from source type Src; instantiated per source in
/// copy_from_*.cu so that the 225 dtype pairs compile in parallel.
template <class Src>
void copy_from(const exec& e, const iteration_plan& plan, dtype dst) {
  visit_dtype(dst.id(), [&](auto dst_tag) { launch_copy<typename decltype(dst_tag)::type, Src>(e, plan); });
}

}  // namespace numcu::detail::cuda
