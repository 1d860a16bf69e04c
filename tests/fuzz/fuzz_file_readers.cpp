// A libFuzzer target for the readers of files numcu did not write: each input is a file's bytes, after one
// byte that picks the reader (load of a .npy, load_npz and every member of the archive, loadtxt as float64,
// int64 and complex128 (the last two with quoted fields), fromfile as text, and every member of an archive
// read in 7-byte pieces, as a load onto a GPU reads it in chunks). Whatever the bytes, a reader returns an
// array or throws a numcu::error; it never crashes, reads past the file or allocates what the file cannot
// back (scripts/fuzz.sh builds and runs it under AddressSanitizer and UndefinedBehaviorSanitizer).
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include <numcu/numcu.hpp>

#include "core/zip_archive.hpp"

namespace nc = numcu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const std::string path = "/tmp/numcu_fuzz_" + std::to_string(::getpid());
  if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
    if (size > 1) std::fwrite(data + 1, 1, size - 1, f);
    std::fclose(f);
  }
  try {
    switch (data[0] % 7) {
      case 0:
        (void)nc::load(path, nc::cpu);
        break;
      case 1: {
        const nc::npz_file archive = nc::load_npz(path, nc::cpu);
        for (const auto& key : archive.keys()) {
          try {
            (void)archive[key];
          } catch (const nc::error&) {
          }
        }
        break;
      }
      case 2:
        (void)nc::loadtxt(path, {.type = nc::float64, .device = nc::cpu});
        break;
      case 3:
        (void)nc::loadtxt(path, {.type = nc::int64, .delimiter = ",", .quotechar = '"', .device = nc::cpu});
        break;
      case 4:
        (void)nc::loadtxt(path, {.type = nc::complex128,
                                 .quotechar = '\'',
                                 .usecols = {0, -1},
                                 .unpack = true,
                                 .device = nc::cpu});
        break;
      case 5:
        (void)nc::fromfile(path, nc::float32, {.sep = ",", .device = nc::cpu});
        break;
      default: {
        const nc::detail::zip_reader zip(path);
        for (const auto& entry : zip.entries()) {
          try {
            const auto member = zip.open(entry);
            unsigned char piece[7];
            for (std::uint64_t left = member->size(); left > 0;) {
              const std::uint64_t n = left < sizeof piece ? left : sizeof piece;
              member->read(piece, n);
              left -= n;
            }
            member->finish();
          } catch (const nc::error&) {
          }
        }
        break;
      }
    }
  } catch (const nc::error&) {
    // refused with numcu's own exception: what a bad file must give
  }
  return 0;
}
