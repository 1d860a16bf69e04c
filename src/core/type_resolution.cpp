// NumPy 2's type resolution of an elementwise call (core/type_resolution.hpp).
#include "core/type_resolution.hpp"

#include <array>
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

// ldexp's exponent must cast safely to an integer loop ('fi', 'fl'); a weak integer scalar must fit int32,
// the first loop NumPy tries ("Python integer 1099511627776 out of bounds for int32").
void check_ldexp_exponent(const operand& exponent) {
  if (exponent.is_scalar()) {
    const scalar_kind kind = exponent.value().kind();
    if (kind != scalar_kind::integer && kind != scalar_kind::boolean) throw dtype_error(ldexp_message);
    scalar_to_element(exponent.value(), int32);
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

// The dtype NumPy 2 computes in: arrays promote among themselves, then weak scalars join (NEP 50).
dtype common_dtype(ufunc_id u, std::span<const operand> inputs) {
  const std::size_t first = u == ufunc_id::where ? 1 : 0;            // where's condition does not promote
  const std::size_t end = u == ufunc_id::ldexp ? 1 : inputs.size();  // nor does ldexp's exponent
  std::optional<dtype> common;
  for (std::size_t k = first; k < end; ++k) {
    if (!inputs[k].is_scalar())
      common = common ? promote_types(*common, inputs[k].array().dtype()) : inputs[k].array().dtype();
  }
  for (std::size_t k = first; k < end; ++k) {
    if (!inputs[k].is_scalar()) continue;
    const scalar_kind kind = inputs[k].value().kind();
    common = common ? result_type(*common, kind) : default_dtype(kind);
  }
  return *common;
}

}  // namespace

std::string dtype_repr(dtype t) {
  return "dtype('" + std::string(t.name()) + "')";
}

resolved_loop resolve_loop(ufunc_id u, dtype common) {
  // the search runs once per ufunc and dtype, not on every call
  using row = std::array<std::optional<resolved_loop>, dtype::count>;
  static const std::array<row, static_cast<std::size_t>(ufunc_id::count)> table = [] {
    std::array<row, static_cast<std::size_t>(ufunc_id::count)> t;
    for (int f = 0; f < static_cast<int>(ufunc_id::count); ++f) {
      const auto id = static_cast<ufunc_id>(f);
      const int nin = info_of(id).nin;
      for (int i = 0; i < dtype::count; ++i) {
        const dtype from(static_cast<dtype::code>(i));
        const int k =
            find_loop(id, [from](char c) { return can_cast(from, dtype_of_letter(c), casting::safe); });
        if (k >= 0) {
          const char* loop = info_of(id).loops + k;
          t[f][i] =
              resolved_loop{dtype_of_letter(loop[representative_input(id)]), dtype_of_letter(loop[nin + 2])};
        }
      }
    }
    return t;
  }();
  const std::optional<resolved_loop>& loop = table[static_cast<std::size_t>(u)][common.index()];
  if (!loop) {
    throw dtype_error("ufunc '" + std::string(info_of(u).name) + "' has no loop for " +
                      std::string(common.name()));
  }
  return *loop;
}

call_types resolve_call(ufunc_id u, std::string_view name, std::span<const operand> inputs) {
  dtype common = common_dtype(u, inputs);
  if ((u == ufunc_id::subtract || u == ufunc_id::negative) && common.is_bool()) {
    throw dtype_error(
        std::string("numpy boolean ") +
        (u == ufunc_id::subtract ? "subtract, the `-` operator" : "negative, the `-` operator") +
        ", is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.");
  }
  if (u == ufunc_id::true_divide && (common.is_bool() || common.is_integer()))
    common = float64;  // NumPy's resolver
  if (u == ufunc_id::isclose) common = result_type(common, scalar_kind::floating);
  if (u == ufunc_id::ldexp) check_ldexp_exponent(inputs[1]);
  // NumPy 2's exact loops for a signed integer array against a uint64 array ('qQ->?', 'Qq->?')
  const bool mixed_integers =
      inputs.size() == 2 && !inputs[0].is_scalar() && !inputs[1].is_scalar() &&
      is_mixed_integer_comparison(u, inputs[0].array().dtype(), inputs[1].array().dtype());
  try {
    return {mixed_integers ? resolved_loop{int64, bool_} : resolve_loop(u, common), mixed_integers};
  } catch (const dtype_error&) {
    if (u == ufunc_id::ldexp) throw dtype_error(ldexp_message);
    throw dtype_error("ufunc '" + std::string(name) + "' not supported for the input types " +
                      types_text(inputs) +
                      ", and the inputs could not be safely coerced to any supported types according to the "
                      "casting rule 'safe'");
  }
}

}  // namespace numcu::detail
