#include "cuda/reduction_launcher.hpp"

#include <cuda_runtime.h>

#include <optional>

#include "cuda/runtime.hpp"

namespace numcu::detail::cuda {

namespace {

/// Queues @p kernel on the stream of @p e with @p args, unless the grid is empty.
void queue(const exec& e, const void* kernel, dim3 grid, unsigned threads, void** args) {
  if (grid.x == 0 || grid.y == 0) return;
  NUMCU_CUDA_CHECK(cudaLaunchKernel(kernel, grid, dim3(threads), args, 0, static_cast<cudaStream_t>(e.stream())));
}

}  // namespace

void launch_reduction(const exec& e, reduction_args& a, reduction_layout layout, const reduction_kernel_set& set,
                      const reduction_kernel_lookup& kernel_of) {
  const int ordinal = e.where().index();
  const reduction_launch_plan l = plan_reduction_launch(a, layout, set, [&](reduction_kernel_form spread) {
    return static_cast<std::int64_t>(resident_blocks(kernel_of(spread), tile_slots, ordinal));
  });
  // the arguments are kilobytes: the second stage's copy is made only where there is one
  std::optional<reduction_args> second;
  if (l.second_threads > 0)
    second = second_stage_args(a, e.workspace(static_cast<std::size_t>(a.outputs * a.parts) * set.acc_size));
  std::int64_t run = l.run;
  int group = l.group;
  void* first_args[] = {&a, l.takes_run ? static_cast<void*>(&run) : static_cast<void*>(&group)};
  queue(e, kernel_of(l.first), dim3(l.grid_x, l.grid_y), tile_slots, first_args);
  if (second) {
    void* second_args[] = {&*second};
    queue(e, kernel_of(l.second), dim3(l.second_grid), static_cast<unsigned>(l.second_threads), second_args);
  }
}

}  // namespace numcu::detail::cuda
