// The table of reduction dtypes (internal, host-only): NumPy's result dtypes, written out by hand from NumPy 2
// (np.sum(np.zeros(1, t)).dtype, np.mean(...).dtype, np.cumsum(...).dtype), and the device traits the kernels
// are built with (device/reduction_ops.hpp): each compute dtype the table names has kernels, and the extremes
// compare in the type the device takes for them.
#include <doctest/doctest.h>

#include "core/reduction_types.hpp"
#include "core/reduction_call.hpp"
#include "device/reduction_ops.hpp"

namespace nc = numcu;
namespace d = numcu::detail;

TEST_SUITE("reduction types") {
  TEST_CASE("NumPy's result dtypes of sums, scans and means") {
    // np.sum of bool and signed integers is int64, of unsigned ones uint64; the floats and complex keep theirs
    for (const nc::dtype t : {nc::bool_, nc::int8, nc::int16, nc::int32, nc::int64}) CHECK(d::sum_result(t) == nc::int64);
    for (const nc::dtype t : {nc::uint8, nc::uint16, nc::uint32, nc::uint64}) CHECK(d::sum_result(t) == nc::uint64);
    for (const nc::dtype t : {nc::float16, nc::bfloat16, nc::float32, nc::float64, nc::complex64, nc::complex128})
      CHECK(d::sum_result(t) == t);
    // np.mean of integers and bool is float64; of the floats their own; dtype= wins
    CHECK(d::mean_result(nc::int8, std::nullopt) == nc::float64);
    CHECK(d::mean_result(nc::bool_, std::nullopt) == nc::float64);
    CHECK(d::mean_result(nc::float16, std::nullopt) == nc::float16);
    CHECK(d::mean_result(nc::complex64, std::nullopt) == nc::complex64);
    CHECK(d::mean_result(nc::int8, nc::float32) == nc::float32);
    // the moments of integers in float64, of the 16-bit floats in float32
    CHECK(d::reduction_dtypes_of(nc::uint64).moments == nc::float64);
    CHECK(d::reduction_dtypes_of(nc::bfloat16).moments == nc::float32);
    CHECK(d::reduction_dtypes_of(nc::complex128).moments == nc::complex128);
  }

  TEST_CASE("dtype= casts each element first where NumPy's cast gives another value than the accumulator's") {
    CHECK_FALSE(d::casts_first(nc::float32, std::nullopt));
    CHECK(d::casts_first(nc::float64, nc::bool_));    // bool takes each element's truth
    CHECK(d::casts_first(nc::float32, nc::uint8));    // floats into integers by C's cast
    CHECK_FALSE(d::casts_first(nc::int8, nc::uint8));  // integers into integers wrap alike
    CHECK(d::casts_first(nc::float64, nc::float32));  // rounded to dtype= first
    CHECK(d::casts_first(nc::int32, nc::float32));
    CHECK(d::casts_first(nc::float32, nc::float16));
    CHECK_FALSE(d::casts_first(nc::float16, nc::float32));  // float32 holds every float16
    CHECK_FALSE(d::casts_first(nc::int16, nc::float32));
  }

  TEST_CASE("every compute dtype of the table has kernels of its family, and the extremes match the device's") {
    for (int i = 0; i < nc::dtype::count; ++i) {
      const nc::dtype t(static_cast<nc::dtype_code>(i));
      CAPTURE(t.name());
      const d::reduction_dtypes r = d::reduction_dtypes_of(t);
      d::visit_dtype(t.id(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        CHECK(r.extreme.id() == d::dtype_of_storage<d::extreme_compute_t<T>>());
      });
      const auto built = [](d::reduction_family f, nc::dtype c) {
        bool has = false;
        d::visit_reduction_family(f, [&](auto family) {
          has = d::visit_reduction_functor<decltype(family)::value>(c.id(), [](auto) {});
        });
        return has;
      };
      CHECK(built(d::reduction_family::sum, r.sum));
      CHECK(built(d::reduction_family::prod, r.product));
      CHECK(built(d::reduction_family::extreme, r.extreme));
      CHECK(built(d::reduction_family::arg, r.extreme));
      CHECK(built(d::reduction_family::moments, r.moments));
      // the default accumulators read their input as 16-byte vectors (accumulates_in): the sum's of every
      // dtype, the product's of every dtype but the floats it keeps (float32 products stay float32)
      d::visit_dtype(t.id(), [&](auto in_tag) {
        using In = typename decltype(in_tag)::type;
        d::visit_dtype(r.sum.id(), [&](auto c_tag) {
          using C = typename decltype(c_tag)::type;
          CHECK(d::accumulates_in<In, C>);
        });
      });
    }
  }
}
