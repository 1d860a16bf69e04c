// Streams and events: the data goes to the GPU, through a kernel and back in chunks, each chunk on one of two
// streams, so that one chunk's copies overlap another's kernel. Page-locked host memory makes the copies
// asynchronous; events time the whole and each chunk, and the timeline is printed.
#include <cmath>
#include <cstdio>
#include <vector>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "example_support.hpp"

namespace nc = numcu;

int main() {
  if (example::no_gpu("streams_overlap")) return 0;
  const nc::raw_module module(R"(
extern "C" __global__ void work(float* x, long long n) {  // enough arithmetic to take as long as a copy
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < n) {
    float v = x[i];
    for (int k = 0; k < 64; ++k) v = v * 0.999f + 0.001f;
    x[i] = v;
  }
}
)");
  const auto work = module.get_function("work");
  const nc::device gpu = nc::cuda(0);
  const long long n = 1LL << 26, chunks = 8, chunk = n / chunks;
  auto host_in = nc::pinned_empty({n}, nc::float32);
  auto host_out = nc::pinned_empty({n}, nc::float32);
  {
    float* p = static_cast<float*>(host_in.data_ptr());
    for (long long i = 0; i < n; ++i) p[i] = static_cast<float>(i % 1000) / 1000.0f;
  }
  auto device_data = nc::empty({n}, nc::float32, gpu);
  const nc::stream streams[2] = {nc::stream(gpu), nc::stream(gpu)};
  const auto run = [&](bool overlapped) {
    nc::event start(gpu), stop(gpu);
    start.record(streams[0]);
    streams[1].wait(start);
    std::vector<nc::event> done;
    for (long long c = 0; c < chunks; ++c) {
      const nc::stream& s = streams[overlapped ? c % 2 : 0];
      const auto part = nc::slice(c * chunk, (c + 1) * chunk);
      nc::to_device_async(host_in(part), device_data(part), s);
      work((chunk + 255) / 256, 256, {device_data(part), chunk}, 0, s);
      done.push_back(nc::to_host_async(device_data(part), host_out(part), s));
    }
    streams[0].wait(done.back());
    if (overlapped) streams[0].wait(done[done.size() - 2]);
    stop.record(streams[0]);
    stop.synchronize();
    std::printf("%s: %.3f ms; chunk copies back done at", overlapped ? "two streams" : "one stream ",
                stop.elapsed_time(start));
    for (const auto& e : done) std::printf(" %.2f", e.elapsed_time(start));
    std::printf(" ms\n");
    return stop.elapsed_time(start);
  };
  run(false);  // warm-up: the kernel is compiled and loaded here
  const float serial = run(false), overlapped = run(true);
  std::printf("overlap saves %.0f%%\n", 100.0 * (1.0 - overlapped / serial));

  const float* in = static_cast<const float*>(host_in.data_ptr());
  const float* out = static_cast<const float*>(host_out.data_ptr());
  bool ok = true;
  for (long long i = 0; i < n; i += 9973) {
    float v = in[i];
    for (int k = 0; k < 64; ++k) v = std::fma(v, 0.999f, 0.001f);
    ok = ok && std::abs(out[i] - v) <= 1e-6f;
  }
  return example::verdict("streams_overlap", ok);
}
