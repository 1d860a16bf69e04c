// Shared pieces of the test suite: cases that run on every device, golden-file parsing, element helpers.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <numcu/numcu.hpp>

namespace nc = numcu;

namespace numcu_test {

inline bool no_gpu() {
  return nc::cuda_device_count() == 0;
}

/// Every dtype, in table order.
inline std::vector<nc::dtype> all_dtypes() {
  std::vector<nc::dtype> out;
  for (int i = 0; i < nc::dtype::count; ++i) out.emplace_back(static_cast<nc::dtype::code>(i));
  return out;
}

/// The lines of a golden file in tests/data, without comments.
inline std::vector<std::string> golden_lines(const std::string& name) {
  std::ifstream in(std::string(NUMCU_TEST_DATA_DIR) + "/" + name);
  REQUIRE_MESSAGE(in.good(), "missing golden file " << name << " (tests/data/generate_golden.py writes it)");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

/// Splits on a single character.
inline std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, sep);) out.push_back(item);
  return out;
}

/// Whitespace-separated words.
inline std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string w; ss >> w;) out.push_back(w);
  return out;
}

/// The bytes of one element of dtype t written by generate_golden.py's encode().
inline std::vector<unsigned char> encode_element(const std::string& text, nc::dtype t) {
  std::vector<unsigned char> bytes(t.itemsize());
  auto put = [&](auto v) { std::memcpy(bytes.data(), &v, sizeof v); };
  using C = nc::dtype::code;
  switch (t.id()) {
    case C::bool_:
      put(static_cast<std::uint8_t>(std::stoi(text)));
      break;
    case C::int8:
      put(static_cast<std::int8_t>(std::stoll(text)));
      break;
    case C::int16:
      put(static_cast<std::int16_t>(std::stoll(text)));
      break;
    case C::int32:
      put(static_cast<std::int32_t>(std::stoll(text)));
      break;
    case C::int64:
      put(static_cast<std::int64_t>(std::stoll(text)));
      break;
    case C::uint8:
      put(static_cast<std::uint8_t>(std::stoull(text)));
      break;
    case C::uint16:
      put(static_cast<std::uint16_t>(std::stoull(text)));
      break;
    case C::uint32:
      put(static_cast<std::uint32_t>(std::stoull(text)));
      break;
    case C::uint64:
      put(static_cast<std::uint64_t>(std::stoull(text)));
      break;
    // the golden values are exactly representable in their dtype, so these conversions are exact
    case C::float16:
      put(nc::float16_t(static_cast<float>(std::strtod(text.c_str(), nullptr))));
      break;
    case C::bfloat16:
      put(nc::bfloat16_t(static_cast<float>(std::strtod(text.c_str(), nullptr))));
      break;
    case C::float32:
      put(static_cast<float>(std::strtod(text.c_str(), nullptr)));
      break;
    case C::float64:
      put(std::strtod(text.c_str(), nullptr));
      break;
    case C::complex64:
    case C::complex128: {
      const auto parts = split(text, ',');
      const double re = std::strtod(parts[0].c_str(), nullptr), im = std::strtod(parts[1].c_str(), nullptr);
      if (t == nc::complex64)
        put(std::complex<float>(static_cast<float>(re), static_cast<float>(im)));
      else
        put(std::complex<double>(re, im));
      break;
    }
  }
  return bytes;
}

/// A host buffer of elements of dtype t parsed from golden text.
inline std::vector<unsigned char> encode_elements(const std::vector<std::string>& texts, nc::dtype t) {
  std::vector<unsigned char> out;
  for (const auto& s : texts) {
    const auto e = encode_element(s, t);
    out.insert(out.end(), e.begin(), e.end());
  }
  return out;
}

/// True when two element byte patterns are equal, treating any NaN as equal to any NaN.
inline bool same_element(const unsigned char* a, const unsigned char* b, nc::dtype t) {
  auto is_nan_at = [&](const unsigned char* p, std::size_t offset, std::size_t size) {
    if (size == 2) {
      std::uint16_t h;
      std::memcpy(&h, p + offset, 2);
      const float f = t == nc::bfloat16 ? nc::bfloat16_t::to_float(h) : nc::float16_t::to_float(h);
      return std::isnan(f);
    }
    if (size == 4) {
      float f;
      std::memcpy(&f, p + offset, 4);
      return std::isnan(f);
    }
    double d;
    std::memcpy(&d, p + offset, 8);
    return std::isnan(d);
  };
  if (t.is_floating() || t.is_complex()) {
    const std::size_t part = t.is_complex() ? t.itemsize() / 2 : t.itemsize();
    for (std::size_t off = 0; off < t.itemsize(); off += part) {
      const bool na = is_nan_at(a, off, part), nb = is_nan_at(b, off, part);
      if (na != nb) return false;
      if (!na && std::memcmp(a + off, b + off, part) != 0) return false;
    }
    return true;
  }
  return std::memcmp(a, b, t.itemsize()) == 0;
}

/// The integers of a comma-separated list ("2,-1,5"; "" for none).
inline std::vector<std::int64_t> comma_ints(const std::string& text) {
  std::vector<std::int64_t> out;
  for (const auto& part : split(text, ',')) {
    if (!part.empty()) out.push_back(std::stoll(part));
  }
  return out;
}

/// The shape written as comma-separated extents ("-" for 0-d) in the golden files.
inline nc::shape_t parse_shape(const std::string& text) {
  nc::shape_t s;
  if (text == "-") return s;
  for (const auto& part : split(text, ',')) s.push_back(std::stoll(part));
  return s;
}

/// The message of the numcu error @p f throws, or "no error".
template <class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const nc::error& e) {
    return e.what();
  }
  return "no error";
}

