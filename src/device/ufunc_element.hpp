// The body of one element of an elementwise call, shared by the CUDA kernels, the host loops and
// runtime-compiled kernels: the small ufunc_args every kernel receives by value, the loads and stores that
// cast between an operand's dtype and the loop's, and apply_at, which computes one output element.
#pragma once

#include "device/element_types.hpp"
#include "device/ufunc_ops.hpp"

namespace numcu::detail {

/// The largest element: 16 bytes (complex128).
struct element_bytes {
  alignas(16) unsigned char bytes[16];
};

/// The most inputs an elementwise function takes.
inline constexpr int max_inputs = 3;

/// What a kernel needs besides addresses: kept small, since it is passed by value to every launch.
struct ufunc_args {
  bool is_scalar[max_inputs] = {};           // input k is a scalar (else plan operand k + 1)
  bool typed = false;                        // no casts: inputs and output have the loop's dtypes
  dtype_code input_dtypes[max_inputs] = {};  // the dtype of each array input
  element_bytes scalars[max_inputs] = {};    // scalar inputs as elements of their loop dtype
  dtype_code out_dtype = {};                 // the output array's dtype
  ufunc_params params;
};

/// The storage type input K of ufunc U loads as, for a loop of storage type T.
template <ufunc_id U, int K, class T>
using input_t = conditional_t<U == ufunc_id::where && K == 0, bool,
                              conditional_t<U == ufunc_id::ldexp && K == 1, int64_t, T>>;

/// The storage type of the output of ufunc U's loop for storage type T.
template <ufunc_id U, class T>
using output_t = typename storage_of_letter<loop_output(U, letter_of(dtype_of_storage<T>()))>::type;

/// True when ufunc U has a loop for storage type T.
template <ufunc_id U, class T>
inline constexpr bool has_loop_v = loop_output(U, letter_of(dtype_of_storage<T>())) != 0;

/// Functions that work on the storage type itself rather than its compute type.
template <ufunc_id U>
inline constexpr bool computes_in_storage =
    U == ufunc_id::where || U == ufunc_id::nextafter || U == ufunc_id::ldexp;

/// Applies ufunc U's function to the loaded inputs and rounds the result once to the output type O.
template <ufunc_id U, class O, class T, class... Inputs>
NUMCU_HD O apply_ufunc(const ufunc_op<U>& op, Inputs... x) {
  if constexpr (computes_in_storage<U>) {
    return cast<O>(op(x...));
  } else {
    return cast<O>(op(static_cast<compute_t<T>>(x)...));
  }
}

/// Reads an element of run-time dtype @p t at @p p as T.
template <class T>
NUMCU_HD T load_as(const char* p, dtype_code t) {
  switch (t) {
#define NUMCU_LOAD_CASE(name, storage_type, letter, itemsize) \
  case dtype_code::name:                                      \
    return cast<T>(*reinterpret_cast<const storage_type*>(p));
    NUMCU_FOR_EACH_DTYPE(NUMCU_LOAD_CASE)
#undef NUMCU_LOAD_CASE
  }
  return T{};
}

/// Writes @p value as an element of run-time dtype @p t at @p p.
template <class T>
NUMCU_HD void store_as(char* p, dtype_code t, T value) {
  switch (t) {
#define NUMCU_STORE_CASE(name, storage_type, letter, itemsize)       \
  case dtype_code::name:                                             \
    *reinterpret_cast<storage_type*>(p) = cast<storage_type>(value); \
    return;
    NUMCU_FOR_EACH_DTYPE(NUMCU_STORE_CASE)
#undef NUMCU_STORE_CASE
  }
}

/// Input K of a call at address @p p (unused for a scalar): the scalar, the element itself, or the element
/// cast from its dtype.
template <ufunc_id U, int K, class T>
NUMCU_HD input_t<U, K, T> load_input(const ufunc_args& args, const char* p);

/// Reads a scalar input (an element_bytes holding a value of type In).
template <class In>
NUMCU_HD In scalar_value(const element_bytes& e) {
  In v;
  memcpy(static_cast<void*>(&v), e.bytes, sizeof(In));
  return v;
}

template <ufunc_id U, int K, class T>
NUMCU_HD input_t<U, K, T> load_input(const ufunc_args& args, const char* p) {
  using In = input_t<U, K, T>;
  if (args.is_scalar[K]) return scalar_value<In>(args.scalars[K]);
  if (args.typed) return *reinterpret_cast<const In*>(p);
  return load_as<In>(p, args.input_dtypes[K]);
}

/// Applies ufunc U to the inputs at the plan addresses @p p (operand 0 the output) and stores the result.
template <ufunc_id U, class T, class Pointers>
NUMCU_HD void apply_at(const ufunc_op<U>& op, const ufunc_args& args, const Pointers& p) {
  using O = output_t<U, T>;
  constexpr int nin = info_of(U).nin;
  O r;
  if constexpr (nin == 1) {
    r = apply_ufunc<U, O, T>(op, load_input<U, 0, T>(args, p[1]));
  } else if constexpr (nin == 2) {
    r = apply_ufunc<U, O, T>(op, load_input<U, 0, T>(args, p[1]), load_input<U, 1, T>(args, p[2]));
  } else {
    r = apply_ufunc<U, O, T>(op, load_input<U, 0, T>(args, p[1]), load_input<U, 1, T>(args, p[2]),
                             load_input<U, 2, T>(args, p[3]));
  }
  if (args.typed) {
    *reinterpret_cast<O*>(p[0]) = r;
  } else {
    store_as(p[0], args.out_dtype, r);
  }
}

}  // namespace numcu::detail
