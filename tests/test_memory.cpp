// The allocator: statistics, the soft limit and out_of_memory, releasing cached memory.
#include "test_support.hpp"

TEST_SUITE("memory") {
  NUMCU_TEST_ON_DEVICES("memory_stats counts live arrays", stats) {
    nc::synchronize(dev);
    const auto before = nc::memory_stats(dev);
    {
      auto a = nc::empty({1 << 20}, nc::float32, dev);
      const auto during = nc::memory_stats(dev);
      CHECK(during.in_use == before.in_use + (4u << 20));
      CHECK(during.peak >= during.in_use);
      CHECK(during.allocations == before.allocations + 1);
    }
    nc::synchronize(dev);
    CHECK(nc::memory_stats(dev).in_use == before.in_use);
    nc::reset_peak_memory_stats(dev);
    CHECK(nc::memory_stats(dev).peak == before.in_use);
    nc::free_cached_memory(dev);
    CHECK(nc::memory_stats(dev).cached == 0);
  }

  NUMCU_TEST_ON_DEVICES("the memory limit turns into out_of_memory and changes nothing", limit) {
    auto keep = nc::full({1000}, 3.0, nc::float64, dev);
    const auto in_use = nc::memory_stats(dev).in_use;
    nc::set_memory_limit(in_use + (1u << 20), dev);
    try {
      auto too_big = nc::empty({1 << 20}, nc::float64, dev);
      FAIL("allocation past the limit succeeded");
    } catch (const nc::out_of_memory& e) {
      CHECK(e.requested() == (8u << 20));
      CHECK(e.available() == (1u << 20));
      CHECK(std::string(e.what()).find("tried to allocate 8.00 MiB (8388608 bytes)") != std::string::npos);
    }
    CHECK_THROWS_AS(nc::zeros({1 << 18}, nc::complex128, dev), nc::out_of_memory);
    auto small = nc::empty({1000}, nc::float64, dev);  // under the limit
    CHECK(small.size() == 1000);
    nc::set_memory_limit(0, dev);
    CHECK(nc::memory_stats(dev).limit == 0);
    CHECK(keep.to_vector<double>() == std::vector<double>(1000, 3.0));
  }

  TEST_CASE("small GPU blocks are reused without a pool call [cuda]" * doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    nc::free_cached_memory(gpu);
    void* first = nullptr;
    {
      auto a = nc::empty({1000}, nc::float32, gpu);
      first = a.data_ptr();
    }
    CHECK(nc::memory_stats(gpu).cached >= 4096);  // 4000 bytes, kept in 512-byte granules
    nc::ndarray b = nc::empty({1000}, nc::float32, gpu);
    CHECK(b.data_ptr() == first);
    b.fill(2.0f);
    CHECK(b.to_vector<float>() == std::vector<float>(1000, 2.0f));
    {
      nc::stream s(gpu);
      nc::stream_guard guard(s);
      auto c = nc::empty({1000}, nc::float32, gpu);  // another stream: not the block freed on the default one
      CHECK(c.data_ptr() != first);
      s.synchronize();
    }
    b = nc::ndarray();  // back to the host-side cache
    const std::size_t cached = nc::memory_stats(gpu).cached;
    nc::free_cached_memory(gpu);
    // the kept blocks are gone; what stays cached is only the pool's share of chunks other arrays still use
    CHECK(nc::memory_stats(gpu).cached + 4096 <= cached);
  }

  TEST_CASE("a GPU allocation larger than the GPU is out_of_memory [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const std::int64_t huge = std::int64_t{1} << 50;  // 1 PiB
    try {
      auto a = nc::empty({huge}, nc::uint8, nc::cuda(0));
      FAIL("a 1 PiB allocation succeeded");
    } catch (const nc::out_of_memory& e) {
      CHECK(e.requested() == static_cast<std::size_t>(huge));
      CHECK(std::string(e.what()).find("out of memory on cuda:0") != std::string::npos);
    }
    auto after = nc::ones({16}, nc::float32, nc::cuda(0));  // the device still works
    CHECK(after.to_vector<float>() == std::vector<float>(16, 1.0f));
  }
}
