// Entry points of the CUDA backend (src/cuda/); src/host/backend.hpp declares the same for the host.
// Plans hold device addresses; work is queued on the current stream of @p d.
#pragma once

#include "core/elementwise_call.hpp"
#include "core/iteration_plan.hpp"
#include "core/philox.hpp"
#include "core/sequence.hpp"
#include "numcu/device.hpp"
#include "numcu/dtype.hpp"

namespace numcu::detail::cuda {

/// plan operand 0 (dtype @p dst) = cast(plan operand 1 (dtype @p src)); the operands do not overlap.
void copy_cast(const iteration_plan& plan, dtype dst, dtype src, device d);

/// Sets every element of plan operand 0 to the @p itemsize bytes at @p value.
void fill(const iteration_plan& plan, const void* value, std::size_t itemsize, device d);

/// Writes NumPy's arange into @p n contiguous elements at @p out: element i is first + i * (second - first)
/// computed in the dtype's arithmetic; @p first and @p second are elements of dtype @p t.
void arange(void* out, dtype t, std::int64_t n, const void* first, const void* second, device d);

/// Writes NumPy's linspace (core/sequence.hpp) into the @p p.n contiguous elements of dtype @p t at @p out.
void linspace(void* out, dtype t, const linspace_params& p, device d);

/// True when every bool element of plan operand 0 is true (synchronizes the current stream).
bool all_nonzero(const iteration_plan& plan, device d);

/// Fills the @p n contiguous elements of dtype @p t at @p out with draws of @p p (core/philox.hpp).
void random_fill(void* out, dtype t, std::int64_t n, const random_params& p, device d);

/// Runs one elementwise call: call.plan operand 0 = ufunc(inputs), as resolved by the dispatch layer.
void run_ufunc(const elementwise_call& call, device d);

/// Runs numpy.divmod as one call: quotient into plan operand 0, remainder into operand 3
/// (core/special_loops.hpp).
void run_divmod(const elementwise_call& call, device d);

/// Runs a comparison of a signed integer array with a uint64 array exactly (core/special_loops.hpp).
void run_mixed_comparison(const elementwise_call& call, device d);

}  // namespace numcu::detail::cuda
