// NumPy's .npy format (numcu/io.hpp): the magic string, the version, the header (a Python dict literal with
// 'descr', 'fortran_order' and 'shape', padded so that the data starts on 64 bytes), then the raw elements.
// Read with every length checked against the file's size before anything is allocated or read.
#include "numcu/io.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "numcu/creation.hpp"
#include "numcu/error.hpp"
#include "numcu/manipulation.hpp"

namespace numcu {

namespace {

const char magic[] = "\x93NUMPY";
constexpr std::size_t magic_length = 6;

/// The .npy type string of @p t, little-endian ('|' where byte order does not apply); bfloat16 as ml_dtypes
/// writes it, a 2-byte void.
std::string descr_of(dtype t) {
  if (t == bool_) return "|b1";
  if (t == int8) return "|i1";
  if (t == uint8) return "|u1";
  if (t == bfloat16) return "<V2";
  const char kind = t.is_complex()                           ? 'c'
                    : t.is_floating()                        ? 'f'
                    : t.kind() == dtype_kind::signed_integer ? 'i'
                                                             : 'u';
  return std::string("<") + kind + std::to_string(t.itemsize());
}

io_error fault(const std::string& path, const std::string& what) {
  return io_error(path + ": " + what);
}

/// The dtype of a .npy type string and whether its bytes must be swapped (big-endian).
std::pair<dtype, bool> dtype_of_descr(const std::string& path, const std::string& descr) {
  if (descr.find('O') != std::string::npos) throw fault(path, "object arrays are not supported");
  if (descr.size() < 3) throw fault(path, "unsupported dtype '" + descr + "'");
  const char order = descr[0];
  const std::string body = descr.substr(1);
  static const std::pair<const char*, dtype> known[] = {
      {"b1", bool_},   {"i1", int8},    {"i2", int16},     {"i4", int32},       {"i8", int64},
      {"u1", uint8},   {"u2", uint16},  {"u4", uint32},    {"u8", uint64},      {"f2", float16},
      {"f4", float32}, {"f8", float64}, {"c8", complex64}, {"c16", complex128}, {"V2", bfloat16}};
  for (const auto& [name, t] : known) {
    if (body == name && (order == '<' || order == '>' || order == '|' || order == '=')) {
      return {t, order == '>' && t.itemsize() > 1};
    }
  }
  throw fault(path, "unsupported dtype '" + descr + "'");
}

/// The value of key @p key in the header dict @p header (the text after "'key':" up to the next top-level
/// comma or the closing brace).
std::string header_value(const std::string& path, const std::string& header, const std::string& key) {
  const std::string quoted = "'" + key + "'";
  std::size_t at = header.find(quoted);
  if (at == std::string::npos) throw fault(path, "the header has no '" + key + "'");
  at = header.find(':', at + quoted.size());
  if (at == std::string::npos) throw fault(path, "the header cannot be parsed");
  ++at;
  while (at < header.size() && header[at] == ' ') ++at;
  int depth = 0;
  std::size_t end = at;
  for (; end < header.size(); ++end) {
    const char c = header[end];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth == 0 && (c == ',' || c == '}')) break;
  }
  if (end >= header.size() || depth != 0) throw fault(path, "the header cannot be parsed");
  return header.substr(at, end - at);
}

}  // namespace

void save(const std::string& path, const ndarray& a) {
  const ndarray host = asnumpy(a);
  const bool fortran = !host.is_c_contiguous() && a.ndim() > 1 && transpose(host).is_c_contiguous();
  const ndarray data = fortran ? transpose(host) : ascontiguousarray(host);
  std::string shape = "(";
  for (const std::int64_t e : a.shape()) shape += std::to_string(e) + ", ";
  if (a.ndim() >= 1) shape.erase(shape.size() - 2);
  if (a.ndim() == 1) shape += ",";
  shape += ")";
  std::string header = "{'descr': '" + descr_of(a.dtype()) +
                       "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape + ", }";
  // padded with spaces and ended by a newline so that the data starts on a multiple of 64 bytes
  const bool version2 = header.size() + 1 + magic_length + 4 > 65535;
  const std::size_t prefix = magic_length + 2 + (version2 ? 4 : 2);
  const std::size_t total = (prefix + header.size() + 1 + 63) / 64 * 64;
  header.append(total - prefix - header.size() - 1, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw fault(path, "cannot be opened for writing");
  out.write(magic, magic_length);
  const char version[2] = {static_cast<char>(version2 ? 2 : 1), 0};
  out.write(version, 2);
  const std::uint32_t length = static_cast<std::uint32_t>(header.size());
  const unsigned char length_bytes[4] = {
      static_cast<unsigned char>(length & 0xff), static_cast<unsigned char>((length >> 8) & 0xff),
      static_cast<unsigned char>((length >> 16) & 0xff), static_cast<unsigned char>((length >> 24) & 0xff)};
  out.write(reinterpret_cast<const char*>(length_bytes), version2 ? 4 : 2);
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  if (data.nbytes() > 0)
    out.write(static_cast<const char*>(data.data_ptr()), static_cast<std::streamsize>(data.nbytes()));
  out.flush();
  if (!out) throw fault(path, "could not be written completely");
}

