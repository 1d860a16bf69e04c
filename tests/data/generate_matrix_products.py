#!/usr/bin/env python3
"""Writes tests/data/matrix_products.txt: NumPy 2's matmul, dot, inner, tensordot, linalg.matrix_power,
linalg.multi_dot and einsum over every dtype and mixed pairs (promotion), transposed operands, 1-D operands, broadcast
leading axes, empty and 1x1 matrices. Floating and complex values are small integers, so that every product and
sum is exact in its dtype whatever order BLAS adds in (the float tests of accuracy, with a long-double
reference, are in tests/test_matrix_products.cpp); integers take their extremes too, so that sums wrap. Run with
NumPy 2 and ml_dtypes:

    python3 tests/data/generate_matrix_products.py

Line format (values encoded as in generate_golden.py: exact decimal or float.hex):
    func arg k | operand 0 | ... | operand k-1 | result_dtype result_shape | result values
        (an operand: "dtype shape view values", view c: as given, t: the transpose of the array given (all axes
        reversed), s: its last two axes swapped; arg "-", tensordot's axes as an integer or "0,1;1,0" (a's axes; b's), matrix_power's n,
        einsum's subscripts)
shape is comma-separated ("-" for 0-d).
"""
import os

import numpy as np

from generate_golden import ALL_TYPES, dt, kind_of
from generate_joining import enc_all, name_of, shape_text

HERE = os.path.dirname(os.path.abspath(__file__))
RNG = np.random.default_rng(20261204)


def values(name, shape, wrap=False, unit=False):
    """Small integers of dtype name (in [-3, 3], or [-1, 1] with unit; exact in every product, bfloat16's too);
    with wrap, integer dtypes take their extremes."""
    size = int(np.prod(shape)) if len(shape) else 1
    k = kind_of(name)
    if k == "b":
        v = RNG.integers(0, 2, size).astype(bool)
    elif k in "iu" and wrap:
        info = np.iinfo(name)
        pool = [0, 1, 3, info.max, info.max - 1] + ([-1, -3, info.min, info.min + 1] if k == "i" else [])
        v = np.array(pool, dtype=name)[RNG.integers(0, len(pool), size)]
    elif k in "iu":
        v = RNG.integers(0 if k == "u" else -3, 4, size).astype(name)
    elif k == "c":
        bound = 1 if unit else 3
        v = np.empty(size, dtype=name)
        v.real = RNG.integers(-bound, bound + 1, size)
        v.imag = RNG.integers(-bound, bound + 1, size)
    else:
        bound = 1 if unit else 3
        v = RNG.integers(-bound, bound + 1, size).astype(dt(name))
    return v.reshape(shape)


class Operand:
    def __init__(self, name, shape, view="c", wrap=False, unit=False):
        self.given = values(name, shape, wrap, unit)
        self.arg = {"c": self.given, "t": self.given.T}[view] if view != "s" else np.swapaxes(self.given, -1, -2)
        self.text = "%s %s %s %s" % (name, shape_text(shape), view, enc_all(self.given))


def exact(arr, t):
    """What NumPy computes with where bfloat16 (which its matmul has no loop for) is involved: float16, NumPy's
    other dtype without BLAS (so that -0.0 and the loops match), for a bfloat16 result, else the result dtype;
    exact either way for the small integers here."""
    return arr.astype(np.float16 if t == dt("bfloat16") else t)


def result_dtype(*arrays):
    return np.result_type(*[a.dtype for a in arrays])


def line(func, arg, operands, result):
    return "%s %s %d | %s | %s %s | %s" % (func, arg, len(operands), " | ".join(o.text for o in operands),
                                          name_of(result), shape_text(result.shape), enc_all(result))


def call(func, arg, operands):
    args = [o.arg for o in operands]
    uses_bf16 = any(a.dtype == dt("bfloat16") for a in args)
    t = result_dtype(*args)
    xs = [exact(a, t) for a in args] if uses_bf16 else args
    if func == "matmul":
        r = np.matmul(*xs)
    elif func == "dot":
        r = np.dot(*xs)
    elif func == "inner":
        r = np.inner(*xs)
    elif func == "tensordot":
        if ";" in arg:
            a_axes, b_axes = ([int(v) for v in part.split(",") if v] for part in arg.split(";"))
            r = np.tensordot(*xs, axes=(a_axes, b_axes))
        else:
            r = np.tensordot(*xs, axes=int(arg))
    elif func == "einsum":
        r = np.einsum(arg, *xs)
    elif func == "matrix_power":
        r = np.linalg.matrix_power(xs[0], int(arg))
        t = args[0].dtype
    else:
        r = np.linalg.multi_dot(xs)
    r = np.asarray(r)
    if uses_bf16:
        r = r.astype(t)
    assert r.dtype == t, (func, r.dtype, t)
    return line(func, arg, operands, r)


