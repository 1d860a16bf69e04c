// The differential test: replays NumPy 2's answers for random calls of every public function
// (tests/data/differential_cases.txt, written by tests/data/generate_differential.py, whose docstring gives
// the format) on every device, and reports each disagreement. NUMCU_DIFFERENTIAL_CASES names another case
// file (scripts/differential.sh draws a new one).
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string_view>

#include "test_support.hpp"

namespace {

using numcu_test::split;
using numcu_test::words;

/// One argument of a case, as parsed (arrays are built per device by make_inputs).
struct argument {
  char tag = 0;  // a o s d i r l x k: see the generator's docstring
  nc::dtype dtype;
  nc::shape_t base_shape;
  std::string view;  // c t r s, or b with broadcast_shape
  nc::shape_t broadcast_shape;
  std::vector<std::string> values;
  std::optional<nc::scalar> value;
  std::int64_t integer = 0;
  double real = 0.0;
  std::vector<std::int64_t> list;
  std::vector<nc::index_t> index;
  nc::casting rule = nc::casting::unsafe;
  std::string key;  // the keyword it is passed as (`axis= l 0,1`), or empty
};

/// One array of an expected outcome.
struct expected_array {
  char share = 'a';  // v: shares memory with the first array argument; n: must not; a: either
  nc::dtype dtype;
  nc::shape_t shape;
  std::vector<std::string> values;
};

/// NumPy's answer: the numcu exception class, or arrays, or a bool.
struct expected_outcome {
  std::string error;
  std::vector<expected_array> arrays;
  std::optional<bool> flag;
};

struct test_case {
  std::string id;
  std::string function;
  std::vector<argument> args;
  expected_outcome expected;
  std::string inputs;  // the argument segments, for reports
};

nc::shape_t parse_shape(const std::string& text) {  // "(2,3)", "(5,)", "()"
  nc::shape_t shape;
  for (const auto& n : split(text.substr(1, text.size() - 2), ','))
    if (!n.empty()) shape.push_back(std::stoll(n));
  return shape;
}

nc::scalar parse_scalar(char kind, const std::string& text) {
  switch (kind) {
    case 'b':
      return nc::scalar(text == "1");
    case 'i':
      if (text[0] == '-') return nc::scalar(static_cast<std::int64_t>(std::stoll(text)));
      if (const auto u = std::stoull(text); u > static_cast<std::uint64_t>(INT64_MAX)) return nc::scalar(u);
      return nc::scalar(static_cast<std::int64_t>(std::stoll(text)));
    case 'f':
      return nc::scalar(std::strtod(text.c_str(), nullptr));
    default: {
      const auto parts = split(text, ',');
      return nc::scalar(std::complex<double>(std::strtod(parts[0].c_str(), nullptr),
                                             std::strtod(parts[1].c_str(), nullptr)));
    }
  }
}

nc::index_t parse_index_entry(const std::string& w) {
  if (w == "None") return nc::newaxis;
  if (w == "...") return nc::ellipsis;
  if (w == ":") return nc::all;
  if (w.find(':') == std::string::npos) return static_cast<std::int64_t>(std::stoll(w));
  auto parts = split(w, ':');
  parts.resize(3);
  auto bound = [](const std::string& s) -> std::optional<std::int64_t> {
    if (s.empty()) return std::nullopt;
    return std::stoll(s);
  };
  return nc::slice(bound(parts[0]), bound(parts[1]), parts[2].empty() ? 1 : std::stoll(parts[2]));
}

nc::casting parse_casting(const std::string& w) {
  if (w == "no") return nc::casting::no;
  if (w == "equiv") return nc::casting::equiv;
  if (w == "safe") return nc::casting::safe;
  if (w == "same_kind") return nc::casting::same_kind;
  return nc::casting::unsafe;
}

argument parse_argument(const std::vector<std::string>& w) {
  argument a;
  a.tag = w[0][0];
  switch (a.tag) {
    case 'a':
    case 'o':
      a.dtype = nc::dtype(w[1]);
      a.base_shape = parse_shape(w[2]);
      a.view = w[3].substr(0, 1);
      if (a.view == "b") a.broadcast_shape = parse_shape(w[3].substr(1));
      a.values.assign(w.begin() + 4, w.end());
      break;
    case 's':
      a.value = parse_scalar(w[1][0], w[2]);
      break;
    case 'd':
      a.dtype = nc::dtype(w[1]);
      break;
    case 'i':
      a.integer = std::stoll(w[1]);
      break;
    case 'r':
      a.real = std::strtod(w[1].c_str(), nullptr);
      break;
    case 'k':
      a.rule = parse_casting(w[1]);
      break;
    case 'l':
      if (w.size() > 1)
        for (const auto& n : split(w[1], ',')) a.list.push_back(std::stoll(n));
      break;
    case 'x':
      for (std::size_t i = 1; i < w.size(); ++i) a.index.push_back(parse_index_entry(w[i]));
      break;
    default:
      FAIL("unknown argument tag " << w[0]);
  }
  return a;
}

std::vector<std::string> segments(const std::string& line) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t pos; (pos = line.find(" | ", start)) != std::string::npos; start = pos + 3)
    out.push_back(line.substr(start, pos - start));
  out.push_back(line.substr(start));
  return out;
}

test_case parse_case(const std::string& line) {
  const auto segs = segments(line);
  test_case c;
  const auto head = words(segs[0]);
  c.id = head[0];
  c.function = head[1];
  for (std::size_t i = 1; i < segs.size(); ++i) {
    const auto w = words(segs[i]);
    if (w.empty())
      throw std::runtime_error("case " + c.id + ": an empty segment (a case file the generator broke)");
    if (w[0] == "!") {
      c.expected.error = w[1];
    } else if (w[0] == "=") {
      if (w[1] == "b") {
        c.expected.flag = w[2] == "1";
      } else {
        expected_array e;
        e.share = w[1][0];
        e.dtype = nc::dtype(w[2]);
        e.shape = parse_shape(w[3]);
        e.values.assign(w.begin() + 4, w.end());
        c.expected.arrays.push_back(std::move(e));
      }
    } else {
      // a keyword argument is `<name>= <argument>`; a plain argument starts with its one-letter tag
      const bool keyword = w[0].size() > 1 && w[0].back() == '=';
      c.args.push_back(parse_argument(keyword ? std::vector<std::string>(w.begin() + 1, w.end()) : w));
      if (keyword) c.args.back().key = w[0].substr(0, w[0].size() - 1);
      c.inputs += (c.inputs.empty() ? "" : " | ") + segs[i];
    }
  }
  if (c.expected.arrays.empty() && !c.expected.flag && c.expected.error.empty()) {
    throw std::runtime_error("case " + c.id + ": no outcome (a case file the generator broke)");
  }
  return c;
}

std::vector<test_case> load_cases() {
  const char* env = std::getenv("NUMCU_DIFFERENTIAL_CASES");
  const std::string path = env ? env : std::string(NUMCU_TEST_DATA_DIR) + "/differential_cases.txt";
  std::ifstream in(path);
  REQUIRE_MESSAGE(in.good(),
                  "missing case file " << path << " (tests/data/generate_differential.py writes it)");
  std::vector<test_case> cases;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') cases.push_back(parse_case(line));
  return cases;
}

/// The arguments of one case on one device: arrays built from their base values through their view.
class inputs {
 public:
  inputs(const std::vector<argument>& args, nc::device dev) : m_args(args), m_device(dev) {
    for (const auto& a : args) {
      if (a.tag != 'a' && a.tag != 'o') {
        m_arrays.emplace_back();
        continue;
      }
      const nc::ndarray base = numcu_test::array_from_text(a.values, a.dtype, a.base_shape, dev);
      if (a.view == "t")
        m_arrays.push_back(base.transpose());
      else if (a.view == "r")
        m_arrays.push_back(base(nc::slice(nc::none, nc::none, -1)));
      else if (a.view == "s")
        m_arrays.push_back(base(nc::slice(nc::none, nc::none, 2)));
      else if (a.view == "b")
        m_arrays.push_back(nc::broadcast_to(base, a.broadcast_shape));
      else
        m_arrays.push_back(base);
    }
  }
  std::size_t size() const { return m_args.size(); }
  char tag(std::size_t i) const { return m_args[i].tag; }
  nc::device device() const { return m_device; }
  const nc::ndarray& arr(std::size_t i) const { return m_arrays[i]; }
  const std::vector<nc::ndarray>& arrays() const { return m_arrays; }
  nc::operand op(std::size_t i) const {
    return m_args[i].tag == 's' ? nc::operand(*m_args[i].value) : nc::operand(m_arrays[i]);
  }
  nc::scalar sc(std::size_t i) const { return *m_args[i].value; }
  nc::dtype dt(std::size_t i) const { return m_args[i].dtype; }
  std::optional<nc::dtype> opt_dt(std::size_t i) const {
    return i < size() ? std::optional<nc::dtype>(dt(i)) : std::nullopt;
  }
  std::int64_t n(std::size_t i) const { return m_args[i].integer; }
  double r(std::size_t i) const { return m_args[i].real; }
  nc::casting k(std::size_t i) const { return m_args[i].rule; }
  const std::vector<std::int64_t>& list(std::size_t i) const { return m_args[i].list; }
  nc::shape_t shape(std::size_t i) const { return nc::shape_t(m_args[i].list); }
  std::span<const nc::index_t> idx(std::size_t i) const { return m_args[i].index; }
  /// The `out` argument (tag o), when the case has one.
  std::optional<nc::ndarray> out() const {
    for (std::size_t i = 0; i < size(); ++i)
      if (m_args[i].tag == 'o') return m_arrays[i];
    return std::nullopt;
  }
  /// The number of operands before `out`.
  std::size_t operands() const { return out() ? size() - 1 : size(); }
  /// The argument passed as keyword @p name, when the case passes it.
  std::optional<std::size_t> key(std::string_view name) const {
    for (std::size_t i = 0; i < size(); ++i)
      if (m_args[i].key == name) return i;
    return std::nullopt;
  }
  /// Every argument passed as keyword @p name, in order (gradient's spacings).
  std::vector<std::size_t> keys(std::string_view name) const {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < size(); ++i)
      if (m_args[i].key == name) out.push_back(i);
    return out;
  }
  const argument& arg(std::size_t i) const { return m_args[i]; }

 private:
  const std::vector<argument>& m_args;
  nc::device m_device;
  std::vector<nc::ndarray> m_arrays;
};

/// numcu's answer: arrays, or a bool.
struct result {
  std::vector<nc::ndarray> arrays;
  std::optional<bool> flag;
};

using call = std::function<result(const inputs&)>;

result one(const nc::ndarray& a) {
  return {{a}, std::nullopt};
}
result two(const std::pair<nc::ndarray, nc::ndarray>& p) {
  return {{p.first, p.second}, std::nullopt};
}
result flag(bool b) {
  return {{}, b};
}
/// A ufunc's answer is `out` afterwards when the call has one.
result out_or(const inputs& in, const nc::ndarray& returned) {
  return one(in.out().value_or(returned));
}

// The keyword arguments of the reduction kind (left out: the function's default, as in NumPy)

