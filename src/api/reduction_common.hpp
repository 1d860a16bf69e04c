// What the api's reduction files share (reduction.cpp, statistics.cpp, cumulative.cpp): NumPy's axes and
// keyword checks of a ufunc reduction, and one reduction run through dispatch/reduction.hpp.
#pragma once

#include <optional>
#include <vector>

#include "core/reduction_types.hpp"
#include "device/reduction_ops.hpp"
#include "numcu/reduction.hpp"

namespace numcu::detail {

/// The axes of a ufunc reduction (NumPy's ufunc.reduce): reduced_axes(), except that NumPy takes a single
/// axis 0 or -1 of a 0-d array (but not the tuple `(0,)`) as no axis at all.
std::vector<int> ufunc_axes(const ndarray& a, const axis_arg& axis);

/// @p axes as an axis argument.
axis_arg axis_list(const std::vector<int>& axes);

/// Checks @p out and the @p where mask, when given, against a reduction of @p a over @p axes (@p keepdims):
/// their devices, then NumPy's shape checks (check_reduction_operands; @p ufunc names the reduction in
/// messages).
void check_operands(const char* ufunc, const ndarray& a, const std::vector<int>& axes, bool keepdims,
                    const std::optional<ndarray>& out, const std::optional<ndarray>& where = std::nullopt);

/// Throws NumPy's TypeError unless where= is bool: NumPy casts it to bool under the 'safe' rule.
void require_bool_mask(const ndarray& mask);

/// reduce_options with a dtype (none: the default), keepdims and where=, written without designated
/// initializers, about which GCC's -Wextra warns for every member left out.
reduce_options options_of(std::optional<dtype> t, bool keepdims,
                          const std::optional<ndarray>& where = std::nullopt);

/// One reduction as the API describes it.
struct reduction {
  const char* ufunc;  ///< NumPy's ufunc in messages: add, multiply, maximum ...
  reduction_family family;
  dtype compute;
  dtype result;
  reduction_params params;
  std::optional<scalar> identity;  ///< what an empty reduction gives without initial=; none: an error
  bool cast_input = false;         ///< each element is cast to the result dtype first (casts_first())
};

/// Runs @p r over @p axes of @p a into out= (checked by the caller) or a new array, @p initial a value of the
/// result dtype: the empty case by identity, initial= or NumPy's error, before anything is allocated or
/// written.
ndarray reduce_over(const ndarray& a, const std::vector<int>& axes, bool keepdims, const std::optional<ndarray>& out,
                    const std::optional<scalar>& initial, reduction r);

/// A ufunc reduction (NumPy's ufunc.reduce) with its keyword arguments, checked in NumPy's order: where='s
/// dtype, the axes, out= and where='s shape, the initial= a where mask needs without an identity, initial=
/// stored as a value of the result dtype. Elements where= leaves out are replaced by the identity (max and
/// min: by initial=).
ndarray ufunc_reduce(const ndarray& a, const axis_arg& axis, const reduce_options& o, const reduction& r);

/// @p a with NaN replaced by @p value in a's own dtype (NumPy's _replace_nan, for the NaN functions).
ndarray replace_nan(const ndarray& a, const scalar& value);

}  // namespace numcu::detail
