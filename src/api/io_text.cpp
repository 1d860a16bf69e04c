// Raw and text files (numcu/io.hpp): tofile, fromfile, frombuffer, savetxt, loadtxt. Text is written as
// Python's % operator and str() write NumPy's values, and read as NumPy 2's loadtxt and fromfile read it,
// with NumPy's messages (prefixed with the file and, for loadtxt, the line).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/npy_format.hpp"
#include "numcu/creation.hpp"
#include "numcu/error.hpp"
#include "numcu/half.hpp"
#include "numcu/io.hpp"
#include "numcu/manipulation.hpp"

namespace numcu {

namespace {

/// Raised by the formatting below where Python raises a TypeError (savetxt turns it into its "Mismatch"
/// message).
struct type_mismatch {
  std::string message;
};

/// One element as Python sees it after NumPy hands it over: a bool, an int, a float or a complex.
struct py_value {
  enum kind_t { boolean, integer, floating, complex } kind = floating;
  bool negative = false;        // integer: the sign
  std::uint64_t magnitude = 0;  // integer: |value|
  double re = 0, im = 0;        // floating, complex
  // the float whose str() %s writes: 64 a Python float (tofile's item()), 32 and 16 NumPy's float32 and
  // float16 scalars (savetxt's rows), 0 ml_dtypes' bfloat16 scalar
  int float_bits = 64;
  // a NumPy scalar (savetxt's rows) rather than a Python number (tofile's item()): NumPy's bool has no
  // __index__, and its floats are named "numpy.float64" in Python's messages
  bool numpy_scalar = false;
  double as_double() const {
    if (kind == boolean || kind == integer)
      return negative ? -static_cast<double>(magnitude) : static_cast<double>(magnitude);
    return re;
  }
};

/// The elements of @p a in C order, as Python values: Python's own numbers (item()), or with @p numpy_scalars
/// the NumPy scalars a row of a holds, whose str() keeps the float's own width.
std::vector<py_value> py_values(const ndarray& a, bool numpy_scalars) {
  const dtype t = a.dtype();
  std::vector<py_value> out(static_cast<std::size_t>(a.size()));
  if (out.empty()) return out;
  const int bits = !numpy_scalars                   ? 64
                   : t == bfloat16                  ? 0
                   : t == float16                   ? 16
                   : t == float32 || t == complex64 ? 32
                                                    : 64;
  if (t.is_complex()) {
    const auto v = asnumpy(a.astype(complex128)).to_vector<std::complex<double>>();
    for (std::size_t i = 0; i < out.size(); ++i)
      out[i] = {py_value::complex, false, 0, v[i].real(), v[i].imag(), bits};
  } else if (t.is_floating()) {
    const auto v = asnumpy(a.astype(float64)).to_vector<double>();
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = {py_value::floating, false, 0, v[i], 0, bits};
  } else if (t.kind() == dtype_kind::unsigned_integer) {
    const auto v = asnumpy(a.astype(uint64)).to_vector<std::uint64_t>();
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = {py_value::integer, false, v[i], 0, 0};
  } else {
    const auto v = asnumpy(a.astype(int64)).to_vector<std::int64_t>();
    const auto kind = t.is_bool() ? py_value::boolean : py_value::integer;
    for (std::size_t i = 0; i < out.size(); ++i) {
      const std::uint64_t m =
          v[i] < 0 ? 0 - static_cast<std::uint64_t>(v[i]) : static_cast<std::uint64_t>(v[i]);
      out[i] = {kind, v[i] < 0, m, 0, 0};
    }
  }
  for (py_value& v : out) v.numpy_scalar = numpy_scalars;
  return out;
}

/// The shortest scientific digits of @p x that read back as the same float of @p bits (64, 32 or 16) bits.
std::string shortest_scientific(double x, int bits) {
  char buffer[64];
  if (bits == 64)
    return {buffer, std::to_chars(buffer, buffer + sizeof buffer, x, std::chars_format::scientific).ptr};
  if (bits == 32) {
    const auto f = static_cast<float>(x);
    return {buffer, std::to_chars(buffer, buffer + sizeof buffer, f, std::chars_format::scientific).ptr};
  }
  // float16: the fewest significant digits (at most 5) that round back to it
  const auto half = static_cast<float>(x);
  for (int digits = 1;; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*e", digits - 1, static_cast<double>(half));
    if (digits == 5 || static_cast<float>(float16_t(std::strtof(buffer, nullptr))) == half) return buffer;
  }
}

/// Python's repr of a float ('r' format), or str() of NumPy's float32 and float16 scalars (@p bits 32, 16):
/// the shortest digits that read back, positional where Python's repr is (exponents -4 to 15) or, for NumPy's
/// scalars, for 1e-4 <= |x| < 1e6 (float32) or 1e3 (float16) and zero, else d.ddde+XX; ml_dtypes' bfloat16
/// (@p bits 0) as C's %g. @p add_dot_0 adds ".0" to integral positional values (a float's repr; not inside a
/// complex's).
std::string float_repr(double x, bool add_dot_0 = true, int bits = 64) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  if (bits == 0) {
    char g[32];
    std::snprintf(g, sizeof g, "%g", x);
    return g;
  }
  const std::string sci = shortest_scientific(x, bits);
  const std::size_t e = sci.find('e');
  std::string mantissa = sci.substr(0, e);
  const int exponent = std::stoi(sci.substr(e + 1));
  const bool negative = mantissa[0] == '-';
  if (negative) mantissa.erase(0, 1);
  std::string digits;
  for (const char c : mantissa) {
    if (c != '.') digits += c;
  }
  std::string out;
  const double upper = bits == 16 ? 1e3 : 1e6;
  const bool positional =
      bits == 64 ? exponent >= -4 && exponent < 16 : x == 0 || (std::fabs(x) >= 1e-4 && std::fabs(x) < upper);
  if (positional) {
    if (exponent < 0) {
      out = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
    } else if (static_cast<int>(digits.size()) <= exponent + 1) {
      out = digits + std::string(static_cast<std::size_t>(exponent + 1) - digits.size(), '0') +
            (add_dot_0 ? ".0" : "");
    } else {
      out = digits.substr(0, static_cast<std::size_t>(exponent + 1)) + "." +
            digits.substr(static_cast<std::size_t>(exponent + 1));
    }
  } else {
    out = digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "") + "e" +
          (exponent < 0 ? "-" : "+") + (std::abs(exponent) < 10 ? "0" : "") +
          std::to_string(std::abs(exponent));
  }
  return (negative ? "-" : "") + out;
}