def lines():
    out = []
    for name in ALL_TYPES:
        wrap = kind_of(name) in "iu"
        out.append(call("matmul", "-", [Operand(name, (2, 3), wrap=wrap), Operand(name, (3, 4), wrap=wrap)]))
        out.append(call("matmul", "-", [Operand(name, (3, 2), "t"), Operand(name, (4, 3), "t")]))
        out.append(call("matmul", "-", [Operand(name, (3,)), Operand(name, (3, 4))]))
        out.append(call("matmul", "-", [Operand(name, (2, 3)), Operand(name, (3,))]))
        out.append(call("matmul", "-", [Operand(name, (5,), wrap=wrap), Operand(name, (5,), wrap=wrap)]))
        out.append(call("matmul", "-", [Operand(name, (2, 1, 2, 3)), Operand(name, (3, 3, 2))]))
        out.append(call("matmul", "-", [Operand(name, (4, 3, 2), "t"), Operand(name, (2, 4, 5))]))
        out.append(call("matmul", "-", [Operand(name, (2, 0)), Operand(name, (0, 3))]))
        out.append(call("matmul", "-", [Operand(name, (0, 2)), Operand(name, (2, 3))]))
        out.append(call("matmul", "-", [Operand(name, (1, 1)), Operand(name, (1, 1))]))
        out.append(call("dot", "-", [Operand(name, (2, 3, 4)), Operand(name, (5, 4, 2))]))
        out.append(call("dot", "-", [Operand(name, (2, 3)), Operand(name, (3, 2))]))
        out.append(call("dot", "-", [Operand(name, (4,)), Operand(name, (4,))]))
        out.append(call("dot", "-", [Operand(name, ()), Operand(name, (2, 2))]))
        out.append(call("inner", "-", [Operand(name, (3,)), Operand(name, ())]))
        out.append(call("inner", "-", [Operand(name, (2, 3)), Operand(name, (4, 3))]))
        out.append(call("inner", "-", [Operand(name, (3, 2), "t"), Operand(name, (2, 2, 3))]))
        out.append(call("tensordot", "2", [Operand(name, (2, 3, 4)), Operand(name, (3, 4, 2))]))
        out.append(call("tensordot", "0", [Operand(name, (2,)), Operand(name, (3,))]))
        out.append(call("tensordot", "0,2;2,0", [Operand(name, (2, 3, 4)), Operand(name, (4, 5, 2))]))
        out.append(call("matrix_power", "5", [Operand(name, (2, 2, 2), wrap=wrap, unit=True)]))
        out.append(call("matrix_power", "0", [Operand(name, (2, 3, 3))]))
        out.append(call("matrix_power", "1", [Operand(name, (3, 3))]))
        out.append(call("matrix_power", "2", [Operand(name, (3, 3))]))
        out.append(call("matrix_power", "3", [Operand(name, (2, 2), unit=True)]))
        out.append(call("matrix_power", "6", [Operand(name, (3, 3), "t", wrap=wrap, unit=True)]))
        out.append(call("multi_dot", "-", [Operand(name, (3,)), Operand(name, (3, 2)), Operand(name, (2, 4))]))
        out.append(call("multi_dot", "-", [Operand(name, (2, 3), unit=True), Operand(name, (3, 1), unit=True),
                                           Operand(name, (1, 4), unit=True), Operand(name, (4,), unit=True)]))
        out.append(call("multi_dot", "-", [Operand(name, (1, 5), unit=True), Operand(name, (5, 3), unit=True),
                                           Operand(name, (3, 6), unit=True), Operand(name, (6, 2), unit=True),
                                           Operand(name, (2, 2), unit=True)]))
    # mixed dtypes: the promoted dtype, operands cast on the way
    for a, b in [("int8", "uint64"), ("bool", "int8"), ("float16", "int8"), ("bfloat16", "float16"),
                 ("complex64", "float64"), ("uint8", "int16"), ("float32", "int64"), ("bfloat16", "int8"),
                 ("bool", "complex64"), ("int32", "float16")]:
        out.append(call("matmul", "-", [Operand(a, (2, 3)), Operand(b, (3, 2))]))
        out.append(call("dot", "-", [Operand(a, (3,)), Operand(b, (2, 3, 2))]))
        out.append(call("tensordot", "1", [Operand(a, (2, 3)), Operand(b, (3, 2))]))
    # einsum: contractions, repeated labels (diagonals, traces), implicit outputs, ellipses that broadcast,
    # three operands
    for name in ALL_TYPES:
        for subscripts, shapes in [("ij,jk->ik", [(2, 3), (3, 4)]), ("ij,jk", [(2, 3), (3, 2)]),
                                   ("ii->i", [(3, 3)]), ("ii", [(3, 3)]), ("ij->ji", [(2, 3)]), ("ij->", [(2, 3)]),
                                   ("i,j->ij", [(2,), (3,)]), ("i,i", [(4,), (4,)]), ("bij,bjk->bik", [(2, 2, 3), (2, 3, 2)]),
                                   ("...ij,...jk->...ik", [(2, 1, 2, 3), (3, 3, 2)]), ("ij,j->i", [(2, 3), (1,)]),
                                   ("iij,jk->ik", [(2, 2, 3), (3, 2)]), ("ij,jk,kl->il", [(2, 3), (3, 2), (2, 2)]),
                                   ("ijk,ikj->k", [(2, 3, 2), (2, 2, 3)]), ("ba", [(2, 3)]), ("i...->...", [(2, 3)])]:
            ops = [Operand(name, sh, unit=(len(shapes) == 3)) for sh in shapes]
            out.append(call("einsum", subscripts, ops))
    # larger products, so that BLAS blocks them (exact as every value is a small integer)
    for name in ["float16", "bfloat16", "float32", "float64", "complex64", "complex128", "int32", "uint8"]:
        out.append(call("matmul", "-", [Operand(name, (2, 17, 12)), Operand(name, (12, 9))]))
        out.append(call("matmul", "-", [Operand(name, (12, 17), "t"), Operand(name, (2, 1, 9, 12), "s")]))
    return out


def main():
    with open(os.path.join(HERE, "matrix_products.txt"), "w") as f:
        f.write("# NumPy %s: matmul, dot, inner, tensordot, linalg.matrix_power, linalg.multi_dot; "
                "tests/data/generate_matrix_products.py\n" % np.__version__)
        for text in lines():
            f.write(text + "\n")


if __name__ == "__main__":
    main()
