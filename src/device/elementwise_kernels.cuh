// The elementwise kernels of every ufunc: the bodies that the three loops of device/elementwise_loops.cuh run
// for a ufunc, compiled by nvcc for the built-in ufuncs (launched from src/cuda/elementwise.cuh):
//  - dense (ufunc_run): every array operand one dense run with the loop's dtypes: one 16-byte vector access
//  per
//    thread and operand;
//  - rows (ufunc_rows): the innermost dimension dense (or constant, a broadcast along it) for every operand,
//    the outer dimensions anything (a row vector added to a matrix): the dense body per row;
//  - general (ufunc_general): any layout and any input dtypes: inputs cast on load, the result cast on store.
#pragma once

#include "device/elementwise_loops.cuh"
#include "device/ufunc_element.hpp"

namespace numcu::detail {

/// Where the inputs of one dense run are: an address, or a value held for the whole run.
template <ufunc_id U, class T>
struct run_inputs {
  const void* ptr[max_inputs];
  bool constant[max_inputs];  // a scalar, or a value broadcast along the run
  input_t<U, 0, T> c0;
  input_t<U, (info_of(U).nin > 1 ? 1 : 0), T> c1;
  input_t<U, (info_of(U).nin > 2 ? 2 : 0), T> c2;
};

/// One dense run of ufunc U with loop storage type T (a Run of device/elementwise_loops.cuh): the inputs
/// dense or constant, the output dense, every dtype the loop's.
template <ufunc_id U, class T>
struct ufunc_run {
  using O = output_t<U, T>;
  static constexpr int nin = info_of(U).nin;
  using in0_t = input_t<U, 0, T>;
  using in1_t = input_t<U, (nin > 1 ? 1 : 0), T>;
  using in2_t = input_t<U, (nin > 2 ? 2 : 0), T>;

  ufunc_op<U> op;
  run_inputs<U, T> in;
  O* out;

  template <int Vec>
  __device__ __forceinline__ void vector(int64_t first) const {
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
  }

  __device__ __forceinline__ void element(int64_t i) const {
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
};

/// The rows of ufunc U with loop storage type T (a Rows of device/elementwise_loops.cuh): every operand
/// dense along a row or, an input, constant along it.
template <ufunc_id U, class T>
struct ufunc_rows {
  char* base[max_inputs + 1];  // operand addresses of row 0 (operand 0 the output)
  bool along[max_inputs];      // input k is constant along a row (stride 0 in the inner dimension)
  ufunc_args args;

  __device__ __forceinline__ ufunc_run<U, T> row(const int64_t (&o)[max_inputs + 1], uint32_t) const {
    constexpr int nin = info_of(U).nin;
    ufunc_run<U, T> run{};
    run.op.params = args.params;
    for (int k = 0; k < nin; ++k) {
      run.in.ptr[k] = base[k + 1] + o[k + 1];
      run.in.constant[k] = args.is_scalar[k] || along[k];
    }
    run.in.c0 = load_input<U, 0, T>(args, base[1] + o[1]);
    if constexpr (nin > 1) run.in.c1 = load_input<U, 1, T>(args, base[2] + o[2]);
    if constexpr (nin > 2) run.in.c2 = load_input<U, 2, T>(args, base[3] + o[3]);
    run.out = reinterpret_cast<output_t<U, T>*>(base[0] + o[0]);
    return run;
  }
};

/// The operand addresses of a plan (operand 0 the output).
struct operand_pointers {
  char* p[max_inputs + 1];
};

/// Any layout and any input dtypes (a Body of device/elementwise_loops.cuh): Element::apply(args, pointers)
/// computes one element at the operands' addresses.
template <class Element>
struct ufunc_general {
  operand_pointers data;
  ufunc_args args;

  __device__ __forceinline__ void at(const int64_t (&o)[max_inputs + 1], uint32_t) const {
    char* const p[max_inputs + 1] = {data.p[0] + o[0], data.p[1] + o[1], data.p[2] + o[2], data.p[3] + o[3]};
    Element::apply(args, p);
  }
};

/// One element of ufunc U with loop storage type T, for ufunc_general.
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
