// Creates, reshapes, transposes, slices, casts and copies back arrays on every device present, checking
// each value against index arithmetic. Exit status 0 only when everything matched.
#include <cstdio>
#include <vector>

#include <numcu/numcu.hpp>

namespace nc = numcu;

bool consumer_kernel_doubles(nc::ndarray& a);  // consumer_kernel.cu

namespace {
int failures = 0;
void expect(bool ok, const char* what, nc::device d) {
  if (!ok) {
    std::printf("  FAILED on %s: %s\n", d.str().c_str(), what);
    ++failures;
  }
}
}  // namespace

int main() {
  std::vector<nc::device> devices{nc::cpu};
  if (nc::cuda_is_available()) devices.push_back(nc::cuda(0));
  for (nc::device d : devices) {
    auto a = nc::arange(24, nc::int32, d).reshape({2, 3, 4});       // create, reshape
    auto t = nc::transpose(a, std::vector<std::int64_t>{2, 0, 1});  // transpose: (4, 2, 3)
    auto s = t(nc::slice(1, nc::none, 2), nc::all, nc::slice(nc::none, nc::none, -1));  // t[1::2, :, ::-1]
    auto f = s.astype(nc::float64);                                                     // cast
    std::vector<double> v = f.to_vector<double>();                                      // copy back
    bool ok = f.shape() == nc::shape_t{2, 2, 3} && v.size() == 12;
    for (int i = 0; ok && i < 2; ++i) {
      for (int j = 0; j < 2; ++j) {
        for (int k = 0; k < 3; ++k) {
          const int x = 1 + 2 * i, c = 2 - k;  // t[x, j, c] = a[j, c, x]
          ok = ok && v[(i * 2 + j) * 3 + k] == j * 12 + c * 4 + x;
        }
      }
    }
    expect(ok, "arange/reshape/transpose/slice/astype/to_vector", d);
    auto m = nc::zeros({3, 4}, nc::float32, d);
    m(1, nc::all) = 2.5;
    expect(m.to_vector<float>()[5] == 2.5f && m.to_vector<float>()[0] == 0.0f, "assignment through a view",
           d);
    if (d.is_cuda()) {  // the consumer's own kernel, compiled by nvcc (consumer_kernel.cu)
      auto r = nc::arange(0, 1000, 1, nc::float32, d);
      const bool launched = consumer_kernel_doubles(r);
      const std::vector<float> rv = r.to_vector<float>();
      expect(launched && rv[0] == 0.0f && rv[999] == 1998.0f, "a kernel of the program's own, compiled by nvcc", d);
    }
    std::printf("  %s: %s\n", d.str().c_str(), failures == 0 ? "ok" : "mismatch");
  }
  return failures == 0 ? 0 : 1;
}
