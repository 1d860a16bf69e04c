// Shape manipulation: views where NumPy gives views, copies where it copies, values checked by index
// arithmetic.
#include "test_support.hpp"

TEST_SUITE("manipulation") {
  NUMCU_TEST_ON_DEVICES("reshape is a view when the strides allow, as NumPy decides", reshape_views) {
    auto a = nc::arange(24, nc::int32, dev);
    auto b = a.reshape({2, -1, 4});
    CHECK(b.shape() == nc::shape_t{2, 3, 4});
    CHECK(b.shares_memory_with(a));
    CHECK(b.strides() == nc::strides_t{48, 16, 4});
    // numpy: a.reshape(4, 6).T.reshape(6, 2, 2) is a view; .reshape(24) needs a copy
    auto t = a.reshape({4, 6}).T();
    auto v = t.reshape({6, 2, 2});
    CHECK(v.shares_memory_with(a));
    CHECK(v.strides() == nc::strides_t{4, 48, 24});
    auto c = t.reshape({24});
    CHECK_FALSE(c.shares_memory_with(a));
    const auto cv = c.to_vector<std::int32_t>();
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 4; ++j) CHECK(cv[i * 4 + j] == j * 6 + i);
    }
    CHECK(nc::reshape(a, {24, 1, 1}).shape() == nc::shape_t{24, 1, 1});
    CHECK(nc::zeros({0, 3}, nc::float32, dev).reshape({3, 0, 5}).shape() == nc::shape_t{3, 0, 5});
    CHECK(nc::zeros({}, nc::float32, dev).reshape({1, 1}).shape() == nc::shape_t{1, 1});
  }

  NUMCU_TEST_ON_DEVICES("bad reshapes are shape_errors that leave the array alone", reshape_errors) {
    auto a = nc::arange(12, nc::float64, dev);
    CHECK_THROWS_WITH_AS(a.reshape({5}), "cannot reshape array of size 12 into shape (5,)", nc::shape_error);
    CHECK_THROWS_WITH_AS(a.reshape({-1, -1}), "can only specify one unknown dimension", nc::shape_error);
    // NumPy's shape text: an axis to infer is newaxis, left out where it leads
    CHECK_THROWS_WITH_AS(a.reshape({5, -1}), "cannot reshape array of size 12 into shape (5,newaxis)",
                         nc::shape_error);
    CHECK_THROWS_WITH_AS(a.reshape({-1, 5}), "cannot reshape array of size 12 into shape (5)",
                         nc::shape_error);
    CHECK_THROWS_WITH_AS(a.reshape({2, -1, 5}), "cannot reshape array of size 12 into shape (2,newaxis,5)",
                         nc::shape_error);
    CHECK_THROWS_WITH_AS(a.reshape({-3, -1}), "can only specify one unknown dimension", nc::shape_error);
    CHECK(a.shape() == nc::shape_t{12});
    CHECK(a.to_vector<double>()[11] == 11.0);
    // any negative extent is the one to infer, as NumPy's reshape takes it
    CHECK(a.reshape({-2, 6}).shape() == nc::shape_t{2, 6});
  }

  NUMCU_TEST_ON_DEVICES("ravel views contiguous data, flatten always copies", ravel_flatten) {
    auto a = nc::arange(6, nc::int64, dev).reshape({2, 3});
    CHECK(nc::ravel(a).shares_memory_with(a));
    CHECK_FALSE(a.flatten().shares_memory_with(a));
    CHECK(a.T().ravel().to_vector<std::int64_t>() == std::vector<std::int64_t>{0, 3, 1, 4, 2, 5});
    CHECK_FALSE(a.T().ravel().shares_memory_with(a));
  }

  NUMCU_TEST_ON_DEVICES("transpose, swapaxes and moveaxis permute strides", permutations) {
    auto a = nc::arange(24, nc::int32, dev).reshape({2, 3, 4});
    auto t = nc::transpose(a, std::vector<std::int64_t>{2, 0, 1});
    CHECK(t.shape() == nc::shape_t{4, 2, 3});
    CHECK(t.strides() == nc::strides_t{4, 48, 16});
    const auto tv = t.copy().to_vector<std::int32_t>();
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 2; ++j) {
        for (int k = 0; k < 3; ++k) CHECK(tv[(i * 2 + j) * 3 + k] == j * 12 + k * 4 + i);
      }
    }
    CHECK(nc::transpose(a).shape() == nc::shape_t{4, 3, 2});
    CHECK(nc::swapaxes(a, 0, -1).shape() == nc::shape_t{4, 3, 2});
    CHECK(nc::moveaxis(a, 0, -1).shape() == nc::shape_t{3, 4, 2});
    CHECK(nc::moveaxis(a, std::vector<std::int64_t>{0, 1}, std::vector<std::int64_t>{-1, -2}).shape() ==
          nc::shape_t{4, 3, 2});
    CHECK_THROWS_WITH_AS(a.transpose({0, 1}), "axes don't match array", nc::shape_error);
    CHECK_THROWS_AS(a.transpose({0, 0, 1}), nc::shape_error);
    CHECK_THROWS_AS(nc::swapaxes(a, 0, 3), nc::index_error);
    CHECK_THROWS_AS(nc::moveaxis(a, std::vector<std::int64_t>{0}, std::vector<std::int64_t>{1, 2}),
                    nc::shape_error);
  }

  NUMCU_TEST_ON_DEVICES("squeeze and expand_dims", squeeze_expand) {
    auto a = nc::zeros({1, 3, 1, 2}, nc::float32, dev);
    CHECK(nc::squeeze(a).shape() == nc::shape_t{3, 2});
    CHECK(nc::squeeze(a, std::vector<std::int64_t>{-2}).shape() == nc::shape_t{1, 3, 2});
    CHECK_THROWS_WITH_AS(nc::squeeze(a, std::vector<std::int64_t>{1}),
                         "cannot select an axis to squeeze out which has size not equal to one",
                         nc::shape_error);
    auto b = nc::arange(3, nc::float32, dev);
    CHECK(nc::expand_dims(b, 0).shape() == nc::shape_t{1, 3});
    CHECK(nc::expand_dims(b, -1).shape() == nc::shape_t{3, 1});
    CHECK(nc::expand_dims(b, std::vector<std::int64_t>{0, 2}).shape() == nc::shape_t{1, 3, 1});
    CHECK(nc::expand_dims(b, 0).shares_memory_with(b));
    CHECK_THROWS_AS(nc::expand_dims(b, 3), nc::index_error);
  }

  // NumPy takes an axis argument as an int, a tuple or None; numcu's axis_arg as an int, a braced list or
  // nc::none, with NumPy's range and duplicate checks (values from numpy.squeeze/expand_dims/moveaxis)
  NUMCU_TEST_ON_DEVICES("axis arguments: an int, a braced list or none", axis_arguments) {
    auto a = nc::zeros({1, 3, 1, 2}, nc::float32, dev);
    CHECK(nc::squeeze(a, 0).shape() == nc::shape_t{3, 1, 2});
    CHECK(nc::squeeze(a, {0, 2}).shape() == nc::shape_t{3, 2});
    CHECK(nc::squeeze(a, {-4, -2}).shape() == nc::shape_t{3, 2});
    CHECK(nc::squeeze(a, nc::none).shape() == nc::shape_t{3, 2});
    CHECK(nc::squeeze(a, {}).shape() == a.shape());  // NumPy's squeeze(a, ()): no axis
    CHECK(nc::moveaxis(a, {}, {}).shape() == a.shape());
    CHECK_THROWS_WITH_AS(nc::squeeze(a, 5), "axis 5 is out of bounds for array of dimension 4", nc::index_error);
    CHECK_THROWS_WITH_AS(nc::squeeze(a, {0, -4}), "duplicate value in 'axis'", nc::shape_error);
    CHECK(nc::expand_dims(nc::zeros({3}, nc::float32, dev), {0, 2}).shape() == nc::shape_t{1, 3, 1});
    CHECK_THROWS_WITH_AS(nc::expand_dims(nc::zeros({3}, nc::float32, dev), {0, 0}),
                         "repeated axis", nc::shape_error);
    CHECK(nc::moveaxis(a, {0, 1}, {-1, -2}).shape() == nc::shape_t{1, 2, 3, 1});
    CHECK_THROWS_WITH_AS(nc::moveaxis(a, {0, 0}, {1, 2}), "repeated axis in `source` argument", nc::shape_error);
    // NumPy names the argument whose axis is out of range
    CHECK_THROWS_WITH_AS(nc::moveaxis(a, 4, 0), "source: axis 4 is out of bounds for array of dimension 4",
                         nc::index_error);
    CHECK_THROWS_WITH_AS(nc::moveaxis(a, 0, -5), "destination: axis -5 is out of bounds for array of dimension 4",
                         nc::index_error);
    CHECK(nc::transpose(a, {3, 2, 1, 0}).shape() == nc::shape_t{2, 1, 3, 1});
    CHECK(nc::transpose(a, nc::none).shape() == nc::shape_t{2, 1, 3, 1});
    CHECK(a.shape() == nc::shape_t{1, 3, 1, 2});  // the input is unchanged by every call above
  }

  NUMCU_TEST_ON_DEVICES("broadcast_to and broadcast_arrays give stride-0 views", broadcasting) {
    auto row = nc::arange(4, nc::float64, dev);
    auto m = nc::broadcast_to(row, {3, 4});
    CHECK(m.strides() == nc::strides_t{0, 8});
    CHECK(m.shares_memory_with(row));
    const auto v = m.copy().to_vector<double>();
    for (int i = 0; i < 12; ++i) CHECK(v[i] == i % 4);
    CHECK_THROWS_AS(nc::broadcast_to(row, {3}), nc::shape_error);
    CHECK_THROWS_AS(nc::broadcast_to(row, {4, 3}), nc::shape_error);
    auto col = nc::arange(3, nc::int8, dev).reshape({3, 1});
    auto both = nc::broadcast_arrays({row, col});
    CHECK(both[0].shape() == nc::shape_t{3, 4});
    CHECK(both[1].shape() == nc::shape_t{3, 4});
    CHECK(both[1].dtype() == nc::int8);
    CHECK_THROWS_WITH_AS(nc::broadcast_arrays({row, nc::zeros({5}, nc::float64, dev)}),
                         "operands could not be broadcast together with shapes (4,) (5,)", nc::shape_error);
  }

  NUMCU_TEST_ON_DEVICES("ascontiguousarray copies only what is not C-contiguous", contiguous_copies) {
    auto a = nc::arange(12, nc::float32, dev).reshape({3, 4});
    CHECK(nc::ascontiguousarray(a).shares_memory_with(a));
    auto t = nc::ascontiguousarray(a.T());
    CHECK_FALSE(t.shares_memory_with(a));
    CHECK(t.is_c_contiguous());
    CHECK(t.to_vector<float>() == std::vector<float>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11});
    CHECK(nc::ascontiguousarray(nc::full({}, 2.0, std::nullopt, dev)).shape() == nc::shape_t{1});
    auto r = nc::ascontiguousarray(a(nc::slice(nc::none, nc::none, -1), nc::slice(nc::none, nc::none, -1)));
    CHECK(r.to_vector<float>() == std::vector<float>{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0});
  }
}