/// axis: none when left out, one axis, or a list of them.
nc::axis_arg axis_of(const inputs& in) {
  const auto i = in.key("axis");
  if (!i) return nc::none;
  if (in.tag(*i) == 'i') return nc::axis_arg(in.n(*i));
  return nc::axis_arg(in.list(*i));
}
/// axis of a function taking one axis or none.
std::optional<std::int64_t> one_axis(const inputs& in) {
  const auto i = in.key("axis");
  return i ? std::optional<std::int64_t>(in.n(*i)) : std::nullopt;
}
/// take's and put's mode= (0 raise, 1 wrap, 2 clip).
nc::index_mode index_mode_of(const inputs& in) {
  const auto i = in.key("mode");
  const std::int64_t m = i ? in.n(*i) : 0;
  return m == 1 ? nc::index_mode::wrap : m == 2 ? nc::index_mode::clip : nc::index_mode::raise;
}
/// The index of an advanced_index case: its basic entries (the x argument) with the index arrays (the
/// positional arrays after it) at the places `at=` lists.
std::vector<nc::array_index_t> advanced_entries(const inputs& in) {
  std::size_t x = 0;
  while (in.tag(x) != 'x') ++x;
  const std::vector<std::int64_t>& places = in.list(*in.key("at"));
  std::vector<nc::array_index_t> out;
  std::size_t basic = 0, array = x + 1;
  const std::size_t count = in.idx(x).size() + places.size();
  for (std::size_t i = 0; i < count; ++i) {
    if (std::find(places.begin(), places.end(), static_cast<std::int64_t>(i)) != places.end()) {
      out.emplace_back(in.arr(array++));
    } else {
      std::visit([&](const auto& e) { out.emplace_back(e); }, in.idx(x)[basic++]);
    }
  }
  return out;
}
std::int64_t integer_or(const inputs& in, std::string_view name, std::int64_t fallback) {
  const auto i = in.key(name);
  return i ? in.n(*i) : fallback;
}
double real_or(const inputs& in, std::string_view name, double fallback) {
  const auto i = in.key(name);
  return i ? in.r(*i) : fallback;
}
bool flag_of(const inputs& in, std::string_view name) {
  return integer_or(in, name, 0) != 0;
}
std::optional<nc::dtype> dtype_of(const inputs& in) {
  const auto i = in.key("dtype");
  return i ? std::optional<nc::dtype>(in.dt(*i)) : std::nullopt;
}
std::optional<nc::ndarray> array_of(const inputs& in, std::string_view name) {
  const auto i = in.key(name);
  return i ? std::optional<nc::ndarray>(in.arr(*i)) : std::nullopt;
}
/// The arrays passed by position (the parts of a join), in order.
std::vector<nc::ndarray> positional_arrays(const inputs& in) {
  std::vector<nc::ndarray> out;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in.tag(i) == 'a' && in.arg(i).key.empty()) out.push_back(in.arr(i));
  }
  return out;
}
/// The transforms' `n=`, when the case gives one.
std::optional<std::int64_t> fft_length(const inputs& in) {
  const auto n = in.key("n");
  return n ? std::optional<std::int64_t>(in.n(*n)) : std::nullopt;
}
/// The transforms' `norm=` (0 backward, 1 ortho, 2 forward).
nc::fft::norm_mode norm_of(const inputs& in) {
  return static_cast<nc::fft::norm_mode>(integer_or(in, "norm", 0));
}
/// A list argument passed as keyword @p name, when the case gives one (fftn's `s=` and `axes=`).
std::optional<std::vector<std::int64_t>> list_of(const inputs& in, std::string_view name) {
  const auto i = in.key(name);
  return i ? std::optional<std::vector<std::int64_t>>(in.list(*i)) : std::nullopt;
}
/// The file the files family writes and reads back on the case's device, with extension @p extension.
std::string temporary_path(const inputs& in, const std::string& extension) {
  return (std::filesystem::temp_directory_path() / ("numcu_differential_" + in.device().str() + extension))
      .string();
}
/// An integer passed as keyword @p name, when the case gives one.
std::optional<std::int64_t> optional_integer(const inputs& in, std::string_view name) {
  const auto i = in.key(name);
  return i ? std::optional<std::int64_t>(in.n(*i)) : std::nullopt;
}
/// hsplit, vsplit or dsplit (@p f) of the first array by `sections=` or at `indices=`.
template <class F>
result split_by(const inputs& in, F f) {
  if (const auto at = in.key("indices")) return {f(in.arr(0), in.list(*at)), std::nullopt};
  return {f(in.arr(0), integer_or(in, "sections", 1)), std::nullopt};
}
/// partition's (or with @p arg argpartition's) values at its `kth=` places, along `axis=` or of the flattened
/// array (`flat= i 1`): the values a sort puts there, where the order around them is the algorithm's.
result kth_values(const inputs& in, bool arg) {
  const std::vector<std::int64_t>& kth = in.list(*in.key("kth"));
  const std::optional<std::int64_t> axis =
      flag_of(in, "flat") ? std::nullopt : std::optional<std::int64_t>(integer_or(in, "axis", -1));
  const nc::ndarray& a = in.arr(0);
  const nc::ndarray parted =
      arg ? nc::take_along_axis(axis ? a : a.ravel(), nc::argpartition(a, kth, axis), axis.value_or(-1))
          : nc::partition(a, kth, axis);
  return one(nc::take(parted, nc::array(kth, nc::int64, in.device()), axis.value_or(-1)));
}
/// histogram2d's and histogramdd's keyword arguments: `bins= l` (one count for every dimension, or one per
/// dimension), `lo= r` and `hi= r` once per dimension (range=), `density= i 1`, `weights=`.
std::vector<nc::histogram_bins> bins_of(const inputs& in) {
  std::vector<nc::histogram_bins> bins;
  const std::optional<std::vector<std::int64_t>> counts = list_of(in, "bins");  // (alive through the loop)
  for (const std::int64_t b : *counts) bins.emplace_back(b);
  return bins;
}
nc::histogramdd_options histogramdd_options_of(const inputs& in) {
  nc::histogramdd_options options{.density = flag_of(in, "density"), .weights = array_of(in, "weights")};
  const std::vector<std::size_t> lo = in.keys("lo"), hi = in.keys("hi");
  if (!lo.empty()) {
    options.range.emplace();
    for (std::size_t k = 0; k < lo.size(); ++k) options.range->emplace_back(in.r(lo[k]), in.r(hi[k]));
  }
  return options;
}
/// block's arrays: one list, or with `rows= l` a list of lists of that many arrays each.
nc::ndarray block_of(const inputs& in) {
  const std::vector<nc::ndarray> parts = positional_arrays(in);
  const auto rows = list_of(in, "rows");
  if (!rows) return nc::block(parts);
  std::vector<std::vector<nc::ndarray>> nested;
  std::size_t k = 0;
  for (const std::int64_t r : *rows) {
    nested.emplace_back(parts.begin() + static_cast<std::ptrdiff_t>(k),
                        parts.begin() + static_cast<std::ptrdiff_t>(k + static_cast<std::size_t>(r)));
    k += static_cast<std::size_t>(r);
  }
  return nc::block(nested);
}
/// fftshift's and ifftshift's `axes=`: all when left out.
nc::axis_arg shift_axes(const inputs& in) {
  const auto axes = list_of(in, "axes");
  return axes ? nc::axis_arg(*axes) : nc::axis_arg(nc::none);
}
/// tensordot's `axes=` (an integer) or `a_axes=` and `b_axes=` (lists).
nc::tensordot_axes tensordot_axes_of(const inputs& in) {
  if (const auto a = in.key("a_axes")) return {in.list(*a), in.list(*in.key("b_axes"))};
  return integer_or(in, "axes", 2);
}
/// split or array_split (@p uneven) of the first array by `sections=` or at `indices=`, along `axis=`.
result pieces(const inputs& in, bool uneven) {
  const std::int64_t axis = integer_or(in, "axis", 0);
  if (const auto at = in.key("indices")) {
    return {
        uneven ? nc::array_split(in.arr(0), in.list(*at), axis) : nc::split(in.arr(0), in.list(*at), axis),
        {}};
  }
  const std::int64_t sections = integer_or(in, "sections", 1);
  return {uneven ? nc::array_split(in.arr(0), sections, axis) : nc::split(in.arr(0), sections, axis), {}};
}
std::optional<nc::operand> operand_of(const inputs& in, std::string_view name) {
  const auto i = in.key(name);
  return i ? std::optional<nc::operand>(in.op(*i)) : std::nullopt;
}
/// NumPy's keyword arguments of a reduction as numcu's options.
nc::reduce_options options_of(const inputs& in) {
  const auto initial = in.key("initial");
  return nc::reduce_options{.dtype = dtype_of(in),
                            .out = in.out(),
                            .keepdims = flag_of(in, "keepdims"),
                            .initial = initial ? std::optional<nc::scalar>(in.sc(*initial)) : std::nullopt,
                            .where = array_of(in, "where"),
                            .ddof = real_or(in, "ddof", 0.0)};
}

/// quantile, percentile and their NaN forms through @p f (a generic lambda over the function's overloads): q
/// one number, or the list of every `q=` with `q_list= i 1`; `method=` (quantile_method's order, linear
/// when left out) and `keepdims=`.
template <class F>
result quantiles(const inputs& in, F f) {
  std::vector<double> q;
  for (const std::size_t i : in.keys("q")) q.push_back(in.r(i));
  const nc::quantile_options options{.method = static_cast<nc::quantile_method>(integer_or(in, "method", 6)),
                                     .keepdims = flag_of(in, "keepdims")};
  if (flag_of(in, "q_list")) return one(f(in.arr(0), q, axis_of(in), options));
  return one(f(in.arr(0), q.at(0), axis_of(in), options));
}
/// What unique_counts, unique_inverse and unique_all give, in NumPy's order: values, indices,
/// inverse_indices, counts (those the function returns).
result unique_parts(const nc::unique_result& r) {
  result out{{r.values}, std::nullopt};
  for (const auto& part : {r.indices, r.inverse_indices, r.counts})
    if (part) out.arrays.push_back(*part);
  return out;
}

#define NUMCU_UNARY(name)                                                            \
  {                                                                                  \
#name, [](const inputs& in) { return out_or(in, nc::name(in.op(0), in.out())); } \
  }
#define NUMCU_BINARY(name)                                                                     \
  {                                                                                            \
#name, [](const inputs& in) { return out_or(in, nc::name(in.op(0), in.op(1), in.out())); } \
  }
// an operator between two arrays or an array and a scalar, in either order
#define NUMCU_OPERATOR(sym)                                     \
  {                                                             \
    "operator" #sym, [](const inputs& in) {                     \
      if (in.tag(0) == 's') return one(in.sc(0) sym in.arr(1)); \
      if (in.tag(1) == 's') return one(in.arr(0) sym in.sc(1)); \
      return one(in.arr(0) sym in.arr(1));                      \
    }                                                           \
  }
#define NUMCU_COMPOUND(sym)                                                       \
  {                                                                               \
    "operator" #sym, [](const inputs& in) { return one(in.arr(0) sym in.op(1)); } \
  }
#define NUMCU_UNARY_OPERATOR(sym)                                     \
  {                                                                   \
    "unary" #sym, [](const inputs& in) { return one(sym in.arr(0)); } \
  }
#define NUMCU_REDUCTION(name)                                                                     \
  {                                                                                               \
#name, [](const inputs& in) { return one(nc::name(in.arr(0), axis_of(in), options_of(in))); } \
  }
#define NUMCU_ARG_REDUCTION(name)                                                                           \
  {                                                                                                         \
#name, [](const inputs&                                                                                 \
                  in) { return one(nc::name(in.arr(0), one_axis(in), flag_of(in, "keepdims"), in.out())); } \
  }
#define NUMCU_SCAN(name)                                                                                   \
  {                                                                                                        \
#name, [](const inputs& in) { return one(nc::name(in.arr(0), one_axis(in), dtype_of(in), in.out())); } \
  }
#define NUMCU_QUANTILE(name)                                                                               \
  {                                                                                                        \
#name, [](const inputs& in) { return quantiles(in, [](const auto&... a) { return nc::name(a...); }); } \
  }
// a transform along one axis (`n=`, `axis=`, `norm=`), over several (`s=`, `axes=`, `norm=`), over two
#define NUMCU_TRANSFORM(name)                                                                        \
  {                                                                                                  \
    "fft_" #name, [](const inputs& in) {                                                             \
      return one(nc::fft::name(in.arr(0), fft_length(in), integer_or(in, "axis", -1), norm_of(in))); \
    }                                                                                                \
  }
#define NUMCU_TRANSFORM_N(name)                                                                 \
  {                                                                                             \
    "fft_" #name, [](const inputs& in) {                                                        \
      return one(nc::fft::name(in.arr(0), list_of(in, "s"), list_of(in, "axes"), norm_of(in))); \
    }                                                                                           \
  }
#define NUMCU_TRANSFORM_2(name)                                                                 \
  {                                                                                             \
    "fft_" #name, [](const inputs& in) {                                                        \
      return one(nc::fft::name(in.arr(0), list_of(in, "s"),                                     \
                               list_of(in, "axes").value_or(std::vector<std::int64_t>{-2, -1}), \
                               norm_of(in)));                                                   \
    }                                                                                           \
  }
#define NUMCU_CUMULATIVE(name)                                                                        \
  {                                                                                                   \
#name, [](const inputs& in) {                                                                       \
      return one(nc::name(in.arr(0), one_axis(in), dtype_of(in), in.out(), flag_of(in, "include_initial"))); \
    } \
  }