ndarray load(const std::string& path, device where) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw fault(path, "cannot be opened for reading");
  const auto file_size = static_cast<std::uint64_t>(in.tellg());
  in.seekg(0);
  const auto read = [&](void* into, std::uint64_t bytes, const char* what) {
    if (!in.read(static_cast<char*>(into), static_cast<std::streamsize>(bytes))) {
      throw fault(path, std::string("truncated: ") + what);
    }
  };
  if (file_size < magic_length + 2)
    throw fault(path, "truncated: shorter than the .npy magic string and version");
  char start[magic_length + 2];
  read(start, sizeof start, "in the magic string");
  if (std::memcmp(start, magic, magic_length) != 0) throw fault(path, "not a .npy file (wrong magic string)");
  const int major = static_cast<unsigned char>(start[magic_length]);
  if (major < 1 || major > 3) {
    throw fault(path, "unsupported .npy format version " + std::to_string(major) + "." +
                          std::to_string(static_cast<unsigned char>(start[magic_length + 1])));
  }
  unsigned char length_bytes[4] = {0, 0, 0, 0};
  const std::uint64_t length_size = major == 1 ? 2 : 4;
  if (file_size < sizeof start + length_size) throw fault(path, "truncated: in the header length");
  read(length_bytes, length_size, "in the header length");
  const std::uint64_t header_length = length_bytes[0] | std::uint64_t{length_bytes[1]} << 8 |
                                      std::uint64_t{length_bytes[2]} << 16 |
                                      std::uint64_t{length_bytes[3]} << 24;
  const std::uint64_t data_start = sizeof start + length_size + header_length;
  if (data_start > file_size) {
    throw fault(path, "truncated: the header promises " + std::to_string(header_length) +
                          " bytes, the file has " + std::to_string(file_size - sizeof start - length_size));
  }
  std::string header(header_length, '\0');
  read(header.data(), header_length, "in the header");
  if (header.find('{') == std::string::npos || header.find('}') == std::string::npos) {
    throw fault(path, "the header cannot be parsed");
  }
  std::string descr = header_value(path, header, "descr");
  if (descr.size() < 2 || (descr.front() != '\'' && descr.front() != '"') || descr.back() != descr.front()) {
    throw fault(path, "unsupported dtype " + descr);
  }
  descr = descr.substr(1, descr.size() - 2);
  const auto [t, swapped] = dtype_of_descr(path, descr);
  const std::string order = header_value(path, header, "fortran_order");
  if (order != "True" && order != "False") throw fault(path, "the header cannot be parsed");
  const bool fortran = order == "True";
  const std::string shape_text = header_value(path, header, "shape");
  if (shape_text.empty() || shape_text.front() != '(' || shape_text.back() != ')') {
    throw fault(path, "the header cannot be parsed");
  }
  shape_t shape;
  std::uint64_t count = 1;
  std::string number;
  for (const char c : shape_text.substr(1) + ",") {
    if (c >= '0' && c <= '9') {
      number += c;
    } else if (c == ',' || c == ')') {
      if (!number.empty()) {
        if (number.size() > 18 || shape.size() >= max_dims)
          throw fault(path, "the header's shape is too large");
        const std::int64_t e = std::stoll(number);
        shape.push_back(e);
        // (saturating: a shape whose product overflows promises more than any file has)
        const auto extent = static_cast<std::uint64_t>(e);
        count = extent == 0 ? 0 : count > ~std::uint64_t{0} / extent ? ~std::uint64_t{0} : count * extent;
        number.clear();
      }
    } else if (c != ' ') {
      throw fault(path, "the header cannot be parsed");
    }
  }
  const std::uint64_t have = file_size - data_start;
  if (count > ~std::uint64_t{0} / t.itemsize()) {
    throw fault(path,
                "truncated: the header promises more bytes of data than a file can hold, the file has " +
                    std::to_string(have));
  }
  if (count * t.itemsize() > have) {
    throw fault(path, "truncated: the header promises " + std::to_string(count * t.itemsize()) +
                          " bytes of data, the file has " + std::to_string(have));
  }
  // the elements in the file's order: C, or Fortran (the reversed shape in C order, transposed back)
  shape_t stored = shape;
  if (fortran) std::reverse(stored.begin(), stored.end());
  ndarray host = empty(stored, t, cpu);
  if (host.nbytes() > 0) read(host.data_ptr(), host.nbytes(), "in the data");
  if (swapped) {
    auto* bytes = static_cast<unsigned char*>(host.data_ptr());
    const std::size_t part = t.is_complex() ? t.itemsize() / 2 : t.itemsize();
    for (std::size_t at = 0; at < host.nbytes(); at += part) std::reverse(bytes + at, bytes + at + part);
  }
  const ndarray values = fortran ? ascontiguousarray(transpose(host)) : host;
  return values.to(where);
}

}  // namespace numcu
