#!/usr/bin/env python3
"""Writes tests/data/selection.txt: NumPy 2's advanced indexing a[...] and assignment a[...] = v through integer
arrays (several dtypes and shapes, negative entries, empty), boolean masks (of every rank, 0-d too), mixed with
integers, slices, newaxis and ellipsis, adjacent and separated; on C-order and transposed arrays of every
dtype; and take (axis, none; raise, wrap, clip), put (raise, wrap, clip) and compress. Run with NumPy 2 and
ml_dtypes:

    python3 tests/data/generate_selection.py

Line formats (values encoded as in generate_golden.py: exact decimal or float.hex; shapes comma-separated,
"-" for 0-d):
    get dtype shape view | index | base values | result_shape | result values
    set dtype shape view | index | base values | value_dtype value_shape value values | base values after
        (view c: the array as given, t: the transpose of the array given; the index is a list of entries
        separated by spaces: i:N an integer, s:start:stop:step a slice ("_" for an omitted bound), a all,
        n newaxis, e ellipsis, I:dtype:shape:v,v,... an integer array, B:shape:v,v,... a bool array (0/1))
    take dtype shape | index_dtype index_shape index values | axis mode | result_shape | result values
    put dtype shape | index values | value_dtype value_shape value values | mode | base values after
    compress dtype shape | condition values | axis | result_shape | result values
        (axis an int or "none")
"""
import os

import numpy as np

from generate_golden import ALL_TYPES, kind_of
from generate_joining import enc_all, name_of, shape_text
from generate_sorting import values_for  # ties, -0.0 beside 0.0, NaN, inf

HERE = os.path.dirname(os.path.abspath(__file__))
RNG = np.random.default_rng(20261204)


class Ix:
    """An index entry: its NumPy form and its text."""

    def __init__(self, value, text):
        self.value, self.text = value, text


def I(values, dtype="int64"):
    arr = np.array(values, dtype=dtype)
    return Ix(arr, "I:%s:%s:%s" % (dtype, shape_text(arr.shape), ",".join(str(int(v)) for v in arr.reshape(-1))))


def B(values):
    arr = np.array(values, dtype=bool)
    return Ix(arr, "B:%s:%s" % (shape_text(arr.shape), ",".join("1" if v else "0" for v in arr.reshape(-1))))


def i(n):
    return Ix(n, "i:%d" % n)


def s(start=None, stop=None, step=None):
    def t(v):
        return "_" if v is None else str(v)
    return Ix(slice(start, stop, step), "s:%s:%s:%s" % (t(start), t(stop), t(step)))


A = Ix(slice(None), "a")
N = Ix(None, "n")
E = Ix(Ellipsis, "e")


def mask(shape, p=0.5):
    return B(RNG.random(shape) < p)


# (shape of the array the call gets, index entries)
INDEXES = [
    ((6,), [I([0, -1, 3])]),
    ((6,), [I([[0, 1], [5, -6]])]),
    ((6,), [I([], "int64")]),
    ((6,), [I([2, 0], "uint8")]),
    ((6,), [I([-1, 1], "int8")]),
    ((6,), [I([3], "uint64")]),
    ((6,), [mask((6,))]),
    ((6,), [B([False] * 6)]),
    ((6,), [B(True)]),
    ((6,), [B(False), I([1])]),
    ((4, 5), [I([3, 0, -2])]),
    ((4, 5), [A, I([4, 0])]),
    ((4, 5), [I([[0], [3]]), I([1, -1, 2])]),
    ((4, 5), [I([1, 2]), i(-1)]),
    ((4, 5), [i(2), I([0, 4, 4])]),
    ((4, 5), [mask((4, 5))]),
    ((4, 5), [mask((4,))]),
    ((4, 5), [A, mask((5,))]),
    ((4, 5), [mask((4,)), I([0])]),
    ((4, 5), [s(1, None, 2), I([0, 2])]),
    ((4, 5), [I([3, 1]), s(None, None, -2)]),
    ((4, 5), [N, I([1, 2])]),
    ((4, 5), [E, I([1, 2])]),
    ((4, 5), [I([1, 2]), E]),
    ((4, 5), [B(True), I([0])]),
    ((4, 5), [I([], "int32"), A]),
    ((3, 4, 5), [I([0, 2]), A, I([1, -1])]),
    ((3, 4, 5), [A, I([0, 3]), I([1, 4])]),
    ((3, 4, 5), [i(1), A, I([1, 2, 3])]),
    ((3, 4, 5), [E, I([[0, 1]])]),
    ((3, 4, 5), [I([0]), N, I([2])]),
    ((3, 4, 5), [mask((3, 4))]),
    ((3, 4, 5), [A, mask((4, 5))]),
    ((3, 4, 5), [mask((3, 4)), I([4])]),
    ((3, 4, 5), [I([2, 0]), s(1, 3), B([1, 0, 0, 1, 0])]),
    ((3, 4, 5), [N, I([1]), A, I([[0], [2]])]),
    ((3, 4, 5), [I([1, 0], "int16"), I([3, 3], "uint16"), I([4, 0], "int32")]),
    ((3, 4, 5), [A, A, I([], "int64")]),
]

