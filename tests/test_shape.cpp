// Shapes: the inline vector, printing, broadcasting, contiguous strides, axis normalization.
#include "test_support.hpp"

TEST_SUITE("shape") {
  TEST_CASE("dim_vector behaves like a small vector") {
    nc::shape_t s{3, 4};
    CHECK(s.size() == 2);
    CHECK(s.product() == 12);
    s.push_back(5);
    s.insert(0, 2);
    CHECK(s == nc::shape_t{2, 3, 4, 5});
    s.erase(1);
    CHECK(s == nc::shape_t{2, 4, 5});
    CHECK(nc::shape_t{}.product() == 1);
    CHECK(nc::shape_t(std::vector<std::int64_t>{1, 2}).to_vector() == std::vector<std::int64_t>{1, 2});
  }

  TEST_CASE("more than max_dims dimensions is an index_error") {
    std::vector<std::int64_t> many(nc::max_dims + 1, 1);
    CHECK_THROWS_AS(nc::shape_t{many}, nc::index_error);
    nc::shape_t full(nc::max_dims, 1);
    CHECK_THROWS_AS(full.push_back(1), nc::index_error);
    CHECK(full.size() == nc::max_dims);
  }

  TEST_CASE("shapes print as Python tuples") {
    CHECK(nc::to_string(nc::shape_t{3, 4}) == "(3, 4)");
    CHECK(nc::to_string(nc::shape_t{5}) == "(5,)");
    CHECK(nc::to_string(nc::shape_t{}) == "()");
  }

  TEST_CASE("broadcast_shapes follows NumPy") {
    CHECK(nc::broadcast_shapes(nc::shape_t{3, 1}, nc::shape_t{4}) == nc::shape_t{3, 4});
    CHECK(nc::broadcast_shapes(nc::shape_t{}, nc::shape_t{2, 3}) == nc::shape_t{2, 3});
    CHECK(nc::broadcast_shapes(nc::shape_t{0, 1}, nc::shape_t{1, 5}) == nc::shape_t{0, 5});
    CHECK(nc::broadcast_shapes(nc::shape_t{8, 1, 6, 1}, nc::shape_t{7, 1, 5}) == nc::shape_t{8, 7, 6, 5});
    CHECK_THROWS_WITH_AS(nc::broadcast_shapes(nc::shape_t{3, 4}, nc::shape_t{5}),
                         "operands could not be broadcast together with shapes (3,4) (5,)", nc::shape_error);
  }

  TEST_CASE("contiguous strides in bytes") {
    CHECK(nc::c_strides({2, 3, 4}, 8) == nc::strides_t{96, 32, 8});
    CHECK(nc::f_strides({2, 3, 4}, 4) == nc::strides_t{4, 8, 24});
    CHECK(nc::c_strides({}, 8) == nc::strides_t{});
  }

  TEST_CASE("normalize_axis wraps negatives and rejects the rest") {
    CHECK(nc::normalize_axis(-1, 3) == 2);
    CHECK(nc::normalize_axis(0, 1) == 0);
    CHECK_THROWS_WITH_AS(nc::normalize_axis(3, 2), "axis 3 is out of bounds for array of dimension 2",
                         nc::index_error);
    CHECK_THROWS_AS(nc::normalize_axis(-3, 2), nc::index_error);
  }
}
