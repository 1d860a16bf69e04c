#!/usr/bin/env python3
"""Writes tests/data/decompositions.txt: NumPy 2's linalg.solve (a vector and a matrix of right sides, leading
axes that broadcast), inv, det, slogdet, cholesky (lower and upper), eigvalsh (lower and upper), svdvals and
the magnitudes of qr's R (reduced, complete: |R| is the same whichever signs a LAPACK gives Q's columns; the
vectors of eigh, svd and qr are checked by their identities in the test) over every dtype numpy.linalg takes
(bool, integers, float32, float64, complex64, complex128: the result dtypes of its _commonType), transposed
operands, 1 x 1 and 0 x 0 matrices; the matrices well conditioned (diagonally dominant; Hermitian positive
definite for cholesky), so that results agree to a few units of the last place whichever LAPACK computes
them. Run with NumPy 2:

    python3 tests/data/generate_decompositions.py

Line format (values encoded as in generate_golden.py: exact decimal or float.hex):
    func arg k | operand 0 | ... | operand k-1 | result_dtype result_shape | values [| result_dtype shape | values]
        (an operand: "dtype shape view values", view c: as given, t: the transpose of the array given; arg "-",
        cholesky's "lower" / "upper", eigvalsh's "L" / "U", eigvals sorted by real then imaginary part, qr_abs_r's "reduced" / "complete"; norm's
        "ord;axis;keepdims" (ord a number, fro, nuc or "-" for None; axis comma-separated or "-"; keepdims 0/1),
        cond's p, matrix_rank's tol ("-" for none), tensorinv's ind, tensorsolve's axes; slogdet writes sign then
        logabsdet, lstsq x, residuals, rank, s)
shape is comma-separated ("-" for 0-d).
"""
import os

import numpy as np

from generate_joining import enc_all, name_of, shape_text

HERE = os.path.dirname(os.path.abspath(__file__))
RNG = np.random.default_rng(20261205)
TYPES = ["bool", "int8", "int64", "uint16", "float32", "float64", "complex64", "complex128"]


def well_conditioned(name, shape, hermitian=False):
    """Matrices (last two axes square) of dtype name whose diagonal dominates: small integers for integer and
    bool dtypes (their diagonal made large), random values for floating and complex ones."""
    n = shape[-1] if shape else 0
    kind = np.dtype(name).kind
    if kind == "b":
        m = np.broadcast_to(np.eye(n, dtype=bool), shape).copy()
        return m
    if kind in "iu":
        m = RNG.integers(0 if kind == "u" else -2, 3, shape)
        m = m + np.eye(n, dtype=np.int64) * (3 * n + 1)
        if hermitian:
            m = m + np.swapaxes(m, -1, -2)
        return m.astype(name)
    m = RNG.standard_normal(shape)
    if kind == "c":
        m = m + 1j * RNG.standard_normal(shape)
    m = m + np.eye(n) * (2 * n + 1)
    if hermitian:
        m = (m + np.conj(np.swapaxes(m, -1, -2))) / 2 + np.eye(n) * n
    return m.astype(name)


def right_sides(name, shape):
    kind = np.dtype(name).kind
    if kind == "b":
        return RNG.integers(0, 2, shape).astype(bool)
    if kind in "iu":
        return RNG.integers(0, 5, shape).astype(name)
    v = RNG.standard_normal(shape)
    if kind == "c":
        v = v + 1j * RNG.standard_normal(shape)
    return v.astype(name)


class Operand:
    def __init__(self, given, view="c"):
        self.given = given
        self.arg = given.T if view == "t" else given
        self.text = "%s %s %s %s" % (name_of(given), shape_text(given.shape), view, enc_all(given))


def line(func, arg, operands, results):
    return "%s %s %d | %s | %s" % (func, arg, len(operands), " | ".join(o.text for o in operands),
                                   " | ".join("%s %s | %s" % (name_of(r), shape_text(r.shape), enc_all(r))
                                              for r in results))


