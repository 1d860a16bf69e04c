// Creation: empty/zeros/ones/full and _like, arange and linspace against NumPy, eye, arrays from host data,
// page-locked host arrays, arrays over memory numcu does not own.
#include <cuda_runtime.h>  // memory numcu does not own, for from_blob and is_pinned

#include <memory>

#include "test_support.hpp"

using numcu_test::golden_lines;
using numcu_test::host_bytes;
using numcu_test::same_element;
using numcu_test::split;
using numcu_test::words;

namespace {
nc::scalar parse_scalar(const std::string& s) {
  if (s.find_first_of(".eE") != std::string::npos) return std::strtod(s.c_str(), nullptr);
  return static_cast<std::int64_t>(std::stoll(s));
}
}  // namespace

TEST_SUITE("creation") {
  NUMCU_TEST_ON_DEVICES("zeros, ones, full: NumPy's values, the C++ value's dtype", filled_arrays) {
    auto z = nc::zeros({2, 3}, nc::float64, dev);
    CHECK(z.dtype() == nc::float64);
    CHECK(z.to_vector<double>() == std::vector<double>(6, 0.0));
    auto o = nc::ones({4}, nc::int8, dev);
    CHECK(o.to_vector<std::int8_t>() == std::vector<std::int8_t>(4, 1));
    CHECK(nc::full({2}, std::int64_t{3}, std::nullopt, dev).dtype() == nc::int64);  // numpy.full((2,), 3)
    CHECK(nc::full({2}, 3.5, std::nullopt, dev).dtype() == nc::float64);
    CHECK(nc::full({2}, true, std::nullopt, dev).dtype() == nc::bool_);
    CHECK(nc::full({2}, std::complex<double>(1, 2), std::nullopt, dev).dtype() == nc::complex128);
    CHECK(nc::full({3}, -7, nc::int16, dev).to_vector<std::int16_t>() == std::vector<std::int16_t>(3, -7));
    CHECK_THROWS_WITH_AS(nc::full({3}, 1000, nc::int8, dev), "Python integer 1000 out of bounds for int8",
                         nc::dtype_error);
    CHECK(nc::ones({}, nc::float32, dev).item<float>() == 1.0f);
    CHECK(nc::zeros({0, 4}, nc::float32, dev).shape() == nc::shape_t{0, 4});
    CHECK_THROWS_WITH_AS(nc::empty({2, -1}, nc::float32, dev), "negative dimensions are not allowed",
                         nc::shape_error);
  }

  NUMCU_TEST_ON_DEVICES("the _like forms take shape, dtype and device from the model", like_forms) {
    auto a = nc::empty({3, 2}, nc::uint16, dev);
    auto z = nc::zeros_like(a);
    CHECK(z.shape() == a.shape());
    CHECK(z.dtype() == nc::uint16);
    CHECK(z.device() == dev);
    CHECK(nc::ones_like(a, nc::float32).to_vector<float>() == std::vector<float>(6, 1.0f));
    CHECK(nc::full_like(a, 9).to_vector<std::uint16_t>() == std::vector<std::uint16_t>(6, 9));
    CHECK(nc::empty_like(a, std::nullopt, nc::cpu).device() == nc::cpu);
  }

  NUMCU_TEST_ON_DEVICES("arange and linspace match NumPy bit for bit", sequences_golden) {
    for (const auto& line : golden_lines("sequences.txt")) {
      CAPTURE(line);
      const auto fields = split(line, '|');
      const auto w = words(fields[0]);
      const auto values = words(fields.size() > 1 ? fields[1] : "");
      nc::ndarray got;
      nc::dtype t;
      if (w[0] == "arange") {
        t = nc::dtype(w[4]);
        got = nc::arange(parse_scalar(w[1]), parse_scalar(w[2]), parse_scalar(w[3]), t, dev);
      } else {
        t = nc::dtype(w[5]);
        got = nc::linspace(std::strtod(w[1].c_str(), nullptr), std::strtod(w[2].c_str(), nullptr),
                           std::stoll(w[3]), w[4] == "1", t, dev);
      }
      CHECK(got.dtype() == t);
      REQUIRE(got.shape() == nc::shape_t{static_cast<std::int64_t>(values.size())});
      const auto bytes = host_bytes(got);
      const auto want = numcu_test::encode_elements(values, t);
      for (std::size_t i = 0; i < values.size(); ++i) {
        CAPTURE(i);
        CHECK(same_element(bytes.data() + i * t.itemsize(), want.data() + i * t.itemsize(), t));
      }
    }
  }

  NUMCU_TEST_ON_DEVICES("arange and linspace default dtypes and errors", sequence_defaults) {
    // without a dtype, the C++ types of the values decide (docs/numpy_differences.md)
    CHECK(nc::arange(5, std::nullopt, dev).dtype() == nc::int32);
    CHECK(nc::arange(std::int64_t{5}, std::nullopt, dev).dtype() == nc::int64);
    CHECK(nc::arange(std::uint8_t{5}, std::nullopt, dev).dtype() == nc::uint8);
    CHECK(nc::arange(5.0, std::nullopt, dev).dtype() == nc::float64);
    CHECK(nc::arange(5.0f, std::nullopt, dev).dtype() == nc::float32);
    CHECK(nc::arange(0, 1, 0.25f, std::nullopt, dev).dtype() == nc::float32);
    CHECK(nc::arange(0, std::int64_t{4}, 1, std::nullopt, dev).dtype() == nc::int64);
    CHECK(nc::arange(0.5f, 2.0, 1, std::nullopt, dev).dtype() == nc::float64);
    CHECK(nc::full({2}, 3.0f, std::nullopt, dev).dtype() == nc::float32);
    CHECK(nc::full({2}, 3, std::nullopt, dev).dtype() == nc::int32);
    CHECK(nc::full({2}, std::complex<float>(1, 2), std::nullopt, dev).dtype() == nc::complex64);
    CHECK(nc::full({2}, nc::float16_t(1.5f), std::nullopt, dev).dtype() == nc::float16);
    CHECK(nc::linspace(0.0f, 1.0f, 3, true, std::nullopt, dev).dtype() == nc::float32);
    CHECK(nc::linspace(0, 10, 3, true, std::nullopt, dev).dtype() == nc::float64);
    CHECK(nc::array({1.0f}, std::nullopt, dev).dtype() == nc::float32);
    CHECK(nc::arange(1, 2.5, 1, std::nullopt, dev).to_vector<double>() == std::vector<double>{1.0, 2.0});
    CHECK(nc::arange(5, 1, 1, std::nullopt, dev).size() == 0);
    CHECK_THROWS_AS(nc::arange(0, 5, 0, std::nullopt, dev), nc::error);
    // NumPy 2.4 divides by the step as Python does (ZeroDivisionError in its words), and refuses a length it
    // cannot compute or one whose ceiling leaves int64 on either side
    CHECK(numcu_test::message_of([&] { nc::arange(0, 5, 0, nc::float32, dev); }) == "division by zero");
    CHECK(numcu_test::message_of([&] { nc::arange(0.0, 5.0, -0.0, std::nullopt, dev); }) ==
          "float division by zero");
    CHECK(numcu_test::message_of([&] { nc::arange(std::complex<double>(0, 1), 5, 0, std::nullopt, dev); }) ==
          "complex division by zero");
    CHECK_THROWS_WITH_AS(nc::arange(0.0, NAN, 1.0, std::nullopt, dev), "arange: cannot compute length",
                         nc::shape_error);
    for (const double stop : {double(INFINITY), -double(INFINITY), -1e300}) {
      CHECK_THROWS_WITH_AS(nc::arange(0.0, stop, 1.0, std::nullopt, dev), "Maximum allowed size exceeded",
                           nc::shape_error);
    }
    CHECK_THROWS_WITH_AS(nc::arange(INT64_MAX, INT64_MIN, 1, std::nullopt, dev),
                         "Maximum allowed size exceeded", nc::shape_error);
    CHECK(nc::arange(0.0, -0x1p63, 1.0, std::nullopt, dev).size() == 0);
    // a quotient that underflows to +0 (a step of infinite size too) leaves one element, to -0 none
    CHECK(nc::arange(0.0, 1.0, INFINITY, std::nullopt, dev).to_vector<double>() == std::vector<double>{0.0});
    CHECK(nc::arange(0.5, 1.0, 1e308, std::nullopt, dev).to_vector<double>() == std::vector<double>{0.5});
    CHECK(nc::arange(0.0, -1.0, INFINITY, std::nullopt, dev).size() == 0);
    CHECK_THROWS_WITH_AS(nc::arange(0.0, INFINITY, INFINITY, std::nullopt, dev),
                         "arange: cannot compute length", nc::shape_error);
    CHECK(nc::linspace(0.0, 1.0, 5, true, std::nullopt, dev).dtype() == nc::float64);
    CHECK(nc::linspace(std::complex<double>(0, 0), std::complex<double>(2, 4), 3, true, std::nullopt, dev)
              .to_vector<std::complex<double>>() ==
          std::vector<std::complex<double>>{{0, 0}, {1, 2}, {2, 4}});
    CHECK_THROWS_WITH_AS(nc::linspace(0.0, 1.0, -1, true, std::nullopt, dev),
                         "Number of samples, -1, must be non-negative.", nc::shape_error);
  }

  // NumPy checks every array it makes: the product of the nonzero extents times the itemsize must fit int64
  // (ValueError "array is too big; ..."), whatever the function; numcu raises shape_error with its words
  NUMCU_TEST_ON_DEVICES("sizes that overflow int64 raise NumPy's error and allocate nothing", size_overflow) {
    constexpr const char* too_big =
        "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.";
    const std::int64_t k = std::int64_t{1} << 40;
    const auto one = nc::zeros({1}, nc::float64, dev);
    const std::size_t in_use = nc::memory_stats(dev).in_use;
    CHECK_THROWS_WITH_AS(nc::zeros({k, k}, nc::float64, dev), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::ones({k, k}, nc::int8, dev), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::empty({std::int64_t{1} << 62}, nc::float64, dev), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::full({std::int64_t{1} << 33, std::int64_t{1} << 31}, 1, nc::int8, dev), too_big,
                         nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::zeros({0, std::int64_t{1} << 62, std::int64_t{1} << 62}, nc::float64, dev), too_big,
                         nc::shape_error);  // a zero extent does not excuse the others, as in NumPy
    CHECK_THROWS_WITH_AS(nc::eye(std::int64_t{1} << 33, std::nullopt, 0, nc::float64, dev), too_big,
                         nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::identity(std::int64_t{1} << 32, nc::float64, dev), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::linspace(0.0, 1.0, std::int64_t{1} << 62, true, nc::float64, dev), too_big,
                         nc::shape_error);
    CHECK_THROWS_AS(nc::arange(0.0, 0x1p70, 1.0, nc::float64, dev), nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::broadcast_to(one, {k, k}), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::broadcast_to(one, {std::int64_t{1} << 61, 2}), too_big, nc::shape_error);
    CHECK_THROWS_AS(one.reshape({k, k}), nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::zeros({0}, nc::float64, dev).reshape({0, k, k}), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::empty({-1}, nc::float64, dev), "negative dimensions are not allowed",
                         nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::arange(INT64_MIN, INT64_MAX, 1, nc::int64, dev), "Maximum allowed size exceeded",
                         nc::shape_error);
    CHECK(nc::arange(INT64_MAX - 1, INT64_MAX, 10, std::nullopt, dev).to_vector<std::int64_t>() ==
          std::vector<std::int64_t>{INT64_MAX - 1});  // one element: start + step is never formed
    if (dev.is_cpu()) {
      // a stride of INT64_MIN has no int64 magnitude: still "too big", no overflow on the way
      alignas(8) static std::int8_t bytes[2] = {};
      CHECK_THROWS_WITH_AS(nc::from_blob(bytes, {2}, nc::int8, nc::strides_t{INT64_MIN}), too_big, nc::shape_error);
    }
    CHECK(nc::memory_stats(dev).in_use == in_use);  // nothing was allocated, nothing leaked
    // a view whose bytes fit int64 can be made (NumPy's np.broadcast_to(np.zeros(1), (2**31, 2**28)) too)
    CHECK(nc::broadcast_to(one, {std::int64_t{1} << 31, std::int64_t{1} << 28}).size() == std::int64_t{1} << 59);
  }

  NUMCU_TEST_ON_DEVICES("eye and identity", eye_identity) {
    // numpy.eye(3, 4, k=1) and numpy.eye(4, 3, k=-2)
    CHECK(nc::eye(3, 4, 1, nc::int32, dev).to_vector<std::int32_t>() ==
          std::vector<std::int32_t>{0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    CHECK(nc::eye(4, 3, -2, nc::float64, dev).to_vector<double>() ==
          std::vector<double>{0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0});
    CHECK(nc::eye(2, 2, 5, nc::float64, dev).to_vector<double>() == std::vector<double>(4, 0.0));
    auto i = nc::identity(3, nc::bool_, dev);
    CHECK(i.shape() == nc::shape_t{3, 3});
    CHECK(i.to_vector<bool>() ==
          std::vector<bool>{true, false, false, false, true, false, false, false, true});
  }

  NUMCU_TEST_ON_DEVICES("arrays from host vectors, spans, pointers and braced lists", from_host) {
    const std::vector<float> v{1.5f, -2.0f, 3.25f};
    auto a = nc::array(v, std::nullopt, dev);
    CHECK(a.dtype() == nc::float32);
    CHECK(a.device() == dev);
    CHECK(a.to_vector<float>() == v);
    auto b = nc::array(std::span<const float>(v), nc::float64, dev);
    CHECK(b.to_vector<double>() == std::vector<double>{1.5, -2.0, 3.25});
    const std::int16_t raw[] = {1, 2, 3, 4, 5, 6};
    auto c = nc::array(raw, {2, 3}, std::nullopt, dev);
    CHECK(c.shape() == nc::shape_t{2, 3});
    CHECK(c.dtype() == nc::int16);
    CHECK(c(1, 2).item<std::int16_t>() == 6);
    auto d = nc::array({{1, 2}, {3, 4}}, std::nullopt, dev);
    CHECK(d.dtype() == nc::int32);
    CHECK(d.shape() == nc::shape_t{2, 2});
    CHECK(d.to_vector<std::int32_t>() == std::vector<std::int32_t>{1, 2, 3, 4});
    auto e = nc::array({{{1.0, 2.0}}, {{3.0, 4.0}}}, nc::float32, dev);
    CHECK(e.shape() == nc::shape_t{2, 1, 2});
    CHECK(e.to_vector<float>() == std::vector<float>{1, 2, 3, 4});
    auto f = nc::array(std::vector<bool>{true, false, true}, std::nullopt, dev);
    CHECK(f.dtype() == nc::bool_);
    CHECK(f.to_vector<bool>() == std::vector<bool>{true, false, true});
    auto g = nc::array({std::complex<double>(1, -1)}, std::nullopt, dev);
    CHECK(g.dtype() == nc::complex128);
    CHECK(nc::array(std::vector<double>{}, std::nullopt, dev).shape() == nc::shape_t{0});
  }

  NUMCU_TEST_ON_DEVICES("ragged braced lists are a shape_error", ragged_lists) {
    CHECK_THROWS_WITH_AS(
        nc::array({{1, 2}, {3}}, std::nullopt, dev),
        "setting an array element with a sequence. The requested array has an inhomogeneous shape "
        "after 1 dimensions.",
        nc::shape_error);
    const std::int16_t raw[] = {1, 2};
    CHECK_THROWS_AS(nc::array_from_host(raw, nc::int16, 2, {3}, std::nullopt, dev), nc::shape_error);
  }

  TEST_CASE("from_blob wraps host memory without copying") {
    std::vector<double> storage{1, 2, 3, 4, 5, 6};
    auto a = nc::from_blob(storage.data(), {2, 3}, nc::float64);
    CHECK(a.device() == nc::cpu);
    a(0, 0) = 10.0;
    CHECK(storage[0] == 10.0);
    auto t = nc::from_blob(storage.data(), {3, 2}, nc::float64, nc::strides_t{8, 24});
    CHECK(t.to_vector<double>() == std::vector<double>{10, 4, 2, 5, 3, 6});
    CHECK_THROWS_AS(nc::from_blob(storage.data(), {2, 3}, nc::float64, nc::strides_t{8}), nc::shape_error);
  }

  TEST_CASE("pinned_empty checks its shape first, then needs a CUDA driver") {
    constexpr const char* too_big =
        "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.";
    const std::int64_t k = std::int64_t{1} << 40;
    const std::size_t in_use = nc::memory_stats(nc::cpu).in_use;
    CHECK_THROWS_WITH_AS(nc::pinned_empty({2, -1}, nc::float32), "negative dimensions are not allowed",
                         nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::pinned_empty({k, k}, nc::float64), too_big, nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::pinned_empty({0, std::int64_t{1} << 62, 4}, nc::int8), too_big, nc::shape_error);
    if (numcu_test::no_gpu()) {
      CHECK_THROWS_WITH_AS(
          nc::pinned_empty({4}, nc::float32),
          "pinned_empty: page-locked host memory needs a CUDA driver and a GPU, and none is usable; "
          "nc::empty(shape, dtype, nc::cpu) makes ordinary host memory",
          nc::device_error);
    }
    CHECK(nc::memory_stats(nc::cpu).in_use == in_use);
    CHECK_FALSE(nc::empty({3}, nc::float32, nc::cpu).is_pinned());
    CHECK_FALSE(nc::ndarray(nc::zeros({0}, nc::float32, nc::cpu)).is_pinned());
  }

  TEST_CASE("pinned_empty makes page-locked host arrays [cuda]" * doctest::skip(numcu_test::no_gpu())) {
    const std::size_t in_use = nc::memory_stats(nc::cpu).in_use;
    {
      const nc::ndarray p = nc::pinned_empty({3, 4}, nc::float64);
      CHECK(nc::memory_stats(nc::cpu).in_use == in_use + 96);
      CHECK(p.device() == nc::cpu);
      CHECK(p.dtype() == nc::float64);
      CHECK(p.shape() == nc::shape_t{3, 4});
      CHECK(p.strides() == nc::strides_t{32, 8});
      CHECK(p.is_pinned());
      p.fill(2.5);  // an ordinary host array otherwise
      p(1, nc::all) = nc::arange(0.0, 4.0, 1.0, nc::float64, nc::cpu);
      CHECK(p.to_vector<double>() == std::vector<double>{2.5, 2.5, 2.5, 2.5, 0, 1, 2, 3, 2.5, 2.5, 2.5, 2.5});
      CHECK(p(1, nc::all).is_pinned());  // a view of pinned memory
      const nc::ndarray on_gpu = p.to(nc::cuda(0));
      CHECK_FALSE(on_gpu.is_pinned());
      CHECK(on_gpu.to_vector<double>() == p.to_vector<double>());
      CHECK(nc::from_blob(p.data_ptr(), {12}, nc::float64).is_pinned());  // recognized through the driver
      CHECK(nc::pinned_empty({0, 5}, nc::int8).is_pinned());
      CHECK_FALSE(nc::empty({3, 4}, nc::float64, nc::cpu).is_pinned());
    }
    CHECK(nc::memory_stats(nc::cpu).in_use == in_use);  // freed with the last array over it
    void* raw = nullptr;
    REQUIRE(cudaMallocHost(&raw, 64) == cudaSuccess);
    CHECK(nc::from_blob(raw, {8}, nc::float64).is_pinned());
    CHECK(cudaFreeHost(raw) == cudaSuccess);
  }

  TEST_CASE("from_blob with a deleter or an owner on the host") {
    std::vector<double> storage{1, 2, 3, 4, 5, 6};
    int calls = 0;
    void* deleted = nullptr;
    {
      nc::ndarray row;
      {
        const nc::ndarray a = nc::from_blob(storage.data(), {2, 3}, nc::float64, nc::cpu, [&](void* p) {
          ++calls;
          deleted = p;
        });
        CHECK(a.device() == nc::cpu);
        CHECK(a.data_ptr() == storage.data());
        row = a(1, nc::all);
      }
      CHECK(calls == 0);  // the view still refers to the memory
      CHECK(row.to_vector<double>() == std::vector<double>{4, 5, 6});
    }
    CHECK(calls == 1);
    CHECK(deleted == storage.data());
    const auto owner = std::make_shared<std::vector<double>>(storage);
    {
      const nc::ndarray every_other =
          nc::from_blob(owner->data(), {3}, nc::float64, nc::cpu, owner, nc::strides_t{16});
      CHECK(owner.use_count() == 2);
      CHECK(every_other.to_vector<double>() == std::vector<double>{1, 3, 5});
    }
    CHECK(owner.use_count() == 1);
    // a call that throws neither calls the deleter nor keeps the owner
    const auto count = [&](void*) { ++calls; };
    CHECK_THROWS_WITH_AS(nc::from_blob(storage.data(), {2, 3}, nc::float64, nc::cpu, count, nc::strides_t{8}),
                         "from_blob: 1 strides for a shape of 2 dimensions", nc::shape_error);
    CHECK_THROWS_WITH_AS(
        nc::from_blob(storage.data(), {2}, nc::float64, nc::cpu, owner, nc::strides_t{INT64_MIN}),
        "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.",
        nc::shape_error);
    CHECK_THROWS_WITH_AS(nc::from_blob(storage.data(), {-2, 3}, nc::float64, nc::cpu, count),
                         "negative dimensions are not allowed", nc::shape_error);
    if (numcu_test::no_gpu()) {
      constexpr const char* no_gpu =
          "no CUDA GPU is available (cuda:0 requested); use nc::cpu or a machine with a GPU";
      CHECK_THROWS_WITH_AS(nc::from_blob(storage.data(), {6}, nc::float64, nc::cuda(0), count), no_gpu,
                           nc::device_error);
      CHECK_THROWS_WITH_AS(nc::from_blob(storage.data(), {6}, nc::float64, nc::cuda(0), owner), no_gpu,
                           nc::device_error);
      CHECK_THROWS_WITH_AS(nc::from_blob(storage.data(), {6}, nc::float64, nc::cuda(0)), no_gpu,
                           nc::device_error);
    }
    CHECK(calls == 1);
    CHECK(owner.use_count() == 1);
    CHECK(storage == std::vector<double>{1, 2, 3, 4, 5, 6});
    // an empty deleter is none
    CHECK(nc::from_blob(storage.data(), {6}, nc::float64, nc::cpu, std::function<void(void*)>()).size() == 6);
  }

  TEST_CASE("from_blob wraps device memory numcu does not own [cuda]" * doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    REQUIRE(cudaSetDevice(0) == cudaSuccess);
    const std::vector<float> values{0.5f, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    float* raw = nullptr;
    REQUIRE(cudaMalloc(&raw, values.size() * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMemcpy(raw, values.data(), values.size() * sizeof(float), cudaMemcpyHostToDevice) ==
            cudaSuccess);
    int calls = 0;
    {
      nc::ndarray a = nc::from_blob(raw, {3, 4}, nc::float32, gpu, [&calls](void* p) {
        ++calls;
        CHECK(cudaFree(p) == cudaSuccess);
      });
      CHECK(a.device() == gpu);
      CHECK(a.data_ptr() == static_cast<void*>(raw));
      CHECK(a.to_vector<float>() == values);
      const nc::ndarray t = a.T();
      a = nc::ndarray();  // the transposed view keeps the memory
      CHECK(calls == 0);
      CHECK(t.to_vector<float>() == std::vector<float>{0.5f, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11});
      t(0, nc::all) = -1.0f;  // column 0 of the (3, 4) memory: elements 0, 4 and 8
      nc::synchronize(gpu);
      std::vector<float> back(values.size());
      REQUIRE(cudaMemcpy(back.data(), raw, back.size() * sizeof(float), cudaMemcpyDeviceToHost) ==
              cudaSuccess);
      CHECK(back == std::vector<float>{-1, 1, 2, 3, -1, 5, 6, 7, -1, 9, 10, 11});
    }
    CHECK(calls == 1);

    // strides in bytes over a second allocation, kept alive by an owner
    float* second = nullptr;
    REQUIRE(cudaMalloc(&second, values.size() * sizeof(float)) == cudaSuccess);
    REQUIRE(cudaMemcpy(second, values.data(), values.size() * sizeof(float), cudaMemcpyHostToDevice) ==
            cudaSuccess);
    const std::shared_ptr<void> owner(second, [](void* p) { cudaFree(p); });
    {
      const nc::ndarray column = nc::from_blob(second + 1, {3}, nc::float32, gpu, owner, nc::strides_t{16});
      CHECK(owner.use_count() == 2);
      CHECK(column.to_vector<float>() == std::vector<float>{1, 5, 9});
      CHECK((column * 2.0f).to_vector<float>() == std::vector<float>{2, 10, 18});
    }
    CHECK(owner.use_count() == 1);

    if (nc::get_device_properties(gpu).managed_memory) {
      float* managed = nullptr;
      REQUIRE(cudaMallocManaged(&managed, 8 * sizeof(float)) == cudaSuccess);
      for (int i = 0; i < 8; ++i) managed[i] = static_cast<float>(i);
      {
        const nc::ndarray m = nc::from_blob(managed, {8}, nc::float32, gpu, [](void* p) { cudaFree(p); });
        CHECK((m + 1.0f).to_vector<float>() == std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8});
        nc::synchronize(gpu);
      }
    }
  }

  TEST_CASE("from_blob refuses memory that is not the GPU's and takes nothing [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    REQUIRE(cudaSetDevice(0) == cudaSuccess);
    int calls = 0;
    const auto count = [&](void*) { ++calls; };
    const auto owner = std::make_shared<int>(0);
    std::vector<float> pageable(12, 1.0f);
    CHECK_THROWS_WITH_AS(
        nc::from_blob(pageable.data(), {12}, nc::float32, gpu, count),
        "from_blob: the pointer is memory CUDA did not allocate (pageable host memory, or no "
        "allocation at all), not device or managed memory of cuda:0",
        nc::device_error);
    void* pinned = nullptr;
    REQUIRE(cudaMallocHost(&pinned, 48) == cudaSuccess);
    CHECK_THROWS_WITH_AS(
        nc::from_blob(pinned, {12}, nc::float32, gpu, owner),
        "from_blob: the pointer is page-locked host memory, not device or managed memory of cuda:0",
        nc::device_error);
    CHECK(cudaFreeHost(pinned) == cudaSuccess);
    void* raw = nullptr;
    REQUIRE(cudaMalloc(&raw, 48) == cudaSuccess);
    const int count_of_gpus = nc::cuda_device_count();
    const std::string missing = "CUDA device " + std::to_string(count_of_gpus) + " does not exist; " +
                                std::to_string(count_of_gpus) + " GPU(s) visible";
    CHECK_THROWS_WITH_AS(nc::from_blob(raw, {12}, nc::float32, nc::cuda(count_of_gpus), count),
                         missing.c_str(), nc::device_error);
    if (count_of_gpus >= 2) {
      CHECK_THROWS_WITH_AS(
          nc::from_blob(raw, {12}, nc::float32, nc::cuda(1), owner),
          "from_blob: the pointer is device memory of cuda:0, not device or managed memory of cuda:1",
          nc::device_error);
    }
    CHECK_THROWS_WITH_AS(nc::from_blob(raw, {12}, nc::float32, gpu, count, nc::strides_t{4, 4}),
                         "from_blob: 2 strides for a shape of 1 dimensions", nc::shape_error);
    CHECK(calls == 0);
    CHECK(owner.use_count() == 1);
    CHECK(cudaFree(raw) == cudaSuccess);
  }
}
