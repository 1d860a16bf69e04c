// info(): it always answers, and says which backend runs.
#include "test_support.hpp"

TEST_SUITE("info") {
  TEST_CASE("info names the versions, the GPUs or their absence, the default device and the kernel cache") {
    const std::string text = nc::info();
    CHECK(text.find("numcu " + nc::version()) == 0);
    CHECK(text.find("CUDA runtime: ") != std::string::npos);
    CHECK(text.find("NVRTC:") != std::string::npos);
    CHECK(text.find("default device: " + nc::default_device().str()) != std::string::npos);
    // how runtime kernels are compiled and where they are cached
    CHECK(text.find("runtime kernels: compiled with -std=c++20 -default-device") != std::string::npos);
    if (!nc::kernel_cache_directory().empty())
      CHECK(text.find("cached in memory and in " + nc::kernel_cache_directory()) != std::string::npos);
    if (numcu_test::no_gpu()) {
      CHECK(text.find("GPUs:         none usable") != std::string::npos);
      CHECK(text.find("The CPU backend runs every operation on the host.") != std::string::npos);
    } else {
      CHECK(text.find("cuda:0  ") != std::string::npos);
      CHECK(text.find("compute capability") != std::string::npos);
    }
  }
}
