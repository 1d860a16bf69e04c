// NumPy 2's type resolution of an elementwise call (core/type_resolution.hpp).
#include "core/type_resolution.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <optional>

#include "core/scalar_cast.hpp"
#include "device/special_loops.hpp"

namespace numcu::detail {
namespace {

// NumPy's exact mixed loop: one signed integer and uint64 (whose promotion is float64), compared exactly.
bool is_mixed_integer_comparison(ufunc_id u, dtype a, dtype b) {
  return is_comparison(u) && a.is_integer() && b.is_integer() && promote_types(a, b) == float64;
}

// NumPy's message for ldexp, whose type resolver is its own (the doubled quotes are NumPy's)
constexpr const char* ldexp_message =
    "ufunc 'ldexp' not supported for the input types, and the inputs could not be safely coerced to any "
    "supported types according to the casting rule ''safe''";

// The rank of a kind: bool 0, integers 1, floating 2, complex 3 (scalar_kind's order).
int rank_of(dtype t) {
  return t.is_bool() ? 0 : t.is_integer() ? 1 : t.is_floating() ? 2 : 3;
}
int rank_of(scalar_kind kind) {
  return static_cast<int>(kind);
}

// ldexp's exponent must cast safely to an integer loop ('fi', 'fl'). A weak integer scalar next to a mantissa
// array of a kind at least integer stays weak and takes the first loop, 'fi': it must fit int32 ("Python
// integer 1099511627776 out of bounds for int32"); next to a bool mantissa, or alone, it is an int64 and
// takes 'fl' (see search_loops).
void check_ldexp_exponent(const operand& mantissa, const operand& exponent) {
  if (exponent.is_scalar()) {
    const scalar_kind kind = exponent.value().kind();
    if (kind != scalar_kind::integer && kind != scalar_kind::boolean) throw dtype_error(ldexp_message);
    const bool weak = !mantissa.is_scalar() && rank_of(mantissa.array().dtype()) >= rank_of(kind);
    scalar_to_element(exponent.value(), weak ? int32 : int64);
  } else if (!can_cast(exponent.array().dtype(), int64, casting::safe)) {
    throw dtype_error(ldexp_message);
  }
}

std::string types_text(std::span<const operand> inputs) {
  std::string s = "(";
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (k) s += ", ";
    s += inputs[k].is_scalar() ? "<C++ scalar>" : dtype_repr(inputs[k].array().dtype());
  }
  return s + (inputs.size() == 1 ? ",)" : ")");
}

// An operand's DType class as NumPy names it in "did not contain a loop" messages; a weak C++ scalar is one
// of NumPy's Python scalar DTypes (a C++ bool is no weak scalar: BoolDType).
std::string dtype_class_text(const operand& x) {
  static constexpr const char* weak_names[] = {"BoolDType", "_PyLongDType", "_PyFloatDType", "_PyComplexDType"};
  if (x.is_scalar()) {
    return std::string("<class 'numpy.dtypes.") + weak_names[static_cast<int>(x.value().kind())] + "'>";
  }
  const dtype t = x.array().dtype();
  if (t == bfloat16) return "<class 'numpy.dtype[bfloat16]'>";
  // in dtype_code's order (numcu/dtype_list.hpp)
  static constexpr const char* names[] = {
      "BoolDType",    "Int8DType",    "Int16DType",    "Int32DType",     "Int64DType",
      "UInt8DType",   "UInt16DType",  "UInt32DType",   "UInt64DType",    "Float16DType",
      "BFloat16DType", "Float32DType", "Float64DType", "Complex64DType", "Complex128DType"};
  static_assert(sizeof(names) / sizeof(names[0]) == dtype::count);
  return std::string("<class 'numpy.dtypes.") + names[t.index()] + "'>";
}

// The dtype of a scalar when no operand is an array (every one of @p inputs is a scalar: it reads their
// values). NumPy reads a Python integer by its value (int64, or uint64 above INT64_MAX) where it stands alone
// in a unary call or meets only other integers in a comparison (less_equal(INT64_MIN, UINT64_MAX) is true,
// positive(2**63) is uint64); elsewhere every scalar takes its kind's default dtype, which a larger integer
// does not fit (add(2**63, 1) raises).
dtype scalar_only_dtype(ufunc_id u, std::span<const operand> inputs, const scalar& value) {
  const bool by_value =
      inputs.size() == 1 || (is_comparison(u) && std::all_of(inputs.begin(), inputs.end(), [](const operand& x) {
                               return x.value().kind() == scalar_kind::integer;
                             }));
  return by_value && value.is_large_unsigned() ? uint64 : default_dtype(value.kind());
}

// The common dtype of the arrays among @p inputs[first, end), if any.
std::optional<dtype> arrays_dtype(std::span<const operand> inputs, std::size_t first, std::size_t end) {
  std::optional<dtype> common;
  for (std::size_t k = first; k < end; ++k) {
    if (!inputs[k].is_scalar())
      common = common ? promote_types(*common, inputs[k].array().dtype()) : inputs[k].array().dtype();
  }
  return common;
}

// The dtype NumPy 2 computes in: arrays promote among themselves, then weak scalars join (NEP 50).
dtype common_dtype(ufunc_id u, std::span<const operand> inputs) {
  const std::size_t first = u == ufunc_id::where ? 1 : 0;            // where's condition does not promote
  const std::size_t end = u == ufunc_id::ldexp ? 1 : inputs.size();  // nor does ldexp's exponent
  const std::optional<dtype> arrays = arrays_dtype(inputs, first, end);
  std::optional<dtype> common = arrays;
  for (std::size_t k = first; k < end; ++k) {
    if (!inputs[k].is_scalar()) continue;
    if (arrays) {
      common = result_type(*common, inputs[k].value().kind());
      continue;
    }
    const dtype alone = scalar_only_dtype(u, inputs, inputs[k].value());
    common = common ? promote_types(*common, alone) : alone;
  }
  return *common;
}

// The loop of @p u at position @p k of its list.
resolved_loop loop_at(ufunc_id u, int k) {
  const char* loop = info_of(u).loops + k;
  return {dtype_of_letter(loop[representative_input(u)]), dtype_of_letter(loop[info_of(u).nin + 2])};
}

// NumPy's linear loop search (its default type resolver), as the position of the loop in the list or -1: the
// first loop every input casts to safely, each
// input by its own dtype, so that hypot(uint16, int8) runs the float32 loop where the promoted int32 would
// take float64. A weak scalar whose kind is no higher than the arrays' stays weak: any loop of its kind or a
// higher one takes it, its value checked when it is converted (hypot(uint16, 2) is float32, hypot(int8, 1000)
// float16, add(uint8, 300) an overflow). One of a higher kind becomes the arrays' dtype joined with its kind,
// as NumPy 2 replaces a Python scalar's DType (hypot(uint16, 2.0) is float64, ldexp(5, bool_array) float64).
// ldexp's exponent is checked apart (check_ldexp_exponent).
int search_loop_position(ufunc_id u, std::span<const operand> inputs) {
  const std::optional<dtype> arrays = arrays_dtype(inputs, 0, inputs.size());
  std::array<dtype, max_inputs> search{};
  std::array<int, max_inputs> weak_rank{};  // the kind of a weak scalar, -1 for the others
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    weak_rank[k] = -1;
    if (!inputs[k].is_scalar()) {
      search[k] = inputs[k].array().dtype();
      continue;
    }
    const scalar_kind kind = inputs[k].value().kind();
    if (arrays && rank_of(kind) <= rank_of(*arrays))
      weak_rank[k] = rank_of(kind);
    else
      search[k] = arrays ? result_type(*arrays, kind) : scalar_only_dtype(u, inputs, inputs[k].value());
  }
  const std::size_t checked = u == ufunc_id::ldexp ? 1 : inputs.size();
  return find_loop_where(u, [&](const char* loop) {
    for (std::size_t k = 0; k < checked; ++k) {
      const dtype letter = dtype_of_letter(loop[k]);
      const bool accepted =
          weak_rank[k] >= 0 ? rank_of(letter) >= weak_rank[k] : can_cast(search[k], letter, casting::safe);
      if (!accepted) return false;
    }
    return true;
  });
}