/// Python's str() of @p v.
std::string py_str(const py_value& v) {
  switch (v.kind) {
    case py_value::boolean:
      return v.magnitude ? "True" : "False";
    case py_value::integer:
      return (v.negative ? "-" : "") + std::to_string(v.magnitude);
    case py_value::floating:
      return float_repr(v.re, true, v.float_bits);
    case py_value::complex:
      break;
  }
  const std::string im = float_repr(v.im, false, v.float_bits) + "j";
  if (v.re == 0 && !std::signbit(v.re)) return im;
  return "(" + float_repr(v.re, false, v.float_bits) + (im[0] == '-' ? "" : "+") + im + ")";
}

/// One conversion of a %-format: %[flags][width][.precision][length]type.
struct conversion {
  bool left = false, plus = false, space = false, alternate = false, zero = false;
  int width = 0;
  int precision = -1;
  char type = 's';
};

/// A %-format split into literal text and conversions (literal[i] precedes conversion i; one more literal
/// ends it).
struct format_pieces {
  std::vector<std::string> literals;
  std::vector<conversion> conversions;
};

format_pieces parse_format(const std::string& format) {
  format_pieces out;
  std::string literal;
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      literal += format[i];
      continue;
    }
    const std::size_t start = i++;
    if (i < format.size() && format[i] == '%') {
      literal += '%';
      continue;
    }
    conversion c;
    for (; i < format.size() && std::strchr("-+ #0", format[i]); ++i) {
      c.left |= format[i] == '-';
      c.plus |= format[i] == '+';
      c.space |= format[i] == ' ';
      c.alternate |= format[i] == '#';
      c.zero |= format[i] == '0';
    }
    for (; i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])); ++i)
      c.width = std::min(c.width * 10 + (format[i] - '0'), 1 << 20);
    if (i < format.size() && format[i] == '.') {
      c.precision = 0;
      for (++i; i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])); ++i)
        c.precision = std::min(c.precision * 10 + (format[i] - '0'), 1 << 20);
    }
    for (; i < format.size() && std::strchr("hlL", format[i]); ++i) {
    }
    if (i >= format.size()) throw type_mismatch{"incomplete format"};
    c.type = format[i];
    if (!std::strchr("diuoxXeEfFgGs", c.type)) {
      char code[8];
      std::snprintf(code, sizeof code, "0x%x", static_cast<unsigned char>(c.type));
      throw type_mismatch{std::string("unsupported format character '") + c.type + "' (" + code +
                          ") at index " + std::to_string(i)};
    }
    (void)start;
    out.literals.push_back(literal);
    literal.clear();
    out.conversions.push_back(c);
  }
  out.literals.push_back(literal);
  return out;
}

