// ZIP archives for .npz files (core/zip_archive.hpp). The records are little-endian, read from byte buffers
// whose lengths were checked first; NUMCU_HAVE_ZLIB (set on this file by CMake) says whether zlib is there.
#include "core/zip_archive.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <ctime>

#if NUMCU_HAVE_ZLIB
#include <zlib.h>
#endif

namespace numcu::detail {

namespace {

constexpr std::uint32_t local_signature = 0x04034b50;
constexpr std::uint32_t central_signature = 0x02014b50;
constexpr std::uint32_t end_signature = 0x06054b50;
constexpr std::uint32_t end64_signature = 0x06064b50;
constexpr std::uint32_t locator64_signature = 0x07064b50;
/// Python's zipfile writes ZIP64 fields past this size or offset.
constexpr std::uint64_t zip64_limit = (std::uint64_t{1} << 31) - 1;
constexpr std::uint16_t zip64_version = 45;

std::uint64_t get(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

void put(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

/// CRC-32 (ISO 3309, as ZIP uses it): zlib's where there, a table otherwise.
std::uint32_t crc32_update(std::uint32_t crc, const void* data, std::uint64_t bytes) {
#if NUMCU_HAVE_ZLIB
  const auto* p = static_cast<const Bytef*>(data);
  while (bytes > 0) {
    const auto part = static_cast<uInt>(std::min<std::uint64_t>(bytes, 1u << 30));
    crc = static_cast<std::uint32_t>(::crc32(crc, p, part));
    p += part;
    bytes -= part;
  }
  return crc;
#else
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  const auto* p = static_cast<const unsigned char*>(data);
  crc = ~crc;
  for (std::uint64_t i = 0; i < bytes; ++i) crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
  return ~crc;
#endif
}

/// A stored member: the file's bytes, counted into the CRC-32.
class stored_source : public zip_member_source {
 public:
  stored_source(std::unique_ptr<file_source> file, zip_entry entry)
      : m_file(std::move(file)), m_entry(std::move(entry)) {}
  std::uint64_t size() const override { return m_entry.size; }
  std::uint64_t position() const override { return m_file->position(); }
  void read(void* into, std::uint64_t bytes) override {
    m_file->read(into, bytes);
    m_crc = crc32_update(m_crc, into, bytes);
  }
  void finish() override {
    char scratch[4096];
    while (remaining() > 0) read(scratch, std::min<std::uint64_t>(remaining(), sizeof scratch));
    if (m_crc != m_entry.crc)
      throw file_fault(m_file->path(), "bad CRC-32 for member '" + m_entry.name + "'");
  }

 private:
  std::unique_ptr<file_source> m_file;
  zip_entry m_entry;
  std::uint32_t m_crc = 0;
};

#if NUMCU_HAVE_ZLIB
/// A deflated member, inflated as it is read.
class inflated_source : public zip_member_source {
 public:
  inflated_source(std::unique_ptr<file_source> file, zip_entry entry)
      : m_file(std::move(file)), m_entry(std::move(entry)), m_input(64 * 1024) {
    std::memset(&m_stream, 0, sizeof m_stream);
    if (inflateInit2(&m_stream, -MAX_WBITS) != Z_OK)
      throw file_fault(m_file->path(), "zlib could not be initialized");
  }
  ~inflated_source() override { inflateEnd(&m_stream); }
  std::uint64_t size() const override { return m_entry.size; }
  std::uint64_t position() const override { return m_position; }
  void read(void* into, std::uint64_t bytes) override {
    auto* out = static_cast<unsigned char*>(into);
    std::uint64_t left = bytes;
    while (left > 0) {
      if (m_ended) throw corrupt("its data ends before the size it declares");
      // (with its input used up, zlib may still hold output of the last match: inflate is called again
      // before the data counts as cut short)
      if (m_stream.avail_in == 0 && m_file->remaining() > 0) {
        const std::uint64_t part = std::min<std::uint64_t>(m_file->remaining(), m_input.size());
        m_file->read(m_input.data(), part);
        m_stream.next_in = m_input.data();
        m_stream.avail_in = static_cast<uInt>(part);
      }
      const auto step = static_cast<uInt>(std::min<std::uint64_t>(left, 1u << 30));
      m_stream.next_out = out;
      m_stream.avail_out = step;
      const int status = inflate(&m_stream, Z_NO_FLUSH);
      if (status == Z_STREAM_END) {
        m_ended = true;
      } else if (status != Z_OK && status != Z_BUF_ERROR) {
        throw corrupt("its compressed data is invalid");
      }
      const std::uint64_t made = step - m_stream.avail_out;
      if (made == 0 && !m_ended && m_stream.avail_in == 0 && m_file->remaining() == 0) {
        throw corrupt("its compressed data is cut short");
      }
      m_crc = crc32_update(m_crc, out, made);
      out += made;
      left -= made;
      m_position += made;
    }
  }
  void finish() override {
    unsigned char scratch[4096];
    while (remaining() > 0) read(scratch, std::min<std::uint64_t>(remaining(), sizeof scratch));
    if (!m_ended) {
      // the stream must end here: one more call may consume its last block without output
      m_stream.next_out = scratch;
      m_stream.avail_out = sizeof scratch;
      for (;;) {
        if (m_stream.avail_in == 0) {
          const std::uint64_t part = std::min<std::uint64_t>(m_file->remaining(), m_input.size());
          if (part == 0) throw corrupt("its compressed data is cut short");
          m_file->read(m_input.data(), part);
          m_stream.next_in = m_input.data();
          m_stream.avail_in = static_cast<uInt>(part);
        }
        const int status = inflate(&m_stream, Z_NO_FLUSH);
        if (m_stream.avail_out != sizeof scratch)
          throw corrupt("it holds more data than the size it declares");
        if (status == Z_STREAM_END) break;
        if (status != Z_OK && status != Z_BUF_ERROR) throw corrupt("its compressed data is invalid");
      }
    }
    if (m_crc != m_entry.crc)
      throw file_fault(m_file->path(), "bad CRC-32 for member '" + m_entry.name + "'");
  }

 private:
  io_error corrupt(const std::string& what) const {
    return file_fault(m_file->path(), "member '" + m_entry.name + "' is corrupt: " + what);
  }
  std::unique_ptr<file_source> m_file;
  zip_entry m_entry;
  std::vector<unsigned char> m_input;
  z_stream m_stream;
  std::uint64_t m_position = 0;
  std::uint32_t m_crc = 0;
  bool m_ended = false;
};
#endif

}  // namespace

bool zip_has_zlib() {
  return NUMCU_HAVE_ZLIB != 0;
}

zip_reader::zip_reader(const std::string& path) : m_path(path) {
  file_source file(path);
  const std::uint64_t size = file.file_size();
  const auto not_npz = [&](const std::string& why) {
    return file_fault(path, "not a .npz file (" + why + ")");
  };
  if (size < 22) throw not_npz("no end of central directory record");
  // the end record is the last 22 bytes but for a comment of at most 65535 bytes
  const std::uint64_t tail_size = std::min<std::uint64_t>(size, 22 + 65535);
  std::vector<unsigned char> tail(tail_size);
  file.read_at(size - tail_size, tail.data(), tail_size);
  std::int64_t at = static_cast<std::int64_t>(tail_size) - 22;
  while (at >= 0 && get(&tail[at], 4) != end_signature) --at;
  if (at < 0) throw not_npz("no end of central directory record");
  const unsigned char* end = &tail[at];
  const std::uint64_t end_offset = size - tail_size + static_cast<std::uint64_t>(at);
  if (get(end + 4, 2) != 0 || get(end + 6, 2) != 0)
    throw file_fault(path, "archives split over several disks are not supported");
  std::uint64_t count = get(end + 10, 2), directory_size = get(end + 12, 4),
                directory_offset = get(end + 16, 4);
  std::uint64_t directory_end = end_offset;
  // ZIP64: a locator just before the end record points to the ZIP64 end record
  if (end_offset >= 20) {
    unsigned char locator[20];
    file.read_at(end_offset - 20, locator, 20);
    if (get(locator, 4) == locator64_signature) {
      const std::uint64_t end64_offset = get(locator + 8, 8);
      if (end64_offset > end_offset - 20 || end_offset - 20 - end64_offset < 56)
        throw file_fault(path, "truncated: the ZIP64 end of central directory record is cut or misplaced");
      unsigned char end64[56];
      file.read_at(end64_offset, end64, 56);
      if (get(end64, 4) != end64_signature)
        throw file_fault(path, "bad ZIP64 end of central directory record");
      count = get(end64 + 32, 8);
      directory_size = get(end64 + 40, 8);
      directory_offset = get(end64 + 48, 8);
      directory_end = end64_offset;
    }
  }
  if (directory_offset > directory_end || directory_size > directory_end - directory_offset) {
    throw file_fault(path, "truncated: the central directory at offset " + std::to_string(directory_offset) +
                               " (" + std::to_string(directory_size) + " bytes) does not fit in the file");
  }
  // each entry takes at least 46 bytes: a count the directory cannot hold is a lie
  if (count > directory_size / 46)
    throw file_fault(path, "bad central directory: it cannot hold " + std::to_string(count) + " entries");
  std::vector<unsigned char> directory(directory_size);
  file.read_at(directory_offset, directory.data(), directory_size);
  std::uint64_t p = 0;
  const auto bad = [&](const std::string& why) { return file_fault(path, "bad central directory: " + why); };
  for (std::uint64_t i = 0; i < count; ++i) {
    if (directory_size - p < 46 || get(&directory[p], 4) != central_signature)
      throw bad("entry " + std::to_string(i) + " is cut or has a wrong signature");
    const unsigned char* e = &directory[p];
    zip_entry entry;
    entry.flags = static_cast<std::uint16_t>(get(e + 8, 2));
    entry.method = static_cast<std::uint16_t>(get(e + 10, 2));
    entry.crc = static_cast<std::uint32_t>(get(e + 16, 4));
    entry.compressed_size = get(e + 20, 4);
    entry.size = get(e + 24, 4);
    const std::uint64_t name_length = get(e + 28, 2), extra_length = get(e + 30, 2),
                        comment_length = get(e + 32, 2);
    entry.local_offset = get(e + 42, 4);
    if (directory_size - p - 46 < name_length + extra_length + comment_length)
      throw bad("entry " + std::to_string(i) + " is cut");
    entry.name.assign(reinterpret_cast<const char*>(e + 46), name_length);
    // ZIP64 extra field: 8-byte values for those of the fields above that hold 0xffffffff, in this order
    const unsigned char* extra = e + 46 + name_length;
    for (std::uint64_t q = 0; q + 4 <= extra_length;) {
      const std::uint64_t id = get(extra + q, 2), length = get(extra + q + 2, 2);
      if (q + 4 + length > extra_length) throw bad("the extra field of '" + entry.name + "' is cut");
      if (id == 1) {
        const unsigned char* v = extra + q + 4;
        std::uint64_t left = length;
        for (std::uint64_t* field : {&entry.size, &entry.compressed_size, &entry.local_offset}) {
          if (*field != 0xffffffffu) continue;
          if (left < 8) throw bad("the ZIP64 extra field of '" + entry.name + "' is cut");
          *field = get(v, 8);
          v += 8;
          left -= 8;
        }
      }
      q += 4 + length;
    }
    m_entries.push_back(std::move(entry));
    p += 46 + name_length + extra_length + comment_length;
  }
}

std::unique_ptr<zip_member_source> zip_reader::open(const zip_entry& entry) const {
  auto file = std::make_unique<file_source>(m_path);
  const std::uint64_t size = file->file_size();
  const std::string member = "member '" + entry.name + "'";
  if (entry.flags & 1) throw file_fault(m_path, member + " is encrypted");
  if (entry.local_offset > size || size - entry.local_offset < 30)
    throw file_fault(m_path, "truncated: the local header of " + member + " is past the end of the file");
  unsigned char header[30];
  file->read_at(entry.local_offset, header, 30);
  if (get(header, 4) != local_signature)
    throw file_fault(m_path, "bad local header of " + member + " (wrong signature)");
  const std::uint64_t start = entry.local_offset + 30 + get(header + 26, 2) + get(header + 28, 2);
  if (start > size || size - start < entry.compressed_size) {
    throw file_fault(m_path, "truncated: " + member + " needs " + std::to_string(entry.compressed_size) +
                                 " bytes at offset " + std::to_string(start) + ", the file has " +
                                 std::to_string(size));
  }
  file->restrict_to(start, entry.compressed_size);
  if (entry.method == 0) {
    if (entry.compressed_size != entry.size)
      throw file_fault(m_path, member + " is stored with two different sizes");
    return std::make_unique<stored_source>(std::move(file), entry);
  }
  if (entry.method == 8) {
    // deflate expands at most about 1032 to 1: a larger claim would only size an allocation the data cannot
    // fill
    if (entry.size > entry.compressed_size * 1032 + 1024) {
      throw file_fault(m_path, member + " claims " + std::to_string(entry.size) + " bytes from " +
                                   std::to_string(entry.compressed_size) +
                                   " compressed, more than deflate can expand to");
    }
#if NUMCU_HAVE_ZLIB
    return std::make_unique<inflated_source>(std::move(file), entry);
#else
    throw file_fault(m_path, member + " is deflated, and zlib is missing: numcu was built without it");
#endif
  }
  throw file_fault(m_path, member + " uses compression method " + std::to_string(entry.method) +
                               " (only stored, 0, and deflated, 8, are supported)");
}

/// The bytes of the member being written: counted and checksummed, deflated where asked.
struct zip_writer::member_sink : byte_sink {
  file_sink* file = nullptr;
  zip_entry entry;
  std::uint32_t crc = 0;
  bool deflate = false;
#if NUMCU_HAVE_ZLIB
  z_stream stream{};
  std::vector<unsigned char> output = std::vector<unsigned char>(64 * 1024);
  ~member_sink() override {
    if (deflate) deflateEnd(&stream);
  }
  void pump(int flush) {
    int status = Z_OK;
    do {
      stream.next_out = output.data();
      stream.avail_out = static_cast<uInt>(output.size());
      status = ::deflate(&stream, flush);
      const std::uint64_t made = output.size() - stream.avail_out;
      file->write(output.data(), made);
      entry.compressed_size += made;
    } while (stream.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END));
  }
#endif
  void write(const void* from, std::uint64_t bytes) override {
    crc = crc32_update(crc, from, bytes);
    entry.size += bytes;
    if (!deflate) {
      file->write(from, bytes);
      entry.compressed_size += bytes;
      return;
    }
#if NUMCU_HAVE_ZLIB
    const auto* p = static_cast<const unsigned char*>(from);
    while (bytes > 0) {
      const auto part = static_cast<uInt>(std::min<std::uint64_t>(bytes, 1u << 30));
      stream.next_in = const_cast<Bytef*>(p);
      stream.avail_in = part;
      pump(Z_NO_FLUSH);
      p += part;
      bytes -= part;
    }
#endif
  }
};

namespace {

/// The local header of @p e as Python's zipfile writes it for np.savez (force_zip64: the sizes in a ZIP64
/// extra field, 0xffffffff in their 32-bit places).
std::string local_header(const zip_entry& e, std::uint16_t time, std::uint16_t date) {
  std::string h;
  put(h, local_signature, 4);
  put(h, zip64_version, 2);
  put(h, e.flags, 2);
  put(h, e.method, 2);
  put(h, time, 2);
  put(h, date, 2);
  put(h, e.crc, 4);
  put(h, 0xffffffffu, 4);
  put(h, 0xffffffffu, 4);
  put(h, e.name.size(), 2);
  put(h, 20, 2);
  h += e.name;
  put(h, 1, 2);
  put(h, 16, 2);
  put(h, e.size, 8);
  put(h, e.compressed_size, 8);
  return h;
}

}  // namespace

zip_writer::zip_writer(const std::string& path) : m_path(path), m_file(path) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  m_time = static_cast<std::uint16_t>(local.tm_hour << 11 | local.tm_min << 5 | local.tm_sec / 2);
  m_date = static_cast<std::uint16_t>(std::max(local.tm_year - 80, 0) << 9 | (local.tm_mon + 1) << 5 |
                                      local.tm_mday);
}

zip_writer::~zip_writer() = default;

byte_sink& zip_writer::begin_member(const std::string& name, bool deflate) {
#if !NUMCU_HAVE_ZLIB
  if (deflate) throw file_fault(m_path, "zlib is missing: numcu was built without it");
#endif
  m_member = std::make_unique<member_sink>();
  m_member->file = &m_file;
  m_member->deflate = deflate;
  m_member->entry.name = name;
  // UTF-8 names are flagged as such, as Python does for names that are not ASCII
  m_member->entry.flags = std::any_of(name.begin(), name.end(), [](char c) { return c & 0x80; }) ? 0x800 : 0;
  m_member->entry.method = deflate ? 8 : 0;
  m_member->entry.local_offset = m_file.position();
#if NUMCU_HAVE_ZLIB
  if (deflate && deflateInit2(&m_member->stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8,
                              Z_DEFAULT_STRATEGY) != Z_OK) {
    m_member->deflate = false;
    throw file_fault(m_path, "zlib could not be initialized");
  }
#endif
  const std::string header = local_header(m_member->entry, m_time, m_date);
  m_file.write(header.data(), header.size());
  return *m_member;
}

void zip_writer::end_member() {
#if NUMCU_HAVE_ZLIB
  if (m_member->deflate) m_member->pump(Z_FINISH);
#endif
  m_member->entry.crc = m_member->crc;
  const std::string header = local_header(m_member->entry, m_time, m_date);
  m_file.write_at(m_member->entry.local_offset, header.data(), header.size());
  m_entries.push_back(m_member->entry);
  m_member.reset();
}

void zip_writer::close() {
  const std::uint64_t directory_offset = m_file.position();
  for (const zip_entry& e : m_entries) {
    std::string extra;
    const bool large = e.size > zip64_limit || e.compressed_size > zip64_limit;
    if (large) {
      put(extra, e.size, 8);
      put(extra, e.compressed_size, 8);
    }
    if (e.local_offset > zip64_limit) put(extra, e.local_offset, 8);
    if (!extra.empty()) {
      std::string field;
      put(field, 1, 2);
      put(field, extra.size(), 2);
      extra = field + extra;
    }
    std::string c;
    put(c, central_signature, 4);
    put(c, zip64_version, 1);  // made by: version 4.5, Unix
    put(c, 3, 1);
    put(c, zip64_version, 2);
    put(c, e.flags, 2);
    put(c, e.method, 2);
    put(c, m_time, 2);
    put(c, m_date, 2);
    put(c, e.crc, 4);
    put(c, large ? 0xffffffffu : e.compressed_size, 4);
    put(c, large ? 0xffffffffu : e.size, 4);
    put(c, e.name.size(), 2);
    put(c, extra.size(), 2);
    put(c, 0, 2);  // comment
    put(c, 0, 2);  // disk
    put(c, 0, 2);  // internal attributes
    put(c, 0600u << 16, 4);
    put(c, e.local_offset > zip64_limit ? 0xffffffffu : e.local_offset, 4);
    c += e.name + extra;
    m_file.write(c.data(), c.size());
  }
  const std::uint64_t directory_end = m_file.position();
  const std::uint64_t count = m_entries.size(), directory_size = directory_end - directory_offset;
  std::string end;
  if (count > 0xffff || directory_offset > zip64_limit || directory_size > zip64_limit) {
    put(end, end64_signature, 4);
    put(end, 44, 8);
    put(end, zip64_version, 2);
    put(end, zip64_version, 2);
    put(end, 0, 4);
    put(end, 0, 4);
    put(end, count, 8);
    put(end, count, 8);
    put(end, directory_size, 8);
    put(end, directory_offset, 8);
    put(end, locator64_signature, 4);
    put(end, 0, 4);
    put(end, directory_end, 8);
    put(end, 1, 4);
  }
  put(end, end_signature, 4);
  put(end, 0, 4);
  put(end, std::min<std::uint64_t>(count, 0xffff), 2);
  put(end, std::min<std::uint64_t>(count, 0xffff), 2);
  put(end, std::min<std::uint64_t>(directory_size, 0xffffffff), 4);
  put(end, std::min<std::uint64_t>(directory_offset, 0xffffffff), 4);
  put(end, 0, 2);
  m_file.write(end.data(), end.size());
  m_file.close();
}

}  // namespace numcu::detail
