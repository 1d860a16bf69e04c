/// @file random.hpp
/// @brief Random numbers: a counter-based Philox4x32-10 generator that gives the same numbers on the CPU
/// and the GPU for the same seed, bit for bit, with NumPy's Generator methods, and rand/randn/seed
/// conveniences.
#pragma once

#include <cstdint>
#include <optional>

#include "numcu/ndarray.hpp"

namespace numcu::random {

/// A random generator (like numpy.random.Generator): Philox4x32-10 keyed by the seed. Each call uses the
/// next block of counters, so successive calls differ and a seed replays the same sequence on any device.
class generator {
 public:
  /// A generator for @p seed.
  explicit generator(std::uint64_t seed) : m_seed(seed) {}

  /// Floats uniform in [0, 1) (numpy `random`). @throws dtype_error for non-floating dtypes.
  ndarray random(const shape_t& shape, dtype t = float64, device d = default_device());
  /// Floats uniform in [low, high) (numpy `uniform`).
  ndarray uniform(double low, double high, const shape_t& shape, dtype t = float64,
                  device d = default_device());
  /// Standard normal floats: mean 0, deviation 1 (numpy `standard_normal`), by the Box-Muller transform.
  ndarray standard_normal(const shape_t& shape, dtype t = float64, device d = default_device());
  /// Normal floats with mean @p loc and deviation @p scale (numpy `normal`).
  ndarray normal(double loc, double scale, const shape_t& shape, dtype t = float64,
                 device d = default_device());
  /// Integers uniform in [low, high) (numpy `integers` with endpoint=False), without bias: Lemire's
  /// multiply-shift with rejection.
  /// @throws error "high <= low"; dtype_error for non-integer dtypes or bounds the dtype does not hold.
  ndarray integers(std::int64_t low, std::int64_t high, const shape_t& shape, dtype t = int64,
                   device d = default_device());
  /// Exponential floats with mean @p scale (numpy `exponential`).
  ndarray exponential(double scale, const shape_t& shape, dtype t = float64, device d = default_device());

  /// The seed.
  std::uint64_t seed() const { return m_seed; }
  /// Philox counters used so far.
  std::uint64_t offset() const { return m_offset; }

 private:
  ndarray draw(int kind, double a, double b, std::int64_t low, std::uint64_t range, const shape_t& shape,
               dtype t, device d);
  std::uint64_t m_seed;
  std::uint64_t m_offset = 0;
};

/// A generator for @p seed (numpy.random.default_rng).
generator default_rng(std::uint64_t seed);

/// Reseeds the generator behind rand and randn (numpy.random.seed).
void seed(std::uint64_t s);
/// Uniform float64 in [0, 1) from the global generator (numpy.random.rand).
ndarray rand(const shape_t& shape, device d = default_device());
/// Standard normal float64 from the global generator (numpy.random.randn).
ndarray randn(const shape_t& shape, device d = default_device());

}  // namespace numcu::random
