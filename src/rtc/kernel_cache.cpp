#include "rtc/kernel_cache.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "rtc/embedded_headers.hpp"
#include "rtc/sha256.hpp"

namespace numcu::detail::rtc {

namespace {

constexpr std::string_view entry_magic = "numcu-kernel 1\n";
constexpr std::string_view entry_suffix = ".numcu-kernel";

std::mutex memory_mutex;
std::map<std::string, std::shared_ptr<const compiled_program>> memory_cache;
std::atomic<std::int64_t> memory_hits{0}, disk_hits{0}, compiles{0}, bad_entries{0};

void append_field(std::string& out, std::string_view bytes) {
  out += std::to_string(bytes.size());
  out += ':';
  out += bytes;
}

/// Reads one field written by append_field at @p pos; false if the bytes end or are malformed there.
bool read_field(const std::string& in, std::size_t& pos, std::string& field) {
  const std::size_t colon = in.find(':', pos);
  if (colon == std::string::npos || colon == pos || colon - pos > 19) return false;
  std::uint64_t length = 0;
  for (std::size_t i = pos; i < colon; ++i) {
    if (in[i] < '0' || in[i] > '9') return false;
    length = length * 10 + static_cast<std::uint64_t>(in[i] - '0');
  }
  if (length > in.size() - colon - 1) return false;
  field.assign(in, colon + 1, length);
  pos = colon + 1 + length;
  return true;
}

std::string numcu_version() {
#if defined(NUMCU_VERSION)
  return NUMCU_VERSION;
#else
  return "unknown";
#endif
}

/// The whole file at @p path, or nothing if it cannot be read.
bool read_file(const std::filesystem::path& path, std::string& bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad()) return false;
  bytes = s.str();
  return true;
}

/// Writes @p bytes to @p path through a temporary file in the same directory renamed into place; a failure
/// leaves the cache as it was (the program is still returned, only not kept on disk).
void write_atomically(const std::filesystem::path& path, const std::string& bytes) {
  static std::atomic<std::uint64_t> counter{0};
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  std::ostringstream tmp_name;
  tmp_name << path.filename().string() << ".tmp." << ::getpid() << "." << std::this_thread::get_id() << "."
           << counter++;
  const std::filesystem::path tmp = path.parent_path() / tmp_name.str();
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return;
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      std::filesystem::remove(tmp, ec);
      return;
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) std::filesystem::remove(tmp, ec);
}

}  // namespace

std::string encode_entry(const compiled_program& program) {
  std::string body;
  append_field(body, program.cubin ? "cubin" : "ptx");
  append_field(body, program.image);
  append_field(body, program.log);
  append_field(body, std::to_string(program.lowered_names.size()));
  for (const auto& [expression, lowered] : program.lowered_names) {
    append_field(body, expression);
    append_field(body, lowered);
  }
  std::string entry(entry_magic);
  entry += sha256().add(body).hex();
  entry += '\n';
  return entry + body;
}

bool decode_entry(const std::string& bytes, compiled_program& program) {
  const std::size_t header = entry_magic.size() + 65;
  if (bytes.size() < header || bytes.compare(0, entry_magic.size(), entry_magic) != 0) return false;
  const std::string body = bytes.substr(header);
  if (bytes.compare(entry_magic.size(), 64, sha256().add(body).hex()) != 0 || bytes[header - 1] != '\n')
    return false;
  compiled_program p;
  std::size_t pos = 0;
  std::string kind, count;
  if (!read_field(body, pos, kind) || (kind != "cubin" && kind != "ptx")) return false;
  p.cubin = kind == "cubin";
  if (!read_field(body, pos, p.image) || !read_field(body, pos, p.log) || !read_field(body, pos, count))
    return false;
  if (count.empty() || count.size() > 6 || count.find_first_not_of("0123456789") != std::string::npos)
    return false;
  for (int i = 0, n = std::stoi(count); i < n; ++i) {
    std::string expression, lowered;
    if (!read_field(body, pos, expression) || !read_field(body, pos, lowered)) return false;
    p.lowered_names.emplace_back(std::move(expression), std::move(lowered));
  }
  if (pos != body.size()) return false;
  program = std::move(p);
  return true;
}

std::string cache_key(const program_request& request) {
  sha256 h;
  h.add_field("numcu kernel cache 1").add_field(numcu_version()).add_field(nvrtc_version());
  h.add_field(embedded_headers_digest())
      .add_field(request.arch)
      .add_field(request.name)
      .add_field(request.source);
  h.add_field(std::to_string(request.options.size()));
  for (const std::string& o : request.options) h.add_field(o);
  h.add_field(std::to_string(request.name_expressions.size()));
  for (const std::string& e : request.name_expressions) h.add_field(e);
  return h.hex();
}

namespace {
std::mutex directory_mutex;
std::optional<std::filesystem::path> chosen_directory;  // set_cache_directory()'s, over the environment's
}  // namespace

void set_cache_directory(const std::optional<std::filesystem::path>& dir) {
  std::lock_guard lock(directory_mutex);
  chosen_directory = dir;
}

std::filesystem::path cache_directory() {
  {
    std::lock_guard lock(directory_mutex);
    if (chosen_directory) return *chosen_directory;
  }
  const auto env = [](const char* name) -> std::string {
    const char* value = std::getenv(name);
    return value != nullptr ? value : "";
  };
  if (const std::string dir = env("NUMCU_CACHE_DIR"); !dir.empty()) return dir;
  if (const std::string dir = env("XDG_CACHE_HOME"); !dir.empty())
    return std::filesystem::path(dir) / "numcu" / "kernels";
  if (const std::string home = env("HOME"); !home.empty())
    return std::filesystem::path(home) / ".cache" / "numcu" / "kernels";
  return {};
}

std::shared_ptr<const compiled_program> compile_cached(const program_request& request) {
  const std::string key = cache_key(request);
  {
    std::lock_guard lock(memory_mutex);
    if (auto it = memory_cache.find(key); it != memory_cache.end()) {
      ++memory_hits;
      return it->second;
    }
  }
  const std::filesystem::path dir = cache_directory();
  const std::filesystem::path path = dir.empty() ? dir : dir / (key + std::string(entry_suffix));
  auto program = std::make_shared<compiled_program>();
  bool found = false;
  if (std::string bytes; !path.empty() && read_file(path, bytes)) {
    found = decode_entry(bytes, *program);
    ++(found ? disk_hits : bad_entries);
  }
  if (!found) {
    *program = compile(request);
    ++compiles;
    if (!path.empty()) write_atomically(path, encode_entry(*program));
  }
  std::lock_guard lock(memory_mutex);
  // another thread may have put the same program first: keep one
  return memory_cache.emplace(key, std::move(program)).first->second;
}

void clear_cache() {
  {
    std::lock_guard lock(memory_mutex);
    memory_cache.clear();
  }
  const std::filesystem::path dir = cache_directory();
  std::error_code ec;
  if (dir.empty() || !std::filesystem::is_directory(dir, ec)) return;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > entry_suffix.size() && name.ends_with(entry_suffix))
      std::filesystem::remove(entry.path(), ec);
  }
}

cache_counts counts() {
  return {memory_hits.load(), disk_hits.load(), compiles.load(), bad_entries.load()};
}

}  // namespace numcu::detail::rtc
