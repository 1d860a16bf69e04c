// numcu_bench: runs the benchmark groups on cuda(0) and writes every result to the JSON file given as the
// first argument (default numcu_bench.json), for bench/compare.py; a second argument names the one group to
// run (foundation, elementwise, reduction, sorting, joining, linalg, io, variants, scan, selection, rtc,
// baselines; variants, scan and selection only in a build with -DNUMCU_BUILD_BENCHMARK_VARIANTS=ON).
// `numcu_bench
// --first-launch-child` is the fresh process bench_rtc.cpp starts to time a launch from the disk cache.
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>

#include <numcu/numcu.hpp>

#include "timing.hpp"

void run_foundation_benchmarks();
void run_elementwise_benchmarks();
void run_reduction_benchmarks();
void run_sorting_benchmarks();
void run_joining_benchmarks();
void run_linalg_benchmarks();
void run_io_benchmarks();
void run_rtc_benchmarks();
void run_baseline_benchmarks();
#ifdef NUMCU_BENCHMARK_VARIANTS
void run_reduction_variants();
void run_scan_variants();
void run_selection_variants();
#endif
int run_first_launch_child();

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--first-launch-child") return run_first_launch_child();
  const std::string out_path = argc > 1 ? argv[1] : "numcu_bench.json";
  if (numcu::cuda_device_count() == 0) {
    std::printf("no GPU: the benchmarks run on the GPU only\n");
    return 0;
  }
  std::printf("%s", numcu::info().c_str());
  cudaDeviceProp prop{};
  bench::check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  // the groups to run: all, or the one named by the second argument (e.g. to profile one group's kernels)
  const std::string only = argc > 2 ? argv[2] : "";
  const std::pair<const char*, void (*)()> groups[] = {{"foundation", run_foundation_benchmarks},
                                                       {"elementwise", run_elementwise_benchmarks},
                                                       {"reduction", run_reduction_benchmarks},
                                                       {"sorting", run_sorting_benchmarks},
                                                       {"joining", run_joining_benchmarks},
                                                       {"linalg", run_linalg_benchmarks},
                                                       {"io", run_io_benchmarks},
#ifdef NUMCU_BENCHMARK_VARIANTS
                                                       {"variants", run_reduction_variants},
                                                       {"scan", run_scan_variants},
                                                       {"selection", run_selection_variants},
#endif
                                                       {"rtc", run_rtc_benchmarks},
                                                       {"baselines", run_baseline_benchmarks}};
  bool ran = false;
  for (const auto& [name, run] : groups) {
    if (only.empty() || only == name) {
      run();
      ran = true;
    }
  }
  if (!ran) {
    std::printf(
        "no group %s in this build (variants, scan and selection need -DNUMCU_BUILD_BENCHMARK_VARIANTS=ON)\n",
        only.c_str());
    return 1;
  }

  std::ofstream out(out_path);
  out << "{\n  \"gpu\": \"" << prop.name << "\",\n  \"results\": [\n";
  const auto& results = bench::results();
  for (std::size_t i = 0; i < results.size(); ++i) {
    const bench::result& r = results[i];
    out << "    {\"name\": \"" << r.name << "\", \"bytes\": " << r.bytes << ", \"ms\": " << r.ms
        << ", \"unit\": \"" << r.unit << "\", \"size\": " << r.size << "}"
        << (i + 1 < results.size() ? "," : "") << "\n";
  }
  out << "  ]\n}\n";
  std::printf("wrote %s\n", out_path.c_str());
  return 0;
}
