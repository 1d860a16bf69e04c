#!/usr/bin/env python3
"""Writes tests/data/joining.txt: NumPy 2's concatenate (each axis, axis None, dtype=), stack, hstack, vstack,
dstack, column_stack and append over every dtype, mixed dtypes (promotion), transposed parts, 0-d, 1-D and
zero-size parts; and split, array_split, hsplit, vsplit, dsplit and unstack with sections and with indices
(negative, past the end, decreasing). Run with NumPy 2 and ml_dtypes:

    python3 tests/data/generate_joining.py

Line formats (values encoded as in generate_golden.py: exact decimal or float.hex):
    join func axis dtype k | part 0 | ... | part k-1 | result_dtype result_shape | result values
        (a part: "dtype shape view values"; view c: as given, t: the transpose of the array given; axis an int,
        "none", or "-" where the function takes none; dtype a name or "-")
    split func how arg axis | dtype shape values | k | piece shapes (";"-separated) | the pieces' values in turn
        (how s: sections, arg an int; how i: indices, arg comma-separated ("-" for none); unstack: how and arg
        "-")
shape is comma-separated ("-" for 0-d).
"""
import os

import numpy as np

from generate_golden import ALL_TYPES, dt, encode, kind_of
from generate_sorting import values_for  # ties, -0.0 beside 0.0, NaN, inf

HERE = os.path.dirname(os.path.abspath(__file__))


def shape_text(shape):
    return ",".join(str(s) for s in shape) if len(shape) else "-"


def enc_all(arr):
    arr = np.asarray(arr)
    name = "bfloat16" if arr.dtype == dt("bfloat16") else arr.dtype.name
    return " ".join(encode(x, kind_of(name)) for x in arr.reshape(-1))


def name_of(arr):
    return "bfloat16" if arr.dtype == dt("bfloat16") else arr.dtype.name


def part_text(name, shape, view):
    """A part of dtype name: the array given on the line, and the array the call gets (its transpose with t)."""
    size = int(np.prod(shape)) if shape else 1
    given = values_for(name, size).reshape(shape)
    return given, (given.T if view == "t" else given), "%s %s %s %s" % (name, shape_text(shape), view,
                                                                       enc_all(given))


def join_lines():
    lines = []

    def add(func, axis, dtype, parts, result):
        lines.append("join %s %s %s %d | %s | %s %s | %s" % (
            func, axis, dtype, len(parts), " | ".join(p[2] for p in parts), name_of(result),
            shape_text(result.shape), enc_all(result)))

    for name in ALL_TYPES:
        # concatenate along each axis, and flattened; a transposed part
        parts = [part_text(name, (2, 3), "c"), part_text(name, (4, 2), "t"), part_text(name, (2, 3), "c")]
        add("concatenate", 1, "-", [parts[0], parts[2]], np.concatenate([parts[0][1], parts[2][1]], axis=1))
        add("concatenate", 0, "-", [parts[0], parts[2]], np.concatenate([parts[0][1], parts[2][1]], axis=0))
        add("concatenate", -1, "-", [parts[0], parts[1]], np.concatenate([parts[0][1], parts[1][1]], axis=-1))
        add("concatenate", "none", "-", [parts[0], parts[1]], np.concatenate([parts[0][1], parts[1][1]], axis=None))
        empty = part_text(name, (0, 3), "c")
        add("concatenate", 0, "-", [empty, parts[0]], np.concatenate([empty[1], parts[0][1]], axis=0))
        for axis in (0, 1, 2, -1):
            add("stack", axis, "-", [parts[0], parts[2]], np.stack([parts[0][1], parts[2][1]], axis=axis))
        one = [part_text(name, (4,), "c"), part_text(name, (4,), "c")]
        zero_d = part_text(name, (), "c")
        add("hstack", "-", "-", one + [zero_d], np.hstack([one[0][1], one[1][1], zero_d[1]]))
        add("hstack", "-", "-", [parts[0], parts[2]], np.hstack([parts[0][1], parts[2][1]]))
        add("vstack", "-", "-", one, np.vstack([one[0][1], one[1][1]]))
        add("vstack", "-", "-", [parts[0], parts[2]], np.vstack([parts[0][1], parts[2][1]]))
        add("dstack", "-", "-", one, np.dstack([one[0][1], one[1][1]]))
        add("dstack", "-", "-", [parts[0], parts[2]], np.dstack([parts[0][1], parts[2][1]]))
        col = part_text(name, (2,), "c")
        add("column_stack", "-", "-", [col, parts[0]], np.column_stack([col[1], parts[0][1]]))
        add("append", "none", "-", [parts[0], zero_d], np.append(parts[0][1], zero_d[1]))
        add("append", 0, "-", [parts[0], parts[2]], np.append(parts[0][1], parts[2][1], axis=0))
    # promotion of mixed dtypes, and dtype= (with the default same_kind casting)
    mixed = [("int8", "uint8"), ("int16", "float16"), ("bool", "float32"), ("uint64", "int64"),
             ("complex64", "float64"), ("uint32", "int8"), ("bool", "int16")]
    for a_name, b_name in mixed:
        a, b = part_text(a_name, (2, 2), "c"), part_text(b_name, (1, 2), "c")
        add("concatenate", 0, "-", [a, b], np.concatenate([a[1], b[1]], axis=0))
        add("vstack", "-", "-", [a, b], np.vstack([a[1], b[1]]))
    # three dtypes whose promotion is not a fold of pairs: uint16 and int16 make int32, which with float16 would
    # make float64; NumPy's result_type gives float32
    three = [part_text("uint16", (2,), "c"), part_text("int16", (1,), "c"), part_text("float16", (2,), "c")]
    add("concatenate", 0, "-", three, np.concatenate([p[1] for p in three]))
    add("hstack", "-", "-", three, np.hstack([p[1] for p in three]))
    a, b = part_text("int32", (3,), "c"), part_text("int8", (2,), "c")
    for target in ("float64", "int64", "complex64", "float32"):
        add("concatenate", 0, target, [a, b], np.concatenate([a[1], b[1]], dtype=target))
    f = part_text("float64", (3,), "c")
    add("concatenate", 0, "float32", [f, f], np.concatenate([f[1], f[1]], dtype="float32"))
    add("stack", 1, "complex128", [f, f], np.stack([f[1], f[1]], axis=1, dtype="complex128"))
    return lines


