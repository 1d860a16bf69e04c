// raw_module: runtime compilation through the kernel cache (src/rtc/).
#include "numcu/rtc.hpp"

#include "numcu/error.hpp"
#include "rtc/kernel_cache.hpp"

namespace numcu {

namespace {

detail::rtc::program_request request_of(const std::string& source, const std::vector<std::string>& options,
                                        const std::vector<std::string>& name_expressions,
                                        const std::string& name, const std::string& arch) {
  return detail::rtc::program_request{source, name, arch, options, name_expressions};
}

}  // namespace

raw_module::raw_module(std::string source, std::vector<std::string> options,
                       std::vector<std::string> name_expressions, std::string name)
    : m_source(std::move(source)),
      m_options(std::move(options)),
      m_name_expressions(std::move(name_expressions)),
      m_name(std::move(name)) {}

std::string raw_module::compile(const std::string& arch) const {
  return detail::rtc::compile_cached(request_of(m_source, m_options, m_name_expressions, m_name, arch))
      ->image;
}

std::string raw_module::lowered_name(const std::string& expression, const std::string& arch) const {
  const auto program =
      detail::rtc::compile_cached(request_of(m_source, m_options, m_name_expressions, m_name, arch));
  for (const auto& [e, lowered] : program->lowered_names) {
    if (e == expression) return lowered;
  }
  throw rtc_error("numcu: '" + expression + "' is not a name expression of " + m_name +
                  " (give it to raw_module's name_expressions)");
}

void clear_kernel_cache() {
  detail::rtc::clear_cache();
}

std::string kernel_cache_directory() {
  return detail::rtc::cache_directory().string();
}

std::vector<std::string> kernel_compile_options(const std::string& arch) {
  return detail::rtc::base_options(arch);
}

}  // namespace numcu
