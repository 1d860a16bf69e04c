// A weak scalar turned into one element of a dtype, with NumPy 2's check that integers fit integer dtypes.
#pragma once

#include "device/ufunc_element.hpp"
#include "numcu/dtype.hpp"
#include "numcu/scalar.hpp"

namespace numcu::detail {

/// Writes @p value as an element of @p t (unsafe cast, as `a.fill(v)` and `a[i] = v`).
/// @throws dtype_error "Python integer 300 out of bounds for uint8" when an integer does not fit an integer
/// dtype.
element_bytes scalar_to_element(const scalar& value, dtype t);

}  // namespace numcu::detail
