// Fourier transforms on the CPU: kissfft's C++ template (its header from Debian's libkissfft-dev, found at
// build time: NUMCU_HAVE_KISSFFT) in double or single precision, one transform at a time; a real transform
// through the complex one of the real input, a real inverse through the complex inverse of the Hermitian
// spectrum. Several axes: each in turn, its lines gathered, transformed and scattered back.
#include <algorithm>
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

#include "core/backend.hpp"
#include "numcu/error.hpp"

#if NUMCU_HAVE_KISSFFT
#include <kissfft/kissfft.hh>
#endif

namespace numcu::detail {

bool host_has_fft() {
  return NUMCU_HAVE_KISSFFT != 0;
}

#if NUMCU_HAVE_KISSFFT

namespace {

/// The complex transforms of @p count lines of @p n elements at @p data, @p stride apart within a line and
/// @p line_step between the starts of lines that follow one another in groups of @p per_group (lines of
/// different groups @p group_step apart), in place.
template <class R>
void transform_lines(std::complex<R>* data, std::int64_t n, std::int64_t stride, std::int64_t count,
                     std::int64_t per_group, std::int64_t line_step, std::int64_t group_step, bool inverse) {
  const kissfft<R> plan(static_cast<std::size_t>(n), inverse);
  std::vector<std::complex<R>> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
  for (std::int64_t line = 0; line < count; ++line) {
    std::complex<R>* start = data + (line / per_group) * group_step + (line % per_group) * line_step;
    for (std::int64_t i = 0; i < n; ++i) in[static_cast<std::size_t>(i)] = start[i * stride];
    plan.transform(in.data(), out.data());
    for (std::int64_t i = 0; i < n; ++i) start[i * stride] = out[static_cast<std::size_t>(i)];
  }
}

template <class R>
void run(const fft_call& call) {
  using C = std::complex<R>;
  std::int64_t total = call.batch;  // elements of one side, for the complex transforms
  for (int d = 0; d < call.rank; ++d) total *= call.dims[d];
  if (call.kind == fft_kind::forward || call.kind == fft_kind::inverse) {
    C* out = static_cast<C*>(call.out);
    const C* in = static_cast<const C*>(call.in);
    std::copy(in, in + total, out);
    // each axis in turn: its lines run with stride `inner` (the extents after it), grouped by the extents
    // before
    std::int64_t inner = 1;
    for (int d = call.rank - 1; d >= 0; --d) {
      const std::int64_t n = call.dims[d];
      transform_lines(out, n, inner, total / n, inner, 1, inner * n, call.kind == fft_kind::inverse);
      inner *= n;
    }
    return;
  }
  const std::int64_t n = call.dims[0], half = n / 2 + 1;
  std::vector<C> line(static_cast<std::size_t>(n));
  const kissfft<R> plan(static_cast<std::size_t>(n), call.kind == fft_kind::real_inverse);
  std::vector<C> spectrum(static_cast<std::size_t>(n));
  for (std::int64_t b = 0; b < call.batch; ++b) {
    if (call.kind == fft_kind::real_forward) {
      const R* in = static_cast<const R*>(call.in) + b * n;
      for (std::int64_t i = 0; i < n; ++i) line[static_cast<std::size_t>(i)] = C(in[i], 0);
      plan.transform(line.data(), spectrum.data());
      C* out = static_cast<C*>(call.out) + b * half;
      std::copy(spectrum.begin(), spectrum.begin() + half, out);
    } else {
      // the whole spectrum from its first half (X[n - k] = conj X[k]); the real part of its inverse
      const C* in = static_cast<const C*>(call.in) + b * half;
      for (std::int64_t k = 0; k < half; ++k) line[static_cast<std::size_t>(k)] = in[k];
      for (std::int64_t k = half; k < n; ++k) line[static_cast<std::size_t>(k)] = std::conj(in[n - k]);
      plan.transform(line.data(), spectrum.data());
      R* out = static_cast<R*>(call.out) + b * n;
      for (std::int64_t i = 0; i < n; ++i) out[i] = spectrum[static_cast<std::size_t>(i)].real();
    }
  }
}

}  // namespace

template <>
void fft_batch<host_backend>(const exec&, const fft_call& call) {
  if (call.t == complex64) {
    run<float>(call);
  } else {
    run<double>(call);
  }
}

#else

template <>
void fft_batch<host_backend>(const exec&, const fft_call&) {
  throw device_error(
      "fft on the CPU needs kissfft, which this build of numcu did not find (Debian: libkissfft-dev)");
}

#endif

}  // namespace numcu::detail
