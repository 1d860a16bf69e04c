// The parameter lists of user kernels written as CuPy writes them ("float32 x, raw T y", "T z"): parsed once
// when a kernel is defined, and their type placeholders bound from the arguments' dtypes at each call.
// Host-only: the elementwise and reduction kernels compiled at run time build their source from this.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "numcu/dtype.hpp"

namespace numcu::detail {

/// One parameter: `[raw] [_non_const] type name`, the type a dtype name ("float32", "f4", "int64") or a type
/// placeholder of one character ("T") that the arguments bind.
struct kernel_param {
  std::string name;
  std::optional<dtype> type;  ///< the named dtype; empty for a placeholder
  char placeholder = 0;       ///< the placeholder, when type is empty
  bool raw = false;           ///< indexed by the kernel itself (`x[i]`), not element by element
  bool is_const = true;       ///< inputs are const unless `_non_const`; outputs never are
};

/// Parses a comma-separated parameter list (empty for none); @p inputs: whether these are a kernel's inputs
/// (const). Throws rtc_error for a parameter that is not `[raw] [_non_const] type name`, an unknown keyword,
/// a name that is not a C++ identifier or is `i` (the kernel's index), and dtype_error for an unknown dtype.
std::vector<kernel_param> parse_kernel_params(std::string_view list, bool inputs);

/// Throws rtc_error if a name appears twice among @p inputs and @p outputs.
void check_kernel_param_names(const std::vector<kernel_param>& inputs,
                              const std::vector<kernel_param>& outputs);

/// Each parameter's dtype for one call, and each placeholder's.
struct kernel_types {
  std::vector<dtype> inputs;
  std::vector<dtype> outputs;
  std::vector<std::pair<char, dtype>> placeholders;  ///< sorted by placeholder
};

/// Binds the placeholders of @p in_params and @p out_params from the arguments' dtypes, outputs first (those
/// given by out=), then inputs in order; an argument without a dtype (a weak scalar, or an output to be
/// allocated) binds nothing and takes its parameter's type. Throws dtype_error when an array's dtype differs
/// from its parameter's named dtype or from its placeholder's bound dtype, or when a placeholder is bound by
/// no argument.
kernel_types bind_kernel_types(const std::vector<kernel_param>& in_params,
                               const std::vector<kernel_param>& out_params,
                               const std::vector<std::optional<dtype>>& in_dtypes,
                               const std::vector<std::optional<dtype>>& out_dtypes);

}  // namespace numcu::detail
