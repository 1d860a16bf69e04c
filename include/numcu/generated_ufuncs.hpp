/// @file generated_ufuncs.hpp
/// @brief Elementwise functions generated from the ufunc table (tools/generate_ufunc_loops.py): do not edit.
/// Each broadcasts its inputs, resolves its result dtype as NumPy 2 does, and writes into @p out when given.
#pragma once

#include <optional>

#include "numcu/elementwise.hpp"

namespace numcu {

/// The absolute value of real numbers, elementwise (numpy.fabs); complex input has no loop.
/// @throws dtype_error for an input dtype without a loop, shape_error, device_error.
ndarray fabs(const operand& x, const std::optional<ndarray>& out = std::nullopt);

/// The number of 1-bits in the absolute value of integers, elementwise (numpy.bitwise_count), as uint8.
/// @throws dtype_error for an input dtype without a loop, shape_error, device_error.
ndarray bitwise_count(const operand& x, const std::optional<ndarray>& out = std::nullopt);

/// x1 * 2**x2, elementwise (numpy.ldexp): x1 real, x2 an integer exponent.
/// @throws dtype_error for an input dtype without a loop, shape_error, device_error.
ndarray ldexp(const operand& x1, const operand& x2, const std::optional<ndarray>& out = std::nullopt);

}  // namespace numcu
