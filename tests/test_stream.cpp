// Streams and events: current stream per device, guards, recording, timing, synchronization.
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

  TEST_CASE("a GPU that does not exist is a device_error") {
    CHECK_THROWS_AS(nc::stream(nc::cuda(99)), nc::device_error);
    CHECK_THROWS_AS(nc::event(nc::cuda(99)), nc::device_error);
    CHECK_THROWS_AS(nc::current_stream(nc::cuda(99)), nc::device_error);
  }
}
