/// @file indexing.hpp
/// @brief The pieces of a basic index expression (integers, slice, all, newaxis, ellipsis) and the modes of
/// take and put.
#pragma once

#include <cstdint>
#include <optional>
#include <variant>

namespace numcu {

class ndarray;
class axis_arg;
struct reduce_options;

/// An omitted slice bound: `slice(none, none, -1)` is NumPy's `[::-1]`.
inline constexpr std::nullopt_t none = std::nullopt;

/// NumPy's `start:stop:step`; omitted bounds are `none`. Negative bounds count from the end.
struct slice {
  std::optional<std::int64_t> start;  ///< First index, or none for the beginning (the end when step < 0).
  std::optional<std::int64_t>
      stop;               ///< One past the last index, or none for the end (the beginning when step < 0).
  std::int64_t step = 1;  ///< Stride between selected indices; must not be 0.
  /// `slice(start, stop, step)` as in Python.
  slice(std::optional<std::int64_t> start_, std::optional<std::int64_t> stop_, std::int64_t step_ = 1)
      : start(start_), stop(stop_), step(step_) {}
  /// `slice(stop)` as in Python: `[:stop]`.
  explicit slice(std::optional<std::int64_t> stop_) : stop(stop_) {}
};

/// The type of nc::all: NumPy's `:` in an index, and, called, numpy.all (numcu/reduction.hpp).
struct all_t {
  /// numpy.all: whether every element of @p a is nonzero (bool, a 0-d array).
  ndarray operator()(const ndarray& a) const;
  /// numpy.all over @p axis (none: every axis).
  ndarray operator()(const ndarray& a, const axis_arg& axis) const;
  /// numpy.all over @p axis with out=, keepdims= and where= (numcu::reduce_options).
  ndarray operator()(const ndarray& a, const axis_arg& axis, const reduce_options& options) const;
};
/// The whole axis, NumPy's `:` (`a(nc::all, 0)`); called, numpy.all (`nc::all(a, 0)`).
inline constexpr all_t all{};

/// The type of nc::newaxis.
struct newaxis_t {};
/// Inserts an axis of length 1, NumPy's `None` / `np.newaxis`.
inline constexpr newaxis_t newaxis{};

/// The type of nc::ellipsis.
struct ellipsis_t {};
/// As many `:` as needed to index every axis, NumPy's `...`.
inline constexpr ellipsis_t ellipsis{};

/// One entry of a basic index expression.
using index_t = std::variant<std::int64_t, slice, all_t, newaxis_t, ellipsis_t>;

/// What numcu::take and numcu::put do with an index outside [-n, n) of an axis of length n (NumPy's `mode=`).
enum class index_mode {
  raise,  ///< throw index_error "index 7 is out of bounds for axis 0 with size 5"; negative indices count from
          ///< the end
  wrap,   ///< take the index modulo n (negative ones too)
  clip,   ///< clamp the index into [0, n): a negative index means 0
};

}  // namespace numcu
