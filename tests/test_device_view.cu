// Typed views of arrays (numcu/device_view.hpp, ndarray::view) and numcu/cuda.hpp: the nvcc user's path, a
// kernel of one's own compiled with the program and launched on numcu's stream.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include <numcu/cuda.hpp>
#include <numcu/numcu.hpp>

#include "test_support.hpp"

namespace {

__global__ void add_views(nc::device_view<const float, 2> a, nc::device_view<const float, 2> b,
                          nc::device_view<float, 2> c) {
  const int i = blockIdx.x, j = threadIdx.x;
  if (i < c.shape[0] && j < c.shape[1]) c(i, j) = a(i, j) + b(i, j);
}

}  // namespace

TEST_SUITE("device views") {
  TEST_CASE("a view holds the pointer, shape and byte strides of any layout, and indexes like the array") {
    const auto m = nc::arange(0, 12, 1, nc::int32, nc::cpu).reshape({3, 4});
    const auto v = m.view<const std::int32_t, 2>();
    CHECK(v.data == m.data_ptr());
    CHECK(v.shape[0] == 3);
    CHECK(v.shape[1] == 4);
    CHECK(v.strides[0] == 16);
    CHECK(v.strides[1] == 4);
    CHECK(v(2, 1) == 9);
    CHECK(v[7] == 7);
    CHECK(v.size() == 12);
    CHECK(v.is_c_contiguous());
    const auto t = m.transpose().view<const std::int32_t, 2>();  // (4, 3), strides (4, 16)
    CHECK(t(1, 2) == 9);
    CHECK(t[5] == 9);  // C order of the transposed view: row 1, column 2
    CHECK_FALSE(t.is_c_contiguous());
    const auto column = m(nc::all, 3).view<const std::int32_t, 1>();
    CHECK(column(2) == 11);
    const auto zero_d = nc::full({}, 2.5, nc::float64, nc::cpu);  // a view does not keep its array alive
    CHECK(zero_d.view<const double, 0>()() == 2.5);
    // writing through a view writes the array
    auto w = nc::zeros({2}, nc::float32, nc::cpu);
    w.view<float, 1>()(1) = 4.0f;
    CHECK(w.to_vector<float>() == std::vector<float>{0.0f, 4.0f});
  }

  TEST_CASE("a view is checked on creation: element type, rank, device") {
    const auto m = nc::zeros({2, 3}, nc::float32, nc::cpu);
    CHECK_THROWS_WITH_AS((m.view<double, 2>()),
                         "view<float64, 2>() of an array of dtype float32: the C++ type must match the dtype",
                         nc::dtype_error);
    CHECK_THROWS_WITH_AS((m.view<float, 3>()), "view<float32, 3>() of an array of rank 2", nc::shape_error);
    CHECK_THROWS_WITH_AS((m.view<float, 2>(nc::cuda(0))),
                         "view<float32, 2>() of an array on cpu, not on cuda:0", nc::device_error);
    CHECK(m.view<float, 2>(nc::cpu).shape[1] == 3);
  }

  TEST_CASE("a kernel compiled by nvcc adds views of numcu arrays on numcu's stream [cuda]" *
            doctest::skip(numcu_test::no_gpu())) {
    const nc::device gpu = nc::cuda(0);
    const auto a = nc::arange(0, 12, 1, nc::float32, gpu).reshape({3, 4});
    auto c = nc::empty({3, 4}, nc::float32, gpu);
    // b is (3, 4) with strides (4, 12): a transposed layout, read through its strides
    const auto bt = nc::arange(0, 12, 1, nc::float32, gpu).reshape({4, 3});
    const auto b = bt.transpose();
    add_views<<<3, 4, 0, nc::current_cuda_stream(gpu)>>>(a.view<const float, 2>(),
                                                         b.view<const float, 2>(gpu), c.view<float, 2>(gpu));
    CHECK(cudaGetLastError() == cudaSuccess);
    const auto got = c.to_vector<float>();
    const auto av = a.to_vector<float>(), bv = b.copy().to_vector<float>();
    for (int k = 0; k < 12; ++k) CHECK(got[k] == av[k] + bv[k]);
    // an external stream wrapped as a numcu stream orders numcu's work with the caller's
    cudaStream_t own = nullptr;
    REQUIRE(cudaStreamCreateWithFlags(&own, cudaStreamNonBlocking) == cudaSuccess);
    {
      const nc::stream s = nc::stream::from_native(own, gpu);
      CHECK(nc::cuda_stream(s) == own);
      const nc::stream_guard guard(s);
      CHECK(nc::current_cuda_stream(gpu) == own);
      auto d = nc::empty({3, 4}, nc::float32, gpu);
      add_views<<<3, 4, 0, own>>>(a.view<const float, 2>(), a.view<const float, 2>(), d.view<float, 2>());
      auto e = d * 2.0f;  // queued on `own` after the kernel
      s.synchronize();
      CHECK(e.to_vector<float>()[11] == 44.0f);
    }
    REQUIRE(cudaStreamDestroy(own) == cudaSuccess);
  }
}
