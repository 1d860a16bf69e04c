// The ufunc table: every elementwise function numcu implements, with NumPy's own loop list
// (src/core/ufunc_loops.inc, generated from NumPy), which decides result dtypes exactly as NumPy does.
// Compile-time queries pick the kernels to instantiate; run-time queries resolve a call's loop.
#pragma once

#include <string_view>

#include "device/element_types.hpp"
#include "numcu/dtype.hpp"

namespace numcu::detail {

enum class ufunc_id : int {
#define NUMCU_UFUNC(name, nin, loops) name,
#include "core/ufunc_extra.inc"
#include "core/ufunc_loops.inc"
#undef NUMCU_UFUNC
  count
};

struct ufunc_info {
  std::string_view name;
  int nin;
  std::string_view loops;  // "ff->f,dd->d": input letters -> output letter
};

inline constexpr ufunc_info ufunc_table[] = {
#define NUMCU_UFUNC(name, nin, loops) {#name, nin, loops},
#include "core/ufunc_extra.inc"
#include "core/ufunc_loops.inc"
#undef NUMCU_UFUNC
};
static_assert(sizeof(ufunc_table) / sizeof(ufunc_table[0]) == static_cast<int>(ufunc_id::count));

constexpr const ufunc_info& info_of(ufunc_id u) {
  return ufunc_table[static_cast<int>(u)];
}

/// The loop letter of a dtype (numpy.dtype.char on LP64 Linux; 'E' for bfloat16).
constexpr char letter_of(dtype t) {
  constexpr char letters[dtype::count] = {'?', 'b', 'h', 'i', 'l', 'B', 'H', 'I',
                                          'L', 'e', 'E', 'f', 'd', 'F', 'D'};
  return letters[t.index()];
}

/// The dtype of a loop letter.
constexpr dtype dtype_of_letter(char c) {
  for (int i = 0; i < dtype::count; ++i) {
    const dtype t(static_cast<dtype::code>(i));
    if (letter_of(t) == c) return t;
  }
  return float64;
}

/// The first loop of @p u (as "ff->f") whose input letter @p accept takes, or an empty view. The inputs of a
/// loop share one letter, but for where's bool condition, so the last input's letter stands for all.
template <class Accept>
constexpr std::string_view find_loop(ufunc_id u, Accept accept) {
  const std::string_view loops = info_of(u).loops;
  const auto nin = static_cast<std::size_t>(info_of(u).nin);
  std::size_t start = 0;
  while (start < loops.size()) {
    std::size_t end = loops.find(',', start);
    if (end == std::string_view::npos) end = loops.size();
    const std::string_view loop = loops.substr(start, end - start);
    if (accept(loop[nin - 1])) return loop;
    start = end + 1;
  }
  return {};
}

/// The output letter of the loop of @p u whose inputs are @p in, or 0 when there is none.
constexpr char loop_output(ufunc_id u, char in) {
  const std::string_view loop = find_loop(u, [in](char c) { return c == in; });
  return loop.empty() ? 0 : loop[static_cast<std::size_t>(info_of(u).nin) + 2];
}

/// The storage type of dtype letter C.
template <char C>
struct storage_of_letter {
  using type = storage_t<dtype_of_letter(C).id()>;
};


}  // namespace numcu::detail
