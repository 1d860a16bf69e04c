/// @file dtype_list.hpp
/// @brief The one list of numcu's dtypes, from which the dtype enum, names, letters, sizes, the runtime
/// dtype switches and the kernel instantiation lists are generated.
///
/// Also compiled by NVRTC inside runtime-compiled kernels: it includes nothing.
#pragma once

/// Calls `X(name, storage, letter, itemsize)` for every dtype, in the order of numcu's tables (NumPy's
/// promotion order): `name` is the dtype's name (`nc::name`, `dtype::code::name`; NumPy's, but `bool_`);
/// `storage` the type its elements have inside kernels and host loops (resolved in `numcu::detail`,
/// src/device/element_types.hpp); `letter` NumPy's type character (`dtype.char` on LP64 Linux; 'E' for
/// bfloat16, which NumPy lacks); `itemsize` its size in bytes.
#define NUMCU_FOR_EACH_DTYPE(X)     \
  X(bool_, bool, '?', 1)            \
  X(int8, int8_t, 'b', 1)           \
  X(int16, int16_t, 'h', 2)         \
  X(int32, int32_t, 'i', 4)         \
  X(int64, int64_t, 'l', 8)         \
  X(uint8, uint8_t, 'B', 1)         \
  X(uint16, uint16_t, 'H', 2)       \
  X(uint32, uint32_t, 'I', 4)       \
  X(uint64, uint64_t, 'L', 8)       \
  X(float16, float16_t, 'e', 2)     \
  X(bfloat16, bfloat16_t, 'E', 2)   \
  X(float32, float, 'f', 4)         \
  X(float64, double, 'd', 8)        \
  X(complex64, complex64_t, 'F', 8) \
  X(complex128, complex128_t, 'D', 16)

namespace numcu {

/// The code of each dtype (dtype::code), in the order of NUMCU_FOR_EACH_DTYPE.
enum class dtype_code : unsigned char {
#define NUMCU_DTYPE_ENUM(name, storage, letter, itemsize) name,
  NUMCU_FOR_EACH_DTYPE(NUMCU_DTYPE_ENUM)
#undef NUMCU_DTYPE_ENUM
};

}  // namespace numcu
