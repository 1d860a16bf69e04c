// numcu-info: prints the CUDA driver, runtime, NVRTC, the GPUs and the default device.
#include <iostream>

#include <numcu/numcu.hpp>

int main() {
  std::cout << numcu::info();
  return 0;
}