/// Pads @p body (after @p sign and @p prefix) to the conversion's width, as Python does.
std::string pad(const conversion& c, const std::string& sign, const std::string& prefix,
                const std::string& body, bool zero_allowed) {
  const std::size_t length = sign.size() + prefix.size() + body.size();
  const std::size_t width = static_cast<std::size_t>(c.width);
  if (length >= width) return sign + prefix + body;
  const std::size_t fill = width - length;
  if (c.left) return sign + prefix + body + std::string(fill, ' ');
  if (c.zero && zero_allowed) return sign + prefix + std::string(fill, '0') + body;
  return std::string(fill, ' ') + sign + prefix + body;
}

/// Applies one conversion to one value, as Python's % operator.
std::string format_one(const conversion& c, const py_value& v) {
  const std::string sign_of_positive = c.plus ? "+" : c.space ? " " : "";
  switch (c.type) {
    case 'd':
    case 'i':
    case 'u':
    case 'o':
    case 'x':
    case 'X': {
      bool negative = v.negative;
      std::string digits;
      if (v.kind == py_value::complex)
        throw type_mismatch{"%" + std::string(1, c.type) + " format: a real number is required, not complex"};
      const bool needs_index = c.type == 'o' || c.type == 'x' || c.type == 'X';
      if (v.kind == py_value::boolean && v.numpy_scalar && needs_index)
        throw type_mismatch{"%" + std::string(1, c.type) + " format: an integer is required, not numpy.bool"};
      if (v.kind == py_value::floating) {
        if (needs_index) {
          const std::string name = !v.numpy_scalar      ? "float"
                                   : v.float_bits == 32 ? "numpy.float32"
                                   : v.float_bits == 16 ? "numpy.float16"
                                   : v.float_bits == 0  ? "bfloat16"
                                                        : "numpy.float64";
          throw type_mismatch{"%" + std::string(1, c.type) + " format: an integer is required, not " + name};
        }
        if (std::isnan(v.re)) throw io_error("cannot convert float NaN to integer");
        if (std::isinf(v.re)) throw io_error("cannot convert float infinity to integer");
        const double t = std::trunc(v.re);
        negative = t < 0;
        char buffer[400];
        std::snprintf(buffer, sizeof buffer, "%.0f", std::fabs(t));
        digits = buffer;
      } else {
        const int base = c.type == 'o' ? 8 : (c.type == 'x' || c.type == 'X') ? 16 : 10;
        char buffer[80];
        const auto r = std::to_chars(buffer, buffer + sizeof buffer, v.magnitude, base);
        digits.assign(buffer, r.ptr);
        if (c.type == 'X') std::transform(digits.begin(), digits.end(), digits.begin(), ::toupper);
      }
      if (c.precision >= 0 && digits.size() < static_cast<std::size_t>(c.precision))
        digits.insert(0, static_cast<std::size_t>(c.precision) - digits.size(), '0');
      const std::string prefix = !c.alternate    ? ""
                                 : c.type == 'o' ? "0o"
                                 : c.type == 'x' ? "0x"
                                 : c.type == 'X' ? "0X"
                                                 : "";
      return pad(c, negative ? "-" : sign_of_positive, prefix, digits, true);
    }
    case 's': {
      std::string s = py_str(v);
      if (c.precision >= 0 && s.size() > static_cast<std::size_t>(c.precision))
        s.resize(static_cast<std::size_t>(c.precision));
      return pad(c, "", "", s, false);
    }
    default: {
      if (v.kind == py_value::complex) throw type_mismatch{"must be real number, not complex"};
      double x = v.as_double();
      // Python writes no sign for a NaN whose sign bit is set (C would write "-nan"), and pads a non-finite
      // value with zeros where the 0 flag asks for them (C with blanks)
      if (std::isnan(x)) x = std::fabs(x);
      if (!std::isfinite(x)) {
        const bool upper = c.type == 'E' || c.type == 'F' || c.type == 'G';
        const std::string body = std::isnan(x) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
        return pad(c, x < 0 ? "-" : sign_of_positive, "", body, true);
      }
      std::string spec = "%";
      if (c.left) spec += '-';
      if (c.plus) spec += '+';
      if (c.space) spec += ' ';
      if (c.alternate) spec += '#';
      if (c.zero) spec += '0';
      if (c.width > 0) spec += std::to_string(c.width);
      if (c.precision >= 0) spec += "." + std::to_string(c.precision);
      spec += c.type;
      const int n = std::snprintf(nullptr, 0, spec.c_str(), x);
      std::string out(static_cast<std::size_t>(n) + 1, '\0');
      std::snprintf(out.data(), out.size(), spec.c_str(), x);
      out.resize(static_cast<std::size_t>(n));
      return out;
    }
  }
}

