// NumPy's .npy files (numcu/io.hpp): files NumPy wrote (tests/data/npy, by generate_npy.py) load to NumPy's
// values on every device — every dtype, bfloat16 as ml_dtypes writes it, Fortran order, format versions 2.0
// and 3.0, big-endian data, 0-d and empty arrays; what numcu saves loads back bit for bit, in C and Fortran
// order; bad files raise io_error naming the file and the fault.
#include <algorithm>
#include <complex>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include "core/zip_archive.hpp"
#include "test_support.hpp"

using numcu_test::golden_lines;
using numcu_test::message_of;
using numcu_test::parse_shape;
using numcu_test::split;
using numcu_test::words;

namespace {

std::string npy_path(const std::string& name) {
  return std::string(NUMCU_TEST_DATA_DIR) + "/npy/" + name;
}

/// A file in the temporary directory, removed when the test ends.
struct temporary_file {
  std::string path;
  explicit temporary_file(const std::string& name)
      : path((std::filesystem::temp_directory_path() / ("numcu_test_" + name)).string()) {}
  ~temporary_file() { std::remove(path.c_str()); }
};

/// The whole of the file at @p path.
std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The text a generator wrote as hex digits ('-' for none).
std::string from_hex(const std::string& hex) {
  std::string text;
  for (std::size_t i = 0; hex != "-" && i + 1 < hex.size(); i += 2)
    text += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return text;
}

/// The loadtxt options a generator wrote as "key=value,..." ('-' for none; the delimiter and quote character
/// by name, comments "none" for none, usecols joined by ':').
nc::loadtxt_options loadtxt_options_of(const std::string& encoded, nc::dtype t, nc::device dev) {
  nc::loadtxt_options options{.type = t, .device = dev};
  if (encoded == "-") return options;
  for (const auto& option : split(encoded, ',')) {
    const auto kv = split(option, '=');
    if (kv[0] == "delimiter") options.delimiter = kv[1] == "comma" ? "," : kv[1] == "semicolon" ? ";" : " ";
    if (kv[0] == "comments") options.comments = kv[1] == "none" ? "" : kv[1];
    if (kv[0] == "quotechar") options.quotechar = kv[1] == "dquote" ? '"' : '\'';
    if (kv[0] == "unpack") options.unpack = kv[1] == "True";
    if (kv[0] == "ndmin") options.ndmin = std::stoi(kv[1]);
    if (kv[0] == "skiprows") options.skiprows = std::stoll(kv[1]);
    if (kv[0] == "max_rows") options.max_rows = std::stoll(kv[1]);
    if (kv[0] == "usecols") {
      for (const auto& c : split(kv[1], ':')) options.usecols.push_back(std::stoll(c));
    }
  }
  return options;
}

}  // namespace

NUMCU_TEST_ON_DEVICES("load reads NumPy's .npy files: every dtype, Fortran order, versions, byte orders",
                      npy_load) {
  int good = 0, bad = 0;
  for (const auto& line : golden_lines("npy_cases.txt")) {
    CAPTURE(line.substr(0, 120));
    const auto parts = split(line, '|');
    const auto head = words(parts[0]);
    if (head[0] == "ok") {
      const nc::ndarray a = nc::load(npy_path(head[1]), dev);
      CHECK(a.device() == dev);
      CHECK(a.shape() == parse_shape(head[3]));
      numcu_test::check_elements(a, words(parts[1]), nc::dtype(head[2]));
      ++good;
    } else {
      std::string want = parts[1];
      want.erase(0, want.find_first_not_of(' '));
      CHECK(message_of([&] { (void)nc::load(npy_path(head[1]), dev); }) == npy_path(head[1]) + ": " + want);
      CHECK_THROWS_AS((void)nc::load(npy_path(head[1]), dev), nc::io_error);
      ++bad;
    }
  }
  CHECK(good == 23);
  CHECK(bad == 6);
  CHECK(message_of([&] { (void)nc::load(npy_path("no_such_file.npy"), dev); }) ==
        npy_path("no_such_file.npy") + ": cannot be opened for reading");
}

NUMCU_TEST_ON_DEVICES("save writes what load reads back bit for bit, in C and Fortran order",
                      npy_round_trip) {
  for (const nc::dtype t : {nc::bool_, nc::int8, nc::uint16, nc::int64, nc::float16, nc::bfloat16,
                            nc::float32, nc::float64, nc::complex64, nc::complex128}) {
    CAPTURE(t);
    const nc::ndarray a = nc::arange(24, nc::float64, dev).reshape({2, 3, 4}).astype(t);
    const temporary_file file("round_trip_" + std::string(t.name()) + ".npy");
    nc::save(file.path, a);
    const nc::ndarray back = nc::load(file.path, dev);
    CHECK(back.dtype() == t);
    CHECK(back.shape() == a.shape());
    CHECK(numcu_test::host_bytes(back) == numcu_test::host_bytes(a));
    CHECK(file_text(file.path).find("'fortran_order': False") < 128);
    // a transposed view is Fortran-contiguous: written in Fortran order (as np.save writes it), read back as
    // the same values
    nc::save(file.path, a.T());
    CHECK(file_text(file.path).find("'fortran_order': True") < 128);
    const nc::ndarray back_t = nc::load(file.path, dev);
    CHECK(back_t.shape() == a.T().shape());
    CHECK(numcu_test::host_bytes(back_t) == numcu_test::host_bytes(a.T()));
  }
  // 0-d and empty arrays, and a strided view (written in C order)
  const temporary_file file("round_trip_small.npy");
  nc::save(file.path, nc::full({}, 7.0, nc::float64, dev));
  CHECK(nc::load(file.path, dev).item<double>() == 7.0);
  nc::save(file.path, nc::zeros({0, 5}, nc::int32, dev));
  CHECK(nc::load(file.path, dev).shape() == nc::shape_t{0, 5});
  const nc::ndarray every_other = nc::arange(10, nc::int64, dev)(nc::slice(0, nc::none, 2));
  nc::save(file.path, every_other);
  CHECK(nc::asnumpy(nc::load(file.path, dev)).to_vector<std::int64_t>() ==
        std::vector<std::int64_t>{0, 2, 4, 6, 8});
  CHECK(message_of([&] { nc::save("/nonexistent_dir/x.npy", every_other); }) ==
        "/nonexistent_dir/x.npy: cannot be opened for writing");
}

