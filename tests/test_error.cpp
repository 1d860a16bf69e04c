// The exception hierarchy: every numcu error is a numcu::error and a std::runtime_error.
#include "test_support.hpp"

TEST_SUITE("error") {
  TEST_CASE("every error class derives from numcu::error") {
    CHECK_THROWS_AS(throw nc::shape_error("s"), nc::error);
    CHECK_THROWS_AS(throw nc::dtype_error("d"), nc::error);
    CHECK_THROWS_AS(throw nc::index_error("i"), nc::error);
    CHECK_THROWS_AS(throw nc::device_error("v"), nc::error);
    CHECK_THROWS_AS(throw nc::out_of_memory("o", 1, 2), nc::error);
    CHECK_THROWS_AS(throw nc::cuda_error("cudaMalloc", 2, "c"), nc::error);
    CHECK_THROWS_AS(throw nc::rtc_error("r"), nc::error);
    CHECK_THROWS_AS(throw nc::linalg_error("l"), nc::error);
    CHECK_THROWS_AS(throw nc::io_error("f"), nc::error);
    CHECK_THROWS_AS(throw nc::error("e"), std::runtime_error);
    const nc::cuda_error e("cudaMemcpyAsync", 700, "cudaMemcpyAsync failed");
    CHECK(e.api() == "cudaMemcpyAsync");
    CHECK(e.code() == 700);
  }

  TEST_CASE("operands on different devices are a device_error [cuda]" * doctest::skip(numcu_test::no_gpu())) {
    auto g = nc::zeros({3}, nc::float32, nc::cuda(0));
    auto h = nc::ones({3}, nc::float32, nc::cpu);
    CHECK_THROWS_AS(g(nc::all) = h, nc::device_error);
    CHECK(g.to_vector<float>() == std::vector<float>(3, 0.0f));
    CHECK(h.to_vector<float>() == std::vector<float>(3, 1.0f));
  }
}