/// `format % tuple(values)` in Python.
std::string apply_format(const format_pieces& f, const py_value* values, std::size_t count) {
  if (count < f.conversions.size()) throw type_mismatch{"not enough arguments for format string"};
  if (count > f.conversions.size())
    throw type_mismatch{"not all arguments converted during string formatting"};
  std::string out = f.literals[0];
  for (std::size_t i = 0; i < count; ++i) out += format_one(f.conversions[i], values[i]) + f.literals[i + 1];
  return out;
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

/// The whole of a file as text. @throws io_error "<path>: cannot be opened for reading", "<path>: is a
/// directory".
std::string read_text(const std::string& path) {
  detail::file_source in(path);
  std::string text(in.size(), '\0');
  if (!text.empty()) in.read(text.data(), text.size());
  return text;
}

void write_text(const std::string& path, const std::string& text) {
  detail::file_sink out(path);
  out.write(text.data(), text.size());
  out.close();
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/// Python's repr() of the text @p s (bytes from 0x80 kept as they are), cut to @p limit characters as
/// Python's "%.100R" cuts it: in single quotes unless it holds one and no double quote, with \\, the quote,
/// \t, \n, \r and the other control characters escaped.
std::string string_repr(const std::string& s, std::size_t limit) {
  const bool double_quoted = s.find('\'') != std::string::npos && s.find('"') == std::string::npos;
  const char quote = double_quoted ? '"' : '\'';
  std::string r(1, quote);
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\\' || c == quote) {
      r += '\\';
      r += c;
    } else if (c == '\t') {
      r += "\\t";
    } else if (c == '\n') {
      r += "\\n";
    } else if (c == '\r') {
      r += "\\r";
    } else if (u < 0x20 || u == 0x7f) {
      constexpr char digits[] = "0123456789abcdef";
      r += "\\x";
      r += digits[u >> 4];
      r += digits[u & 15];
    } else {
      r += c;
    }
  }
  r += quote;
  return r.size() > limit ? r.substr(0, limit) : r;
}

/// A blank that separates loadtxt's columns where no delimiter is given: Python's str.isspace() of an ASCII
/// character (the file separators \x1c to \x1f too, which float() does not strip; NumPy's loadtxt strips
/// them around a field).
bool is_blank(char c) {
  return is_space(c) || (c >= '\x1c' && c <= '\x1f');
}

/// @p s without the characters @p blank takes at either end.
std::string strip(const std::string& s, bool (*blank)(char) = is_space) {
  std::size_t b = 0, e = s.size();
  while (b < e && blank(s[b])) ++b;
  while (e > b && blank(s[e - 1])) --e;
  return s.substr(b, e - b);
}

/// A float as Python's float() reads it (surrounding whitespace allowed, no hexadecimal); false where it is
/// not one.
bool parse_double(const std::string& text, double& out) {
  const std::string s = strip(text);
  if (s.empty() || s.find_first_of("xXpP_(") != std::string::npos) return false;
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size();
}

/// An integer in base 10 (sign, digits, surrounding whitespace); false where it is not one or does not fit.
bool parse_integer(const std::string& text, bool& negative, std::uint64_t& magnitude) {
  std::string s = strip(text);
  negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.erase(0, 1);
  }
  if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), magnitude);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

/// A complex number as "re", "imj", "re+imj" (digits on both sides, a lowercase j) or any of them in
/// parentheses.
bool parse_complex(const std::string& text, std::complex<double>& out) {
  std::string s = strip(text);
  if (s.size() >= 2 && s.front() == '(' && s.back() == ')') s = s.substr(1, s.size() - 2);
  if (s.empty()) return false;
  double re = 0, im = 0;
  if (s.back() != 'j') {
    if (!parse_double(s, re)) return false;
    out = {re, 0};
    return true;
  }
  s.pop_back();
  std::size_t split = std::string::npos;
  for (std::size_t i = s.size(); i-- > 1;) {
    if ((s[i] == '+' || s[i] == '-') && s[i - 1] != 'e' && s[i - 1] != 'E') {
      split = i;
      break;
    }
  }
  const std::string imag = split == std::string::npos ? s : s.substr(split);
  if (split != std::string::npos && !parse_double(s.substr(0, split), re)) return false;
  // (Python's complex() takes "j" and "1+j"; NumPy's loadtxt wants the imaginary part's digits)
  if (!parse_double(imag, im)) return false;
  out = {re, im};
  return true;
}

