// The reduction functor: one contract shared by the host loops, the CUDA kernels and (later) user reduction
// kernels. A functor Op has
//   value_t                the type an input element is cast to on load (the accumulator's compute type);
//   acc_t                  the partial result;
//   identity()             a partial of no elements: combine(x, identity()) and combine(identity(), x) are x,
//                          bit for bit, so that absent elements and slots may be padded with it;
//   slot<N>(v, n, first, w)
//                          the partial of the n <= N loaded values v[0..n) of one slot (device/reduction_order.hpp:
//                          value k has reduced index slot_index(first, k, w)), of the input's type, each cast
//                          to value_t as it is used; loops over v are unrolled over N (slot_elements, or the
//                          order width where a slot holds one vector) with a guard, so that v stays in
//                          registers;
//   combine(a, b)          two partials, a of the lower indices;
//   result_t, project(a)   the result, cast on store to the output's dtype (a mean divides, var and std
//                          project moments, initial= is combined first);
//   p                      the reduction_params (flags, projection), set by the caller;
//   dense_input<In>        the input types with kernels of their own, reading 16-byte vectors;
//   casts_on_load          whether other input dtypes reach it (cast on load one by one).
// Sums take NumPy's ufunc functions (add, multiply, maximum, fmax ...) as their combine, so NaN, signed-zero
// and integer-wrapping rules are the elementwise ones.
#pragma once

#include "device/math.hpp"
#include "device/reduction_order.hpp"
#include "device/ufunc_element.hpp"
#include "device/ufunc_ops.hpp"