def split_lines():
    lines = []

    def add(func, how, arg, axis, given, pieces):
        lines.append("split %s %s %s %s | %s %s %s | %d | %s | %s" % (
            func, how, arg, axis, name_of(given), shape_text(given.shape), enc_all(given), len(pieces),
            ";".join(shape_text(p.shape) for p in pieces), " ".join(enc_all(p) for p in pieces if p.size)))

    for name in ("float32", "int16", "bool", "complex128", "bfloat16", "uint64"):
        a = values_for(name, 60).reshape(3, 4, 5)
        for sections, axis in ((3, 0), (2, 1), (5, 2), (1, -1), (4, -2)):
            add("split", "s", str(sections), axis, a, np.split(a, sections, axis=axis))
        for sections, axis in ((2, 0), (3, 1), (4, 2), (7, 2)):
            add("array_split", "s", str(sections), axis, a, np.array_split(a, sections, axis=axis))
        for indices, axis in (([1, 3], 2), ([], 0), ([-1], 1), ([2, 10], 1), ([3, 1], 2), ([0, 0, 5], 2)):
            text = ",".join(str(i) for i in indices) or "-"
            add("split", "i", text, axis, a, np.split(a, indices, axis=axis))
            add("array_split", "i", text, axis, a, np.array_split(a, indices, axis=axis))
        add("hsplit", "s", "2", 1, a, np.hsplit(a, 2))
        add("hsplit", "i", "1", 1, a, np.hsplit(a, [1]))
        add("vsplit", "s", "3", 0, a, np.vsplit(a, 3))
        add("dsplit", "i", "2,4", 2, a, np.dsplit(a, [2, 4]))
        row = values_for(name, 6)
        add("hsplit", "s", "3", 0, row, np.hsplit(row, 3))
        for axis in (0, 1, -1):
            add("unstack", "-", "-", axis, a, list(np.unstack(a, axis=axis)))
        empty = values_for(name, 0).reshape(0, 3)
        add("array_split", "s", "2", 0, empty, np.array_split(empty, 2, axis=0))
    return lines


def main():
    with open(os.path.join(HERE, "joining.txt"), "w") as f:
        f.write("# NumPy %s: concatenate, stack, hstack, vstack, dstack, column_stack, append, split, array_split, "
                "hsplit, vsplit, dsplit, unstack; tests/data/generate_joining.py\n" % np.__version__)
        for line in join_lines() + split_lines():
            f.write(line + "\n")


if __name__ == "__main__":
    main()
