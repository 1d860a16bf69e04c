#include "core/kernel_signature.hpp"

#include <algorithm>
#include <map>

#include "numcu/error.hpp"

namespace numcu::detail {

namespace {

bool is_identifier(std::string_view s) {
  const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (s.empty() || !letter(s[0])) return false;
  return std::all_of(s.begin(), s.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < s.size() && !(s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    if (i > start) out.emplace_back(s.substr(start, i - start));
  }
  return out;
}

/// Whether @p word names a parameter type: a dtype name or a one-letter placeholder.
bool is_type_word(const std::string& word) {
  if (word.size() == 1) return is_identifier(word);
  try {
    (void)dtype(word);
    return true;
  } catch (const dtype_error&) {
    return false;
  }
}

kernel_param parse_param(std::string_view text, bool inputs) {
  const std::vector<std::string> w = words(text);
  std::string quoted;  // the parameter as written, its words joined by single spaces
  for (const std::string& word : w) quoted += (quoted.empty() ? "" : " ") + word;
  quoted = "'" + quoted + "'";
  if (w.empty()) throw rtc_error("numcu: kernel parameters: an empty parameter (a comma too many)");
  if (w.size() < 2)
    throw rtc_error("numcu: kernel parameter " + quoted + " has no name: write 'type name', e.g. 'float32 x'");
  kernel_param p;
  p.is_const = inputs;
  const std::string& type = w[w.size() - 2];
  p.name = w.back();
  if (!is_identifier(p.name))
    throw rtc_error("numcu: kernel parameter name '" + p.name + "' is not a C++ identifier");
  if (p.name == "i") throw rtc_error("numcu: kernel parameter 'i' is not allowed: i is the kernel's index");
  for (std::size_t k = 0; k + 2 < w.size(); ++k) {
    if (w[k] == "raw") {
      p.raw = true;
    } else if (w[k] == "_non_const") {
      p.is_const = false;
    } else if (is_type_word(w[k]) && is_identifier(w[k + 1]) && w[k + 1] != "raw" && w[k + 1] != "_non_const") {
      throw rtc_error("numcu: kernel parameters " + quoted + ": missing comma after '" + w[k] + " " + w[k + 1] +
                      "'");
    } else {
      throw rtc_error("numcu: unknown keyword '" + w[k] + "' in kernel parameter " + quoted +
                      " (the keywords are raw and _non_const)");
    }
  }
  if (type.size() == 1) {
    if (!is_identifier(type)) throw rtc_error("numcu: kernel parameter type '" + type + "' is not a type");
    p.placeholder = type[0];
  } else {
    p.type = dtype(type);
  }
  return p;
}

}  // namespace

std::vector<kernel_param> parse_kernel_params(std::string_view list, bool inputs) {
  std::vector<kernel_param> params;
  if (words(list).empty()) return params;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    params.push_back(
        parse_param(list.substr(start, comma == std::string_view::npos ? list.npos : comma - start), inputs));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return params;
}

void check_kernel_param_names(const std::vector<kernel_param>& inputs,
                              const std::vector<kernel_param>& outputs) {
  std::vector<std::string> names;
  for (const auto* list : {&inputs, &outputs})
    for (const kernel_param& p : *list) names.push_back(p.name);
  std::sort(names.begin(), names.end());
  const auto twice = std::adjacent_find(names.begin(), names.end());
  if (twice != names.end()) throw rtc_error("numcu: kernel parameter name '" + *twice + "' appears twice");
}

kernel_types bind_kernel_types(const std::vector<kernel_param>& in_params,
                               const std::vector<kernel_param>& out_params,
                               const std::vector<std::optional<dtype>>& in_dtypes,
                               const std::vector<std::optional<dtype>>& out_dtypes) {
  if (in_dtypes.size() != in_params.size())
    throw rtc_error("numcu: the kernel takes " + std::to_string(in_params.size()) + " inputs, " +
                    std::to_string(in_dtypes.size()) + " given");
  if (!out_dtypes.empty() && out_dtypes.size() != out_params.size())
    throw rtc_error("numcu: the kernel has " + std::to_string(out_params.size()) + " outputs, " +
                    std::to_string(out_dtypes.size()) + " given");
  std::map<char, dtype> bound;
  const auto bind = [&](const kernel_param& p, const std::optional<dtype>& given) {
    if (!given) return;
    if (p.type) {
      if (*given != *p.type)
        throw dtype_error("numcu: kernel argument '" + p.name + "' has dtype " + std::string(given->name()) +
                          ", the parameter " + std::string(p.type->name()));
    } else if (const auto it = bound.find(p.placeholder); it != bound.end()) {
      if (*given != it->second)
        throw dtype_error("numcu: kernel argument '" + p.name + "' has dtype " + std::string(given->name()) +
                          ", but " + std::string(1, p.placeholder) + " is " + std::string(it->second.name()) +
                          " from an earlier argument");
    } else {
      bound.emplace(p.placeholder, *given);
    }
  };
  for (std::size_t k = 0; k < out_dtypes.size(); ++k) bind(out_params[k], out_dtypes[k]);
  for (std::size_t k = 0; k < in_dtypes.size(); ++k) bind(in_params[k], in_dtypes[k]);
  const auto type_of = [&](const kernel_param& p) {
    if (p.type) return *p.type;
    const auto it = bound.find(p.placeholder);
    if (it == bound.end())
      throw dtype_error("numcu: the type " + std::string(1, p.placeholder) + " of kernel parameter '" + p.name +
                        "' is undecided: no array argument gives it");
    return it->second;
  };
  kernel_types t;
  for (const kernel_param& p : in_params) t.inputs.push_back(type_of(p));
  for (const kernel_param& p : out_params) t.outputs.push_back(type_of(p));
  t.placeholders.assign(bound.begin(), bound.end());
  return t;
}

}  // namespace numcu::detail
