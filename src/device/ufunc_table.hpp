// The ufunc table: every elementwise function numcu implements, with NumPy's own loop list
// (device/ufunc_loops.inc, generated from NumPy), which decides result dtypes exactly as NumPy does, and
// numcu's own (device/ufunc_extra.inc). Compile-time queries pick the kernels to instantiate; the host's type
// resolution (core/type_resolution.hpp) searches the same lists at run time.
#pragma once

#include "device/element_types.hpp"

namespace numcu::detail {

/// The families of ufuncs, each instantiated in its own translation unit per backend
/// (src/cuda/ufunc_<family>.cu, src/host/ufunc_<family>.cpp) so that they compile in parallel.
#define NUMCU_FOR_EACH_UFUNC_FAMILY(X) \
  X(arithmetic) X(comparison) X(exp_log) X(logical) X(rounding) X(trigonometric)

enum class ufunc_family : int {
#define NUMCU_FAMILY_ENUM(family) family,
  NUMCU_FOR_EACH_UFUNC_FAMILY(NUMCU_FAMILY_ENUM)
#undef NUMCU_FAMILY_ENUM
      two_outputs,  // divmod's partners modf and frexp: loops of device/special_loops.hpp, in no family table
};

enum class ufunc_id : int {
#define NUMCU_UFUNC(name, nin, family, loops) name,
#include "device/ufunc_extra.inc"
#include "device/ufunc_loops.inc"
#undef NUMCU_UFUNC
  count
};

/// One row of the table.
struct ufunc_info {
  const char* name;
  int nin;
  ufunc_family family;
  const char* loops;  // "ff->f,dd->d": input letters -> output letter
};

inline constexpr ufunc_info ufunc_table[] = {
#define NUMCU_UFUNC(name, nin, family, loops) {#name, nin, ufunc_family::family, loops},
#include "device/ufunc_extra.inc"
#include "device/ufunc_loops.inc"
#undef NUMCU_UFUNC
};
static_assert(sizeof(ufunc_table) / sizeof(ufunc_table[0]) == static_cast<int>(ufunc_id::count));

constexpr const ufunc_info& info_of(ufunc_id u) {
  return ufunc_table[static_cast<int>(u)];
}

/// The name NumPy's messages give the ufunc: "divide" for true_divide (NumPy 2 has one ufunc under both names).
constexpr const char* numpy_name(ufunc_id u) {
  return u == ufunc_id::true_divide ? "divide" : info_of(u).name;
}

/// The input whose letter stands for a loop's: the inputs of a loop share one letter but for where's bool
/// condition (the last input stands) and ldexp's integer exponent (the first stands).
constexpr int representative_input(ufunc_id u) {
  return u == ufunc_id::ldexp ? 0 : info_of(u).nin - 1;
}

/// The position in info_of(u).loops of the first loop (as "ff->f") that @p accept takes, given the loop's
/// text (its input letters first), or -1.
template <class Accept>
constexpr int find_loop_where(ufunc_id u, Accept accept) {
  const char* loops = info_of(u).loops;
  int start = 0;
  while (loops[start] != 0) {
    if (accept(loops + start)) return start;
    while (loops[start] != 0 && loops[start] != ',') ++start;
    if (loops[start] == ',') ++start;
  }
  return -1;
}

/// The position in info_of(u).loops of the first loop whose representative input letter @p accept takes,
/// or -1.
template <class Accept>
constexpr int find_loop(ufunc_id u, Accept accept) {
  return find_loop_where(u, [u, &accept](const char* loop) { return accept(loop[representative_input(u)]); });
}

/// The output letter of the loop of @p u whose inputs are @p in, or 0 when there is none.
constexpr char loop_output(ufunc_id u, char in) {
  const int k = find_loop(u, [in](char c) { return c == in; });
  return k < 0 ? 0 : info_of(u).loops[k + info_of(u).nin + 2];
}

/// The storage type of dtype letter C.
template <char C>
struct storage_of_letter {
  using type = storage_t<dtype_of_letter(C)>;
};

}  // namespace numcu::detail
