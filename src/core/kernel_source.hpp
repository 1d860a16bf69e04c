// The CUDA C++ source of a user elementwise kernel (elementwise_kernel) for one call's types and layout: its
// parameters as CuPy declares them, the operation as the loop body, the element offsets of a dense or a
// strided, broadcast layout. Host-only; the source is compiled at run time (src/rtc/).
#pragma once

#include <string>
#include <vector>

#include "core/kernel_signature.hpp"

namespace numcu::detail {

/// How one call binds a kernel's parameters.
struct elementwise_source_request {
  std::string name;       ///< the kernel's name (an identifier)
  std::string operation;  ///< the loop body, run for each index i
  std::string preamble;   ///< code placed before the kernel
  std::vector<kernel_param> in_params;
  std::vector<kernel_param> out_params;
  kernel_types types;               ///< bind_kernel_types() for this call
  std::vector<bool> scalar_inputs;  ///< which inputs are scalars (passed by value)
  std::vector<int> raw_ndims;       ///< the rank of each raw parameter's array, in parameter order
  int ndim = 0;                     ///< rank of the broadcast shape the loop runs over
  bool dense = false;               ///< every element-wise array is C-contiguous in that shape
  /// Dense arrays only: elements each thread reads and writes as one vector per array (every array's first
  /// element aligned for it), 1 for a loop element by element.
  int vector_width = 1;
  bool outputs_read = false;  ///< the vectors of the outputs are loaded too (the caller gave them: out=)
};

/// The C++ type numcu's device headers give dtype @p t ("float", "numcu::float16_t", "numcu::complex64_t").
std::string device_type_name(dtype t);

/// The source of the kernel. Its parameters, in order: for each parameter (inputs then outputs) a `char*`
/// to its first element (an element-wise array), its value (a scalar input) or a numcu_raw<T, N> view (a raw
/// parameter: data, shape, byte strides); then `long long` elements, then (when !dense and ndim > 0) a
/// numcu_layout of the loop's shape and each element-wise array's byte strides. With a vector width v > 1, each
/// thread takes v consecutive elements at once (16-byte accesses for the widest dtype), as the built-in dense
/// kernel does.
std::string elementwise_kernel_source(const elementwise_source_request& r);

}  // namespace numcu::detail
