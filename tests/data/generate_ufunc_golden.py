#!/usr/bin/env python3
"""Writes tests/data/ufuncs.txt: NumPy's results for every elementwise function numcu implements, for every
input dtype NumPy has a loop for (bfloat16 through ml_dtypes where it provides the ufunc).

    python3 tests/data/generate_ufunc_golden.py

Line format:  function nin in_dtype out_dtype count | input 1 | ... | output   (values as generate_golden.py)
"""
import os
import sys
import warnings

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate_golden import dt, encode  # noqa: E402  (one encoding for every golden file)

HERE = os.path.dirname(os.path.abspath(__file__))
TYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "bfloat16",
         "float32", "float64", "complex64", "complex128"]
FUNCS = {  # numcu name: (numpy callable, nin)
    "add": (np.add, 2), "subtract": (np.subtract, 2), "multiply": (np.multiply, 2), "divide": (np.divide, 2),
    "floor_divide": (np.floor_divide, 2), "remainder": (np.remainder, 2), "fmod": (np.fmod, 2),
    "power": (np.power, 2), "float_power": (np.float_power, 2), "negative": (np.negative, 1),
    "positive": (np.positive, 1), "absolute": (np.absolute, 1), "sign": (np.sign, 1),
    "reciprocal": (np.reciprocal, 1), "square": (np.square, 1), "sqrt": (np.sqrt, 1), "cbrt": (np.cbrt, 1),
    "exp": (np.exp, 1), "exp2": (np.exp2, 1), "expm1": (np.expm1, 1), "log": (np.log, 1), "log2": (np.log2, 1),
    "log10": (np.log10, 1), "log1p": (np.log1p, 1), "sin": (np.sin, 1), "cos": (np.cos, 1), "tan": (np.tan, 1),
    "arcsin": (np.arcsin, 1), "arccos": (np.arccos, 1), "arctan": (np.arctan, 1), "arctan2": (np.arctan2, 2),
    "hypot": (np.hypot, 2), "sinh": (np.sinh, 1), "cosh": (np.cosh, 1), "tanh": (np.tanh, 1),
    "arcsinh": (np.arcsinh, 1), "arccosh": (np.arccosh, 1), "arctanh": (np.arctanh, 1),
    "deg2rad": (np.deg2rad, 1), "rad2deg": (np.rad2deg, 1), "floor": (np.floor, 1), "ceil": (np.ceil, 1),
    "trunc": (np.trunc, 1), "rint": (np.rint, 1), "maximum": (np.maximum, 2), "minimum": (np.minimum, 2),
    "fmax": (np.fmax, 2), "fmin": (np.fmin, 2), "logical_and": (np.logical_and, 2),
    "logical_or": (np.logical_or, 2), "logical_xor": (np.logical_xor, 2), "logical_not": (np.logical_not, 1),
    "bitwise_and": (np.bitwise_and, 2), "bitwise_or": (np.bitwise_or, 2), "bitwise_xor": (np.bitwise_xor, 2),
    "invert": (np.invert, 1), "left_shift": (np.left_shift, 2), "right_shift": (np.right_shift, 2),
    "isnan": (np.isnan, 1), "isinf": (np.isinf, 1), "isfinite": (np.isfinite, 1), "signbit": (np.signbit, 1),
    "copysign": (np.copysign, 2), "nextafter": (np.nextafter, 2), "logaddexp": (np.logaddexp, 2),
    "logaddexp2": (np.logaddexp2, 2), "heaviside": (np.heaviside, 2), "gcd": (np.gcd, 2), "lcm": (np.lcm, 2),
    "equal": (np.equal, 2), "not_equal": (np.not_equal, 2), "less": (np.less, 2),
    "less_equal": (np.less_equal, 2), "greater": (np.greater, 2), "greater_equal": (np.greater_equal, 2),
    "conjugate": (np.conjugate, 1), "clip": (np._core.umath.clip, 3),
}


def kind(t):
    return "f" if t == np.dtype(ml_dtypes.bfloat16) else t.kind


def samples(name):
    if name == "bool":
        return [False, True, True, False, True]
    t = dt(name)
    if kind(t) in "iu":
        info = np.iinfo(t)
        vals = [0, 1, 2, 3, 5, 7, 12, 100, info.max]
        if kind(t) == "i":
            vals += [-1, -3, -7, -12, info.min]
        return vals
    if kind(t) == "c":
        return [1 + 2j, -0.5 + 0.25j, 0j, 3 - 4j, -2 - 1j, 1j, 0.75 - 0.5j, -1.5 + 0j]
    return [-3.5, -1.0, -0.5, -0.0, 0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 10.0, 100.0, 1e-3, 7.25,
            float("nan"), float("inf"), float("-inf")]


def args_for(fname, nin, t):
    base = samples(t)
    if nin == 1:
        return [base]
    second = base[3:] + base[:3]
    if nin == 2:
        return [base, second]
    third = [max(x, y) if kind(dt(t)) != "c" else x for x, y in zip(base, second)]
    return [base, second, third]


def keep_pair(fname, t, xs):
    """Drops inputs whose NumPy result is an error or platform-defined (documented in numpy_differences.md)."""
    k = kind(dt(t))
    if k in "iu" and fname == "power" and int(xs[1]) < 0:
        return False
    if k in "iu" and fname == "reciprocal" and int(xs[0]) == 0:
        return False
    if k in "iu" and fname in ("gcd", "lcm", "floor_divide", "remainder", "fmod", "absolute", "negative", "sign",
                                "square", "multiply", "power") and any(int(x) == np.iinfo(dt(t)).min for x in xs):
        return False
    return True


def main():
    path = os.path.join(HERE, "ufuncs.txt")
    lines = 0
    with open(path, "w") as f:
        f.write("# function nin in_dtype out_dtype count | inputs ... | output  (NumPy %s, ml_dtypes %s)\n" %
                (np.__version__, ml_dtypes.__version__))
        for fname, (fn, nin) in FUNCS.items():
            for t in TYPES:
                cols = args_for(fname, nin, t)
                rows = [xs for xs in zip(*cols) if keep_pair(fname, t, xs)]
                if not rows:
                    continue
                arrays = [np.array([r[i] for r in rows], dtype=dt(t)) for i in range(nin)]
                try:
                    with warnings.catch_warnings(), np.errstate(all="ignore"):
                        warnings.simplefilter("ignore")
                        out = fn(*arrays)
                except Exception:
                    continue  # NumPy has no loop for this dtype: numcu must refuse it too (tested separately)
                if isinstance(out, tuple):
                    continue
                out_dt = "bfloat16" if out.dtype == np.dtype(ml_dtypes.bfloat16) else out.dtype.name
                if t == "bfloat16" and (out_dt not in ("bfloat16", "bool") or fname == "sign"):
                    # ml_dtypes falls back to float32 where it registers no loop, and its sign keeps -0.0;
                    # numcu gives bfloat16 the loops and results of float16 there
                    continue
                f.write("%s %d %s %s %d | %s | %s\n" % (
                    fname, nin, t, out_dt, len(rows),
                    " | ".join(" ".join(encode(x, kind(a.dtype)) for x in a) for a in arrays),
                    " ".join(encode(x, kind(out.dtype)) for x in out)))
                lines += 1
    print("wrote", lines, "cases")


if __name__ == "__main__":
    main()