/// Every function the generator draws, by its name in the case file.
const std::map<std::string, call>& calls() {
  static const std::map<std::string, call> table = {
      // elementwise functions of one and two operands (ufuncs and their aliases)
      NUMCU_BINARY(add),
      NUMCU_BINARY(subtract),
      NUMCU_BINARY(multiply),
      NUMCU_BINARY(divide),
      NUMCU_BINARY(true_divide),
      NUMCU_BINARY(floor_divide),
      NUMCU_BINARY(remainder),
      NUMCU_BINARY(mod),
      NUMCU_BINARY(fmod),
      NUMCU_BINARY(power),
      NUMCU_BINARY(float_power),
      NUMCU_UNARY(negative),
      NUMCU_UNARY(positive),
      NUMCU_UNARY(absolute),
      NUMCU_UNARY(abs),
      NUMCU_UNARY(sign),
      NUMCU_UNARY(reciprocal),
      NUMCU_UNARY(square),
      NUMCU_UNARY(sqrt),
      NUMCU_UNARY(cbrt),
      NUMCU_UNARY(exp),
      NUMCU_UNARY(exp2),
      NUMCU_UNARY(expm1),
      NUMCU_UNARY(log),
      NUMCU_UNARY(log2),
      NUMCU_UNARY(log10),
      NUMCU_UNARY(log1p),
      NUMCU_UNARY(sin),
      NUMCU_UNARY(cos),
      NUMCU_UNARY(tan),
      NUMCU_UNARY(arcsin),
      NUMCU_UNARY(arccos),
      NUMCU_UNARY(arctan),
      NUMCU_BINARY(arctan2),
      NUMCU_BINARY(hypot),
      NUMCU_UNARY(sinh),
      NUMCU_UNARY(cosh),
      NUMCU_UNARY(tanh),
      NUMCU_UNARY(arcsinh),
      NUMCU_UNARY(arccosh),
      NUMCU_UNARY(arctanh),
      NUMCU_UNARY(deg2rad),
      NUMCU_UNARY(rad2deg),
      NUMCU_UNARY(floor),
      NUMCU_UNARY(ceil),
      NUMCU_UNARY(trunc),
      NUMCU_UNARY(rint),
      NUMCU_BINARY(maximum),
      NUMCU_BINARY(minimum),
      NUMCU_BINARY(fmax),
      NUMCU_BINARY(fmin),
      NUMCU_BINARY(logical_and),
      NUMCU_BINARY(logical_or),
      NUMCU_BINARY(logical_xor),
      NUMCU_UNARY(logical_not),
      NUMCU_BINARY(bitwise_and),
      NUMCU_BINARY(bitwise_or),
      NUMCU_BINARY(bitwise_xor),
      NUMCU_UNARY(invert),
      NUMCU_UNARY(bitwise_invert),
      NUMCU_BINARY(left_shift),
      NUMCU_BINARY(right_shift),
      NUMCU_UNARY(isnan),
      NUMCU_UNARY(isinf),
      NUMCU_UNARY(isfinite),
      NUMCU_UNARY(signbit),
      NUMCU_BINARY(copysign),
      NUMCU_BINARY(nextafter),
      NUMCU_BINARY(logaddexp),
      NUMCU_BINARY(logaddexp2),
      NUMCU_BINARY(heaviside),
      NUMCU_BINARY(gcd),
      NUMCU_BINARY(lcm),
      NUMCU_BINARY(equal),
      NUMCU_BINARY(not_equal),
      NUMCU_BINARY(less),
      NUMCU_BINARY(less_equal),
      NUMCU_BINARY(greater),
      NUMCU_BINARY(greater_equal),
      NUMCU_UNARY(conjugate),
      NUMCU_UNARY(conj),
      NUMCU_UNARY(fabs),
      NUMCU_UNARY(bitwise_count),
      NUMCU_BINARY(ldexp),
      {"clip", [](const inputs& in) { return out_or(in, nc::clip(in.op(0), in.op(1), in.op(2), in.out())); }},
      {"where",
       [](const inputs& in) { return out_or(in, nc::where(in.op(0), in.op(1), in.op(2), in.out())); }},
      {"divmod", [](const inputs& in) { return two(nc::divmod(in.op(0), in.op(1))); }},
      {"modf", [](const inputs& in) { return two(nc::modf(in.op(0))); }},
      {"frexp", [](const inputs& in) { return two(nc::frexp(in.op(0))); }},
      // operators
      NUMCU_OPERATOR(+),
      NUMCU_OPERATOR(-),
      NUMCU_OPERATOR(*),
      NUMCU_OPERATOR(/),
      NUMCU_OPERATOR(%),
      NUMCU_OPERATOR(&),
      NUMCU_OPERATOR(|),
      NUMCU_OPERATOR(^),
      NUMCU_OPERATOR(<<),
      NUMCU_OPERATOR(>>),
      NUMCU_OPERATOR(==),
      NUMCU_OPERATOR(!=),
      NUMCU_OPERATOR(<),
      NUMCU_OPERATOR(<=),
      NUMCU_OPERATOR(>),
      NUMCU_OPERATOR(>=),
      NUMCU_COMPOUND(+=),
      NUMCU_COMPOUND(-=),
      NUMCU_COMPOUND(*=),
      NUMCU_COMPOUND(/=),
      NUMCU_COMPOUND(%=),
      NUMCU_COMPOUND(&=),
      NUMCU_COMPOUND(|=),
      NUMCU_COMPOUND(^=),
      NUMCU_COMPOUND(<<=),
      NUMCU_COMPOUND(>>=),
      NUMCU_UNARY_OPERATOR(-),
      NUMCU_UNARY_OPERATOR(+),
      NUMCU_UNARY_OPERATOR(~),
      NUMCU_UNARY_OPERATOR(!),
      // other elementwise functions
      {"round", [](const inputs& in) { return one(nc::round(in.arr(0), static_cast<int>(in.n(1)))); }},
      {"around", [](const inputs& in) { return one(nc::around(in.arr(0), static_cast<int>(in.n(1)))); }},
      {"isclose",
       [](const inputs& in) { return one(nc::isclose(in.op(0), in.op(1), in.r(2), in.r(3), in.n(4) != 0)); }},
      {"allclose",
       [](const inputs& in) {
         return flag(nc::allclose(in.op(0), in.op(1), in.r(2), in.r(3), in.n(4) != 0));
       }},
      {"array_equal",
       [](const inputs& in) { return flag(nc::array_equal(in.arr(0), in.arr(1), in.n(2) != 0)); }},
      {"all_true", [](const inputs& in) { return flag(nc::all_true(in.arr(0))); }},
      {"nan_to_num",
       [](const inputs& in) {
         if (in.size() == 2) return one(nc::nan_to_num(in.arr(0), in.r(1)));
         return one(nc::nan_to_num(in.arr(0), in.r(1), in.r(2), in.r(3)));
       }},
      {"real", [](const inputs& in) { return one(nc::real(in.arr(0))); }},
      {"imag", [](const inputs& in) { return one(nc::imag(in.arr(0))); }},
      {"angle", [](const inputs& in) { return one(nc::angle(in.arr(0), in.n(1) != 0)); }},
      // casts and assignment: the outcome of an assignment is its target afterwards
      {"astype", [](const inputs& in) { return one(in.arr(0).astype(in.dt(1), in.k(2))); }},
      {"copyto",
       [](const inputs& in) {
         nc::copyto(in.arr(0), in.arr(1), in.k(2));
         return one(in.arr(0));
       }},
      {"fill", [](const inputs& in) { return one(in.arr(0).fill(in.sc(1))); }},
      {"setitem",
       [](const inputs& in) {
         nc::ndarray target = in.arr(0).index(in.idx(1));
         if (in.tag(2) == 's')
           std::move(target) = in.sc(2);
         else
           std::move(target) = in.arr(2);
         return one(in.arr(0));
       }},
      {"index", [](const inputs& in) { return one(in.arr(0).index(in.idx(1))); }},
      {"advanced_index", [](const inputs& in) { return one(nc::ndarray(nc::index(in.arr(0), advanced_entries(in)))); }},
      {"advanced_setitem",
       [](const inputs& in) {
         const std::size_t v = *in.key("value");
         if (in.tag(v) == 's')
           nc::index(in.arr(0), advanced_entries(in)) = in.sc(v);
         else
           nc::index(in.arr(0), advanced_entries(in)) = in.arr(v);
         return one(in.arr(0));
       }},
      {"take",
       [](const inputs& in) {
         return one(nc::take(in.arr(0), in.arr(1), one_axis(in), index_mode_of(in)));
       }},
#define NUMCU_UFUNC_AT(name)                                               \
  {#name, [](const inputs& in) {                                           \
     nc::name(in.arr(0), advanced_entries(in), in.arr(*in.key("values"))); \
     return one(in.arr(0));                                                \
   }},
      NUMCU_UFUNC_AT(add_at) NUMCU_UFUNC_AT(subtract_at) NUMCU_UFUNC_AT(multiply_at) NUMCU_UFUNC_AT(minimum_at)
          NUMCU_UFUNC_AT(maximum_at)
#undef NUMCU_UFUNC_AT
      {"put",
       [](const inputs& in) {
         nc::put(in.arr(0), in.arr(1), in.arr(2), index_mode_of(in));
         return one(in.arr(0));
       }},
      {"compress", [](const inputs& in) { return one(nc::compress(in.arr(0), in.arr(1), one_axis(in))); }},
      {"take_along_axis",
       [](const inputs& in) { return one(nc::take_along_axis(in.arr(0), in.arr(1), integer_or(in, "axis", -1))); }},
      {"choose",
       [](const inputs& in) {
         std::vector<nc::ndarray> choices;
         for (std::size_t i = 1; i < in.size(); ++i)
           if (in.tag(i) == 'a' && in.arg(i).key.empty()) choices.push_back(in.arr(i));
         return one(nc::choose(in.arr(0), choices, index_mode_of(in)));
       }},
      {"select",
       [](const inputs& in) {
         const std::vector<nc::ndarray> all = positional_arrays(in);
         const auto half = static_cast<std::ptrdiff_t>(all.size() / 2);
         return one(nc::select(std::vector<nc::ndarray>(all.begin(), all.begin() + half),
                               std::vector<nc::ndarray>(all.begin() + half, all.end())));
       }},
      {"unravel_index",
       [](const inputs& in) {
         const nc::order order = integer_or(in, "order", 0) == 1 ? nc::order::F : nc::order::C;
         return result{nc::unravel_index(in.arr(0), nc::shape_t(in.list(*in.key("dims"))), order), {}};
       }},

      // manipulation
      {"reshape", [](const inputs& in) { return one(nc::reshape(in.arr(0), in.shape(1))); }},
      {"ravel", [](const inputs& in) { return one(nc::ravel(in.arr(0))); }},
      {"flatten", [](const inputs& in) { return one(in.arr(0).flatten()); }},
      {"copy", [](const inputs& in) { return one(in.arr(0).copy()); }},
      {"transpose",
       [](const inputs& in) {
         if (in.size() == 1) return one(nc::transpose(in.arr(0)));
         return one(nc::transpose(in.arr(0), in.list(1)));
       }},
      {"swapaxes", [](const inputs& in) { return one(nc::swapaxes(in.arr(0), in.n(1), in.n(2))); }},
      {"moveaxis",
       [](const inputs& in) {
         if (in.tag(1) == 'i') return one(nc::moveaxis(in.arr(0), in.n(1), in.n(2)));
         return one(nc::moveaxis(in.arr(0), in.list(1), in.list(2)));
       }},
      {"squeeze",
       [](const inputs& in) {
         if (in.size() == 1) return one(nc::squeeze(in.arr(0)));
         return one(nc::squeeze(in.arr(0), in.list(1)));
       }},
      {"expand_dims",
       [](const inputs& in) {
         if (in.tag(1) == 'i') return one(nc::expand_dims(in.arr(0), in.n(1)));
         return one(nc::expand_dims(in.arr(0), in.list(1)));
       }},
      {"broadcast_to", [](const inputs& in) { return one(nc::broadcast_to(in.arr(0), in.shape(1))); }},
      {"broadcast_arrays",
       [](const inputs& in) {
         return result{nc::broadcast_arrays(in.arrays()), {}};
       }},
      {"ascontiguousarray", [](const inputs& in) { return one(nc::ascontiguousarray(in.arr(0))); }},
      // arrays through bytes (numcu/io.hpp)
      {"frombuffer",
       [](const inputs& in) {
         const nc::ndarray bytes = nc::ascontiguousarray(nc::asnumpy(in.arr(0)));
         return one(nc::frombuffer(bytes.data_ptr(), bytes.nbytes(), in.dt(1), in.n(2), in.n(3), in.device()));
       }},
      {"save_load",
       [](const inputs& in) {
         const std::string path = temporary_path(in, ".npy");
         nc::save(path, in.arr(0));
         nc::ndarray back = nc::load(path, in.device());
         std::remove(path.c_str());
         return one(back);
       }},
      {"savez_load",
       [](const inputs& in) {
         const std::string path = temporary_path(in, ".npz");
         const std::vector<nc::ndarray> arrays = positional_arrays(in);
         if (flag_of(in, "compressed")) {
           nc::savez_compressed(path, arrays);
         } else {
           nc::savez(path, arrays);
         }
         result back{{}, std::nullopt};
         for (const auto& [name, a] : nc::load_npz(path, in.device()).items()) back.arrays.push_back(a);
         std::remove(path.c_str());
         return back;
       }},
      {"tofile_fromfile",
       [](const inputs& in) {
         const std::string path = temporary_path(in, ".bin");
         const std::string sep = flag_of(in, "sep") ? " " : "";
         nc::tofile(in.arr(0), path, sep);
         const nc::ndarray back = nc::fromfile(path, *dtype_of(in),
                                               {.count = integer_or(in, "count", -1),
                                                .sep = sep,
                                                .offset = integer_or(in, "offset", 0),
                                                .device = in.device()});
         std::remove(path.c_str());
         return one(back);
       }},
      // creation with an explicit dtype
      {"zeros", [](const inputs& in) { return one(nc::zeros(in.shape(0), in.dt(1), in.device())); }},
      {"ones", [](const inputs& in) { return one(nc::ones(in.shape(0), in.dt(1), in.device())); }},
      {"full", [](const inputs& in) { return one(nc::full(in.shape(0), in.sc(1), in.dt(2), in.device())); }},
      {"zeros_like", [](const inputs& in) { return one(nc::zeros_like(in.arr(0), in.opt_dt(1))); }},
      {"ones_like", [](const inputs& in) { return one(nc::ones_like(in.arr(0), in.opt_dt(1))); }},
      {"full_like", [](const inputs& in) { return one(nc::full_like(in.arr(0), in.sc(1), in.opt_dt(2))); }},
      {"arange",
       [](const inputs& in) { return one(nc::arange(in.sc(0), in.sc(1), in.sc(2), in.dt(3), in.device())); }},
      {"linspace",
       [](const inputs& in) {
         return one(nc::linspace(in.sc(0), in.sc(1), in.n(2), in.n(3) != 0, in.dt(4), in.device()));
       }},
      {"eye",
       [](const inputs& in) { return one(nc::eye(in.n(0), in.n(1), in.n(2), in.dt(3), in.device())); }},
      {"identity", [](const inputs& in) { return one(nc::identity(in.n(0), in.dt(1), in.device())); }},
      {"array",
       [](const inputs& in) {
         const nc::ndarray src = nc::asnumpy(in.arr(0));
         return one(nc::array_from_host(src.data_ptr(), src.dtype(), static_cast<std::size_t>(src.size()),
                                        src.shape(), in.dt(1), in.device()));
       }},
      // creation whose dtype comes from the C++ value (the generator's case_default_dtype group)
      {"full.default",
       [](const inputs& in) { return one(nc::full(in.shape(0), in.sc(1), std::nullopt, in.device())); }},
      {"arange.default",
       [](const inputs& in) { return one(nc::arange(in.sc(0), std::nullopt, in.device())); }},
      {"linspace.default",
       [](const inputs& in) {
         return one(nc::linspace(in.sc(0), in.sc(1), in.n(2), true, std::nullopt, in.device()));
       }},
      // reductions, statistics and scans (the generator's case_reduction): the array, then keyword arguments
      NUMCU_REDUCTION(sum),
      NUMCU_REDUCTION(prod),
      NUMCU_REDUCTION(nansum),
      NUMCU_REDUCTION(nanprod),
      NUMCU_REDUCTION(max),
      NUMCU_REDUCTION(amax),
      NUMCU_REDUCTION(min),
      NUMCU_REDUCTION(amin),
      NUMCU_REDUCTION(nanmax),
      NUMCU_REDUCTION(nanmin),
      NUMCU_REDUCTION(ptp),
      NUMCU_REDUCTION(mean),
      NUMCU_REDUCTION(var),
      NUMCU_REDUCTION(std),
      NUMCU_REDUCTION(nanmean),
      NUMCU_REDUCTION(nanvar),
      NUMCU_REDUCTION(nanstd),
      NUMCU_REDUCTION(any),
      {"all", [](const inputs& in) { return one(nc::all(in.arr(0), axis_of(in), options_of(in))); }},
      NUMCU_ARG_REDUCTION(argmax),
      NUMCU_ARG_REDUCTION(argmin),
      NUMCU_ARG_REDUCTION(nanargmax),
      NUMCU_ARG_REDUCTION(nanargmin),
      {"count_nonzero",
       [](const inputs& in) {
         return one(nc::count_nonzero(in.arr(0), axis_of(in), flag_of(in, "keepdims")));
       }},
      {"average",
       [](const inputs& in) {
         if (flag_of(in, "returned"))
           return two(nc::average_and_weight_sum(in.arr(0), axis_of(in), array_of(in, "weights"),
                                                 flag_of(in, "keepdims")));
         return one(nc::average(in.arr(0), axis_of(in), array_of(in, "weights"), flag_of(in, "keepdims")));
       }},
      NUMCU_SCAN(cumsum),
      NUMCU_SCAN(cumprod),
      NUMCU_SCAN(nancumsum),
      NUMCU_SCAN(nancumprod),
      NUMCU_CUMULATIVE(cumulative_sum),
      NUMCU_CUMULATIVE(cumulative_prod),
      {"diff",
       [](const inputs& in) {
         return one(nc::diff(in.arr(0), static_cast<int>(integer_or(in, "n", 1)), integer_or(in, "axis", -1),
                             operand_of(in, "prepend"), operand_of(in, "append")));
       }},
      {"ediff1d",
       [](const inputs& in) {
         return one(nc::ediff1d(in.arr(0), array_of(in, "to_end"), array_of(in, "to_begin")));
       }},
      {"gradient",
       [](const inputs& in) {
         std::vector<nc::operand> spacing;
         for (const std::size_t i : in.keys("spacing"))  // a step, or the coordinates along an axis
           spacing.push_back(in.tag(i) == 'a' ? nc::operand(in.arr(i)) : nc::operand(in.r(i)));
         if (spacing.empty()) spacing = {1.0};
         return result{
             nc::gradient(in.arr(0), spacing, axis_of(in), static_cast<int>(integer_or(in, "edge_order", 1))),
             std::nullopt};
       }},
      // sorting, searching and sets (the generator's case_sorting)
      {"sort",
       [](const inputs& in) {
         return one(nc::sort(in.arr(0), flag_of(in, "flat") ? std::nullopt
                                                            : std::optional<std::int64_t>(integer_or(in, "axis", -1))));
       }},
      {"argsort",
       [](const inputs& in) {
         return one(nc::argsort(in.arr(0), flag_of(in, "flat") ? std::nullopt
                                                               : std::optional<std::int64_t>(integer_or(in, "axis", -1))));
       }},
      {"searchsorted",
       [](const inputs& in) {
         return one(nc::searchsorted(in.arr(0), in.arr(1),
                                     flag_of(in, "right") ? nc::search_side::right : nc::search_side::left,
                                     array_of(in, "sorter")));
       }},
      {"unique",
       [](const inputs& in) {
         const std::optional<std::int64_t> axis =
             in.keys("axis").empty() ? std::nullopt : std::optional<std::int64_t>(integer_or(in, "axis", 0));
         const nc::unique_result r = nc::unique(in.arr(0), {.return_index = true, .axis = axis});
         return two({r.values, *r.indices});
       }},
      {"concatenate",
       [](const inputs& in) {
         const std::optional<std::int64_t> axis = flag_of(in, "flat") ? std::nullopt
                                                  : std::optional<std::int64_t>(integer_or(in, "axis", 0));
         return one(nc::concatenate(positional_arrays(in), axis, {.dtype = dtype_of(in)}));
       }},
      {"stack", [](const inputs& in) { return one(nc::stack(positional_arrays(in), integer_or(in, "axis", 0))); }},
      {"hstack", [](const inputs& in) { return one(nc::hstack(positional_arrays(in))); }},
      {"vstack", [](const inputs& in) { return one(nc::vstack(positional_arrays(in))); }},
      {"dstack", [](const inputs& in) { return one(nc::dstack(positional_arrays(in))); }},
      {"column_stack", [](const inputs& in) { return one(nc::column_stack(positional_arrays(in))); }},
      {"append", [](const inputs& in) { return one(nc::append(in.arr(0), in.arr(1), one_axis(in))); }},
      {"split", [](const inputs& in) { return pieces(in, false); }},
      {"array_split", [](const inputs& in) { return pieces(in, true); }},
      {"unstack", [](const inputs& in) { return result{nc::unstack(in.arr(0), integer_or(in, "axis", 0)), {}}; }},
      {"atleast_1d", [](const inputs& in) { return one(nc::atleast_1d(in.arr(0))); }},
      {"atleast_2d", [](const inputs& in) { return one(nc::atleast_2d(in.arr(0))); }},
      {"atleast_3d", [](const inputs& in) { return one(nc::atleast_3d(in.arr(0))); }},
      {"flip",
       [](const inputs& in) {
         const auto axis = in.key("axis");
         return one(axis ? nc::flip(in.arr(0), nc::axis_arg(in.list(*axis))) : nc::flip(in.arr(0)));
       }},
      {"meshgrid",
       [](const inputs& in) {
         return result{nc::meshgrid(positional_arrays(in),
                                    flag_of(in, "ij") ? nc::meshgrid_indexing::ij : nc::meshgrid_indexing::xy,
                                    flag_of(in, "sparse")),
                       {}};
       }},
      {"tile", [](const inputs& in) { return one(nc::tile(in.arr(0), in.list(*in.key("reps")))); }},
      {"repeat",
       [](const inputs& in) {
         const std::vector<std::int64_t>& counts = in.list(*in.key("repeats"));
         return one(counts.size() == 1 ? nc::repeat(in.arr(0), counts[0], one_axis(in))
                                       : nc::repeat(in.arr(0), counts, one_axis(in)));
       }},
      {"pad",
       [](const inputs& in) {
         const std::vector<std::int64_t>& w = in.list(*in.key("width"));
         std::vector<std::pair<std::int64_t, std::int64_t>> widths;
         for (std::size_t i = 0; i + 1 < w.size(); i += 2) widths.emplace_back(w[i], w[i + 1]);
         if (widths.empty()) widths.emplace_back(0, 0);
         const nc::pad_mode modes[] = {nc::pad_mode::constant, nc::pad_mode::edge,
                                       nc::pad_mode::reflect,  nc::pad_mode::symmetric,
                                       nc::pad_mode::wrap,     nc::pad_mode::linear_ramp};
         return one(nc::pad(in.arr(0), widths, modes[integer_or(in, "mode", 0)], {.odd = flag_of(in, "odd")}));
       }},
      {"vander",
       [](const inputs& in) {
         return one(nc::vander(in.arr(0), integer_or(in, "n", 0), flag_of(in, "increasing")));
       }},
      {"resize", [](const inputs& in) { return one(nc::resize(in.arr(0), nc::shape_t(in.list(*in.key("shape"))))); }},
      {"trim_zeros", [](const inputs& in) { return one(nc::trim_zeros(in.arr(0))); }},
      {"delete_", [](const inputs& in) { return one(nc::delete_(in.arr(0), in.arr(1), one_axis(in))); }},
      {"fliplr", [](const inputs& in) { return one(nc::fliplr(in.arr(0))); }},
      {"flipud", [](const inputs& in) { return one(nc::flipud(in.arr(0))); }},
      {"rot90",
       [](const inputs& in) { return one(nc::rot90(in.arr(0), integer_or(in, "k", 1), in.list(*in.key("axes")))); }},
      {"roll",
       [](const inputs& in) {
         const auto axis = in.key("axis");
         const std::vector<std::int64_t>& shift = in.list(*in.key("shift"));
         return one(axis ? nc::roll(in.arr(0), shift, nc::axis_arg(in.list(*axis))) : nc::roll(in.arr(0), shift));
       }},
      {"diagonal",
       [](const inputs& in) {
         return one(nc::diagonal(in.arr(0), integer_or(in, "offset", 0), integer_or(in, "axis1", 0),
                                 integer_or(in, "axis2", 1)));
       }},
      {"trace",
       [](const inputs& in) {
         return one(nc::trace(in.arr(0), integer_or(in, "offset", 0), integer_or(in, "axis1", 0),
                              integer_or(in, "axis2", 1)));
       }},
      {"outer", [](const inputs& in) { return one(nc::outer(in.arr(0), in.arr(1))); }},
      {"linalg_outer", [](const inputs& in) { return one(nc::linalg::outer(in.arr(0), in.arr(1))); }},
      {"vdot", [](const inputs& in) { return one(nc::vdot(in.arr(0), in.arr(1))); }},
      {"vecdot",
       [](const inputs& in) { return one(nc::vecdot(in.arr(0), in.arr(1), integer_or(in, "axis", -1))); }},
      {"linalg_vecdot",
       [](const inputs& in) { return one(nc::linalg::vecdot(in.arr(0), in.arr(1), integer_or(in, "axis", -1))); }},
      {"kron", [](const inputs& in) { return one(nc::kron(in.arr(0), in.arr(1))); }},
      {"cross",
       [](const inputs& in) {
         nc::cross_axes axes{integer_or(in, "axisa", -1), integer_or(in, "axisb", -1), integer_or(in, "axisc", -1)};
         if (in.key("axis")) axes.axis = integer_or(in, "axis", -1);
         return one(nc::cross(in.arr(0), in.arr(1), axes));
       }},
      {"linalg_cross",
       [](const inputs& in) { return one(nc::linalg::cross(in.arr(0), in.arr(1), integer_or(in, "axis", -1))); }},
      {"linalg_vector_norm",
       [](const inputs& in) {
         const auto axis = in.key("axis");
         const nc::axis_arg along = !axis                ? nc::axis_arg(nc::none)
                                    : in.tag(*axis) == 'i' ? nc::axis_arg(in.n(*axis))
                                                           : nc::axis_arg(in.list(*axis));
         const auto ord = in.key("ord");
         return one(nc::linalg::vector_norm(in.arr(0), along, in.key("keepdims").has_value(), ord ? in.r(*ord) : 2.0));
       }},
      {"linalg_trace", [](const inputs& in) { return one(nc::linalg::trace(in.arr(0), integer_or(in, "offset", 0))); }},
      {"linalg_diagonal",
       [](const inputs& in) { return one(nc::linalg::diagonal(in.arr(0), integer_or(in, "offset", 0))); }},
      {"linalg_matrix_transpose", [](const inputs& in) { return one(nc::linalg::matrix_transpose(in.arr(0))); }},
      {"matmul", [](const inputs& in) { return one(nc::matmul(in.arr(0), in.arr(1))); }},
      {"linalg_solve", [](const inputs& in) { return one(nc::linalg::solve(in.arr(0), in.arr(1))); }},
      {"linalg_inv", [](const inputs& in) { return one(nc::linalg::inv(in.arr(0))); }},
      {"linalg_det", [](const inputs& in) { return one(nc::linalg::det(in.arr(0))); }},
      {"linalg_cholesky",
       [](const inputs& in) { return one(nc::linalg::cholesky(in.arr(0), flag_of(in, "upper"))); }},
      {"linalg_eigvalsh",
       [](const inputs& in) { return one(nc::linalg::eigvalsh(in.arr(0), flag_of(in, "upper") ? 'U' : 'L')); }},
      {"linalg_svdvals", [](const inputs& in) { return one(nc::linalg::svdvals(in.arr(0))); }},
      {"linalg_pinv", [](const inputs& in) { return one(nc::linalg::pinv(in.arr(0), real_or(in, "rcond", 1e-15))); }},
      {"linalg_matrix_rank",
       [](const inputs& in) {
         const auto tol = in.key("tol");
         return one(nc::linalg::matrix_rank(in.arr(0), tol ? std::optional<double>(in.r(*tol)) : std::nullopt));
       }},
      {"linalg_cond", [](const inputs& in) { return one(nc::linalg::cond(in.arr(0))); }},
      {"linalg_norm",
       [](const inputs& in) {
         const auto ord = in.key("ord");
         const nc::linalg::norm_order order = ord                       ? nc::linalg::norm_order(in.r(*ord))
                                              : in.key("ord_name")      ? nc::linalg::norm_order(
                                                                         flag_of(in, "ord_name") ? "nuc" : "fro")
                                                                        : nc::linalg::norm_order();
         return one(nc::linalg::norm(in.arr(0), order, axis_of(in), flag_of(in, "keepdims")));
       }},
      {"put_along_axis",
       [](const inputs& in) {
         nc::put_along_axis(in.arr(0), in.arr(1), in.arr(2), integer_or(in, "axis", -1));
         return one(in.arr(0));
       }},
      {"putmask",
       [](const inputs& in) {
         nc::putmask(in.arr(0), in.arr(1), in.arr(2));
         return one(in.arr(0));
       }},
      {"fill_diagonal",
       [](const inputs& in) {
         if (in.tag(1) == 's') {
           nc::fill_diagonal(in.arr(0), in.sc(1), flag_of(in, "wrap"));
         } else {
           nc::fill_diagonal(in.arr(0), in.arr(1), flag_of(in, "wrap"));
         }
         return one(in.arr(0));
       }},
      {"ravel_multi_index",
       [](const inputs& in) {
         return one(nc::ravel_multi_index(positional_arrays(in), nc::shape_t(*list_of(in, "dims")), index_mode_of(in),
                                          integer_or(in, "order", 0) ? nc::order::F : nc::order::C));
       }},
      {"tril_indices",
       [](const inputs& in) { return two(nc::tril_indices(in.n(0), in.n(1), optional_integer(in, "m"), in.device())); }},
      {"triu_indices",
       [](const inputs& in) { return two(nc::triu_indices(in.n(0), in.n(1), optional_integer(in, "m"), in.device())); }},
      {"tril_indices_from", [](const inputs& in) { return two(nc::tril_indices_from(in.arr(0), in.n(1))); }},
      {"triu_indices_from", [](const inputs& in) { return two(nc::triu_indices_from(in.arr(0), in.n(1))); }},
      {"diag_indices",
       [](const inputs& in) {
         return result{nc::diag_indices(in.n(0), static_cast<int>(in.n(1)), in.device()), std::nullopt};
       }},
      {"diag_indices_from", [](const inputs& in) { return result{nc::diag_indices_from(in.arr(0)), std::nullopt}; }},
      {"ix_", [](const inputs& in) { return result{nc::ix_(positional_arrays(in)), std::nullopt}; }},
      {"hsplit", [](const inputs& in) { return split_by(in, [](const auto&... a) { return nc::hsplit(a...); }); }},
      {"vsplit", [](const inputs& in) { return split_by(in, [](const auto&... a) { return nc::vsplit(a...); }); }},
      {"dsplit", [](const inputs& in) { return split_by(in, [](const auto&... a) { return nc::dsplit(a...); }); }},
      {"logspace",
       [](const inputs& in) {
         return one(nc::logspace(in.r(0), in.r(1), in.n(2), in.n(3) != 0, real_or(in, "base", 10.0), dtype_of(in),
                                 in.device()));
       }},
      {"geomspace",
       [](const inputs& in) {
         return one(nc::geomspace(in.r(0), in.r(1), in.n(2), in.n(3) != 0, dtype_of(in), in.device()));
       }},
      {"partition", [](const inputs& in) { return kth_values(in, false); }},
      {"argpartition", [](const inputs& in) { return kth_values(in, true); }},
      {"histogram_bin_edges",
       [](const inputs& in) {
         nc::histogram_options options;
         if (!in.keys("lo").empty()) options.range = std::pair{real_or(in, "lo", 0.0), real_or(in, "hi", 1.0)};
         return one(nc::histogram_bin_edges(in.arr(0), integer_or(in, "bins", 10), options));
       }},
      {"histogram2d",
       [](const inputs& in) {
         const nc::histogram2d_result r = nc::histogram2d(in.arr(0), in.arr(1), bins_of(in), histogramdd_options_of(in));
         return result{{r.hist, r.xedges, r.yedges}, std::nullopt};
       }},
      {"histogramdd",
       [](const inputs& in) {
         const nc::histogramdd_result r = nc::histogramdd(in.arr(0), bins_of(in), histogramdd_options_of(in));
         result out{{r.hist}, std::nullopt};
         out.arrays.insert(out.arrays.end(), r.edges.begin(), r.edges.end());
         return out;
       }},
      {"extract", [](const inputs& in) { return one(nc::extract(in.arr(0), in.arr(1))); }},
      {"block", [](const inputs& in) { return one(block_of(in)); }},
      {"sparse_indices",
       [](const inputs& in) {
         return result{nc::sparse_indices(nc::shape_t(*list_of(in, "dims")), *dtype_of(in), in.device()),
                       std::nullopt};
       }},
      {"linalg_slogdet",
       [](const inputs& in) {
         const nc::linalg::slogdet_result r = nc::linalg::slogdet(in.arr(0));
         return result{{r.sign, r.logabsdet}, std::nullopt};
       }},
      {"linalg_matrix_norm",
       [](const inputs& in) {
         const auto ord = in.key("ord");
         const nc::linalg::norm_order order =
             ord ? nc::linalg::norm_order(in.r(*ord)) : nc::linalg::norm_order(flag_of(in, "ord_name") ? "nuc" : "fro");
         return one(nc::linalg::matrix_norm(in.arr(0), flag_of(in, "keepdims"), order));
       }},
      {"linalg_lstsq",
       [](const inputs& in) {
         const nc::linalg::lstsq_result r = nc::linalg::lstsq(in.arr(0), in.arr(1));
         return result{{r.x, r.residuals, r.rank, r.s}, std::nullopt};
       }},
      {"linalg_tensorinv",
       [](const inputs& in) { return one(nc::linalg::tensorinv(in.arr(0), integer_or(in, "ind", 2))); }},
      {"linalg_tensorsolve", [](const inputs& in) { return one(nc::linalg::tensorsolve(in.arr(0), in.arr(1))); }},
      NUMCU_TRANSFORM(fft),
      NUMCU_TRANSFORM(ifft),
      NUMCU_TRANSFORM(rfft),
      NUMCU_TRANSFORM(irfft),
      NUMCU_TRANSFORM(hfft),
      NUMCU_TRANSFORM(ihfft),
      NUMCU_TRANSFORM_N(fftn),
      NUMCU_TRANSFORM_N(ifftn),
      NUMCU_TRANSFORM_N(rfftn),
      NUMCU_TRANSFORM_N(irfftn),
      NUMCU_TRANSFORM_2(fft2),
      NUMCU_TRANSFORM_2(ifft2),
      NUMCU_TRANSFORM_2(rfft2),
      NUMCU_TRANSFORM_2(irfft2),
      {"fft_fftshift", [](const inputs& in) { return one(nc::fft::fftshift(in.arr(0), shift_axes(in))); }},
      {"fft_ifftshift", [](const inputs& in) { return one(nc::fft::ifftshift(in.arr(0), shift_axes(in))); }},
      {"fft_fftfreq", [](const inputs& in) { return one(nc::fft::fftfreq(in.n(0), in.r(1), in.device())); }},
      {"fft_rfftfreq", [](const inputs& in) { return one(nc::fft::rfftfreq(in.n(0), in.r(1), in.device())); }},
      {"linalg_matmul", [](const inputs& in) { return one(nc::linalg::matmul(in.arr(0), in.arr(1))); }},
      {"dot", [](const inputs& in) { return one(nc::dot(in.arr(0), in.arr(1))); }},
      {"inner", [](const inputs& in) { return one(nc::inner(in.arr(0), in.arr(1))); }},
      {"tensordot", [](const inputs& in) { return one(nc::tensordot(in.arr(0), in.arr(1), tensordot_axes_of(in))); }},
      {"linalg_tensordot",
       [](const inputs& in) { return one(nc::linalg::tensordot(in.arr(0), in.arr(1), tensordot_axes_of(in))); }},
      {"linalg_matrix_power",
       [](const inputs& in) { return one(nc::linalg::matrix_power(in.arr(0), integer_or(in, "n", 1))); }},
      {"linalg_multi_dot", [](const inputs& in) { return one(nc::linalg::multi_dot(positional_arrays(in))); }},
      {"einsum",
       [](const inputs& in) {
         std::string subscripts;
         for (const std::int64_t c : in.list(*in.key("subscripts"))) subscripts += static_cast<char>(c);
         return one(nc::einsum(subscripts, positional_arrays(in)));
       }},
      {"diag", [](const inputs& in) { return one(nc::diag(in.arr(0), integer_or(in, "k", 0))); }},
      {"diagflat", [](const inputs& in) { return one(nc::diagflat(in.arr(0), integer_or(in, "k", 0))); }},
      {"tril", [](const inputs& in) { return one(nc::tril(in.arr(0), integer_or(in, "k", 0))); }},
      {"triu", [](const inputs& in) { return one(nc::triu(in.arr(0), integer_or(in, "k", 0))); }},
      {"tri",
       [](const inputs& in) {
         return one(nc::tri(integer_or(in, "n", 0), integer_or(in, "m", 0), integer_or(in, "k", 0), *dtype_of(in),
                            in.device()));
       }},
      {"isin", [](const inputs& in) { return one(nc::isin(in.arr(0), in.arr(1), false, flag_of(in, "invert"))); }},
      {"flatnonzero", [](const inputs& in) { return one(nc::flatnonzero(in.arr(0))); }},
      {"argwhere", [](const inputs& in) { return one(nc::argwhere(in.arr(0))); }},
      {"bincount",
       [](const inputs& in) { return one(nc::bincount(in.arr(0), array_of(in, "weights"), integer_or(in, "minlength", 0))); }},
      {"digitize", [](const inputs& in) { return one(nc::digitize(in.arr(0), in.arr(1), flag_of(in, "right"))); }},
      {"histogram",
       [](const inputs& in) {
         nc::histogram_options options{.density = flag_of(in, "density"), .weights = array_of(in, "weights")};
         if (!in.keys("lo").empty()) options.range = std::pair{real_or(in, "lo", 0.0), real_or(in, "hi", 1.0)};
         const auto edges = array_of(in, "edges");
         const nc::histogram_result r = edges ? nc::histogram(in.arr(0), *edges, options)
                                              : nc::histogram(in.arr(0), integer_or(in, "bins", 10), options);
         return two({r.counts, r.bin_edges});
       }},
      {"unique_options",
       [](const inputs& in) {
         const nc::unique_result r = nc::unique(in.arr(0), {.return_index = flag_of(in, "return_index"),
                                                            .return_inverse = flag_of(in, "return_inverse"),
                                                            .return_counts = flag_of(in, "return_counts"),
                                                            .equal_nan = integer_or(in, "equal_nan", 1) != 0});
         return unique_parts(r);
       }},
      {"median", [](const inputs& in) { return one(nc::median(in.arr(0), axis_of(in), flag_of(in, "keepdims"))); }},
      {"nanmedian",
       [](const inputs& in) { return one(nc::nanmedian(in.arr(0), axis_of(in), flag_of(in, "keepdims"))); }},
      NUMCU_QUANTILE(quantile),
      NUMCU_QUANTILE(percentile),
      NUMCU_QUANTILE(nanquantile),
      NUMCU_QUANTILE(nanpercentile),
      {"unique_values", [](const inputs& in) { return one(nc::unique_values(in.arr(0))); }},
      {"unique_counts", [](const inputs& in) { return unique_parts(nc::unique_counts(in.arr(0))); }},
      {"unique_inverse", [](const inputs& in) { return unique_parts(nc::unique_inverse(in.arr(0))); }},
      {"unique_all", [](const inputs& in) { return unique_parts(nc::unique_all(in.arr(0))); }},
      {"intersect1d",
       [](const inputs& in) { return one(nc::intersect1d(in.arr(0), in.arr(1), flag_of(in, "assume_unique"))); }},
      {"union1d", [](const inputs& in) { return one(nc::union1d(in.arr(0), in.arr(1))); }},
      {"setdiff1d",
       [](const inputs& in) { return one(nc::setdiff1d(in.arr(0), in.arr(1), flag_of(in, "assume_unique"))); }},
      {"setxor1d",
       [](const inputs& in) { return one(nc::setxor1d(in.arr(0), in.arr(1), flag_of(in, "assume_unique"))); }},
      {"lexsort", [](const inputs& in) { return one(nc::lexsort(positional_arrays(in), integer_or(in, "axis", -1))); }},
      {"trapezoid",
       [](const inputs& in) {
         return one(
             nc::trapezoid(in.arr(0), array_of(in, "x"), real_or(in, "dx", 1.0), integer_or(in, "axis", -1)));
       }},
  };
  return table;
}

