#include "rtc/compiler.hpp"

#include <nvrtc.h>

#include "numcu/error.hpp"
#include "rtc/embedded_headers.hpp"

namespace numcu::detail::rtc {

namespace {

/// Throws rtc_error naming the NVRTC call and its result unless @p status is NVRTC_SUCCESS.
void check(nvrtcResult status, const char* call, const std::string& name) {
  if (status != NVRTC_SUCCESS)
    throw rtc_error("numcu: " + std::string(call) + " failed for " + name + ": " +
                    nvrtcGetErrorString(status));
}

/// Destroys the program on every path out of compile().
struct program_guard {
  nvrtcProgram program = nullptr;
  ~program_guard() {
    if (program != nullptr) nvrtcDestroyProgram(&program);
  }
};

std::string program_log(nvrtcProgram program, const std::string& name) {
  std::size_t size = 0;
  check(nvrtcGetProgramLogSize(program, &size), "nvrtcGetProgramLogSize", name);
  std::string log(size, '\0');
  if (size > 0) check(nvrtcGetProgramLog(program, log.data()), "nvrtcGetProgramLog", name);
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

}  // namespace

std::vector<std::string> base_options(const std::string& arch) {
  // -default-device: the device headers' unannotated constexpr helpers (and the module's) are device code;
  // --device-int128: their exact integer arithmetic
  return {"-std=c++20", "-default-device", "--device-int128", "-arch=" + arch};
}

compiled_program compile(const program_request& request) {
  const auto headers = embedded_headers();
  std::vector<const char*> texts, names;
  for (const embedded_header& h : headers) {
    texts.push_back(h.text);
    names.push_back(h.name);
  }
  program_guard guard;
  check(nvrtcCreateProgram(&guard.program, request.source.c_str(), request.name.c_str(),
                           static_cast<int>(headers.size()), texts.data(), names.data()),
        "nvrtcCreateProgram", request.name);
  for (const std::string& e : request.name_expressions)
    check(nvrtcAddNameExpression(guard.program, e.c_str()), "nvrtcAddNameExpression", request.name);

  std::vector<std::string> options = base_options(request.arch);
  options.insert(options.end(), request.options.begin(), request.options.end());
  std::vector<const char*> option_pointers;
  for (const std::string& o : options) option_pointers.push_back(o.c_str());
  const nvrtcResult status =
      nvrtcCompileProgram(guard.program, static_cast<int>(option_pointers.size()), option_pointers.data());
  compiled_program result;
  result.log = program_log(guard.program, request.name);
  if (status != NVRTC_SUCCESS) {
    std::string message = "numcu: compiling " + request.name + " for " + request.arch + " failed (" +
                          nvrtcGetErrorString(status) + ")";
    if (!result.log.empty()) message += ":\n" + result.log;
    throw rtc_error(message);
  }

  result.cubin = request.arch.rfind("sm_", 0) == 0;
  std::size_t size = 0;
  if (result.cubin) {
    check(nvrtcGetCUBINSize(guard.program, &size), "nvrtcGetCUBINSize", request.name);
    result.image.resize(size);
    check(nvrtcGetCUBIN(guard.program, result.image.data()), "nvrtcGetCUBIN", request.name);
  } else {
    check(nvrtcGetPTXSize(guard.program, &size), "nvrtcGetPTXSize", request.name);
    result.image.resize(size);
    check(nvrtcGetPTX(guard.program, result.image.data()), "nvrtcGetPTX", request.name);
    while (!result.image.empty() && result.image.back() == '\0') result.image.pop_back();
  }
  for (const std::string& e : request.name_expressions) {
    const char* lowered = nullptr;
    check(nvrtcGetLoweredName(guard.program, e.c_str(), &lowered), "nvrtcGetLoweredName", request.name);
    result.lowered_names.emplace_back(e, lowered);
  }
  return result;
}

std::string nvrtc_version() {
  int major = 0, minor = 0;
  check(nvrtcVersion(&major, &minor), "nvrtcVersion", "numcu");
  return std::to_string(major) + "." + std::to_string(minor);
}

}  // namespace numcu::detail::rtc
