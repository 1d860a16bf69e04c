// NumPy's array repr (numpy/_core/arrayprint.py with default options): floats in 'maxprec' mode with 8
// digits, exponent format for wide ranges, rows wrapped at 75 columns, summaries with '...' past 1000
// elements.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "device/cast.hpp"
#include "device/element_types.hpp"
#include "numcu/ndarray.hpp"

namespace numcu {
namespace {

constexpr int line_width = 75;
constexpr std::int64_t threshold = 1000;
constexpr int edge_items = 3;
constexpr int precision = 8;

// Shortest decimal digits that read back to the same value of the array's float type.
struct decimal {
  bool negative;
  std::string digits;  // significant digits d1 d2 d3 ..., no trailing zeros; "0" for zero
  int exponent;        // value = d1.d2d3... * 10^exponent
};

bool round_trips(double parsed, double value, dtype t) {
  if (t == float16) return detail::double_to_float16(parsed).bits == detail::double_to_float16(value).bits;
  if (t == bfloat16)
    return bfloat16_t(static_cast<float>(parsed)).bits == bfloat16_t(static_cast<float>(value)).bits;
  if (t == float32 || t == complex64) return static_cast<float>(parsed) == static_cast<float>(value);
  return parsed == value;
}

// Takes the digits (trailing zeros dropped) and the exponent from printf's "d.ddde+XX".
void read_scientific(const char* text, decimal& d) {
  const char* e = std::strchr(text, 'e');
  d.exponent = std::atoi(e + 1);
  d.digits.clear();
  for (const char* c = text; c != e; ++c) {
    if (*c != '.') d.digits += *c;
  }
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
}

// The digits and exponent of |value| with the fewest significant digits that round-trip in type t.
decimal shortest(double value, dtype t) {
  decimal d{std::signbit(value), "0", 0};
  const double magnitude = std::fabs(value);
  if (magnitude == 0) return d;
  char text[64];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*e", digits - 1, magnitude);
    if (round_trips(std::strtod(text, nullptr), magnitude, t) || digits == 17) break;
  }
  read_scientific(text, d);
  return d;
}

// Dragon4-style positional text of |value| (sign handled by the caller): unique digits, at most `precision`
// fractional digits (rounding the exact value when more would be needed).
std::pair<std::string, std::string> positional_parts(double value, dtype t) {
  const decimal d = shortest(value, t);
  const int frac_digits = std::max(0, static_cast<int>(d.digits.size()) - 1 - d.exponent);
  std::string text;
  if (frac_digits > precision) {
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.*f", precision, std::fabs(value));
    text = buf;
    while (!text.empty() && text.back() == '0') text.pop_back();
  } else {
    // place the decimal point in the digit string
    if (d.exponent >= 0) {
      std::string digits = d.digits;
      if (static_cast<int>(digits.size()) <= d.exponent + 1)
        digits.append(d.exponent + 1 - digits.size(), '0');
      text = digits.substr(0, d.exponent + 1) + "." + digits.substr(d.exponent + 1);
    } else {
      text = "0." + std::string(-d.exponent - 1, '0') + d.digits;
      if (d.digits == "0") text = "0.";
    }
  }
  const std::size_t dot = text.find('.');
  std::string int_part = text.substr(0, dot), frac_part = text.substr(dot + 1);
  if (d.negative) int_part = "-" + int_part;
  return {int_part, frac_part};
}

// Scientific text parts: "d", "ddd", exponent.
struct scientific {
  std::string int_part, frac_part;
  int exponent;
};

scientific scientific_parts(double value, dtype t) {
  decimal d = shortest(value, t);
  if (static_cast<int>(d.digits.size()) > precision + 1) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", precision, std::fabs(value));
    read_scientific(buf, d);
  }
  scientific s{std::string(d.negative ? "-" : "") + d.digits.substr(0, 1), d.digits.substr(1), d.exponent};
  return s;
}

