// NVRTC programs: runtime kernels compiled for one architecture, with numcu's device headers (embedded in
// the library) available to #include. No GPU is needed to compile.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace numcu::detail::rtc {

/// What to compile.
struct program_request {
  std::string source;                         ///< CUDA C++ source
  std::string name = "kernel.cu";             ///< the program's file name, as the compiler log names it
  std::string arch;                           ///< "sm_90": a cubin; "compute_90": PTX
  std::vector<std::string> options;           ///< the caller's NVRTC options (-D, -I, --use_fast_math, ...)
  std::vector<std::string> name_expressions;  ///< e.g. "my_kernel<float>": their lowered names are returned
};

/// What a compilation gives.
struct compiled_program {
  std::string image;  ///< the cubin (an ELF file) or the PTX text
  bool cubin = false;
  std::string log;                                                 ///< the compiler's warnings, if any
  std::vector<std::pair<std::string, std::string>> lowered_names;  ///< name expression, mangled name
};

/// The options numcu passes before the caller's: the language standard, functions without an execution space
/// compiled for the device (the device headers' constexpr helpers are), 128-bit integers, the architecture.
std::vector<std::string> base_options(const std::string& arch);

/// Compiles @p request with NVRTC; throws rtc_error with the compiler log (which names the program and the
/// line) if it does not compile, and on a failing NVRTC call.
compiled_program compile(const program_request& request);

/// NVRTC's version, "major.minor".
std::string nvrtc_version();

}  // namespace numcu::detail::rtc
