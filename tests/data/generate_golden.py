#!/usr/bin/env python3
"""Writes the NumPy-generated golden files the numcu tests compare against.

Run from anywhere with NumPy 2 and ml_dtypes installed:  python3 tests/data/generate_golden.py
Every value is written exactly: integers in decimal, floats as float.hex() of the value widened to double,
complex as 're,im' with both parts in hex, bool as 0/1.
"""
import math
import os
import warnings

import ml_dtypes
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
NUMPY_TYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
               "float16", "float32", "float64", "complex64", "complex128"]
ALL_TYPES = NUMPY_TYPES[:10] + ["bfloat16"] + NUMPY_TYPES[10:]
CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]


def dt(name):
    return np.dtype(ml_dtypes.bfloat16) if name == "bfloat16" else np.dtype(name)


def encode(x, kind):
    if kind == "b":
        return "1" if bool(x) else "0"
    if kind in "iu":
        return str(int(x))
    if kind == "c":
        return float(x.real).hex() + "," + float(x.imag).hex()
    return float(x).hex()


def kind_of(name):
    return "f" if name == "bfloat16" else dt(name).kind


def write_promotion():
    with open(os.path.join(HERE, "promote_types.txt"), "w") as f:
        f.write("# numpy.promote_types(a, b) for NumPy's 14 dtypes (NumPy %s)\n" % np.__version__)
        for a in NUMPY_TYPES:
            for b in NUMPY_TYPES:
                f.write("%s %s %s\n" % (a, b, np.promote_types(a, b).name))
    with open(os.path.join(HERE, "can_cast.txt"), "w") as f:
        f.write("# numpy.can_cast(from, to, casting) for NumPy's 14 dtypes, 1 = allowed (NumPy %s)\n" % np.__version__)
        for a in NUMPY_TYPES:
            for b in NUMPY_TYPES:
                f.write("%s %s %s\n" % (a, b, " ".join("1" if np.can_cast(a, b, c) else "0" for c in CASTINGS)))


def write_result_types():
    """numpy.result_type of every triple of NumPy's 14 dtypes: a sequence's promotion is not a fold of pairs."""
    with open(os.path.join(HERE, "result_types.txt"), "w") as f:
        f.write("# numpy.result_type(a, b, c) of arrays for NumPy's 14 dtypes (NumPy %s)\n" % np.__version__)
        for a in NUMPY_TYPES:
            for b in NUMPY_TYPES:
                for c in NUMPY_TYPES:
                    f.write("%s %s %s %s\n" % (a, b, c, np.result_type(np.dtype(a), np.dtype(b), np.dtype(c)).name))


def source_values(name):
    if name == "bool":
        return [False, True]
    if kind_of(name) in "iu":
        info = np.iinfo(name)
        vals = [0, 1, 2, 42, 100, 127, info.max, info.min]
        if kind_of(name) == "i":
            vals += [-1, -100, -128]
        vals += [v for v in (255, 1000, 65504, 70000, 2**24 + 1, 2**31 + 5, 2**53 + 1, 2**62 + 3) if v <= info.max]
        return vals
    if kind_of(name) == "c":
        return [complex(1.5, -2.0), complex(0, 0), complex(-3.25, 4.0), complex(float("nan"), 1.0), complex(0, 1),
                complex(100.25, 0.5), complex(1e10, -1e-3)]
    vals = [0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -2.5, 3.75, 100.25, 127.9, -128.0, 1e-3, 0.1, 65504.0, 65519.0,
            65520.0, 1e-8, 6e-8, 1e10, 3.0e38, 1e300, 1 + 2.0**-11 + 2.0**-40, 300.0, -300.0, 70000.5,
            float("nan"), float("inf"), float("-inf")]
    return vals


def int_target_ok(value, dst):
    """Float -> integer casts whose result NumPy defines the same way on every platform (and numcu follows).

    A bfloat16 value only where `dst` holds it: ml_dtypes (NumPy's bfloat16) wraps the others as NumPy's
    float16 does up to its release 0.6 and gives 0 for them from 0.7 on, so no answer for them is NumPy's."""
    bfloat16 = getattr(value, "dtype", None) == dt("bfloat16")
    if np.iscomplexobj(value):
        value = value.real
    value = float(value)
    if not math.isfinite(value):
        return False
    t = math.trunc(value)
    info = np.iinfo(dst)
    if bfloat16:
        return info.min <= t <= info.max
    if dst in ("uint8", "uint16"):
        return -2**31 <= t < 2**31  # through int32, wrapping
    if dst == "uint32":
        return -2**31 <= t < 2**32  # through int64, wrapping
    return info.min <= t <= info.max


