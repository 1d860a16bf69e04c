// Runtime compilation: NVRTC programs with numcu's embedded device headers, and the kernel cache in memory
// and on disk. Compiling needs no GPU, so all of this runs in CI.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "core/kernel_signature.hpp"
#include "core/kernel_source.hpp"
#include "rtc/embedded_headers.hpp"
#include "test_support.hpp"
#include "rtc/kernel_cache.hpp"
#include "rtc/sha256.hpp"

namespace nc = numcu;
namespace rtc = numcu::detail::rtc;

namespace {

const std::string add_source = R"(
extern "C" __global__ void add(const float* a, const float* b, float* c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
)";

/// A source no earlier compilation in this process or on this machine has seen.
std::string fresh_source() {
  static std::mt19937_64 generator(std::random_device{}());
  return add_source + "// " + std::to_string(generator()) + "\n";
}

/// Points NUMCU_CACHE_DIR at a new empty directory for the guard's lifetime.
struct temporary_cache_dir {
  std::filesystem::path path;
  std::string previous;
  bool had_previous = false;
  temporary_cache_dir() {
    path = std::filesystem::temp_directory_path() /
           ("numcu-cache-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    std::filesystem::create_directories(path);
    if (const char* p = std::getenv("NUMCU_CACHE_DIR")) {
      previous = p;
      had_previous = true;
    }
    ::setenv("NUMCU_CACHE_DIR", path.c_str(), 1);
  }
  ~temporary_cache_dir() {
    if (had_previous)
      ::setenv("NUMCU_CACHE_DIR", previous.c_str(), 1);
    else
      ::unsetenv("NUMCU_CACHE_DIR");
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  static std::atomic<int>& counter() {
    static std::atomic<int> c{0};
    return c;
  }
  int entries() const {
    int n = 0;
    for (const auto& e : std::filesystem::directory_iterator(path))
      n += e.path().extension() == ".numcu-kernel";
    return n;
  }
};

bool is_elf(const std::string& image) {
  return image.size() > 4 && image.compare(0, 4,
                                           "\x7f"
                                           "ELF") == 0;
}

/// Kernels that read arrays through device_view arguments, and a __device__ array.
const char* const view_source = R"(
#include "numcu/device_view.hpp"
__device__ float totals[4];
__device__ float three[3];
extern "C" __global__ void row_sums(numcu::device_view<const float, 2> a, numcu::device_view<float, 1> out) {
  const long r = threadIdx.x;
  if (r >= a.shape[0]) return;
  float s = 0;
  for (long c = 0; c < a.shape[1]; ++c) s += a(r, c);
  out(r) = s;
}
extern "C" __global__ void accumulate(numcu::device_view<const float, 2> a) {
  if (threadIdx.x == 0)
    for (long i = 0; i < a.size(); ++i) totals[0] += a[i];
}
extern "C" __global__ void copy4(const float* in, float* out) { out[threadIdx.x] = in[threadIdx.x]; }
)";

rtc::program_request request_for(const std::string& source, const std::string& arch = "sm_90") {
  rtc::program_request r;
  r.source = source;
  r.name = "test.cu";
  r.arch = arch;
  return r;
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace

TEST_SUITE("runtime kernels") {
  TEST_CASE("SHA-256 gives the FIPS 180-4 digests") {
    CHECK(rtc::sha256().hex() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(rtc::sha256().add("abc").hex() ==
          "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(rtc::sha256().add("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq").hex() ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    rtc::sha256 million;
    const std::string chunk(1000, 'a');
    for (int i = 0; i < 1000; ++i) million.add(chunk);
    CHECK(million.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    // fields are length-prefixed: ("ab", "c") and ("a", "bc") differ
    CHECK(rtc::sha256().add_field("ab").add_field("c").hex() !=
          rtc::sha256().add_field("a").add_field("bc").hex());
  }

  TEST_CASE("a raw module compiles to a cubin or to PTX without a GPU") {
    temporary_cache_dir cache;
    const nc::raw_module module(add_source);
    const std::string cubin = module.compile("sm_90");
    CHECK(is_elf(cubin));
    const std::string ptx = module.compile("compute_90");
    CHECK(ptx.find(".target sm_90") != std::string::npos);
    CHECK(ptx.find(".entry add(") != std::string::npos);
    CHECK(module.compile("sm_80") != cubin);  // another architecture, another image
    CHECK(nc::kernel_compile_options("sm_90") ==
          std::vector<std::string>{"-std=c++20", "-default-device", "--device-int128", "-arch=sm_90"});
  }

  TEST_CASE("a kernel includes numcu's device headers, which ship inside the library") {
    temporary_cache_dir cache;
    const nc::raw_module module(R"(
#include "device/cast.hpp"
#include "device/complex.hpp"
extern "C" __global__ void halve(const numcu::float16_t* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = numcu::detail::cast<float>(in[i]) * 0.5f;
}
)");
    CHECK(is_elf(module.compile("sm_90")));
    // every embedded header of src/device compiles alone, with nothing outside the embedded set
    int device_headers = 0;
    for (const rtc::embedded_header& h : rtc::embedded_headers()) {
      const std::string name = h.name;
      if (name.rfind("device/", 0) != 0 || name.ends_with(".inc")) continue;
      ++device_headers;
      CAPTURE(name);
      rtc::program_request r =
          request_for("#include \"" + name + "\"\n__global__ void probe() {}\n", "compute_90");
      CHECK_NOTHROW(rtc::compile(r));
    }
    CHECK(device_headers >= 20);
  }

  TEST_CASE("a compile error raises rtc_error with NVRTC's log naming the program and the line") {
    temporary_cache_dir cache;
    const nc::raw_module module("extern \"C\" __global__ void broken(float* x) {\n  x[0] = 1.0f\n}\n", {}, {},
                                "broken_kernel.cu");
    try {
      module.compile("sm_90");
      FAIL("no error");
    } catch (const nc::rtc_error& e) {
      const std::string what = e.what();
      CHECK(what.find("compiling broken_kernel.cu for sm_90 failed") != std::string::npos);
      CHECK(what.find("NVRTC_ERROR_COMPILATION") != std::string::npos);
      CHECK(what.find("broken_kernel.cu(3): error") != std::string::npos);
    }
    CHECK(cache.entries() == 0);  // nothing cached for a failure
    const nc::raw_module unknown_option(add_source, {"--no-such-option"});
    CHECK_THROWS_AS(unknown_option.compile("sm_90"), nc::rtc_error);
    CHECK_THROWS_AS(nc::raw_module(add_source).compile("sm_1"), nc::rtc_error);
  }

  TEST_CASE("options reach the compiler and name expressions give mangled names") {
    temporary_cache_dir cache;
    const std::string source = R"(
#ifndef FACTOR
#error FACTOR is not defined
#endif
template <class T> __global__ void scale(T* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * T(FACTOR);
}
)";
    CHECK_THROWS_WITH_AS(nc::raw_module(source).compile("compute_90"),
                         doctest::Contains("FACTOR is not defined"), nc::rtc_error);
    const nc::raw_module module(source, {"-DFACTOR=3"}, {"scale<float>", "scale<double>"});
    CHECK(module.lowered_name("scale<float>", "compute_90") == "_Z5scaleIfEvPT_i");
    CHECK(module.lowered_name("scale<double>", "compute_90") == "_Z5scaleIdEvPT_i");
    CHECK(module.compile("compute_90").find("_Z5scaleIdEvPT_i") != std::string::npos);
    CHECK_THROWS_WITH_AS(module.lowered_name("scale<int>", "compute_90"),
                         doctest::Contains("'scale<int>' is not a name expression"), nc::rtc_error);
  }

  TEST_CASE("the cache: memory, then disk, keyed by everything that changes the image") {
    temporary_cache_dir cache;
    CHECK(nc::kernel_cache_directory() == cache.path.string());
    const std::string source = fresh_source();
    const auto before = rtc::counts();
    const auto first = rtc::compile_cached(request_for(source));
    CHECK(rtc::counts().compiles == before.compiles + 1);
    CHECK(cache.entries() == 1);
    const auto again = rtc::compile_cached(request_for(source));
    CHECK(again == first);
    CHECK(rtc::counts().memory_hits == before.memory_hits + 1);
    CHECK(rtc::counts().compiles == before.compiles + 1);

    // a disk entry is found by a process that has not compiled the program (here: after the memory is emptied
    // and an intact entry put back)
    const std::filesystem::path entry = cache.path / (rtc::cache_key(request_for(source)) + ".numcu-kernel");
    REQUIRE(std::filesystem::exists(entry));
    std::string bytes;
    {
      std::ifstream in(entry, std::ios::binary);
      bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    nc::clear_kernel_cache();
    CHECK(cache.entries() == 0);
    write_file(entry, bytes);
    const auto from_disk = rtc::compile_cached(request_for(source));
    CHECK(from_disk->image == first->image);
    CHECK(rtc::counts().disk_hits == before.disk_hits + 1);
    CHECK(rtc::counts().compiles == before.compiles + 1);

    // the key changes with the source, the options, the architecture, the name expressions, the name
    const std::string key = rtc::cache_key(request_for(source));
    auto changed = request_for(source);
    changed.options = {"-DX=1"};
    CHECK(rtc::cache_key(changed) != key);
    CHECK(rtc::cache_key(request_for(source, "sm_80")) != key);
    CHECK(rtc::cache_key(request_for(source + " ")) != key);
    changed = request_for(source);
    changed.name_expressions = {"add"};
    CHECK(rtc::cache_key(changed) != key);
    changed = request_for(source);
    changed.name = "other.cu";
    CHECK(rtc::cache_key(changed) != key);
  }

  TEST_CASE("a truncated, corrupt or unreadable cache entry is compiled anew and rewritten, never fatal") {
    temporary_cache_dir cache;
    const std::string source = fresh_source();
    const auto reference = rtc::compile(request_for(source));
    const std::string good = rtc::encode_entry(reference);
    rtc::compiled_program decoded;
    REQUIRE(rtc::decode_entry(good, decoded));
    CHECK(decoded.image == reference.image);
    CHECK_FALSE(rtc::decode_entry(good.substr(0, good.size() / 2), decoded));  // truncated
    CHECK_FALSE(rtc::decode_entry(good.substr(0, 10), decoded));
    CHECK_FALSE(rtc::decode_entry("", decoded));
    std::string flipped = good;
    flipped[flipped.size() - 7] ^= 0x20;  // a bit of the image
    CHECK_FALSE(rtc::decode_entry(flipped, decoded));

    const std::filesystem::path entry = cache.path / (rtc::cache_key(request_for(source)) + ".numcu-kernel");
    for (const std::string& damaged :
         {good.substr(0, good.size() - 100), flipped, std::string("not an entry")}) {
      nc::clear_kernel_cache();
      write_file(entry, damaged);
      const auto before = rtc::counts();
      const auto program = rtc::compile_cached(request_for(source));
      CHECK(program->image == reference.image);
      CHECK(rtc::counts().bad_entries == before.bad_entries + 1);
      CHECK(rtc::counts().compiles == before.compiles + 1);
      std::ifstream in(entry, std::ios::binary);
      const std::string rewritten((std::istreambuf_iterator<char>(in)), {});
      CHECK(rtc::decode_entry(rewritten, decoded));  // intact again
    }
    // an entry that cannot be read (a directory in its place): compiled, and the result still returned
    nc::clear_kernel_cache();
    std::filesystem::remove(entry);
    std::filesystem::create_directory(entry);
    CHECK(rtc::compile_cached(request_for(source))->image == reference.image);
  }

  TEST_CASE("threads and processes compiling the same kernel at once share one cache") {
    temporary_cache_dir cache;
    const std::string source = fresh_source();
    std::vector<std::string> images(8);
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t)
      threads.emplace_back([&, t] { images[t] = rtc::compile_cached(request_for(source))->image; });
    for (auto& t : threads) t.join();
    for (const std::string& image : images) CHECK(image == images[0]);
    CHECK(is_elf(images[0]));
    CHECK(cache.entries() == 1);

    // four processes, none of which has the program in memory, compile another one into the same directory
    const std::string shared = fresh_source();
    std::vector<pid_t> children;
    for (int p = 0; p < 4; ++p) {
      const pid_t pid = ::fork();
      REQUIRE(pid >= 0);
      if (pid == 0) {
        int status = 1;
        try {
          status = is_elf(rtc::compile_cached(request_for(shared))->image) ? 0 : 2;
        } catch (...) {
          status = 3;
        }
        ::_exit(status);
      }
      children.push_back(pid);
    }
    for (const pid_t pid : children) {
      int status = 0;
      REQUIRE(::waitpid(pid, &status, 0) == pid);
      CHECK(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 0);
    }
    CHECK(cache.entries() == 2);
    const auto before = rtc::counts();
    const auto program = rtc::compile_cached(request_for(shared));  // this process: from their entry
    CHECK(rtc::counts().disk_hits == before.disk_hits + 1);
    CHECK(rtc::counts().compiles == before.compiles);
    CHECK(is_elf(program->image));
    for (const auto& e : std::filesystem::directory_iterator(cache.path))
      CHECK(e.path().extension() == ".numcu-kernel");  // no temporary file left behind
  }

  TEST_CASE("a cache directory set by the program overrides the environment's; the counts say what happened") {
    temporary_cache_dir cache;
    const std::filesystem::path chosen = cache.path / "chosen";
    nc::set_kernel_cache_directory(chosen.string());
    CHECK(nc::kernel_cache_directory() == chosen.string());
    const auto before = nc::kernel_cache_statistics();
    const std::string source = fresh_source();
    (void)nc::raw_module(source).compile("compute_90");
    CHECK(nc::kernel_cache_statistics().compiles == before.compiles + 1);
    int entries = 0;
    for (const auto& e : std::filesystem::directory_iterator(chosen)) entries += e.path().extension() == ".numcu-kernel";
    CHECK(entries == 1);
    (void)nc::raw_module(source).compile("compute_90");
    CHECK(nc::kernel_cache_statistics().memory_hits == before.memory_hits + 1);
    CHECK(nc::kernel_cache_statistics().compiles == before.compiles + 1);
    nc::set_kernel_cache_directory(std::nullopt);  // the environment's again
    CHECK(nc::kernel_cache_directory() == cache.path.string());
  }

  TEST_CASE("the cache directory follows NUMCU_CACHE_DIR, then XDG_CACHE_HOME, then HOME") {
    temporary_cache_dir cache;
    CHECK(rtc::cache_directory() == cache.path);
    ::unsetenv("NUMCU_CACHE_DIR");
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    const std::string saved_xdg = xdg != nullptr ? xdg : "";
    ::setenv("XDG_CACHE_HOME", "/tmp/xdg-numcu", 1);
    CHECK(rtc::cache_directory() == std::filesystem::path("/tmp/xdg-numcu/numcu/kernels"));
    ::unsetenv("XDG_CACHE_HOME");
    if (const char* home = std::getenv("HOME"))
      CHECK(rtc::cache_directory() == std::filesystem::path(home) / ".cache" / "numcu" / "kernels");
    if (xdg != nullptr) ::setenv("XDG_CACHE_HOME", saved_xdg.c_str(), 1);
  }

  TEST_CASE("kernel arguments: ndarrays as their first element's address, values in their exact C type") {
    const auto a = nc::arange(0, 6, 1, nc::float32, nc::cpu).reshape({2, 3});
    const nc::kernel_arg array(a), view(a(1));
    CHECK(array.size() == sizeof(void*));
    CHECK(*static_cast<void* const*>(array.value()) == a.data_ptr());
    CHECK(*static_cast<void* const*>(view.value()) == static_cast<char*>(a.data_ptr()) + 3 * sizeof(float));
    CHECK(array.array_device() == nc::cpu);
    CHECK(nc::kernel_arg(2.5f).size() == 4);
    CHECK(*static_cast<const float*>(nc::kernel_arg(2.5f).value()) == 2.5f);
    CHECK(nc::kernel_arg(2).size() == 4);
    CHECK(nc::kernel_arg(std::int64_t{-3}).size() == 8);
    CHECK(nc::kernel_arg(std::complex<double>(1, 2)).size() == 16);
    CHECK(nc::kernel_arg(static_cast<const void*>(nullptr)).size() == sizeof(void*));
    CHECK_FALSE(nc::kernel_arg(1.0).array_device().has_value());
    const nc::device_view<float, 15> wide{};  // the largest argument by value: 8 + 2 * 15 * 8 bytes
    CHECK(nc::kernel_arg(wide).size() == 248);
    // launch extents of any integer type, never cut short
    const nc::launch_dims dims(std::int64_t{3}, 2u);
    CHECK(dims.x == 3);
    CHECK(dims.y == 2);
    CHECK(dims.z == 1);
    CHECK_THROWS_WITH_AS(nc::launch_dims(std::int64_t{1} << 40),
                         "numcu: a launch extent must be in [0, 2^32 - 1], not 1099511627776", nc::rtc_error);
    CHECK_THROWS_WITH_AS(nc::launch_dims(1, -2), "numcu: a launch extent must be in [0, 2^32 - 1], not -2",
                         nc::rtc_error);
  }

  TEST_CASE("a raw kernel refuses the CPU device") {
    const nc::raw_module m(add_source);
    const auto k = m.get_function("add");
    CHECK(k.name() == "add");
    const auto a = nc::zeros({4}, nc::float32, nc::cpu);
    CHECK_THROWS_WITH_AS(k(1, 4, {a, a, a, 4}, 0, nc::stream(nc::cpu)),
                         "numcu: a raw_kernel runs on a CUDA GPU, not on cpu (runtime-compiled kernels have no CPU "
                         "backend)",
                         nc::device_error);
    CHECK_THROWS_AS(m.set_global("x", 1, nc::cpu), nc::device_error);
    CHECK_THROWS_AS(m.get_global("x", nc::float32, nc::cpu), nc::device_error);
    CHECK(a.to_vector<float>() == std::vector<float>(4, 0.0f));
  }

  TEST_CASE("a runtime kernel takes device_view arguments: numcu/device_view.hpp ships inside the library") {
    const nc::raw_module module(view_source);
    CHECK(is_elf(module.compile("sm_90")));
    CHECK(!module.compile("compute_90").empty());
  }

  TEST_CASE("a raw kernel reads a transposed array through a device_view; a module's global is an array [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const nc::raw_module module(view_source);
    // the rows of the transpose of [[0, 1, 2], [3, 4, 5]] (shape (3, 2), strides (4, 12)): 3, 5, 7
    const auto m = nc::arange(0, 6, 1, nc::float32, gpu).reshape({2, 3});
    const auto t = m.T();
    auto sums = nc::full({3}, -1.0f, nc::float32, gpu);
    const auto row_sums = module.get_function("row_sums");
    row_sums(1, 32, {t.view<const float, 2>(), sums.view<float, 1>()});
    CHECK(sums.to_vector<float>() == std::vector<float>{3, 5, 7});
    // the __device__ array `totals` as an ndarray over its memory: written by the kernel, read and written here,
    // and handed to another kernel
    const nc::ndarray totals = module.get_global("totals", nc::float32, gpu);
    CHECK(totals.shape() == nc::shape_t{4});
    CHECK(totals.dtype() == nc::float32);
    totals(nc::all) = 0.0f;
    module.get_function("accumulate")(1, 32, {t.view<const float, 2>()});
    CHECK(totals.to_vector<float>() == std::vector<float>{15, 0, 0, 0});
    totals(1) = 2.5f;
    auto copied = nc::zeros({4}, nc::float32, gpu);
    module.get_function("copy4")(1, 4, {totals, copied});
    CHECK(copied.to_vector<float>() == std::vector<float>{15, 2.5f, 0, 0});
    CHECK(module.get_global<std::array<float, 4>>("totals", gpu)[1] == 2.5f);
    CHECK(module.get_global("three", nc::float32, gpu).shape() == nc::shape_t{3});
    CHECK_THROWS_WITH_AS(module.get_global("three", nc::float64, gpu),
                         "numcu: the module's variable 'three' is 12 bytes, not a whole number of float64 elements",
                         nc::rtc_error);
    CHECK_THROWS_AS(module.get_global("missing", nc::float32, gpu), nc::rtc_error);
    // get_function compiles and loads for the default device at once: a missing kernel or a source that does
    // not compile raises there, not at the first launch
    CHECK_THROWS_WITH_AS(module.get_function("no_such_kernel"), doctest::Contains("no kernel named 'no_such_kernel'"),
                         nc::rtc_error);
    CHECK_THROWS_AS(nc::raw_module("extern \"C\" __global__ void broken() { undeclared = 1; }").get_function("broken"),
                    nc::rtc_error);
  }

  TEST_CASE("a raw kernel adds two vectors on the GPU, as PyCUDA's SourceModule does [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const int n = 1000;
    const auto a = nc::arange(0, n, 1, nc::float32, gpu);
    const auto b = nc::full({n}, 0.5, nc::float32, gpu);
    auto c = nc::zeros({n}, nc::float32, gpu);
    const auto k = nc::raw_module(add_source).get_function("add");
    k((n + 127) / 128, 128, {a, b, c, n});
    const auto got = c.to_vector<float>();
    for (int i = 0; i < n; ++i) REQUIRE(got[i] == static_cast<float>(i) + 0.5f);
    // a second launch reuses the loaded kernel, on a stream of the caller's
    const nc::stream s(gpu);
    k(n / 100, 100, {c, b, c, n}, 0, s);
    s.synchronize();
    const auto twice = c.to_vector<float>();
    for (int i = 0; i < n; ++i) REQUIRE(twice[i] == static_cast<float>(i) + 1.0f);
    const auto attributes = k.attributes(gpu);
    CHECK(attributes.max_threads_per_block >= 128);
    CHECK(attributes.registers > 0);
    const int block = k.suggested_block_size(gpu);
    CHECK(block >= 32);
    CHECK(block <= attributes.max_threads_per_block);
    CHECK(block % 32 == 0);
  }

  TEST_CASE("a raw kernel from templates, with __constant__ and __device__ globals and dynamic shared memory [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const nc::raw_module m(R"(
__constant__ double coefficients[3];
__device__ unsigned long long calls;
template <class T>
__global__ void polynomial(const T* x, T* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = T(coefficients[0] + x[i] * (coefficients[1] + x[i] * coefficients[2]));
  if (i == 0) atomicAdd(&calls, 1ull);
}
extern "C" __global__ void reverse_block(const float* x, float* y) {
  extern __shared__ float staged[];
  staged[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  y[blockIdx.x * blockDim.x + threadIdx.x] = staged[blockDim.x - 1 - threadIdx.x];
}
)",
                           {}, {"polynomial<float>", "polynomial<double>"});
    const double coefficients[3] = {1.0, -2.0, 0.25};
    m.set_global("coefficients", coefficients, sizeof coefficients, gpu);
    m.set_global("calls", std::uint64_t{0}, gpu);
    const int n = 300;
    const auto x = nc::arange(0, n, 1, nc::float64, gpu);
    auto y = nc::empty({n}, nc::float64, gpu);
    m.get_function("polynomial<double>")(3, 128, {x, y, n});
    const auto got = y.to_vector<double>();
    for (int i = 0; i < n; ++i) REQUIRE(got[i] == 1.0 + i * (-2.0 + i * 0.25));
    const auto xf = nc::arange(0, n, 1, nc::float32, gpu);
    auto yf = nc::empty({n}, nc::float32, gpu);
    m.get_function("polynomial<float>")(3, 128, {xf, yf, n});
    CHECK(yf.to_vector<float>()[10] == 6.0f);
    CHECK(m.get_global<std::uint64_t>("calls", gpu) == 2);
    double back[3] = {};
    m.get_global("coefficients", back, sizeof back, gpu);
    CHECK(back[2] == 0.25);
    CHECK_THROWS_WITH_AS(m.set_global("coefficients", 1.0, gpu),
                         "numcu: the module's variable 'coefficients' is 24 bytes; 8 given", nc::rtc_error);
    CHECK_THROWS_AS(m.get_global<int>("missing", gpu), nc::rtc_error);
    // 64 KiB of dynamic shared memory: past the 48 KiB a launch gets without asking
    const int threads = 1024, blocks = 4;
    const auto in = nc::arange(0, threads * blocks, 1, nc::float32, gpu);
    auto out = nc::zeros({threads * blocks}, nc::float32, gpu);
    const auto reverse = m.get_function("reverse_block");
    reverse(blocks, threads, {in, out}, std::size_t{64} * 1024);
    const auto reversed = out.to_vector<float>();
    for (int i = 0; i < threads * blocks; ++i) {
      const int block = i / threads, t = i % threads;
      REQUIRE(reversed[i] == static_cast<float>(block * threads + threads - 1 - t));
    }
    // a precompiled image: the module's PTX, loaded as it is
    const auto image = nc::raw_module::from_image(m.compile("compute_90"), "polynomial.ptx");
    CHECK_THROWS_AS(image.lowered_name("polynomial<float>", "sm_90"), nc::rtc_error);
    const auto lowered = m.lowered_name("polynomial<double>", "sm_90");
    image.set_global("coefficients", coefficients, sizeof coefficients, gpu);
    auto z = nc::empty({n}, nc::float64, gpu);
    image.get_function(lowered)(3, 128, {x, z, n});
    CHECK(z.to_vector<double>() == got);
  }

  TEST_CASE("a raw kernel launch that cannot run raises before anything is queued [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const auto a = nc::full({8}, 1.0, nc::float32, gpu);
    auto c = nc::full({8}, 7.0, nc::float32, gpu);
    const auto k = nc::raw_module(add_source).get_function("add");
    CHECK_THROWS_WITH_AS(k(1, 2048, {a, a, c, 8}),
                         doctest::Contains("launched with grid (1, 1, 1) and block (2048, 1, 1)"), nc::rtc_error);
    CHECK_THROWS_WITH_AS(k(1, {32, 32, 2}, {a, a, c, 8}), doctest::Contains("2048 threads per block; it allows at most"),
                         nc::rtc_error);
    CHECK_THROWS_WITH_AS(k(0, 8, {a, a, c, 8}), doctest::Contains("every extent must be at least 1"), nc::rtc_error);
    CHECK_THROWS_WITH_AS(k(1, 8, {a, a, c, 8}, std::size_t{1} << 30),
                         doctest::Contains("1073741824 bytes of dynamic shared memory; at most"), nc::rtc_error);
    CHECK_THROWS_WITH_AS(k(1, 8, {a, a, c}), "numcu: kernel 'add' takes 4 arguments; 3 given", nc::rtc_error);
    CHECK_THROWS_WITH_AS(k(1, 8, {a, a, c, std::int64_t{8}}),
                         "numcu: argument 3 of kernel 'add' is 8 bytes; the kernel's parameter 3 is 4 bytes",
                         nc::rtc_error);
    const auto on_cpu = nc::zeros({8}, nc::float32, nc::cpu);
    CHECK_THROWS_WITH_AS(k(1, 8, {a, on_cpu, c, 8}),
                         "numcu: argument 1 of kernel 'add' is an array on cpu; the kernel runs on cuda:0",
                         nc::device_error);
    CHECK_THROWS_WITH_AS(nc::raw_module(add_source).get_function("sub")(1, 8, {a, a, c, 8}),
                         doctest::Contains("the module has no kernel named 'sub'"), nc::rtc_error);
    CHECK(c.to_vector<float>() == std::vector<float>(8, 7.0f));
    k(1, 8, {a, a, c, 8});  // the device is still usable
    CHECK(c.to_vector<float>() == std::vector<float>(8, 2.0f));
  }

  TEST_CASE("elementwise kernel sources compile for every dtype and loop, with scalars and raw arrays") {
    using kind = nc::detail::elementwise_loop_kind;
    for (const nc::dtype t : numcu_test::all_dtypes()) {
      // general; dense element by element; dense vectors; dense vectors of out=; rows; rows of out=
      for (const int layout : {0, 1, 2, 3, 4, 5}) {
        CAPTURE(t.name());
        CAPTURE(layout);
        nc::detail::elementwise_source_request r;
        r.name = "combine";
        r.in_params = nc::detail::parse_kernel_params("T x, T y, raw T w, _non_const float64 u", true);
        r.out_params = nc::detail::parse_kernel_params("T z, T z2", false);
        r.types = nc::detail::bind_kernel_types(r.in_params, r.out_params, {t, std::nullopt, t, nc::float64},
                                                {std::nullopt, std::nullopt});
        r.operation = "z = x + y; z = w[i % w.size()] * T(2); z2 = z; u = u + 1; (void)_ind.size()";
        r.scalar_inputs = {false, true, false, false};
        r.raw_ndims = {2};
        r.loop = layout == 0 ? kind::general : layout < 4 ? kind::dense : kind::rows;
        r.vector_width = layout >= 2 ? static_cast<int>(16 / std::max<std::size_t>(t.itemsize(), 8)) : 1;
        r.outputs_given = layout == 3 || layout == 5;
        const std::string source = nc::detail::elementwise_kernel_source(r);
        CHECK((source.find("vector_of") != std::string::npos) == (r.loop != kind::general));
        CHECK_NOTHROW(nc::raw_module(source, {}, {}, "combine.cu").compile("sm_90"));
      }
    }
  }

  TEST_CASE("an operation calls preamble functions named like the loop's own and may continue or break") {
    using kind = nc::detail::elementwise_loop_kind;
    for (const kind loop : {kind::dense, kind::rows, kind::general}) {
      CAPTURE(static_cast<int>(loop));
      nc::detail::elementwise_source_request r;
      r.name = "own_names";
      r.in_params = nc::detail::parse_kernel_params("T x", true);
      r.out_params = nc::detail::parse_kernel_params("T z", false);
      r.types = nc::detail::bind_kernel_types(r.in_params, r.out_params, {nc::float32}, {std::nullopt});
      r.preamble =
          "__device__ float at(float v) { return v; }\n__device__ float row(float v) { return v; }\n"
          "__device__ float element(float v) { return v; }\n__device__ float vector(float v) { return v; }\n";
      r.operation = "if (x < 0) continue; if (x > 100) break; z = at(x) + row(x) + element(x) + vector(x)";
      r.scalar_inputs = {false};
      r.loop = loop;
      r.vector_width = 4;
      r.outputs_given = true;
      CHECK_NOTHROW(nc::raw_module(nc::detail::elementwise_kernel_source(r), {}, {}, "own_names.cu").compile("sm_90"));
    }
  }

  TEST_CASE("an operation reads an output unless it only assigns it") {
    using nc::detail::operation_reads;
    CHECK_FALSE(operation_reads("z = x + y", "z"));
    CHECK_FALSE(operation_reads("z=x; zz = z2 + x_z", "z"));
    CHECK_FALSE(operation_reads(" z = x * 2 ; w = x", "z"));
    // control flow may skip the assignment, which leaves the element as it was: read first
    CHECK(operation_reads("if (x > 0) z = x; else z = -x", "z"));
    CHECK(operation_reads("z = x; if (x > 0) w = 1", "z"));
    CHECK(operation_reads("w = z = x", "z"));
    CHECK(operation_reads("x > 0 && (z = x)", "z"));
    CHECK(operation_reads("SET z = x", "z"));
    CHECK(operation_reads("z += x", "z"));
    CHECK(operation_reads("z = x; w = z", "z"));
    CHECK(operation_reads("z == x ? 1 : 0", "z"));
    CHECK(operation_reads("f(z)", "z"));
    CHECK_FALSE(operation_reads("y = 1", "z"));
  }

  TEST_CASE("an elementwise kernel checks its parameters and arguments before anything runs") {
    CHECK_THROWS_AS(nc::elementwise_kernel("T x,", "T y", "y = x"), nc::rtc_error);
    CHECK_THROWS_AS(nc::elementwise_kernel("T x", "T x", "x = x"), nc::rtc_error);
    CHECK_THROWS_WITH_AS(nc::elementwise_kernel("T x", "", "x = x", "k"),
                         "numcu: elementwise kernel 'k' has no output", nc::rtc_error);
    CHECK_THROWS_WITH_AS(nc::elementwise_kernel("T x", "T y", "y = x", "not a name"),
                         "numcu: an elementwise kernel's name must be a C++ identifier, not 'not a name'",
                         nc::rtc_error);
    const nc::elementwise_kernel k("T x, T y", "T z", "z = x + y", "add_them");
    CHECK(k.name() == "add_them");
    const auto a = nc::arange(0, 4, 1, nc::float32, nc::cpu);
    CHECK_THROWS_WITH_AS(k({a}), "numcu: elementwise kernel 'add_them' takes 2 inputs; 1 given", nc::rtc_error);
    CHECK_THROWS_WITH_AS(k.call({a, a}, {a, a}),
                         "numcu: elementwise kernel 'add_them' has 1 outputs; 2 given (give all or none)",
                         nc::rtc_error);
    CHECK_THROWS_WITH_AS(k({a, a}),
                         "numcu: an elementwise_kernel runs on a CUDA GPU, not on cpu (runtime-compiled kernels have "
                         "no CPU backend)",
                         nc::device_error);
    CHECK(a.to_vector<float>() == std::vector<float>{0, 1, 2, 3});
  }

  TEST_CASE("an elementwise kernel broadcasts, walks strided views, takes weak scalars and fills out= [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const nc::elementwise_kernel squared_difference("T x, T y", "T z", "z = (x - y) * (x - y)", "squared_difference");
    const auto x = nc::arange(0, 6, 1, nc::float32, gpu).reshape({2, 3});
    const auto y = nc::array_from_host(std::vector<float>{0.5f, 1.0f, -2.0f}.data(), nc::float32, 3, {3},
                                       std::nullopt, gpu);
    const auto z = squared_difference({x, y});
    CHECK(z.dtype() == nc::float32);
    CHECK(z.shape() == nc::shape_t{2, 3});
    const std::vector<float> expected{0.25f, 0.0f, 16.0f, 6.25f, 9.0f, 49.0f};
    CHECK(z.to_vector<float>() == expected);
    // a strided view and a weak scalar (a double taking T = float32)
    const auto wide = nc::arange(0, 12, 1, nc::float32, gpu).reshape({2, 6});
    const auto every_other = wide(nc::all, nc::slice(0, nc::none, 2));
    auto out = nc::full({2, 3}, -1.0, nc::float32, gpu);
    squared_difference.call({every_other, 2.5}, {out});
    CHECK(out.to_vector<float>() == std::vector<float>{6.25f, 0.25f, 2.25f, 12.25f, 30.25f, 56.25f});
    // float16 elements read as float and stored rounded; complex128; int8 wrapping as C++ does
    const auto h = nc::arange(0, 4, 1, nc::float16, gpu);
    std::vector<float> halves;
    for (const auto v : squared_difference({h, 0.5}).to_vector<nc::float16_t>()) halves.push_back(static_cast<float>(v));
    CHECK(halves == std::vector<float>{0.25f, 0.25f, 2.25f, 6.25f});
    const auto c = nc::full({2}, std::complex<double>(1, 2), nc::complex128, gpu);
    const auto cz = squared_difference({c, std::complex<double>(0, 1)}).to_vector<std::complex<double>>();
    CHECK(cz[0] == std::complex<double>(0, 2));
    const auto i8 = nc::full({1}, 100, nc::int8, gpu);
    CHECK(squared_difference({i8, -100}).to_vector<std::int8_t>()[0] == static_cast<std::int8_t>(40000));
    // 0-d and empty arrays
    CHECK(squared_difference({nc::full({}, 3.0, nc::float64, gpu), 1.0}).item<double>() == 4.0);
    CHECK(squared_difference({nc::zeros({0, 3}, nc::float64, gpu), 1.0}).shape() == nc::shape_t{0, 3});
  }

  TEST_CASE("an elementwise kernel on dense arrays reads vectors, with the tail and unaligned views element by element [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const nc::elementwise_kernel add_them("T x, T y", "T z", "z = x + y", "add_them_dense");
    // sizes around the vectors (4 float32, 16 int8) and the 256-thread blocks
    for (const std::int64_t n : {1, 3, 4, 5, 15, 17, 1023, 1024, 1025, 4096 + 7, 100003}) {
      CAPTURE(n);
      std::vector<float> xf(n), yf(n), zf(n);
      std::vector<std::int8_t> xi(n), yi(n), zi(n);
      for (std::int64_t k = 0; k < n; ++k) {
        xf[k] = static_cast<float>(k % 1000) * 0.5f;
        yf[k] = static_cast<float>(k % 77) - 30.0f;
        zf[k] = xf[k] + yf[k];
        xi[k] = static_cast<std::int8_t>(k % 50);
        yi[k] = static_cast<std::int8_t>(k % 60 - 30);
        zi[k] = static_cast<std::int8_t>(xi[k] + yi[k]);
      }
      const auto x = nc::array_from_host(xf.data(), nc::float32, n, {n}, std::nullopt, gpu);
      const auto y = nc::array_from_host(yf.data(), nc::float32, n, {n}, std::nullopt, gpu);
      CHECK(add_them({x, y}).to_vector<float>() == zf);
      const auto x8 = nc::array_from_host(xi.data(), nc::int8, n, {n}, std::nullopt, gpu);
      const auto y8 = nc::array_from_host(yi.data(), nc::int8, n, {n}, std::nullopt, gpu);
      CHECK(add_them({x8, y8}).to_vector<std::int8_t>() == zi);
      if (n > 1) {  // views from element 1: not aligned for vectors, element by element
        const auto tail = add_them({x(nc::slice(1, nc::none)), y(nc::slice(1, nc::none))}).to_vector<float>();
        CHECK(tail == std::vector<float>(zf.begin() + 1, zf.end()));
      }
    }
    // mixed widths (2 elements of each per vector), and out= read by the operation
    const nc::elementwise_kernel scale("float32 x, float64 w", "float64 z", "z = x * w", "scale_mixed");
    const auto mixed = scale({nc::arange(0, 7, 1, nc::float32, gpu), nc::full({7}, 0.25, nc::float64, gpu)});
    CHECK(mixed.to_vector<double>() == std::vector<double>{0, 0.25, 0.5, 0.75, 1, 1.25, 1.5});
    const nc::elementwise_kernel accumulate("T x", "T z", "z += x", "accumulate_into");
    auto total = nc::full({9}, 1.0, nc::float32, gpu);
    accumulate.call({nc::arange(0, 9, 1, nc::float32, gpu)}, {total});
    CHECK(total.to_vector<float>() == std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9});
    // an output assigned under a condition keeps its other elements; a _non_const input written back; an input
    // that is also the output
    const nc::elementwise_kernel skip_negative("T x", "T z", "if (x < 0) continue; z = x", "skip_negative");
    auto skipped = nc::full({9}, -7.0, nc::float32, gpu);
    skip_negative.call({nc::arange(-4, 5, 1, nc::float32, gpu)}, {skipped});
    CHECK(skipped.to_vector<float>() == std::vector<float>{-7, -7, -7, -7, 0, 1, 2, 3, 4});
    const nc::elementwise_kernel positive_part("T x", "T z", "if (x > 0) z = x", "positive_part");
    auto kept = nc::full({9}, -7.0, nc::float32, gpu);
    positive_part.call({nc::arange(-4, 5, 1, nc::float32, gpu)}, {kept});
    CHECK(kept.to_vector<float>() == std::vector<float>{-7, -7, -7, -7, -7, 1, 2, 3, 4});
    const nc::elementwise_kernel take("_non_const T x", "T z", "z = x; x = 0", "take_and_clear");
    auto taken_from = nc::arange(1, 10, 1, nc::float32, gpu);
    CHECK(take({taken_from}).to_vector<float>() == std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9});
    CHECK(taken_from.to_vector<float>() == std::vector<float>(9, 0.0f));
    const nc::elementwise_kernel twice_then_read("T x", "T z, T w", "z = 2 * x; w = x", "twice_then_read");
    auto both = nc::arange(1, 10, 1, nc::float32, gpu);
    auto seen = nc::zeros({9}, nc::float32, gpu);
    twice_then_read.call({both}, {both, seen});  // x is z: w reads the doubled value, element by element
    CHECK(seen.to_vector<float>() == std::vector<float>{2, 4, 6, 8, 10, 12, 14, 16, 18});
  }

  TEST_CASE("an elementwise kernel runs the built-in loops: rows of broadcasts, general views, the flat index i [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    // rows: a matrix, a row vector dense along the rows and a column constant along them (float32 vectors)
    const nc::elementwise_kernel blend("T x, T r, T c", "T z", "z = x + r * c + T(i)", "blend_rows");
    const std::int64_t rows = 64, cols = 1000;
    std::vector<float> xs(rows * cols), rs(cols), cs(rows), want(rows * cols);
    for (std::int64_t k = 0; k < rows * cols; ++k) xs[k] = static_cast<float>(k % 13) - 6.0f;
    for (std::int64_t j = 0; j < cols; ++j) rs[j] = static_cast<float>(j % 7) * 0.5f;
    for (std::int64_t q = 0; q < rows; ++q) cs[q] = static_cast<float>(q % 5) - 2.0f;
    for (std::int64_t q = 0; q < rows; ++q) {
      for (std::int64_t j = 0; j < cols; ++j)
        want[q * cols + j] = xs[q * cols + j] + rs[j] * cs[q] + static_cast<float>(q * cols + j);
    }
    const auto x = nc::array_from_host(xs.data(), nc::float32, rows * cols, {rows, cols}, std::nullopt, gpu);
    const auto r = nc::array_from_host(rs.data(), nc::float32, cols, {cols}, std::nullopt, gpu);
    const auto c = nc::array_from_host(cs.data(), nc::float32, rows, {rows, 1}, std::nullopt, gpu);
    const auto z = blend({x, r, c});
    CHECK(z.dtype() == nc::float32);
    CHECK(z.shape() == nc::shape_t{rows, cols});
    CHECK(z.to_vector<float>() == want);
    // the general loop: a transposed view (i is the flat index of the result, in C order)
    const auto zt = blend({x.T(), nc::full({rows}, 2.0, nc::float32, gpu), nc::full({cols, 1}, 0.5, nc::float32, gpu)});
    CHECK(zt.shape() == nc::shape_t{cols, rows});
    const auto zt_values = zt.to_vector<float>();
    bool transposed_ok = true;
    for (std::int64_t j = 0; j < cols; ++j) {
      for (std::int64_t q = 0; q < rows; ++q) {
        transposed_ok = transposed_ok &&
                        zt_values[j * rows + q] == xs[q * cols + j] + 1.0f + static_cast<float>(j * rows + q);
      }
    }
    CHECK(transposed_ok);
    // rows in reverse order (a negative outer stride: the rows loop) and every element reversed (the general loop)
    const auto upside_down = blend({x(nc::slice(nc::none, nc::none, -1)), r, c}).to_vector<float>();
    const auto reversed = x.reshape({rows * cols})(nc::slice(nc::none, nc::none, -1));
    const auto backwards = blend({reversed, nc::full({}, 1.0, nc::float32, gpu), nc::full({}, 0.0, nc::float32, gpu)})
                               .to_vector<float>();
    bool reversed_ok = true;
    for (std::int64_t q = 0; q < rows; ++q) {
      for (std::int64_t j = 0; j < cols; ++j) {
        const std::int64_t flat = q * cols + j;
        reversed_ok = reversed_ok &&
                      upside_down[flat] ==
                          xs[(rows - 1 - q) * cols + j] + rs[j] * cs[q] + static_cast<float>(flat) &&
                      backwards[flat] == xs[rows * cols - 1 - flat] + static_cast<float>(flat);
      }
    }
    CHECK(reversed_ok);
    // rows with mixed dtypes: a float16 column read once per row, int8 rows, float32 out (4 elements a vector)
    const nc::elementwise_kernel scale_rows("float16 h, int8 v", "float32 z", "z = h * v + i", "scale_rows");
    std::vector<std::int8_t> vs(5 * 1024);
    for (std::size_t k = 0; k < vs.size(); ++k) vs[k] = static_cast<std::int8_t>(static_cast<int>(k % 31) - 15);
    const auto v = nc::array_from_host(vs.data(), nc::int8, 5 * 1024, {5, 1024}, std::nullopt, gpu);
    const auto h = nc::arange(1, 6, 1, nc::float16, gpu).reshape({5, 1});
    const auto scaled = scale_rows({h, v}).to_vector<float>();
    std::vector<float> scaled_want(5 * 1024);
    for (std::size_t k = 0; k < vs.size(); ++k)
      scaled_want[k] = static_cast<float>(k / 1024 + 1) * static_cast<float>(vs[k]) + static_cast<float>(k);
    CHECK(scaled == scaled_want);
    // rows of complex128 (a vector of one element) and more rows than a grid's height (65535)
    const nc::elementwise_kernel times("T x, T y", "T z", "z = x * y", "times_rows");
    const auto cz = times({nc::full({3, 200}, std::complex<double>(1, 2), nc::complex128, gpu),
                           nc::full({200}, std::complex<double>(0, 1), nc::complex128, gpu)});
    CHECK(cz.to_vector<std::complex<double>>() == std::vector<std::complex<double>>(600, std::complex<double>(-2, 1)));
    const std::int64_t tall = 70001;
    const auto column_index = nc::elementwise_kernel("T x, T r", "T z", "z = r + T(i / 256)", "tall_rows")(
        {nc::zeros({tall, 256}, nc::int64, gpu), nc::arange(0, 256, 1, nc::int64, gpu)});
    const auto tall_values = column_index.to_vector<std::int64_t>();
    bool tall_ok = true;
    for (std::int64_t k = 0; k < tall * 256; ++k) tall_ok = tall_ok && tall_values[k] == k % 256 + k / 256;
    CHECK(tall_ok);
  }

  TEST_CASE("an elementwise kernel's general loop of more than 2^31 elements runs in pieces, i counting on [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const std::int64_t n = (std::int64_t{1} << 31) + 5;
    auto every_other = nc::zeros({2 * n}, nc::int8, gpu)(nc::slice(0, nc::none, 2));
    const nc::elementwise_kernel stamp("", "int8 z", "z = static_cast<signed char>(i % 101)", "stamp_flat_index");
    stamp.call({}, {every_other});
    const std::int64_t from = (std::int64_t{1} << 31) - 4;
    const auto edge = every_other(nc::slice(from, nc::none)).to_vector<std::int8_t>();
    std::vector<std::int8_t> edge_want;
    for (std::int64_t k = from; k < n; ++k) edge_want.push_back(static_cast<std::int8_t>(k % 101));
    CHECK(edge == edge_want);
    CHECK(every_other(nc::slice(0, 3)).to_vector<std::int8_t>() == std::vector<std::int8_t>{0, 1, 2});
  }

  TEST_CASE("an elementwise kernel with raw arrays, _ind.size(), size= and several outputs [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const nc::elementwise_kernel reverse("raw T x", "T y", "y = x[_ind.size() - i - 1]", "reverse");
    const auto x = nc::arange(0, 5, 1, nc::int32, gpu);
    auto y = nc::zeros({5}, nc::int32, gpu);
    reverse({x, y});
    CHECK(y.to_vector<std::int32_t>() == std::vector<std::int32_t>{4, 3, 2, 1, 0});
    const nc::elementwise_kernel indices("int64 offset", "int64 y", "y = i + offset", "indices");
    CHECK(indices.call({5}, {}, 4).front().to_vector<std::int64_t>() == std::vector<std::int64_t>{5, 6, 7, 8});
    CHECK_THROWS_WITH_AS(indices({5}), "numcu: elementwise kernel 'indices' has no element-wise array argument: give its size",
                         nc::rtc_error);
    const nc::elementwise_kernel divmod_kernel("T a, T b", "T q, T r", "q = a / b; r = a % b", "divmod_kernel");
    const auto results = divmod_kernel.call({nc::arange(10, 14, 1, nc::int64, gpu), 3});
    REQUIRE(results.size() == 2);
    CHECK(results[0].to_vector<std::int64_t>() == std::vector<std::int64_t>{3, 3, 4, 4});
    CHECK(results[1].to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 2, 0, 1});
    CHECK_THROWS_AS(divmod_kernel({nc::arange(0, 3, 1, nc::int64, gpu), 3}), nc::rtc_error);
    // float16 outputs assigned from each other, and a raw float16 array read as float
    const nc::elementwise_kernel twice("T x, raw T w", "T a, T b", "a = x * 2; b = a; b += w[0]", "twice");
    const auto halves = twice.call({nc::arange(0, 3, 1, nc::float16, gpu), nc::full({1}, 0.5, nc::float16, gpu)});
    std::vector<float> a_values, b_values;
    for (const auto v : halves[0].to_vector<nc::float16_t>()) a_values.push_back(static_cast<float>(v));
    for (const auto v : halves[1].to_vector<nc::float16_t>()) b_values.push_back(static_cast<float>(v));
    CHECK(a_values == std::vector<float>{0.0f, 2.0f, 4.0f});
    CHECK(b_values == std::vector<float>{0.5f, 2.5f, 4.5f});
  }

  TEST_CASE("an elementwise kernel's errors: dtypes, shapes, devices, a body that does not compile [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const nc::elementwise_kernel k("float32 x, T y", "T z", "z = x + y", "typed");
    const auto f = nc::arange(0, 3, 1, nc::float32, gpu);
    const auto i = nc::arange(0, 3, 1, nc::int32, gpu);
    CHECK_THROWS_AS(k({i, f}), nc::dtype_error);
    CHECK_THROWS_AS(k({f, nc::arange(0, 2, 1, nc::float32, gpu)}), nc::shape_error);
    auto wrong = nc::zeros({4}, nc::float32, gpu);
    CHECK_THROWS_WITH_AS(k.call({f, f}, {wrong}),
                         "numcu: output 0 of elementwise kernel 'typed' has shape (4,); the loop's shape is (3,)",
                         nc::shape_error);
    CHECK_THROWS_AS(k({f, nc::arange(0, 3, 1, nc::float32, nc::cpu)}), nc::device_error);
    const nc::elementwise_kernel broken("T x", "T y", "y = x +* 2", "broken");
    CHECK_THROWS_WITH_AS(broken({f}), doctest::Contains("operation(1): error"), nc::rtc_error);
    CHECK(wrong.to_vector<float>() == std::vector<float>(4, 0.0f));
  }
}
