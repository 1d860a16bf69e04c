#include "rtc/embedded_headers.hpp"

#include "rtc/sha256.hpp"

namespace numcu::detail::rtc {

const std::string& embedded_headers_digest() {
  static const std::string digest = [] {
    sha256 h;
    for (const embedded_header& header : embedded_headers()) h.add_field(header.name).add_field(header.text);
    return h.hex();
  }();
  return digest;
}

}  // namespace numcu::detail::rtc
