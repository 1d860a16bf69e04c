#!/usr/bin/env python3
"""Writes tests/data/rearranging.txt: NumPy 2's flip, fliplr, flipud, rot90, roll, tile, repeat, diagonal, diag,
diagflat, trace, tri, tril and triu over every dtype, C-order and transposed inputs, 1-D to 3-D, empty extents, offsets
past the edges, and each function's options. Run with NumPy 2 and ml_dtypes:

    python3 tests/data/generate_rearranging.py

Line format (values encoded as in generate_golden.py: exact decimal or float.hex):
    re func options | dtype shape view values | result_dtype result_shape | result values
    mesh dtype indexing sparse k | input 0 values | ... | input k-1 values | output 0 shape values | ...
(options: space-free key=value words, lists comma-separated, "none" for None; the input "-" for tri, which
takes none; view c: the array given, t: its transpose; shape comma-separated, "-" for 0-d)
"""
import os

import numpy as np

from generate_golden import ALL_TYPES, dt, encode, kind_of
from generate_sorting import values_for  # ties, -0.0 beside 0.0, NaN, inf

HERE = os.path.dirname(os.path.abspath(__file__))


def shape_text(shape):
    return ",".join(str(s) for s in shape) if len(shape) else "-"


def name_of(arr):
    return "bfloat16" if arr.dtype == dt("bfloat16") else arr.dtype.name


def enc_all(arr):
    arr = np.asarray(arr)
    return " ".join(encode(x, kind_of(name_of(arr))) for x in arr.reshape(-1))


def listed(v):
    return "none" if v is None else ",".join(str(x) for x in np.atleast_1d(v))


def lines_for(name):
    lines = []

    def add(func, options, given, view, result):
        result = np.asarray(result)
        part = "-" if given is None else "%s %s %s %s" % (name, shape_text(given.shape), view, enc_all(given))
        lines.append("re %s %s | %s | %s %s | %s" % (func, " ".join(options) or "-", part, name_of(result),
                                                      shape_text(result.shape), enc_all(result)))

    def arrays(shape):
        size = int(np.prod(shape)) if shape else 1
        given = values_for(name, size).reshape(shape)
        out = [(given, "c", given)]
        if len(shape) >= 2:
            base = values_for(name, size).reshape(shape[::-1])
            out.append((base, "t", base.T))
        return out

    for shape in ((5,), (3, 4), (2, 3, 4), (0, 3)):
        for given, view, a in arrays(shape):
            nd = a.ndim
            for axis in [None, 0, -1] + ([[0, nd - 1]] if nd > 1 else []):
                add("flip", ["axis=" + listed(axis)], given, view, np.flip(a, axis))
            add("flipud", [], given, view, np.flipud(a))
            for shift, axis in ((2, None), (-7, None), (1, 0), ([1, -2], [0, -1] if nd > 1 else [0, 0]), (13, -1)):
                add("roll", ["shift=" + listed(shift), "axis=" + listed(axis)], given, view, np.roll(a, shift, axis))
            if nd >= 2:
                add("fliplr", [], given, view, np.fliplr(a))
                for k in (1, 2, 3, -1, 6):
                    add("rot90", ["k=%d" % k, "axes=0,1"], given, view, np.rot90(a, k))
                add("rot90", ["k=1", "axes=%d,0" % (nd - 1)], given, view, np.rot90(a, 1, (nd - 1, 0)))
                for offset, a1, a2 in ((0, 0, 1), (1, 0, 1), (-1, 0, 1), (2, 1, 0), (-5, 0, 1), (1, -1, 0)):
                    add("diagonal", ["offset=%d" % offset, "axis1=%d" % a1, "axis2=%d" % a2], given, view,
                        np.diagonal(a, offset, a1, a2))
                if name != "bfloat16" and kind_of(name) != "b":  # NumPy sums bool to int64 as numcu does
                    for offset in (0, 1, -1):
                        add("trace", ["offset=%d" % offset], given, view, np.trace(a, offset))
                for k in (0, 1, -1, 5):
                    add("tril", ["k=%d" % k], given, view, np.tril(a, k))
                    add("triu", ["k=%d" % k], given, view, np.triu(a, k))
            if nd == 2:
                for k in (0, 2, -1):
                    add("diag", ["k=%d" % k], given, view, np.diag(a, k))
            if nd == 1:
                for k in (0, 2, -1):
                    add("diag", ["k=%d" % k], given, view, np.diag(a, k))
                    add("diagflat", ["k=%d" % k], given, view, np.diagflat(a, k))
                add("tril", ["k=0"], given, view, np.tril(a))
                add("triu", ["k=1"], given, view, np.triu(a, 1))
    for shape in ((), (3,), (2, 3)):
        for given, view, a in arrays(shape):
            for reps in ((2,), (2, 1), (1, 3, 2), (0,), (3,)):
                add("tile", ["reps=" + listed(reps)], given, view, np.tile(a, reps))
            for count, axis in ((2, None), (0, None), (3, 0), (2, -1)):
                if axis is not None and a.ndim == 0 and axis != 0:
                    continue
                add("repeat", ["repeats=%d" % count, "axis=" + listed(axis)], given, view, np.repeat(a, count, axis))
            if a.ndim >= 1:
                counts = [int(x) for x in np.arange(a.shape[-1]) % 3]
                add("repeat", ["repeats=" + listed(counts), "axis=-1"], given, view, np.repeat(a, counts, -1))
                flat = [int(x) for x in (np.arange(a.size) * 2) % 5]
                add("repeat", ["repeats=" + listed(flat), "axis=none"], given, view, np.repeat(a, flat))
            if a.ndim == 2:
                add("repeat", ["repeats=1,0", "axis=0"], given, view, np.repeat(a, [1, 0], 0))
    for sizes in ((3,), (2, 3), (2, 0, 4), (1, 3, 2)):
        xs = [values_for(name, n) for n in sizes]
        for indexing in ("xy", "ij"):
            for sparse in (0, 1):
                grids = np.meshgrid(*xs, indexing=indexing, sparse=bool(sparse))
                lines.append("mesh %s %s %d %d | %s | %s" % (
                    name, indexing, sparse, len(xs), " | ".join(enc_all(x) for x in xs),
                    " | ".join("%s %s" % (shape_text(g.shape), enc_all(g)) for g in grids)))
    if name in ("float64", "int32", "bool", "complex64", "float16"):
        for n, m, k in ((3, None, 0), (3, 5, 1), (4, 2, -1), (0, 3, 0), (2, 2, 7)):
            add("tri", ["n=%d" % n, "m=" + listed(m), "k=%d" % k, "dtype=" + name], None, "c",
                np.tri(n, m, k, dtype=dt(name)))
    return lines


def main():
    with open(os.path.join(HERE, "rearranging.txt"), "w") as f:
        f.write("# NumPy %s: flip, fliplr, flipud, rot90, roll, diagonal, diag, diagflat, trace, tri, tril, triu; "
                "tests/data/generate_rearranging.py\n" % np.__version__)
        for name in ALL_TYPES:
            for line in lines_for(name):
                f.write(line + "\n")


if __name__ == "__main__":
    main()