def write_casts():
    with open(os.path.join(HERE, "casts.txt"), "w") as f:
        f.write("# src dst count | source values | numpy astype(dst) results (ml_dtypes for bfloat16)\n")
        for src in ALL_TYPES:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                held = np.array(source_values(src), dtype=dt(src))
            for dst in ALL_TYPES:
                vals = list(held)
                if kind_of(dst) in "iu" and kind_of(src) in "fc":
                    vals = [v for v in vals if int_target_ok(v, dst)]
                if not vals:
                    continue
                a = np.array(vals, dtype=dt(src))
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    b = a.astype(dt(dst))
                f.write("%s %s %d | %s | %s\n" % (
                    src, dst, len(a),
                    " ".join(encode(x, kind_of(src)) for x in a),
                    " ".join(encode(x, kind_of(dst)) for x in b)))


def write_sequences():
    with open(os.path.join(HERE, "sequences.txt"), "w") as f:
        f.write("# arange start stop step dtype | values ;  linspace start stop num endpoint dtype | values\n")
        aranges = [(0, 10, 1, "int64"), (3, -7, -2, "int32"), (0, 5, 1, "uint8"), (0.0, 1.0, 0.1, "float64"),
                   (0.0, 1.0, 0.1, "float32"), (-2.5, 3.0, 0.75, "float16"), (1.0, 2.0, 0.3, "float64"),
                   (0, 7, 3, "float64"), (0.5, 5, 1, "int64"), (10, 0, -3, "int8"), (0, 20, 7, "complex128"),
                   (1e10, 1e10 + 5, 1, "float64"), (0.0, 1.0, 1.0 / 3.0, "float32")]
        for start, stop, step, t in aranges:
            v = np.arange(start, stop, step, dtype=t)
            f.write("arange %r %r %r %s | %s\n" % (start, stop, step, t, " ".join(encode(x, v.dtype.kind) for x in v)))
        linspaces = [(0.0, 1.0, 11, True, "float64"), (0.0, 1.0, 10, False, "float64"), (-1.0, 3.0, 7, True, "float32"),
                     (2.0, 3.0, 5, True, "float16"), (0.0, 10.0, 7, True, "int32"), (-5.0, 5.0, 4, True, "int64"),
                     (1.0, 1.0, 3, True, "float64"), (5.0, 6.0, 1, True, "float64"), (0.0, 1.0, 0, True, "float64"),
                     (0.0, 1e-320, 4, True, "float64"), (0.1, 0.7, 9, True, "float64"), (3.0, 1.0, 6, False, "float64")]
        for start, stop, num, endpoint, t in linspaces:
            v = np.linspace(start, stop, num, endpoint=endpoint, dtype=t)
            f.write("linspace %r %r %d %d %s | %s\n" % (start, stop, num, int(endpoint), t,
                                                       " ".join(encode(x, v.dtype.kind) for x in v)))


def write_reprs():
    rng = np.random.default_rng(7)
    cases = [
        np.arange(12.0).reshape(3, 4),
        np.array([1.5, 2.25]),
        np.array([1e-5, 1.0]),
        np.array([1, 2], dtype=np.int32),
        np.array([-3, 100, 7]),
        np.array([True, False, True]),
        np.array(True),
        np.array(3.0),
        np.array(-7, dtype=np.int16),
        np.array([np.nan, 1.0, -np.inf]),
        np.array([0.1, 0.2], dtype=np.float32),
        np.array([1 + 2j, 3 - 4.5j]),
        np.array([0.5, -1.25], dtype=np.float16),
        np.arange(2000.0),
        np.arange(1500, dtype=np.int64).reshape(30, 50),
        rng.standard_normal((3, 5)),
        rng.standard_normal(30),
        rng.standard_normal((2, 2, 3)).astype(np.float32),
        np.array([1e20, -3.0, 0.0]),
        np.array([123456789.0, 1.5]),
        np.array([0.0, 0.0]),
        np.array([1.0 / 3.0, 2.0 / 3.0]),
        np.arange(24, dtype=np.uint8).reshape(2, 3, 4),
        np.array([np.nan]),
        np.array([1e-300, 1e300]),
        np.array([65504.0, 1.0], dtype=np.float16),
    ]
    with open(os.path.join(HERE, "repr.txt"), "w") as f:
        f.write("# dtype ndim shape... | values (C order) | numpy repr with newlines as \\n\n")
        for a in cases:
            f.write("%s %d %s | %s | %s\n" % (a.dtype.name, a.ndim, " ".join(str(n) for n in a.shape),
                                              " ".join(encode(x, a.dtype.kind) for x in a.ravel()),
                                              repr(a).replace("\n", "\\n")))


if __name__ == "__main__":
    write_promotion()
    write_result_types()
    write_casts()
    write_sequences()
    write_reprs()
