// The kernel cache: compiled programs kept in memory for the process and on disk across processes, keyed by
// everything that decides the compiled image (source, program name, architecture, options, name
// expressions, NVRTC's version, numcu's embedded device headers and version). A disk entry is written to a
// temporary file and renamed into place, so that processes compiling the same kernel at once never see half
// an entry; an entry that is truncated, corrupt or unreadable is compiled anew and rewritten, never fatal.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "rtc/compiler.hpp"

namespace numcu::detail::rtc {

/// The cache key of @p request: a SHA-256 in hex.
std::string cache_key(const program_request& request);

/// The on-disk cache directory: set_cache_directory()'s, else $NUMCU_CACHE_DIR, else
/// $XDG_CACHE_HOME/numcu/kernels, else $HOME/.cache/numcu/kernels; empty when none of them is set (then only the
/// memory cache is used).
std::filesystem::path cache_directory();

/// Makes @p dir the on-disk cache directory for the rest of the process (empty: the memory cache only;
/// nullopt: the environment's again).
void set_cache_directory(const std::optional<std::filesystem::path>& dir);

/// @p request compiled, from the memory cache, else the disk cache, else NVRTC (then stored in both).
std::shared_ptr<const compiled_program> compile_cached(const program_request& request);

/// Empties the memory cache and removes the disk cache's entries.
void clear_cache();

/// Where compile_cached() found its programs, counted since the process started.
struct cache_counts {
  std::int64_t memory_hits = 0;
  std::int64_t disk_hits = 0;
  std::int64_t compiles = 0;
  std::int64_t bad_entries = 0;  ///< disk entries found truncated or corrupt (then compiled anew)
};
cache_counts counts();

/// The bytes of a disk entry holding @p program (exposed for the tests that damage entries).
std::string encode_entry(const compiled_program& program);
/// The program of a disk entry's bytes; false when they are not a whole, intact entry.
bool decode_entry(const std::string& bytes, compiled_program& program);

}  // namespace numcu::detail::rtc
