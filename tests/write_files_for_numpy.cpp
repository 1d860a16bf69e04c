// Writes, into the directory given as the first argument, files for NumPy to read back
// (tests/python/test_numpy_reads_numcu.py): .npy files of every dtype, a Fortran-order and a 0-d one, .npz
// archives stored and deflated, savetxt tables, raw and text tofile output. The values follow recipes the
// Python side recomputes with NumPy: (arange(12) - 5) cast to each dtype, and the others named below.
#include <iostream>
#include <string>

#include <numcu/numcu.hpp>

namespace nc = numcu;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: numcu_write_files DIRECTORY\n";
    return 2;
  }
  const std::string dir = std::string(argv[1]) + "/";
  try {
    const nc::ndarray base = nc::arange(12, nc::int64, nc::cpu) - std::int64_t{5};
    for (int i = 0; i < nc::dtype::count; ++i) {
      const nc::dtype t(static_cast<nc::dtype::code>(i));
      // npy_<dtype>.npy: (np.arange(12) - 5).astype(dtype).reshape(3, 4)
      nc::save(dir + "npy_" + std::string(t.name()) + ".npy", base.astype(t).reshape({3, 4}));
    }
    // fortran.npy: np.arange(12.0).reshape(3, 4).T, written in Fortran order
    nc::save(dir + "fortran.npy", nc::arange(12, nc::float64, nc::cpu).reshape({3, 4}).T());
    // zero_d.npy: np.array(2.5)
    nc::save(dir + "zero_d.npy", nc::full({}, 2.5, nc::float64, nc::cpu));
    // arrays.npz and compressed.npz: arr_0 = np.arange(6, dtype=np.int32).reshape(2, 3),
    // x = np.arange(5, dtype=np.float32) / 4, bf = (np.arange(4) - 1).astype(bfloat16)
    const std::vector<nc::ndarray> positional = {nc::arange(6, nc::int32, nc::cpu).reshape({2, 3})};
    const nc::named_arrays named = {
        {"x", nc::arange(5, nc::float32, nc::cpu) / 4.0f},
        {"bf", (nc::arange(4, nc::int64, nc::cpu) - std::int64_t{1}).astype(nc::bfloat16)}};
    nc::savez(dir + "arrays.npz", positional, named);
    nc::savez_compressed(dir + "compressed.npz", positional, named);
    // table.txt: np.arange(6.0).reshape(2, 3) / 8, default savetxt; table_int.txt: fmt "%d", delimiter ","
    nc::savetxt(dir + "table.txt", nc::arange(6, nc::float64, nc::cpu).reshape({2, 3}) / 8.0);
    nc::savetxt(dir + "table_int.txt", base.astype(nc::int32).reshape({3, 4}),
                {.fmt = "%d", .delimiter = ","});
    // raw_int16.bin: (np.arange(12) - 5).astype(np.int16).tofile(); text_float64.txt: (np.arange(5) / 3), sep
    // ","
    nc::tofile(base.astype(nc::int16), dir + "raw_int16.bin");
    nc::tofile(nc::arange(5, nc::float64, nc::cpu) / 3.0, dir + "text_float64.txt", ",");
  } catch (const std::exception& e) {
    std::cerr << "numcu_write_files: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
