// The elementwise kernels of every ufunc, compiled by nvcc for the built-in ufuncs (launched from
// src/cuda/elementwise.cuh) and by NVRTC for runtime-compiled ones:
//  - dense: every array operand one dense run with the loop's dtypes: one 16-byte vector access per thread
//    and operand;
//  - rows: the innermost dimension dense (or constant, a broadcast along it) for every operand, the outer
//    dimensions anything (a row vector added to a matrix): the dense body per row, row offsets computed once
//    per block;
//  - general: any layout and any input dtypes: offsets from fast division, inputs cast on load, the result
//    cast on store.
#pragma once

#include "device/launch_geometry.hpp"
#include "device/offset_calculator.hpp"
#include "device/ufunc_element.hpp"

namespace numcu::detail {

/// Elements per thread in the general kernel.
inline constexpr int general_items = 4;

/// Where the inputs of one dense run are: an address, or a value held for the whole run.
template <ufunc_id U, class T>
struct run_inputs {
  const void* ptr[max_inputs];
  bool constant[max_inputs];  // a scalar, or a value broadcast along the run
  input_t<U, 0, T> c0;
  input_t<U, (info_of(U).nin > 1 ? 1 : 0), T> c1;
  input_t<U, (info_of(U).nin > 2 ? 2 : 0), T> c2;
};

/// Elements of one dense run per block: one vector access per thread and operand. Measured on the H200
/// (float32 a + b, 2^28): one access per thread 4.36 TB/s, two 4.33, four 4.29; exp 4.25 / 4.10 / 4.07.
template <int Vec>
inline constexpr int64_t dense_block_elements = int64_t{block_threads} * Vec;

// Computes elements [start, start + dense_block_elements<Vec>) (or to n) of one dense run: the body of the
// dense and rows kernels. Each thread takes one vector of Vec elements; the thread whose vector crosses n
// takes the elements before n one by one.
template <ufunc_id U, class T, int Vec>
__device__ __forceinline__ void dense_run(const ufunc_op<U>& op, const run_inputs<U, T>& in,
                                          output_t<U, T>* out, int64_t start, int64_t n) {
  using O = output_t<U, T>;
  constexpr int nin = info_of(U).nin;
  using in0_t = input_t<U, 0, T>;
  using in1_t = input_t<U, (nin > 1 ? 1 : 0), T>;
  using in2_t = input_t<U, (nin > 2 ? 2 : 0), T>;
  const int64_t first = start + int64_t{threadIdx.x} * Vec;
  if (first + Vec <= n) {
    const int64_t v = first / Vec;
    vector_of<in0_t, Vec> a;
    vector_of<in1_t, Vec> b;
    vector_of<in2_t, Vec> c;
    if (!in.constant[0]) a = static_cast<const vector_of<in0_t, Vec>*>(in.ptr[0])[v];
    if constexpr (nin > 1) {
      if (!in.constant[1]) b = static_cast<const vector_of<in1_t, Vec>*>(in.ptr[1])[v];
    }
    if constexpr (nin > 2) {
      if (!in.constant[2]) c = static_cast<const vector_of<in2_t, Vec>*>(in.ptr[2])[v];
    }
    vector_of<O, Vec> r;
#pragma unroll
    for (int e = 0; e < Vec; ++e) {
      const in0_t x0 = in.constant[0] ? in.c0 : a.values[e];
      if constexpr (nin == 1) {
        r.values[e] = apply_ufunc<U, O, T>(op, x0);
      } else {
        const in1_t x1 = in.constant[1] ? in.c1 : b.values[e];
        if constexpr (nin == 2) {
          r.values[e] = apply_ufunc<U, O, T>(op, x0, x1);
        } else {
          const in2_t x2 = in.constant[2] ? in.c2 : c.values[e];
          r.values[e] = apply_ufunc<U, O, T>(op, x0, x1, x2);
        }
      }
    }
    reinterpret_cast<vector_of<O, Vec>*>(out)[v] = r;
    return;
  }
#pragma unroll 1
  for (int64_t i = first; i < n; ++i) {
    const in0_t x0 = in.constant[0] ? in.c0 : static_cast<const in0_t*>(in.ptr[0])[i];
    if constexpr (nin == 1) {
      out[i] = apply_ufunc<U, O, T>(op, x0);
    } else {
      const in1_t x1 = in.constant[1] ? in.c1 : static_cast<const in1_t*>(in.ptr[1])[i];
      if constexpr (nin == 2) {
        out[i] = apply_ufunc<U, O, T>(op, x0, x1);
      } else {
        const in2_t x2 = in.constant[2] ? in.c2 : static_cast<const in2_t*>(in.ptr[2])[i];
        out[i] = apply_ufunc<U, O, T>(op, x0, x1, x2);
      }
    }
  }
}

template <ufunc_id U, class T, int Vec>
__global__ void __launch_bounds__(block_threads)
    ufunc_dense(run_inputs<U, T> in, output_t<U, T>* out, int64_t n, ufunc_params params) {
  ufunc_op<U> op;
  op.params = params;
  dense_run<U, T, Vec>(op, in, out, blockIdx.x * dense_block_elements<Vec>, n);
}

/// The rows kernel's view of a plan: rows of `inner` elements whose starts come from the outer dimensions.
struct rows_geometry {
  int64_t inner;
  uint32_t rows;
  char* base[max_inputs + 1];  // operand addresses of row 0
  bool along[max_inputs];      // input k is constant along a row (stride 0 in the inner dimension)
};

template <ufunc_id U, class T, int Vec>
__global__ void __launch_bounds__(block_threads)
    ufunc_rows(rows_geometry g, offset_calculator<max_inputs + 1> outer, ufunc_args args) {
  constexpr int nin = info_of(U).nin;
  ufunc_op<U> op;
  op.params = args.params;
  const int64_t start = blockIdx.x * dense_block_elements<Vec>;
  for (uint32_t row = blockIdx.y; row < g.rows; row += gridDim.y) {
    int64_t o[max_inputs + 1];
    outer.get(row, o);
    run_inputs<U, T> in{};
    for (int k = 0; k < nin; ++k) {
      in.ptr[k] = g.base[k + 1] + o[k + 1];
      in.constant[k] = args.is_scalar[k] || g.along[k];
    }
    in.c0 = load_input<U, 0, T>(args, g.base[1] + o[1]);
    if constexpr (nin > 1) in.c1 = load_input<U, 1, T>(args, g.base[2] + o[2]);
    if constexpr (nin > 2) in.c2 = load_input<U, 2, T>(args, g.base[3] + o[3]);
    dense_run<U, T, Vec>(op, in, reinterpret_cast<output_t<U, T>*>(g.base[0] + o[0]), start, g.inner);
  }
}

/// The operand addresses of a plan (operand 0 the output), passed by value to general_kernel.
struct operand_pointers {
  char* p[max_inputs + 1];
};

/// Any layout and any input dtypes: each thread computes general_items elements at offsets from fast
/// division. Body::apply(args, pointers) computes one element (pointers: the plan's operand addresses).
template <class Body>
__global__ void __launch_bounds__(block_threads)
    general_kernel(offset_calculator<max_inputs + 1> offsets, operand_pointers data, uint32_t n,
                   ufunc_args args) {
  const uint32_t base = blockIdx.x * (block_threads * general_items) + threadIdx.x;
#pragma unroll
  for (int item = 0; item < general_items; ++item) {
    const uint32_t i = base + item * block_threads;
    if (i >= n) return;
    int64_t o[max_inputs + 1];
    offsets.get(i, o);
    char* const p[max_inputs + 1] = {data.p[0] + o[0], data.p[1] + o[1], data.p[2] + o[2], data.p[3] + o[3]};
    Body::apply(args, p);
  }
}

/// One element of ufunc U with loop storage type T, for general_kernel.
template <ufunc_id U, class T>
struct ufunc_element {
  template <class Pointers>
  __device__ static void apply(const ufunc_args& args, const Pointers& p) {
    ufunc_op<U> op;
    op.params = args.params;
    apply_at<U, T>(op, args, p);
  }
};

}  // namespace numcu::detail
