// Runtime compilation: NVRTC programs with numcu's embedded device headers, and the kernel cache in memory
// and on disk. Compiling needs no GPU, so all of this runs in CI.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "rtc/embedded_headers.hpp"
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
}