#undef NUMCU_UNARY
#undef NUMCU_BINARY
#undef NUMCU_OPERATOR
#undef NUMCU_COMPOUND
#undef NUMCU_UNARY_OPERATOR
#undef NUMCU_REDUCTION
#undef NUMCU_ARG_REDUCTION
#undef NUMCU_SCAN
#undef NUMCU_CUMULATIVE

/// The ufunc a function name stands for, for the tolerance table (operators and aliases by their ufunc).
std::string ufunc_of(const std::string& fn) {
  static const std::map<std::string, std::string> names = {
      {"operator*", "multiply"},   {"operator*=", "multiply"},  {"operator/", "divide"},
      {"operator/=", "divide"},    {"true_divide", "divide"},   {"operator%", "remainder"},
      {"operator%=", "remainder"}, {"mod", "remainder"},        {"abs", "absolute"},
      {"add_at", "add"},           {"subtract_at", "subtract"}, {"multiply_at", "multiply"},
      {"minimum_at", "minimum"},   {"maximum_at", "maximum"}};
  const auto it = names.find(fn);
  return it == names.end() ? fn : it->second;
}

/// The largest distance in units in the last place a floating result of @p fn in dtype @p t may have from
/// NumPy's. Everything not listed is exact (0 ulp, signed zeros included): integer and bool results, casts,
/// data movement, and the correctly rounded IEEE operations (+ - * / sqrt fma-free, floor, rint, fmod,
/// nextafter, ...), which every conforming implementation rounds the same way.
int tolerance_ulps(const std::string& fn, nc::dtype t) {
  // Transcendental functions come from the C library on the host, CUDA's math library on the GPU and NumPy's
  // own (partly SIMD) implementations: none is correctly rounded; CUDA documents at most 1-2 ulp for
  // double and up to 4 ulp for float (tan, pow), NumPy's SIMD float32 paths up to 4 ulp.
  static const std::set<std::string> transcendental = {
      "cbrt",    "exp",       "exp2",       "expm1", "log",         "log2",    "log10",
      "log1p",   "sin",       "cos",        "tan",   "arcsin",      "arccos",  "arctan",
      "arctan2", "hypot",     "sinh",       "cosh",  "tanh",        "arcsinh", "arccosh",
      "arctanh", "logaddexp", "logaddexp2", "power", "float_power", "angle",   "absolute"};
  // Products by a rounded constant (pi/180): one library multiplies by the rounded quotient, another may
  // divide after multiplying, a difference of one rounding.
  static const std::set<std::string> by_constant = {"deg2rad", "rad2deg"};
  // Complex products and quotients: NumPy writes out (ac - bd) and Smith's division; libcu++ and nvcc may
  // contract into fused multiply-adds and scale differently, which moves the last bits of each part.
  static const std::set<std::string> complex_arithmetic = {
      "multiply", "divide", "reciprocal", "square", "sign", "floor_divide", "remainder", "divmod", "sqrt"};
  const std::string u = ufunc_of(fn);
  const bool half = t == nc::float16 || t == nc::bfloat16;
  if (transcendental.count(u)) return half ? 1 : 4;  // 16-bit floats: computed in float32, rounded once
  if (by_constant.count(u)) return 1;
  if (t.is_complex() && complex_arithmetic.count(u)) return 4;
  return 0;
}

