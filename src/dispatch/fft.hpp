// Fourier transforms between the public API and the backends.
#pragma once

#include <cstdint>
#include <optional>

#include "core/backend.hpp"
#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// The transforms @p kind of sizes @p dims (the real lengths for real transforms) over the last @p rank axes
/// of the C-contiguous @p in into the C-contiguous @p out, both on one device, of complex dtype @p t or its
/// part dtype on the real side; @p in may be overwritten by a real_inverse. Nothing runs for an empty batch.
void fft_into(fft_kind kind, dtype t, int rank, const std::int64_t* dims, const ndarray& in,
              const ndarray& out);

/// The cuFFT plan cache of the calling thread on GPU @p where.
fft::plan_cache_info fft_plan_cache(device where);

}  // namespace numcu::detail
