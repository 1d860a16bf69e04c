// The execution context and the routing of a call to a backend (internal: src/core/exec.hpp,
// src/dispatch/route.hpp): a backend an operation does not accept is a device_error raised before anything
// runs, and library handles are created once per thread and device and bound to the call's stream.
#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "dispatch/route.hpp"

namespace d = numcu::detail;
namespace nc = numcu;

namespace {

// A stand-in for a GPU library: its handles are numbers, creation and stream binding are recorded.
struct fake_library {
  using handle = int;
  static inline int next = 100;
  static inline std::vector<void*> streams;
  static handle create(nc::device) { return next++; }
  static void set_stream(handle, void* stream) { streams.push_back(stream); }
};

}  // namespace

TEST_SUITE("route") {
  TEST_CASE("an operation a backend does not accept is a device_error, raised before anything runs") {
    bool ran = false;
    CHECK_THROWS_WITH_AS(
        d::route(nc::cpu, "frobnicate", [&](d::cuda_backend, const d::exec&) { ran = true; }),
        "frobnicate is not available on cpu", nc::device_error);
    // no GPU is touched either: the check comes before the device guard
    CHECK_THROWS_WITH_AS(
        d::route(nc::cuda(0), "frobnicate", [&](d::host_backend, const d::exec&) { ran = true; }),
        "frobnicate is not available on cuda:0", nc::device_error);
    CHECK_FALSE(ran);
  }

  TEST_CASE("the host backend runs with a context of the CPU and no stream") {
    const int result = d::route(nc::cpu, "probe", [](auto backend, const d::exec& e) {
      CHECK(std::is_same_v<decltype(backend), d::host_backend>);
      CHECK(e.where() == nc::cpu);
      CHECK(e.stream() == nullptr);
      return 7;
    });
    CHECK(result == 7);
  }

  TEST_CASE("workspace memory comes from the context's device") {
    d::route(nc::cpu, "probe", [](d::host_backend, const d::exec& e) {
      auto* p = static_cast<unsigned char*>(e.workspace(1000));
      REQUIRE(p != nullptr);
      p[0] = 1;
      p[999] = 2;  // the whole block is usable
      CHECK(e.workspace(16) != static_cast<void*>(p));
    });
  }

  TEST_CASE("library handles: one per thread and device, reused, bound to the call's stream") {
    void* stream = reinterpret_cast<void*>(0x1234);
    const d::exec first(nc::cpu, stream), second(nc::cpu, nullptr);
    const int h = first.library_handle<fake_library>();
    CHECK(second.library_handle<fake_library>() == h);  // the same thread reuses its handle
    CHECK(d::library_handles<fake_library>::created(nc::cpu) == 1);
    CHECK(fake_library::streams == std::vector<void*>{stream, nullptr});  // bound to each call's stream
    int other = 0;
    std::thread([&] { other = d::exec(nc::cpu, nullptr).library_handle<fake_library>(); }).join();
    CHECK(other != h);  // another thread gets its own
    CHECK(d::library_handles<fake_library>::created(nc::cpu) == 2);
    int reused = 0;
    std::thread([&] { reused = d::exec(nc::cpu, nullptr).library_handle<fake_library>(); }).join();
    CHECK(reused == other);  // a finished thread's handle goes to the next one
    CHECK(d::library_handles<fake_library>::created(nc::cpu) == 2);
  }
}
