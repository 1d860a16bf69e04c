#!/usr/bin/env python3
"""Writes tests/data/reductions.txt: NumPy 2's reductions, statistics and scans over every dtype, axis choice,
keepdims, layout (contiguous, transposed, negative step, broadcast), 0-d, zero-size and size-1 axes, with NaN
and inf, and the errors NumPy raises. Run with NumPy 2 and ml_dtypes:

    python3 tests/data/generate_reduction_golden.py

Line format (values encoded as in generate_golden.py: exact decimal or float.hex):
    func dtype base_shape view axis keepdims ddof | base values | result_dtype result_shape | result values
    func dtype base_shape view axis keepdims ddof | base values | error ErrorClass
base_shape is comma-separated ("-" for 0-d); view is c (the base array), t (its transpose), n (axis 0
reversed) or b<k> (the base, of extent 1 in axis 0, broadcast to extent k there); axis is "none" or
comma-separated ints.
"""
import os
import warnings

import ml_dtypes
import numpy as np

from generate_golden import ALL_TYPES, dt, encode, kind_of

HERE = os.path.dirname(os.path.abspath(__file__))
RNG = np.random.default_rng(20261130)

REDUCTIONS = ["sum", "prod", "nansum", "nanprod", "max", "min", "nanmax", "nanmin", "ptp", "mean", "var", "std",
              "nanmean", "nanvar", "nanstd", "any", "all", "count_nonzero"]
ARG = ["argmax", "argmin", "nanargmax", "nanargmin"]
SCANS = ["cumsum", "cumprod", "nancumsum", "nancumprod"]
ERRORS = {ValueError: "value", TypeError: "dtype", np.exceptions.AxisError: "index"}


