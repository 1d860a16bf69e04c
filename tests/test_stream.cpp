// Streams and events: current stream per device, guards, recording, timing, synchronization, waits on
// events, streams numcu does not own.
#include <cuda_runtime.h>  // a stream made outside numcu, for stream::from_native

#include "test_support.hpp"

TEST_SUITE("stream") {
  TEST_CASE("the CPU device has one synchronous stream") {
    nc::stream s(nc::cpu);
    CHECK(s.get_device() == nc::cpu);
    CHECK(s.query());
    s.synchronize();
    CHECK(nc::current_stream(nc::cpu) == nc::stream::null(nc::cpu));
    nc::event start(nc::cpu), stop(nc::cpu);
    start.record();
    stop.record();
    stop.synchronize();
    CHECK(stop.elapsed_time(start) >= 0.0f);
    nc::synchronize(nc::cpu);
  }

  TEST_CASE("a stream guard makes work go to its stream [cuda]" * doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    CHECK(nc::current_stream(gpu) == nc::stream::null(gpu));
    nc::stream s(gpu);
    CHECK(s.native_handle() != nullptr);
    {
      nc::stream_guard guard(s);
      CHECK(nc::current_stream(gpu) == s);
      nc::event start(gpu), stop(gpu);
      start.record();
      auto a = nc::ones({1 << 20}, nc::float32, gpu);
      auto b = a.astype(nc::float64);
      stop.record();
      stop.synchronize();
      CHECK(stop.query());
      CHECK(stop.elapsed_time(start) >= 0.0f);
      CHECK(b(12345).item<double>() == 1.0);  // read back on the guarded stream
    }
    CHECK(nc::current_stream(gpu) == nc::stream::null(gpu));
    s.synchronize();
    CHECK(s.query());
    nc::synchronize(gpu);
  }

  TEST_CASE("events and streams check their devices [cuda]" * doctest::skip(numcu_test::no_gpu())) {
    nc::event e(nc::cuda(0));
    CHECK_THROWS_AS(e.record(nc::stream(nc::cpu)), nc::device_error);
    nc::event untimed(nc::cuda(0), false);
    untimed.record();
    e.record();
    e.synchronize();
    CHECK_THROWS_AS(e.elapsed_time(untimed), nc::cuda_error);
  }

  TEST_CASE("on the CPU a stream's wait on an event is immediate") {
    nc::stream s(nc::cpu);
    nc::event e(nc::cpu);
    CHECK(e.get_device() == nc::cpu);
    s.wait(e);  // never recorded
    e.record(s);
    s.wait(e);
    nc::stream::null(nc::cpu).wait(e);
    CHECK(s.query());
    CHECK(e.query());
  }

  TEST_CASE("stream::from_native needs a GPU that exists") {
    CHECK_THROWS_WITH_AS(nc::stream::from_native(nullptr, nc::cpu),
                         "stream::from_native: a CUDA stream belongs to a GPU; cpu was given",
                         nc::device_error);
    CHECK_THROWS_AS(nc::stream::from_native(nullptr, nc::cuda(99)), nc::device_error);
    if (numcu_test::no_gpu()) {
      CHECK_THROWS_WITH_AS(nc::stream::from_native(nullptr, nc::cuda(0)),
                           "no CUDA GPU is available (cuda:0 requested); use nc::cpu or a machine with a GPU",
                           nc::device_error);
    }
  }

  TEST_CASE("a stream waits on an event before reading what another stream wrote [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const std::int64_t n = std::int64_t{1} << 24;
    nc::ndarray host = nc::pinned_empty({n}, nc::float32);
    auto* values = static_cast<float*>(host.data_ptr());
    for (std::int64_t i = 0; i < n; ++i) values[i] = static_cast<float>(i % 1000) + 0.5f;
    const nc::ndarray a = nc::zeros({n}, nc::float32, gpu);
    nc::synchronize(gpu);  // made on the default stream, which the non-blocking streams below do not wait for
    const nc::stream producer(gpu), consumer(gpu);
    nc::event written(gpu);
    {
      // keep the producer busy before it writes a, so that a consumer that did not wait would read zeros
      nc::stream_guard guard(producer);
      nc::ndarray busy = nc::ones({n}, nc::float32, gpu);
      for (int i = 0; i < 40; ++i) busy = nc::sqrt(busy + 1.0f);
      written = nc::to_device_async(host, a, producer);
    }
    consumer.wait(written);
    nc::ndarray back = nc::pinned_empty({n}, nc::float32);
    {
      nc::stream_guard guard(consumer);
      const nc::ndarray doubled = a * 2.0f;  // exact in float32
      nc::event read = nc::to_host_async(doubled, back, consumer);
      read.synchronize();
      CHECK(read.query());
      CHECK(written.query());  // the consumer's work followed the producer's copy
      CHECK(read.elapsed_time(written) >= 0.0f);
    }
    const auto* got = static_cast<const float*>(back.data_ptr());
    std::int64_t wrong = 0;
    for (std::int64_t i = 0; i < n; ++i) wrong += got[i] != 2.0f * values[i];
    CHECK(wrong == 0);
    CHECK(got[n - 1] == 2.0f * (static_cast<float>((n - 1) % 1000) + 0.5f));
    nc::synchronize(gpu);  // a was used on other streams than the one it is freed on
  }

  TEST_CASE("a stream waits only on events of its own device [cuda]" * doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    nc::stream s(gpu);
    nc::event on_cpu(nc::cpu), on_gpu(gpu);
    CHECK(on_gpu.get_device() == gpu);
    CHECK_THROWS_WITH_AS(s.wait(on_cpu), "cannot make a stream of cuda:0 wait on an event of cpu",
                         nc::device_error);
    CHECK_THROWS_WITH_AS(nc::stream(nc::cpu).wait(on_gpu),
                         "cannot make a stream of cpu wait on an event of cuda:0", nc::device_error);
    s.wait(on_gpu);  // never recorded: nothing to wait for
    s.synchronize();
    CHECK(s.query());
    on_gpu.record(s);
    nc::stream::null(gpu).wait(on_gpu);
    nc::synchronize(gpu);
    CHECK(on_gpu.query());
  }

  TEST_CASE("stream::from_native queues work on a stream numcu does not own [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    REQUIRE(cudaSetDevice(0) == cudaSuccess);
    cudaStream_t raw = nullptr;
    REQUIRE(cudaStreamCreateWithFlags(&raw, cudaStreamNonBlocking) == cudaSuccess);
    {
      const nc::stream s = nc::stream::from_native(raw, gpu);
      CHECK(s.native_handle() == static_cast<void*>(raw));
      CHECK(s.get_device() == gpu);
      nc::stream_guard guard(s);
      CHECK(nc::current_stream(gpu) == s);
      const nc::ndarray a = nc::arange(0, 1000, 1, nc::float64, gpu);  // allocated and filled on raw
      const std::vector<double> tripled = (a * 3.0).to_vector<double>();
      REQUIRE(tripled.size() == 1000);
      for (int i = 0; i < 1000; ++i) CHECK(tripled[i] == 3.0 * i);
      s.synchronize();
      CHECK(s.query());
    }
    // the arrays were freed on raw and the wrapper is gone; the stream is still the caller's, and alive
    CHECK(cudaStreamSynchronize(raw) == cudaSuccess);
    CHECK(cudaStreamQuery(raw) == cudaSuccess);
    CHECK(cudaStreamDestroy(raw) == cudaSuccess);
    const nc::stream owned(gpu);
    CHECK(nc::stream::from_native(owned.native_handle(), gpu) == owned);
    CHECK(nc::stream::from_native(nullptr, gpu) == nc::stream::null(gpu));
#if CUDART_VERSION >= 12080  // cudaStreamGetDevice, which tells a stream's device, came with CUDA 12.8
    if (nc::cuda_device_count() >= 2) {
      CHECK_THROWS_WITH_AS(nc::stream::from_native(owned.native_handle(), nc::cuda(1)),
                           "stream::from_native: the stream belongs to cuda:0, not cuda:1", nc::device_error);
    }
#endif
  }

  TEST_CASE("a GPU that does not exist is a device_error") {
    CHECK_THROWS_AS(nc::stream(nc::cuda(99)), nc::device_error);
    CHECK_THROWS_AS(nc::event(nc::cuda(99)), nc::device_error);
    CHECK_THROWS_AS(nc::current_stream(nc::cuda(99)), nc::device_error);
  }
}
