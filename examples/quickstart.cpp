// The quickstart of README.md: create, reshape, slice, write through a view, cast, copy back, print.
#include <iostream>
#include <vector>

#include <numcu/numcu.hpp>

namespace nc = numcu;

int main() {
  std::cout << "numcu " << nc::version() << " running on " << nc::default_device() << "\n";

  auto m = nc::arange(12, nc::float64).reshape({3, 4});  // on the default device
  std::cout << "m =\n" << m << "\n";

  auto top = m(nc::slice(0, 2), nc::all);  // a view of rows 0 and 1, no copy
  m(1, nc::all) = 0.0;                     // writes through, like m[1, :] = 0
  std::cout << "top rows after m[1, :] = 0:\n" << top << "\n";

  std::cout << "m.T() =\n" << m.T() << "\n";
  auto f = m.T().astype(nc::float32);              // a cast of a transposed view
  std::vector<float> host = f.to_vector<float>();  // copy back to the host, C order
  std::cout << "m.T() as float32 on the host:";
  for (float v : host) std::cout << " " << v;
  std::cout << "\n";

  auto x = nc::linspace(0.0, 1.0, 5, true, nc::float32);
  std::cout << "linspace: " << x << "\n";
  std::cout << "ran on " << x.device() << "\n";
  return 0;
}
