#include "core/reduction_types.hpp"

#include <array>

namespace numcu::detail {

namespace {

/// One row per dtype, in dtype_code's order (numcu/dtype_list.hpp): sum, product, extreme, moments.
constexpr std::array<std::array<dtype_code, 4>, dtype::count> table = [] {
  using c = dtype_code;
  return std::array<std::array<c, 4>, dtype::count>{{
      {c::int64, c::int64, c::int32, c::float64},                     // bool
      {c::int64, c::int64, c::int32, c::float64},                     // int8
      {c::int64, c::int64, c::int32, c::float64},                     // int16
      {c::int64, c::int64, c::int32, c::float64},                     // int32
      {c::int64, c::int64, c::int64, c::float64},                     // int64
      {c::uint64, c::uint64, c::int32, c::float64},                   // uint8
      {c::uint64, c::uint64, c::int32, c::float64},                   // uint16
      {c::uint64, c::uint64, c::int64, c::float64},                   // uint32
      {c::uint64, c::uint64, c::uint64, c::float64},                  // uint64
      {c::float64, c::float32, c::float32, c::float32},               // float16
      {c::float64, c::float32, c::float32, c::float32},               // bfloat16
      {c::float64, c::float32, c::float32, c::float32},               // float32
      {c::float64, c::float64, c::float64, c::float64},               // float64
      {c::complex128, c::complex64, c::complex64, c::complex64},      // complex64
      {c::complex128, c::complex128, c::complex128, c::complex128},  // complex128
  }};
}();

}  // namespace

reduction_dtypes reduction_dtypes_of(dtype input) {
  const auto& row = table[input.index()];
  return {dtype(row[0]), dtype(row[1]), dtype(row[2]), dtype(row[3])};
}

bool is_integer_or_bool(dtype t) {
  return t.is_integer() || t.is_bool();
}

dtype sum_result(dtype input) {
  return is_integer_or_bool(input) ? reduction_dtypes_of(input).product : input;
}

dtype mean_result(dtype input, std::optional<dtype> requested) {
  if (requested) return *requested;
  return is_integer_or_bool(input) ? float64 : input;
}

bool casts_first(dtype input, std::optional<dtype> requested) {
  if (!requested) return false;
  if (requested->is_bool()) return true;
  if (requested->is_integer()) return !is_integer_or_bool(input);
  return !can_cast(input, *requested, casting::safe);
}

}  // namespace numcu::detail
