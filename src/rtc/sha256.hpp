// SHA-256 (FIPS 180-4), for the keys of the on-disk kernel cache and the checksums of its entries.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace numcu::detail::rtc {

/// An incremental SHA-256: add() the bytes, then hex() or digest() once.
class sha256 {
 public:
  sha256();
  /// Adds @p bytes to the message.
  sha256& add(std::string_view bytes);
  /// Adds @p bytes preceded by their length, so that a sequence of fields hashes unambiguously.
  sha256& add_field(std::string_view bytes);
  /// The 32-byte digest of the message added so far (ends the computation).
  std::array<std::uint8_t, 32> digest();
  /// digest() as 64 lowercase hex digits.
  std::string hex();

 private:
  void compress(const std::uint8_t* block);
  std::array<std::uint32_t, 8> m_state;
  std::array<std::uint8_t, 64> m_block{};
  std::size_t m_used = 0;
  std::uint64_t m_length = 0;
};

}  // namespace numcu::detail::rtc
