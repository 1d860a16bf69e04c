// NumPy's ufunc.at (numpy.add.at and its kin) on both backends: each contribution applies the ufunc to the
// target's element and its value, the result cast back to the target's dtype, and the contributions to one
// element apply in their order, each reading what the one before wrote (NumPy's unbuffered loop). The
// contributions come sorted stably by the element they name, so that the ones of an element are together: the
// host folds them one after another, the GPU each element's in one thread.
#pragma once

#include "device/ufunc_element.hpp"

namespace numcu::detail {

/// Calls f.template operator()<U>() for the ufuncs with an `_at` form: add, subtract, multiply, minimum and
/// maximum.
template <class F>
void visit_at_ufunc(ufunc_id u, F&& f) {
  switch (u) {
    case ufunc_id::subtract:
      return f.template operator()<ufunc_id::subtract>();
    case ufunc_id::multiply:
      return f.template operator()<ufunc_id::multiply>();
    case ufunc_id::minimum:
      return f.template operator()<ufunc_id::minimum>();
    case ufunc_id::maximum:
      return f.template operator()<ufunc_id::maximum>();
    default:
      return f.template operator()<ufunc_id::add>();
  }
}

/// One ufunc.at call as the backends receive it.
struct scatter_call {
  ufunc_id op = ufunc_id::add;
  dtype_code loop_input = {};  ///< the loop's input dtype
  ufunc_args args;         ///< input 0: the target's elements, input 1: the values, the output the target's
  char* target = nullptr;  ///< the offsets count from here
  const int64_t* offsets = nullptr;  ///< the element of each contribution, in bytes from target
  const int64_t* order = nullptr;    ///< the contributions, sorted stably by offset
  const char* values = nullptr;      ///< contribution i's value at values + i * value_itemsize
  int64_t value_itemsize = 0;
  int64_t count = 0;  ///< contributions
};

/// Whether contribution order[j] is the first (in order) of those that name its element.
NUMCU_HD inline bool starts_element(const scatter_call& c, int64_t j) {
  return j == 0 || c.offsets[c.order[j]] != c.offsets[c.order[j - 1]];
}

/// Applies contribution order[j] and the ones after it that name the same element, in turn (j: the first of
/// them), ufunc U's loop on storage type T.
template <ufunc_id U, class T>
NUMCU_HD void fold_contributions(const scatter_call& c, int64_t j) {
  ufunc_op<U> op;
  op.params = c.args.params;
  // NumPy's indexed loop for multiply.at multiplies complex numbers by the plain formula, each product
  // rounded on its own, where its multiply loop fuses them
  if constexpr (U == ufunc_id::multiply) op.params.flag = true;
  const int64_t element = c.offsets[c.order[j]];
  char* const target = c.target + element;
  for (; j < c.count && c.offsets[c.order[j]] == element; ++j) {
    char* const p[3] = {target, target, const_cast<char*>(c.values + c.order[j] * c.value_itemsize)};
    apply_at<U, T>(op, c.args, p);
  }
}

}  // namespace numcu::detail