/// Parses text into elements of dtype t, each stored as float64, int64, uint64, complex128 or bool bytes (the
/// dtype's wide form), and hands them over as one array.
class element_parser {
 public:
  explicit element_parser(dtype t) : m_type(t) {
    m_wide = t.is_complex()                             ? complex128
             : t.is_floating()                          ? float64
             : t.is_bool()                              ? bool_
             : t.kind() == dtype_kind::unsigned_integer ? uint64
                                                        : int64;
  }
  /// Appends the value of @p text; false where it is not one of the dtype.
  bool add(const std::string& text) {
    if (m_wide == complex128) {
      std::complex<double> z;
      if (!parse_complex(text, z)) return false;
      return put(z);
    }
    if (m_wide == float64) {
      double x;
      if (!parse_double(text, x)) return false;
      return put(x);
    }
    bool negative;
    std::uint64_t magnitude;
    if (!parse_integer(text, negative, magnitude)) return false;
    if (m_wide == bool_) return put(static_cast<std::uint8_t>(magnitude != 0));
    const int bits = static_cast<int>(m_type.itemsize()) * 8;
    if (m_wide == uint64) {
      if (negative) return false;  // "-0" too, as NumPy
      if (bits < 64 && magnitude >> bits) return false;
      return put(magnitude);
    }
    const std::uint64_t limit = std::uint64_t{1} << (bits - 1);
    if (negative ? magnitude > limit : magnitude >= limit) return false;
    return put(negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude));
  }
  std::size_t count() const { return m_bytes.size() / m_wide.itemsize(); }
  ndarray result(const shape_t& shape, device where) const {
    return array_from_host(m_bytes.data(), m_wide, count(), shape, m_type, where);
  }

 private:
  template <class T>
  bool put(T value) {
    const auto* p = reinterpret_cast<const unsigned char*>(&value);
    m_bytes.insert(m_bytes.end(), p, p + sizeof value);
    return true;
  }
  dtype m_type, m_wide;
  std::vector<unsigned char> m_bytes;
};

/// The length of the line end at @p at in @p text (\n, \r\n or \r: Python's universal newlines), 0 where
/// none.
std::size_t newline_at(const std::string& text, std::size_t at) {
  if (at >= text.size()) return 0;
  if (text[at] == '\n') return 1;
  if (text[at] != '\r') return 0;
  return at + 1 < text.size() && text[at + 1] == '\n' ? 2 : 1;
}

/// Where the line that holds @p at in @p text ends: the position of its line end, or the text's end.
std::size_t end_of_line(const std::string& text, std::size_t at) {
  while (at < text.size() && !newline_at(text, at)) ++at;
  return at;
}

/// NumPy's checks of loadtxt's comment, delimiter and quote character, in its order and with its messages
/// (a ValueError and TypeErrors there). NumPy takes single characters; numcu's longer comments and delimiters
/// are checked where they are one character.
void check_control_characters(const std::string& path, const loadtxt_options& options) {
  const auto single = [](const std::string& s) {
    return s.size() == 1 ? std::optional<char>(s[0]) : std::nullopt;
  };
  const std::optional<char> comment = single(options.comments), delimiter = single(options.delimiter),
                            quote = options.quotechar;
  const bool by_blanks = options.delimiter.empty();
  const auto fail = [&](const std::string& what) { throw detail::file_fault(path, what); };
  if (quote && options.comments.size() > 1) {
    fail(
        "when multiple comments or a multi-character comment is given, quotes are not supported.  "
        "In this case quotechar must be set to None.");
  }
  const std::pair<const char*, std::optional<char>> named[] = {
      {"comment", comment}, {"quotechar", quote}, {"delimiter", delimiter}};
  for (const auto& [name, c] : named) {
    if (c && (*c == '\n' || *c == '\r'))
      fail(std::string("control character '") + name + "' cannot be a newline (`\\r` or `\\n`).");
  }
  const auto incompatible = [&](const char* first, const char* second) {
    fail(std::string("The values for control characters '") + first + "' and '" + second +
         "' are incompatible");
  };
  if (comment && quote && *comment == *quote) incompatible("comment", "quotechar");
  if (comment && delimiter && *comment == *delimiter) incompatible("comment", "delimiter");
  if (by_blanks && comment && is_blank(*comment)) incompatible("delimiter", "comment");
  if (by_blanks && quote && is_blank(*quote)) incompatible("delimiter", "quotechar");
  if (quote && !by_blanks && options.delimiter[0] == *quote) incompatible("quotechar", "delimiter");
}