/// Results whose formula cancels near zero, so that a last-place difference of the library functions inside
/// becomes an error of a few ulps of 1, not of the result: their tolerance is relative to 1 at least.
/// NumPy's complex log1p is log(hypot(x + 1, y)) and its expm1 expm1(x) cos y - 2 sin^2(y / 2) (hypot, cos
/// and sin differ between the C library and CUDA). Its real logaddexp(x, y) is max(x, y) + log1p(exp(-|x -
/// y|)) and logaddexp2 the same in base 2: a result near 0 has max(x, y) in [-1, 0] and the log term near its
/// negative, so the C library's log1pf, which is not correctly rounded (0x1.312840p-2 for log1p of
/// 0x1.638030p-2, where the exact value rounds to 0x1.312842p-2), moves NumPy's logaddexp2(-0x1.e513e6p-2,
/// -2) 8 ulps from the exact value on one side where numcu's correctly rounded steps leave it 8 ulps on the
/// other.
bool cancelling(const std::string& fn, nc::dtype t) {
  const std::string u = ufunc_of(fn);
  if (t.is_complex()) return u == "log1p" || u == "expm1";
  // (float16 and bfloat16 compute in float32 and round once: an ulp of their own still bounds the difference)
  return (t == nc::float32 || t == nc::float64) && (u == "logaddexp" || u == "logaddexp2");
}

