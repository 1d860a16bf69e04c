// The dtypes of NumPy's reductions, in one table: what each input dtype accumulates, compares and computes its
// moments in, the result dtypes without dtype=, and when dtype= casts each element first. Host-only;
// tests/test_reduction_types.cpp checks the table against NumPy's rules and against the device traits the
// kernels are built with (device/reduction_ops.hpp).
#pragma once

#include <optional>

#include "numcu/dtype.hpp"

namespace numcu::detail {

/// The compute dtypes of the reductions of one input dtype.
struct reduction_dtypes {
  dtype sum;      ///< sums and means: int64 / uint64 for integers and bool, float64 for the floats up to
                  ///< float32 (complex128 for complex64), so that a float32 sum is at least as accurate as
                  ///< NumPy's pairwise one at no cost in speed (the sum waits on memory, not on adds)
  dtype product;  ///< products and scans: int64 / uint64 for integers and bool, float32 for the 16-bit floats
  dtype extreme;  ///< max, min and their arg forms: a type that holds every value (the small integers and bool
                  ///< in int32, uint32 and int64 in int64, the 16-bit floats in float32)
  dtype moments;  ///< means and variances: float64 for integers and bool, float32 for the 16-bit floats
};

/// The row of @p input in the table.
reduction_dtypes reduction_dtypes_of(dtype input);

/// Integers and bool: the dtypes NumPy's statistics compute in float64 and its NaN functions leave alone.
bool is_integer_or_bool(dtype t);

/// The result dtype of sum, prod and their scans without dtype=: the accumulator for integers and bool, else
/// the input's.
dtype sum_result(dtype input);

/// The result dtype of mean (of var and std: its component dtype): dtype= when given, float64 for integers
/// and bool, else the input's.
dtype mean_result(dtype input, std::optional<dtype> requested);

/// Whether an accumulation with dtype= @p requested must first cast each element of dtype @p input to it, as
/// NumPy does, because the cast into the accumulator would give another value: bool takes each element's
/// truth, floating or complex values go into integers by C's cast, which wraps where the accumulator's does
/// not (integers into integers wrap alike), and a floating or complex dtype= that does not hold every value
/// of the input (float64 or int32 into float32, float32 into float16) rounds each element to it, where the
/// wider accumulator would keep it.
bool casts_first(dtype input, std::optional<dtype> requested);

}  // namespace numcu::detail
