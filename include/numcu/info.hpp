/// @file info.hpp
/// @brief A description of the CUDA setup: driver, runtime, NVRTC, each GPU, and the default device.
#pragma once

#include <string>

namespace numcu {

/// A multi-line report: numcu version, CUDA driver and runtime versions, NVRTC version, every GPU (name,
/// compute capability, multiprocessors, memory), the default device, and how runtime kernels are compiled and
/// where they are cached. With no driver or no GPU it says so
/// and names the CPU backend; it never throws.
std::string info();

/// The numcu version, "major.minor.patch".
std::string version();

}  // namespace numcu
