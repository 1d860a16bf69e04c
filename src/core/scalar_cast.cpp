#include "core/scalar_cast.hpp"

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <string>

#include "device/cast.hpp"
#include "device/element_types.hpp"
#include "numcu/error.hpp"

namespace numcu::detail {
namespace {

template <class T>
void check_integer_fits(const scalar& value, dtype t) {
  bool fits;
  std::string text;
  if (value.is_large_unsigned()) {
    fits = std::numeric_limits<T>::max() >= value.uint_value() && std::is_unsigned_v<T>;
    text = std::to_string(value.uint_value());
  } else {
    const std::int64_t v = value.int_value();
    if constexpr (std::is_unsigned_v<T>) {
      fits = v >= 0 && static_cast<std::uint64_t>(v) <= std::numeric_limits<T>::max();
    } else {
      fits = v >= std::numeric_limits<T>::min() && v <= std::numeric_limits<T>::max();
    }
    text = std::to_string(v);
  }
  if (!fits) throw dtype_error("Python integer " + text + " out of bounds for " + std::string(t.name()));
}

}  // namespace

element_bytes scalar_to_element(const scalar& value, dtype t, bool wrap_integers) {
  element_bytes out{};
  visit_dtype(t.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T element{};
    switch (value.kind()) {
      case scalar_kind::boolean:
        element = cast<T>(value.int_value() != 0);
        break;
      case scalar_kind::integer:
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
          if (!wrap_integers) check_integer_fits<T>(value, t);
        }
        element = value.is_large_unsigned() ? cast<T>(value.uint_value()) : cast<T>(value.int_value());
        break;
      case scalar_kind::floating:
        element = cast<T>(value.real());
        break;
      case scalar_kind::complex:
        element = cast<T>(complex<double>(value.real(), value.imag()));
        break;
    }
    std::memcpy(out.bytes, static_cast<const void*>(&element), sizeof(T));
  });
  return out;
}

std::complex<double> complex_value(const scalar& value) {
  switch (value.kind()) {
    case scalar_kind::boolean:
    case scalar_kind::integer:
      return value.is_large_unsigned() ? static_cast<double>(value.uint_value())
                                       : static_cast<double>(value.int_value());
    case scalar_kind::floating:
      return value.real();
    case scalar_kind::complex:
      return {value.real(), value.imag()};
  }
  return 0;
}

void require_storable(const scalar& value, dtype t) {
  if (t.is_bool() || t.is_complex()) return;  // bool stores the truth of anything; complex any number
  if (value.kind() == scalar_kind::complex) {
    throw dtype_error(t.is_integer() ? "int() argument must be a string, a bytes-like object or a real number, not "
                                       "'complex'"
                                     : "float() argument must be a string or a real number, not 'complex'");
  }
  if (value.kind() != scalar_kind::floating || !t.is_integer()) {
    scalar_to_element(value, t);  // an integer's range check
    return;
  }
  const double v = value.real();
  if (std::isnan(v)) throw dtype_error("cannot convert float NaN to integer");
  if (std::isinf(v)) throw dtype_error("cannot convert float infinity to integer");
  // Python's int(v), then stored as a C long (or, for uint64, an unsigned long)
  const double whole = std::trunc(v);
  const bool fits_long = whole >= -0x1p63 && whole < 0x1p63;
  const bool fits_unsigned_long = t == uint64 && whole >= 0 && whole < 0x1p64;
  if (!fits_long && !fits_unsigned_long) {
    throw dtype_error("Python int too large to convert to C long");
  }
  scalar_to_element(fits_long ? scalar(static_cast<std::int64_t>(whole)) : scalar(static_cast<std::uint64_t>(whole)),
                    t);
}

scalar stored_scalar(const scalar& value, dtype t) {
  require_storable(value, t);
  const element_bytes e = scalar_to_element(value, t);
  return visit_dtype(t.id(), [&](auto tag) -> scalar {
    using T = typename decltype(tag)::type;
    T element;
    std::memcpy(static_cast<void*>(&element), e.bytes, sizeof(T));
    if constexpr (is_complex_v<T>) {
      return scalar(
          std::complex<double>(static_cast<double>(element.real()), static_cast<double>(element.imag())));
    } else {
      return scalar(element);
    }
  });
}

}  // namespace numcu::detail
