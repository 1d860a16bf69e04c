// NumPy's .npy files (numcu/io.hpp): files NumPy wrote (tests/data/npy, by generate_npy.py) load to NumPy's
// values on every device — every dtype, bfloat16 as ml_dtypes writes it, Fortran order, format versions 2.0
// and 3.0, big-endian data, 0-d and empty arrays; what numcu saves loads back bit for bit, in C and Fortran
// order; bad files raise io_error naming the file and the fault.
#include <cstdio>
#include <filesystem>

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
    // a transposed view is Fortran-contiguous: written in Fortran order, read back as the same values
    nc::save(file.path, a.T());
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