namespace numcu::detail {

/// The reduction functor families, X(name) each: name_reduction<C> (device code) per compute type C. Each reduction
/// of the API is one of them with flags (reduction_params): nansum is sum skipping NaN, argmin is arg with
/// largest = false, var and std project moments, ptp, average and nanmean are composed of them.
#define NUMCU_FOR_EACH_REDUCTION_FAMILY(X) X(sum) X(prod) X(extreme) X(arg) X(logical) X(count) X(moments)

enum class reduction_family : uint8_t {
#define NUMCU_REDUCE_ENUM(name) name,
  NUMCU_FOR_EACH_REDUCTION_FAMILY(NUMCU_REDUCE_ENUM)
#undef NUMCU_REDUCE_ENUM
};

/// What project() makes of a partial.
enum class reduction_projection : uint8_t {
  value,  ///< the partial itself (cast to the output dtype)
  mean,   ///< a sum divided by the element count
  var,    ///< moments: the sum of squared deviations divided by count - ddof
  std,    ///< moments: the square root of var
};

/// A reduction's flags and the parameters of its projection, passed to every kernel.
struct reduction_params {
  bool skip_nan = false;  ///< sum, prod, extreme, arg: NaN counts as 0 (sum), 1 (prod) or not at all
  bool largest = true;    ///< extreme, arg: max rather than min
  bool any = true;        ///< logical: any rather than all
  int64_t count = 0;      ///< elements reduced into each output
  double ddof = 0;    ///< var and std: delta degrees of freedom
  reduction_projection projection = reduction_projection::value;
  bool has_initial = false;  ///< sums, products, max and min: combine `initial` first (NumPy's initial=)
  element_bytes initial;     ///< that value, an element of the accumulator's compute type
};

/// The initial value of @p p as compute type C.
template <class C>
NUMCU_HD C initial_value(const reduction_params& p) {
  return scalar_value<C>(p.initial);
}

/// The real type of a compute type (the part type of a complex one).
template <class C>
struct real_of {
  using type = C;
};
template <class R>
struct real_of<complex<R>> {
  using type = R;
};
template <class C>
using real_of_t = typename real_of<C>::type;

/// -0.0 for floats (so that x + identity is x for x = -0.0 too), 0 otherwise.
template <class C>
NUMCU_HD C additive_identity() {
  if constexpr (is_complex_v<C>)
    return C(-real_of_t<C>(0), -real_of_t<C>(0));
  else if constexpr (is_floating_point_v<C>)
    return -C(0);
  else
    return C(0);
}

/// Folds the n values of one slot (of the input type T, cast to the value type as they are used) in index
/// order with op.map and op.combine: the slot() of every functor whose partial is a running combine.
template <int N, class Op, class T>
NUMCU_HD typename Op::acc_t fold_slot(const Op& op, const T* v, int n, int64_t first, int w) {
  using V = typename Op::value_t;
  typename Op::acc_t acc = op.identity();
NUMCU_UNROLL
  for (int k = 0; k < N; ++k) {
    if (k < n) acc = op.combine(acc, op.map(cast<V>(v[k]), slot_index(first, k, w)));
  }
  return acc;
}

/// The input types an accumulator of compute type C reads as 16-byte vectors (the default accumulators:
/// integers and bool to int64 or uint64, the 16-bit floats to float, the floats to double for sums, complex64
/// to complex128, a type to itself); other input dtypes (a `dtype=` asking for another accumulator) are cast
/// on load element by element.
template <class In, class C>
inline constexpr bool accumulates_in =
    is_same_v<In, C> || (is_same_v<C, float> && is_half_v<In>) ||
    (is_same_v<C, double> && (is_half_v<In> || is_same_v<In, float>)) ||
    (is_same_v<C, complex128_t> && is_same_v<In, complex64_t>) ||
    (is_same_v<C, int64_t> && (is_same_v<In, bool> || (is_int_v<In> && is_signed_v<In>))) ||
    (is_same_v<C, uint64_t> && is_int_v<In> && is_unsigned_v<In>);

/// The compute type max, min and their arg forms compare In in: a wider type that holds every In value
/// (the small integers and bool in int32, uint32 in int64, the 16-bit floats in float), so that few compute
/// types serve every dtype.
template <class In>
using extreme_compute_t =
    conditional_t<is_same_v<In, bool> || (is_int_v<In> && sizeof(In) <= 2) || is_same_v<In, int32_t>, int32_t,
                  conditional_t<is_same_v<In, uint32_t>, int64_t, compute_t<In>>>;

/// Sums (sum, nansum; mean through its projection) in accumulator type C; NanTest false: the form without
/// nansum's test of each value, for launches where p.skip_nan is false (without_nan_test_t).
template <class C, bool NanTest = true>
struct sum_reduction {
  using value_t = C;
  using acc_t = C;
  using result_t = C;
  template <class In>
  static constexpr bool dense_input = accumulates_in<In, C>;
  static constexpr bool casts_on_load = true;
  reduction_params p;
  NUMCU_HD acc_t identity() const { return additive_identity<C>(); }
  // NumPy's nansum adds a NaN as +0.0, so that [-0.0, nan] sums to +0.0 as there
  NUMCU_HD acc_t map(value_t x, int64_t) const {
    if constexpr (NanTest) return p.skip_nan && is_nan(x) ? C(0) : x;
    return x;
  }
  NUMCU_HD acc_t combine(acc_t a, acc_t b) const { return ufunc_op<ufunc_id::add>{}(a, b); }
  template <int N, class T>
  NUMCU_HD acc_t slot(const T* v, int n, int64_t first, int w) const {
    return fold_slot<N>(*this, v, n, first, w);
  }
  NUMCU_HD result_t project(acc_t a) const {
    // NumPy's sum starts from initial= or +0.0 (the identity -0.0 pads absent elements without changing a
    // bit, but a sum of -0.0 terms alone, or of none, is +0.0 there)
    a = combine(p.has_initial ? initial_value<C>(p) : C(0), a);
    if constexpr (is_floating_point_v<C> || is_complex_v<C>) {
      if (p.projection == reduction_projection::mean) {
        if constexpr (is_complex_v<C>)
          a = ufunc_op<ufunc_id::true_divide>{}(a, C(real_of_t<C>(p.count)));
        else
          a = a / C(p.count);
      }
    }
    return a;
  }
};

/// Whether functor Op's slot() is fold_slot and its identity a constant, so that a kernel may fold several
/// slots value by value, interleaved (reduction_vector_columns_kernel): sums and products.
template <class Op>
inline constexpr bool folds_slots = false;
template <class C, bool NanTest>
inline constexpr bool folds_slots<sum_reduction<C, NanTest>> = true;

/// Products (prod, nanprod) in accumulator type C; NanTest false: the form without nanprod's test of each
/// value, for launches where p.skip_nan is false (without_nan_test_t).
template <class C, bool NanTest = true>
struct prod_reduction {
  using value_t = C;
  using acc_t = C;
  using result_t = C;
  template <class In>
  static constexpr bool dense_input = accumulates_in<In, C>;
  static constexpr bool casts_on_load = true;
  reduction_params p;
  NUMCU_HD acc_t identity() const { return C(1); }
  NUMCU_HD acc_t map(value_t x, int64_t) const {
    if constexpr (NanTest) return p.skip_nan && is_nan(x) ? C(1) : x;
    return x;
  }
  NUMCU_HD acc_t combine(acc_t a, acc_t b) const { return ufunc_op<ufunc_id::multiply>{}(a, b); }
  template <int N, class T>
  NUMCU_HD acc_t slot(const T* v, int n, int64_t first, int w) const {
    return fold_slot<N>(*this, v, n, first, w);
  }
  NUMCU_HD result_t project(acc_t a) const {
    if (p.has_initial) a = combine(initial_value<C>(p), a);
    return a;
  }
};

template <class C, bool NanTest>
inline constexpr bool folds_slots<prod_reduction<C, NanTest>> = true;

/// Functor Op's form that makes no run-time test of p.skip_nan per value, for a launch where it is false: the
/// sums' and products' NanTest false form, Op itself for the others. The test (a compare and a select per
/// value) is not free where a kernel runs at the copy ceiling (the bench's standalone column sum ran at 3.53 TB/s
/// with it; docs/design_decisions.md, Reductions: the column case).
template <class Op>
struct without_nan_test {
  using type = Op;
};
template <class C>
struct without_nan_test<sum_reduction<C>> {
  using type = sum_reduction<C, false>;
};
template <class C>
struct without_nan_test<prod_reduction<C>> {
  using type = prod_reduction<C, false>;
};
template <class Op>
using without_nan_test_t = typename without_nan_test<Op>::type;

/// The lowest value of C in the order of maximum (NaN aside): the identity of max.
template <class C>
NUMCU_HD C lowest_of() {
  if constexpr (is_complex_v<C>)
    return C(-infinity<real_of_t<C>>(), -infinity<real_of_t<C>>());
  else if constexpr (is_floating_point_v<C>)
    return -infinity<C>();
  else
    return int_min<C>();
}
/// The highest value of C in the order of minimum: the identity of min.
template <class C>
NUMCU_HD C highest_of() {
  if constexpr (is_complex_v<C>)
    return C(infinity<real_of_t<C>>(), infinity<real_of_t<C>>());
  else if constexpr (is_floating_point_v<C>)
    return infinity<C>();
  else
    return int_max<C>();
}
/// What NumPy's nanargmax and nanargmin put in each NaN's place before searching: -inf for the largest, +inf
/// for the smallest (a complex one with imaginary part 0, as NumPy casts a Python float).
template <class C>
NUMCU_HD C nan_stand_in(bool largest) {
  if constexpr (is_complex_v<C>)
    return C(largest ? -infinity<real_of_t<C>>() : infinity<real_of_t<C>>(), real_of_t<C>(0));
  else if constexpr (is_floating_point_v<C>)
    return largest ? -infinity<C>() : infinity<C>();
  else
    return C{};  // (integers hold no NaN)
}
/// NaN of C (a complex one with both parts NaN).
template <class C>
NUMCU_HD C nan_of() {
  if constexpr (is_complex_v<C>)
    return C(quiet_nan<real_of_t<C>>(), quiet_nan<real_of_t<C>>());
  else
    return quiet_nan<C>();
}

/// True when @p a and @p b have the same bytes.
template <class T>
NUMCU_HD bool same_bits(const T& a, const T& b) {
  const unsigned char* x = reinterpret_cast<const unsigned char*>(&a);
  const unsigned char* y = reinterpret_cast<const unsigned char*>(&b);
  for (size_t i = 0; i < sizeof(T); ++i) {
    if (x[i] != y[i]) return false;
  }
  return true;
}

/// The extreme of a slot's values and whether one of them is NaN (slot_extreme).
template <class C>
struct slot_extreme_t {
  C value;   ///< the largest (or smallest) value other than NaN; the order's last value if there is none
  bool nan;  ///< some value is NaN
};

/// The largest (@p largest) or smallest of the N real values @p x, NaN left out and noted apart, by a hardware
/// maximum or minimum per value: whatever order they come in, the same value (a zero's sign aside: both zeros
/// are extremes alike). Values absent from a slot are passed as the order's last value (lowest_of for the
/// largest, highest_of for the smallest), which changes no extreme.
template <int N, class C>
NUMCU_HD slot_extreme_t<C> slot_extreme(const C (&x)[N], bool largest) {
  slot_extreme_t<C> e{largest ? lowest_of<C>() : highest_of<C>(), false};
NUMCU_UNROLL
  for (int k = 0; k < N; ++k) {
    if constexpr (is_floating_point_v<C>) e.nan = e.nan || is_nan(x[k]);
  }
  if (largest) {
NUMCU_UNROLL
    for (int k = 0; k < N; ++k) {
      if constexpr (is_floating_point_v<C>) e.value = math::fmax(e.value, x[k]);
      else e.value = x[k] > e.value ? x[k] : e.value;
    }
  } else {
NUMCU_UNROLL
    for (int k = 0; k < N; ++k) {
      if constexpr (is_floating_point_v<C>) e.value = math::fmin(e.value, x[k]);
      else e.value = x[k] < e.value ? x[k] : e.value;
    }
  }
  return e;
}

/// max and min (NaN propagates: NumPy's maximum / minimum) and nanmax and nanmin (NaN skipped: fmax / fmin;
/// all-NaN gives NaN), comparing in C = extreme_compute_t of the input.
template <class C>
struct extreme_reduction {
  using value_t = C;
  using acc_t = C;
  using result_t = C;
  template <class In>
  static constexpr bool dense_input = is_same_v<extreme_compute_t<In>, C>;
  /// every input that compares in C is a dense input; the narrower ones of int32 and int64 (bool, the 8- and
  /// 16-bit integers; uint32) are cast on load outside dense rows (cuda/reduction.cuh, every_kernel_typed)
  static constexpr bool casts_on_load = is_same_v<C, int32_t> || is_same_v<C, int64_t>;
  reduction_params p;
  NUMCU_HD acc_t identity() const {
    if constexpr (is_floating_point_v<C> || is_complex_v<C>) {
      if (p.skip_nan) return nan_of<C>();
    }
    return p.largest ? lowest_of<C>() : highest_of<C>();
  }
  NUMCU_HD acc_t map(value_t x, int64_t) const { return x; }
  NUMCU_HD acc_t combine(acc_t a, acc_t b) const {
    if constexpr (is_complex_v<C>) {
      // all NaN: the first element's NaN, as NumPy's fmax keeps its first argument, not the identity's
      if (p.skip_nan && is_nan(a) && is_nan(b)) return same_bits(a, nan_of<C>()) ? b : a;
      if (p.skip_nan) return p.largest ? ufunc_op<ufunc_id::fmax>{}(a, b) : ufunc_op<ufunc_id::fmin>{}(a, b);
      return p.largest ? ufunc_op<ufunc_id::maximum>{}(a, b) : ufunc_op<ufunc_id::minimum>{}(a, b);
    } else {
      // maximum, minimum, fmax and fmin in one expression without branches (the flags are the call's; the four
      // functions' branches, multiplied through the unrolled loops, gave max's whole-array float32 kernel 724
      // branches in 3765 PTX instructions, sum's has 95 in 1391; this form 135 in 2901): a is
      // kept where it is ordered before b (a >= b for the largest, a <= b for the smallest: the first of equal
      // values, as NumPy's), where a is NaN (maximum, minimum: a NaN spreads), or, skipping NaN, where b is NaN
      // (fmax keeps its first argument when both are) or a is ordered before b and not NaN
      const bool largest = p.largest, smallest = !p.largest;
      const bool ordered = (largest & (a >= b)) | (smallest & (a <= b));
      if constexpr (is_floating_point_v<C>) {
        const bool a_nan = a != a, a_number = a == a, b_nan = b != b;
        const bool skip = p.skip_nan, spread = !p.skip_nan;
        const bool keep_a = (skip & (b_nan | (a_number & ordered))) | (spread & (ordered | a_nan));
        return keep_a ? a : b;
      } else {
        return ordered ? a : b;
      }
    }
  }
  /// A whole slot of real values by slot_extreme, a hardware maximum or minimum per value: folding combine
  /// gives the same bits wherever the extreme is neither a zero (whose sign is the first zero's) nor there is
  /// a NaN (the first one spreads, or is all there is); those slots, slots of complex values and partial slots
  /// are folded. (Folding every slot held max(a) of 2^28 float32 at 3.71 TB/s, well behind the sum;
  /// docs/design_decisions.md, Reductions: max, min, argmax.)
  template <int N, class T>
  NUMCU_HD acc_t slot(const T* v, int n, int64_t first, int w) const {
    if constexpr (!is_complex_v<C>) {
      if (n == N) {
        C x[N];
NUMCU_UNROLL
        for (int k = 0; k < N; ++k) x[k] = cast<C>(v[k]);
        const slot_extreme_t<C> e = slot_extreme(x, p.largest);
        if (!e.nan && (!is_floating_point_v<C> || e.value != C(0))) return e.value;
      }
    }
    return fold_slot<N>(*this, v, n, first, w);
  }
  NUMCU_HD result_t project(acc_t a) const {
    if (p.has_initial) a = combine(initial_value<C>(p), a);
    return a;
  }
};

/// A value and its index in the reduced index space; index -1 marks no element.
template <class C>
struct indexed_value {
  C value;
  int64_t index;
};

/// argmax and argmin (the first NaN wins; ties go to the lower index) and nanargmax and nanargmin (each NaN
/// searched as NumPy's stand-in for it, nan_stand_in: -inf or +inf, so that a NaN before an equal infinity
/// wins; the caller checks for all-NaN slices first).
template <class C>
struct arg_reduction {
  using value_t = C;
  using acc_t = indexed_value<C>;
  using result_t = int64_t;
  /// The inputs of C itself and the 16-bit floats (compared in float) have kernels of their own; the integers
  /// compared in a wider C (bool, the 8- and 16-bit integers in int32, uint32 in int64) are cast on load: their
  /// arg searches are rarely hot, and kernels of their own tripled the integer arg unit's compile time.
  template <class In>
  static constexpr bool dense_input =
      is_same_v<In, C> || (is_same_v<C, float> && is_same_v<extreme_compute_t<In>, float>);
  static constexpr bool casts_on_load = is_same_v<C, int32_t> || is_same_v<C, int64_t>;
  reduction_params p;
  NUMCU_HD acc_t identity() const { return acc_t{C{}, -1}; }
  NUMCU_HD bool before(C a, C b) const {  // a strictly before b in the order searched
    if constexpr (is_complex_v<C>)
      return p.largest ? complex_less(b, a) : complex_less(a, b);
    else
      return p.largest ? b < a : a < b;
  }
  NUMCU_HD acc_t combine(acc_t a, acc_t b) const {
    if (b.index < 0) return a;
    if (a.index < 0) return b;
    const bool a_first = a.index < b.index;  // the same result whichever order the two come in
    const acc_t low = a_first ? a : b;         // values, not references: kept in registers on the GPU
    const acc_t high = a_first ? b : a;
    if (is_nan(low.value)) return low;  // only without skip_nan can a NaN be here (else its stand-in)
    if (is_nan(high.value)) return high;
    return before(high.value, low.value) ? high : low;
  }
  // the slot's best value by position first, its index once: the same answer as folding combine (the first
  // NaN, else the first of the largest), with a compare and a select per element
  template <int N, class T>
  NUMCU_HD acc_t slot(const T* v, int n, int64_t first, int w) const {
    int best = -1;
    C best_value{};
NUMCU_UNROLL
    for (int k = 0; k < N; ++k) {
      if (k < n) {
        const C loaded = cast<C>(v[k]);
        const C x = p.skip_nan && is_nan(loaded) ? nan_stand_in<C>(p.largest) : loaded;
        const bool nan = is_nan(x);
        const bool take = best < 0 || (!is_nan(best_value) && (nan || before(x, best_value)));
        if (take) {
          best = k;
          best_value = x;
        }
      }
    }
    return best < 0 ? identity() : acc_t{best_value, slot_index(first, best, w)};
  }
  NUMCU_HD result_t project(acc_t a) const { return a.index; }
};

/// The compute types whose arg reductions the CUDA kernels may run on 64-bit keys (arg_key_reduction).
template <class C>
inline constexpr bool arg_keys_fit = is_same_v<C, float> || is_same_v<C, int32_t>;

/// The most elements per output arg_key_reduction indexes (its key holds an index's complement in 32 bits, and
/// key 0 means no element).
inline constexpr int64_t arg_key_max_count = 0xfffffffe;

/// arg_reduction's answers for the compute types of arg_keys_fit and at most arg_key_max_count elements per
/// output, on 64-bit keys: the value's rank in the order searched (a NaN highest, or with skip_nan the rank of
/// its stand-in; -0.0 equal to +0.0; key 0 marks no element) above the complement of its index, so that the
/// answer's key is the largest and combine is a max, whatever the order partials come in. The CUDA kernels run it for speed (half
/// the bytes per partial of indexed_value, no branches in a combine); the index it gives is arg_reduction's.
template <class C>
struct arg_key_reduction {
  static_assert(arg_keys_fit<C>, "a key holds a 32-bit rank");
  using value_t = C;
  using acc_t = uint64_t;
  using result_t = int64_t;
  template <class In>
  static constexpr bool dense_input = arg_reduction<C>::template dense_input<In>;
  static constexpr bool casts_on_load = false;
  reduction_params p;
  NUMCU_HD acc_t identity() const { return 0; }
  NUMCU_HD acc_t combine(acc_t a, acc_t b) const { return a > b ? a : b; }
  /// The rank of a value that is not a NaN: a greater rank is searched for first (slot() ranks one value per
  /// slot, its extreme, and gives a NaN the highest rank, 0xffffffff, itself).
  NUMCU_HD uint32_t rank(C x) const {
    uint32_t ordered;  // the order of <
    if constexpr (is_same_v<C, float>) {
      // a float's bits flipped to sort as unsigned: all of a negative's, the sign of a positive's; -inf
      // 0x007fffff, +inf 0xff800000, both zeros 0x80000000
      const float value = x;
      const uint32_t bits = __builtin_bit_cast(uint32_t, value);
      ordered = bits ^ (static_cast<uint32_t>(static_cast<int32_t>(bits) >> 31) | 0x80000000u);
      ordered = x == 0.0f ? 0x80000000u : ordered;
    } else {
      ordered = static_cast<uint32_t>(x) ^ 0x80000000u;
    }
    return p.largest ? ordered : ~ordered;  // a float's in 0x007fffff ... 0xff800000: never a NaN's
  }
  /// The slot's extreme value first, by maxima (or minima) of the values alone, a NaN noted apart; then the
  /// first index holding it (or the first NaN; with skip_nan each NaN is its stand-in): the largest of the
  /// values' keys, 0 if none is present. A maximum and a compare and select per value rather than a key
  /// and its 64-bit maximum, which held argmax's first stage at 4.05 TB/s on 2^28 float32
  /// (docs/design_decisions.md, Reductions: max, min, argmax). The index part is the complement of the index's
  /// low 32 bits.
  template <int N, class T>
  NUMCU_HD acc_t slot(const T* v, int n, int64_t first, int w) const {
    // absent values (past n) are the order's last value, which changes no extreme and is never searched for
    const C absent = p.largest ? lowest_of<C>() : highest_of<C>();
    C x[N];
NUMCU_UNROLL
    for (int k = 0; k < N; ++k) x[k] = k < n ? cast<C>(v[k]) : absent;
    if (p.skip_nan) {  // (a branch apart: argmax's loads and maximum stay as they were)
      const C stand_in = nan_stand_in<C>(p.largest);
NUMCU_UNROLL
      for (int k = 0; k < N; ++k) x[k] = is_nan(x[k]) ? stand_in : x[k];
    }
    const slot_extreme_t<C> e = slot_extreme(x, p.largest);
    const C m = e.value;
    const bool find_nan = e.nan;  // a NaN is searched first (none is left with skip_nan)
    int found = -1;
NUMCU_UNROLL
    for (int k = N - 1; k >= 0; --k) {
      if (k < n && (find_nan ? is_nan(x[k]) : x[k] == m)) found = k;  // both zeros equal, as their ranks
    }
    if (found < 0) return 0;  // none present
    const uint32_t index_complement = 0xffffffffu - static_cast<uint32_t>(slot_index(first, found, w));
    return (uint64_t{find_nan ? 0xffffffffu : rank(m)} << 32) | index_complement;
  }
  NUMCU_HD result_t project(acc_t a) const {
    return a == 0 ? -1 : static_cast<int64_t>(0xffffffffu - (a & 0xffffffffu));
  }
};

/// The input dtypes logical and count reductions read as vectors; the rest are cast on load.
template <class In>
inline constexpr bool common_truth_input = is_same_v<In, bool> || is_same_v<In, int8_t> ||
                                           is_same_v<In, uint8_t> || is_same_v<In, int32_t> ||
                                           is_same_v<In, int64_t> || is_same_v<In, float> || is_same_v<In, double>;

/// any and all: the truth of each element, or-ed or and-ed.
template <class C>
struct logical_reduction {
  using value_t = bool;
  using acc_t = bool;
  using result_t = bool;
  template <class In>
  static constexpr bool dense_input = common_truth_input<In>;
  static constexpr bool casts_on_load = true;
  reduction_params p;
  NUMCU_HD acc_t identity() const { return !p.any; }
  NUMCU_HD acc_t map(value_t x, int64_t) const { return x; }
  NUMCU_HD acc_t combine(acc_t a, acc_t b) const { return p.any ? (a || b) : (a && b); }
  template <int N, class T>
  NUMCU_HD acc_t slot(const T* v, int n, int64_t first, int w) const {
    return fold_slot<N>(*this, v, n, first, w);
  }
  NUMCU_HD result_t project(acc_t a) const { return a; }
};

/// count_nonzero: the number of true elements.
template <class C>
struct count_reduction {
  using value_t = bool;
  using acc_t = int64_t;
  using result_t = int64_t;
  template <class In>
  static constexpr bool dense_input = common_truth_input<In>;
  static constexpr bool casts_on_load = true;
  reduction_params p;
  NUMCU_HD acc_t identity() const { return 0; }
  NUMCU_HD acc_t combine(acc_t a, acc_t b) const { return a + b; }
  template <int N, class T>
  NUMCU_HD acc_t slot(const T* v, int n, int64_t, int) const {
    acc_t c = 0;
NUMCU_UNROLL
    for (int k = 0; k < N; ++k) c += (k < n && cast<bool>(v[k])) ? 1 : 0;
    return c;
  }
  NUMCU_HD result_t project(acc_t a) const { return a; }
};

/// The count, mean and sum of squared deviations from the mean (M2) of some elements.
template <class C>
struct moments {
  int64_t count;
  C mean;
  real_of_t<C> m2;
};

/// |d|^2 rounded the same way on both backends.
template <class C>
NUMCU_HD real_of_t<C> squared_magnitude(C d) {
  if constexpr (is_complex_v<C>)
    return add_rn(mul_rn(d.real(), d.real()), mul_rn(d.imag(), d.imag()));
  else
    return mul_rn(d, d);
}

/// var and std: each slot's moments by two passes over its values in registers (its exact mean first, then
/// the squared deviations), slots and tiles merged by Chan's formula: accurate on data with a large mean.
template <class C>
struct moments_reduction {
  using R = real_of_t<C>;
  using value_t = C;
  using acc_t = moments<C>;
  using result_t = R;
  template <class In>
  static constexpr bool dense_input = accumulates_in<In, C>;
  static constexpr bool casts_on_load = true;
  reduction_params p;
  NUMCU_HD acc_t identity() const { return acc_t{0, C(0), R(0)}; }
  template <int N, class T>
  NUMCU_HD acc_t slot(const T* v, int n, int64_t, int) const {
    if (n == 0) return identity();
    C sum = cast<C>(v[0]);
NUMCU_UNROLL
    for (int k = 1; k < N; ++k) {
      if (k < n) sum = sum + cast<C>(v[k]);
    }
    const C mean = divide(sum, R(n));
    R m2 = R(0);
NUMCU_UNROLL
    for (int k = 0; k < N; ++k) {
      if (k < n) m2 = add_rn(m2, squared_magnitude<C>(cast<C>(v[k]) - mean));
    }
    return acc_t{n, mean, m2};
  }
  NUMCU_HD acc_t combine(acc_t a, acc_t b) const {
    if (b.count == 0) return a;
    if (a.count == 0) return b;
    const int64_t n = a.count + b.count;
    // the weights in double whatever C, rounded once to R: the same on both backends; equal counts (every
    // full slot and tile) give 1/2 and count/2 exactly, without the divisions
    const bool equal = a.count == b.count;
    const R weight_b = equal ? R(0.5) : static_cast<R>(static_cast<double>(b.count) / static_cast<double>(n));
    const R weight_ab =
        equal ? static_cast<R>(static_cast<double>(a.count) * 0.5)
              : static_cast<R>(static_cast<double>(a.count) * static_cast<double>(b.count) / static_cast<double>(n));
    const C delta = b.mean - a.mean;
    C mean;
    if constexpr (is_complex_v<C>)
      mean = C(add_rn(a.mean.real(), mul_rn(delta.real(), weight_b)),
               add_rn(a.mean.imag(), mul_rn(delta.imag(), weight_b)));
    else
      mean = add_rn(a.mean, mul_rn(delta, weight_b));
    const R m2 = add_rn(add_rn(a.m2, b.m2), mul_rn(squared_magnitude<C>(delta), weight_ab));
    return acc_t{n, mean, m2};
  }
  NUMCU_HD result_t project(acc_t a) const {
    const double dof = static_cast<double>(a.count) - p.ddof;
    R var = a.m2 / static_cast<R>(dof > 0 ? dof : 0.0);
    if (p.projection == reduction_projection::std) var = math::sqrt(var);
    return var;
  }

