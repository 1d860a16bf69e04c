/// @file io.hpp
/// @brief Files, as NumPy reads and writes them: .npy files (nc::save, nc::load), .npz archives (nc::savez,
/// nc::savez_compressed, nc::load_npz), raw binary and plain text (nc::tofile, nc::fromfile, nc::frombuffer)
/// and delimited text tables (nc::savetxt, nc::loadtxt). Bad files raise io_error naming the file and the
/// fault, and are never read past their end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "numcu/device.hpp"
#include "numcu/ndarray.hpp"

namespace numcu {

/// numpy.save: writes @p a (from a GPU chunk by chunk through page-locked buffers, each written while the
/// next are copied) to @p path as a .npy file: format 1.0 (2.0 where the header needs more than 65535 bytes),
/// the array's dtype little-endian, in C order, or in Fortran order where the array is Fortran-contiguous and
/// not C-contiguous (as NumPy writes it). Unlike NumPy, no ".npy" is appended to @p path.
/// @throws io_error where the file cannot be written.
void save(const std::string& path, const ndarray& a);

/// numpy.load of a .npy file: the array at @p path on @p where (default: the default device). Big-endian data
/// is swapped, a Fortran-order array comes back as a C-contiguous one with the same values. On a GPU the data
/// is read in chunks into page-locked buffers, each copied to the device while the next is read.
/// @throws io_error "<path>: not a .npy file (wrong magic string)", "<path>: truncated: the header promises
/// 96 bytes of data, the file has 40", "<path>: unsupported dtype '<U3'", "<path>: object arrays are not
/// supported", "<path>: a .npz archive: open it with load_npz", and the like; out_of_memory, device_error.
ndarray load(const std::string& path, device where = default_device());

/// Arrays with names, in order: what savez() writes and npz_file::items() gives.
using named_arrays = std::vector<std::pair<std::string, ndarray>>;

/// numpy.savez: writes the arrays to the ZIP archive @p path, each as the .npy member "<name>.npy", stored
/// uncompressed (ZIP64 where a member or the archive needs it, as Python's zipfile writes it). As NumPy does,
/// ".npz" is appended to a @p path that does not end with it. GPU arrays are copied out in chunks, as save()
/// copies them.
/// @code
/// nc::savez("run.npz", {{"x", x}, {"y", y}});   // np.savez("run.npz", x=x, y=y)
/// @endcode
/// @throws io_error where the file cannot be written, or a name repeats.
void savez(const std::string& path, const named_arrays& arrays);
/// numpy.savez with positional arrays: they are named arr_0, arr_1, ... (`np.savez(path, a, b)`).
void savez(const std::string& path, const std::vector<ndarray>& arrays);
/// numpy.savez with positional arrays (arr_0, arr_1, ...) followed by @p named ones (`np.savez(path, a,
/// b=b)`).
/// @throws io_error "Cannot use un-named variables and keyword arr_0" where a name is taken by a positional
/// one.
void savez(const std::string& path, const std::vector<ndarray>& positional, const named_arrays& named);

/// numpy.savez_compressed: as savez(), with every member deflated through zlib.
/// @throws io_error as savez(); "<path>: zlib is missing: numcu was built without it" in a build without
/// zlib.
void savez_compressed(const std::string& path, const named_arrays& arrays);
/// numpy.savez_compressed with positional arrays (arr_0, arr_1, ...).
void savez_compressed(const std::string& path, const std::vector<ndarray>& arrays);
/// numpy.savez_compressed with positional arrays followed by named ones.
void savez_compressed(const std::string& path, const std::vector<ndarray>& positional,
                      const named_arrays& named);

class npz_file;

/// numpy.load of a .npz archive: opens @p path and reads its directory (the arrays are read on demand).
/// @throws io_error "<path>: not a .npz file (no end of central directory record)", "<path>: truncated: ...",
/// "<path>: cannot be opened for reading" and the like.
npz_file load_npz(const std::string& path, device where = default_device());

/// An opened .npz archive, like the NpzFile numpy.load returns: the names of its arrays are read at once,
/// each array is read from the file when it is asked for (every time it is asked for, as NumPy does), onto
/// the device given to load_npz(). Names are the members' without ".npy"; `a["x"]` and `a["x.npy"]` both
/// work.
/// @code
/// nc::npz_file f = nc::load_npz("run.npz", nc::cuda(0));
/// for (const auto& name : f.keys()) std::cout << name << f[name].shape() << "\n";
/// @endcode
class npz_file {
 public:
  /// The archive's path.
  const std::string& path() const { return m_path; }
  /// The device arrays are loaded onto.
  numcu::device device() const { return m_device; }
  /// The names of the arrays, in the archive's order (NpzFile.files, NpzFile.keys()).
  const std::vector<std::string>& keys() const { return m_keys; }
  /// The names of the arrays (NpzFile.files): keys().
  const std::vector<std::string>& files() const { return m_keys; }
  /// Number of arrays (`len(f)`).
  std::size_t size() const { return m_keys.size(); }
  /// True when the archive holds array @p name (with or without ".npy"; `name in f`).
  bool contains(const std::string& name) const;
  /// The array @p name (with or without ".npy"), read from the file now.
  /// @throws io_error "<path>: no array named 'x' in the archive" (NumPy's KeyError), "<path>: bad CRC-32 for
  /// member 'x.npy'", "<path>: member 'x.npy': not a .npy file (wrong magic string)" and the like.
  ndarray operator[](const std::string& name) const;
  /// Every array, in the archive's order (`dict(f.items())`).
  named_arrays items() const;

