// The CUDA C++ source of a user elementwise kernel (elementwise_kernel) for one call's types and layout: its
// parameters as CuPy declares them, the operation as the body of one of the built-in elementwise loops
// (dense, rows, general: device/elementwise_loops.cuh). Host-only; the source is compiled at run time
// (src/rtc/).
#pragma once

#include <string>
#include <vector>

#include "core/kernel_loop.hpp"
#include "core/kernel_signature.hpp"
#include "core/reduction_launch.hpp"

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
  elementwise_loop_kind loop = elementwise_loop_kind::dense;  ///< the loop of device/elementwise_loops.cuh it runs
  /// Dense and rows loops: elements each thread reads and writes as one vector per array (every array's rows
  /// aligned for it; 1 for vectors of one element).
  int vector_width = 1;
  /// The caller gave the outputs (out=): the vector of an output the operation may read (see
  /// operation_reads()) is loaded before the operation runs.
  bool outputs_given = false;
};

/// How one call binds a reduction kernel (reduction_kernel): its one input, read element by element, and its
/// output. The source defines a reduction functor (device/reduction_ops.hpp's contract) from the expressions and
/// instantiates the built-in reduction kernels (device/reduction_kernels.cuh) with it.
struct reduction_source_request {
  std::string name;             ///< the kernel's name (the program's is name.cu)
  std::string input_name;       ///< the map expression's name for an input element
  dtype input = float32;        ///< the input's dtype
  std::string output_name;      ///< the post-map expression's name for the output element
  dtype output = float32;       ///< the output's dtype
  dtype reduce_type = float32;  ///< the type of the partials `a` and `b` (the 16-bit floats held as float)
  std::string map, reduce, post_map;
  std::string identity;  ///< a value of the reduce type; empty for none
  std::string preamble;
  std::vector<std::pair<char, dtype>> placeholders;  ///< each type placeholder's dtype, declared as a type
};

/// Where reduction_kernel_names() puts the kernel storing the projection of the identity (a reduction of no
/// elements): after the launch forms.
inline constexpr std::size_t reduction_identity_kernel = reduction_kernel_forms;

/// The kernels of a reduction kernel's source, as name expressions: one per reduction_kernel_form
/// (core/reduction_launch.hpp), empty for the vector column forms, which user kernels do not have; then, at
/// reduction_identity_kernel, the identity's. Each is compiled on its own when a call first needs it.
std::vector<std::string> reduction_kernel_names(dtype input);

/// The source of the reduction kernel of @p r.
std::string reduction_kernel_source(const reduction_source_request& r);

/// Bytes that hold a partial of a reduction kernel of reduce type @p reduce_type: its value, and a flag of
/// presence when it has no identity (an upper bound of the functor's acc_t, for the partials' workspace).
std::size_t reduction_partial_bytes(dtype reduce_type, bool has_identity);

/// The C++ type a kernel computes dtype @p t in: its device type, float for the 16-bit floats (read as float,
/// stored rounded).
std::string value_type_name(dtype t);

/// The C++ type numcu's device headers give dtype @p t ("float", "numcu::float16_t", "numcu::complex64_t").
std::string device_type_name(dtype t);

/// Whether code @p operation may read the variable @p name: any use of it but as the left side of a plain
/// assignment (`name = ...`) counts, so that `z += x` and `w = z` read z, and `z = x` does not.
bool operation_reads(const std::string& operation, const std::string& name);

/// The source of the kernel: a loop body (device/elementwise_loops.cuh's contract) written from the
/// parameters and the operation, and an extern "C" kernel named r.name that runs it through the loop r.loop.
/// The kernel's parameters, in order: for each parameter (inputs then outputs) a `char*` to its first element
/// (an element-wise array), its value (a scalar input) or a numcu_raw<T, N> view (a raw parameter: data,
/// shape, byte strides); then `long long` elements of the whole loop (_ind.size()); then for the rows loop a
/// rows_shape, the offset_calculator<A> of the rows' starts (A: the element-wise arrays, at least 1) and an
/// `unsigned` mask of the inputs constant along a row; for the general loop the offset_calculator<A> of the
/// elements, an `unsigned` element count and the `long long` flat index of the first (a piece of the loop).
std::string elementwise_kernel_source(const elementwise_source_request& r);

}  // namespace numcu::detail