/// Reads the record that starts at @p at in @p text into @p fields as NumPy's loadtxt tokenizes it, and
/// returns where the next one starts; @p lines counts the line ends it passes (more than one where a quoted
/// field holds one). An empty line, or a comment alone, has no fields.
/// - Fields are split at the delimiter; where it is empty, at runs of blanks (those that start the row
///   skipped, and a field left empty by those that end it dropped unless the row's first field was quoted,
///   as NumPy's tokenizer drops it).
/// - A comment ends the row.
/// - With a quote character, a field that starts with it runs to the next one that is not doubled ("" is
///   one "), delimiters, comments and line ends within it being text, and what follows the closing quote up
///   to the field's end is added to it.
std::size_t read_record(const std::string& text, std::size_t at, const loadtxt_options& options,
                        std::vector<std::string>& fields, std::int64_t& lines) {
  const bool by_blanks = options.delimiter.empty();
  const auto starts_with = [&](std::size_t i, const std::string& s) {
    return !s.empty() && text.compare(i, s.size(), s) == 0;
  };
  std::string field;
  // open: a field has begun (the row has one); quoted: the current field started with the quote character
  bool open = false, quoted = false, first_quoted = false;
  const auto end_field = [&] {
    if (fields.empty()) first_quoted = quoted;
    fields.push_back(field);
    field.clear();
    quoted = false;
  };
  std::size_t i = at;
  while (i < text.size()) {
    if (const std::size_t newline = newline_at(text, i)) {
      i += newline;
      ++lines;
      break;
    }
    if (starts_with(i, options.comments)) {  // to the line's end
      i = end_of_line(text, i);
      continue;
    }
    const char c = text[i];
    if (by_blanks && is_blank(c)) {
      if (open) end_field();  // and the next field, empty so far, begins after the blanks
      while (i < text.size() && is_blank(text[i]) && !newline_at(text, i)) ++i;
      continue;
    }
    if (!by_blanks && starts_with(i, options.delimiter)) {
      end_field();
      open = true;
      i += options.delimiter.size();
      continue;
    }
    open = true;
    // a quote opens a field only where nothing of it is read yet
    if (options.quotechar && field.empty() && !quoted && c == *options.quotechar) {
      quoted = true;
      for (++i; i < text.size(); ++i) {
        if (text[i] == c) {
          if (i + 1 < text.size() && text[i + 1] == c) {
            field += c;
            ++i;
            continue;
          }
          ++i;
          break;
        }
        if (const std::size_t newline = newline_at(text, i)) {
          field += '\n';
          i += newline - 1;
          ++lines;
          continue;
        }
        field += text[i];
      }
      continue;
    }
    field += c;
    ++i;
  }
  if (open) end_field();
  if (by_blanks && !fields.empty() && fields.back().empty() && !first_quoted) fields.pop_back();
  return i;
}

}  // namespace

void tofile(const ndarray& a, const std::string& path, const std::string& sep, const std::string& format) {
  if (sep.empty()) {
    const ndarray host = asnumpy(a);
    detail::file_sink out(path);
    if (host.nbytes() > 0) out.write(host.data_ptr(), host.nbytes());
    out.close();
    return;
  }
  std::string text;
  try {
    const format_pieces pieces = parse_format(format);
    const auto values = py_values(a, false);
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i > 0) text += sep;
      text += apply_format(pieces, &values[i], 1);
    }
  } catch (const type_mismatch& e) {
    throw detail::file_fault(path, e.message);
  } catch (const io_error& e) {
    throw detail::file_fault(path, e.what());
  }
  write_text(path, text);
}