// search_loop_position, remembered for calls of one or two arrays (the common case) per ufunc and dtypes:
// the position plus 2 (1 for no loop), 0 before the first search; every thread finds the same answer.
std::optional<resolved_loop> search_loops(ufunc_id u, std::span<const operand> inputs) {
  const bool arrays_only = inputs.size() <= 2 && std::none_of(inputs.begin(), inputs.end(),
                                                               [](const operand& x) { return x.is_scalar(); });
  int position;
  if (arrays_only) {
    constexpr std::size_t n = dtype::count;
    static std::array<std::atomic<int>, static_cast<std::size_t>(ufunc_id::count) * n * n> known{};
    const std::size_t a = inputs[0].array().dtype().index();
    const std::size_t b = inputs.size() == 2 ? inputs[1].array().dtype().index() : a;
    std::atomic<int>& slot = known[(static_cast<std::size_t>(u) * n + a) * n + b];
    const int stored = slot.load(std::memory_order_relaxed);
    position = stored != 0 ? stored - 2 : search_loop_position(u, inputs);
    if (stored == 0) slot.store(position + 2, std::memory_order_relaxed);
  } else {
    position = search_loop_position(u, inputs);
  }
  if (position < 0) return std::nullopt;
  return loop_at(u, position);
}

// The ufuncs NumPy resolves by promoting all operands to one dtype and taking that dtype's own loop, with
// no search (its "simple uniform" resolver): positive(bool) and gcd(float64) have none and raise.
bool needs_exact_loop(ufunc_id u) {
  return u == ufunc_id::positive || u == ufunc_id::sign || u == ufunc_id::gcd || u == ufunc_id::lcm;
}

