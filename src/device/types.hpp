// Fixed-width integer types for code that runs on the device, named the same whichever compiler reads it.
//
// Kernels are compiled by nvcc and, at run time, by NVRTC, which has no standard library: there the types are
// the built-in ones that glibc's <cstdint> names on 64-bit Linux (long for 64 bits, checked below), so that
// runtime-compiled kernels need no header outside numcu's own (libcu++'s <cuda/std/cstdint> would cost
// about 10 ms of NVRTC time and a toolkit at run time); everywhere else from <cstdint> and <cstddef>, so that
// on the host numcu::detail::int64_t is exactly std::int64_t and code that mixes the two names still agrees
// on every type.
#pragma once

#if !defined(__CUDACC_RTC__)
#include <cstddef>
#include <cstdint>
#endif

#include "numcu/config.hpp"  // NUMCU_HD

namespace numcu::detail {

#if defined(__CUDACC_RTC__)
/// Signed integer of exactly 8 bits.
using int8_t = signed char;
/// Signed integer of exactly 16 bits.
using int16_t = short;
/// Signed integer of exactly 32 bits.
using int32_t = int;
/// Signed integer of exactly 64 bits.
using int64_t = long;
/// Unsigned integer of exactly 8 bits.
using uint8_t = unsigned char;
/// Unsigned integer of exactly 16 bits.
using uint16_t = unsigned short;
/// Unsigned integer of exactly 32 bits.
using uint32_t = unsigned int;
/// Unsigned integer of exactly 64 bits.
using uint64_t = unsigned long;
/// Unsigned integer type of sizeof's result.
using size_t = decltype(sizeof(0));
/// Unsigned integer that holds any object pointer.
using uintptr_t = unsigned long;
static_assert(sizeof(int64_t) == 8 && sizeof(uintptr_t) == sizeof(void*), "an LP64 target");
#else
/// Signed integer of exactly 8 bits.
using int8_t = std::int8_t;
/// Signed integer of exactly 16 bits.
using int16_t = std::int16_t;
/// Signed integer of exactly 32 bits.
using int32_t = std::int32_t;
/// Signed integer of exactly 64 bits.
using int64_t = std::int64_t;
/// Unsigned integer of exactly 8 bits.
using uint8_t = std::uint8_t;
/// Unsigned integer of exactly 16 bits.
using uint16_t = std::uint16_t;
/// Unsigned integer of exactly 32 bits.
using uint32_t = std::uint32_t;
/// Unsigned integer of exactly 64 bits.
using uint64_t = std::uint64_t;
/// Unsigned integer type of sizeof's result.
using size_t = std::size_t;
/// Unsigned integer that holds any object pointer.
using uintptr_t = std::uintptr_t;
#endif

}  // namespace numcu::detail
