// One reduction as both backends receive it: the functor (which reduction, in which compute dtype), the
// reduction plan of the input, where the input and the output start, and the projection's parameters.
#pragma once

#include <string>
#include <type_traits>

#include "core/reduction_plan.hpp"
#include "device/reduction_ops.hpp"
#include "numcu/dtype.hpp"
#include "numcu/error.hpp"

namespace numcu::detail {

struct reduction_call {
  reduction_family family;  // with the flags in params
  dtype compute;  // the functor's compute dtype: float32 for float16 sums, float64 for an integer mean ...
  dtype input;    // the input's dtype (cast on load to compute)
  dtype output;   // the output's dtype (the projection cast on store)
  reduction_plan plan;
  const char* in;  // the input's first element
  char* out;       // the output's first element
  reduction_params params;

  /// Tiles of device/reduction_order.hpp per output.
  std::int64_t tiles() const { return (plan.reduced + tile_elements - 1) / tile_elements; }
};

/// Calls @p f(std::integral_constant<reduction_family, F>{}) for the family @p family: the one run-time to
/// compile-time switch over reductions.
template <class Fn>
void visit_reduction_family(reduction_family family, Fn&& f) {
  switch (family) {
#define NUMCU_REDUCTION_CASE(name) \
  case reduction_family::name:     \
    return f(std::integral_constant<reduction_family, reduction_family::name>{});
    NUMCU_FOR_EACH_REDUCTION_FAMILY(NUMCU_REDUCTION_CASE)
#undef NUMCU_REDUCTION_CASE
  }
}

/// Calls @p f(type_tag<T>{}) for the accumulator dtypes of sums, products and scans (int64, uint64, float32,
/// float64, complex64, complex128). @throws dtype_error for any other dtype.
template <class Fn>
void visit_accumulator_dtype(dtype t, Fn&& f) {
  switch (t.id()) {
    case dtype_code::int64:
      return f(type_tag<int64_t>{});
    case dtype_code::uint64:
      return f(type_tag<uint64_t>{});
    case dtype_code::float32:
      return f(type_tag<float>{});
    case dtype_code::float64:
      return f(type_tag<double>{});
    case dtype_code::complex64:
      return f(type_tag<complex64_t>{});
    case dtype_code::complex128:
      return f(type_tag<complex128_t>{});
    default:
      throw dtype_error("no accumulator of dtype " + std::string(t.name()));
  }
}

}  // namespace numcu::detail
