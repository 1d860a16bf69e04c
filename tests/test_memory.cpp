// The allocator: statistics, the soft limit and out_of_memory, releasing cached memory; asynchronous copies
// between page-locked host memory and a GPU.
#include <cuda_runtime.h>  // page-locked memory numcu does not own

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

  TEST_CASE("asynchronous copies check shapes, dtypes and devices before anything else") {
    const nc::ndarray a = nc::full({2, 3}, 1.0f, std::nullopt, nc::cpu);
    const nc::ndarray b = nc::full({3, 2}, 2.0f, std::nullopt, nc::cpu);
    const nc::ndarray c = nc::full({2, 3}, 3.0, std::nullopt, nc::cpu);
    const nc::ndarray d = nc::full({2, 3}, 4.0f, std::nullopt, nc::cpu);
    CHECK_THROWS_WITH_AS(
        nc::to_host_async(a, b),
        "to_host_async: shape mismatch: source (2, 3) and destination (3, 2) must be the same shape",
        nc::shape_error);
    CHECK_THROWS_WITH_AS(
        nc::to_device_async(a, c, nc::stream(nc::cpu)),
        "to_device_async: dtype mismatch: source dtype('float32') and destination dtype('float64') "
        "must be the same dtype (no cast is made; use astype first)",
        nc::dtype_error);
    CHECK_THROWS_WITH_AS(nc::to_host_async(a, d),
                         "to_host_async: the source must be a GPU array; it is on cpu", nc::device_error);
    CHECK_THROWS_WITH_AS(nc::to_device_async(a, d),
                         "to_device_async: the destination must be a GPU array; it is on cpu",
                         nc::device_error);
    CHECK_THROWS_AS(nc::to_host_async(nc::ndarray(), d), nc::error);
    CHECK_THROWS_AS(nc::to_device_async(a, nc::ndarray(), nc::stream(nc::cpu)), nc::error);
    CHECK(a.to_vector<float>() == std::vector<float>(6, 1.0f));
    CHECK(b.to_vector<float>() == std::vector<float>(6, 2.0f));
    CHECK(c.to_vector<double>() == std::vector<double>(6, 3.0));
    CHECK(d.to_vector<float>() == std::vector<float>(6, 4.0f));
  }

  TEST_CASE("asynchronous copies round-trip through page-locked memory [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const nc::shape_t shape{1024, 3072};
    const std::int64_t n = shape.product();
    std::vector<float> reference(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) reference[i] = static_cast<float>(i % 4093) * 0.25f - 100.0f;
    const nc::ndarray up = nc::pinned_empty(shape, nc::float32);
    std::memcpy(up.data_ptr(), reference.data(), up.nbytes());
    const nc::ndarray a = nc::empty(shape, nc::float32, gpu);
    nc::synchronize(gpu);  // allocated on the default stream, used on s below
    const nc::stream s(gpu);
    const nc::event uploaded = nc::to_device_async(up, a, s);
    const nc::ndarray down = nc::pinned_empty(shape, nc::float32);
    const nc::event downloaded = nc::to_host_async(a, down, s);
    CHECK(uploaded.get_device() == gpu);
    downloaded.synchronize();
    CHECK(downloaded.query());
    CHECK(uploaded.query());
    CHECK(downloaded.elapsed_time(uploaded) >= 0.0f);
    const auto* got = static_cast<const float*>(down.data_ptr());
    std::int64_t wrong = 0;
    for (std::int64_t i = 0; i < n; ++i) wrong += got[i] != reference[i];
    CHECK(wrong == 0);
    CHECK(a.to_vector<float>() == reference);  // the GPU array holds what the upload wrote

    // the forms without a stream use the current stream of the GPU side: here the default one, which orders
    // the copy after the multiplication queued on it
    const nc::ndarray doubled = a * 2.0f;
    const nc::ndarray twice = nc::pinned_empty(shape, nc::float32);
    nc::to_host_async(doubled, twice).synchronize();
    const auto* twice_values = static_cast<const float*>(twice.data_ptr());
    wrong = 0;
    for (std::int64_t i = 0; i < n; ++i) wrong += twice_values[i] != 2.0f * reference[i];
    CHECK(wrong == 0);
    nc::to_device_async(up, doubled).synchronize();
    CHECK(doubled.to_vector<float>() == reference);

    // page-locked memory that numcu did not allocate, wrapped by from_blob
    void* raw = nullptr;
    REQUIRE(cudaMallocHost(&raw, 64 * sizeof(double)) == cudaSuccess);
    {
      const nc::ndarray host = nc::from_blob(raw, {8, 8}, nc::float64);
      REQUIRE(host.is_pinned());
      const nc::ndarray eye = nc::eye(8, std::nullopt, 0, nc::float64, gpu);
      nc::to_host_async(eye, host).synchronize();
      const auto* e = static_cast<const double*>(raw);
      for (int i = 0; i < 64; ++i) CHECK(e[i] == (i % 9 == 0 ? 1.0 : 0.0));
    }
    CHECK(cudaFreeHost(raw) == cudaSuccess);
    nc::synchronize(gpu);
  }

  TEST_CASE("asynchronous copies of strided GPU arrays go through a temporary on the stream [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const nc::ndarray m = nc::arange(0.0, 24.0, 1.0, nc::float64, gpu).reshape({4, 6});
    nc::ndarray z = nc::zeros({4, 6}, nc::float64, gpu);
    nc::synchronize(gpu);
    const nc::stream s(gpu);

    const nc::ndarray host = nc::pinned_empty({6, 4}, nc::float64);
    nc::to_host_async(m.T(), host, s).synchronize();  // a transpose: not C-contiguous
    const auto* h = static_cast<const double*>(host.data_ptr());
    for (int r = 0; r < 6; ++r) {
      for (int c = 0; c < 4; ++c) CHECK(h[r * 4 + c] == static_cast<double>(c * 6 + r));
    }

    const nc::ndarray values = nc::pinned_empty({4, 3}, nc::float64);
    auto* v = static_cast<double*>(values.data_ptr());
    for (int i = 0; i < 12; ++i) v[i] = 100.0 + i;
    const nc::ndarray every_other_column = z(nc::all, nc::slice(0, 6, 2));
    REQUIRE_FALSE(every_other_column.is_c_contiguous());
    nc::to_device_async(values, every_other_column, s).synchronize();
    std::vector<double> expected(24, 0.0);
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 3; ++c) expected[r * 6 + 2 * c] = 100.0 + r * 3 + c;
    }
    CHECK(z.to_vector<double>() == expected);
    nc::synchronize(gpu);
  }

  TEST_CASE("asynchronous copies refuse pageable or strided host memory and other devices' streams [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const nc::ndarray a = nc::full({2, 3}, 5.0f, std::nullopt, gpu);
    const nc::ndarray pageable = nc::full({2, 3}, 7.0f, std::nullopt, nc::cpu);
    const nc::ndarray pinned = nc::pinned_empty({2, 3}, nc::float32);
    pinned.fill(7.0f);
    const nc::ndarray pinned_transposed = nc::pinned_empty({3, 2}, nc::float32).T();
    pinned_transposed.fill(7.0f);
    const nc::stream s(gpu);
    CHECK_THROWS_WITH_AS(nc::to_host_async(a, pageable, s),
                         "to_host_async: the host destination is pageable memory, which would make the copy "
                         "synchronous; allocate it with nc::pinned_empty (page-locked)",
                         nc::device_error);
    CHECK_THROWS_WITH_AS(nc::to_device_async(pageable, a, s),
                         "to_device_async: the host source is pageable memory, which would make the copy "
                         "synchronous; allocate it with nc::pinned_empty (page-locked)",
                         nc::device_error);
    CHECK_THROWS_WITH_AS(
        nc::to_host_async(a, pinned_transposed, s),
        "to_host_async: the host destination is not C-contiguous (shape (2, 3), strides (4, 8)); "
        "page-locked memory is copied as one block",
        nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::to_host_async(a, pinned, nc::stream(nc::cpu)),
                         "to_host_async: the stream is on cpu but the source is on cuda:0", nc::device_error);
    CHECK_THROWS_WITH_AS(nc::to_device_async(pinned, a, nc::stream(nc::cpu)),
                         "to_device_async: the stream is on cpu but the destination is on cuda:0",
                         nc::device_error);
    CHECK_THROWS_WITH_AS(nc::to_host_async(pinned, a, s),
                         "to_host_async: the source must be a GPU array; it is on cpu", nc::device_error);
    CHECK_THROWS_WITH_AS(nc::to_host_async(a, nc::full({2, 3}, 1.0f, std::nullopt, gpu), s),
                         "to_host_async: the destination must be a host (cpu) array; it is on cuda:0",
                         nc::device_error);
    CHECK_THROWS_WITH_AS(nc::to_device_async(a, pinned, s),
                         "to_device_async: the source must be a host (cpu) array; it is on cuda:0",
                         nc::device_error);
    CHECK_THROWS_WITH_AS(
        nc::to_host_async(a, nc::pinned_empty({2, 3}, nc::float64), s),
        "to_host_async: dtype mismatch: source dtype('float32') and destination dtype('float64') "
        "must be the same dtype (no cast is made; use astype first)",
        nc::dtype_error);
    CHECK_THROWS_WITH_AS(
        nc::to_device_async(nc::pinned_empty({3}, nc::float32), a, s),
        "to_device_async: shape mismatch: source (3,) and destination (2, 3) must be the same shape",
        nc::shape_error);
    if (nc::cuda_device_count() >= 2) {
      CHECK_THROWS_WITH_AS(nc::to_host_async(a, pinned, nc::stream(nc::cuda(1))),
                           "to_host_async: the stream is on cuda:1 but the source is on cuda:0",
                           nc::device_error);
    }
    s.synchronize();
    CHECK(a.to_vector<float>() == std::vector<float>(6, 5.0f));
    CHECK(pageable.to_vector<float>() == std::vector<float>(6, 7.0f));
    CHECK(pinned.to_vector<float>() == std::vector<float>(6, 7.0f));
    CHECK(pinned_transposed.to_vector<float>() == std::vector<float>(6, 7.0f));
  }
}
