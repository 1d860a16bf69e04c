// The quickstart of README.md and docs/quickstart.md: create, reshape, slice, write through a view, cast,
// compute elementwise, copy back, check the results.
#include <iostream>
#include <vector>

#include <numcu/numcu.hpp>

namespace nc = numcu;

int main() {
  std::cout << nc::info();  // driver, runtime, GPUs, default device

  auto m = nc::arange(12, nc::float64).reshape({3, 4});  // 0..11 on the default device
  auto top = m(nc::slice(0, 2), nc::all);                // a view, like m[0:2, :]
  m(1, nc::all) = 0.0;                                   // writes through, like m[1, :] = 0
  std::cout << "m =\n" << m << "\n";
  auto col = nc::sum(m, 0);  // a reduction: column sums, shape (4,), left on the device
  std::cout << "column sums " << col << ", mean " << m.mean().item<double>() << "\n";

  auto f = m.T().astype(nc::float32);  // a cast of a transposed view
  auto g = nc::exp(f) + 2 * f;         // elementwise, float32 kept (2 is a weak scalar)
  std::cout << "g is " << g.dtype() << " on " << g.device() << "\n";

  std::vector<float> host = g.to_vector<float>();  // copied back to the host, C order
  std::cout << "g on the host:";
  for (float v : host) std::cout << " " << v;
  std::cout << "\n";

  std::vector<double> rows = {0, 1, 2, 3, 0, 0, 0, 0};
  auto expected = nc::array(rows).reshape({2, 4});
  auto recomputed = nc::add(nc::exp(f), nc::multiply(f, 2));
  std::cout << std::boolalpha;
  std::cout << "top equals expected: " << nc::array_equal(top, expected) << "\n";
  std::cout << "g close to recomputed: " << nc::allclose(g, recomputed) << "\n";
  return 0;
}
