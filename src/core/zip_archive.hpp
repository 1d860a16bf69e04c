// ZIP archives as NumPy's .npz files use them (Python's zipfile with allowZip64): members stored (method 0)
// or deflated (method 8, through zlib), ZIP64 extra fields and end records, CRC-32 checked on reading. Every
// offset and length read from the archive is checked against the file's size before it is used.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/npy_format.hpp"

namespace numcu::detail {

/// True when numcu was built with zlib (deflated members can be written and read).
bool zip_has_zlib();

/// One member of an archive, as its central directory entry describes it.
struct zip_entry {
  std::string name;
  std::uint16_t flags = 0;
  std::uint16_t method = 0;
  std::uint32_t crc = 0;
  std::uint64_t compressed_size = 0;
  std::uint64_t size = 0;
  std::uint64_t local_offset = 0;
};

/// The bytes of one member, uncompressed; finish() reads what is left and checks the size and the CRC-32.
class zip_member_source : public byte_source {
 public:
  /// Reads the remaining bytes and checks the member's CRC-32 (and, deflated, that its stream ends there).
  /// @throws io_error "<path>: bad CRC-32 for member 'a.npy'" and the like.
  virtual void finish() = 0;
};

/// The central directory of an archive on disk, read once; members are opened one at a time.
class zip_reader {
 public:
  /// @throws io_error "<path>: cannot be opened for reading", "<path>: not a .npz file (no end of central
  /// directory record)", "<path>: truncated: ..." and the like.
  explicit zip_reader(const std::string& path);
  const std::vector<zip_entry>& entries() const { return m_entries; }
  /// The uncompressed bytes of @p entry (which must be one of entries()).
  std::unique_ptr<zip_member_source> open(const zip_entry& entry) const;
  const std::string& path() const { return m_path; }

 private:
  std::string m_path;
  std::vector<zip_entry> m_entries;
};

/// Writes an archive member by member, as Python's zipfile does for np.savez (ZIP64 extra field in every
/// local header, ZIP64 central-directory fields and end records where sizes or offsets pass 2^31 - 1).
class zip_writer {
 public:
  /// @throws io_error "<path>: cannot be opened for writing".
  explicit zip_writer(const std::string& path);
  ~zip_writer();
  zip_writer(const zip_writer&) = delete;
  zip_writer& operator=(const zip_writer&) = delete;
  /// Starts member @p name, stored or deflated; its bytes are written to the sink returned, until
  /// end_member().
  /// @throws io_error "<path>: zlib is missing: numcu was built without it" for @p deflate without zlib.
  byte_sink& begin_member(const std::string& name, bool deflate);
  /// Completes the member begun last (its local header is rewritten with the sizes and CRC-32).
  void end_member();
  /// Writes the central directory and the end records and closes the file.
  void close();

 private:
  struct member_sink;
  std::string m_path;
  file_sink m_file;
  std::vector<zip_entry> m_entries;
  std::unique_ptr<member_sink> m_member;
  std::uint16_t m_time = 0, m_date = 0;
};

}  // namespace numcu::detail
