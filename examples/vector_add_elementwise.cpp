// Vector add with an elementwise kernel: only the operation on one element is written; numcu writes the
// loop, the broadcasting and the launch (CuPy's ElementwiseKernel).
#include <vector>

#include <numcu/numcu.hpp>
#include <numcu/rtc.hpp>

#include "example_support.hpp"

namespace nc = numcu;

int main() {
  if (example::no_gpu("vector_add_elementwise")) return 0;
  const nc::device gpu = nc::cuda(0);
  const auto a = nc::linspace(0.0, 1.0, 1 << 20, true, nc::float32, gpu);
  const auto b = nc::linspace(5.0, -5.0, 1 << 20, true, nc::float32, gpu);
  const nc::elementwise_kernel add("T x, T y", "T z", "z = x + y", "add");
  const nc::ndarray c = add({a, b});  // float32, allocated on the GPU

  const auto av = a.to_vector<float>(), bv = b.to_vector<float>(), cv = c.to_vector<float>();
  bool ok = c.dtype() == nc::float32;
  for (std::size_t i = 0; i < cv.size(); ++i) ok = ok && cv[i] == av[i] + bv[i];
  return example::verdict("vector_add_elementwise", ok);
}
