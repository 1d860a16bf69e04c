// Launch geometry shared by the kernel families.
#pragma once

#include <cstdint>

#include "cuda/runtime.hpp"

namespace numcu::detail {

/// Threads per block of the elementwise-style kernels: 256 keeps 8 blocks of a multiprocessor resident.
inline constexpr int block_threads = 256;

/// An aligned group of N elements, loaded and stored with the widest instructions the alignment allows.
template <class T, int N>
struct alignas(sizeof(T) * N) vector_of {
  T values[N];
};

/// Elements per 16-byte access for the smaller of two element types, capped so the larger group is at most 64 B.
template <class A, class B>
constexpr int vector_width() {
  constexpr std::size_t small = sizeof(A) < sizeof(B) ? sizeof(A) : sizeof(B);
  constexpr std::size_t large = sizeof(A) < sizeof(B) ? sizeof(B) : sizeof(A);
  constexpr std::size_t by_small = 16 / small;
  constexpr std::size_t by_large = 64 / large;
  return static_cast<int>(by_small < by_large ? by_small : by_large);
}

/// True when @p p is aligned for groups of @p bytes.
inline bool is_aligned(const void* p, std::size_t bytes) { return reinterpret_cast<std::uintptr_t>(p) % bytes == 0; }

/// Blocks needed to cover @p n items with @p per_block items each.
inline unsigned grid_for(std::int64_t n, std::int64_t per_block) {
  return static_cast<unsigned>((n + per_block - 1) / per_block);
}

}  // namespace numcu::detail