// FloatingFormat of numpy: decides the layout from all (shown) values, then formats each the same way.
class float_format {
 public:
  float_format(const std::vector<double>& values, dtype t, bool force_sign) : m_type(t), m_sign(force_sign) {
    std::vector<double> finite;
    for (double v : values) {
      if (std::isfinite(v)) finite.push_back(v);
    }
    double max_val = 0, min_val = 0;
    bool any_nonzero = false;
    for (double v : finite) {
      const double a = std::fabs(v);
      if (a == 0) continue;
      if (!any_nonzero) max_val = min_val = a;
      max_val = std::max(max_val, a);
      min_val = std::min(min_val, a);
      any_nonzero = true;
    }
    const int type_precision = t == float16                       ? 3
                               : t == bfloat16                    ? 2
                               : (t == float32 || t == complex64) ? 6
                                                                  : 15;
    const double cutoff = std::pow(10.0, std::min(8, type_precision));
    if (any_nonzero && (max_val >= cutoff || min_val < 0.0001 || max_val / min_val > 1000.0)) m_exp = true;
    if (finite.empty()) {
      m_pad_left = 0;
      m_pad_right = 0;
    } else if (m_exp) {
      int exp_digits = 0;
      for (double v : finite) {
        const scientific s = scientific_parts(v, t);
        const int e = std::abs(s.exponent);
        exp_digits = std::max(exp_digits, e >= 100 ? 3 : 2);
        m_precision = std::max(m_precision, static_cast<int>(s.frac_part.size()));
        m_pad_left = std::max(
            m_pad_left, static_cast<int>(s.int_part.size()) + (m_sign && v >= 0 && !std::signbit(v) ? 1 : 0));
      }
      m_exp_size = exp_digits;
      m_pad_right = m_exp_size + 2 + m_precision;
    } else {
      for (double v : finite) {
        const auto [ip, fp] = positional_parts(v, t);
        m_pad_left = std::max(m_pad_left, static_cast<int>(ip.size()) + (m_sign && !std::signbit(v) ? 1 : 0));
        m_pad_right = std::max(m_pad_right, static_cast<int>(fp.size()));
      }
    }
    if (finite.size() != values.size()) {
      bool neg_inf = m_sign;
      for (double v : values) neg_inf |= std::isinf(v) && v < 0;
      const int offset = m_pad_right + 1;
      m_pad_left = std::max({m_pad_left, 3 - offset, 3 + (neg_inf ? 1 : 0) - offset});
    }
  }

  std::string operator()(double v) const {
    if (!std::isfinite(v)) {
      std::string r =
          std::isnan(v) ? (m_sign ? "+nan" : "nan") : (v < 0 ? "-inf" : (m_sign ? "+inf" : "inf"));
      const int width = m_pad_left + m_pad_right + 1;
      return std::string(std::max(0, width - static_cast<int>(r.size())), ' ') + r;
    }
    std::string ip, fp;
    std::string tail;
    if (m_exp) {
      const scientific s = scientific_parts(v, m_type);
      ip = s.int_part;
      fp = s.frac_part + std::string(m_precision - s.frac_part.size(), '0');
      std::string e = std::to_string(std::abs(s.exponent));
      e = std::string(std::max(0, m_exp_size - static_cast<int>(e.size())), '0') + e;
      tail = std::string("e") + (s.exponent < 0 ? "-" : "+") + e;
    } else {
      std::tie(ip, fp) = positional_parts(v, m_type);
      fp += std::string(m_pad_right - fp.size(), ' ');
    }
    if (m_sign && !std::signbit(v)) ip = "+" + ip;
    return std::string(std::max(0, m_pad_left - static_cast<int>(ip.size())), ' ') + ip + "." + fp + tail;
  }

 private:
  dtype m_type;
  bool m_sign;
  bool m_exp = false;
  int m_pad_left = 0, m_pad_right = 0, m_precision = 0, m_exp_size = -1;
};

// In a summary, only the first and last edge_items of each long axis are shown (and formatted).
bool shown(const shape_t& shape, const std::vector<std::int64_t>& index, bool summarize) {
  if (!summarize) return true;
  for (int d = 0; d < shape.size(); ++d) {
    if (2 * edge_items < shape[d] && index[d] >= edge_items && index[d] < shape[d] - edge_items) return false;
  }
  return true;
}

class formatter {
 public:
  explicit formatter(const ndarray& host, bool summarize) : m_host(host), m_summarize(summarize) {
    const dtype t = host.dtype();
    const std::int64_t n = host.size();
    std::vector<std::int64_t> index(host.ndim(), 0);
    // collect the shown values
    std::vector<double> reals, imags;
    std::int64_t max_len = 0;
    bool any_false = false;
    for (std::int64_t i = 0; i < n; ++i) {
      std::int64_t rest = i;
      for (int d = host.ndim() - 1; d >= 0; --d) {
        index[d] = rest % host.shape()[d];
        rest /= host.shape()[d];
      }
      if (!shown(host.shape(), index, summarize)) continue;
      const char* p = static_cast<const char*>(host.data_ptr()) + i * host.itemsize();
      detail::visit_dtype(t.id(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        T x;
        std::memcpy(static_cast<void*>(&x), p, sizeof(T));
        if constexpr (std::is_same_v<T, bool>) {
          any_false |= !x;
        } else if constexpr (std::is_integral_v<T>) {
          max_len = std::max<std::int64_t>(max_len, static_cast<std::int64_t>(std::to_string(x).size()));
        } else if constexpr (detail::is_complex_v<T>) {
          reals.push_back(static_cast<double>(x.real()));
          imags.push_back(static_cast<double>(x.imag()));
        } else {
          reals.push_back(detail::to_double(x));
        }
      });
    }
    m_int_width = static_cast<int>(max_len);
    m_true_pad = any_false && host.ndim() > 0;
    if (t.is_floating() || t.is_complex()) m_real.emplace_back(reals, t, false);
    if (t.is_complex()) m_imag.emplace_back(imags, t, true);
  }