def values_for(name, size):
    k = kind_of(name)
    if k == "b":
        return RNG.integers(0, 2, size).astype(bool)
    if k in "iu":
        lo = 0 if k == "u" else -5
        return RNG.integers(lo, 6, size)
    v = np.round(RNG.uniform(-3, 3, size) * 4) / 4  # exact in every float dtype
    if size >= 4:
        specials = [np.nan, np.inf, -np.inf, -0.0]
        for i in RNG.choice(size, min(2, size // 4), replace=False):
            v[i] = specials[RNG.integers(0, 4)]
    if k == "c":
        w = np.round(RNG.uniform(-3, 3, size) * 4) / 4
        return v + 1j * w
    return v


def view_of(base, view):
    if view == "c":
        return base
    if view == "t":
        return base.T
    if view == "n":
        return base[::-1]
    k = int(view[1:])
    return np.broadcast_to(base, (k,) + base.shape[1:])


def call(func, a, axis, keepdims, ddof):
    f = getattr(np, func)
    if func in ARG:
        ax = None if axis is None else axis[0]
        return f(a, axis=ax, keepdims=keepdims)
    if func in SCANS:
        return f(a, axis=None if axis is None else axis[0])
    ax = None if axis is None else tuple(axis)
    if func == "count_nonzero":
        return np.asarray(f(a, axis=ax, keepdims=keepdims), dtype=np.int64)
    if func in ("var", "std", "nanvar", "nanstd"):
        return f(a, axis=ax, keepdims=keepdims, ddof=ddof)
    return f(a, axis=ax, keepdims=keepdims)


def shape_text(shape):
    return ",".join(str(s) for s in shape) if shape else "-"


def line(func, name, base, view, axis, keepdims, ddof):
    a = view_of(base, view)
    # every other layout, empty shape and 0-d case, and a quarter of the others (the file stays small)
    if view == "c" and base.size > 1 and RNG.random() > 0.25:
        return None
    head = "%s %s %s %s %s %d %d | %s" % (
        func, name, shape_text(base.shape), view, "none" if axis is None else ",".join(map(str, axis)),
        keepdims, ddof, " ".join(encode(x, kind_of(name)) for x in base.reshape(-1)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            r = np.asarray(call(func, a, axis, keepdims, ddof))
        except tuple(ERRORS) as e:
            return head + " | error " + ERRORS[type(e)]
    rname = "bfloat16" if r.dtype == np.dtype(ml_dtypes.bfloat16) else r.dtype.name
    return head + " | %s %s | %s" % (rname, shape_text(r.shape),
                                     " ".join(encode(x, kind_of(rname)) for x in r.reshape(-1)))


def cases():
    shapes = [(), (0,), (7,), (3, 4), (2, 3, 4), (0, 3), (3, 0), (1, 5), (5, 1)]
    out = []
    for name in ALL_TYPES:
        for func in REDUCTIONS + ARG + SCANS:
            if name == "bfloat16" and func.startswith("nan"):
                continue  # ml_dtypes' bfloat16 is no np.inexact: NumPy's nan functions do not skip its NaN
            for shape in shapes:
                base = np.asarray(values_for(name, int(np.prod(shape)))).reshape(shape).astype(dt(name))
                ndim = len(shape)
                axes = [None] + [[d] for d in range(ndim)]
                if func not in ARG + SCANS:
                    if ndim >= 2:
                        axes.append([0, ndim - 1])
                    if ndim >= 1:
                        axes.append([-1])
                if func in ARG + SCANS and ndim >= 1:
                    axes.append([-1])
                for axis in axes:
                    for keepdims in ((0, 1) if func not in SCANS else (0,)):
                        if keepdims and axis is not None and RNG.integers(0, 2):
                            continue
                        ddof = 1 if func in ("var", "std", "nanvar", "nanstd") and RNG.integers(0, 3) == 0 else 0
                        out.append(line(func, name, base, "c", axis, keepdims, ddof))
                if ndim >= 2:  # the other layouts, one axis each
                    axis = [int(RNG.integers(0, ndim))]
                    out.append(line(func, name, base, "t", axis, 0, 0))
                    out.append(line(func, name, base, "n", axis, 0, 0))
            if func not in SCANS:
                row = np.asarray(values_for(name, 6)).reshape(1, 6).astype(dt(name))
                out.append(line(func, name, row, "b4", [0], 0, 0))
                out.append(line(func, name, row, "b4", None, 0, 0))
        # errors: repeated and out-of-range axes
        base = np.asarray(values_for(name, 12)).reshape(3, 4).astype(dt(name))
        out.append(line("sum", name, base, "c", [0, 0], 0, 0))
        out.append(line("max", name, base, "c", [2], 0, 0))
        out.append(line("argmax", name, base, "c", [-3], 0, 0))
    return out


def write_accuracy():
    """reduction_accuracy.txt: NumPy's float32 sum of x_i = frac(i * 0.618...) for 10^8 elements beside the exact
    sum, and NumPy's float64 var of 1e8 + frac(i * 0.618...) - 0.5 for 10^7 elements."""
    import math
    n = 10**8
    x = np.fmod(np.arange(n, dtype=np.float64) * 0.6180339887498949, 1.0).astype(np.float32)
    exact = math.fsum(x.astype(np.float64))
    m = 10**7
    big = 1e8 + np.fmod(np.arange(m, dtype=np.float64) * 0.6180339887498949, 1.0) - 0.5
    with open(os.path.join(HERE, "reduction_accuracy.txt"), "w") as f:
        f.write("# NumPy %s: name count exact_or_numpy numpy (generate_reduction_golden.py)\n" % np.__version__)
        f.write("sum_float32 %d %s %s\n" % (n, float(exact).hex(), float(np.sum(x)).hex()))
        f.write("var_large_mean %d %s\n" % (m, float(np.var(big)).hex()))


def main():
    write_accuracy()
    lines = [l for l in cases() if l is not None]
    with open(os.path.join(HERE, "reductions.txt"), "w") as f:
        f.write("# NumPy %s reductions, statistics and scans: tests/data/generate_reduction_golden.py\n"
                % np.__version__)
        for l in lines:
            f.write(l + "\n")
    print("wrote %d cases" % len(lines))


if __name__ == "__main__":
    main()
