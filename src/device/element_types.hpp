// The C++ type that stores each dtype inside kernels and host loops, and the runtime dtype -> type switches,
// all generated from the one dtype list (numcu/dtype_list.hpp).
#pragma once

#include "device/complex.hpp"
#include "device/traits.hpp"
#include "device/types.hpp"
#include "numcu/dtype_list.hpp"
#include "numcu/half.hpp"

namespace numcu::detail {

using ::numcu::bfloat16_t;
using ::numcu::float16_t;
/// The storage of complex64 elements.
using complex64_t = complex<float>;
/// The storage of complex128 elements.
using complex128_t = complex<double>;

template <dtype_code C>
struct storage;
#define NUMCU_STORAGE(name, storage_type, letter, itemsize) \
  template <>                                               \
  struct storage<dtype_code::name> {                        \
    using type = storage_type;                              \
  };
NUMCU_FOR_EACH_DTYPE(NUMCU_STORAGE)
#undef NUMCU_STORAGE

/// The storage type of dtype code C.
template <dtype_code C>
using storage_t = typename storage<C>::type;

/// The dtype whose storage type is T.
template <class T>
constexpr dtype_code dtype_of_storage() {
#define NUMCU_STORAGE_CODE(name, storage_type, letter, itemsize) \
  if constexpr (is_same_v<T, storage_type>) return dtype_code::name;
  NUMCU_FOR_EACH_DTYPE(NUMCU_STORAGE_CODE)
#undef NUMCU_STORAGE_CODE
}

/// The number of dtypes.
inline constexpr int dtype_count = 0
#define NUMCU_COUNT(name, storage_type, letter, itemsize) +1
    NUMCU_FOR_EACH_DTYPE(NUMCU_COUNT)
#undef NUMCU_COUNT
    ;

/// NumPy's loop letter of each dtype (numpy.dtype.char on LP64 Linux; 'E' for bfloat16).
constexpr char letter_of(dtype_code c) {
  constexpr char letters[] = {
#define NUMCU_LETTER(name, storage_type, letter, itemsize) letter,
      NUMCU_FOR_EACH_DTYPE(NUMCU_LETTER)
#undef NUMCU_LETTER
  };
  return letters[static_cast<int>(c)];
}

/// The dtype of a loop letter (float64 for a letter that is none).
constexpr dtype_code dtype_of_letter(char c) {
  for (int i = 0; i < dtype_count; ++i) {
    if (letter_of(static_cast<dtype_code>(i)) == c) return static_cast<dtype_code>(i);
  }
  return dtype_code::float64;
}

/// A value-less stand-in for a type, passed to the functor of visit_dtype.
template <class T>
struct type_tag {
  using type = T;
};

/// Calls f(type_tag<storage type of c>{}): the one runtime-dtype to template switch.
template <class F>
decltype(auto) visit_dtype(dtype_code c, F&& f) {
  switch (c) {
#define NUMCU_VISIT(name, storage_type, letter, itemsize) \
  case dtype_code::name:                                  \
    return f(type_tag<storage_type>{});
    NUMCU_FOR_EACH_DTYPE(NUMCU_VISIT)
#undef NUMCU_VISIT
  }
  return f(type_tag<bool>{});  // not reached: every code has its case
}

/// An aligned group of N elements, loaded and stored with the widest instructions the alignment allows.
template <class T, int N>
struct alignas(sizeof(T) * N) vector_of {
  T values[N];
};

/// A 16-byte element moved as a whole (complex128) by dtype-agnostic kernels.
struct alignas(16) bits128 {
  uint64_t lo, hi;
};

/// Calls f(type_tag<bits type>{}) for an element size of 1, 2, 4, 8 or 16 bytes.
template <class F>
decltype(auto) visit_itemsize(size_t itemsize, F&& f) {
  switch (itemsize) {
    case 1:
      return f(type_tag<uint8_t>{});
    case 2:
      return f(type_tag<uint16_t>{});
    case 4:
      return f(type_tag<uint32_t>{});
    case 8:
      return f(type_tag<uint64_t>{});
    default:
      break;
  }
  return f(type_tag<bits128>{});
}

}  // namespace numcu::detail