/// The C-order bytes of an array, copied to the host.
inline std::vector<unsigned char> host_bytes(const nc::ndarray& a) {
  const nc::ndarray h = nc::asnumpy(a);
  std::vector<unsigned char> out(h.nbytes());
  if (!out.empty()) std::memcpy(out.data(), h.data_ptr(), out.size());
  return out;
}

/// Clears the sign bit of every zero (of each part, for complex values) in the elements of dtype t at @p
/// bytes.
inline void clear_zero_signs(std::vector<unsigned char>& bytes, nc::dtype t) {
  if (!t.is_floating() && !t.is_complex()) return;
  const std::size_t part = t.is_complex() ? t.itemsize() / 2 : t.itemsize();
  for (std::size_t at = 0; at < bytes.size(); at += part) {
    unsigned char* p = bytes.data() + at;  // little-endian: the sign bit is the top bit of the last byte
    bool zero = (p[part - 1] & 0x7f) == 0;
    for (std::size_t i = 0; i + 1 < part; ++i) zero = zero && p[i] == 0;
    if (zero) p[part - 1] = 0;
  }
}

/// Checks that @p got holds the elements @p want (golden text) of dtype t, NaN equal to NaN, -0.0 apart from
/// 0.0 (equal with @p zero_sign_free).
inline void check_elements(const nc::ndarray& got, const std::vector<std::string>& want, nc::dtype t,
                           bool zero_sign_free = false) {
  REQUIRE(got.dtype() == t);
  auto bytes = host_bytes(got);
  auto expected = encode_elements(want, t);
  if (zero_sign_free) {
    clear_zero_signs(bytes, t);
    clear_zero_signs(expected, t);
  }
  REQUIRE(bytes.size() == expected.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    CAPTURE(i);
    CHECK(same_element(bytes.data() + i * t.itemsize(), expected.data() + i * t.itemsize(), t));
  }
}

/// An array of dtype t on d from golden text values.
inline nc::ndarray array_from_text(const std::vector<std::string>& texts, nc::dtype t,
                                   const nc::shape_t& shape, nc::device d) {
  const auto bytes = encode_elements(texts, t);
  return nc::array_from_host(bytes.data(), t, texts.size(), shape, std::nullopt, d);
}

/// A golden file's array as the call gets it: the values of dtype t and @p shape on d, as given (@p view
/// "c"), transposed ("t"), or with the last two axes swapped ("s").
inline nc::ndarray golden_view(const std::vector<std::string>& texts, nc::dtype t, const nc::shape_t& shape,
                               const std::string& view, nc::device d) {
  const nc::ndarray given = array_from_text(texts, t, shape, d);
  if (view == "s") return nc::swapaxes(given, -1, -2);
  return view == "t" ? given.T() : given;
}

/// A golden line "func arg k | operand 0 | ... | operand k-1 | results ...": the call's name and argument,
/// its operands ("dtype shape view values", golden_view) on d with their bytes before the call (to check that
/// the call leaves them unchanged), and the parts after them.
struct golden_call {
  std::vector<std::string> parts;
  std::string func, arg;
  int k = 0;
  std::vector<nc::ndarray> operands;
  std::vector<std::vector<unsigned char>> before;
  golden_call(const std::string& line, nc::device d) : parts(split(line, '|')) {
    const auto head = words(parts[0]);
    func = head[0];
    arg = head[1];
    k = std::stoi(head[2]);
    for (int i = 1; i <= k; ++i) {
      const auto w = words(parts[i]);
      operands.push_back(golden_view(std::vector<std::string>(w.begin() + 3, w.end()), nc::dtype(w[0]),
                                     parse_shape(w[1]), w[2], d));
      before.push_back(host_bytes(operands.back()));
    }
  }
  /// Part @p j after the operands (0: the first result's "dtype shape", 1: its values, ...).
  const std::string& result(int j) const { return parts[1 + k + j]; }
  /// Checks that every operand holds the bytes it held.
  void check_unchanged() const {
    for (std::size_t i = 0; i < operands.size(); ++i) CHECK(host_bytes(operands[i]) == before[i]);
  }
};

}  // namespace numcu_test

/// Defines a test case that runs once on the CPU (reported as skipped where @p cpu_skipped) and once on
/// cuda(0) (reported as skipped without a GPU). The body receives `nc::device dev`.
#define NUMCU_TEST_ON_DEVICES_SKIPPING_CPU(title, body_name, cpu_skipped) \
  static void body_name(nc::device dev);                                  \
  TEST_CASE(title " [cpu]" * doctest::skip(cpu_skipped)) {                \
    body_name(nc::cpu);                                                   \
  }                                                                       \
  TEST_CASE(title " [cuda]" * doctest::skip(numcu_test::no_gpu())) {      \
    body_name(nc::cuda(0));                                               \
  }                                                                       \
  static void body_name([[maybe_unused]] nc::device dev)

/// Defines a test case that runs once on the CPU and once on cuda(0) (reported as skipped without a GPU).
/// The body receives `nc::device dev`.
#define NUMCU_TEST_ON_DEVICES(title, body_name) NUMCU_TEST_ON_DEVICES_SKIPPING_CPU(title, body_name, false)

/// As NUMCU_TEST_ON_DEVICES, for the decompositions and solvers: the CPU case is reported as skipped in a
/// build without a CPU LAPACK (the runner prints why).
#define NUMCU_TEST_ON_DEVICES_WITH_LAPACK(title, body_name) \
  NUMCU_TEST_ON_DEVICES_SKIPPING_CPU(title, body_name, !nc::linalg::cpu_lapack_available())
