// One elementwise call as both backends receive it: the resolved loop, the iteration plan over the output
// and the array inputs, and the ufunc_args of its kernels (device/ufunc_element.hpp).
#pragma once

#include <array>
#include <cstddef>

#include "core/iteration_plan.hpp"
#include "device/ufunc_element.hpp"
#include "numcu/dtype.hpp"

namespace numcu::detail {

struct elementwise_call {
  ufunc_id op;
  int nin = 0;
  iteration_plan plan;  // operand 0 is the output, operand k + 1 input k (no address for a scalar)
  dtype loop_input;     // the loop's input dtype (where: of the value inputs)
  dtype loop_output;    // the loop's output dtype; cast on store when the output array's dtype differs
  ufunc_args args;

  /// The dtype input @p k of ufunc @p u is cast to on load, for a loop whose input dtype is @p loop_input.
  static dtype input_dtype_of(ufunc_id u, dtype loop_input, int k) {
    if (u == ufunc_id::where && k == 0) return bool_;
    if (u == ufunc_id::ldexp && k == 1) return int64;  // the exponent, whichever integer loop NumPy picks
    return loop_input;
  }
  /// The dtype input @p k is cast to on load.
  dtype input_dtype_of(int k) const { return input_dtype_of(op, loop_input, k); }
  /// True when no cast is needed: every array input has its loop dtype and the output the loop's output
  /// dtype.
  bool is_typed() const {
    if (args.out_dtype != loop_output.id()) return false;
    for (int k = 0; k < nin; ++k) {
      if (!args.is_scalar[k] && args.input_dtypes[k] != input_dtype_of(k).id()) return false;
    }
    return true;
  }
};

/// A backend's launchers of every ufunc, indexed by ufunc_id. Launchers::of<U>() is the launcher of ufunc U,
/// of type Launchers::launcher (a function pointer); family_launchers<F, Launchers>() sets those of family F
/// and leaves the others null.
template <class Launchers>
using launcher_table = std::array<typename Launchers::launcher, static_cast<std::size_t>(ufunc_id::count)>;

/// Launchers::of<U>() when U belongs to family F (only then is its kernel or loop instantiated), else null.
template <ufunc_family F, ufunc_id U, class Launchers>
constexpr typename Launchers::launcher launcher_in_family() {
  if constexpr (info_of(U).family == F)
    return Launchers::template of<U>();
  else
    return nullptr;
}

/// The launchers of family F, built at compile time from the ufunc table. Each backend instantiates it once
/// per family, in src/cuda/ufunc_<family>.cu and src/host/ufunc_<family>.cpp, so that the families compile
/// in parallel and adding a ufunc needs no edit there.
template <ufunc_family F, class Launchers>
const launcher_table<Launchers>& family_launchers() {
  static constexpr launcher_table<Launchers> table = {
#define NUMCU_UFUNC(name, nin, family, loops) launcher_in_family<F, ufunc_id::name, Launchers>(),
#include "device/ufunc_extra.inc"
#include "device/ufunc_loops.inc"
#undef NUMCU_UFUNC
  };
  return table;
}

/// The launcher of @p u from the family tables of a backend (declared by NUMCU_FAMILY_EXTERN in its
/// elementwise entry, so that no family is instantiated twice).
template <class Launchers>
typename Launchers::launcher launcher_of(ufunc_id u) {
  static const launcher_table<Launchers>* const families[] = {
#define NUMCU_FAMILY_TABLE(family) &family_launchers<ufunc_family::family, Launchers>(),
      NUMCU_FOR_EACH_UFUNC_FAMILY(NUMCU_FAMILY_TABLE)
#undef NUMCU_FAMILY_TABLE
  };
  return (*families[static_cast<std::size_t>(info_of(u).family)])[static_cast<std::size_t>(u)];
}

}  // namespace numcu::detail
