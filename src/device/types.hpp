// Fixed-width integer types for code that runs on the device, named the same whichever compiler reads it.
//
// Kernels are compiled by nvcc and, at run time, by NVRTC, which has no standard library: there the types
// come from libcu++'s <cuda/std/cstdint> and <cuda/std/cstddef> (about 10 ms of NVRTC time together),
// everywhere else from <cstdint> and <cstddef>, so that on the host numcu::detail::int64_t is exactly
// std::int64_t and code that mixes the two names still agrees on every type.
#pragma once

#if defined(__CUDACC_RTC__)
#include <cuda/std/cstddef>
#include <cuda/std/cstdint>
#else
#include <cstddef>
#include <cstdint>
#endif

#include "numcu/config.hpp"  // NUMCU_HD

namespace numcu::detail {

#if defined(__CUDACC_RTC__)
/// Signed integer of exactly 8 bits.
using int8_t = ::cuda::std::int8_t;
/// Signed integer of exactly 16 bits.
using int16_t = ::cuda::std::int16_t;
/// Signed integer of exactly 32 bits.
using int32_t = ::cuda::std::int32_t;
/// Signed integer of exactly 64 bits.
using int64_t = ::cuda::std::int64_t;
/// Unsigned integer of exactly 8 bits.
using uint8_t = ::cuda::std::uint8_t;
/// Unsigned integer of exactly 16 bits.
using uint16_t = ::cuda::std::uint16_t;
/// Unsigned integer of exactly 32 bits.
using uint32_t = ::cuda::std::uint32_t;
/// Unsigned integer of exactly 64 bits.
using uint64_t = ::cuda::std::uint64_t;
/// Unsigned integer type of sizeof's result.
using size_t = ::cuda::std::size_t;
/// Unsigned integer that holds any object pointer.
using uintptr_t = ::cuda::std::uintptr_t;
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
