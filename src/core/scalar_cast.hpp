// A weak scalar turned into one element of a dtype, with NumPy 2's check that integers fit integer dtypes.
#pragma once

#include "device/ufunc_element.hpp"
#include "numcu/dtype.hpp"
#include "numcu/scalar.hpp"

namespace numcu::detail {

/// Writes @p value as an element of @p t: an unsafe cast, as full() and the operands of elementwise calls
/// take a value (require_storable() checks assignments first).
/// @throws dtype_error "Python integer 300 out of bounds for uint8" when an integer does not fit an integer
/// dtype.
element_bytes scalar_to_element(const scalar& value, dtype t);

/// Checks that @p value can be stored into an array of @p t as NumPy stores a Python scalar (`a.fill(v)`,
/// `a[...] = v`), which is stricter than the cast of creation (`full`): a float into an integer dtype is
/// truncated and must then fit, as an integer must; NaN and infinity have no integer; a complex value goes
/// into complex and bool arrays only. @throws dtype_error with NumPy's message ("Python integer -777 out of
/// bounds for uint8", "cannot convert float NaN to integer", "float() argument must be a string or a real
/// number, not 'complex'").
void require_storable(const scalar& value, dtype t);

}  // namespace numcu::detail
