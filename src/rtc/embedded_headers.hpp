// The headers runtime-compiled kernels include (src/device/ and numcu's NVRTC-clean public headers), shipped
// inside the library as text by the build (cmake/embed_headers.cmake), so that a kernel compiled at run time
// uses the same element types, casts and kernel templates as the built-in ones and needs no source tree.
#pragma once

#include <span>
#include <string>

namespace numcu::detail::rtc {

/// One header: the name a program includes it by ("device/cast.hpp", "numcu/config.hpp") and its text.
struct embedded_header {
  const char* name;
  const char* text;
};

/// Every embedded header.
std::span<const embedded_header> embedded_headers();

/// The SHA-256 of every embedded header's name and text, in hex: part of each kernel cache key, so that a
/// library with other device headers compiles its kernels anew.
const std::string& embedded_headers_digest();

}  // namespace numcu::detail::rtc