// numcu's own functions in the table and true_divide's resolver take the promoted dtype's first loop.
bool resolves_by_promotion(ufunc_id u) {
  return u == ufunc_id::where || u == ufunc_id::isclose || u == ufunc_id::true_divide;
}

}  // namespace

dtype isclose_dtype(const operand& x, const operand& y) {
  const auto floating_of = [](scalar_kind kind) {
    return kind == scalar_kind::complex ? scalar_kind::complex : scalar_kind::floating;
  };
  if (y.is_scalar()) {
    const scalar_kind y_kind = floating_of(y.value().kind());
    if (!x.is_scalar()) return result_type(x.array().dtype(), y_kind);
    return default_dtype(x.value().kind() == scalar_kind::complex ? scalar_kind::complex : y_kind);
  }
  const dtype y_dtype = result_type(y.array().dtype(), scalar_kind::floating);
  return x.is_scalar() ? result_type(y_dtype, x.value().kind()) : promote_types(x.array().dtype(), y_dtype);
}

dtype isclose_tolerance_dtype(const operand& y) {
  return y.is_scalar() ? float64 : component_dtype(result_type(y.array().dtype(), scalar_kind::floating));
}

std::string dtype_repr(dtype t) {
  return "dtype('" + std::string(t.name()) + "')";
}

resolved_loop resolve_loop(ufunc_id u, dtype common) {
  const int k = find_loop(u, [common](char c) { return can_cast(common, dtype_of_letter(c), casting::safe); });
  if (k < 0) {
    throw dtype_error("ufunc '" + std::string(numpy_name(u)) + "' has no loop for " +
                      std::string(common.name()));
  }
  return loop_at(u, k);
}

call_types resolve_call(ufunc_id u, std::string_view name, std::span<const operand> inputs) {
  dtype common = common_dtype(u, inputs);
  if (u == ufunc_id::subtract && common.is_bool()) {
    throw dtype_error(
        "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, "
        "or the logical_xor function instead.");
  }
  if (u == ufunc_id::negative && common.is_bool()) {
    throw dtype_error(
        "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the "
        "logical_not function instead.");
  }
  if (needs_exact_loop(u)) {
    if (find_loop(u, [common](char c) { return dtype_of_letter(c) == common; }) < 0) {
      std::string types = inputs.size() == 1 ? "" : "(";
      for (std::size_t k = 0; k < inputs.size(); ++k) types += (k ? ", " : "") + dtype_class_text(inputs[k]);
      if (inputs.size() != 1) types += ")";
      throw dtype_error("ufunc '" + std::string(name) + "' did not contain a loop with signature matching types " +
                        types + " -> None");
    }
  }
  if (u == ufunc_id::true_divide && (common.is_bool() || common.is_integer()))
    common = float64;  // NumPy's resolver
  if (u == ufunc_id::isclose) common = isclose_dtype(inputs[0], inputs[1]);
  if (u == ufunc_id::ldexp) check_ldexp_exponent(inputs[0], inputs[1]);
  // NumPy 2's exact loops for a signed integer array against a uint64 array ('qQ->?', 'Qq->?')
  const bool mixed_integers =
      inputs.size() == 2 && !inputs[0].is_scalar() && !inputs[1].is_scalar() &&
      is_mixed_integer_comparison(u, inputs[0].array().dtype(), inputs[1].array().dtype());
  if (mixed_integers) return {resolved_loop{int64, bool_}, true};
  if (resolves_by_promotion(u) || needs_exact_loop(u)) {
    try {
      return {resolve_loop(u, common), false};
    } catch (const dtype_error&) {
      // falls through to NumPy's message below
    }
  } else if (const std::optional<resolved_loop> loop = search_loops(u, inputs)) {
    return {*loop, false};
  }
  if (u == ufunc_id::ldexp) throw dtype_error(ldexp_message);
  throw dtype_error("ufunc '" + std::string(name) + "' not supported for the input types " + types_text(inputs) +
                    ", and the inputs could not be safely coerced to any supported types according to the "
                    "casting rule 'safe'");
}

}  // namespace numcu::detail