ndarray fromfile(const std::string& path, dtype t, const fromfile_options& options) {
  const device where = options.device.value_or(default_device());
  if (options.sep.empty()) {
    detail::file_source in(path);
    if (options.offset < 0) throw detail::file_fault(path, "offset must be non-negative");
    // NumPy's number of elements after the offset, (size - offset) / itemsize truncated toward zero: past the
    // end of the file a negative one for all of them (its "negative dimensions"), none for a count
    const auto itemsize = static_cast<std::int64_t>(t.itemsize());
    const std::int64_t available = (static_cast<std::int64_t>(in.file_size()) - options.offset) / itemsize;
    if (available < 0 && options.count < 0) throw shape_error(path + ": negative dimensions are not allowed");
    const std::int64_t n =
        std::max<std::int64_t>(0, options.count < 0 ? available : std::min(available, options.count));
    ndarray host = empty({n}, t, cpu);
    if (n > 0) {
      in.restrict_to(static_cast<std::uint64_t>(options.offset), static_cast<std::uint64_t>(n * itemsize));
      in.read(host.data_ptr(), static_cast<std::uint64_t>(n * itemsize));
    }
    return host.to(where);
  }
  if (options.offset != 0)
    throw detail::file_fault(path, "'offset' argument only permitted for binary files");
  const std::string text = read_text(path);
  // NumPy's separator: whitespace in it matches any run of whitespace (or none), the rest literally
  std::string literal;
  for (const char c : options.sep) {
    if (!is_space(c)) literal += c;
  }
  element_parser parser(t);
  const auto unmatched = [&] {
    return detail::file_fault(path, "string or file could not be read to its end due to unmatched data");
  };
  std::size_t at = 0;
  const auto skip_space = [&] {
    while (at < text.size() && is_space(text[at])) ++at;
  };
  skip_space();
  while (at < text.size() &&
         (options.count < 0 || static_cast<std::int64_t>(parser.count()) < options.count)) {
    // a number runs up to the next whitespace or separator character
    std::size_t end = at;
    while (end < text.size() && !is_space(text[end]) &&
           (literal.empty() || text.compare(end, literal.size(), literal) != 0))
      ++end;
    if (!parser.add(text.substr(at, end - at))) throw unmatched();
    at = end;
    skip_space();
    if (at >= text.size()) break;
    if (!literal.empty()) {
      if (text.compare(at, literal.size(), literal) != 0) throw unmatched();
      at += literal.size();
      skip_space();
    }
  }
  return parser.result({static_cast<std::int64_t>(parser.count())}, where);
}

ndarray frombuffer(const void* buffer, std::size_t bytes, dtype t, std::int64_t count, std::int64_t offset,
                   device where) {
  if (offset < 0 || static_cast<std::uint64_t>(offset) > bytes) {
    throw shape_error("offset must be non-negative and no greater than buffer length (" +
                      std::to_string(bytes) + ")");
  }
  const std::size_t left = bytes - static_cast<std::size_t>(offset);
  std::size_t n = 0;
  if (count < 0) {
    if (left % t.itemsize() != 0) throw shape_error("buffer size must be a multiple of element size");
    n = left / t.itemsize();
  } else {
    if (left / t.itemsize() < static_cast<std::uint64_t>(count))
      throw shape_error("buffer is smaller than requested size");
    n = static_cast<std::size_t>(count);
  }
  const auto* start = static_cast<const unsigned char*>(buffer) + (n > 0 ? offset : 0);
  return array_from_host(n > 0 ? start : nullptr, t, n, {static_cast<std::int64_t>(n)}, t, where);
}

void savetxt(const std::string& path, const ndarray& a, const savetxt_options& options) {
  if (a.ndim() != 1 && a.ndim() != 2) {
    throw detail::file_fault(path,
                             "Expected 1D or 2D array, got " + std::to_string(a.ndim()) + "D array instead");
  }
  const bool complex = a.dtype().is_complex();
  const std::int64_t rows = a.shape()[0], columns = a.ndim() == 1 ? 1 : a.shape()[1];
  const auto percents = std::count(options.fmt.begin(), options.fmt.end(), '%');
  std::string row_format;
  if (percents == 1) {
    const std::string one = complex ? " (" + options.fmt + "+" + options.fmt + "j)" : options.fmt;
    for (std::int64_t c = 0; c < columns; ++c) row_format += (c > 0 ? options.delimiter : "") + one;
  } else if (percents != (complex ? 2 : 1) * columns) {
    throw detail::file_fault(path, "fmt has wrong number of % formats:  " + options.fmt);
  } else {
    row_format = options.fmt;
  }
  std::string text;
  const auto commented = [&](std::string s) {
    replace_all(s, "\n", "\n" + options.comments);
    return options.comments + s + options.newline;
  };
  if (!options.header.empty()) text += commented(options.header);
  try {
    const format_pieces pieces = parse_format(row_format);
    const auto values = py_values(a, true);
    std::vector<py_value> row;
    for (std::int64_t r = 0; r < rows; ++r) {
      row.clear();
      for (std::int64_t c = 0; c < columns; ++c) {
        const py_value& v = values[static_cast<std::size_t>(r * columns + c)];
        if (!complex) {
          row.push_back(v);
        } else {
          row.push_back({py_value::floating, false, 0, v.re, 0, v.float_bits, true});
          row.push_back({py_value::floating, false, 0, v.im, 0, v.float_bits, true});
        }
      }
      std::string line = apply_format(pieces, row.data(), row.size()) + options.newline;
      if (complex) replace_all(line, "+-", "-");
      text += line;
    }
  } catch (const type_mismatch& e) {
    // NumPy's savetxt names the mismatch for real rows; a complex row's TypeError reaches the caller as it is
    if (complex) throw detail::file_fault(path, e.message);
    throw detail::file_fault(path, "Mismatch between array dtype ('" + std::string(a.dtype().name()) +
                                       "') and format specifier ('" + row_format + "')");
  } catch (const io_error& e) {
    throw detail::file_fault(path, e.what());
  }
  if (!options.footer.empty()) text += commented(options.footer);
  write_text(path, text);
}

