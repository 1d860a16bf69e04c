// NumPy's .npy files and .npz archives (numcu/io.hpp). The .npy encoding lives in core/npy_format (one copy,
// used on plain files and on archive members alike), the ZIP records in core/zip_archive. Loading onto a GPU
// reads the data in chunks into the page-locked staging buffers and copies each to the device while the next
// is read.
#include "numcu/io.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "core/npy_format.hpp"
#include "core/zip_archive.hpp"
#include "memory/transfer.hpp"
#include "numcu/creation.hpp"
#include "numcu/error.hpp"
#include "numcu/manipulation.hpp"

namespace numcu {

namespace {

using detail::byte_sink;
using detail::byte_source;

/// Reverses the bytes of each element (of each part of a complex element) of @p bytes bytes of dtype @p t.
void swap_bytes(void* data, std::uint64_t bytes, dtype t) {
  auto* p = static_cast<unsigned char*>(data);
  const std::size_t part = t.is_complex() ? t.itemsize() / 2 : t.itemsize();
  for (std::uint64_t at = 0; at < bytes; at += part) std::reverse(p + at, p + at + part);
}

/// The elements of a .npy stream whose header @p layout was read from @p in, on @p where as a C-contiguous
/// array. Onto a GPU through the page-locked staging buffers: each chunk is read from the file into one while
/// the chunks before it are copied.
ndarray read_npy_data(byte_source& in, const detail::npy_layout& layout, device where) {
  // the elements in the file's order: C, or Fortran (the reversed shape in C order, transposed back)
  shape_t stored = layout.shape;
  if (layout.fortran_order) std::reverse(stored.begin(), stored.end());
  const dtype t = layout.type;
  ndarray values = empty(stored, t, where);
  if (where.is_cpu()) {
    if (values.nbytes() > 0) in.read(values.data_ptr(), values.nbytes());
    if (layout.swapped) swap_bytes(values.data_ptr(), values.nbytes(), t);
  } else {
    detail::fill_device_in_chunks(values.data_ptr(), values.nbytes(), where,
                                  [&](void* chunk, std::size_t, std::size_t n) {
                                    in.read(chunk, n);
                                    // (whole elements: every chunk but the last is a multiple of 16 bytes)
                                    if (layout.swapped) swap_bytes(chunk, n, t);
                                  });
  }
  return layout.fortran_order ? ascontiguousarray(transpose(values)) : values;
}

/// Writes @p a as a .npy stream: the header, then the elements in C order, or in Fortran order where the
/// array is Fortran-contiguous and not C-contiguous (as NumPy writes it). From a GPU through the page-locked
/// staging buffers: each chunk is written to the file while the next ones are copied.
void write_npy(byte_sink& out, const ndarray& a) {
  const bool fortran = a.ndim() > 1 && !a.is_c_contiguous() && transpose(a).is_c_contiguous();
  const ndarray data = ascontiguousarray(fortran ? transpose(a) : a);  // on a's device
  const std::string header = detail::npy_header(a.dtype(), a.shape(), fortran);
  out.write(header.data(), header.size());
  if (data.device().is_cpu()) {
    if (data.nbytes() > 0) out.write(data.data_ptr(), data.nbytes());
    return;
  }
  detail::drain_device_in_chunks(data.data_ptr(), data.nbytes(), data.device(),
                                 [&](const void* chunk, std::size_t, std::size_t n) { out.write(chunk, n); });
}

/// np.savez's names: arr_0, arr_1, ... for the positional arrays, then the named ones; each once.
named_arrays members_of(const std::string& path, const std::vector<ndarray>& positional,
                        const named_arrays& named) {
  named_arrays all = named;
  for (std::size_t i = 0; i < positional.size(); ++i) {
    const std::string key = "arr_" + std::to_string(i);
    for (const auto& [name, array] : named) {
      if (name == key) throw io_error("Cannot use un-named variables and keyword " + key);
    }
    all.emplace_back(key, positional[i]);
  }
  std::set<std::string> seen;
  for (const auto& [name, array] : all) {
    if (!seen.insert(name).second) throw detail::file_fault(path, "the name '" + name + "' is given twice");
    if (!array.defined()) throw detail::file_fault(path, "the array '" + name + "' is an empty handle");
    if (name.size() + 4 > 65535) {
      throw detail::file_fault(
          path, "the name '" + name.substr(0, 20) +
                    "...' is longer than a ZIP member's name can be (65535 bytes with \".npy\")");
    }
  }
  return all;
}

void write_npz(const std::string& given_path, const std::vector<ndarray>& positional,
               const named_arrays& named, bool compress) {
  const bool has_suffix = given_path.size() >= 4 && given_path.compare(given_path.size() - 4, 4, ".npz") == 0;
  const std::string path = has_suffix ? given_path : given_path + ".npz";
  const named_arrays members = members_of(path, positional, named);
  detail::zip_writer zip(path);
  for (const auto& [name, array] : members) {
    write_npy(zip.begin_member(name + ".npy", compress), array);
    zip.end_member();
  }
  zip.close();
}

/// The array in member @p member of the archive @p zip at @p path, on @p where: the last member of that name,
/// as Python's zipfile takes it.
ndarray read_member(const detail::zip_reader& zip, const std::string& path, const std::string& member,
                    device where) {
  const auto& entries = zip.entries();
  const auto entry = std::find_if(entries.rbegin(), entries.rend(),
                                  [&](const detail::zip_entry& e) { return e.name == member; });
  if (entry == entries.rend())
    throw detail::file_fault(path, "no array named '" + member + "' in the archive");
  const auto source = zip.open(*entry);
  const detail::npy_layout layout = detail::read_npy_header(*source, path + ": member '" + member + "'");
  ndarray values = read_npy_data(*source, layout, where);
  source->finish();
  return values;
}

}  // namespace

void save(const std::string& path, const ndarray& a) {
  detail::file_sink out(path);
  write_npy(out, a);
  out.close();
}

ndarray load(const std::string& path, device where) {
  detail::file_source in(path);
  if (in.size() >= 4) {
    unsigned char start[4];
    in.read_at(0, start, 4);
    if (detail::starts_zip(start)) throw detail::file_fault(path, "a .npz archive: open it with load_npz");
  }
  const detail::npy_layout layout = detail::read_npy_header(in, path);
  return read_npy_data(in, layout, where);
}

void savez(const std::string& path, const named_arrays& arrays) {
  write_npz(path, {}, arrays, false);
}

void savez(const std::string& path, const std::vector<ndarray>& arrays) {
  write_npz(path, arrays, {}, false);
}

void savez(const std::string& path, const std::vector<ndarray>& positional, const named_arrays& named) {
  write_npz(path, positional, named, false);
}

void savez_compressed(const std::string& path, const named_arrays& arrays) {
  write_npz(path, {}, arrays, true);
}

void savez_compressed(const std::string& path, const std::vector<ndarray>& arrays) {
  write_npz(path, arrays, {}, true);
}

void savez_compressed(const std::string& path, const std::vector<ndarray>& positional,
                      const named_arrays& named) {
  write_npz(path, positional, named, true);
}

npz_file load_npz(const std::string& path, device where) {
  const detail::zip_reader zip(path);
  npz_file f;
  f.m_path = path;
  f.m_device = where;
  for (const auto& e : zip.entries()) {
    const bool npy = e.name.size() > 4 && e.name.compare(e.name.size() - 4, 4, ".npy") == 0;
    f.m_keys.push_back(npy ? e.name.substr(0, e.name.size() - 4) : e.name);
    f.m_members.push_back(e.name);
  }
  return f;
}

bool npz_file::contains(const std::string& name) const {
  return std::find(m_keys.begin(), m_keys.end(), name) != m_keys.end() ||
         std::find(m_members.begin(), m_members.end(), name) != m_members.end();
}

ndarray npz_file::operator[](const std::string& name) const {
  // NpzFile's lookup: a member's own name first, then a name without ".npy"
  std::string member;
  if (std::find(m_members.begin(), m_members.end(), name) != m_members.end()) {
    member = name;
  } else if (const auto at = std::find(m_keys.begin(), m_keys.end(), name); at != m_keys.end()) {
    member = m_members[static_cast<std::size_t>(at - m_keys.begin())];
  } else {
    throw detail::file_fault(m_path, "no array named '" + name + "' in the archive");
  }
  // the directory is read again: the file may have changed since load_npz, and every offset is checked anew
  return read_member(detail::zip_reader(m_path), m_path, member, m_device);
}

named_arrays npz_file::items() const {
  const detail::zip_reader zip(m_path);
  named_arrays all;
  for (std::size_t i = 0; i < m_keys.size(); ++i) {
    all.emplace_back(m_keys[i], read_member(zip, m_path, m_members[i], m_device));
  }
  return all;
}

}  // namespace numcu
