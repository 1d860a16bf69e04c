// A weak scalar turned into one element of a dtype, with NumPy 2's check that integers fit integer dtypes.
#pragma once

#include <complex>

#include "device/ufunc_element.hpp"
#include "numcu/dtype.hpp"
#include "numcu/scalar.hpp"

namespace numcu::detail {

/// Writes @p value as an element of @p t: an unsafe cast, as full() and the operands of elementwise calls
/// take a value (require_storable() checks assignments first). With @p wrap_integers, an integer that does not
/// fit an integer dtype wraps around as a C++ cast does, as NumPy's `where` takes a Python integer
/// (`np.where(c, -1, uint8_array)` holds 255).
/// @throws dtype_error "Python integer 300 out of bounds for uint8" when an integer does not fit an integer
/// dtype (unless @p wrap_integers).
element_bytes scalar_to_element(const scalar& value, dtype t, bool wrap_integers = false);

/// @p value as a complex double, as Python's complex() takes a number: bool and integers converted to the
/// nearest double (a uint64 beyond 2^53 rounded), a float with a zero imaginary part.
std::complex<double> complex_value(const scalar& value);

/// Checks that @p value can be stored into an array of @p t as NumPy stores a Python scalar (`a.fill(v)`,
/// `a[...] = v`), which is stricter than the cast of creation (`full`): a float into an integer dtype is
/// truncated and must then fit, as an integer must; NaN and infinity have no integer; a complex value goes
/// into complex and bool arrays only. @throws dtype_error with NumPy's message ("Python integer -777 out of
/// bounds for uint8", "cannot convert float NaN to integer", "float() argument must be a string or a real
/// number, not 'complex'").
void require_storable(const scalar& value, dtype t);

/// The value an element of @p t holds after NumPy stores @p value into it (require_storable()'s checks, then
/// the element read back): how a reduction's initial= becomes a value of its dtype (`True` for any nonzero
/// value into bool, 1 for 1.9 into an integer, 1e-8 rounded to float16).
/// @throws dtype_error as require_storable().
scalar stored_scalar(const scalar& value, dtype t);

}  // namespace numcu::detail