 private:
  friend npz_file load_npz(const std::string& path, numcu::device where);
  std::string m_path;
  numcu::device m_device;
  std::vector<std::string> m_keys;
  std::vector<std::string> m_members;  // the member names, ".npy" and all, in the order of m_keys
};

/// ndarray.tofile: writes the elements of @p a in C order to @p path: raw bytes in the machine's byte order
/// (little-endian) when @p sep is empty; otherwise text, the elements separated by @p sep and each written
/// with @p format (printf-style, as Python's % operator applies it; "%s" is Python's str() of the element:
/// 1.5, 0.10000000149011612 for a float32 0.1, True, (1+2j)). No newline ends the text, as in NumPy.
/// @throws io_error where the file cannot be written or @p format does not suit the dtype.
void tofile(const ndarray& a, const std::string& path, const std::string& sep = "",
            const std::string& format = "%s");

/// What fromfile() reads.
struct fromfile_options {
  /// Elements to read; any negative number for all there are (fewer are read where the file holds fewer, as
  /// in NumPy).
  std::int64_t count = -1;
  /// Empty for raw binary; otherwise the text between elements (a space matches any whitespace, and
  /// whitespace around it is skipped).
  std::string sep;
  /// Bytes skipped at the start of a binary file (raw binary only, as in NumPy).
  std::int64_t offset = 0;
  /// The device of the result (default: the default device).
  std::optional<numcu::device> device;
};

/// numpy.fromfile: a 1-D array of dtype @p t read from @p path, raw binary (little-endian, as tofile()
/// writes it) or text separated by @p options.sep.
/// @throws io_error "<path>: cannot be opened for reading", "<path>: string or file could not be read to its
/// end due to unmatched data", "<path>: 'offset' argument only permitted for binary files", "<path>: offset
/// must be non-negative"; shape_error "<path>: negative dimensions
/// are not allowed" for all elements (no count) from an offset past the end that leaves a negative number of
/// them, as NumPy's (size - offset) / itemsize (a count from there reads none).
ndarray fromfile(const std::string& path, dtype t = float64, const fromfile_options& options = {});

/// numpy.frombuffer, copying: a new 1-D array of dtype @p t on @p where holding @p count elements (-1: as
/// many as fit) of the @p bytes bytes at @p buffer, from byte @p offset. NumPy's frombuffer shares the
/// buffer; the zero-copy form in numcu is from_blob().
/// @throws shape_error, as numcu maps NumPy's ValueError where no file is involved: "buffer size must be a
/// multiple of element size", "offset must be non-negative and no greater than buffer length (10)", "buffer
/// is smaller than requested size".
ndarray frombuffer(const void* buffer, std::size_t bytes, dtype t = float64, std::int64_t count = -1,
                   std::int64_t offset = 0, device where = default_device());

/// How savetxt() writes a table.
struct savetxt_options {
  /// printf-style format of one element (used for every column), or of one whole row (as many conversions as
  /// columns), as Python's % operator applies it. A complex element is written " (<re>+<im>j)" with the
  /// format applied to each part (then "+-" becomes "-"), or the row format takes two conversions per column.
  std::string fmt = "%.18e";
  /// Text between columns.
  std::string delimiter = " ";
  /// Text ending each line.
  std::string newline = "\n";
  /// Written first, each of its lines preceded by @p comments (nothing when empty).
  std::string header;
  /// Written last, each of its lines preceded by @p comments (nothing when empty).
  std::string footer;
  /// What precedes the header's and the footer's lines.
  std::string comments = "# ";
};

/// numpy.savetxt: writes 1-D @p a as one column, or 2-D @p a row by row, as text (copied to the host first).
/// @throws io_error "Expected 1D or 2D array, got 0D array instead", "fmt has wrong number of % formats:  %d
/// %d", "cannot convert float NaN to integer", and where the file cannot be written (each naming @p path).
void savetxt(const std::string& path, const ndarray& a, const savetxt_options& options = {});

/// How loadtxt() reads a table.
struct loadtxt_options {
  /// The dtype of the result.
  dtype type = float64;
  /// Where a comment starts (the rest of the line is skipped); empty for none.
  std::string comments = "#";
  /// The text between columns; empty for any run of whitespace.
  std::string delimiter;
  /// The character that quotes a field (none by default): a field that starts with it runs to the next one,
  /// delimiters, comments and line ends within it being text, and two of it in a row stand for one. It may
  /// not be a newline, the delimiter's first character or the comment's, nor a blank where blanks separate
  /// the columns, and it needs a comment of one character at most (NumPy's rules).
  std::optional<char> quotechar;
  /// Lines skipped at the start, comments and blank lines included.
  std::int64_t skiprows = 0;
  /// The columns to read, in this order (negative counts from the end); empty for all.
  std::vector<std::int64_t> usecols;
  /// Rows of data to read at most; -1 for all.
  std::int64_t max_rows = -1;
  /// The least number of dimensions of the result: 0, 1 or 2 (NumPy squeezes the table's size-1 axes first).
  int ndmin = 0;
  /// Whether to return the transpose, a row per column of the file (applied after ndmin).
  bool unpack = false;
  /// The device of the result (default: the default device).
  std::optional<numcu::device> device;
};

/// numpy.loadtxt: the table of numbers in the text file @p path, one row per line (comments and blank lines
/// skipped), as a 2-D array squeezed as NumPy squeezes it (one column or one row: 1-D; one value: 0-d).
/// Integers parse as integers (no fractions), bool as an integer (nonzero: true), complex as "1+2j" or
/// "(1+2j)", floats as Python's float() (nan, inf).
/// @throws io_error "<path>: line 4: could not convert string 'x' to float64 at row 1, column 2.",
/// "<path>: line 3: the number of columns changed from 3 to 2 at row 2; use `usecols` to select a subset and
/// avoid this error", "<path>: line 1: invalid column index 2 at row 1 with 2 columns", "<path>: Illegal
/// value of ndmin keyword: 3", "<path>: The values for control characters 'quotechar' and 'delimiter' are
/// incompatible", "<path>: cannot be opened for reading". A line number is the line where the row starts.
ndarray loadtxt(const std::string& path, const loadtxt_options& options = {});

}  // namespace numcu
