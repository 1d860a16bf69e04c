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
# every function of the ufunc table (tools/generate_ufunc_loops.py), under its numcu name
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from generate_ufunc_loops import UFUNCS, ufunc  # noqa: E402

NUMCU_NAMES = {"true_divide": "divide"}
FUNCS = {NUMCU_NAMES.get(name, name): (ufunc(name), ufunc(name).nin) for name, *_ in UFUNCS}


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
                # a function of two outputs writes one line per output, named modf[0], modf[1]
                outs = list(enumerate(out)) if isinstance(out, tuple) else [(None, out)]
                for index, o in outs:
                    out_dt = "bfloat16" if o.dtype == np.dtype(ml_dtypes.bfloat16) else o.dtype.name
                    first_dt = outs[0][1].dtype
                    if t == "bfloat16" and (first_dt != np.dtype(ml_dtypes.bfloat16) and out_dt != "bool"
                                            or fname == "sign"):
                        # ml_dtypes falls back to float32 where it registers no loop, and its sign keeps -0.0;
                        # numcu gives bfloat16 the loops and results of float16 there
                        continue
                    name = fname if index is None else "%s[%d]" % (fname, index)
                    f.write("%s %d %s %s %d | %s | %s\n" % (
                        name, nin, t, out_dt, len(rows),
                        " | ".join(" ".join(encode(x, kind(a.dtype)) for x in a) for a in arrays),
                        " ".join(encode(x, kind(o.dtype)) for x in o)))
                lines += 1
    print("wrote", lines, "cases")


if __name__ == "__main__":
    main()
