#!/usr/bin/env python3
"""Writes tests/data/ufunc_at.txt: NumPy 2's ufunc.at (add, subtract, multiply, minimum, maximum .at) through
the indexes of generate_selection.py (integer arrays with repeated entries, masks, slices, integers, newaxis,
ellipsis, adjacent and separated arrays) on C-order and transposed arrays of every dtype, with values of the
array's dtype, of another dtype, and numbers (NumPy takes a number as an array of its default dtype: int64,
float64, complex128, bool). Long runs of repeated indices check that each element's contributions apply in
order, each rounded. The values are broadcast to the selection's shape before the call: NumPy 2.4's own
broadcast there reads past the values for an index of two or more dimensions. Run with NumPy 2 and ml_dtypes:

    python3 tests/data/generate_ufunc_at.py

Line format (values encoded as in generate_golden.py; shapes comma-separated, "-" for 0-d; the index as in
generate_selection.py):
    at ufunc dtype shape view | index | base values | values | base values after
        (values: "dtype shape v v ..." an array, or "number kind v" a number, kind int, float, complex or bool;
        after: the values, or "error class" where NumPy raises)
"""
import os
import warnings

import numpy as np

from generate_golden import ALL_TYPES, encode, kind_of
from generate_joining import enc_all, name_of, shape_text
from generate_selection import INDEXES, I, base_for, index_of, index_text
from generate_sorting import values_for  # ties, -0.0 beside 0.0, NaN, inf

HERE = os.path.dirname(os.path.abspath(__file__))
RNG = np.random.default_rng(20261206)
UFUNCS = ["add", "subtract", "multiply", "minimum", "maximum"]
# long runs of repeated indices into a short axis: the order of each element's contributions shows
REPEATS = [((6,), [I(RNG.integers(-6, 6, 300))]), ((4, 5), [I(RNG.integers(0, 4, 40)), I(RNG.integers(0, 5, 40))])]


def error_class(e):
    if isinstance(e, IndexError):
        return "index_error"
    if isinstance(e, TypeError):
        return "dtype_error"
    if isinstance(e, ValueError):
        return "shape_error"
    raise e


def values_like(name, shape):
    """Values of dtype name: mixed magnitudes for floats, so that the order of the sums shows."""
    n = int(np.prod(shape))
    if kind_of(name) == "f" and name != "bfloat16":
        return (RNG.standard_normal(n) * 10.0 ** RNG.integers(-3, 4, n)).astype(name).reshape(shape)
    return values_for(name, n).reshape(shape)


def value_choices(name, result_shape):
    """(text, NumPy value) pairs: values of the array's dtype in the selection's shape, a row broadcast over
    it, float64 or int64 values, and a number."""
    full = values_like(name, result_shape)
    out = [("%s %s %s" % (name, shape_text(full.shape), enc_all(full)), full)]
    row = values_like(name, result_shape[-1:])
    out.append(("%s %s %s" % (name, shape_text(row.shape), enc_all(row)), row))
    # (an integer target takes integer values only, uint64 unsigned ones: a float loop's result beyond the
    # target's range casts back as the processor does, which NumPy leaves undefined; numpy_differences.md)
    integer_target = kind_of(name) in "iu"
    other = RNG.integers(-50, 50, int(np.prod(result_shape))).reshape(result_shape)
    other = other.astype(np.float64) * 0.75 if RNG.random() < 0.5 and not integer_target else other.astype(np.int64)
    if name == "uint64":  # (uint64 with int64 takes the float64 loop)
        other = np.abs(other).astype(np.uint64)
    out.append(("%s %s %s" % (name_of(other), shape_text(other.shape), enc_all(other)), other))
    number = [(int(RNG.integers(-3, 300)), "int"), (float(RNG.integers(-8, 8)) * 0.375, "float"), (True, "bool")][
        int(RNG.integers(0, 3)) if not integer_target else (2 if name == "uint64" else 0)]
    text = "1" if number[1] == "bool" else (str(number[0]) if number[1] == "int" else float(number[0]).hex())
    out.append(("number %s %s" % (number[1], text), number[0]))
    return out


def lines_for():
    lines = []
    for ufunc_name in UFUNCS:
        ufunc = getattr(np, ufunc_name)
        for name in ALL_TYPES:
            picks = [INDEXES[int(j)] for j in RNG.choice(len(INDEXES), 5, replace=False)] + REPEATS
            for shape, entries in picks:
                view = "t" if RNG.random() < 0.3 else "c"
                given_shape = shape[::-1] if view == "t" else shape
                given, arr = base_for(name, given_shape, view)
                index = index_of(entries)
                result_shape = arr[index].shape
                for text, value in value_choices(name, result_shape):
                    if name == "bfloat16" and not text.startswith("bfloat16"):
                        continue  # ml_dtypes' promotion of bfloat16 with other dtypes is not NumPy's rule
                    after = given.copy()
                    target = after.T if view == "t" else after
                    head = "at %s %s %s %s | %s | %s | %s" % (ufunc_name, name, shape_text(given_shape), view,
                                                            index_text(entries), enc_all(given), text)
                    try:
                        with warnings.catch_warnings():
                            warnings.simplefilter("ignore")
                            # the values broadcast here: NumPy 2.4's ufunc.at reads past values that it
                            # broadcasts over an index of two or more dimensions (a row over a (2, 2) index)
                            ufunc.at(target, index, value if not isinstance(value, np.ndarray) else
                                     np.broadcast_to(value, result_shape).copy())
                    except (TypeError, ValueError, IndexError) as e:
                        if name == "bfloat16":
                            continue  # ml_dtypes' bfloat16 loops are not NumPy's: no oracle
                        lines.append(head + " | error " + error_class(e))
                        continue
                    lines.append(head + " | " + enc_all(after))
    # errors: an index out of bounds, values of the wrong shape, boolean subtract
    for shape, entries, value in [((5,), [I([0, 5])], np.ones(2)), ((2, 3), [I([0, 1]), I([5, 0])], np.ones(2)),
                                  ((5,), [I([0, 1])], np.ones(3)), ((4, 5), [I([0, 1])], np.ones((3, 5)))]:
        given = np.zeros(shape)
        after = given.copy()
        text = "float64 %s %s" % (shape_text(value.shape), enc_all(value))
        try:
            np.add.at(after, index_of(entries), value)
            outcome = enc_all(after)
        except (TypeError, ValueError, IndexError) as e:
            outcome = "error " + error_class(e)
        lines.append("at add float64 %s c | %s | %s | %s | %s" % (shape_text(shape), index_text(entries),
                                                                   enc_all(given), text, outcome))
    return lines


def main():
    lines = lines_for()
    with open(os.path.join(HERE, "ufunc_at.txt"), "w") as f:
        f.write("# NumPy %s: ufunc.at; tests/data/generate_ufunc_at.py\n" % np.__version__)
        f.write("\n".join(lines) + "\n")
    print("wrote %d lines" % len(lines))


if __name__ == "__main__":
    main()
