// Entry points of the host backend (src/host/), the mirror of src/cuda/backend.hpp.
// Plans hold host addresses; work runs before the call returns.
#pragma once

#include "core/elementwise_call.hpp"
#include "core/iteration_plan.hpp"
#include "core/philox.hpp"
#include "core/sequence.hpp"
#include "numcu/dtype.hpp"

namespace numcu::detail::host {

/// plan operand 0 (dtype @p dst) = cast(plan operand 1 (dtype @p src)); the operands do not overlap.
void copy_cast(const iteration_plan& plan, dtype dst, dtype src);

/// Sets every element of plan operand 0 to the @p itemsize bytes at @p value.
void fill(const iteration_plan& plan, const void* value, std::size_t itemsize);

/// Writes NumPy's arange into @p n contiguous elements at @p out: element i is first + i * (second - first)
/// computed in the dtype's arithmetic; @p first and @p second are elements of dtype @p t.
void arange(void* out, dtype t, std::int64_t n, const void* first, const void* second);

/// Writes NumPy's linspace (core/sequence.hpp) into the @p p.n contiguous elements of dtype @p t at @p out.
void linspace(void* out, dtype t, const linspace_params& p);

/// True when every bool element of plan operand 0 is true.
bool all_nonzero(const iteration_plan& plan);

/// Fills the @p n contiguous elements of dtype @p t at @p out with draws of @p p (core/philox.hpp).
void random_fill(void* out, dtype t, std::int64_t n, const random_params& p);

/// Runs one elementwise call: call.plan operand 0 = ufunc(inputs), as resolved by the dispatch layer.
void run_ufunc(const elementwise_call& call);

/// Runs numpy.divmod as one call: quotient into plan operand 0, remainder into operand 3
/// (core/special_loops.hpp).
void run_divmod(const elementwise_call& call);

/// Runs a comparison of a signed integer array with a uint64 array exactly (core/special_loops.hpp).
void run_mixed_comparison(const elementwise_call& call);

}  // namespace numcu::detail::host
