/// @file rtc.hpp
/// @brief Kernels compiled at run time: CUDA C++ source compiled with NVRTC, cached in memory and on disk.
#pragma once

#include <string>
#include <vector>

namespace numcu {

/// CUDA C++ source compiled at run time with NVRTC: what PyCUDA's `SourceModule` and CuPy's `RawModule` are
/// to Python. The source may `#include "device/..."` headers of numcu's own kernels (element types such as
/// `numcu::float16_t`, casts, complex numbers), which ship inside the library. Compiling needs no GPU:
/// compile() gives the cubin or PTX for any architecture.
///
/// Compiled programs are cached in memory for the process and on disk across processes (in
/// kernel_cache_directory()), keyed by the source, the options, the name expressions, the architecture,
/// NVRTC's version and numcu's device headers.
class raw_module {
 public:
  /// @param source CUDA C++ source; @param options NVRTC options after numcu's own (kernel_compile_options():
  /// `-std=c++20`, `-default-device`, `--device-int128` and the architecture), e.g. `-DN=4`, `-I/path`,
  /// `--use_fast_math`; @param name_expressions names of template instances to compile, e.g. `"scale<float>"`
  /// (their mangled names: lowered_name()); @param name the program's file name in compiler messages.
  explicit raw_module(std::string source, std::vector<std::string> options = {},
                      std::vector<std::string> name_expressions = {}, std::string name = "raw_module.cu");

  /// The compiled image for @p arch: `"sm_90"` gives a cubin (an ELF file), `"compute_90"` PTX text.
  /// Throws rtc_error with NVRTC's log (naming the program and the line) when the source does not compile.
  std::string compile(const std::string& arch) const;

  /// The mangled name NVRTC gave name expression @p expression when compiling for @p arch (compiles if
  /// needed); throws rtc_error for an expression the module was not given.
  std::string lowered_name(const std::string& expression, const std::string& arch) const;

  /// The source, as given.
  const std::string& source() const noexcept { return m_source; }
  /// The caller's NVRTC options, as given.
  const std::vector<std::string>& options() const noexcept { return m_options; }

 private:
  std::string m_source;
  std::vector<std::string> m_options;
  std::vector<std::string> m_name_expressions;
  std::string m_name;
};

/// Empties the kernel caches: the compiled programs in memory and the entries in kernel_cache_directory().
void clear_kernel_cache();

/// The directory of the on-disk kernel cache: `$NUMCU_CACHE_DIR`, else `$XDG_CACHE_HOME/numcu/kernels`, else
/// `~/.cache/numcu/kernels`; empty when none can be named (then programs are cached in memory only).
std::string kernel_cache_directory();

/// The NVRTC options numcu passes before a module's own, for architecture @p arch.
std::vector<std::string> kernel_compile_options(const std::string& arch);

}  // namespace numcu