  std::string element(std::int64_t flat) const {
    const char* p = static_cast<const char*>(m_host.data_ptr()) + flat * m_host.itemsize();
    return detail::visit_dtype(m_host.dtype().id(), [&](auto tag) -> std::string {
      using T = typename decltype(tag)::type;
      T x;
      std::memcpy(static_cast<void*>(&x), p, sizeof(T));
      if constexpr (std::is_same_v<T, bool>) {
        return x ? (m_true_pad ? " True" : "True") : "False";
      } else if constexpr (std::is_integral_v<T>) {
        const std::string s = std::to_string(x);
        return std::string(std::max(0, m_int_width - static_cast<int>(s.size())), ' ') + s;
      } else if constexpr (detail::is_complex_v<T>) {
        std::string r = m_real[0](static_cast<double>(x.real()));
        std::string i = m_imag[0](static_cast<double>(x.imag()));
        const std::size_t end = i.find_last_not_of(' ') + 1;
        return r + i.substr(0, end) + "j" + std::string(i.size() - end, ' ');
      } else {
        return m_real[0](detail::to_double(x));
      }
    });
  }

  // _formatArray's recurser.
  std::string recurse(std::vector<std::int64_t>& index, const std::string& hanging, int width) const {
    const int axis = static_cast<int>(index.size());
    const int axes_left = m_host.ndim() - axis;
    if (axes_left == 0) {
      std::int64_t flat = 0;
      for (int d = 0; d < m_host.ndim(); ++d) flat = flat * m_host.shape()[d] + index[d];
      return element(flat);
    }
    const std::string next_hanging = hanging + " ";
    const int next_width = width - 1;
    const std::int64_t len = m_host.shape()[axis];
    const bool summary = m_summarize && 2 * edge_items < len;
    const std::int64_t leading = summary ? edge_items : 0;
    const std::int64_t trailing = summary ? edge_items : len;
    auto child = [&](std::int64_t i) {
      index.push_back(i < 0 ? len + i : i);
      std::string s = recurse(index, next_hanging, next_width);
      index.pop_back();
      return s;
    };
    std::string s;
    if (axes_left == 1) {
      const int elem_width = width - 1;  // max(len(','), len(']'))
      std::string line = hanging;
      auto extend = [&](const std::string& word) {
        bool wrap = line.size() + word.size() > static_cast<std::size_t>(elem_width);
        if (line.size() <= hanging.size()) wrap = false;
        if (wrap) {
          const std::size_t end = line.find_last_not_of(' ');
          s += line.substr(0, end + 1) + "\n";
          line = hanging;
        }
        line += word;
      };
      for (std::int64_t i = 0; i < leading; ++i) {
        extend(child(i));
        line += ", ";
      }
      if (summary) {
        extend("...");
        line += ", ";
      }
      for (std::int64_t i = trailing; i > 1; --i) {
        extend(child(-i));
        line += ", ";
      }
      extend(child(-1));
      s += line;
    } else {
      const std::string line_sep = "," + std::string(axes_left - 1, '\n');
      for (std::int64_t i = 0; i < leading; ++i) s += hanging + child(i) + line_sep;
      if (summary) s += hanging + "..." + line_sep;
      for (std::int64_t i = trailing; i > 1; --i) s += hanging + child(-i) + line_sep;
      s += hanging + child(-1);
    }
    return "[" + s.substr(hanging.size()) + "]";
  }

 private:
  ndarray m_host;
  bool m_summarize;
  int m_int_width = 0;
  bool m_true_pad = false;
  std::vector<float_format> m_real, m_imag;
};

}  // namespace

std::string repr(const ndarray& a) {
  const ndarray host = asnumpy(a);
  const bool summarize = host.size() > threshold;
  const std::string prefix = "array(";
  std::string body;
  if (host.size() == 0) {
    body = "[]";
  } else {
    formatter f(host, summarize);
    std::vector<std::int64_t> index;
    body = f.recurse(index, std::string(prefix.size() + 1, ' '), line_width - 1);  // -1: the ")" suffix
  }
  std::vector<std::string> extras;
  if ((host.size() == 0 && !(host.shape() == shape_t{0})) || summarize) {
    std::string shape = to_string(host.shape());
    extras.push_back("shape=" + shape);
  }
  const dtype t = host.dtype();
  const bool implied = t == float64 || t == int64 || t == bool_ || t == complex128;
  if (!implied || host.size() == 0) extras.push_back("dtype=" + std::string(t.name()));
  if (extras.empty()) return prefix + body + ")";
  std::string out = prefix + body + ",";
  std::string extra;
  for (std::size_t i = 0; i < extras.size(); ++i) extra += (i ? ", " : "") + extras[i];
  extra += ")";
  const std::size_t last_line = out.size() - (out.rfind('\n') == std::string::npos ? 0 : out.rfind('\n') + 1);
  const std::string spacer = last_line + extra.size() + 1 > static_cast<std::size_t>(line_width)
                                 ? "\n" + std::string(prefix.size(), ' ')
                                 : " ";
  return out + spacer + extra;
}

std::ostream& operator<<(std::ostream& os, const ndarray& a) {
  return os << repr(a);
}

}  // namespace numcu
