// Files and DLPack benchmarks (the interop and files issue's table): load of a 1 GiB float32 .npy from the
// page cache onto the GPU and save of one from the GPU, beside their ceilings in the same run (host-to-device
// and device-to-host copies of pinned memory, and the file's own read and write speed into and out of pinned
// memory), all host wall-clock times with the GPU drained; and the host time of to_dlpack and from_dlpack
// with the deleter, per call. The files lie in the temporary directory ($TMPDIR; scripts/gpu-check.sh points
// it at a memory file system, so that writes do not wait on a disk's writeback).
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <numcu/numcu.hpp>

#include "timing.hpp"

namespace nc = numcu;
using bench::report_transfer;
using bench::report_us;
using bench::time_host_us;

namespace {

/// Median milliseconds of fn() on the host clock, the GPU drained at the end of each repetition.
double host_ms(const std::function<void()>& fn, int reps = 5) {
  return time_host_us(
             [&] {
               fn();
               bench::check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
             },
             1, reps) /
         1e3;
}

/// Reads or writes @p bytes of @p path from or into @p buffer with plain POSIX calls (the file's own speed).
void file_transfer(const std::string& path, void* buffer, std::size_t bytes, bool write) {
  const int fd =
      write ? ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644) : ::open(path.c_str(), O_RDONLY);
  if (fd < 0) {
    std::perror(path.c_str());
    std::exit(1);
  }
  auto* p = static_cast<char*>(buffer);
  for (std::size_t done = 0; done < bytes;) {
    const ssize_t n = write ? ::write(fd, p + done, bytes - done) : ::read(fd, p + done, bytes - done);
    if (n <= 0) {
      std::perror(path.c_str());
      std::exit(1);
    }
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
}

}  // namespace

void run_io_benchmarks() {
  const nc::device gpu = nc::cuda(0);
  const std::size_t bytes = std::size_t{1} << 30;
  const std::int64_t n = static_cast<std::int64_t>(bytes / 4);
  const std::string path = (std::filesystem::temp_directory_path() / "numcu_bench_io.npy").string();
  const std::string raw_path = (std::filesystem::temp_directory_path() / "numcu_bench_io.bin").string();
  const nc::ndarray a = nc::arange(n, nc::float32, gpu);
  const nc::ndarray pinned = nc::pinned_empty({n}, nc::float32);
  const nc::ndarray on_gpu = nc::empty({n}, nc::float32, gpu);
  // the ceilings: pinned copies both ways, and the file's speed through the page cache
  report_transfer("io ceiling: H2D 1 GiB pinned", static_cast<double>(bytes),
                  host_ms([&] { nc::to_device_async(pinned, on_gpu).synchronize(); }));
  report_transfer("io ceiling: D2H 1 GiB pinned", static_cast<double>(bytes),
                  host_ms([&] { nc::to_host_async(on_gpu, pinned).synchronize(); }));
  report_transfer("io ceiling: write 1 GiB file from pinned memory", static_cast<double>(bytes),
                  host_ms([&] { file_transfer(raw_path, pinned.data_ptr(), bytes, true); }));
  report_transfer("io ceiling: read 1 GiB file (page cache) into pinned memory", static_cast<double>(bytes),
                  host_ms([&] { file_transfer(raw_path, pinned.data_ptr(), bytes, false); }));
  std::filesystem::remove(raw_path);
  // numcu's save and load (the file stays in the page cache between repetitions)
  report_transfer("save 1 GiB float32 .npy from the GPU", static_cast<double>(bytes),
                  host_ms([&] { nc::save(path, a); }));
  nc::ndarray loaded;
  report_transfer("load 1 GiB float32 .npy onto the GPU", static_cast<double>(bytes),
                  host_ms([&] { loaded = nc::load(path, gpu); }));
  if (!nc::array_equal(loaded, a)) {
    std::fprintf(stderr, "load gave other values than save wrote\n");
    std::exit(1);
  }
  std::filesystem::remove(path);
  // DLPack: the host's cost of a round through the protocol, per call
  const nc::ndarray small = nc::arange(1000, nc::float32, gpu);
  report_us("to_dlpack + deleter (float32 1-D on the GPU)", time_host_us(
                                                                [&] {
                                                                  auto* t = nc::to_dlpack(small);
                                                                  t->deleter(t);
                                                                },
                                                                1000, 21, 1000));
  report_us("to_dlpack + from_dlpack + release (float32 1-D on the GPU)",
            time_host_us([&] { (void)nc::from_dlpack(nc::to_dlpack(small)); }, 1000, 21, 1000));
}
