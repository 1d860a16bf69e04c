// The random generator: validates a call, reserves its counters, and fills a new array on its device.
#include "numcu/random.hpp"

#include <mutex>
#include <string>

#include "core/scalar_cast.hpp"
#include "device/random_values.hpp"
#include "dispatch/dispatch.hpp"
#include "numcu/creation.hpp"

namespace numcu::random {
namespace {

void require_floating(dtype t, const char* what) {
  if (!t.is_floating()) {
    throw dtype_error(std::string(what) + ": unsupported dtype " + std::string(t.name()) +
                      " (a floating dtype is needed)");
  }
}

std::mutex global_mutex;
generator& global_generator() {
  static generator g(0);
  return g;
}

}  // namespace

ndarray generator::draw(int kind, double a, double b, std::int64_t low, std::uint64_t range,
                        const shape_t& shape, dtype t, device d) {
  detail::random_params p{};
  p.kind = static_cast<detail::distribution>(kind);
  p.a = a;
  p.b = b;
  p.low = low;
  p.range = range;
  p.seed = m_seed;
  p.offset = m_offset;
  p.wide = p.kind == detail::distribution::integers ? range > 0xffffffffull : t == float64;
  if (p.kind == detail::distribution::integers) p.threshold = detail::lemire_threshold(range, p.wide);
  ndarray out = empty(shape, t, d);
  m_offset += detail::group_count(out.size(), p.wide);
  detail::random_into(out, p);
  return out;
}

ndarray generator::random(const shape_t& shape, dtype t, device d) {
  require_floating(t, "random");
  return draw(static_cast<int>(detail::distribution::uniform), 0.0, 1.0, 0, 0, shape, t, d);
}

ndarray generator::uniform(double low, double high, const shape_t& shape, dtype t, device d) {
  require_floating(t, "uniform");
  return draw(static_cast<int>(detail::distribution::uniform), low, high, 0, 0, shape, t, d);
}

ndarray generator::standard_normal(const shape_t& shape, dtype t, device d) {
  return normal(0.0, 1.0, shape, t, d);
}

ndarray generator::normal(double loc, double scale, const shape_t& shape, dtype t, device d) {
  require_floating(t, "normal");
  if (scale < 0) throw error("normal: scale < 0");
  return draw(static_cast<int>(detail::distribution::normal), loc, scale, 0, 0, shape, t, d);
}

ndarray generator::exponential(double scale, const shape_t& shape, dtype t, device d) {
  require_floating(t, "exponential");
  if (scale < 0) throw error("exponential: scale < 0");
  return draw(static_cast<int>(detail::distribution::exponential), scale, 0.0, 0, 0, shape, t, d);
}

ndarray generator::integers(std::int64_t low, std::int64_t high, const shape_t& shape, dtype t, device d) {
  if (!t.is_integer()) {
    throw dtype_error("integers: unsupported dtype " + std::string(t.name()) +
                      " (an integer dtype is needed)");
  }
  if (high <= low) throw error("integers: high <= low");
  // both bounds must fit the dtype ("Python integer 1000 out of bounds for int8")
  detail::scalar_to_element(low, t);
  detail::scalar_to_element(high - 1, t);
  const auto range = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
  return draw(static_cast<int>(detail::distribution::integers), 0.0, 0.0, low, range, shape, t, d);
}

generator default_rng(std::uint64_t seed) {
  return generator(seed);
}

void seed(std::uint64_t s) {
  std::lock_guard lock(global_mutex);
  global_generator() = generator(s);
}

ndarray rand(const shape_t& shape, device d) {
  std::lock_guard lock(global_mutex);
  return global_generator().random(shape, float64, d);
}

ndarray randn(const shape_t& shape, device d) {
  std::lock_guard lock(global_mutex);
  return global_generator().standard_normal(shape, float64, d);
}

}  // namespace numcu::random
