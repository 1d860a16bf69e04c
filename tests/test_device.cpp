// Devices: names, the default device, bad ordinals.
#include "test_support.hpp"

TEST_SUITE("device") {
  TEST_CASE("devices print as NumPy/CuPy users expect") {
    CHECK(nc::cpu.str() == "cpu");
    CHECK(nc::cuda(1).str() == "cuda:1");
    CHECK(nc::cuda(0) == nc::cuda());
    CHECK_FALSE(nc::cuda(0) == nc::cpu);
    std::ostringstream os;
    os << nc::cuda(2);
    CHECK(os.str() == "cuda:2");
  }

  TEST_CASE("the default device is the GPU when one is usable, else the CPU") {
    if (numcu_test::no_gpu()) {
      CHECK(nc::default_device() == nc::cpu);
      CHECK_FALSE(nc::cuda_is_available());
      CHECK_THROWS_WITH_AS(nc::zeros({2}, nc::float32, nc::cuda(0)),
                           "no CUDA GPU is available (cuda:0 requested); use nc::cpu or a machine with a GPU",
                           nc::device_error);
    } else {
      CHECK(nc::default_device() == nc::cuda(0));
      CHECK(nc::zeros({2}).device() == nc::cuda(0));
    }
  }

  TEST_CASE("set_default_device changes where arrays are created") {
    const nc::device before = nc::default_device();
    nc::set_default_device(nc::cpu);
    CHECK(nc::zeros({2}).device() == nc::cpu);
    CHECK_THROWS_AS(nc::set_default_device(nc::cuda(99)), nc::device_error);
    CHECK(nc::default_device() == nc::cpu);
    nc::set_default_device(before);
    CHECK(nc::default_device() == before);
  }

  TEST_CASE("a GPU ordinal that does not exist is a device_error [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const std::string expected =
        "CUDA device 99 does not exist; " + std::to_string(nc::cuda_device_count()) + " GPU(s) visible";
    CHECK_THROWS_WITH_AS(nc::zeros({2}, nc::float32, nc::cuda(99)), expected.c_str(), nc::device_error);
  }
}