ndarray loadtxt(const std::string& path, const loadtxt_options& options) {
  if (options.ndmin < 0 || options.ndmin > 2)
    throw detail::file_fault(path, "Illegal value of ndmin keyword: " + std::to_string(options.ndmin));
  if (options.skiprows < 0) throw detail::file_fault(path, "argument must be nonnegative");
  check_control_characters(path, options);
  const std::string text = read_text(path);
  const dtype t = options.type;
  element_parser parser(t);
  std::int64_t lines_read = 0, rows = 0, raw_columns = -1;
  std::size_t at = 0;
  // the skipped lines are lines of the file, whatever they hold
  for (; lines_read < options.skiprows && at < text.size(); ++lines_read) {
    at = end_of_line(text, at);
    at += newline_at(text, at);
  }
  const std::int64_t want_columns = static_cast<std::int64_t>(options.usecols.size());
  while (at < text.size() && (options.max_rows < 0 || rows < options.max_rows)) {
    const std::int64_t line_number = lines_read + 1;  // where the record starts
    std::vector<std::string> fields;
    at = read_record(text, at, options, fields, lines_read);
    if (fields.empty()) continue;
    // NumPy's message for this line, with the line's number in the file before it
    const auto line_fault = [&](const std::string& what) {
      return detail::file_fault(path, "line " + std::to_string(line_number) + ": " + what);
    };
    const auto n = static_cast<std::int64_t>(fields.size());
    if (options.usecols.empty() && raw_columns >= 0 && n != raw_columns) {
      throw line_fault("the number of columns changed from " + std::to_string(raw_columns) + " to " +
                       std::to_string(n) + " at row " + std::to_string(rows + 1) +
                       "; use `usecols` to select a subset and avoid this error");
    }
    if (options.usecols.empty()) raw_columns = n;
    // each column in turn, its index checked then its field converted, so that the first fault NumPy meets
    // is the one reported
    const std::int64_t count = options.usecols.empty() ? n : want_columns;
    for (std::int64_t j = 0; j < count; ++j) {
      std::int64_t c = j;
      if (!options.usecols.empty()) {
        const std::int64_t wanted = options.usecols[static_cast<std::size_t>(j)];
        c = wanted < 0 ? wanted + n : wanted;
        if (c < 0 || c >= n) {
          throw line_fault("invalid column index " + std::to_string(wanted) + " at row " +
                           std::to_string(rows + 1) + " with " + std::to_string(n) + " columns");
        }
      }
      const std::string& field = fields[static_cast<std::size_t>(c)];
      if (!parser.add(strip(field, is_blank))) {
        throw line_fault("could not convert string " + string_repr(field, 100) + " to " +
                         std::string(t.name()) + " at row " + std::to_string(rows) + ", column " +
                         std::to_string(c + 1) + ".");
      }
    }
    ++rows;
  }
  const std::int64_t columns = rows == 0          ? (want_columns > 0 ? want_columns : 1)
                               : want_columns > 0 ? want_columns
                                                  : raw_columns;
  ndarray table = parser.result({rows, columns}, options.device.value_or(default_device()));
  // NumPy's _ensure_ndmin_ndarray: squeeze above ndmin, then raise to it
  if (table.ndim() > options.ndmin) {
    shape_t squeezed;
    for (const std::int64_t e : table.shape()) {
      if (e != 1) squeezed.push_back(e);
    }
    table = table.reshape(squeezed);
  }
  if (table.ndim() < options.ndmin) {
    if (options.ndmin == 1) table = table.reshape({table.size()});
    if (options.ndmin == 2)
      table = table.ndim() == 0 ? table.reshape({1, 1}) : table.reshape({1, table.size()}).T();
  }
  return options.unpack ? table.T() : table;
}

}  // namespace numcu