# what an assignment writes: a 0-d value, a value broadcast over the result's leading axes, or one per element
SET_VALUES = ["scalar", "row", "full"]


def base_for(name, shape, view):
    given = values_for(name, int(np.prod(shape))).reshape(shape)
    return given, (given.T if view == "t" else given)


def index_of(entries):
    return tuple(e.value for e in entries)


def index_text(entries):
    return " ".join(e.text for e in entries)


def unique_positions(arr, index):
    """Whether the index names each element at most once (an assignment's result is NumPy's alone then)."""
    probe = np.arange(arr.size).reshape(arr.shape)
    picked = probe[index].reshape(-1)
    return len(set(picked.tolist())) == picked.size


def value_for(target, shape):
    """Values to assign, of the target dtype or float64 with small whole values (casts exactly)."""
    if RNG.random() < 0.5 or kind_of(name_of(target)) == "c":
        return values_for(name_of(target), int(np.prod(shape))).reshape(shape)
    return RNG.integers(0, 100, int(np.prod(shape))).astype(np.float64).reshape(shape)


def index_lines():
    lines = []
    for name in ALL_TYPES:
        for shape, entries in INDEXES:
            for view in ("c", "t"):
                given_shape = shape[::-1] if view == "t" else shape
                given, arr = base_for(name, given_shape, view)
                index = index_of(entries)
                result = arr[index]
                lines.append("get %s %s %s | %s | %s | %s | %s" % (
                    name, shape_text(given_shape), view, index_text(entries), enc_all(given),
                    shape_text(result.shape), enc_all(result)))
                if not unique_positions(arr, index):
                    continue
                for kind in SET_VALUES:
                    vshape = () if kind == "scalar" else (result.shape[-1:] if kind == "row" else result.shape)
                    value = value_for(arr, vshape)
                    after = given.copy()
                    (after.T if view == "t" else after)[index] = value
                    lines.append("set %s %s %s | %s | %s | %s %s %s | %s" % (
                        name, shape_text(given_shape), view, index_text(entries), enc_all(given),
                        name_of(value), shape_text(value.shape), enc_all(value), enc_all(after)))
    return lines


def function_lines():
    lines = []
    for name in ALL_TYPES:
        a = values_for(name, 24).reshape(2, 3, 4)
        for axis, index, mode in [(None, [0, 23, -1, 5], "raise"), (0, [1, -2], "raise"), (1, [[2, 0], [1, 1]], "raise"),
                                  (2, [3, 0, 3], "raise"), (-1, [], "raise"), (None, [30, -30, 7], "wrap"),
                                  (1, [5, -1, 2], "wrap"), (2, [9, -3, 1], "clip"), (None, [100, -5], "clip")]:
            idx = np.array(index, dtype=np.int64)
            r = np.take(a, idx, axis=axis, mode=mode)
            lines.append("take %s 2,3,4 | int64 %s %s | %s %s | %s | %s" % (
                name, shape_text(idx.shape), " ".join(str(v) for v in idx.reshape(-1)),
                "none" if axis is None else axis, mode, shape_text(r.shape), enc_all(a) + " | " + enc_all(r)))
        for index, count, mode in [([0, 5, -1], 3, "raise"), ([1, 2, 3, 4], 2, "raise"), ([11, -14], 1, "wrap"),
                                   ([40, -3], 2, "clip")]:
            base = values_for(name, 12).reshape(3, 4)
            value = values_for(name, count)
            after = base.copy()
            np.put(after, index, value, mode=mode)
            lines.append("put %s 3,4 | %s | %s %d %s | %s | %s | %s" % (
                name, " ".join(str(v) for v in index), name, count, enc_all(value), mode, enc_all(base),
                enc_all(after)))
        for cond, axis in [([1, 0, 1], 1), ([0, 1], 0), ([1, 0, 0, 1, 1], None), ([0, 0, 0, 0], 2)]:
            r = np.compress(cond, a, axis=axis)
            lines.append("compress %s 2,3,4 | %s | %s | %s | %s | %s" % (
                name, " ".join(str(v) for v in cond), "none" if axis is None else axis, shape_text(r.shape),
                enc_all(a), enc_all(r)))
    return lines


def main():
    lines = index_lines() + function_lines()
    with open(os.path.join(HERE, "selection.txt"), "w") as f:
        f.write("# NumPy %s: a[...], a[...] = v, take, put, compress; tests/data/generate_selection.py\n" % np.__version__)
        f.write("\n".join(lines) + "\n")
    print("wrote %d lines" % len(lines))


if __name__ == "__main__":
    main()
