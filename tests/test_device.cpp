// Devices: names, the default device, bad ordinals, device properties.
#include <cuda_runtime.h>  // the runtime's own answers, the oracle for get_device_properties

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

  TEST_CASE("get_device_properties of the CPU or of a GPU that does not exist is a device_error") {
    constexpr const char* not_a_gpu =
        "get_device_properties: cpu is not a CUDA device; device properties describe a GPU (nc::cuda(i))";
    CHECK_THROWS_WITH_AS(nc::get_device_properties(nc::cpu), not_a_gpu, nc::device_error);
    if (numcu_test::no_gpu()) {
      CHECK_THROWS_WITH_AS(nc::get_device_properties(), not_a_gpu, nc::device_error);  // the default is cpu
      CHECK_THROWS_WITH_AS(nc::get_device_properties(nc::cuda(0)),
                           "no CUDA GPU is available (cuda:0 requested); use nc::cpu or a machine with a GPU",
                           nc::device_error);
    } else {
      const std::string expected =
          "CUDA device 99 does not exist; " + std::to_string(nc::cuda_device_count()) + " GPU(s) visible";
      CHECK_THROWS_WITH_AS(nc::get_device_properties(nc::cuda(99)), expected.c_str(), nc::device_error);
      CHECK_THROWS_AS(nc::get_device_properties(nc::cuda(-1)), nc::device_error);
    }
  }

  TEST_CASE("device properties agree with the CUDA runtime's attributes [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device_properties p = nc::get_device_properties(nc::cuda(0));
    const auto attribute = [](cudaDeviceAttr which) {
      int value = -1;
      REQUIRE(cudaDeviceGetAttribute(&value, which, 0) == cudaSuccess);
      return value;
    };
    CHECK_FALSE(p.name.empty());
    CHECK(nc::info().find(p.name) != std::string::npos);
    CHECK(p.compute_capability_major >= 7);
    CHECK(p.compute_capability_major == attribute(cudaDevAttrComputeCapabilityMajor));
    CHECK(p.compute_capability_minor == attribute(cudaDevAttrComputeCapabilityMinor));
    CHECK(p.compute_capability() == 10 * p.compute_capability_major + p.compute_capability_minor);
    CHECK(p.warp_size == 32);
    CHECK(p.multiprocessor_count > 0);
    CHECK(p.multiprocessor_count == attribute(cudaDevAttrMultiProcessorCount));
    CHECK(p.max_threads_per_block == 1024);
    CHECK(p.max_block_dims == std::array<int, 3>{1024, 1024, 64});
    CHECK(p.max_grid_dims == std::array<int, 3>{2147483647, 65535, 65535});
    CHECK(p.max_threads_per_multiprocessor >= 1024);
    CHECK(p.max_threads_per_multiprocessor <= 2048);
    CHECK(p.max_threads_per_multiprocessor == attribute(cudaDevAttrMaxThreadsPerMultiProcessor));
    CHECK(p.max_blocks_per_multiprocessor >= 16);
    CHECK(p.max_blocks_per_multiprocessor == attribute(cudaDevAttrMaxBlocksPerMultiprocessor));
    CHECK(p.shared_memory_per_block == 48 * 1024);
    CHECK(p.shared_memory_per_block ==
          static_cast<std::size_t>(attribute(cudaDevAttrMaxSharedMemoryPerBlock)));
    CHECK(p.shared_memory_per_block_optin >= p.shared_memory_per_block);
    CHECK(p.shared_memory_per_block_optin ==
          static_cast<std::size_t>(attribute(cudaDevAttrMaxSharedMemoryPerBlockOptin)));
    CHECK(p.shared_memory_per_multiprocessor >= p.shared_memory_per_block_optin);
    CHECK(p.shared_memory_per_multiprocessor ==
          static_cast<std::size_t>(attribute(cudaDevAttrMaxSharedMemoryPerMultiprocessor)));
    CHECK(p.reserved_shared_memory_per_block ==
          static_cast<std::size_t>(attribute(cudaDevAttrReservedSharedMemoryPerBlock)));
    CHECK(p.registers_per_block == 65536);
    CHECK(p.registers_per_block == attribute(cudaDevAttrMaxRegistersPerBlock));
    CHECK(p.registers_per_multiprocessor == 65536);
    CHECK(p.registers_per_multiprocessor == attribute(cudaDevAttrMaxRegistersPerMultiprocessor));
    std::size_t free_bytes = 0, total_bytes = 0;
    REQUIRE(cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess);
    CHECK(p.total_memory >= (std::size_t{1} << 30));
    CHECK(p.total_memory >= free_bytes);
    CHECK(p.total_constant_memory == 65536);
    CHECK(p.total_constant_memory == static_cast<std::size_t>(attribute(cudaDevAttrTotalConstantMemory)));
    CHECK(p.l2_cache_size > 0);
    CHECK(p.l2_cache_size == static_cast<std::size_t>(attribute(cudaDevAttrL2CacheSize)));
    CHECK(p.persisting_l2_cache_max_size ==
          static_cast<std::size_t>(attribute(cudaDevAttrMaxPersistingL2CacheSize)));
    CHECK(p.memory_bus_width > 0);
    CHECK(p.memory_bus_width == attribute(cudaDevAttrGlobalMemoryBusWidth));
    CHECK(p.clock_rate_khz > 0);
    CHECK(p.clock_rate_khz == attribute(cudaDevAttrClockRate));
    CHECK(p.memory_clock_rate_khz == attribute(cudaDevAttrMemoryClockRate));
    CHECK(p.async_engine_count >= 1);
    CHECK(p.async_engine_count == attribute(cudaDevAttrAsyncEngineCount));
    CHECK(p.concurrent_kernels == (attribute(cudaDevAttrConcurrentKernels) != 0));
    CHECK(p.cooperative_launch == (attribute(cudaDevAttrCooperativeLaunch) != 0));
    CHECK(p.cluster_launch == (attribute(cudaDevAttrClusterLaunch) != 0));
    CHECK(p.cluster_launch == (p.compute_capability_major >= 9));
    CHECK(p.managed_memory == (attribute(cudaDevAttrManagedMemory) != 0));
    CHECK(p.concurrent_managed_access == (attribute(cudaDevAttrConcurrentManagedAccess) != 0));
    CHECK(p.unified_addressing);  // every 64-bit platform CUDA 12 supports
    CHECK(p.integrated == (attribute(cudaDevAttrIntegrated) != 0));
    CHECK(p.ecc_enabled == (attribute(cudaDevAttrEccEnabled) != 0));
    CHECK(p.pci_domain_id == attribute(cudaDevAttrPciDomainId));
    CHECK(p.pci_bus_id == attribute(cudaDevAttrPciBusId));
    CHECK(p.pci_device_id == attribute(cudaDevAttrPciDeviceId));
    // the second query is the cache's, and the same; the default device is cuda(0) here
    CHECK(nc::get_device_properties(nc::cuda(0)) == p);
    CHECK(nc::get_device_properties() == p);
  }
}
