// Sort keys (internal, host-only): sorting by device/sort_keys.hpp's keys, stably, gives NumPy's stable
// argsort of every dtype (tests/data/sort_keys.txt, from tests/data/generate_sort_keys.py): -0.0 equal to 0.0,
// NaNs of any sign and payload last and equal, complex values by the real part then the imaginary one with
// NumPy's classes of NaN.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "device/sort_keys.hpp"
#include "test_support.hpp"

namespace nc = numcu;
namespace d = numcu::detail;

namespace {

/// The element of type T whose text (tests/data/sort_keys.txt's encoding) is @p text.
template <class T>
T parse_element(const std::string& text) {
  if constexpr (std::is_same_v<T, bool>) {
    return text == "1";
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    return static_cast<T>(std::stoll(text));
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(std::stoull(text));
  } else if constexpr (d::is_complex_v<T>) {
    using P = typename T::value_type;
    const std::size_t comma = text.find(',');
    return T(parse_element<P>(text.substr(0, comma)), parse_element<P>(text.substr(comma + 1)));
  } else {  // floating: the bits in hex
    const std::uint64_t bits = std::stoull(text, nullptr, 16);
    T x;
    if constexpr (sizeof(T) == 2) {
      const auto b = static_cast<std::uint16_t>(bits);
      std::memcpy(static_cast<void*>(&x), &b, 2);
    } else if constexpr (sizeof(T) == 4) {
      const auto b = static_cast<std::uint32_t>(bits);
      std::memcpy(&x, &b, 4);
    } else {
      std::memcpy(&x, &bits, 8);
    }
    return x;
  }
}

/// The parts of @p s between the separators @p by, trimmed of spaces.
std::vector<std::string> trimmed_parts(const std::string& s, char by) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string item;
  while (std::getline(in, item, by)) {
    item.erase(0, item.find_first_not_of(' '));
    item.erase(item.find_last_not_of(' ') + 1);
    out.push_back(item);
  }
  return out;
}

}  // namespace

TEST_SUITE("sort keys") {
  TEST_CASE("a stable sort by the keys is NumPy's stable argsort, for every dtype") {
    int lines = 0;
    for (const std::string& line : numcu_test::golden_lines("sort_keys.txt")) {
      const std::vector<std::string> fields = trimmed_parts(line, '|');
      REQUIRE(fields.size() == 3);
      const nc::dtype t(fields[0]);
      CAPTURE(fields[0]);
      std::vector<std::string> texts;
      for (const std::string& v : trimmed_parts(fields[1], ' '))
        if (!v.empty()) texts.push_back(v);
      std::vector<std::int64_t> expected;
      for (const std::string& v : trimmed_parts(fields[2], ' '))
        if (!v.empty()) expected.push_back(std::stoll(v));
      REQUIRE(expected.size() == texts.size());
      d::visit_dtype(t.id(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        std::vector<d::sort_key_t<T>> keys;
        for (const std::string& v : texts) keys.push_back(d::sort_key(parse_element<T>(v)));
        std::vector<std::int64_t> order(keys.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return keys[a] < keys[b]; });
        CHECK(order == expected);
        // the key is as wide as the value (a complex value's: twice a part's): kernels per key width
        CHECK(sizeof(d::sort_key_t<T>) == sizeof(T));
      });
      ++lines;
    }
    CHECK(lines == 45);
  }

  TEST_CASE("hand-worked keys: ±0 equal, NaNs above +inf, signed integers by a flipped sign bit") {
    CHECK(d::sort_key(-0.0f) == d::sort_key(0.0f));
    CHECK(d::sort_key(-1.0f) < d::sort_key(-0.0f));
    CHECK(d::sort_key(std::numeric_limits<float>::infinity()) < d::sort_key(std::numeric_limits<float>::quiet_NaN()));
    CHECK(d::sort_key(-std::numeric_limits<double>::quiet_NaN()) == d::sort_key(std::numeric_limits<double>::quiet_NaN()));
    CHECK(d::sort_key(std::int8_t{-128}) == 0);
    CHECK(d::sort_key(std::int8_t{127}) == 255);
    CHECK(d::sort_key(nc::float16_t::from_bits(0x8000)) == d::sort_key(nc::float16_t::from_bits(0x0000)));
    CHECK(d::sort_key(nc::bfloat16_t::from_bits(0xff80)) < d::sort_key(nc::bfloat16_t::from_bits(0x0001)));
  }
}
