// Vector add the CuPy way: arrays on the GPU and an operator.
#include <vector>

#include <numcu/numcu.hpp>

#include "example_support.hpp"

namespace nc = numcu;

int main() {
  if (example::no_gpu("vector_add_arrays")) return 0;
  const nc::device gpu = nc::cuda(0);
  const auto a = nc::arange(0, 1 << 20, 1, nc::float32, gpu);
  const auto b = nc::full({1 << 20}, 3.0, nc::float32, gpu);
  const auto c = a + b;
  const auto cv = c.to_vector<float>();
  bool ok = true;
  for (std::size_t i = 0; i < cv.size(); ++i) ok = ok && cv[i] == static_cast<float>(i) + 3.0f;
  return example::verdict("vector_add_arrays", ok);
}