/// Functions whose zero results may carry either sign: which of two zeros of different signs maximum,
/// minimum, fmax, fmin and clip return differs in NumPy by dtype (its SIMD loops take either operand:
/// maximum(-0.0, 0.0) is 0.0 in float32 and float64 and -0.0 in float16; fmax the reverse), as IEEE 754
/// leaves it; numcu returns the first operand on ties (docs/numpy_differences.md).
bool sign_free_zeros(const std::string& fn) {
  // (the histograms' outer edges are their input's min and max)
  // The order statistics and the set functions: which of two equal zeros NumPy's partition, or its sort that
  // is not stable, leaves in a place is its own (unique with return_index sorts stably: exact).
  static const std::set<std::string> functions = {"maximum",        "minimum",
                                                  "fmax",           "fmin",
                                                  "clip",           "histogram",
                                                  "median",         "nanmedian",
                                                  "quantile",       "percentile",
                                                  "nanquantile",    "nanpercentile",
                                                  "unique_values",  "unique_counts",
                                                  "unique_inverse", "union1d",
                                                  "intersect1d",    "setdiff1d",
                                                  "setxor1d",       "partition",
                                                  "argpartition",   "histogram_bin_edges",
                                                  "histogram2d",    "histogramdd",
                                                  "unique_options"};
  return functions.count(ufunc_of(fn)) > 0;
}

/// The largest and smallest nonzero finite magnitudes among an argument's values (array elements as the case
/// file writes them, "re,im" for complex, or a scalar), as {largest, smallest}; {0, inf} when there is none.
std::pair<double, double> magnitudes(const argument& a) {
  double largest = 0.0, smallest = std::numeric_limits<double>::infinity();
  const auto take = [&](double re, double im) {
    const double m = std::hypot(re, im);
    if (!std::isfinite(m) || m == 0.0) return;
    largest = std::max(largest, m);
    smallest = std::min(smallest, m);
  };
  if (a.value) {
    const nc::scalar& v = *a.value;
    const bool is_int = v.kind() == nc::scalar_kind::integer || v.kind() == nc::scalar_kind::boolean;
    take(is_int ? static_cast<double>(v.int_value()) : v.real(),
         v.kind() == nc::scalar_kind::complex ? v.imag() : 0.0);
  }
  for (const std::string& text : a.values) {
    const auto parts = split(text, ',');
    take(std::strtod(parts[0].c_str(), nullptr),
         parts.size() > 1 ? std::strtod(parts[1].c_str(), nullptr) : 0.0);
  }
  return {largest, smallest};
}

/// Complex power computes exp(w log z): the rounding of its argument, about |w log z| ulps of 1, becomes
/// the result's relative error, so the tolerance grows with the largest |w| (|log |z|| + pi) of the case (an
/// integer exponent of 300 gives a few hundred ulps in NumPy's result as in numcu's).
int complex_power_ulps(const test_case& c) {
  if (c.args.size() < 2) return 0;
  const auto [z_large, z_small] = magnitudes(c.args[0]);
  const double w = magnitudes(c.args[1]).first;
  if (z_large == 0.0) return 0;
  const double log_z = std::max(std::fabs(std::log(z_large)), std::fabs(std::log(z_small)));
  return static_cast<int>(std::min(1e6, std::ceil(2.0 * w * (log_z + 3.14159265358979))));
}

double part_value(const unsigned char* p, std::size_t size, nc::dtype t) {
  if (size == 2) {
    std::uint16_t h;
    std::memcpy(&h, p, 2);
    return t == nc::bfloat16 ? nc::bfloat16_t::to_float(h) : nc::float16_t::to_float(h);
  }
  if (size == 4) {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  double d;
  std::memcpy(&d, p, 8);
  return d;
}

/// The bits of a float as an integer that orders like the values (-0.0 and 0.0 both map to 0).
std::int64_t ordered_bits(const unsigned char* p, std::size_t size) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, p, size);
  const std::uint64_t sign = std::uint64_t{1} << (8 * size - 1);
  const auto magnitude = static_cast<std::int64_t>(bits & (sign - 1));
  return (bits & sign) ? -magnitude : magnitude;
}

/// True when one element of dtype @p t agrees within @p ulps (NaN equals NaN; exact compares bits). With
/// @p narrow_loop, the result was computed in a loop dtype that may be narrower than @p t and widened into
/// `out`: the ulps are then float32's, relative to the value. With @p zero_sign_free, zeros of either sign
/// agree (sign_free_zeros()). A complex value's ulps are relative to its larger part; any value's to
/// @p magnitude_floor when that is larger (cancelling()).
bool element_agrees(const unsigned char* want, const unsigned char* got, nc::dtype t, int ulps,
                    bool narrow_loop, bool zero_sign_free, double magnitude_floor) {
  if (!t.is_floating() && !t.is_complex()) return std::memcmp(want, got, t.itemsize()) == 0;
  if (zero_sign_free) {
    // each part equal, a zero of either sign equal to a zero (NaN to NaN)
    const std::size_t part = t.is_complex() ? t.itemsize() / 2 : t.itemsize();
    bool equal = true;
    for (std::size_t off = 0; equal && off < t.itemsize(); off += part) {
      const double w = part_value(want + off, part, t), g = part_value(got + off, part, t);
      equal = (w == 0.0 && g == 0.0) || (std::isnan(w) && std::isnan(g)) ||
              std::memcmp(want + off, got + off, part) == 0;
    }
    if (equal) return true;
  }
  if (ulps == 0) return numcu_test::same_element(want, got, t);
  const std::size_t part = t.is_complex() ? t.itemsize() / 2 : t.itemsize();
  double magnitude =
      0.0;  // of the expected value: a complex part may lose its relative accuracy to the other
  for (std::size_t off = 0; off < t.itemsize(); off += part)
    magnitude = std::max(magnitude, std::fabs(part_value(want + off, part, t)));
  magnitude = std::max(magnitude, magnitude_floor);
  for (std::size_t off = 0; off < t.itemsize(); off += part) {
    const double w = part_value(want + off, part, t), g = part_value(got + off, part, t);
    if (std::isnan(w) || std::isnan(g) || std::isinf(w) || std::isinf(g)) {
      if (!(std::isnan(w) && std::isnan(g)) && w != g) return false;
      continue;
    }
    if (std::llabs(ordered_bits(want + off, part) - ordered_bits(got + off, part)) <= ulps) continue;
    const double eps = part == 2                  ? (t == nc::bfloat16 ? 0x1p-7 : 0x1p-10)
                       : part == 4 || narrow_loop ? 0x1p-23
                                                  : 0x1p-52;
    if (!(t.is_complex() || narrow_loop || magnitude_floor > 0.0) ||
        std::fabs(w - g) > ulps * eps * magnitude)
      return false;
  }
  return true;
}

/// The C-order index among the kept axes (those not @p reduced) of element @p i of an array of @p shape.
std::size_t kept_index(std::size_t i, const nc::shape_t& shape, const std::vector<bool>& reduced) {
  std::size_t at = 0, stride = 1;
  for (std::size_t d = shape.size(); d-- > 0;) {
    const auto extent = static_cast<std::size_t>(shape[d]);
    const std::size_t coordinate = i % extent;
    i /= extent;
    if (!reduced[d]) {
      at += coordinate * stride;
      stride *= extent;
    }
  }
  return at;
}

