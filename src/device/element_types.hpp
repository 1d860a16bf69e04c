// The C++ type that stores each dtype inside kernels and host loops, and the runtime dtype -> type switch.
#pragma once

#include <cuda/std/complex>
#include <utility>

#include "numcu/dtype.hpp"

namespace numcu::detail {

template <dtype::code C>
struct storage;
template <>
struct storage<dtype::code::bool_> {
  using type = bool;
};
template <>
struct storage<dtype::code::int8> {
  using type = std::int8_t;
};
template <>
struct storage<dtype::code::int16> {
  using type = std::int16_t;
};
template <>
struct storage<dtype::code::int32> {
  using type = std::int32_t;
};
template <>
struct storage<dtype::code::int64> {
  using type = std::int64_t;
};
template <>
struct storage<dtype::code::uint8> {
  using type = std::uint8_t;
};
template <>
struct storage<dtype::code::uint16> {
  using type = std::uint16_t;
};
template <>
struct storage<dtype::code::uint32> {
  using type = std::uint32_t;
};
template <>
struct storage<dtype::code::uint64> {
  using type = std::uint64_t;
};
template <>
struct storage<dtype::code::float16> {
  using type = float16_t;
};
template <>
struct storage<dtype::code::bfloat16> {
  using type = bfloat16_t;
};
template <>
struct storage<dtype::code::float32> {
  using type = float;
};
template <>
struct storage<dtype::code::float64> {
  using type = double;
};
template <>
struct storage<dtype::code::complex64> {
  using type = ::cuda::std::complex<float>;
};
template <>
struct storage<dtype::code::complex128> {
  using type = ::cuda::std::complex<double>;
};

/// The storage type of dtype code C.
template <dtype::code C>
using storage_t = typename storage<C>::type;

/// The dtype whose storage type is T.
template <class T>
constexpr dtype dtype_of_storage() {
  using C = dtype::code;
  if constexpr (std::is_same_v<T, bool>)
    return C::bool_;
  else if constexpr (std::is_same_v<T, std::int8_t>)
    return C::int8;
  else if constexpr (std::is_same_v<T, std::int16_t>)
    return C::int16;
  else if constexpr (std::is_same_v<T, std::int32_t>)
    return C::int32;
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return C::int64;
  else if constexpr (std::is_same_v<T, std::uint8_t>)
    return C::uint8;
  else if constexpr (std::is_same_v<T, std::uint16_t>)
    return C::uint16;
  else if constexpr (std::is_same_v<T, std::uint32_t>)
    return C::uint32;
  else if constexpr (std::is_same_v<T, std::uint64_t>)
    return C::uint64;
  else if constexpr (std::is_same_v<T, float16_t>)
    return C::float16;
  else if constexpr (std::is_same_v<T, bfloat16_t>)
    return C::bfloat16;
  else if constexpr (std::is_same_v<T, float>)
    return C::float32;
  else if constexpr (std::is_same_v<T, double>)
    return C::float64;
  else if constexpr (std::is_same_v<T, ::cuda::std::complex<float>>)
    return C::complex64;
  else
    return C::complex128;
}

/// A value-less stand-in for a type, passed to the functor of visit_dtype.
template <class T>
struct type_tag {
  using type = T;
};

/// Calls f(type_tag<storage type of t>{}): the one runtime-dtype to template switch.
template <class F>
decltype(auto) visit_dtype(dtype t, F&& f) {
  using C = dtype::code;
  switch (t.id()) {
    case C::bool_:
      return f(type_tag<storage_t<C::bool_>>{});
    case C::int8:
      return f(type_tag<storage_t<C::int8>>{});
    case C::int16:
      return f(type_tag<storage_t<C::int16>>{});
    case C::int32:
      return f(type_tag<storage_t<C::int32>>{});
    case C::int64:
      return f(type_tag<storage_t<C::int64>>{});
    case C::uint8:
      return f(type_tag<storage_t<C::uint8>>{});
    case C::uint16:
      return f(type_tag<storage_t<C::uint16>>{});
    case C::uint32:
      return f(type_tag<storage_t<C::uint32>>{});
    case C::uint64:
      return f(type_tag<storage_t<C::uint64>>{});
    case C::float16:
      return f(type_tag<storage_t<C::float16>>{});
    case C::bfloat16:
      return f(type_tag<storage_t<C::bfloat16>>{});
    case C::float32:
      return f(type_tag<storage_t<C::float32>>{});
    case C::float64:
      return f(type_tag<storage_t<C::float64>>{});
    case C::complex64:
      return f(type_tag<storage_t<C::complex64>>{});
    case C::complex128:
      break;
  }
  return f(type_tag<storage_t<C::complex128>>{});
}

/// An aligned group of N elements, loaded and stored with the widest instructions the alignment allows.
template <class T, int N>
struct alignas(sizeof(T) * N) vector_of {
  T values[N];
};

/// A 16-byte element moved as a whole (complex128) by dtype-agnostic kernels.
struct alignas(16) bits128 {
  std::uint64_t lo, hi;
};

/// Calls f(type_tag<bits type>{}) for an element size of 1, 2, 4, 8 or 16 bytes.
template <class F>
decltype(auto) visit_itemsize(std::size_t itemsize, F&& f) {
  switch (itemsize) {
    case 1:
      return f(type_tag<std::uint8_t>{});
    case 2:
      return f(type_tag<std::uint16_t>{});
    case 4:
      return f(type_tag<std::uint32_t>{});
    case 8:
      return f(type_tag<std::uint64_t>{});
    default:
      break;
  }
  return f(type_tag<bits128>{});
}

}  // namespace numcu::detail
