// One elementwise call as both backends receive it: the resolved loop, the iteration plan over the output
// and the array inputs, the scalar inputs (already in their loop dtype), and the function's parameters.
#pragma once

#include <array>
#include <cstring>

#include "core/iteration_plan.hpp"
#include "core/scalar_cast.hpp"
#include "device/ufunc_ops.hpp"

namespace numcu::detail {

/// The most inputs an elementwise function takes.
inline constexpr int max_inputs = 3;

/// What a kernel needs besides addresses: kept small, since it is passed by value to every launch.
struct ufunc_args {
  std::array<bool, max_inputs> is_scalar{};         // input k is a scalar (else plan operand k + 1)
  bool typed = false;                               // no casts: inputs and output have the loop's dtypes
  std::array<dtype, max_inputs> input_dtypes;       // the dtype of each array input
  std::array<element_bytes, max_inputs> scalars{};  // scalar inputs as elements of their loop dtype
  dtype out_dtype;                                  // the output array's dtype
  ufunc_params params;
};

struct elementwise_call {
  ufunc_id op;
  int nin = 0;
  iteration_plan plan;  // operand 0 is the output, operand k + 1 input k (no address for a scalar)
  dtype loop_input;     // the loop's input dtype (where: of the value inputs)
  dtype loop_output;    // the loop's output dtype; cast on store when the output array's dtype differs
  ufunc_args args;

  /// The dtype input @p k of ufunc @p u is cast to on load, for a loop whose input dtype is @p loop_input.
  static dtype input_dtype_of(ufunc_id u, dtype loop_input, int k) {
    return u == ufunc_id::where && k == 0 ? bool_ : loop_input;
  }
  /// The dtype input @p k is cast to on load.
  dtype input_dtype_of(int k) const { return input_dtype_of(op, loop_input, k); }
  /// True when no cast is needed: every array input has its loop dtype and the output the loop's output
  /// dtype.
  bool is_typed() const {
    if (args.out_dtype != loop_output) return false;
    for (int k = 0; k < nin; ++k) {
      if (!args.is_scalar[k] && args.input_dtypes[k] != input_dtype_of(k)) return false;
    }
    return true;
  }
};

/// The storage type input K of ufunc U loads as, for a loop of storage type T.
template <ufunc_id U, int K, class T>
using input_t = std::conditional_t<U == ufunc_id::where && K == 0, bool, T>;

/// The storage type of the output of ufunc U's loop for storage type T.
template <ufunc_id U, class T>
using output_t = typename storage_of_letter<loop_output(U, letter_of(dtype_of_storage<T>()))>::type;

/// True when ufunc U has a loop for storage type T.
template <ufunc_id U, class T>
inline constexpr bool has_loop_v = loop_output(U, letter_of(dtype_of_storage<T>())) != 0;

/// Functions that work on the storage type itself rather than its compute type.
template <ufunc_id U>
inline constexpr bool computes_in_storage = U == ufunc_id::where || U == ufunc_id::nextafter;

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
NUMCU_HD T load_as(const char* p, dtype::code t) {
  switch (t) {
#define NUMCU_LOAD_CASE(C) \
  case dtype::code::C:     \
    return cast<T>(*reinterpret_cast<const storage_t<dtype::code::C>*>(p));
    NUMCU_LOAD_CASE(bool_)
    NUMCU_LOAD_CASE(int8)
    NUMCU_LOAD_CASE(int16)
    NUMCU_LOAD_CASE(int32)
    NUMCU_LOAD_CASE(int64)
    NUMCU_LOAD_CASE(uint8)
    NUMCU_LOAD_CASE(uint16)
    NUMCU_LOAD_CASE(uint32)
    NUMCU_LOAD_CASE(uint64)
    NUMCU_LOAD_CASE(float16)
    NUMCU_LOAD_CASE(bfloat16)
    NUMCU_LOAD_CASE(float32)
    NUMCU_LOAD_CASE(float64)
    NUMCU_LOAD_CASE(complex64)
    NUMCU_LOAD_CASE(complex128)
#undef NUMCU_LOAD_CASE
  }
  return T{};
}

/// Writes @p value as an element of run-time dtype @p t at @p p.
template <class T>
NUMCU_HD void store_as(char* p, dtype::code t, T value) {
  switch (t) {
#define NUMCU_STORE_CASE(C)                                                                    \
  case dtype::code::C:                                                                         \
    *reinterpret_cast<storage_t<dtype::code::C>*>(p) = cast<storage_t<dtype::code::C>>(value); \
    return;
    NUMCU_STORE_CASE(bool_)
    NUMCU_STORE_CASE(int8)
    NUMCU_STORE_CASE(int16)
    NUMCU_STORE_CASE(int32)
    NUMCU_STORE_CASE(int64)
    NUMCU_STORE_CASE(uint8)
    NUMCU_STORE_CASE(uint16)
    NUMCU_STORE_CASE(uint32)
    NUMCU_STORE_CASE(uint64)
    NUMCU_STORE_CASE(float16)
    NUMCU_STORE_CASE(bfloat16)
    NUMCU_STORE_CASE(float32)
    NUMCU_STORE_CASE(float64)
    NUMCU_STORE_CASE(complex64)
    NUMCU_STORE_CASE(complex128)
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
  return load_as<In>(p, args.input_dtypes[K].id());
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
    store_as(p[0], args.out_dtype.id(), r);
  }
}

}  // namespace numcu::detail
