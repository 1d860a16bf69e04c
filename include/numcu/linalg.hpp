/// @file linalg.hpp
/// @brief Products of vectors and arrays with NumPy's names, result dtypes and messages: matmul, dot, inner,
/// tensordot, outer, vdot, vecdot, kron, cross, and in `numcu::linalg` numpy.linalg's matmul, tensordot,
/// matrix_power, multi_dot, outer, vecdot, cross, vector_norm, trace, diagonal and matrix_transpose. Matrix
/// products of floating and complex dtypes run on cuBLAS on the GPU and on the CPU's BLAS (OpenBLAS) where
/// the build found one; those of integers and bool on numcu's own loops, exactly (wrapping in the dtype as
/// NumPy's do). float16 and bfloat16 products accumulate in float32.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "numcu/dtype.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/shape.hpp"

namespace numcu {

/// numpy.matmul: the matrix products of the last two axes of @p a and @p b, the axes before them broadcast
/// against each other (NumPy's gufunc (n?,k),(k,m?)->(n?,m?): a 1-D @p a is a row, a 1-D @p b a column, and
/// that axis is dropped from the result), in their promoted dtype. Integers and bool are computed exactly in
/// that dtype (integers wrapping, bool the or of ands); float16 and bfloat16 accumulate in float32; float32
/// uses no TF32 unless set_matmul_allow_tf32(true). Transposed views are read in place, not copied. With
/// @p out the result is written there (cast under same_kind; its leading axes may broadcast the operands')
/// and
/// @p out is returned. @throws shape_error for a 0-d operand ("matmul: Input operand 0 does not have enough
/// dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)"), inner extents that
/// differ ("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature
/// (n?,k),(k,m?)->(n?,m?) (size 4 is different from 3)"), leading axes that do not broadcast, or an @p out of
/// another shape; dtype_error for an @p out the result cannot be cast to; device_error.
ndarray matmul(const ndarray& a, const ndarray& b, const std::optional<ndarray>& out = std::nullopt);

/// numpy.dot: multiply for a 0-d operand, the inner product of two 1-D arrays, matmul of two 2-D ones, the
/// sum product over the last axis of @p a and the only axis of a 1-D @p b, and otherwise over the last axis
/// of @p a and the second-to-last of @p b (result shape a.shape[:-1] + b.shape[:-2] + b.shape[-1:]). With @p
/// out (which must be C-contiguous, of the result's dtype and shape, as NumPy's) the result is written there.
/// @throws shape_error "shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)", "output array is not
/// acceptable (must have the right datatype, number of dimensions, and be a C-Array)" or "output array has
/// wrong dimensions"; dtype_error; device_error.
ndarray dot(const ndarray& a, const ndarray& b, const std::optional<ndarray>& out = std::nullopt);

/// numpy.inner: multiply for a 0-d operand, otherwise the sum products over the last axes of @p a and @p b
/// (result shape a.shape[:-1] + b.shape[:-1]). @throws shape_error "shapes (2,3) and (5,4) not aligned: 3
/// (dim 1) != 4 (dim 1)", dtype_error, device_error.
ndarray inner(const ndarray& a, const ndarray& b);

/// The axes numpy.tensordot sums over: the last @p count of a with the first @p count of b, or the pairs in
/// @p a_axes and @p b_axes when these are given.
struct tensordot_axes {
  std::int64_t count = 2;              ///< sum over a's last count axes and b's first count axes
  std::vector<std::int64_t> a_axes{};  ///< or over these axes of a ...
  std::vector<std::int64_t> b_axes{};  ///< ... paired with these axes of b (used when either is not empty)
  /// The last @p n axes of a with the first @p n of b (numpy.tensordot's axes=n).
  tensordot_axes(std::int64_t n = 2) : count(n) {}  // NOLINT: an integer converts, as NumPy's axes=2
  /// Axes @p a of a paired with axes @p b of b (numpy.tensordot's axes=(a, b)).
  tensordot_axes(std::vector<std::int64_t> a, std::vector<std::int64_t> b)
      : count(-1), a_axes(std::move(a)), b_axes(std::move(b)) {}
};

/// numpy.tensordot: the sums of products of @p a and @p b over the paired axes of @p axes, the result's axes
/// a's others then b's others, in the promoted dtype (computed as one matrix product). @throws shape_error
/// "shape-mismatch for sum" where paired extents differ or the lists differ in length, "duplicate axes are
/// not allowed in tensordot"; index_error "tuple index out of range" for an axis beyond the array's.
ndarray tensordot(const ndarray& a, const ndarray& b, const tensordot_axes& axes = 2);

/// numpy.einsum: the sum of products of @p operands over the labels of @p subscripts ("ij,jk->ik"; without "->"
/// the labels that appear once, in alphabetical order; a label repeated within an operand takes its diagonal;
/// "..." stands for the axes not labelled, broadcast across operands), in the operands' promoted dtype. Products
/// are matrix products (matmul) after transposes, two operands at a time: left to right, or with @p optimize the
/// pair whose result is smallest first (NumPy's greedy order). @throws shape_error with NumPy's messages
/// ("einstein sum subscripts string contains too many subscripts for operand 0", "dimensions in operand 1 for
/// collapsing index 'k' don't match (3 != 4)", "invalid subscript '$' in einstein sum subscripts string,
/// subscripts must be letters", ...), dtype_error, device_error.
ndarray einsum(const std::string& subscripts, const std::vector<ndarray>& operands, bool optimize = false);

/// Whether float32 and complex64 matrix products on the GPU may round their inputs to TF32 on tensor cores
/// (faster, about 10 bits of mantissa): off by default, so that results have float32's precision as NumPy's.
/// Process-wide; as PyTorch's `allow_tf32`.
void set_matmul_allow_tf32(bool allow);

/// The setting of set_matmul_allow_tf32 (false unless set).
bool matmul_allow_tf32();

/// numpy.outer: out[i, j] = a.ravel()[i] * b.ravel()[j], in the dtype NumPy's multiply gives (into @p out
/// when given, as multiply's out=: a shape the result broadcasts to). @throws shape_error for another @p out,
/// dtype_error where multiply has no loop or out's dtype refuses the cast, device_error.
ndarray outer(const ndarray& a, const ndarray& b, const std::optional<ndarray>& out = std::nullopt);

/// numpy.vdot: the dot product of the flattened arrays, @p a conjugated when complex, as a 0-d array of their
/// promoted dtype. @throws shape_error "cannot reshape array of size 5 into shape (6,)" where the sizes
/// differ, dtype_error, device_error.
ndarray vdot(const ndarray& a, const ndarray& b);

/// numpy.vecdot (and numpy.linalg.vecdot): the dot products of the vectors along @p axis of @p x1 and @p x2
/// (x1 conjugated when complex), the other axes broadcast; the result has the promoted dtype (integers wrap
/// in it, bool is the logical or of ands, float16 and bfloat16 accumulate in float32). @throws shape_error
/// for a 0-d operand ("vecdot: Input operand 0 does not have enough dimensions (has 0, gufunc core with
/// signature (n),(n)->() requires 1)"), vectors of different lengths ("vecdot: Input operand 1 has a mismatch
/// in its core dimension 0, with gufunc signature (n),(n)->() (size 4 is different from 3)") or other axes
/// that do not broadcast; index_error for an axis out of range.
ndarray vecdot(const ndarray& x1, const ndarray& x2, std::int64_t axis = -1);

/// numpy.kron: the Kronecker product, the block array of @p b scaled by each element of @p a (the operand
/// with fewer dimensions taken with leading axes of extent 1; a 0-d operand simply multiplies). @throws
/// dtype_error, device_error.
ndarray kron(const ndarray& a, const ndarray& b);

/// The axes numpy.cross takes: the vectors' axis in a, in b and in the result, or @p axis for all three.
struct cross_axes {
  std::int64_t axisa = -1;             ///< the axis of a's vectors
  std::int64_t axisb = -1;             ///< the axis of b's vectors
  std::int64_t axisc = -1;             ///< the axis of the result's vectors (where they have 3 components)
  std::optional<std::int64_t> axis{};  ///< when given, the axis of all three
};

/// numpy.cross: the cross products of the vectors of 2 or 3 components along the given axes of @p a and
/// @p b, the other axes broadcast, in the promoted dtype; two 2-component vectors give the z component
/// alone, as NumPy (which deprecates 2-component vectors) does. @throws shape_error "At least one array has
/// zero dimension", "incompatible dimensions for cross product\n(dimension must be 2 or 3)" or for other
/// axes that do not broadcast; index_error "axisa: axis 2 is out of bounds for array of dimension 1";
/// dtype_error for bool, whose subtract or negative NumPy refuses.
ndarray cross(const ndarray& a, const ndarray& b, const cross_axes& axes = {});

/// NumPy's numpy.linalg namespace.
namespace linalg {

/// numpy.linalg.matmul: numpy.matmul without out.
ndarray matmul(const ndarray& x1, const ndarray& x2);

/// numpy.linalg.tensordot: numpy.tensordot.
ndarray tensordot(const ndarray& x1, const ndarray& x2, const tensordot_axes& axes = 2);

/// numpy.linalg.matrix_power: @p a (square matrices in its last two axes) raised to the power @p n by
/// repeated squaring, in a's dtype (n = 0: the identity); a negative @p n raises inv(a) to -n (in inv's
/// dtype).
/// @throws linalg_error "1-dimensional array given. Array must be at least two-dimensional", "Last 2
/// dimensions of the array must be square", or inv's errors.
ndarray matrix_power(const ndarray& a, std::int64_t n);

/// numpy.linalg.multi_dot: the product of @p arrays, in the order of multiplications that costs the fewest
/// scalar products (NumPy's chain order); the first may be 1-D (a row) and the last 1-D (a column), the
/// others 2-D. @throws shape_error "Expecting at least two arrays." or dot's message for extents that do not
/// chain, linalg_error "3-dimensional array given. Array must be two-dimensional".
ndarray multi_dot(const std::vector<ndarray>& arrays);

/// Whether this build of numcu has LAPACK for the CPU (found at build time: OpenBLAS, or another LAPACK).
/// Without it the decompositions and solvers below throw device_error on the CPU; the GPU's use cuSOLVER.
bool cpu_lapack_available();

/// numpy.linalg.solve: X with a @ X = b for the square matrices of @p a (last two axes) and @p b's matrices
/// (batch..., n, k), or, where @p b is 1-D, its vector; the leading axes of a and b broadcast. Computed as
/// NumPy computes it, in float64 or complex128 (LU with partial pivoting: LAPACK's getrf and getrs,
/// cuSOLVER's on the GPU), the result in NumPy's dtype: float32 and complex64 stay so, integers and bool give
/// float64.
/// @throws linalg_error "Singular matrix" where a pivot is exactly zero, the shape checks of numpy.linalg
/// ("Last 2 dimensions of the array must be square"); shape_error for b's extents (NumPy's gufunc messages);
/// dtype_error "array type float16 is unsupported in linalg" (bfloat16 likewise); device_error.
ndarray solve(const ndarray& a, const ndarray& b);

/// numpy.linalg.inv: the inverses of the square matrices in the last two axes of @p a (solve with the
/// identity).
/// @throws as solve.
ndarray inv(const ndarray& a);

/// numpy.linalg.det: the determinants of the square matrices in the last two axes of @p a, from their LU
/// factors as NumPy computes them (sign times exp of the sum of the logarithms of |u_ii|); 0 for a singular
/// matrix, 1 for a 0 × 0 one. @throws as solve, but not for singular matrices.
ndarray det(const ndarray& a);

/// What numpy.linalg.slogdet returns.
struct slogdet_result {
  ndarray sign;       ///< ±1 (real), |z| = 1 (complex), 0 for a singular matrix; in the result dtype
  ndarray logabsdet;  ///< log |det|, -inf for a singular matrix; in the real dtype of the result
};

/// numpy.linalg.slogdet: the sign and the logarithm of the absolute value of the determinants of @p a's
/// matrices. @throws as det.
slogdet_result slogdet(const ndarray& a);

/// numpy.linalg.cholesky: the lower-triangular L with L L^H = a for the Hermitian positive-definite matrices
/// of
/// @p a (only their lower triangles read), or with @p upper the upper-triangular U with U^H U = a (upper
/// triangles read); the other triangle is zero. @throws linalg_error "Matrix is not positive definite", and
/// as solve.
ndarray cholesky(const ndarray& a, bool upper = false);

/// What numpy.linalg.eigh returns.
struct eigh_result {
  ndarray eigenvalues;   ///< ascending, (..., n), in the real dtype of the result
  ndarray eigenvectors;  ///< (..., n, n): column j the unit eigenvector of eigenvalue j
};

/// numpy.linalg.eigh: the eigenvalues and eigenvectors of the Hermitian (real symmetric) matrices of @p a,
/// from their lower triangle (@p uplo 'L') or upper ('U'); computed in float64 or complex128 (LAPACK's syevd
/// and heevd, cuSOLVER's Xsyevd), results in NumPy's dtypes as solve's. @throws linalg_error "Eigenvalues did
/// not converge", as solve's for shapes and dtypes; shape_error "UPLO argument must be 'L' or 'U'".
eigh_result eigh(const ndarray& a, char uplo = 'L');

/// numpy.linalg.eigvalsh: eigh's eigenvalues alone.
ndarray eigvalsh(const ndarray& a, char uplo = 'L');

/// What numpy.linalg.eig returns.
struct eig_result {
  ndarray eigenvalues;   ///< (..., n): real where the input is real and every eigenvalue is, else complex
  ndarray eigenvectors;  ///< (..., n, n): column j the unit right eigenvector of eigenvalue j, in their dtype
};

/// numpy.linalg.eig: the eigenvalues and right eigenvectors of the general square matrices of @p a (LAPACK's
/// geev; cuSOLVER's Xgeev), computed in float64 or complex128; real results where the input is real and every
/// eigenvalue's imaginary part is exactly zero, as NumPy's. The eigenvalues' order and the vectors' phases
/// are the library's. @throws linalg_error "Array must not contain infs or NaNs", "Eigenvalues did not
/// converge", as solve's for shapes and dtypes.
eig_result eig(const ndarray& a);

/// numpy.linalg.eigvals: eig's eigenvalues alone.
ndarray eigvals(const ndarray& a);

/// What numpy.linalg.svd returns: a = U diag(S) Vh.
struct svd_result {
  ndarray U;   ///< (..., m, m) with full matrices, else (..., m, k), k = min(m, n)
  ndarray S;   ///< (..., k), descending, in the real dtype of the result
  ndarray Vh;  ///< (..., n, n) with full matrices, else (..., k, n)
};

/// numpy.linalg.svd: the singular value decompositions of the matrices of @p a (computed in float64 or
/// complex128: LAPACK's gesvd, cuSOLVER's Xgesvd, of a or, where it is wider than tall, of its conjugate
/// transpose), with full or reduced U and Vh; with @p hermitian, from eigh as NumPy does. The singular
/// vectors of repeated or zero singular values, and the signs of the others, are any valid choice (NumPy's
/// LAPACK may choose others). @throws linalg_error "SVD did not converge", as solve's for shapes and dtypes.
svd_result svd(const ndarray& a, bool full_matrices = true, bool hermitian = false);

/// numpy.linalg.svd with compute_uv=False, and numpy.linalg.svdvals: the singular values alone (descending).
ndarray svdvals(const ndarray& a, bool hermitian = false);

/// numpy.linalg.qr's modes: Q (m × k) and R (k × n); Q (m × m) and R (m × n); R alone; LAPACK's raw h and
/// tau.
enum class qr_mode { reduced, complete, r, raw };

/// What numpy.linalg.qr returns: Q and R; with qr_mode::r only R (Q empty, a default ndarray); with
/// qr_mode::raw NumPy's (h, tau) as Q = h ((..., n, m): the Householder vectors below R, transposed) and R =
/// tau.
struct qr_result {
  ndarray Q;
  ndarray R;
};

/// numpy.linalg.qr: the QR factorizations a = Q R of the matrices of @p a (Householder: LAPACK's geqrf and
/// orgqr, cuSOLVER's Xgeqrf and orgqr), computed in float64 or complex128. @throws as solve's for shapes and
/// dtypes.
qr_result qr(const ndarray& a, qr_mode mode = qr_mode::reduced);

/// numpy.linalg.pinv: the Moore-Penrose pseudo-inverses of the matrices of @p a, from their SVD (singular
/// values at most @p rcond times the largest taken as zero; with @p hermitian, from eigh), (..., n, m); an
/// empty matrix gives an empty result of a's dtype, as NumPy's. @throws as svd.
ndarray pinv(const ndarray& a, double rcond = 1e-15, bool hermitian = false);

/// numpy.linalg.matrix_rank: the number of singular values of each matrix of @p a above @p tol, or, without
/// one, above @p rtol (default: max(m, n) times the epsilon of the singular values' dtype) times the largest;
/// int64,
/// (...). An array of fewer than two dimensions has rank 1 unless all its elements are zero.
ndarray matrix_rank(const ndarray& a, std::optional<double> tol = std::nullopt, bool hermitian = false,
                    std::optional<double> rtol = std::nullopt);

/// An order of numpy.linalg.norm: none (the default: the 2-norm of vectors, Frobenius of matrices), a number
/// (inf, -inf, 0, 1, -1, 2, -2, or any p for vectors), or "fro" / "f" (Frobenius) and "nuc" (nuclear) for
/// matrices.
class norm_order {
 public:
  /// NumPy's ord=None.
  norm_order() = default;
  /// A numeric order.
  norm_order(double p) : m_value(p) {}  // NOLINT(google-explicit-constructor): ord=2
  /// "fro", "f" or "nuc". @throws shape_error for another name (NumPy's "Invalid norm order for matrices.").
  norm_order(const char* name);  // NOLINT(google-explicit-constructor): ord="fro"
  /// True for ord=None.
  bool is_none() const { return !m_value && m_name.empty(); }
  /// The numeric order, when it is one.
  std::optional<double> value() const { return m_value; }
  /// "fro" or "nuc", when the order is one of them ("f" is "fro").
  const std::string& name() const { return m_name; }