NUMCU_TEST_ON_DEVICES(
    "load reads files larger than its staging chunks: little- and big-endian, Fortran order",
    npy_load_in_chunks) {
  // 5,000,001 uint32 (a little over 19 MiB: two whole 8 MiB chunks and a part) of known bytes
  const std::int64_t n = 5'000'001;
  const temporary_file file("chunks.npy");
  nc::save(file.path, nc::arange(n, nc::uint32, nc::cpu));
  const nc::ndarray little = nc::load(file.path, dev);
  CHECK(little.device() == dev);
  const auto values = nc::asnumpy(little).to_vector<std::uint32_t>();
  REQUIRE(values.size() == static_cast<std::size_t>(n));
  std::int64_t wrong = 0;
  for (std::int64_t i = 0; i < n; ++i)
    wrong += values[static_cast<std::size_t>(i)] != static_cast<std::uint32_t>(i);
  CHECK(wrong == 0);
  // the same bytes declared big-endian: each element's bytes reversed
  std::string bytes = file_text(file.path);
  const std::size_t at = bytes.find("'<u4'");
  REQUIRE(at != std::string::npos);
  bytes[at + 1] = '>';
  {
    std::ofstream out(file.path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  const auto swapped = nc::asnumpy(nc::load(file.path, dev)).to_vector<std::uint32_t>();
  wrong = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const auto v = static_cast<std::uint32_t>(i);
    const std::uint32_t reversed = (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
    wrong += swapped[static_cast<std::size_t>(i)] != reversed;
  }
  CHECK(wrong == 0);
  // Fortran order, float64 (a little over 24 MiB)
  const nc::ndarray m = nc::arange(1001 * 3001, nc::float64, nc::cpu).reshape({1001, 3001});
  nc::save(file.path, m.T());
  const nc::ndarray back = nc::load(file.path, dev);
  CHECK(back.shape() == nc::shape_t{3001, 1001});
  CHECK(back.is_c_contiguous());
  CHECK(nc::array_equal(nc::asnumpy(back), m.T()));
  // and save from the device, chunk by chunk: C order, Fortran order, and a view that is neither
  const nc::ndarray on_device = m.to(dev);
  nc::save(file.path, on_device);
  CHECK(nc::array_equal(nc::load(file.path, nc::cpu), m));
  nc::save(file.path, on_device.T());
  CHECK(file_text(file.path).find("'fortran_order': True") < 128);
  CHECK(nc::array_equal(nc::load(file.path, nc::cpu), m.T()));
  nc::save(file.path, on_device(nc::all, nc::slice(0, nc::none, 2)));
  CHECK(nc::array_equal(nc::load(file.path, nc::cpu), m(nc::all, nc::slice(0, nc::none, 2))));
}

// .npz archives, raw and text files: archives NumPy wrote (np.savez, np.savez_compressed, ZIP64 records) and
// bad ones, text NumPy's savetxt and tofile wrote for the recipes below, tables and what NumPy's loadtxt and
// fromfile read from them (tests/data/npz_cases.txt, by generate_npz.py).

namespace {

std::string npz_path(const std::string& name) {
  return std::string(NUMCU_TEST_DATA_DIR) + "/npz/" + name;
}

std::string text_path(const std::string& name) {
  return std::string(NUMCU_TEST_DATA_DIR) + "/text/" + name;
}

std::string trimmed(std::string s) {
  s.erase(0, s.find_first_not_of(' '));
  s.erase(s.find_last_not_of(' ') + 1);
  return s;
}

}  // namespace

NUMCU_TEST_ON_DEVICES("load_npz reads NumPy's .npz archives: savez, savez_compressed, ZIP64, bad archives",
                      npz_load) {
  int keys = 0, good = 0, bad = 0;
  for (const auto& line : golden_lines("npz_cases.txt")) {
    CAPTURE(line.substr(0, 120));
    const auto parts = split(line, '|');
    const auto head = words(parts[0]);
    if (head[0] == "keys") {
      const nc::npz_file f = nc::load_npz(npz_path(head[1]), dev);
      CHECK(f.keys() == words(parts[1]));
      CHECK(f.size() == words(parts[1]).size());
      for (const auto& k : words(parts[1])) CHECK(f.contains(k));
      CHECK_FALSE(f.contains("no_such"));
      ++keys;
    } else if (head[0] == "ok") {
      const nc::npz_file f = nc::load_npz(npz_path(head[1]), dev);
      CHECK(f.device() == dev);
      const nc::ndarray a = f[head[2]];
      CHECK(a.device() == dev);
      CHECK(a.shape() == parse_shape(head[4]));
      numcu_test::check_elements(a, words(parts[1]), nc::dtype(head[3]));
      ++good;
    } else if (head[0] == "bad") {
      const std::string want = npz_path(head[1]) + ": " + trimmed(parts[1]);
      if (head[2] == "-") {
        CHECK(message_of([&] { (void)nc::load_npz(npz_path(head[1]), dev); }) == want);
        CHECK_THROWS_AS((void)nc::load_npz(npz_path(head[1]), dev), nc::io_error);
      } else {
        const nc::npz_file f = nc::load_npz(npz_path(head[1]), dev);
        CHECK(message_of([&] { (void)f[head[2]]; }) == want);
        CHECK_THROWS_AS((void)f[head[2]], nc::io_error);
      }
      ++bad;
    }
  }
  CHECK(keys == 4);
  CHECK(good == 20);
  CHECK(bad == 12);
  // the members' own names work too, as in NpzFile; items() keeps the archive's order
  const nc::npz_file f = nc::load_npz(npz_path("savez.npz"), dev);
  CHECK(f["arr_0.npy"].shape() == nc::shape_t{2, 3});
  const auto all = f.items();
  REQUIRE(all.size() == 6);
  CHECK(all[5].first == "arr_0");
  CHECK(all[3].second.shape() == nc::shape_t{3, 4});
  CHECK(message_of([&] { (void)nc::load_npz(npz_path("no_such.npz"), dev); }) ==
        npz_path("no_such.npz") + ": cannot be opened for reading");
  // load() of an archive says what to use instead
  CHECK(message_of([&] { (void)nc::load(npz_path("savez.npz"), dev); }) ==
        npz_path("savez.npz") + ": a .npz archive: open it with load_npz");
}

NUMCU_TEST_ON_DEVICES("savez and savez_compressed write what load_npz reads back bit for bit",
                      npz_round_trip) {
  for (const bool compress : {false, true}) {
    CAPTURE(compress);
    const temporary_file file(compress ? "round_trip_compressed.npz" : "round_trip.npz");
    const nc::ndarray a = nc::arange(24, nc::float64, dev).reshape({2, 3, 4});
    const nc::ndarray b = nc::arange(6, nc::float64, dev).astype(nc::bfloat16);
    const nc::ndarray c = nc::arange(12, nc::float64, dev).reshape({3, 4}).astype(nc::complex64).T();
    const nc::ndarray d = nc::full({}, 3.0, nc::float32, dev);
    const nc::ndarray e = nc::zeros({0, 2}, nc::int8, dev);
    const std::vector<nc::ndarray> positional = {a, b};
    const nc::named_arrays named = {{"c", c}, {"d", d}, {"e", e}};
    if (compress)
      nc::savez_compressed(file.path, positional, named);
    else
      nc::savez(file.path, positional, named);
    const nc::npz_file f = nc::load_npz(file.path, dev);
    CHECK(f.keys() == std::vector<std::string>{"c", "d", "e", "arr_0", "arr_1"});
    for (const auto& [name, want] : {std::pair{"arr_0", a}, {"arr_1", b}, {"c", c}, {"d", d}, {"e", e}}) {
      CAPTURE(name);
      const nc::ndarray got = f[name];
      CHECK(got.dtype() == want.dtype());
      CHECK(got.shape() == want.shape());
      CHECK(numcu_test::host_bytes(got) == numcu_test::host_bytes(want));
    }
  }
  // ".npz" is appended as NumPy does; positional only, named only
  const temporary_file bare("bare"), appended("bare.npz");
  nc::savez(bare.path, std::vector<nc::ndarray>{nc::arange(3, nc::int64, dev)});
  CHECK(nc::asnumpy(nc::load_npz(appended.path, dev)["arr_0"]).to_vector<std::int64_t>() ==
        std::vector<std::int64_t>{0, 1, 2});
  nc::savez_compressed(appended.path, nc::named_arrays{{"x", nc::ones({2}, nc::float64, dev)}});
  CHECK(nc::load_npz(appended.path, dev).keys() == std::vector<std::string>{"x"});
  // a name taken twice, NumPy's check of arr_0 against the keywords
  CHECK(message_of([&] {
          nc::savez(appended.path, {nc::ones({1}, nc::float64, dev)},
                    {{"arr_0", nc::ones({1}, nc::float64, dev)}});
        }) == "Cannot use un-named variables and keyword arr_0");
  CHECK_THROWS_AS(nc::savez(appended.path, {nc::ones({1}, nc::float64, dev)},
                            {{"arr_0", nc::ones({1}, nc::float64, dev)}}),
                  nc::io_error);
  CHECK(message_of([&] {
          nc::savez(appended.path, nc::named_arrays{{"x", nc::ones({1}, nc::float64, dev)},
                                                    {"x", nc::ones({1}, nc::float64, dev)}});
        }) == appended.path + ": the name 'x' is given twice");
  CHECK(message_of([&] { nc::savez("/nonexistent_dir/x.npz", {nc::ones({1}, nc::float64, dev)}); }) ==
        "/nonexistent_dir/x.npz: cannot be opened for writing");
}

NUMCU_TEST_ON_DEVICES(
    "tofile, fromfile and frombuffer: raw bytes worked by hand, text as NumPy writes and reads it",
    raw_files) {
  // int16 1, -2, 258 little-endian: 01 00 fe ff 02 01
  const std::vector<unsigned char> bytes = {0x01, 0x00, 0xfe, 0xff, 0x02, 0x01};
  const temporary_file file("raw.bin");
  nc::tofile(nc::array(std::vector<std::int16_t>{1, -2, 258}).to(dev), file.path);
  const std::string written = file_text(file.path);
  CHECK(std::vector<unsigned char>(written.begin(), written.end()) == bytes);
  CHECK(nc::asnumpy(nc::fromfile(file.path, nc::int16, {.device = dev})).to_vector<std::int16_t>() ==
        std::vector<std::int16_t>{1, -2, 258});
  const nc::ndarray u = nc::fromfile(file.path, nc::uint16, {.count = 2, .offset = 2, .device = dev});
  CHECK(u.device() == dev);
  CHECK(nc::asnumpy(u).to_vector<std::uint16_t>() == std::vector<std::uint16_t>{0xfffe, 0x0102});
  // fewer elements than asked for, and a tail shorter than an element: what there is, as NumPy
  CHECK(nc::fromfile(file.path, nc::int32, {.count = 5, .device = dev}).shape() == nc::shape_t{1});
  CHECK(nc::fromfile(file.path, nc::int16, {.offset = 6, .device = dev}).shape() == nc::shape_t{0});
  // past the end: NumPy's (6 - 7) / 2 truncates to no element; (6 - 8) / 1 is a negative dimension, unless a
  // count is given
  CHECK(nc::fromfile(file.path, nc::int16, {.offset = 7, .device = dev}).shape() == nc::shape_t{0});
  CHECK(message_of([&] { (void)nc::fromfile(file.path, nc::uint8, {.offset = 8, .device = dev}); }) ==
        file.path + ": negative dimensions are not allowed");
  CHECK_THROWS_AS((void)nc::fromfile(file.path, nc::uint8, {.offset = 8, .device = dev}), nc::shape_error);
  CHECK(nc::fromfile(file.path, nc::uint8, {.count = 2, .offset = 8, .device = dev}).shape() ==
        nc::shape_t{0});
  CHECK(message_of([&] { (void)nc::fromfile(file.path, nc::int16, {.offset = -1, .device = dev}); }) ==
        file.path + ": offset must be non-negative");
  CHECK_THROWS_AS((void)nc::fromfile(file.path, nc::int16, {.offset = -1, .device = dev}), nc::io_error);
  CHECK(message_of([&] { (void)nc::fromfile(text_path("no_such.bin"), nc::int16, {.device = dev}); }) ==
        text_path("no_such.bin") + ": cannot be opened for reading");

  const nc::ndarray b = nc::frombuffer(bytes.data(), bytes.size(), nc::int16, -1, 0, dev);
  CHECK(b.device() == dev);
  CHECK(nc::asnumpy(b).to_vector<std::int16_t>() == std::vector<std::int16_t>{1, -2, 258});
  CHECK(nc::asnumpy(nc::frombuffer(bytes.data(), bytes.size(), nc::uint8, 2, 3, dev))
            .to_vector<std::uint8_t>() == std::vector<std::uint8_t>{0xff, 0x02});
  CHECK(nc::frombuffer(bytes.data(), bytes.size(), nc::int16, -1, 6, dev).shape() == nc::shape_t{0});
  CHECK(message_of([&] { (void)nc::frombuffer(bytes.data(), bytes.size(), nc::int32, -1, 0, dev); }) ==
        "buffer size must be a multiple of element size");
  CHECK(message_of([&] { (void)nc::frombuffer(bytes.data(), bytes.size(), nc::int16, -1, 7, dev); }) ==
        "offset must be non-negative and no greater than buffer length (6)");
  CHECK(message_of([&] { (void)nc::frombuffer(bytes.data(), bytes.size(), nc::int16, -1, -1, dev); }) ==
        "offset must be non-negative and no greater than buffer length (6)");
  CHECK(message_of([&] { (void)nc::frombuffer(bytes.data(), bytes.size(), nc::int16, 4, 0, dev); }) ==
        "buffer is smaller than requested size");
  CHECK_THROWS_AS((void)nc::frombuffer(bytes.data(), bytes.size(), nc::int16, 4, 0, dev), nc::shape_error);

  // text: what NumPy's tofile wrote for the same arrays (generate_npz.py's tofile_cases)
  const nc::ndarray f =
      nc::array(std::vector<double>{1.5, 0.1, 1e16, 1e-5, 123456.0, NAN, -INFINITY}).to(dev);
  const std::vector<std::tuple<std::string, nc::ndarray, std::string, std::string>> cases = {
      {"float64", f, ",", "%s"},
      {"float32", f.astype(nc::float32), ",", "%s"},
      {"bool", nc::array(std::vector<bool>{true, false}).to(dev), " ", "%s"},
      {"complex", nc::array(std::vector<std::complex<double>>{{1, 2}, {-0.0, -0.5}, {2.5, 0.0}}).to(dev), " ",
       "%s"},
      {"int8_fmt", nc::array(std::vector<std::int8_t>{1, 2, 3, -4}).to(dev).reshape({2, 2}), "\n", "%03d"},
      {"float_fmt", nc::array(std::vector<double>{0.25, -1.0}).to(dev), " ; ", "%.2e"},
  };
  for (const auto& [name, a, sep, format] : cases) {
    CAPTURE(name);
    const temporary_file out("tofile_" + name + ".txt");
    nc::tofile(a, out.path, sep, format);
    CHECK(file_text(out.path) == file_text(text_path("tofile_" + name + ".txt")));
  }
  const temporary_file out("tofile_bad.txt");
  CHECK(message_of([&] { nc::tofile(f, out.path, ",", "%x"); }) ==
        out.path + ": %x format: an integer is required, not float");
  // text read back as NumPy's fromfile reads it
  for (const auto& line : golden_lines("npz_cases.txt")) {
    const auto parts = split(line, '|');
    const auto head = words(parts[0]);
    if (head[0] != "fromfile") continue;
    CAPTURE(line);
    const nc::ndarray a = nc::fromfile(text_path(head[1]), nc::dtype(head[2]),
                                       {.sep = head[3] == "comma" ? "," : " ", .device = dev});
    CHECK(a.shape() == parse_shape(trimmed(parts[1])));
    numcu_test::check_elements(a, words(parts[2]), nc::dtype(head[2]));
  }
  CHECK(nc::fromfile(text_path("fromfile_space.txt"), nc::float64, {.count = 3, .sep = " ", .device = dev})
            .shape() == nc::shape_t{3});
  CHECK(message_of([&] {
          (void)nc::fromfile(text_path("fromfile_bad.txt"), nc::float64, {.sep = ",", .device = dev});
        }) == text_path("fromfile_bad.txt") +
                  ": string or file could not be read to its end due to unmatched data");
  CHECK(message_of([&] {
          (void)nc::fromfile(text_path("fromfile_comma.txt"), nc::float64,
                             {.sep = ",", .offset = 1, .device = dev});
        }) == text_path("fromfile_comma.txt") + ": 'offset' argument only permitted for binary files");
}

NUMCU_TEST_ON_DEVICES("savetxt writes byte for byte what NumPy's savetxt writes", savetxt_golden) {
  const auto on = [&](const nc::ndarray& a) { return a.to(dev); };
  const nc::ndarray c =
      on(nc::array(std::vector<std::complex<double>>{{1, 2}, {-1, -0.5}, {0, 0}, {0, 3}})).reshape({2, 2});
  const nc::ndarray special =
      on(nc::array(std::vector<double>{NAN, -INFINITY, INFINITY, -0.0, 1e300, 5e-324}));
  const nc::ndarray u64 = on(nc::array(std::vector<std::uint64_t>{0, ~std::uint64_t{0}}));
  const nc::ndarray bf16 = on(nc::arange(4, nc::float64)) * 0.75 - 1.0;
  // generate_npz.py's savetxt_cases, in the same order
  const std::vector<std::tuple<std::string, nc::ndarray, nc::savetxt_options>> cases = {
      {"float_1d", on(nc::arange(5, nc::float64)) * 0.5 - 1.0, {}},
      {"int_2d", on(nc::arange(6, nc::int32)).reshape({2, 3}), {.fmt = "%d", .delimiter = ","}},
      {"complex", c, {}},
      {"complex_fmt", c, {.fmt = "%.3f"}},
      {"bool", on(nc::array(std::vector<bool>{true, false, true})), {}},
      {"header",
       (on(nc::arange(4, nc::float32)) / 3.0f).reshape({2, 2}),
       {.fmt = "%.4g", .newline = "\r\n", .header = "a b\nsecond", .footer = "end", .comments = "// "}},
      {"row_fmt",
       on(nc::array(std::vector<std::int64_t>{1, -2, 300, 4})).reshape({2, 2}),
       {.fmt = "%5d|%-+8.2f"}},
      {"special", special, {}},
      {"special_fmt", special, {.fmt = "%+12.3e"}},
      {"uint64", u64, {.fmt = "%d"}},
      {"uint64_e", u64, {}},
      {"str", on(nc::array(std::vector<double>{0.1, 1e16, 1e-5, 123456.0, -2.0})), {.fmt = "%s"}},
      {"hex", on(nc::array(std::vector<std::int16_t>{255, -255})).reshape({1, 2}), {.fmt = "%#x %o"}},
      {"float_d", on(nc::array(std::vector<double>{2.7, -2.7, 1e20})), {.fmt = "%d"}},
      {"bf16", bf16.astype(nc::bfloat16), {.fmt = "%.3f"}},
      {"empty_rows", nc::zeros({2, 0}, nc::float64, dev), {}},
      {"str_float32",
       on(nc::array(std::vector<double>{0.1, 1e-5, 1e-4, 123456.0, 1234567.0, 1e7, -0.0, 3.0, NAN}))
           .astype(nc::float32),
       {.fmt = "%s"}},
      {"str_float16",
       on(nc::array(std::vector<double>{0.1, 1e-5, 1e-4, 123.0, 1000.0, 65504.0, -0.0, 3.0}))
           .astype(nc::float16),
       {.fmt = "%s"}},
      {"str_bf16",
       on(nc::array(std::vector<double>{0.1, 1e-5, 123.0, 65504.0, 1234567.0, -0.0, 3.0}))
           .astype(nc::bfloat16),
       {.fmt = "%s"}},
      {"str_complex64",
       on(nc::array(std::vector<std::complex<double>>{{0.1, 1e7}, {0, 0.1}, {1, 2}, {-0.5, 0}}))
           .astype(nc::complex64)
           .reshape({2, 2}),
       {.fmt = "%s"}},
  };
  for (const auto& [name, a, options] : cases) {
    CAPTURE(name);
    const temporary_file out("savetxt_" + name + ".txt");
    nc::savetxt(out.path, a, options);
    CHECK(file_text(out.path) == file_text(text_path("savetxt_" + name + ".txt")));
  }
  // NumPy's errors, each naming the file
  const temporary_file out("savetxt_bad.txt");
  const nc::ndarray m = nc::zeros({2, 3}, nc::float64, dev);
  CHECK(message_of([&] { nc::savetxt(out.path, nc::zeros({}, nc::float64, dev)); }) ==
        out.path + ": Expected 1D or 2D array, got 0D array instead");
  CHECK(message_of([&] {
          nc::savetxt(out.path, nc::zeros({2, 2, 2}, nc::float64, dev));
        }) == out.path + ": Expected 1D or 2D array, got 3D array instead");
  CHECK(message_of([&] { nc::savetxt(out.path, m, {.fmt = "%d %d"}); }) ==
        out.path + ": fmt has wrong number of % formats:  %d %d");
  CHECK(message_of([&] { nc::savetxt(out.path, special, {.fmt = "%d"}); }) ==
        out.path + ": cannot convert float NaN to integer");
  CHECK(message_of([&] { nc::savetxt(out.path, m, {.fmt = "%x"}); }) ==
        out.path + ": Mismatch between array dtype ('float64') and format specifier ('%x %x %x')");
  CHECK_THROWS_AS(nc::savetxt(out.path, m, {.fmt = "%x"}), nc::io_error);
  CHECK(message_of([&] { nc::savetxt("/nonexistent_dir/x.txt", m); }) ==
        "/nonexistent_dir/x.txt: cannot be opened for writing");
}

NUMCU_TEST_ON_DEVICES("savetxt agrees with NumPy on random arrays and formats", savetxt_random) {
  // tests/data/generate_text_random.py: the bytes NumPy's savetxt wrote, or its message
  int count = 0;
  for (const auto& line : golden_lines("savetxt_random_cases.txt")) {
    const auto parts = split(line, '|');
    const auto head = words(parts[0]);
    CAPTURE(line.substr(0, 200));
    const nc::dtype t(head[0]);
    const auto values = words(parts[1]);
    const nc::ndarray a = numcu_test::array_from_text(values[0] == "-" ? std::vector<std::string>{} : values,
                                                      t, parse_shape(head[1]), dev);
    const auto text = words(parts[2]);
    const nc::savetxt_options options{.fmt = from_hex(text[0]),
                                      .delimiter = from_hex(text[1]),
                                      .newline = from_hex(text[2]),
                                      .header = from_hex(text[3]),
                                      .footer = from_hex(text[4]),
                                      .comments = from_hex(text[5])};
    // the outcome: all after the third '|' (a message may hold one)
    std::size_t bar = 0;
    for (int k = 0; k < 3; ++k) bar = line.find('|', bar) + 1;
    const std::string outcome = trimmed(line.substr(bar));
    const temporary_file out("savetxt_random.txt");
    if (outcome.rfind("ok ", 0) == 0) {
      nc::savetxt(out.path, a, options);
      CHECK(file_text(out.path) == from_hex(outcome.substr(3)));
    } else {
      // NumPy's message, after numcu's "<path>: "
      const std::string want = outcome.substr(6);
      const std::string got = message_of([&] { nc::savetxt(out.path, a, options); });
      CHECK(got == out.path + ": " + want);
    }
    ++count;
  }
  CHECK(count == 400);
}

NUMCU_TEST_ON_DEVICES("loadtxt reads tables as NumPy's loadtxt does", loadtxt_golden) {
  int count = 0;
  for (const auto& line : golden_lines("npz_cases.txt")) {
    const auto parts = split(line, '|');
    const auto head = words(parts[0]);
    if (head[0] != "loadtxt") continue;
    CAPTURE(line.substr(0, 120));
    const nc::loadtxt_options options = loadtxt_options_of(head[3], nc::dtype(head[2]), dev);
    const nc::ndarray a = nc::loadtxt(text_path(head[1]), options);
    CHECK(a.device() == dev);
    CHECK(a.shape() == parse_shape(trimmed(parts[1])));
    numcu_test::check_elements(a, words(parts[2]), nc::dtype(head[2]));
    ++count;
  }
  CHECK(count == 28);
  // NumPy's ValueErrors, with the file and the line
  const auto error_of = [&](const std::string& name, const nc::loadtxt_options& options) {
    CHECK_THROWS_AS((void)nc::loadtxt(text_path(name), options), nc::io_error);
    return message_of([&] { (void)nc::loadtxt(text_path(name), options); });
  };
  CHECK(error_of("loadtxt_bad_value.txt", {.device = dev}) ==
        text_path("loadtxt_bad_value.txt") +
            ": line 2: could not convert string 'x' to float64 at row 1, column 2.");
  CHECK(error_of("loadtxt_bad_columns.txt", {.device = dev}) ==
        text_path("loadtxt_bad_columns.txt") +
            ": line 4: the number of columns changed from 3 to 2 at row 2; use `usecols` to select a subset "
            "and "
            "avoid this error");
  CHECK(error_of("loadtxt_bad_int.txt", {.type = nc::int32, .device = dev}) ==
        text_path("loadtxt_bad_int.txt") +
            ": line 1: could not convert string '1.5' to int32 at row 0, column 1.");
  CHECK(error_of("loadtxt_bad_range.txt", {.type = nc::int8, .device = dev}) ==
        text_path("loadtxt_bad_range.txt") +
            ": line 1: could not convert string '300' to int8 at row 0, column 1.");
  CHECK(error_of("loadtxt_bad_empty_field.txt", {.delimiter = ",", .device = dev}) ==
        text_path("loadtxt_bad_empty_field.txt") +
            ": line 1: could not convert string '' to float64 at row 0, column 2.");
  // a quoted field's text is its content (a doubled quote one quote); a row's line is where it starts
  CHECK(error_of("loadtxt_bad_quoted.txt", {.delimiter = ",", .quotechar = '"', .device = dev}) ==
        text_path("loadtxt_bad_quoted.txt") +
            ": line 2: could not convert string '3\"4' to float64 at row 1, column 1.");
  CHECK(
      error_of("loadtxt_bad_after_quoted_newline.txt", {.delimiter = ",", .quotechar = '"', .device = dev}) ==
      text_path("loadtxt_bad_after_quoted_newline.txt") +
          ": line 3: could not convert string 'x' to float64 at row 1, column 2.");
  // an empty quoted field is a row of one field, not a blank line
  CHECK(error_of("loadtxt_bad_quoted_empty_row.txt", {.delimiter = ",", .quotechar = '"', .device = dev}) ==
        text_path("loadtxt_bad_quoted_empty_row.txt") +
            ": line 2: the number of columns changed from 2 to 1 at row 2; use `usecols` to select a subset "
            "and "
            "avoid this error");
  // a field left empty by the blanks that end a row is kept where the row's first field was quoted
  CHECK(error_of("loadtxt_bad_quoted_first_blank_end.txt", {.quotechar = '"', .device = dev}) ==
        text_path("loadtxt_bad_quoted_first_blank_end.txt") +
            ": line 1: could not convert string '' to float64 at row 0, column 3.");
  // NumPy's rules for the quote character (TypeError and ValueError there)
  const std::string one_row = text_path("loadtxt_one_row.txt");
  CHECK(error_of("loadtxt_one_row.txt", {.delimiter = ",", .quotechar = ',', .device = dev}) ==
        one_row + ": The values for control characters 'quotechar' and 'delimiter' are incompatible");
  CHECK(error_of("loadtxt_one_row.txt", {.quotechar = '#', .device = dev}) ==
        one_row + ": The values for control characters 'comment' and 'quotechar' are incompatible");
  CHECK(error_of("loadtxt_one_row.txt", {.quotechar = '\t', .device = dev}) ==
        one_row + ": The values for control characters 'delimiter' and 'quotechar' are incompatible");
  CHECK(error_of("loadtxt_one_row.txt", {.quotechar = '\r', .device = dev}) ==
        one_row + ": control character 'quotechar' cannot be a newline (`\\r` or `\\n`).");
  // and for the comment and the delimiter
  CHECK(error_of("loadtxt_one_row.txt", {.comments = ",", .delimiter = ",", .device = dev}) ==
        one_row + ": The values for control characters 'comment' and 'delimiter' are incompatible");
  CHECK(error_of("loadtxt_one_row.txt", {.comments = "\x1f", .device = dev}) ==
        one_row + ": The values for control characters 'delimiter' and 'comment' are incompatible");
  CHECK(error_of("loadtxt_one_row.txt", {.comments = "\n", .quotechar = '\n', .device = dev}) ==
        one_row + ": control character 'comment' cannot be a newline (`\\r` or `\\n`).");
  CHECK(error_of("loadtxt_one_row.txt", {.comments = "//", .quotechar = '"', .device = dev}) ==
        one_row +
            ": when multiple comments or a multi-character comment is given, quotes are not supported.  In "
            "this case quotechar must be set to None.");
  CHECK(error_of("loadtxt_one_row.txt", {.usecols = {2}, .device = dev}) ==
        text_path("loadtxt_one_row.txt") + ": line 1: invalid column index 2 at row 1 with 2 columns");
  CHECK(error_of("loadtxt_one_row.txt", {.ndmin = 3, .device = dev}) ==
        text_path("loadtxt_one_row.txt") + ": Illegal value of ndmin keyword: 3");
  CHECK(error_of("loadtxt_one_row.txt", {.skiprows = -1, .device = dev}) ==
        text_path("loadtxt_one_row.txt") + ": argument must be nonnegative");
  CHECK(error_of("no_such.txt", {.device = dev}) ==
        text_path("no_such.txt") + ": cannot be opened for reading");
  // savetxt's default output reads back to the same float64 values (%.18e round-trips)
  const temporary_file file("loadtxt_round_trip.txt");
  const nc::ndarray m = (nc::arange(6, nc::float64, dev) / 7.0).reshape({2, 3});
  nc::savetxt(file.path, m);
  CHECK(numcu_test::host_bytes(nc::loadtxt(file.path, {.device = dev})) == numcu_test::host_bytes(m));
}

NUMCU_TEST_ON_DEVICES("loadtxt agrees with NumPy on random tables and options", loadtxt_random) {
  // tests/data/generate_text_random.py: NumPy's result or message for each text and options
  int count = 0;
  for (const auto& line : golden_lines("loadtxt_random_cases.txt")) {
    const auto parts = split(line, '|');
    const auto head = words(parts[0]);
    CAPTURE(line.substr(0, 160));
    const std::string text = from_hex(head[0]);
    const temporary_file file("loadtxt_random.txt");
    {
      std::ofstream out(file.path, std::ios::binary);
      out << text;
    }
    const nc::loadtxt_options options = loadtxt_options_of(head[2], nc::dtype(head[1]), dev);
    const auto outcome = words(parts[1]);
    if (outcome[0] == "ok") {
      const nc::ndarray a = nc::loadtxt(file.path, options);
      CHECK(a.dtype() == nc::dtype(head[1]));
      CHECK(a.shape() == parse_shape(outcome[1]));
      numcu_test::check_elements(a, words(parts[2]), nc::dtype(head[1]));
    } else {
      // NumPy's message, after numcu's "<path>: " and, for a row, "line N: "
      const std::string want = trimmed(parts[2]);
      const std::string got = message_of([&] { (void)nc::loadtxt(file.path, options); });
      CHECK(got.size() >= want.size());
      CHECK(got.substr(got.size() - std::min(got.size(), want.size())) == want);
    }
    ++count;
  }
  CHECK(count == 600);
}

TEST_CASE("a deflated member reads the same in any size of pieces (as a load onto a GPU reads it)") {
  // zlib can take the last compressed byte while output is still pending: the reader must inflate on
  // rather than call the data cut short (NumPy's savez_compressed of zeros makes such streams)
  const temporary_file file("pieces.npz");
  nc::savez_compressed(file.path, {{"a", nc::zeros({5000}, nc::uint8, nc::cpu)}});
  const nc::detail::zip_reader zip(file.path);
  REQUIRE(zip.entries().size() == 1);
  for (const std::size_t piece : {std::size_t{1}, std::size_t{16}, std::size_t{4096}}) {
    CAPTURE(piece);
    const auto source = zip.open(zip.entries()[0]);
    std::vector<unsigned char> bytes(source->size());
    for (std::size_t at = 0; at < bytes.size(); at += piece) {
      source->read(bytes.data() + at, std::min(piece, bytes.size() - at));
    }
    source->finish();
    // the .npy header, then 5000 zero bytes
    CHECK(std::string(bytes.begin() + 1, bytes.begin() + 6) == "NUMPY");
    CHECK(std::all_of(bytes.end() - 5000, bytes.end(), [](unsigned char b) { return b == 0; }));
  }
}

TEST_CASE("readers refuse directories, overlong member names and what NumPy's loadtxt refuses") {
  const std::string dir = std::filesystem::temp_directory_path().string();
  CHECK(message_of([&] { (void)nc::load(dir, nc::cpu); }) == dir + ": is a directory");
  CHECK(message_of([&] { (void)nc::fromfile(dir, nc::uint8, {.device = nc::cpu}); }) ==
        dir + ": is a directory");
  CHECK(message_of([&] { (void)nc::loadtxt(dir, {.device = nc::cpu}); }) == dir + ": is a directory");
  CHECK_THROWS_AS((void)nc::load_npz(dir, nc::cpu), nc::io_error);
  const temporary_file file("names.npz");
  const std::string long_name(65532, 'x');
  CHECK(message_of([&] {
          nc::savez(file.path, {{long_name, nc::zeros({1}, nc::int8, nc::cpu)}});
        }) == file.path + ": the name '" + long_name.substr(0, 20) +
                  "...' is longer than a ZIP member's name can be (65535 bytes with \".npy\")");
  // NumPy 2's loadtxt: an imaginary part needs digits and a lowercase j; an unsigned value no minus sign
  const temporary_file text("refused.txt");
  for (const auto& [content, type, want] :
       {std::tuple<std::string, nc::dtype, std::string>{"1+j\n", nc::complex128, "'1+j' to complex128"},
        {"2J\n", nc::complex128, "'2J' to complex128"},
        {"j\n", nc::complex64, "'j' to complex64"},
        {"-0\n", nc::uint8, "'-0' to uint8"}}) {
    CAPTURE(content);
    std::ofstream(text.path, std::ios::binary) << content;
    CHECK(message_of([&] { (void)nc::loadtxt(text.path, {.type = type, .device = nc::cpu}); }) ==
          text.path + ": line 1: could not convert string " + want + " at row 0, column 1.");
  }
  // a line of blanks is skipped where blanks separate the columns, a row of one field with another delimiter
  std::ofstream(text.path, std::ios::binary) << "1 2\n   \n# note\n3 4\n";
  CHECK(nc::loadtxt(text.path, {.device = nc::cpu}).shape() == nc::shape_t{2, 2});
  std::ofstream(text.path, std::ios::binary) << "1,2\n  # note\n3,4\n";
  CHECK(message_of([&] { (void)nc::loadtxt(text.path, {.delimiter = ",", .device = nc::cpu}); }) ==
        text.path +
            ": line 2: the number of columns changed from 2 to 1 at row 2; use `usecols` to select a subset "
            "and "
            "avoid this error");
  std::ofstream(text.path, std::ios::binary) << "(1+2j) -3.5j\n";
  CHECK(
      nc::loadtxt(text.path, {.type = nc::complex128, .device = nc::cpu}).to_vector<std::complex<double>>() ==
      std::vector<std::complex<double>>{{1, 2}, {0, -3.5}});
}
