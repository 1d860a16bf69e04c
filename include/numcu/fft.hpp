/// @file fft.hpp
/// @brief numpy.fft in `numcu::fft`: fft, ifft, rfft, irfft, hfft, ihfft, their 2-D and n-D forms, fftfreq,
/// rfftfreq, fftshift, ifftshift, with NumPy 2's `n`/`s`, `axis`/`axes`, `norm` and `out`, result dtypes and
/// messages. cuFFT on the GPU (plans cached per device and host thread), kissfft on the CPU where the build
/// found it. float32, float16 and complex64 are transformed in single precision, everything else in double.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "numcu/device.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/shape.hpp"

/// numpy.fft.
namespace numcu::fft {

/// numpy.fft's `norm`: which direction is scaled by 1/n ("backward": the inverse, NumPy's default;
/// "forward": the forward transform), or both by 1/sqrt(n) ("ortho").
enum class norm_mode { backward, ortho, forward };

/// numpy.fft.fft: the discrete Fourier transform of length @p n (default: the axis's extent; the input cut or
/// padded with zeros to it) along @p axis, complex64 for float16, float32 and complex64 input, complex128 for
/// the rest. With @p out (complex, of the result's shape) the result is written there and returned.
/// @throws shape_error "Invalid number of FFT data points (0) specified.", "output array has wrong shape.";
/// index_error for an axis out of range; dtype_error for an @p out the result cannot be cast to; device_error
/// on the CPU of a build without kissfft.
ndarray fft(const ndarray& a, std::optional<std::int64_t> n = std::nullopt, std::int64_t axis = -1,
            norm_mode norm = norm_mode::backward, const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.ifft: the inverse of fft (scaled by 1/n with the default norm).
ndarray ifft(const ndarray& a, std::optional<std::int64_t> n = std::nullopt, std::int64_t axis = -1,
             norm_mode norm = norm_mode::backward, const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.rfft: the transform of real input, its n / 2 + 1 non-negative frequencies. @throws dtype_error
/// for complex input, as fft otherwise.
ndarray rfft(const ndarray& a, std::optional<std::int64_t> n = std::nullopt, std::int64_t axis = -1,
             norm_mode norm = norm_mode::backward, const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.irfft: the inverse of rfft, a real result of length @p n (default 2 (m - 1) for m inputs along
/// the axis; the first n / 2 + 1 inputs used), float32 for single precision (float16 for float16 input),
/// float64 for the rest.
ndarray irfft(const ndarray& a, std::optional<std::int64_t> n = std::nullopt, std::int64_t axis = -1,
              norm_mode norm = norm_mode::backward, const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.hfft: the transform of a signal with Hermitian symmetry (given by its first half), real.
ndarray hfft(const ndarray& a, std::optional<std::int64_t> n = std::nullopt, std::int64_t axis = -1,
             norm_mode norm = norm_mode::backward, const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.ihfft: the inverse of hfft, of real input.
ndarray ihfft(const ndarray& a, std::optional<std::int64_t> n = std::nullopt, std::int64_t axis = -1,
              norm_mode norm = norm_mode::backward, const std::optional<ndarray>& out = std::nullopt);

/// numpy.fft.fftn: fft over each of @p axes (default: the last len(s) axes, or all), of the lengths @p s
/// (default: the axes' extents; -1 keeps one). @throws shape_error "Shape and axes have different lengths.",
/// as fft.
ndarray fftn(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s = std::nullopt,
             const std::optional<std::vector<std::int64_t>>& axes = std::nullopt,
             norm_mode norm = norm_mode::backward, const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.ifftn.
ndarray ifftn(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s = std::nullopt,
              const std::optional<std::vector<std::int64_t>>& axes = std::nullopt,
              norm_mode norm = norm_mode::backward, const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.rfftn: rfft over the last of @p axes, then fft over the others.
ndarray rfftn(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s = std::nullopt,
              const std::optional<std::vector<std::int64_t>>& axes = std::nullopt,
              norm_mode norm = norm_mode::backward, const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.irfftn: ifft over all but the last of @p axes, then irfft over it (length s[-1], default
/// 2 (m - 1)).
ndarray irfftn(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s = std::nullopt,
               const std::optional<std::vector<std::int64_t>>& axes = std::nullopt,
               norm_mode norm = norm_mode::backward, const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.fft2: fftn over @p axes (-2, -1).
ndarray fft2(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s = std::nullopt,
             const std::vector<std::int64_t>& axes = {-2, -1}, norm_mode norm = norm_mode::backward,
             const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.ifft2.
ndarray ifft2(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s = std::nullopt,
              const std::vector<std::int64_t>& axes = {-2, -1}, norm_mode norm = norm_mode::backward,
              const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.rfft2.
ndarray rfft2(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s = std::nullopt,
              const std::vector<std::int64_t>& axes = {-2, -1}, norm_mode norm = norm_mode::backward,
              const std::optional<ndarray>& out = std::nullopt);
/// numpy.fft.irfft2.
ndarray irfft2(const ndarray& a, const std::optional<std::vector<std::int64_t>>& s = std::nullopt,
               const std::vector<std::int64_t>& axes = {-2, -1}, norm_mode norm = norm_mode::backward,
               const std::optional<ndarray>& out = std::nullopt);

/// numpy.fft.fftfreq: the @p n sample frequencies [0, 1, ..., -1] / (d n), float64, on @p where.
/// @throws error "float division by zero" where n d is 0 (NumPy's ZeroDivisionError), shape_error "negative
/// dimensions are not allowed" for a negative @p n.
ndarray fftfreq(std::int64_t n, double d = 1.0, device where = default_device());
/// numpy.fft.rfftfreq: the n // 2 + 1 non-negative sample frequencies of rfft, float64 (none for a negative
/// @p n, as NumPy's). @throws error "float division by zero" where n d is 0.
ndarray rfftfreq(std::int64_t n, double d = 1.0, device where = default_device());
/// numpy.fft.fftshift: the zero frequency moved to the middle along @p axes (default all): a roll by n / 2.
ndarray fftshift(const ndarray& x, const axis_arg& axes = none);
/// numpy.fft.ifftshift: the inverse of fftshift (a roll by -(n / 2)).
ndarray ifftshift(const ndarray& x, const axis_arg& axes = none);

/// Whether this build of numcu has kissfft for the CPU (found at build time); without it the transforms throw
/// device_error on the CPU. The GPU's use cuFFT, which ships with the CUDA toolkit.
bool cpu_fft_available();

/// The cuFFT plans cached for the calling host thread on a GPU (as CuPy's PlanCache): how many, and the work
/// areas they need, with their limits.
struct plan_cache_info {
  std::size_t plans = 0;       ///< plans cached
  std::size_t max_plans = 0;   ///< the most kept (least recently used dropped first; the plan in use stays)
  std::size_t work_bytes = 0;  ///< the work areas the cached plans ask for (allocated per call, not kept)
  std::size_t max_work_bytes = 0;  ///< the most kept, in work area bytes; 0: no limit
};

/// The state of the calling thread's plan cache on GPU @p where.
plan_cache_info plan_cache(device where);
/// The number of plans each thread's cache keeps per GPU (default 16; 0 keeps only the plan of the last
/// call).
void set_plan_cache_size(std::size_t plans);
/// The total work area of the plans each cache keeps (0, the default: no limit).
void set_plan_cache_memory_limit(std::size_t bytes);
/// Destroys the plans cached for the calling thread on every GPU.
void clear_plan_cache();

}  // namespace numcu::fft
