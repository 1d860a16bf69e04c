// Elementwise kernels for every ufunc: a vectorized kernel for dense operands that already have the loop's
// dtypes (16-byte accesses, several per thread), and a general kernel for any layout and any input dtypes
// (offsets from fast division, inputs cast to the loop dtype as they are loaded, the result cast on store).
#pragma once

#include "core/elementwise_call.hpp"
#include "cuda/launch.cuh"
#include "cuda/offset_calculator.cuh"

namespace numcu::detail::cuda {

/// Vector accesses per thread and input in the dense kernel.
inline constexpr int elementwise_unroll = 4;
/// Elements per thread in the general kernel.
inline constexpr int general_items = 4;

/// Elements per access so that no input or output moves more than 16 bytes per instruction.
template <ufunc_id U, class T>
constexpr int ufunc_vector_width() {
  constexpr std::size_t large = sizeof(T) > sizeof(output_t<U, T>) ? sizeof(T) : sizeof(output_t<U, T>);
  return large >= 16 ? 1 : static_cast<int>(16 / large);
}

/// The addresses of the dense kernel; a scalar input has none.
template <ufunc_id U, class T, int Nin, int Vec>
struct dense_pointers {
  const void* in[max_inputs];
  output_t<U, T>* out;
};

// The dense kernel: inputs are loaded Vec at a time (a scalar input is one broadcast value).
template <ufunc_id U, class T, int Nin, int Vec>
__global__ void __launch_bounds__(block_threads)
    ufunc_dense(dense_pointers<U, T, Nin, Vec> ptrs, std::int64_t n, ufunc_args args) {
  using O = output_t<U, T>;
  constexpr std::int64_t per_block = std::int64_t{block_threads} * Vec * elementwise_unroll;
  const std::int64_t start = blockIdx.x * per_block;
  ufunc_op<U> op;
  op.params = args.params;
  // the tail of the last block, one element at a time
  auto value = [&](auto k_tag, std::int64_t i) {
    constexpr int K = decltype(k_tag)::value;
    using In = input_t<U, K, T>;
    if (args.plan_index[K] < 0) return scalar_value<In>(args.scalars[K]);
    return static_cast<const In*>(ptrs.in[K])[i];
  };
  auto compute = [&](std::int64_t i) -> O {
    if constexpr (Nin == 1) {
      return apply_ufunc<U, O, T>(op, value(std::integral_constant<int, 0>{}, i));
    } else if constexpr (Nin == 2) {
      return apply_ufunc<U, O, T>(op, value(std::integral_constant<int, 0>{}, i), value(std::integral_constant<int, 1>{}, i));
    } else {
      return apply_ufunc<U, O, T>(op, value(std::integral_constant<int, 0>{}, i), value(std::integral_constant<int, 1>{}, i),
                                  value(std::integral_constant<int, 2>{}, i));
    }
  };
  if (start + per_block <= n) {
    // Load every input vector of this thread first, then compute and store: all loads are in flight together.
    using in0_t = input_t<U, 0, T>;
    using in1_t = input_t<U, (Nin > 1 ? 1 : 0), T>;
    using in2_t = input_t<U, (Nin > 2 ? 2 : 0), T>;
    vector_of<in0_t, Vec> a[elementwise_unroll];
    vector_of<in1_t, Vec> b[elementwise_unroll];
    vector_of<in2_t, Vec> c[elementwise_unroll];
#pragma unroll
    for (int u = 0; u < elementwise_unroll; ++u) {
      const std::int64_t v = (start / Vec) + u * block_threads + threadIdx.x;
      if (args.plan_index[0] >= 0) a[u] = static_cast<const vector_of<in0_t, Vec>*>(ptrs.in[0])[v];
      if constexpr (Nin > 1) {
        if (args.plan_index[1] >= 0) b[u] = static_cast<const vector_of<in1_t, Vec>*>(ptrs.in[1])[v];
      }
      if constexpr (Nin > 2) {
        if (args.plan_index[2] >= 0) c[u] = static_cast<const vector_of<in2_t, Vec>*>(ptrs.in[2])[v];
      }
    }
    const in0_t s0 = args.plan_index[0] < 0 ? scalar_value<in0_t>(args.scalars[0]) : in0_t{};
    const in1_t s1 = Nin > 1 && args.plan_index[1] < 0 ? scalar_value<in1_t>(args.scalars[1]) : in1_t{};
    const in2_t s2 = Nin > 2 && args.plan_index[2] < 0 ? scalar_value<in2_t>(args.scalars[2]) : in2_t{};
#pragma unroll
    for (int u = 0; u < elementwise_unroll; ++u) {
      vector_of<O, Vec> r;
#pragma unroll
      for (int e = 0; e < Vec; ++e) {
        const in0_t x0 = args.plan_index[0] >= 0 ? a[u].values[e] : s0;
        if constexpr (Nin == 1) {
          r.values[e] = apply_ufunc<U, O, T>(op, x0);
        } else {
          const in1_t x1 = args.plan_index[1] >= 0 ? b[u].values[e] : s1;
          if constexpr (Nin == 2) {
            r.values[e] = apply_ufunc<U, O, T>(op, x0, x1);
          } else {
            const in2_t x2 = args.plan_index[2] >= 0 ? c[u].values[e] : s2;
            r.values[e] = apply_ufunc<U, O, T>(op, x0, x1, x2);
          }
        }
      }
      reinterpret_cast<vector_of<O, Vec>*>(ptrs.out)[(start / Vec) + u * block_threads + threadIdx.x] = r;
    }
  } else {
    for (std::int64_t i = start + threadIdx.x; i < n; i += block_threads) ptrs.out[i] = compute(i);
  }
}

// The general kernel: any strides, inputs of any dtype cast on load, the output cast on store.
template <ufunc_id U, class T, int Nin>
__global__ void __launch_bounds__(block_threads)
    ufunc_general(offset_calculator<max_inputs + 1> offsets, std::array<char*, max_inputs + 1> data, std::uint32_t n,
                  ufunc_args args) {
  using O = output_t<U, T>;
  ufunc_op<U> op;
  op.params = args.params;
  const std::uint32_t base = blockIdx.x * (block_threads * general_items) + threadIdx.x;
#pragma unroll
  for (int item = 0; item < general_items; ++item) {
    const std::uint32_t i = base + item * block_threads;
    if (i >= n) return;
    std::int64_t o[max_inputs + 1];
    offsets.get(i, o);
    auto value = [&](auto k_tag) {
      constexpr int K = decltype(k_tag)::value;
      using In = input_t<U, K, T>;
      const int p = args.plan_index[K];
      if (p < 0) return scalar_value<In>(args.scalars[K]);
      return load_as<In>(data[p] + o[p], args.input_dtypes[K].id());
    };
    O r;
    if constexpr (Nin == 1) {
      r = apply_ufunc<U, O, T>(op, value(std::integral_constant<int, 0>{}));
    } else if constexpr (Nin == 2) {
      r = apply_ufunc<U, O, T>(op, value(std::integral_constant<int, 0>{}), value(std::integral_constant<int, 1>{}));
    } else {
      r = apply_ufunc<U, O, T>(op, value(std::integral_constant<int, 0>{}), value(std::integral_constant<int, 1>{}),
                               value(std::integral_constant<int, 2>{}));
    }
    if (args.out_dtype == dtype_of_storage<O>()) {
      *reinterpret_cast<O*>(data[0] + o[0]) = r;
    } else {
      store_as(data[0] + o[0], args.out_dtype.id(), r);
    }
  }
}

/// Runs ufunc U for one call on the current stream.
template <ufunc_id U>
void launch_ufunc(const elementwise_call& call, cudaStream_t stream) {
  constexpr int nin = info_of(U).nin;
  visit_dtype(call.loop_input, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (has_loop_v<U, T>) {
      constexpr int vec = ufunc_vector_width<U, T>();
      const std::int64_t n = call.plan.numel;
      bool aligned = true;
      for (int k = 0; k < call.plan.noperands; ++k) aligned = aligned && is_aligned(call.plan.data[k], 16);
      if (call.is_fast() && (aligned || vec == 1)) {
        dense_pointers<U, T, nin, vec> ptrs{};
        for (int k = 0; k < nin; ++k) ptrs.in[k] = call.args.plan_index[k] >= 0 ? call.plan.data[call.args.plan_index[k]] : nullptr;
        ptrs.out = reinterpret_cast<output_t<U, T>*>(call.plan.data[0]);
        ufunc_dense<U, T, nin, vec><<<grid_for(n, std::int64_t{block_threads} * vec * elementwise_unroll), block_threads, 0, stream>>>(ptrs, n, call.args);
        NUMCU_CHECK_LAUNCH();
        return;
      }
      for_each_sub_plan(call.plan, max_32bit_numel, [&](const iteration_plan& piece) {
        const offset_calculator<max_inputs + 1> offsets(piece);
        std::array<char*, max_inputs + 1> data{};
        for (int k = 0; k < piece.noperands; ++k) data[k] = piece.data[k];
        ufunc_general<U, T, nin><<<grid_for(piece.numel, block_threads * general_items), block_threads, 0, stream>>>(
            offsets, data, static_cast<std::uint32_t>(piece.numel), call.args);
        NUMCU_CHECK_LAUNCH();
      });
    }
  });
}

}  // namespace numcu::detail::cuda
