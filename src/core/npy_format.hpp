// NumPy's .npy encoding, on byte streams (a file, a member of a .npz archive): the header written and parsed
// here once, for nc::save/load and the .npz archives (api/io.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "numcu/dtype.hpp"
#include "numcu/error.hpp"
#include "numcu/shape.hpp"

namespace numcu::detail {

/// The io_error of a fault in the file (or archive member) @p path: "<path>: <what>".
io_error file_fault(const std::string& path, const std::string& what);

/// Bytes read in order from a file, a region of one, or an archive member; every read is checked against
/// size() first, so that nothing past the end is read.
class byte_source {
 public:
  virtual ~byte_source() = default;
  /// Bytes in the source.
  virtual std::uint64_t size() const = 0;
  /// Bytes read so far.
  virtual std::uint64_t position() const = 0;
  /// Reads @p bytes into @p into (the caller has checked that they are there).
  virtual void read(void* into, std::uint64_t bytes) = 0;
  /// Bytes not read yet.
  std::uint64_t remaining() const { return size() - position(); }
};

/// Bytes written in order.
class byte_sink {
 public:
  virtual ~byte_sink() = default;
  virtual void write(const void* from, std::uint64_t bytes) = 0;
};

/// A region [start, start + length) of a file opened for reading.
class file_source : public byte_source {
 public:
  /// Opens @p path; the region is the whole file. @throws io_error "<path>: cannot be opened for reading".
  explicit file_source(const std::string& path);
  /// Restricts the source to @p length bytes from @p start (both checked against the file's size by the
  /// caller) and moves to its start.
  void restrict_to(std::uint64_t start, std::uint64_t length);
  /// The file's size in bytes.
  std::uint64_t file_size() const { return m_file_size; }
  /// Reads @p bytes at absolute @p offset of the file (checked by the caller).
  void read_at(std::uint64_t offset, void* into, std::uint64_t bytes);
  std::uint64_t size() const override { return m_length; }
  std::uint64_t position() const override { return m_position; }
  void read(void* into, std::uint64_t bytes) override;
  const std::string& path() const { return m_path; }

 private:
  std::string m_path;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> m_file;
  std::uint64_t m_file_size = 0, m_start = 0, m_length = 0, m_position = 0;
};

/// A file opened for writing.
class file_sink : public byte_sink {
 public:
  /// @throws io_error "<path>: cannot be opened for writing".
  explicit file_sink(const std::string& path);
  void write(const void* from, std::uint64_t bytes) override;
  /// Bytes written so far.
  std::uint64_t position() const { return m_position; }
  /// Writes @p bytes at absolute @p offset, then returns to the end.
  void write_at(std::uint64_t offset, const void* from, std::uint64_t bytes);
  /// Flushes and closes; @throws io_error "<path>: could not be written completely".
  void close();

 private:
  std::string m_path;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> m_file;
  std::uint64_t m_position = 0;
};

/// The .npy type string of @p t ('<f8', '|b1'; bfloat16 as ml_dtypes writes it, '<V2').
std::string npy_descr(dtype t);

/// The magic string, version and header of a .npy file of dtype @p t and @p shape (format 1.0, 2.0 where the
/// header needs it), padded so that the data starts on a multiple of 64 bytes.
std::string npy_header(dtype t, const shape_t& shape, bool fortran_order);

/// What a .npy header says.
struct npy_layout {
  dtype type;
  bool swapped = false;        ///< big-endian data: bytes to reverse per element (per part of a complex)
  bool fortran_order = false;  ///< the data holds the transposed array in C order
  shape_t shape;
  std::uint64_t data_bytes = 0;  ///< the elements' bytes, checked to be in the source
};

/// Reads the header of a .npy stream from @p in (which then stands at the first data byte); faults are
/// io_errors "<name>: <fault>". Checks that the source holds the data the header promises.
npy_layout read_npy_header(byte_source& in, const std::string& name);

/// True when @p start (at least 4 bytes) begins a ZIP archive ("PK\3\4"), as a .npz file does.
bool starts_zip(const unsigned char* start);

}  // namespace numcu::detail
