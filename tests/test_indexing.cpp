// Basic indexing: integers, slices, all, newaxis, ellipsis; assignment through index expressions.
#include "test_support.hpp"

TEST_SUITE("indexing") {
  NUMCU_TEST_ON_DEVICES("integers and slices select views like NumPy", select_views) {
    auto m = nc::arange(20, nc::int64, dev).reshape({4, 5});
    auto row = m(1);
    CHECK(row.shape() == nc::shape_t{5});
    CHECK(row.shares_memory_with(m));
    CHECK(row.to_vector<std::int64_t>() == std::vector<std::int64_t>{5, 6, 7, 8, 9});
    CHECK(m(-1, -1).item<std::int64_t>() == 19);
    CHECK(m(-1, -1).ndim() == 0);
    CHECK(m(nc::all, 2).to_vector<std::int64_t>() == std::vector<std::int64_t>{2, 7, 12, 17});
    // m[1:3, ::-2] and m[::-1, 3:0:-1]
    CHECK(m(nc::slice(1, 3), nc::slice(nc::none, nc::none, -2)).to_vector<std::int64_t>() ==
          std::vector<std::int64_t>{9, 7, 5, 14, 12, 10});
    CHECK(m(nc::slice(nc::none, nc::none, -1), nc::slice(3, 0, -1)).to_vector<std::int64_t>() ==
          std::vector<std::int64_t>{18, 17, 16, 13, 12, 11, 8, 7, 6, 3, 2, 1});
    // out-of-range bounds clamp, empty slices are fine
    CHECK(m(nc::slice(-100, 100)).shape() == nc::shape_t{4, 5});
    CHECK(m(nc::slice(3, 1)).shape() == nc::shape_t{0, 5});
    CHECK(m(nc::slice(2)).shape() == nc::shape_t{2, 5});
    CHECK(m(nc::slice(nc::none, nc::none, 3), 0).to_vector<std::int64_t>() ==
          std::vector<std::int64_t>{0, 15});
  }

  NUMCU_TEST_ON_DEVICES("newaxis and ellipsis", newaxis_ellipsis) {
    auto a = nc::arange(24, nc::float32, dev).reshape({2, 3, 4});
    CHECK(a(nc::newaxis).shape() == nc::shape_t{1, 2, 3, 4});
    CHECK(a(nc::all, nc::newaxis, 1).shape() == nc::shape_t{2, 1, 4});
    CHECK(a(nc::ellipsis, 1).shape() == nc::shape_t{2, 3});
    CHECK(a(nc::ellipsis, 1).to_vector<float>() == std::vector<float>{1, 5, 9, 13, 17, 21});
    CHECK(a(0, nc::ellipsis, nc::newaxis).shape() == nc::shape_t{3, 4, 1});
    CHECK(a(nc::ellipsis).shape() == nc::shape_t{2, 3, 4});
    CHECK(a().shape() == nc::shape_t{2, 3, 4});
  }

  NUMCU_TEST_ON_DEVICES("bad indices are index_errors", index_errors) {
    auto a = nc::zeros({3}, nc::float64, dev);
    CHECK_THROWS_WITH_AS(a(5), "index 5 is out of bounds for axis 0 with size 3", nc::index_error);
    CHECK_THROWS_WITH_AS(a(-4), "index -4 is out of bounds for axis 0 with size 3", nc::index_error);
    CHECK_THROWS_WITH_AS(a(0, 0), "too many indices for array: array is 1-dimensional, but 2 were indexed",
                         nc::index_error);
    CHECK_THROWS_WITH_AS(a(nc::ellipsis, nc::ellipsis), "an index can only have a single ellipsis ('...')",
                         nc::index_error);
    CHECK_THROWS_WITH_AS(a(nc::slice(nc::none, nc::none, 0)), "slice step cannot be zero", nc::index_error);
  }

  NUMCU_TEST_ON_DEVICES("assignment through an index writes into the base", assignment) {
    auto m = nc::zeros({3, 4}, nc::float64, dev);
    m(1, nc::all) = 5.0;
    m(nc::all, nc::slice(nc::none, nc::none, 3)) =
        nc::array(std::vector<double>{1.0, 2.0}, std::nullopt, dev);
    m(2, 2) = 7;  // integer scalar into a float array
    CHECK(m.to_vector<double>() == std::vector<double>{1, 0, 0, 2, 1, 5, 5, 2, 1, 0, 7, 2});
    auto i = nc::zeros({4}, nc::int32, dev);
    i(nc::slice(1, 3)) =
        nc::array(std::vector<double>{2.7, -3.2}, std::nullopt, dev);  // unsafe cast, as NumPy
    CHECK(i.to_vector<std::int32_t>() == std::vector<std::int32_t>{0, 2, -3, 0});
    auto v = m(0);
    v = m(2);  // rebinds the variable v; writes nothing
    CHECK(m(0).to_vector<double>() == std::vector<double>{1, 0, 0, 2});
    m(nc::ellipsis) = 0.5;
    CHECK(m.to_vector<double>() == std::vector<double>(12, 0.5));
  }

  NUMCU_TEST_ON_DEVICES("overlapping assignment gives NumPy's result", overlapping_assignment) {
    auto a = nc::arange(8, nc::int32, dev);
    a(nc::slice(1, nc::none)) = a(nc::slice(nc::none, -1));  // numpy: [0 0 1 2 3 4 5 6]
    CHECK(a.to_vector<std::int32_t>() == std::vector<std::int32_t>{0, 0, 1, 2, 3, 4, 5, 6});
    auto b = nc::arange(6, nc::int32, dev);
    b(nc::all) = b(nc::slice(nc::none, nc::none, -1));  // numpy: [5 4 3 2 1 0]
    CHECK(b.to_vector<std::int32_t>() == std::vector<std::int32_t>{5, 4, 3, 2, 1, 0});
    auto c = nc::arange(9, nc::float32, dev).reshape({3, 3});
    c(nc::all) = c.T();
    CHECK(c.to_vector<float>() == std::vector<float>{0, 3, 6, 1, 4, 7, 2, 5, 8});
  }

  NUMCU_TEST_ON_DEVICES("a 0-d view takes a value of one element", zero_d_assignment) {
    // numpy: m = np.zeros((2, 3)); m[0, ..., -3] = np.array([5.]); m[1, ..., 2] = np.array([[6.]])
    auto m = nc::zeros({2, 3}, nc::float64, dev);
    m(0, nc::ellipsis, -3) = nc::array(std::vector<double>{5}, std::nullopt, dev);
    m(1, nc::ellipsis, 2) = nc::full({1, 1}, 6.0, nc::float64, dev);
    CHECK(m.to_vector<double>() == std::vector<double>{5, 0, 0, 0, 0, 6});
    // more than one element, or none, does not fit: NumPy's messages
    CHECK_THROWS_WITH_AS(m(0, nc::ellipsis, -3) = nc::zeros({2}, nc::float64, dev),
                         "could not broadcast input array from shape (2,) into shape ()", nc::shape_error);
    CHECK_THROWS_WITH_AS(m(0, nc::ellipsis, -3) = nc::zeros({1, 0}, nc::float64, dev),
                         "could not broadcast input array from shape (0,) into shape ()", nc::shape_error);
    // np.zeros((2, 3))[...] = np.ones((2, 1, 3)): "could not broadcast input array from shape (2,1,3) into
    // shape (2,3)"
    CHECK_THROWS_WITH_AS(m(nc::ellipsis) = nc::ones({2, 1, 3}, nc::float64, dev),
                         "could not broadcast input array from shape (2,1,3) into shape (2,3)", nc::shape_error);
    CHECK(m.to_vector<double>() == std::vector<double>{5, 0, 0, 0, 0, 6});
  }

  NUMCU_TEST_ON_DEVICES("failed assignments change nothing", assignment_errors) {
    auto m = nc::arange(6, nc::float64, dev).reshape({2, 3});
    CHECK_THROWS_WITH_AS(m(0) = nc::zeros({5}, nc::float64, dev),
                         "could not broadcast input array from shape (5,) into shape (3,)", nc::shape_error);
    auto small = nc::zeros({2}, nc::uint8, dev);
    CHECK_THROWS_WITH_AS(small(0) = 256, "Python integer 256 out of bounds for uint8", nc::dtype_error);
    CHECK(m.to_vector<double>() == std::vector<double>{0, 1, 2, 3, 4, 5});
    CHECK(small.to_vector<std::uint8_t>() == std::vector<std::uint8_t>{0, 0});
    if (dev.is_cuda()) {
      auto h = nc::zeros({3}, nc::float64, nc::cpu);
      CHECK_THROWS_WITH_AS(
          m(0) = h,
          "assignment: operands are on different devices: cuda:0 and cpu (move one with .to(device))",
          nc::device_error);
      CHECK(m.to_vector<double>() == std::vector<double>{0, 1, 2, 3, 4, 5});
    }
  }

  NUMCU_TEST_ON_DEVICES("copyto casts under a rule and may cross devices", copyto_rules) {
    auto dst = nc::zeros({2, 3}, nc::int64, dev);
    auto src = nc::array(std::vector<double>{1.5, 2.5, 3.5}, std::nullopt, nc::cpu);
    CHECK_THROWS_WITH_AS(
        nc::copyto(dst, src),
        "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'same_kind'",
        nc::dtype_error);
    CHECK(dst.to_vector<std::int64_t>() == std::vector<std::int64_t>(6, 0));
    nc::copyto(dst, src, nc::casting::unsafe);
    CHECK(dst.to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 2, 3, 1, 2, 3});
    auto ints = nc::array(std::vector<std::int32_t>{7, 8, 9}, std::nullopt, dev);
    nc::copyto(dst(1), ints);
    CHECK(dst.to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 2, 3, 7, 8, 9});
  }
}
