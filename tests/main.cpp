// The doctest runner; prints where the CUDA cases run, or that they are skipped (and the CPU cases that need
// LAPACK, in a build without one).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <iostream>

#include <numcu/numcu.hpp>

int main(int argc, char** argv) {
  if (numcu::cuda_device_count() == 0) {
    std::cout << "[numcu] no usable GPU: the [cuda] test cases are reported as skipped\n";
  } else {
    std::cout << "[numcu] [cuda] test cases run on " << numcu::cuda(0) << "\n";
  }
  if (!numcu::linalg::cpu_lapack_available()) {
    std::cout << "[numcu] no CPU LAPACK in this build: the [cpu] cases of the decompositions and solvers are "
                 "reported as skipped\n";
  }
  doctest::Context context(argc, argv);
  return context.run();
}
