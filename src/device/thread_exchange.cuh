// What the threads of a warp or a block exchange in the reduction and scan kernels: shuffles of a value of any
// trivially copyable type (a complex number, an argmax key), word by word (memcpy: the device built-in, which
// NVRTC has too), and raw arrays in shared memory.
#pragma once

namespace numcu::detail {

/// Which lane a shuffle reads: @p arg lanes down, @p arg lanes up, or lane @p arg.
enum class shuffle_kind { down, up, from };

template <shuffle_kind K, class T>
__device__ __forceinline__ T shuffle_words(const T& value, int arg, int width) {
  constexpr int words = (sizeof(T) + 3) / 4;
  unsigned w[words] = {};
  memcpy(w, &value, sizeof(T));
#pragma unroll
  for (int k = 0; k < words; ++k) {
    if constexpr (K == shuffle_kind::down) {
      w[k] = __shfl_down_sync(0xffffffffu, w[k], arg, width);
    } else if constexpr (K == shuffle_kind::up) {
      w[k] = __shfl_up_sync(0xffffffffu, w[k], arg, width);
    } else {
      w[k] = __shfl_sync(0xffffffffu, w[k], arg, width);
    }
  }
  T r;
  memcpy(&r, w, sizeof(T));
  return r;
}

/// A value moved down by @p delta lanes within groups of @p width lanes of the warp.
template <class T>
__device__ __forceinline__ T shuffle_down(const T& value, int delta, int width = 32) {
  return shuffle_words<shuffle_kind::down>(value, delta, width);
}

/// A value moved up by @p delta lanes within the warp (a lane below delta keeps its own).
template <class T>
__device__ __forceinline__ T shuffle_up(const T& value, int delta) {
  return shuffle_words<shuffle_kind::up>(value, delta, 32);
}

/// Lane @p lane's value, in every lane of the warp.
template <class T>
__device__ __forceinline__ T shuffle_from(const T& value, int lane) {
  return shuffle_words<shuffle_kind::from>(value, lane, 32);
}

/// Shared memory for @p N values of type T, one array per (T, N) (a raw buffer: T need not be
/// default-constructible there).
template <class T, int N>
__device__ __forceinline__ T* shared_array() {
  __shared__ alignas(16) unsigned char buffer[N * sizeof(T)];
  return reinterpret_cast<T*>(buffer);
}

}  // namespace numcu::detail