 private:
  std::optional<double> m_value;
  std::string m_name;
};

/// numpy.linalg.norm: vector norms over one axis of @p x (vector_norm's orders), matrix norms over two (1,
/// -1, inf, -inf: the largest or smallest sum of |x| along columns or rows; 2, -2: the largest or smallest
/// singular value; "fro"; "nuc": the sum of the singular values), and with no @p axis the 2-norm of the
/// flattened array (ord none), else the vector or matrix norm of a 1-D or 2-D @p x; integers in float64.
/// @throws shape_error "Improper number of dimensions to norm.", "Duplicate axes given.", "Invalid norm order
/// for matrices.", "Invalid norm order 'fro' for vectors"; index_error for an axis out of range.
ndarray norm(const ndarray& x, const norm_order& ord = {}, const axis_arg& axis = none,
             bool keepdims = false);

/// numpy.linalg.matrix_norm: norm over the last two axes (ord "fro" by default).
ndarray matrix_norm(const ndarray& x, bool keepdims = false, const norm_order& ord = "fro");

/// numpy.linalg.cond: the condition numbers of the matrices of @p x in order @p p (none, 2 or -2: the ratio
/// of the extreme singular values; otherwise norm(x, p) norm(inv(x), p), over square matrices), inf where a
/// matrix is singular (and has no NaN). @throws linalg_error "cond is not defined on empty arrays", as norm
/// and inv.
ndarray cond(const ndarray& x, const norm_order& p = {});

/// What numpy.linalg.lstsq returns.
struct lstsq_result {
  ndarray x;          ///< (n,) or (n, k): the least-squares solution of least norm
  ndarray residuals;  ///< (k,) or (1,): the squared 2-norms of b - a x, where the rank is n < m; else (0,)
  ndarray rank;       ///< 0-d int32: the rank of a
  ndarray s;          ///< (min(m, n),): a's singular values, descending
};

/// numpy.linalg.lstsq: minimizes |b - a x| for the 2-D @p a (m × n) and @p b (m,) or (m, k), the singular
/// values of a at most @p rcond (default: float64's epsilon times max(m, n)) times the largest taken as zero;
/// from a's SVD (NumPy's LAPACK takes gelsd's: the same solution, to rounding). @throws linalg_error
/// "3-dimensional array given. Array must be two-dimensional", "Incompatible dimensions", as svd.
lstsq_result lstsq(const ndarray& a, const ndarray& b, std::optional<double> rcond = std::nullopt);

/// numpy.linalg.tensorsolve: x with tensordot(a, x, x.ndim) = b, the axes @p axes of @p a moved last first.
/// @throws linalg_error "Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) ==
/// prod(a.shape[:b.ndim])", as solve.
ndarray tensorsolve(const ndarray& a, const ndarray& b,
                    const std::optional<std::vector<std::int64_t>>& axes = {});

/// numpy.linalg.tensorinv: the inverse of @p a with respect to tensordot over its first @p ind axes, of shape
/// a.shape[ind:] + a.shape[:ind]. @throws shape_error "Invalid ind argument." for ind <= 0, as inv.
ndarray tensorinv(const ndarray& a, std::int64_t ind = 2);

/// numpy.linalg.outer: numpy.outer of two 1-D arrays. @throws shape_error "Input arrays must be
/// one-dimensional, but they are x1.ndim=2 and x2.ndim=1." otherwise.
ndarray outer(const ndarray& x1, const ndarray& x2);

/// numpy.linalg.vecdot: numpy.vecdot.
ndarray vecdot(const ndarray& x1, const ndarray& x2, std::int64_t axis = -1);

/// numpy.linalg.cross: numpy.cross of vectors of 3 components along @p axis of both. @throws index_error
/// "tuple index out of range" for an axis out of range, shape_error "Both input arrays must be (arrays of)
/// 3-dimensional vectors, but they are 2 and 2 dimensional instead." for other lengths.
ndarray cross(const ndarray& x1, const ndarray& x2, std::int64_t axis = -1);

/// numpy.linalg.vector_norm: the @p ord-norm of the vectors along @p axis (none: the flattened array; a list:
/// those axes taken together), in the input's floating dtype (integers and bool in float64, complex in its
/// real type): ord 2 sqrt(sum |x|^2), 1 sum |x|, inf max |x| (0 when empty), -inf min |x|, 0 the count of
/// nonzero elements, another p (sum |x|^p)^(1/p). @p keepdims keeps each reduced axis as an axis of extent 1.
/// @throws index_error for an axis out of range, shape_error "repeated axis", or for -inf over no element
/// ("zero-size array to reduction operation minimum which has no identity").
ndarray vector_norm(const ndarray& x, const axis_arg& axis = none, bool keepdims = false, double ord = 2.0);

/// numpy.linalg.trace: the sums along diagonal @p offset of the matrices in the last two axes, in sum's dtype
/// or @p t. @throws shape_error "diag requires an array of at least two dimensions".
ndarray trace(const ndarray& x, std::int64_t offset = 0, std::optional<dtype> t = std::nullopt);

/// numpy.linalg.diagonal: diagonal @p offset of the matrices in the last two axes (a view). @throws
/// shape_error "diag requires an array of at least two dimensions".
ndarray diagonal(const ndarray& x, std::int64_t offset = 0);

/// numpy.linalg.matrix_transpose: the last two axes exchanged (a view). @throws shape_error "Input array must
/// be at least 2-dimensional, but it is 1".
ndarray matrix_transpose(const ndarray& x);

}  // namespace linalg

}  // namespace numcu