 private:
  NUMCU_HD static C divide(C x, R n) {
    if constexpr (is_complex_v<C>)
      return C(x.real() / n, x.imag() / n);
    else
      return x / n;
  }
};

/// The compute types each family is built for: sums and products in int64, uint64, float, double and
/// complex; extremes and their arg forms in the extreme_compute_t types; moments in the floating types; the
/// logical and count families in bool.
template <reduction_family F, class C>
inline constexpr bool reduction_computes_in = [] {
  constexpr bool floating = is_floating_point_v<C> || is_complex_v<C>;
  switch (F) {
    case reduction_family::sum:
    case reduction_family::prod:
      return floating || is_same_v<C, int64_t> || is_same_v<C, uint64_t>;
    case reduction_family::extreme:
    case reduction_family::arg:
      return floating || is_same_v<C, int32_t> || is_same_v<C, int64_t> || is_same_v<C, uint64_t>;
    case reduction_family::moments:
      return floating;
    default:
      return is_same_v<C, bool>;
  }
}();

/// The functor of family F in compute type C.
template <reduction_family F, class C>
struct reduction_functor;
#define NUMCU_REDUCTION_FUNCTOR(name)               \
  template <class C>                             \
  struct reduction_functor<reduction_family::name, C> { \
    using type = name##_reduction<C>;               \
  };
NUMCU_FOR_EACH_REDUCTION_FAMILY(NUMCU_REDUCTION_FUNCTOR)
#undef NUMCU_REDUCTION_FUNCTOR

/// Calls f(type_tag<functor>{}) with the functor of family F in compute dtype @p compute; returns false,
/// calling nothing, for a compute dtype F is not built for.
template <reduction_family F, class Fn>
bool visit_reduction_functor(dtype_code compute, Fn&& f) {
  return visit_dtype(compute, [&](auto tag) {
    using C = typename decltype(tag)::type;
    if constexpr (reduction_computes_in<F, C>) {
      f(type_tag<typename reduction_functor<F, C>::type>{});
      return true;
    } else {
      return false;
    }
  });
}

}  // namespace numcu::detail