/// How a result of the reduction kind may differ from NumPy's. Everything not listed is exact (NaN equal to
/// NaN): integer and bool results, max / min / ptp and the arg forms, any / all / count_nonzero, diff and
/// ediff1d (elementwise subtractions, correctly rounded), gradient with NumPy's own formula.
struct reduction_rule {
  bool applies = false;         // a function of the reduction kind
  bool exact = true;            // compared bit for bit
  bool zero_sign_free = false;  // zeros of either sign agree
  bool squares = false;         // std: compared through the squares (var's tolerance)
  bool product = false;         // complex: where NumPy's result has a non-finite part, so must numcu's
  double absolute = 0.0;        // allowed |got - want| ...
  double relative = 0.0;        // ... plus this times |want| (a complex value's larger part)
  // ... plus per_scale times the largest finite |input| of the element's slice, squared for variances
  double per_scale = 0.0;
  int power = 1;
  std::vector<double> scales;  // one per element of the kept shape (the reduced axes removed), or one for all
  std::vector<bool> reduced;   // per axis of the first argument
  /// The allowed |got - want| for element @p k of a result of shape @p shape, besides the relative part.
  double allowed(std::size_t k, const nc::shape_t& shape) const {
    if (per_scale == 0.0 || scales.empty()) return absolute;
    std::size_t at = 0;
    if (scales.size() == 1) {
      at = 0;
    } else if (static_cast<std::size_t>(shape.product()) == scales.size()) {
      at = k;  // a reduction: the result's elements are the kept elements, in order
    } else if (shape.size() == reduced.size()) {
      // a scan: the element's index without the scanned axis
      at = kept_index(k, shape, reduced);
    } else {
      return absolute + per_scale * std::pow(*std::max_element(scales.begin(), scales.end()), power);
    }
    return absolute + per_scale * std::pow(scales[std::min(at, scales.size() - 1)], power);
  }
};

/// Solvers, factorizations and Fourier transforms (numcu/linalg.hpp, numcu/fft.hpp): within their rounding.
const std::set<std::string> solvers_and_transforms = {
    "linalg_solve",   "linalg_inv",       "linalg_det",         "linalg_cholesky",    "linalg_eigvalsh",
    "linalg_svdvals", "linalg_pinv",      "linalg_cond",        "linalg_norm",        "linalg_slogdet",
    "linalg_lstsq",   "linalg_tensorinv", "linalg_tensorsolve", "linalg_matrix_norm", "fft_fft",
    "fft_ifft",       "fft_rfft",         "fft_irfft",          "fft_hfft",           "fft_ihfft",
    "fft_fftn",       "fft_ifftn",        "fft_rfftn",          "fft_irfftn",         "fft_fft2",
    "fft_ifft2",      "fft_rfft2",        "fft_irfft2"};

/// Sums, means and the sums inside trapezoid, average and vector_norm (whose root or power of the sum keeps
/// the sum's absolute error within these bounds): numcu adds float16, bfloat16 and float32 in float64 (NumPy
/// in float32, pairwise, and cumsum step by step in the array's dtype) and in a fixed tree: a few ulps of the
/// result dtype per term, relative to the largest input (a sum may cancel to far less than its terms). A zero
/// sum may have either sign: both start from +0.0 (the sum of -0.0 alone is +0.0), but another order may
/// leave a tiny value of either sign that the cast to the result dtype or a mean's division rounds to zero.
const std::set<std::string> reduction_sums = {
    "sum",    "nansum",    "mean",           "nanmean",   "average",
    "cumsum", "nancumsum", "cumulative_sum", "trapezoid", "linalg_vector_norm"};
/// Scans keep their zeros' signs: NumPy's accumulation starts from the first element.
const std::set<std::string> reduction_scans = {"cumsum", "nancumsum", "cumulative_sum"};
/// Variances: the same, relative to the square of the largest input (std through its square).
const std::set<std::string> reduction_moments = {"var", "nanvar", "std", "nanstd"};
/// Functions whose NumPy answer rounds in the dtype of an input narrower than the result: nanvar's deviations
/// stay in the array's dtype whatever dtype= says, and trapezoid's pair sums and differences of x in theirs;
/// bfloat16 answers (computed in float32, tests/data/generate_differential.py's shadow_answer) skip the
/// rounding of such intermediate bfloat16 results that numcu's trapezoid makes (its composed statistics
/// compute bfloat16 in float32). Their tolerance is the coarser dtype's.
const std::set<std::string> reduction_narrow_inputs = {"nanvar", "nanstd", "trapezoid"};
/// Products, numcu's in a fixed tree, NumPy's in sequence (float16's in float32 for prod, step by step in
/// float16 for cumprod): a rounding per factor, relative to the result. The generator draws factors near 1 in
/// magnitude, so that no order overflows or underflows where another does not; for complex values with
/// infinite parts the order decides which parts become NaN (docs/numpy_differences.md).
const std::set<std::string> reduction_products = {"prod", "nanprod", "cumprod", "nancumprod",
                                                  "cumulative_prod"};
/// max and min return either of two zeros of different signs, as maximum and minimum do (sign_free_zeros).
const std::set<std::string> reduction_extremes = {"max", "amax", "min", "amin", "nanmax", "nanmin", "ptp"};
const std::set<std::string> reduction_exact = {"argmax", "argmin",        "nanargmax", "nanargmin", "any",
                                               "all",    "count_nonzero", "diff",      "ediff1d"};

/// The unit in the last place of 1 in the floating dtype @p t (of its parts); 0 for the others.
double epsilon_of(nc::dtype t) {
  if (t == nc::float16) return 0x1p-10;
  if (t == nc::bfloat16) return 0x1p-7;
  if (t == nc::float32 || t == nc::complex64) return 0x1p-23;
  if (t == nc::float64 || t == nc::complex128) return 0x1p-52;
  return 0.0;
}
/// The smallest subnormal of the floating dtype @p t: the absolute rounding error of a result near zero.
double subnormal_of(nc::dtype t) {
  if (t == nc::float16) return 0x1p-24;
  if (t == nc::bfloat16) return 0x1p-133;
  if (t == nc::float32 || t == nc::complex64) return 0x1p-149;
  return 0x1p-1074;
}

/// The axes of the first argument a result reduces (or scans): those `axis` names, the last for trapezoid
/// without one, every axis otherwise (an invalid axis: every axis, the call throws anyway).
std::vector<bool> reduced_axes_of(const inputs& in, const std::string& fn) {
  const int nd = in.arr(0).ndim();
  std::vector<bool> reduced(static_cast<std::size_t>(nd), true);
  std::vector<std::int64_t> axes;
  if (const auto i = in.key("axis")) {
    axes = in.tag(*i) == 'i' ? std::vector<std::int64_t>{in.n(*i)} : in.list(*i);
  } else if (fn == "trapezoid") {
    axes = {-1};
  } else {
    return reduced;
  }
  std::vector<bool> named(static_cast<std::size_t>(nd), false);
  for (const std::int64_t axis : axes) {
    if (axis < -nd || axis >= nd) return reduced;
    named[static_cast<std::size_t>((axis + nd) % nd)] = true;
  }
  return named;
}

/// The number of terms of each result: the reduced elements of the first argument (the extent of the scanned
/// axis), and one for initial=.
double reduced_terms(const inputs& in, const std::vector<bool>& reduced) {
  const nc::shape_t& shape = in.arr(0).shape();
  double n = 1;
  for (std::size_t d = 0; d < reduced.size(); ++d)
    if (reduced[d]) n *= static_cast<double>(shape[d]);
  return std::max(n, 1.0) + (in.key("initial") || in.key("include_initial") ? 1.0 : 0.0);
}

/// The largest finite magnitude of the first argument over each slice the result reduces (one value per
/// element of the kept shape, in C order): the scale of the rounding errors of that slice's sum, which a
/// large value in another slice must not widen.
std::vector<double> slice_scales(const inputs& in, const std::vector<bool>& reduced) {
  const nc::ndarray& a = in.arr(0);
  const auto values = nc::asnumpy(a.astype(nc::complex128)).to_vector<std::complex<double>>();
  const nc::shape_t& shape = a.shape();
  std::size_t kept = 1;
  for (std::size_t d = 0; d < reduced.size(); ++d)
    if (!reduced[d]) kept *= static_cast<std::size_t>(shape[d]);
  std::vector<double> scales(std::max<std::size_t>(kept, 1), 0.0);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::size_t at = kept_index(i, shape, reduced);
    const double m = std::abs(values[i]);
    if (std::isfinite(m)) scales[at] = std::max(scales[at], m);
  }
  return scales;
}

/// The rule for result @p output, of dtype @p t, of case @p c.
reduction_rule rule_of(const test_case& c, const inputs& in, nc::dtype t, std::size_t output) {
  const std::string& fn = c.function;
  reduction_rule r;
  r.applies = reduction_sums.count(fn) || reduction_moments.count(fn) || reduction_products.count(fn) ||
              reduction_extremes.count(fn) || reduction_exact.count(fn) || fn == "gradient" ||
              solvers_and_transforms.count(fn);
  if (!r.applies || !(t.is_floating() || t.is_complex())) return r;
  if (solvers_and_transforms.count(fn)) {
    // factorizations and transforms round in their working precision at each of about log2(terms) levels,
    // in another order than NumPy's LAPACK and pocketfft: relative to the result, and to the largest input
    // times the number of terms where a result cancels
    const double terms = std::max<double>(1.0, static_cast<double>(in.arr(0).size()));
    const double bound = 64.0 * epsilon_of(t) * std::log2(terms + 2.0);
    r.exact = false;
    r.zero_sign_free = true;
    r.relative = bound;
    r.absolute = bound * terms * std::max(1.0, magnitudes(c.args[0]).first);
    return r;
  }
  r.zero_sign_free = reduction_extremes.count(fn) > 0;
  nc::dtype coarse = t;  // the dtype whose roundings bound the differences
  if (reduction_narrow_inputs.count(fn)) {
    for (const std::optional<std::size_t> i : {std::optional<std::size_t>(0), in.key("x")})
      if (i && epsilon_of(c.args[*i].dtype) > epsilon_of(coarse)) coarse = c.args[*i].dtype;
  }
  const double eps = epsilon_of(coarse);
  const double tiny = subnormal_of(coarse);
  r.reduced = reduced_axes_of(in, fn);
  const double n = reduced_terms(in, r.reduced);
  double scale = magnitudes(c.args[0]).first;  // the largest finite |input|
  if (reduction_sums.count(fn) || reduction_moments.count(fn)) {
    r.exact = false;
    const bool moment = reduction_moments.count(fn) > 0;
    r.power = moment ? 2 : 1;
    r.squares = fn == "std" || fn == "nanstd";
    r.zero_sign_free = !moment && reduction_scans.count(fn) == 0;
    r.relative = 4.0 * eps;
    // a few ulps per term of the largest input of the slice (squared for variances, twice for them: ddof may
    // halve the divisor), and the absolute rounding of results near zero
    r.per_scale = (moment ? 8.0 : 4.0) * n * eps;
    r.absolute = (moment ? 8.0 : 4.0) * n * tiny;
    r.scales = slice_scales(in, r.reduced);
    double factor = 1.0;  // trapezoid: times the largest step
    if (const auto i = in.key("x")) factor = 2.0 * magnitudes(c.args[*i]).first;
    if (const auto i = in.key("dx")) factor = std::fabs(in.r(*i));
    double floor = 0.0;  // initial= takes part in every result
    if (const auto i = in.key("initial")) floor = magnitudes(c.args[*i]).first;
    for (double& x : r.scales) x = std::max(x * factor, floor);
    if (fn == "average" && output == 1) {  // returned=True: the sum of the weights
      const auto i = in.key("weights");
      r.scales = {i ? magnitudes(c.args[*i]).first : 1.0};
    }
    if (fn == "linalg_vector_norm") {
      // a p-norm is (sum |x|^p)^(1/p): the sum of positive terms is good to about n ulps relative to itself,
      // and the root multiplies that relative error by 1/p (p = 0.3: more than 3 times), besides its own
      // rounding and the power's
      const auto k = in.key("ord");
      const double p = k ? std::fabs(in.r(*k)) : 2.0;
      if (p > 0.0 && std::isfinite(p)) r.relative = 4.0 * eps * (1.0 + n * std::max(1.0, 1.0 / p));
    }
  } else if (reduction_products.count(fn)) {
    r.exact = false;
    r.product = true;
    r.zero_sign_free = t.is_complex();  // the sign of a zero part of a complex product depends on the order
    r.relative = 2.0 * eps * n;
  } else if (fn == "diff" && t == nc::bfloat16 && integer_or(in, "n", 1) > 1) {
    // numcu rounds each difference to bfloat16 (as NumPy's float16 does); NumPy's answer, computed in
    // float32, rounds the last one alone: each earlier rounding, up to 2^k ulps of the largest input at step
    // k, carries over
    const double steps = static_cast<double>(integer_or(in, "n", 1));
    r.exact = false;
    r.zero_sign_free = true;
    r.absolute = eps * std::exp2(steps) * steps * scale;
    r.relative = eps;
  } else if (fn == "gradient") {
    // NumPy's second-order edges multiply by -1.5 / h, 2 / h, -0.5 / h; numcu divides the sum by h; bfloat16
    // rounds each step (NumPy's answer is float32's, rounded once)
    double h = 1.0;
    bool spaced = false;
    for (const std::size_t i : in.keys("spacing")) {
      if (in.tag(i) == 'a') {  // coordinates: their smallest difference is the step that matters
        const std::vector<double> x = in.arr(i).astype(nc::float64).to_vector<double>();
        for (std::size_t k = 1; k < x.size(); ++k) h = std::min(h, std::fabs(x[k] - x[k - 1]));
        spaced = true;
        continue;
      }
      h = std::min(h, std::fabs(in.r(i)));
      spaced = spaced || in.r(i) != 1.0;
    }
    const bool second_order = integer_or(in, "edge_order", 1) == 2;
    if ((second_order && spaced) || (t == nc::bfloat16 && (second_order || spaced))) {
      r.exact = false;
      r.zero_sign_free = true;
      r.absolute = 16.0 * eps * scale / h;
      r.relative = 4.0 * eps;
    }
  }
  return r;
}

