// One elementwise call as both backends receive it: the resolved loop, the iteration plan over the output
// and the array inputs, and the ufunc_args of its kernels (device/ufunc_element.hpp).
#pragma once

#include "core/iteration_plan.hpp"
#include "device/ufunc_element.hpp"
#include "numcu/dtype.hpp"

namespace numcu::detail {

struct elementwise_call {
  ufunc_id op;
  int nin = 0;
  iteration_plan plan;  // operand 0 is the output, operand k + 1 input k (no address for a scalar)
  dtype loop_input;     // the loop's input dtype (where: of the value inputs)
  dtype loop_output;    // the loop's output dtype; cast on store when the output array's dtype differs
  ufunc_args args;

  /// The dtype input @p k of ufunc @p u is cast to on load, for a loop whose input dtype is @p loop_input.
  static dtype input_dtype_of(ufunc_id u, dtype loop_input, int k) {
    return u == ufunc_id::where && k == 0 ? bool_ : loop_input;
  }
  /// The dtype input @p k is cast to on load.
  dtype input_dtype_of(int k) const { return input_dtype_of(op, loop_input, k); }
  /// True when no cast is needed: every array input has its loop dtype and the output the loop's output
  /// dtype.
  bool is_typed() const {
    if (args.out_dtype != loop_output.id()) return false;
    for (int k = 0; k < nin; ++k) {
      if (!args.is_scalar[k] && args.input_dtypes[k] != input_dtype_of(k).id()) return false;
    }
    return true;
  }
};

}  // namespace numcu::detail
