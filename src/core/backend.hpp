// The entry points of the backends, each declared once: a template over the backend, whose explicit
// specializations live in src/host/ (host_backend: loops on the CPU, done before the call returns) and in
// src/cuda/ (cuda_backend: kernels queued on the context's stream, plans holding device addresses).
// Dispatch (dispatch/route.hpp) picks the backend of the operands' device and builds the context; it returns
// before routing a call with nothing to do, so no entry point sees zero elements.
#pragma once

#include <functional>
#include <optional>

#include "core/elementwise_call.hpp"
#include "core/exec.hpp"
#include "core/gemm_plan.hpp"
#include "core/iteration_plan.hpp"
#include "core/reduction_call.hpp"
#include "core/sort_call.hpp"
#include "device/pad_source.hpp"
#include "device/philox.hpp"
#include "device/scatter_fold.hpp"
#include "device/sequence.hpp"
#include "numcu/config.hpp"
#include "numcu/dtype.hpp"
#include "numcu/fft.hpp"
#include "numcu/indexing.hpp"

namespace numcu::detail {

/// The host backend (src/host/).
struct host_backend {};
/// The CUDA backend (src/cuda/).
struct cuda_backend {};

/// plan operand 0 (dtype @p dst) = cast(plan operand 1 (dtype @p src)); the operands do not overlap.
template <class Backend>
void copy_cast(const exec& e, const iteration_plan& plan, dtype dst, dtype src);

/// Sets every element of plan operand 0 to the @p itemsize bytes at @p value.
template <class Backend>
void fill(const exec& e, const iteration_plan& plan, const void* value, std::size_t itemsize);

/// Writes NumPy's arange into @p n contiguous elements at @p out: element i is first + i * (second - first)
/// computed in the dtype's arithmetic; @p first and @p second are elements of dtype @p t.
template <class Backend>
void arange(const exec& e, void* out, dtype t, std::int64_t n, const void* first, const void* second);

/// Writes NumPy's linspace (device/sequence.hpp) into the @p p.n contiguous elements of dtype @p t at @p out.
template <class Backend>
void linspace(const exec& e, void* out, dtype t, const linspace_params& p);

/// The @p call.batch matrix products of @p call (core/gemm_plan.hpp): floating and complex dtypes on BLAS
/// (cuBLAS on the GPU, the CPU's BLAS where the build found one), integers and bool on numcu's loops
/// (device/matmul_element.hpp), which also serve the CPU's floating products without a BLAS.
template <class Backend>
void gemm(const exec& e, const gemm_call& call);

/// LU factorizations with partial pivoting, in place, of the @p batch n × n column-major matrices at @p a
/// (dtype
/// @p t: float64 or complex128; n * n elements apart), as LAPACK's getrf: the row exchanges (1-based) into
/// the batch × n int64 at @p pivots (memory of the call's device), each matrix's info into the host's @p info
/// (batch entries: 0, or i where u_ii is exactly zero; on the GPU after one wait). n and batch are at
/// least 1.
template <class Backend>
void lu_factor(const exec& e, dtype t, std::int64_t n, std::int64_t batch, void* a, std::int64_t* pivots,
               std::int64_t* info);

/// Solves A X = B for the @p batch systems factored by lu_factor (@p lu, @p pivots): the n × nrhs
/// column-major right sides at @p b (n * nrhs elements apart) are overwritten by X, as LAPACK's getrs.
template <class Backend>
void lu_solve(const exec& e, dtype t, std::int64_t n, std::int64_t nrhs, std::int64_t batch, const void* lu,
              const std::int64_t* pivots, void* b);

/// Cholesky factorizations, in place, of the @p batch n × n column-major Hermitian matrices at @p a, as
/// LAPACK's potrf: from and into the lower triangle (A = L L^H), or the upper with @p upper (A = U^H U); the
/// other triangle is left as it was. @p info as lu_factor's (i: the leading minor of order i is not positive
/// definite).
template <class Backend>
void cholesky_factor(const exec& e, dtype t, std::int64_t n, std::int64_t batch, void* a, bool upper,
                     std::int64_t* info);

/// Eigenvalues (ascending) and, with @p vectors, eigenvectors of the @p batch n × n column-major Hermitian
/// matrices at @p a (their lower triangle read, or the upper with @p upper), as LAPACK's syevd and heevd: the
/// values into the batch × n float64 at @p w, the vectors over @p a (column j the vector of value j). @p info
/// as lu_factor's (i > 0: did not converge).
template <class Backend>
void hermitian_eigen(const exec& e, dtype t, std::int64_t n, std::int64_t batch, void* a, bool upper,
                     bool vectors, double* w, std::int64_t* info);

/// Eigenvalues and, with @p vectors, right eigenvectors of the @p batch n × n column-major general matrices
/// at
/// @p a (float64 or complex128, overwritten), as LAPACK's geev: the values into the complex128 batch × n at
/// @p w (a real matrix's conjugate pairs together, the one of positive imaginary part first, real ones with
/// imaginary part exactly 0), the vectors into the complex128 column-major n × n matrices at @p v (column j
/// the unit vector of value j). @p info as lu_factor's (i > 0: did not converge).
template <class Backend>
void general_eigen(const exec& e, dtype t, std::int64_t n, std::int64_t batch, void* a, bool vectors, void* w,
                   void* v, std::int64_t* info);

/// Which singular vectors a singular value decomposition computes: none, the first min(m, n) (reduced) or
/// all.
enum class singular_vectors { none, reduced, full };

/// Singular value decompositions of the @p batch m × n (m >= n) column-major matrices at @p a (overwritten),
/// as LAPACK's gesvd: the n singular values, descending, into the batch × n float64 at @p s; with @p which
/// reduced, U (m × n) into @p u and V^H (n × n) into @p vt, with full U (m × m); column-major, one matrix
/// after another. @p info as lu_factor's (i > 0: did not converge).
template <class Backend>
void singular_values(const exec& e, dtype t, std::int64_t m, std::int64_t n, std::int64_t batch, void* a,
                     singular_vectors which, double* s, void* u, void* vt, std::int64_t* info);

/// QR factorizations of the @p batch m × n column-major matrices at @p a, in place, as LAPACK's geqrf: R in
/// the upper triangle, the Householder vectors below, their min(m, n) scalars into @p tau (batch × min(m,
/// n)).
template <class Backend>
void qr_factor(const exec& e, dtype t, std::int64_t m, std::int64_t n, std::int64_t batch, void* a,
               void* tau);

/// The Q of qr_factor's factorizations, as LAPACK's orgqr and ungqr: the m × columns column-major matrices at
/// @p q (m >= columns >= k) hold the k Householder vectors in their first k columns on entry and the first
/// @p columns columns of Q on return.
template <class Backend>
void qr_form_q(const exec& e, dtype t, std::int64_t m, std::int64_t columns, std::int64_t k,
               std::int64_t batch, void* q, const void* tau);

/// The transforms of fft_batch: complex to complex either way (unnormalized: the inverse is n times NumPy's
/// ifft), real to the n / 2 + 1 non-negative frequencies, and back (the imaginary parts of the zero and, for
/// an even n, the n / 2 frequency ignored).
enum class fft_kind { forward, inverse, real_forward, real_inverse };

/// A batch of discrete Fourier transforms over the last @p rank axes of C-contiguous arrays: @p batch
/// transforms of the sizes @p dims (the real lengths, for real_forward and real_inverse; rank 1 for those).
/// @p t is the complex dtype (complex64 or complex128); the real side of a real transform is its part dtype.
/// @p in and @p out do not overlap; real_inverse may overwrite @p in.
struct fft_call {
  fft_kind kind = fft_kind::forward;
  dtype t = complex128;
  int rank = 1;
  std::int64_t dims[3] = {1, 1, 1};
  std::int64_t batch = 1;
  void* in = nullptr;
  void* out = nullptr;
};

/// Runs @p call: cuFFT on the GPU (its plan from the calling thread's cache), kissfft on the host where the
/// build found it (else device_error). The sizes and batch are at least 1.
template <class Backend>
void fft_batch(const exec& e, const fft_call& call);

/// Whether the host backend has kissfft (the build found it); without it, its fft_batch throws device_error.
bool host_has_fft();

/// The calling thread's cuFFT plan cache on GPU @p ordinal (cuda/fft.cu).
fft::plan_cache_info cuda_fft_plan_cache(int ordinal);
/// The limits of every thread's cuFFT plan cache: plans kept per GPU, and their work areas' total (0: none).
void set_cuda_fft_plan_limits(std::optional<std::size_t> plans, std::optional<std::size_t> work_bytes);
/// Destroys the calling thread's cached cuFFT plans.
void clear_cuda_fft_plans();

/// Whether the host backend has LAPACK (the build found one); without it, its factorizations and solves
/// (lu_factor ... qr_form_q) throw device_error.
bool host_has_lapack();

/// Runs one reduction: every output of call.plan gets the reduction of its elements in the fixed order of
/// device/reduction_order.hpp (bitwise the same on both backends). The plan has outputs and reduced elements.
template <class Backend>
void run_reduction(const exec& e, const reduction_call& call);

/// Running sums (running products with @p product) along each of the @p rows contiguous rows of @p n elements
/// of dtype @p t (int64, uint64, float32, float64, complex64 or complex128) at @p in, into the same layout at
/// @p out (which may be @p in). On the GPU the order of a floating scan is CUB's, not the host's.
template <class Backend>
void inclusive_scan(const exec& e, dtype t, bool product, const void* in, void* out, std::int64_t rows,
                    std::int64_t n);

/// Sorts each row of @p call in NumPy's stable ascending order: the permutation into call.indices, the sorted
/// values into call.values, where wanted. The one exception, on the GPU: NaNs of different signs or payloads
/// may come in another order among themselves (CUB's radix sort of the values orders them by their bits).
template <class Backend>
void sort_rows(const exec& e, const sort_call& call);

/// A gather through permutations of rows: dst[i] = src[(i / n) * n + index[i]] for the @p total elements of
/// @p itemsize bytes at @p dst (n = total: one gather from the whole of src). The caller checks that every
/// index lies in its row.
template <class Backend>
void gather(const exec& e, std::size_t itemsize, const void* src, const std::int64_t* index, std::int64_t n,
            std::int64_t total, void* dst);

/// Partitions the @p n contiguous elements of dtype @p t at @p in around the one a stable sort puts at @p kth
/// (in [0, n)): first the elements whose device/sort_keys.hpp keys are smaller than its, then those whose keys
/// equal its, then the larger ones, each group in input order (so every backend gives the same answer). The
/// values go to @p values and their positions (int64) to @p indices, each where not null; neither may be in.
template <class Backend>
void partition_row(const exec& e, dtype t, const void* in, std::int64_t n, std::int64_t kth, void* values,
                   std::int64_t* indices);

/// For each of the @p m contiguous needles of dtype @p t at @p needles, the index in the @p n contiguous elements
/// at @p sorted (ascending in NumPy's order) where it would go: the first such index, or the last with
/// @p right; into the int64 @p out.
template <class Backend>
void search_sorted(const exec& e, dtype t, const void* sorted, std::int64_t n, const void* needles, std::int64_t m,
                   bool right, std::int64_t* out);

/// NumPy's take along the middle axis of @p src, C-contiguous (outer, extent, inner) elements of @p itemsize
/// bytes, into @p dst, C-contiguous (outer, count, inner): dst[o, b, i] = src[o, p, i], p the position
/// index[b] names under @p mode (core/take_index.hpp). Under raise, an index that names none writes nothing
/// in its place, and the least such b is returned (-1 when there is none): on the GPU, reading it waits for the
/// kernel; wrap and clip return -1 without waiting.
template <class Backend>
std::int64_t take(const exec& e, std::size_t itemsize, const void* src, std::int64_t outer, std::int64_t extent,
                  std::int64_t inner, const std::int64_t* index, std::int64_t count, index_mode mode, void* dst);

/// The least b whose index[b], of the @p count at @p index, lies outside [-extent, extent), or -1 (on the GPU,
/// after waiting for the check).
template <class Backend>
std::int64_t first_out_of_bounds(const exec& e, const std::int64_t* index, std::int64_t count, std::int64_t extent);

/// put, the inverse of take: dst[o, p, i] = values[o, b, i] for dst C-contiguous (outer, extent, inner) and
/// values C-contiguous (outer, count, inner), p the position index[b] names under @p mode; under raise every
/// index must name one (first_out_of_bounds checks beforehand). Where two indices name the same position one
/// of the writes wins (on the host the last, as NumPy's).
template <class Backend>
void put(const exec& e, std::size_t itemsize, void* dst, std::int64_t outer, std::int64_t extent,
         std::int64_t inner, const std::int64_t* index, std::int64_t count, index_mode mode, const void* values);

/// The elements of the @p n contiguous ones of @p itemsize bytes at @p src whose flag (of the @p n bools at
/// @p flags) is true, in order, into the memory that @p result returns when given their count: it is called
/// once, after the count and before anything is written (on the GPU, after one wait for the device).
template <class Backend>
void select_flagged(const exec& e, std::size_t itemsize, const void* src, const bool* flags, std::int64_t n,
                    const std::function<void*(std::int64_t)>& result);

/// At most this many parts go into one join_narrow_rows call.
inline constexpr int join_parts_capacity = 16;

/// The parts of a join_narrow_rows call: each C-contiguous (outer, width[k]) elements at data[k].
struct join_parts {
  const void* data[join_parts_capacity];
  std::int64_t width[join_parts_capacity];
  int count = 0;
};

/// The rows of @p parts side by side into @p dst, C-contiguous (outer, the widths' sum) elements of @p itemsize
/// bytes: NumPy's concatenate of (outer, width) blocks along their last axis (stack along the last axis among
/// them), for rows of at most join_parts_capacity elements in all, which a copy per part would write a few
/// bytes at a time.
template <class Backend>
void join_narrow_rows(const exec& e, std::size_t itemsize, const join_parts& parts, std::int64_t outer, void* dst);

/// Where pad_gather reads the elements of its result from: the mode, the result's shape, and for each axis
/// the pad before it, the source's size (at least 1) and stride (in elements).
struct pad_plan {
  pad_copy mode = pad_copy::constant;
  int ndim = 0;
  std::int64_t shape[max_dims];
  std::int64_t before[max_dims];
  std::int64_t size[max_dims];
  std::int64_t strides[max_dims];
};

/// numpy.pad of the modes that copy (edge, reflect, symmetric, wrap) and of constant, within the widths
/// device/pad_source.hpp covers: the C-contiguous result of plan.shape at @p dst, its element (i_0, ...,
/// i_n-1) the one of @p src at the pad_source() of each index where every one is a source index, else the
/// constant of the last axis d whose index is not: constants[2 d] (before) or constants[2 d + 1] (after),
/// elements of @p itemsize bytes (null for the modes that copy).
template <class Backend>
void pad_gather(const exec& e, std::size_t itemsize, const void* src, const pad_plan& plan,
                const void* constants, void* dst);

/// NumPy's tril (@p lower) or triu of the @p matrices C-contiguous (rows, columns) matrices of elements of
/// @p itemsize bytes at @p src, into @p dst of the same layout: element (r, c) is kept where c - r <= k
/// (tril) or c - r >= k (triu), else zero (all bits clear), and only what is kept is read.
template <class Backend>
void triangle(const exec& e, std::size_t itemsize, const void* src, std::int64_t matrices, std::int64_t rows,
              std::int64_t columns, std::int64_t k, bool lower, void* dst);

/// The positions i of the @p n bools at @p flags that are true, ascending, into @p out (as many as are true:
/// the caller counts them first).
template <class Backend>
void flag_positions(const exec& e, const bool* flags, std::int64_t n, std::int64_t* out);

/// counts[x[i] - offset] += 1 for the @p n contiguous integer (or bool) values of dtype @p t at @p x, each
/// x[i] - offset in [0, m) (checked by the caller; the difference is taken modulo 2^64, so that a uint64 range
/// counts too); @p counts (m int64) starts at zero.
template <class Backend>
void count_bins(const exec& e, dtype t, const void* x, std::int64_t n, std::int64_t offset, std::int64_t* counts,
                std::int64_t m);

/// out[b] = the sum of values[begin[b]], ..., values[end[b] - 1], added one after another in that order, for
/// the @p m bins: NumPy's bincount with weights, whose sums follow the input's order (values are the weights
/// sorted stably by bin).
template <class Backend>
void sum_bins(const exec& e, const double* values, const std::int64_t* begin, const std::int64_t* end,
              std::int64_t m, double* out);

/// Fills the @p n contiguous elements of dtype @p t at @p out with draws of @p p (device/philox.hpp).
template <class Backend>
void random_fill(const exec& e, void* out, dtype t, std::int64_t n, const random_params& p);

/// Runs one elementwise call: call.plan operand 0 = ufunc(inputs), as resolved by core/type_resolution.hpp.
template <class Backend>
void run_ufunc(const exec& e, const elementwise_call& call);

/// NumPy's ufunc.at: the contributions of @p call (device/scatter_fold.hpp) applied to the target, those to
/// one element in their order.
template <class Backend>
void scatter_ufunc(const exec& e, const scatter_call& call);

/// Runs a ufunc of two outputs as one call: numpy.divmod (call.op floor_divide), modf or frexp; the first
/// output into plan operand 0, the second into operand 3 (device/special_loops.hpp).
template <class Backend>
void run_two_outputs(const exec& e, const elementwise_call& call);

/// Runs a comparison of a signed integer array with a uint64 array exactly (device/special_loops.hpp).
template <class Backend>
void run_mixed_comparison(const exec& e, const elementwise_call& call);

}  // namespace numcu::detail