/// True when one element of dtype @p t agrees under @p r, with @p allowed its absolute tolerance.
bool reduction_element_agrees(const unsigned char* want, const unsigned char* got, nc::dtype t,
                              const reduction_rule& r, double allowed) {
  if (r.exact || !(t.is_floating() || t.is_complex()))
    return element_agrees(want, got, t, 0, false, r.zero_sign_free, 0.0);
  const std::size_t part = t.is_complex() ? t.itemsize() / 2 : t.itemsize();
  const std::size_t parts = t.itemsize() / part;
  double w[2] = {0.0, 0.0}, g[2] = {0.0, 0.0};
  bool w_finite = true, g_finite = true;
  double magnitude = 0.0;
  for (std::size_t k = 0; k < parts; ++k) {
    w[k] = part_value(want + k * part, part, t);
    g[k] = part_value(got + k * part, part, t);
    w_finite = w_finite && std::isfinite(w[k]);
    g_finite = g_finite && std::isfinite(g[k]);
    if (std::isfinite(w[k])) magnitude = std::max(magnitude, std::fabs(w[k]));
  }
  if (r.product && t.is_complex() && !w_finite) return !g_finite;
  for (std::size_t k = 0; k < parts; ++k) {
    if (!std::isfinite(w[k]) || !std::isfinite(g[k])) {
      if (!(std::isnan(w[k]) && std::isnan(g[k])) && w[k] != g[k]) return false;
      continue;
    }
    if (w[k] == 0.0 && g[k] == 0.0) {
      if (!r.zero_sign_free && std::signbit(w[k]) != std::signbit(g[k])) return false;
      continue;
    }
    if (r.squares) {
      const double w2 = w[k] * w[k], g2 = g[k] * g[k];
      if (std::fabs(g2 - w2) > allowed + r.relative * std::max(w2, g2)) return false;
      continue;
    }
    if (std::fabs(g[k] - w[k]) > allowed + r.relative * magnitude) return false;
  }
  return true;
}

std::string element_text(const unsigned char* p, nc::dtype t) {
  char buf[96];
  auto real_text = [&](const unsigned char* q, std::size_t size) {
    char b[48];
    std::snprintf(b, sizeof b, "%a", part_value(q, size, t));
    return std::string(b);
  };
  using C = nc::dtype::code;
  auto get = [&](auto v) {
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  switch (t.id()) {
    case C::bool_:
      return p[0] ? "1" : "0";
    case C::int8:
      return std::to_string(get(std::int8_t{}));
    case C::int16:
      return std::to_string(get(std::int16_t{}));
    case C::int32:
      return std::to_string(get(std::int32_t{}));
    case C::int64:
      return std::to_string(get(std::int64_t{}));
    case C::uint8:
      return std::to_string(get(std::uint8_t{}));
    case C::uint16:
      return std::to_string(get(std::uint16_t{}));
    case C::uint32:
      return std::to_string(get(std::uint32_t{}));
    case C::uint64:
      return std::to_string(get(std::uint64_t{}));
    case C::complex64:
    case C::complex128: {
      const std::size_t half = t.itemsize() / 2;
      std::snprintf(buf, sizeof buf, "%s,%s", real_text(p, half).c_str(), real_text(p + half, half).c_str());
      return buf;
    }
    default:
      return real_text(p, t.itemsize());
  }
}

std::string describe(const nc::ndarray& a) {
  const auto bytes = numcu_test::host_bytes(a);
  std::string s = std::string(a.dtype().name()) + " " + nc::to_string(a.shape());
  for (std::size_t i = 0; i < bytes.size(); i += a.itemsize()) s += " " + element_text(&bytes[i], a.dtype());
  return s;
}

std::string describe(const expected_array& e) {
  std::string s = std::string(e.dtype.name()) + " " + nc::to_string(e.shape);
  for (const auto& v : e.values) s += " " + v;
  return s;
}

/// The class of a numcu exception, as the case file names it.
std::string class_of(const std::exception& e) {
  if (dynamic_cast<const nc::shape_error*>(&e)) return "shape_error";
  if (dynamic_cast<const nc::dtype_error*>(&e)) return "dtype_error";
  if (dynamic_cast<const nc::index_error*>(&e)) return "index_error";
  if (dynamic_cast<const nc::linalg_error*>(&e)) return "linalg_error";
  if (dynamic_cast<const nc::device_error*>(&e)) return "device_error";
  if (dynamic_cast<const nc::out_of_memory*>(&e)) return "out_of_memory";
  if (dynamic_cast<const nc::cuda_error*>(&e)) return "cuda_error";
  if (dynamic_cast<const nc::rtc_error*>(&e)) return "rtc_error";
  if (dynamic_cast<const nc::error*>(&e)) return "error";
  return "std::exception";
}

/// Functions that write into their first argument; the `out` argument (tag o) is written too.
bool writes_first(const std::string& fn) {
  return fn == "fill" || fn == "setitem" || fn == "copyto" || fn == "advanced_setitem" || fn == "put" ||
         fn == "put_along_axis" || fn == "putmask" || fn == "fill_diagonal" ||
         (fn.size() > 3 && fn.compare(fn.size() - 3, 3, "_at") == 0) ||
         (fn.rfind("operator", 0) == 0 && fn.back() == '=' && fn != "operator==" && fn != "operator!=" &&
          fn != "operator<=" && fn != "operator>=");
}

/// Compares numcu's answer with NumPy's; returns what differs, or an empty string.
std::string compare(const test_case& c, const inputs& in, const result& got) {
  const auto& want = c.expected;
  if (want.flag) {
    if (!got.flag) return "expected a bool";
    return *want.flag == *got.flag ? "" : std::string("expected ") + (*want.flag ? "true" : "false");
  }
  if (got.arrays.size() != want.arrays.size())
    return "expected " + std::to_string(want.arrays.size()) + " arrays, got " +
           std::to_string(got.arrays.size());
  const nc::ndarray* first = nullptr;
  for (std::size_t i = 0; i < in.size() && !first; ++i)
    if (in.tag(i) == 'a') first = &in.arr(i);
  for (std::size_t i = 0; i < want.arrays.size(); ++i) {
    const auto& w = want.arrays[i];
    const nc::ndarray& g = got.arrays[i];
    const std::string mismatch = "expected " + describe(w) + "; got " + describe(g);
    if (g.dtype() != w.dtype || !(g.shape() == w.shape)) return mismatch;
    const auto want_bytes = numcu_test::encode_elements(w.values, w.dtype);
    const auto got_bytes = numcu_test::host_bytes(g);
    const std::string u = ufunc_of(c.function);
    const int ulps =
        tolerance_ulps(c.function, w.dtype) +
        (w.dtype.is_complex() && (u == "power" || u == "float_power") ? complex_power_ulps(c) : 0);
    const reduction_rule reduction = rule_of(c, in, w.dtype, i);
    for (std::size_t off = 0; off < want_bytes.size(); off += w.dtype.itemsize()) {
      const bool agrees =
          reduction.applies
              ? reduction_element_agrees(&want_bytes[off], &got_bytes[off], w.dtype, reduction,
                                         reduction.allowed(off / w.dtype.itemsize(), w.shape))
              : element_agrees(&want_bytes[off], &got_bytes[off], w.dtype, ulps, in.out().has_value(),
                               sign_free_zeros(c.function), cancelling(c.function, w.dtype) ? 1.0 : 0.0);
      if (!agrees) return mismatch;
    }
    if (first && w.share == 'v' && !g.shares_memory_with(*first))
      return "expected a view of the input; got a copy";
    if (first && w.share == 'n' && g.shares_memory_with(*first))
      return "expected a copy; got a view of the input";
  }
  return "";
}

struct disagreement {
  const test_case* c;
  std::string what;
};

/// Runs one case on @p dev; returns what differs, or an empty string.
std::string run_case(const test_case& c, nc::device dev) {
  const auto fn = calls().find(c.function);
  if (fn == calls().end()) return "no call for function " + c.function;
  std::optional<inputs> in;
  try {
    in.emplace(c.args, dev);
  } catch (const std::exception& e) {
    return std::string("building the inputs threw ") + class_of(e) + ": " + e.what();
  }
  std::vector<std::vector<unsigned char>> before;
  for (std::size_t i = 0; i < in->size(); ++i)
    before.push_back(in->arr(i).defined() ? numcu_test::host_bytes(in->arr(i))
                                          : std::vector<unsigned char>{});
  auto unchanged = [&](bool after_throw) -> std::string {
    for (std::size_t i = 0; i < in->size(); ++i) {
      if (!in->arr(i).defined()) continue;
      const bool written = in->tag(i) == 'o' || (i == 0 && writes_first(c.function));
      if (written && !after_throw) continue;
      if (numcu_test::host_bytes(in->arr(i)) != before[i])
        return "argument " + std::to_string(i + 1) + " changed" +
               (after_throw ? " by a call that threw" : "");
    }
    return "";
  };
  result got;
  try {
    got = fn->second(*in);
  } catch (const std::exception& e) {
    const std::string cls = class_of(e);
    if (c.expected.error.empty()) return "expected a result; got " + cls + ": " + e.what();
    if (cls != c.expected.error) return "expected " + c.expected.error + "; got " + cls + ": " + e.what();
    return unchanged(true);
  }
  if (!c.expected.error.empty()) {
    std::string got_text = got.flag ? (*got.flag ? "true" : "false") : "";
    for (const auto& a : got.arrays) got_text += (got_text.empty() ? "" : "; ") + describe(a);
    return "expected " + c.expected.error + "; got " + got_text;
  }
  std::string diff = compare(c, *in, got);
  return diff.empty() ? unchanged(false) : diff;
}

}  // namespace

TEST_SUITE("differential") {
  // once per device, so that the GPU's replay is one of the [cuda] cases compute-sanitizer checks
  NUMCU_TEST_ON_DEVICES("numcu agrees with NumPy 2 on random calls of every public function", differential) {
    const auto cases = load_cases();
    REQUIRE(!cases.empty());
    // the disagreements printed in full: NUMCU_DIFFERENTIAL_SHOWN, or 50
    const char* shown_env = std::getenv("NUMCU_DIFFERENTIAL_SHOWN");
    const std::size_t shown = shown_env ? std::strtoull(shown_env, nullptr, 10) : 50;
    std::vector<disagreement> differ;
    for (const auto& c : cases) {
      std::string what;
      try {
        what = run_case(c, dev);
      } catch (const std::exception& e) {  // a failure while reading the result back
        what = std::string("reading the result threw ") + e.what();
      }
      if (!what.empty()) differ.push_back({&c, std::move(what)});
    }
    std::map<std::string, int> per_function;
    for (std::size_t i = 0; i < differ.size(); ++i) {
      const auto& d = differ[i];
      ++per_function[d.c->function];
      if (i < shown)
        std::printf("differential %s: case %s %s(%s): %s\n", dev.str().c_str(), d.c->id.c_str(),
                    d.c->function.c_str(), d.c->inputs.substr(0, 300).c_str(), d.what.substr(0, 600).c_str());
    }
    if (!per_function.empty()) {
      std::printf("differential %s: disagreements per function:", dev.str().c_str());
      for (const auto& [name, count] : per_function) std::printf(" %s %d;", name.c_str(), count);
      std::printf("\n");
    }
    std::printf("differential %s: %zu cases, %zu agree, %zu differ\n", dev.str().c_str(), cases.size(),
                cases.size() - differ.size(), differ.size());
    std::fflush(stdout);
    CHECK_MESSAGE(differ.empty(), differ.size() << " disagreements with NumPy (listed above)");
  }
}
