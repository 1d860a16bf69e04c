// dtype names and parsing, NumPy 2 type promotion and can_cast.
#include "numcu/dtype.hpp"

#include <array>
#include <ostream>
#include <string>
#include <utility>

#include "numcu/error.hpp"

namespace numcu {
namespace {

// NumPy's names: the list's names, but "bool" for bool_
constexpr std::string_view numpy_name(std::string_view name) {
  return name.back() == '_' ? name.substr(0, name.size() - 1) : name;
}
constexpr std::array<std::string_view, dtype::count> names = {
#define NUMCU_DTYPE_NAME(name, storage, letter, itemsize) numpy_name(#name),
    NUMCU_FOR_EACH_DTYPE(NUMCU_DTYPE_NAME)
#undef NUMCU_DTYPE_NAME
};

// Every spelling numpy.dtype() accepts for these types on a little-endian LP64 machine, plus bfloat16.
constexpr std::pair<std::string_view, dtype::code> aliases[] = {
    {"bool", dtype::code::bool_},
    {"bool_", dtype::code::bool_},
    {"?", dtype::code::bool_},
    {"b1", dtype::code::bool_},
    {"int8", dtype::code::int8},
    {"i1", dtype::code::int8},
    {"b", dtype::code::int8},
    {"byte", dtype::code::int8},
    {"int16", dtype::code::int16},
    {"i2", dtype::code::int16},
    {"h", dtype::code::int16},
    {"short", dtype::code::int16},
    {"int32", dtype::code::int32},
    {"i4", dtype::code::int32},
    {"i", dtype::code::int32},
    {"intc", dtype::code::int32},
    {"int64", dtype::code::int64},
    {"i8", dtype::code::int64},
    {"l", dtype::code::int64},
    {"q", dtype::code::int64},
    {"long", dtype::code::int64},
    {"longlong", dtype::code::int64},
    {"int", dtype::code::int64},
    {"int_", dtype::code::int64},
    {"intp", dtype::code::int64},
    {"p", dtype::code::int64},
    {"uint8", dtype::code::uint8},
    {"u1", dtype::code::uint8},
    {"B", dtype::code::uint8},
    {"ubyte", dtype::code::uint8},
    {"uint16", dtype::code::uint16},
    {"u2", dtype::code::uint16},
    {"H", dtype::code::uint16},
    {"ushort", dtype::code::uint16},
    {"uint32", dtype::code::uint32},
    {"u4", dtype::code::uint32},
    {"I", dtype::code::uint32},
    {"uintc", dtype::code::uint32},
    {"uint64", dtype::code::uint64},
    {"u8", dtype::code::uint64},
    {"L", dtype::code::uint64},
    {"Q", dtype::code::uint64},
    {"ulong", dtype::code::uint64},
    {"ulonglong", dtype::code::uint64},
    {"uint", dtype::code::uint64},
    {"uintp", dtype::code::uint64},
    {"P", dtype::code::uint64},
    {"float16", dtype::code::float16},
    {"f2", dtype::code::float16},
    {"e", dtype::code::float16},
    {"half", dtype::code::float16},
    {"bfloat16", dtype::code::bfloat16},
    {"float32", dtype::code::float32},
    {"f4", dtype::code::float32},
    {"f", dtype::code::float32},
    {"single", dtype::code::float32},
    {"float64", dtype::code::float64},
    {"f8", dtype::code::float64},
    {"d", dtype::code::float64},
    {"double", dtype::code::float64},
    {"float", dtype::code::float64},
    {"complex64", dtype::code::complex64},
    {"c8", dtype::code::complex64},
    {"F", dtype::code::complex64},
    {"csingle", dtype::code::complex64},
    {"complex128", dtype::code::complex128},
    {"c16", dtype::code::complex128},
    {"D", dtype::code::complex128},
    {"cdouble", dtype::code::complex128},
    {"complex", dtype::code::complex128},
};

// NumPy orders kinds b < u < i < f < c for same_kind casting.
int kind_rank(dtype t) {
  switch (t.kind()) {
    case dtype_kind::boolean:
      return 0;
    case dtype_kind::unsigned_integer:
      return 1;
    case dtype_kind::signed_integer:
      return 2;
    case dtype_kind::floating:
      return 3;
    case dtype_kind::complex:
      return 4;
  }
  return 4;
}

dtype signed_of_size(std::size_t size) {
  switch (size) {
    case 1:
      return int8;
    case 2:
      return int16;
    case 4:
      return int32;
    default:
      return int64;
  }
}

// Significand bits of each float type, which decide which integers it holds exactly.
int significand_bits(dtype t) {
  if (t == float16) return 11;
  if (t == bfloat16) return 8;
  if (t == float32) return 24;
  return 53;
}

// The smallest float NumPy promotes an integer to: 8-bit -> float16, 16-bit -> float32, wider -> float64.
dtype float_for_integer(dtype i) {
  if (i.itemsize() == 1) return float16;
  if (i.itemsize() == 2) return float32;
  return float64;
}

dtype promote_floats(dtype a, dtype b) {
  if (a == b) return a;
  if ((a == float16 && b == bfloat16) || (a == bfloat16 && b == float16)) return float32;
  return a.itemsize() >= b.itemsize() ? a : b;
}

dtype real_of(dtype c) {
  return c == complex64 ? float32 : float64;
}
dtype complex_of(dtype f) {
  return f == float64 ? complex128 : complex64;
}

dtype promote_real(dtype a, dtype b);

dtype promote_float_integer(dtype f, dtype i) {
  const dtype needed = float_for_integer(i);
  // bfloat16 holds 8-bit integers exactly, like float16
  if (f == bfloat16 && needed == float16) return bfloat16;
  if (significand_bits(f) >= significand_bits(needed) && f.itemsize() >= needed.itemsize()) return f;
  return promote_floats(f, needed);
}

dtype promote_real(dtype a, dtype b) {
  if (a == b) return a;
  if (a.is_bool()) return b;
  if (b.is_bool()) return a;
  if (a.is_floating() && b.is_floating()) return promote_floats(a, b);
  if (a.is_floating()) return promote_float_integer(a, b);
  if (b.is_floating()) return promote_float_integer(b, a);
  const bool a_signed = a.kind() == dtype_kind::signed_integer;
  const bool b_signed = b.kind() == dtype_kind::signed_integer;
  if (a_signed == b_signed) return a.itemsize() >= b.itemsize() ? a : b;
  const dtype s = a_signed ? a : b;
  const dtype u = a_signed ? b : a;
  if (s.itemsize() > u.itemsize()) return s;
  if (u.itemsize() == 8) return float64;  // no signed type holds uint64
  return signed_of_size(u.itemsize() * 2);
}

}  // namespace

dtype::dtype(std::string_view name) {
  std::string_view n = name;
  if (n.size() > 1 && (n[0] == '<' || n[0] == '=' || n[0] == '|')) n.remove_prefix(1);
  for (const auto& [alias, code] : aliases) {
    if (alias == n) {
      m_code = code;
      return;
    }
  }
  throw dtype_error("data type '" + std::string(name) + "' not understood");
}

std::string_view dtype::name() const {
  return names[index()];
}

std::ostream& operator<<(std::ostream& os, dtype t) {
  return os << t.name();
}

dtype promote_types(dtype a, dtype b) {
  if (a.is_complex() || b.is_complex()) {
    const dtype ra = a.is_complex() ? real_of(a) : a;
    const dtype rb = b.is_complex() ? real_of(b) : b;
    return complex_of(promote_real(ra, rb));
  }
  return promote_real(a, b);
}

bool can_cast(dtype from, dtype to, casting rule) {
  switch (rule) {
    case casting::no:
    case casting::equiv:
      return from == to;
    case casting::safe:
      return promote_types(from, to) == to;
    case casting::same_kind:
      return promote_types(from, to) == to || kind_rank(from) <= kind_rank(to);
    case casting::unsafe:
      return true;
  }
  return false;
}

dtype default_dtype(scalar_kind kind) {
  switch (kind) {
    case scalar_kind::boolean:
      return bool_;
    case scalar_kind::integer:
      return int64;
    case scalar_kind::floating:
      return float64;
    case scalar_kind::complex:
      return complex128;
  }
  return float64;
}

dtype result_type(const std::vector<dtype>& dtypes) {
  const auto rank = [](dtype t) { return t.is_bool() ? 0 : t.is_integer() ? 1 : t.is_floating() ? 2 : 3; };
  std::size_t first = 0;
  for (std::size_t i = 1; i < dtypes.size(); ++i) {
    if (rank(dtypes[i]) > rank(dtypes[first])) first = i;
  }
  dtype r = dtypes[first];
  for (std::size_t i = 0; i < dtypes.size(); ++i) {
    if (i != first) r = promote_types(r, dtypes[i]);
  }
  return r;
}

dtype result_type(dtype array_dtype, scalar_kind scalar) {
  const int array_rank = array_dtype.is_bool()       ? 0
                         : array_dtype.is_integer()  ? 1
                         : array_dtype.is_floating() ? 2
                                                     : 3;
  const int scalar_rank = static_cast<int>(scalar);
  if (scalar_rank <= array_rank) return array_dtype;
  if (scalar == scalar_kind::complex && array_dtype.is_floating())
    return complex_of(promote_floats(array_dtype, float32));
  return promote_types(array_dtype, default_dtype(scalar));
}

std::string_view casting_name(casting rule) {
  switch (rule) {
    case casting::no:
      return "no";
    case casting::equiv:
      return "equiv";
    case casting::safe:
      return "safe";
    case casting::same_kind:
      return "same_kind";
    case casting::unsafe:
      return "unsafe";
  }
  return "unsafe";
}

}  // namespace numcu
