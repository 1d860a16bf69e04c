// NumPy's .npy format: the magic string, the version, the header (a Python dict literal with 'descr',
// 'fortran_order' and 'shape', padded so that the data starts on 64 bytes), then the raw elements. Every
// length is checked against the source's size before anything is allocated or read.
#include "core/npy_format.hpp"

#include <sys/stat.h>

#include <cstdio>
#include <cstring>
#include <utility>

namespace numcu::detail {

namespace {

const char magic[] = "\x93NUMPY";
constexpr std::size_t magic_length = 6;

/// The dtype of a .npy type string and whether its bytes must be swapped (big-endian).
std::pair<dtype, bool> dtype_of_descr(const std::string& name, const std::string& descr) {
  if (descr.find('O') != std::string::npos) throw file_fault(name, "object arrays are not supported");
  if (descr.size() < 3) throw file_fault(name, "unsupported dtype '" + descr + "'");
  const char order = descr[0];
  const std::string body = descr.substr(1);
  static const std::pair<const char*, dtype> known[] = {
      {"b1", bool_},   {"i1", int8},    {"i2", int16},     {"i4", int32},       {"i8", int64},
      {"u1", uint8},   {"u2", uint16},  {"u4", uint32},    {"u8", uint64},      {"f2", float16},
      {"f4", float32}, {"f8", float64}, {"c8", complex64}, {"c16", complex128}, {"V2", bfloat16}};
  for (const auto& [body_name, t] : known) {
    if (body == body_name && (order == '<' || order == '>' || order == '|' || order == '=')) {
      return {t, order == '>' && t.itemsize() > 1};
    }
  }
  throw file_fault(name, "unsupported dtype '" + descr + "'");
}

/// The value of key @p key in the header dict @p header (the text after "'key':" up to the next top-level
/// comma or the closing brace).
std::string header_value(const std::string& name, const std::string& header, const std::string& key) {
  const std::string quoted = "'" + key + "'";
  std::size_t at = header.find(quoted);
  if (at == std::string::npos) throw file_fault(name, "the header has no '" + key + "'");
  at = header.find(':', at + quoted.size());
  if (at == std::string::npos) throw file_fault(name, "the header cannot be parsed");
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
  if (end >= header.size() || depth != 0) throw file_fault(name, "the header cannot be parsed");
  return header.substr(at, end - at);
}

}  // namespace

io_error file_fault(const std::string& path, const std::string& what) {
  return io_error(path + ": " + what);
}

file_source::file_source(const std::string& path)
    : m_path(path), m_file(std::fopen(path.c_str(), "rb"), &std::fclose) {
  if (!m_file) {
    m_file.release();
    throw file_fault(path, "cannot be opened for reading");
  }
  // (a directory opens, and seeks to an end the file system makes up)
  struct stat status {};
  if (fstat(fileno(m_file.get()), &status) == 0 && S_ISDIR(status.st_mode))
    throw file_fault(path, "is a directory");
  if (fseeko(m_file.get(), 0, SEEK_END) != 0) throw file_fault(path, "cannot be read");
  const auto end = ftello(m_file.get());
  if (end < 0 || fseeko(m_file.get(), 0, SEEK_SET) != 0) throw file_fault(path, "cannot be read");
  m_file_size = m_length = static_cast<std::uint64_t>(end);
}

void file_source::restrict_to(std::uint64_t start, std::uint64_t length) {
  m_start = start;
  m_length = length;
  m_position = 0;
  if (fseeko(m_file.get(), static_cast<off_t>(start), SEEK_SET) != 0)
    throw file_fault(m_path, "cannot be read");
}

void file_source::read_at(std::uint64_t offset, void* into, std::uint64_t bytes) {
  if (fseeko(m_file.get(), static_cast<off_t>(offset), SEEK_SET) != 0 ||
      std::fread(into, 1, bytes, m_file.get()) != bytes) {
    throw file_fault(m_path, "cannot be read");
  }
  if (fseeko(m_file.get(), static_cast<off_t>(m_start + m_position), SEEK_SET) != 0)
    throw file_fault(m_path, "cannot be read");
}

void file_source::read(void* into, std::uint64_t bytes) {
  if (bytes > remaining()) throw file_fault(m_path, "truncated");
  // (a file that shrank while being read)
  if (bytes > 0 && std::fread(into, 1, bytes, m_file.get()) != bytes)
    throw file_fault(m_path, "cannot be read");
  m_position += bytes;
}

file_sink::file_sink(const std::string& path)
    : m_path(path), m_file(std::fopen(path.c_str(), "wb"), &std::fclose) {
  if (!m_file) {
    m_file.release();
    throw file_fault(path, "cannot be opened for writing");
  }
}

void file_sink::write(const void* from, std::uint64_t bytes) {
  if (bytes > 0 && std::fwrite(from, 1, bytes, m_file.get()) != bytes)
    throw file_fault(m_path, "could not be written completely");
  m_position += bytes;
}

void file_sink::write_at(std::uint64_t offset, const void* from, std::uint64_t bytes) {
  if (fseeko(m_file.get(), static_cast<off_t>(offset), SEEK_SET) != 0 ||
      std::fwrite(from, 1, bytes, m_file.get()) != bytes ||
      fseeko(m_file.get(), static_cast<off_t>(m_position), SEEK_SET) != 0) {
    throw file_fault(m_path, "could not be written completely");
  }
}

void file_sink::close() {
  std::FILE* f = m_file.release();
  if (std::fflush(f) != 0) {
    std::fclose(f);
    throw file_fault(m_path, "could not be written completely");
  }
  if (std::fclose(f) != 0) throw file_fault(m_path, "could not be written completely");
}

std::string npy_descr(dtype t) {
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

std::string npy_header(dtype t, const shape_t& shape, bool fortran_order) {
  std::string shape_text = "(";
  for (const std::int64_t e : shape) shape_text += std::to_string(e) + ", ";
  if (shape.size() >= 1) shape_text.erase(shape_text.size() - 2);
  if (shape.size() == 1) shape_text += ",";
  shape_text += ")";
  std::string header = "{'descr': '" + npy_descr(t) +
                       "', 'fortran_order': " + (fortran_order ? "True" : "False") +
                       ", 'shape': " + shape_text + ", }";
  // padded with spaces and ended by a newline so that the data starts on a multiple of 64 bytes
  const bool version2 = header.size() + 1 + magic_length + 4 > 65535;
  const std::size_t prefix = magic_length + 2 + (version2 ? 4 : 2);
  const std::size_t total = (prefix + header.size() + 1 + 63) / 64 * 64;
  header.append(total - prefix - header.size() - 1, ' ');
  header += '\n';
  std::string out(magic, magic_length);
  out += static_cast<char>(version2 ? 2 : 1);
  out += '\0';
  const auto length = static_cast<std::uint32_t>(header.size());
  for (int i = 0; i < (version2 ? 4 : 2); ++i) out += static_cast<char>((length >> (8 * i)) & 0xff);
  return out + header;
}

npy_layout read_npy_header(byte_source& in, const std::string& name) {
  const std::uint64_t file_size = in.size();
  if (file_size < magic_length + 2)
    throw file_fault(name, "truncated: shorter than the .npy magic string and version");
  char start[magic_length + 2];
  in.read(start, sizeof start);
  if (std::memcmp(start, magic, magic_length) != 0)
    throw file_fault(name, "not a .npy file (wrong magic string)");
  const int major = static_cast<unsigned char>(start[magic_length]);
  if (major < 1 || major > 3) {
    throw file_fault(name, "unsupported .npy format version " + std::to_string(major) + "." +
                               std::to_string(static_cast<unsigned char>(start[magic_length + 1])));
  }
  unsigned char length_bytes[4] = {0, 0, 0, 0};
  const std::uint64_t length_size = major == 1 ? 2 : 4;
  if (file_size < sizeof start + length_size) throw file_fault(name, "truncated: in the header length");
  in.read(length_bytes, length_size);
  const std::uint64_t header_length = length_bytes[0] | std::uint64_t{length_bytes[1]} << 8 |
                                      std::uint64_t{length_bytes[2]} << 16 |
                                      std::uint64_t{length_bytes[3]} << 24;
  const std::uint64_t data_start = sizeof start + length_size + header_length;
  if (data_start > file_size) {
    throw file_fault(name, "truncated: the header promises " + std::to_string(header_length) +
                               " bytes, the file has " +
                               std::to_string(file_size - sizeof start - length_size));
  }
  std::string header(header_length, '\0');
  in.read(header.data(), header_length);
  if (header.find('{') == std::string::npos || header.find('}') == std::string::npos) {
    throw file_fault(name, "the header cannot be parsed");
  }
  std::string descr = header_value(name, header, "descr");
  if (descr.size() < 2 || (descr.front() != '\'' && descr.front() != '"') || descr.back() != descr.front()) {
    throw file_fault(name, "unsupported dtype " + descr);
  }
  descr = descr.substr(1, descr.size() - 2);
  npy_layout layout;
  std::tie(layout.type, layout.swapped) = dtype_of_descr(name, descr);
  const std::string order = header_value(name, header, "fortran_order");
  if (order != "True" && order != "False") throw file_fault(name, "the header cannot be parsed");
  layout.fortran_order = order == "True";
  const std::string shape_text = header_value(name, header, "shape");
  if (shape_text.empty() || shape_text.front() != '(' || shape_text.back() != ')') {
    throw file_fault(name, "the header cannot be parsed");
  }
  std::uint64_t count = 1;
  std::string number;
  for (const char c : shape_text.substr(1) + ",") {
    if (c >= '0' && c <= '9') {
      number += c;
    } else if (c == ',' || c == ')') {
      if (!number.empty()) {
        if (number.size() > 18 || layout.shape.size() >= max_dims)
          throw file_fault(name, "the header's shape is too large");
        const std::int64_t e = std::stoll(number);
        layout.shape.push_back(e);
        // (saturating: a shape whose product overflows promises more than any file has)
        const auto extent = static_cast<std::uint64_t>(e);
        count = extent == 0 ? 0 : count > ~std::uint64_t{0} / extent ? ~std::uint64_t{0} : count * extent;
        number.clear();
      }
    } else if (c != ' ') {
      throw file_fault(name, "the header cannot be parsed");
    }
  }
  const std::uint64_t have = file_size - data_start;
  if (count > ~std::uint64_t{0} / layout.type.itemsize()) {
    throw file_fault(name,
                     "truncated: the header promises more bytes of data than a file can hold, the file has " +
                         std::to_string(have));
  }
  layout.data_bytes = count * layout.type.itemsize();
  if (layout.data_bytes > have) {
    throw file_fault(name, "truncated: the header promises " + std::to_string(layout.data_bytes) +
                               " bytes of data, the file has " + std::to_string(have));
  }
  return layout;
}

bool starts_zip(const unsigned char* start) {
  return start[0] == 'P' && start[1] == 'K' && start[2] == 3 && start[3] == 4;
}

}  // namespace numcu::detail