def cases():
    out = []
    for name in TYPES:
        def solve(a, b):
            out.append(line("solve", "-", [a, b], [np.asarray(np.linalg.solve(a.arg, b.arg))]))
        solve(Operand(well_conditioned(name, (3, 3))), Operand(right_sides(name, (3,))))
        solve(Operand(well_conditioned(name, (4, 4)), "t"), Operand(right_sides(name, (4, 2))))
        solve(Operand(well_conditioned(name, (2, 3, 3))), Operand(right_sides(name, (3, 1))))
        solve(Operand(well_conditioned(name, (2, 1, 2, 2))), Operand(right_sides(name, (3, 2, 2))))
        solve(Operand(well_conditioned(name, (1, 1))), Operand(right_sides(name, (1,))))
        solve(Operand(well_conditioned(name, (0, 0))), Operand(right_sides(name, (0, 2))))
        for shape, view in [((3, 3), "c"), ((4, 4), "t"), ((2, 3, 3), "c"), ((1, 1), "c"), ((0, 0), "c"),
                            ((2, 0, 0), "c")]:
            a = Operand(well_conditioned(name, shape), view)
            out.append(line("inv", "-", [a], [np.asarray(np.linalg.inv(a.arg))]))
            out.append(line("det", "-", [a], [np.asarray(np.linalg.det(a.arg))]))
            sign, logdet = np.linalg.slogdet(a.arg)
            out.append(line("slogdet", "-", [a], [np.asarray(sign), np.asarray(logdet)]))
        # a singular matrix: det 0, slogdet (0, -inf); and a negative determinant
        singular = Operand(np.array([[1, 2], [2, 4]]).astype(name) if name != "bool" else
                           np.array([[True, True], [True, True]]))
        out.append(line("det", "-", [singular], [np.asarray(np.linalg.det(singular.arg))]))
        sign, logdet = np.linalg.slogdet(singular.arg)
        out.append(line("slogdet", "-", [singular], [np.asarray(sign), np.asarray(logdet)]))
        if name != "bool" and np.dtype(name).kind != "u":
            flipped = Operand(np.array([[0, 1, 0], [1, 0, 0], [0, 0, 3]]).astype(name))
            out.append(line("det", "-", [flipped], [np.asarray(np.linalg.det(flipped.arg))]))
        for shape, view in [((3, 3), "c"), ((4, 4), "t"), ((2, 3, 3), "c"), ((1, 1), "c"), ((0, 0), "c")]:
            if name == "bool" and shape[-1] > 1:
                continue
            given = well_conditioned(name, shape, hermitian=True)
            # the triangle cholesky does not read holds other values
            noisy = given.copy()
            if shape[-1] > 1 and noisy.dtype.kind != "b":
                iu = np.triu_indices(shape[-1], 1)
                noisy[..., iu[0], iu[1]] = noisy[..., iu[0], iu[1]] + np.array(1).astype(noisy.dtype)
            a = Operand(noisy.T if view == "t" else noisy, view)
            out.append(line("cholesky", "lower", [a], [np.asarray(np.linalg.cholesky(a.arg))]))
            b = Operand(given.T if view == "t" else given, view)
            out.append(line("cholesky", "upper", [b], [np.asarray(np.linalg.cholesky(b.arg, upper=True))]))
        for uplo in ("L", "U"):
            for shape, view in [((3, 3), "c"), ((4, 4), "t"), ((2, 3, 3), "c"), ((1, 1), "c"), ((0, 0), "c")]:
                given = well_conditioned(name, shape, hermitian=True)
                if shape[-1] > 1 and given.dtype.kind != "b":
                    # the triangle eigh does not read holds other values
                    rows, cols = np.triu_indices(shape[-1], 1) if uplo == "L" else np.tril_indices(shape[-1], -1)
                    given[..., rows, cols] = given[..., rows, cols] + np.array(1).astype(given.dtype)
                a = Operand(given.T if view == "t" else given, view)
                out.append(line("eigvalsh", uplo, [a], [np.asarray(np.linalg.eigvalsh(a.arg, UPLO=uplo))]))
        for shape, view in [((3, 3), "c"), ((4, 2), "c"), ((2, 4), "c"), ((3, 5), "t"), ((2, 3, 2), "c"),
                            ((1, 1), "c"), ((0, 3), "c"), ((3, 0), "c")]:
            a = Operand(well_conditioned(name, shape) if shape[-1] == shape[-2] else right_sides(name, shape), view)
            out.append(line("svdvals", "-", [a], [np.asarray(np.linalg.svdvals(a.arg))]))
            for mode in ("reduced", "complete"):
                out.append(line("qr_abs_r", mode, [a], [np.abs(np.linalg.qr(a.arg, mode=mode).R)]))
        # general eigenvalues, sorted (their order is the LAPACK's): real for triangular and symmetric real
        # matrices, complex for a rotation
        for given, view in [(well_conditioned(name, (3, 3)), "c"), (well_conditioned(name, (4, 4)), "t"),
                            (well_conditioned(name, (2, 3, 3)), "c"), (np.triu(well_conditioned(name, (3, 3))), "c"),
                            (well_conditioned(name, (3, 3), hermitian=True), "c"),
                            (np.array([[0, -1], [1, 0]]).astype(name), "c"), (well_conditioned(name, (0, 0)), "c")]:
            a = Operand(given, view)
            w = np.linalg.eigvals(a.arg)
            out.append(line("eigvals", "-", [a], [np.sort_complex(w) if w.dtype.kind == "c" else np.sort(w)]))
        # the functions built on them
        for shape, view in [((3, 3), "c"), ((4, 2), "c"), ((2, 4), "t"), ((2, 3, 2), "c"), ((0, 3), "c")]:
            a = Operand(right_sides(name, shape), view)
            out.append(line("pinv", "-", [a], [np.asarray(np.linalg.pinv(a.arg))]))
            if shape[-1] > 0 and shape[-2] > 0:
                out.append(line("matrix_rank", "-", [a], [np.asarray(np.linalg.matrix_rank(a.arg))]))
        low_rank = Operand(np.array([[1, 2, 3], [2, 4, 6], [1, 0, 1]]).astype(name) if name != "bool" else
                           np.array([[1, 1, 0], [1, 1, 0], [0, 0, 1]], dtype=bool))
        out.append(line("matrix_rank", "-", [low_rank], [np.asarray(np.linalg.matrix_rank(low_rank.arg))]))
        out.append(line("matrix_rank", "0.5", [low_rank], [np.asarray(np.linalg.matrix_rank(low_rank.arg, tol=0.5))]))
        vec = Operand(right_sides(name, (5,)))
        out.append(line("matrix_rank", "-", [vec], [np.asarray(np.linalg.matrix_rank(vec.arg))]))
        mat = Operand(right_sides(name, (3, 4)))
        cube = Operand(right_sides(name, (2, 3, 4)))
        for x, ord_, axis, keep in [(vec, None, None, False), (vec, 1, None, False), (vec, np.inf, None, True),
                                    (vec, 0, None, False), (vec, 3, None, False), (mat, None, None, False),
                                    (mat, "fro", None, True), (mat, "nuc", None, False), (mat, 1, None, False),
                                    (mat, -1, None, False), (mat, np.inf, None, False), (mat, -np.inf, None, True),
                                    (mat, 2, None, False), (mat, -2, None, False), (mat, 2, (1, 0), False),
                                    (cube, None, None, False), (cube, 1, (2, 0), True), (cube, None, (1,), False),
                                    (cube, "fro", (-1, -2), False), (cube, -np.inf, (0, 2), False)]:
            ord_text = "-" if ord_ is None else str(ord_)
            axis_text = "-" if axis is None else ",".join(str(v) for v in axis)
            arg = "%s;%s;%d" % (ord_text, axis_text, int(keep))
            out.append(line("norm", arg, [x], [np.asarray(np.linalg.norm(x.arg, ord_, axis, keep))]))
        out.append(line("matrix_norm", "nuc", [cube], [np.asarray(np.linalg.matrix_norm(cube.arg, ord="nuc"))]))
        square = Operand(well_conditioned(name, (2, 3, 3)))
        for p in [None, 2, -2, 1, np.inf, "fro", "nuc"]:
            out.append(line("cond", "-" if p is None else str(p), [square], [np.asarray(np.linalg.cond(square.arg, p))]))
        tall, wide = Operand(right_sides(name, (5, 3))), Operand(right_sides(name, (2, 4)), "c")
        for a, b in [(tall, Operand(right_sides(name, (5,)))), (tall, Operand(right_sides(name, (5, 2)))),
                     (wide, Operand(right_sides(name, (2,)))), (low_rank, Operand(right_sides(name, (3, 2))))]:
            x, residuals, rank, sv = np.linalg.lstsq(a.arg, b.arg)
            out.append(line("lstsq", "-", [a, b], [np.asarray(x), np.asarray(residuals), np.asarray(rank),
                                                   np.asarray(sv)]))
        t4 = Operand(well_conditioned(name, (6, 6)).reshape(6, 2, 3))
        out.append(line("tensorsolve", "-", [t4, Operand(np.ones(6, dtype=name))],
                        [np.asarray(np.linalg.tensorsolve(t4.arg, np.ones(6, dtype=name)))]))
        t5 = Operand(well_conditioned(name, (6, 6)).reshape(2, 3, 6))
        out.append(line("tensorsolve", "2", [t5, Operand(np.ones((2, 3), dtype=name))],
                        [np.asarray(np.linalg.tensorsolve(t5.arg, np.ones((2, 3), dtype=name), axes=(2,)))]))
        t6 = Operand(well_conditioned(name, (4, 4)).reshape(4, 2, 2))
        out.append(line("tensorinv", "1", [t6], [np.asarray(np.linalg.tensorinv(t6.arg, ind=1))]))
    return out


def main():
    with open(os.path.join(HERE, "decompositions.txt"), "w") as f:
        f.write("# NumPy %s: linalg.solve, inv, det, slogdet, cholesky; tests/data/generate_decompositions.py\n"
                % np.__version__)
        for text in cases():
            f.write(text + "\n")


if __name__ == "__main__":
    main()
