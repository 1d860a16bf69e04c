#!/usr/bin/env python3
"""Writes tests/data/sorting.txt: NumPy 2's sort, argsort (stable: the indices are exact), searchsorted and
lexsort over every dtype, with ties, -0.0 beside 0.0, NaN and inf, each axis and axis none, C-order,
transposed and negative-step inputs, 0-d and zero-size arrays, rows short and long (the GPU sorts rows of up to
1024 elements in one block each, longer ones otherwise). Run with NumPy 2 and ml_dtypes:

    python3 tests/data/generate_sorting.py

Line formats (values encoded as in generate_golden.py: exact decimal or float.hex):
    sort|argsort dtype base_shape view axis | base values | result_dtype result_shape | result values
    searchsorted dtype a_len side sorter | a values | needle_dtype needle_shape | needles | result values
    lexsort k shape axis | key dtypes | key 0 values | ... | key k-1 values | result values
    unique dtype shape equal_nan | values | unique values | indices | inverse indices | counts
        | unique values of np.unique(values, equal_nan=...) alone (NumPy's hash table for integers and complex:
        the first NaN in input order stands for all with equal_nan, where the sort above keeps the first in sort
        order)
    uniqueaxis dtype base_shape view axis | base values | result_shape | unique values | indices | inverse indices
        | counts
    argwhere dtype shape | values | N | argwhere values (row after row) | flatnonzero values
    isin dtype shape test_dtype test_len invert | values | test values | result (0/1)
    setop name a_dtype a_len b_dtype b_len assume_unique | a | b | result_dtype result_len | result values
    order func dtype shape axis method keepdims q_kind | values | q values | result_dtype result_shape | result
    bincount x_dtype n weights_dtype minlength | x | weights (or empty) | result_dtype result_len | result
    digitize x_dtype x_shape bins_dtype bins_len right | x | bins | result values
    histogram dtype n bins range density weights_dtype | values | weights | given edges | counts_dtype counts_len
        | counts | edges_dtype edges_len | edges
(bins: a count, or "e" for the edges given on the line; range: lo,hi in float.hex or "none")
    histogramdd dtype n d bins range density weighted | sample (n, d) | weights (float64) | hist shape | hist
        | edges of dimension 0: dtype len values ; edges of dimension 1 ...
(bins: one count for all dimensions, "c,c" one per dimension, or "e" for [-2, 0, 1.5, 4] in every dimension;
range: "none" or lo,hi of every dimension, in decimal)
(func: median, nanmedian, quantile, nanquantile, percentile, nanpercentile; axis as for sort or comma-separated;
q_kind s for one q given as a number, v for a list; median lines have no q values)
NumPy's unique of values alone (and so the set operations) may give -0.0 or 0.0 for a run of zeros (a hash
table picks); the tests compare those results with zeros of either sign equal.
base_shape is comma-separated ("-" for 0-d); view is c (the base), t (its transpose) or n (axis 0 reversed);
axis is an int or "none"; sorter is 1 when searchsorted gets np.argsort(a) as sorter= (a then unsorted).
"""
import os
import warnings

import numpy as np

from generate_golden import ALL_TYPES, dt, encode, kind_of

HERE = os.path.dirname(os.path.abspath(__file__))
RNG = np.random.default_rng(20261205)


def values_for(name, size):
    """Values of dtype name with many ties; floats with -0.0, 0.0, NaN, inf; complex with NaN parts."""
    k = kind_of(name)
    if k == "b":
        return RNG.integers(0, 2, size).astype(bool)
    if k in "iu":
        info = np.iinfo(name)
        pool = np.array([0, 1, 2, 3, 7, info.max, info.max - 1] + ([-1, -2, info.min, info.min + 1] if k == "i" else []),
                        dtype=name)
        return pool[RNG.integers(0, len(pool), size)]
    pool = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.75, 100.25, np.inf, -np.inf, np.nan], dtype=np.float64)
    if k == "c":
        re = pool[RNG.integers(0, len(pool), size)]
        im = pool[RNG.integers(0, len(pool), size)]
        im[RNG.random(size) < 0.5] = 0.0  # many ties in the real part alone
        out = np.empty(size, dtype=dt(name))
        out.real, out.imag = re, im
        return out
    return pool[RNG.integers(0, len(pool), size)].astype(dt(name))


def enc_all(arr, name):
    k = kind_of(name)
    return " ".join(encode(x, k) for x in np.asarray(arr).reshape(-1))


def shape_text(shape):
    return ",".join(str(s) for s in shape) if len(shape) else "-"


def view_of(base, view):
    if view == "t":
        return base.T
    if view == "n":
        return base[::-1]
    return base


def sort_lines():
    lines = []
    shapes = [(), (0,), (1,), (9,), (2, 0), (0, 3), (4, 6), (3, 4, 5), (2, 1100), (1500,)]
    long_rows = ("float32", "int8", "float16", "uint64", "complex128", "bool")
    for name in ALL_TYPES:
        for shape in shapes:
            if shape in ((2, 1100), (1500,)) and name not in long_rows:
                continue
            size = int(np.prod(shape)) if shape else 1
            base = values_for(name, size).reshape(shape)
            views = ["c"] if len(shape) < 2 or size > 200 else ["c", "t", "n"]
            for view in views:
                a = view_of(base, view)
                axes = ["none"] + list(range(-1, a.ndim))
                if name not in ("float32", "int8", "complex128") and a.ndim > 1:
                    axes = ["none", -1, 0]
                if size > 200:
                    axes = [-1] if a.ndim > 1 else ["none"]
                for axis in axes:
                    ax = None if axis == "none" else axis
                    for func in ("sort", "argsort"):
                        head = "%s %s %s %s %s" % (func, name, shape_text(shape), view, axis)
                        if a.ndim == 0 and ax is not None and func == "sort":
                            continue  # an error, checked by hand
                        if func == "sort":
                            r = np.sort(a, axis=ax, kind="stable")
                            res = enc_all(r, name)
                        else:
                            r = np.argsort(a, axis=ax, kind="stable")
                            res = " ".join(str(int(x)) for x in r.reshape(-1))
                        lines.append("%s | %s | %s %s | %s" % (head, enc_all(base, name), r.dtype.name if name != "bfloat16" or func != "sort" else "bfloat16",
                                                               shape_text(r.shape), res))
    return lines


def search_lines():
    lines = []
    for name in ALL_TYPES:
        for n in (0, 1, 12, 300):
            a_unsorted = values_for(name, n)
            for sorter in (0, 1):
                if sorter and n == 0:
                    continue
                a = a_unsorted if sorter else np.sort(a_unsorted, kind="stable")
                needles = np.concatenate([values_for(name, 7), a_unsorted[: min(n, 5)]])
                for side in ("left", "right"):
                    r = np.searchsorted(a, needles, side=side, sorter=np.argsort(a, kind="stable") if sorter else None)
                    lines.append("searchsorted %s %d %s %d | %s | %s %s | %s | %s" % (
                        name, n, side, sorter, enc_all(a, name), name, shape_text(needles.shape),
                        enc_all(needles, name), " ".join(str(int(x)) for x in r)))
    # mixed dtypes promote: int8 into float64 needles, uint8 haystack with int16 needles, 2-d needles
    mixed = [("int8", "float64", (6,)), ("uint8", "int16", (2, 3)), ("float32", "float64", (5,)),
             ("bool", "int32", (4,)), ("float16", "complex64", (3,))]
    for an, vn, vshape in mixed:
        a = np.sort(values_for(an, 20), kind="stable")
        v = values_for(vn, int(np.prod(vshape))).reshape(vshape)
        for side in ("left", "right"):
            r = np.searchsorted(a, v, side=side)
            lines.append("searchsorted %s %d %s 0 | %s | %s %s | %s | %s" % (
                an, len(a), side, enc_all(a, an), vn, shape_text(vshape), enc_all(v, vn),
                " ".join(str(int(x)) for x in r.reshape(-1))))
    return lines


def lexsort_lines():
    lines = []
    combos = [(["int32", "float64"], (10,), -1), (["bool", "uint8", "float32"], (12,), -1),
              (["float16", "complex64"], (3, 8), -1), (["int64", "int8"], (5, 4), 0),
              (["bfloat16", "float32", "int16"], (2, 1100), -1), (["float64"], (7,), -1),
              (["int32", "int32"], (0,), -1)]
    for names, shape, axis in combos:
        size = int(np.prod(shape))
        keys = [values_for(n, size).reshape(shape) for n in names]
        r = np.lexsort(keys, axis=axis)
        lines.append("lexsort %d %s %d | %s | %s | %s" % (
            len(names), shape_text(shape), axis, " ".join(names),
            " | ".join(enc_all(k, n) for k, n in zip(keys, names)), " ".join(str(int(x)) for x in r.reshape(-1))))
    return lines


def as_numpy_float(name, *arrays):
    """bfloat16 arrays as float32 (exact), since NumPy's unique and set operations take ml_dtypes' bfloat16 as
    an opaque kind and do not merge its NaNs; other arrays as they are."""
    return [x.astype(np.float32) if name == "bfloat16" else x for x in arrays]


def unique_lines():
    lines = []
    for name in ALL_TYPES:
        for shape in ((), (0,), (1,), (17,), (3, 5), (600,)):
            size = int(np.prod(shape)) if shape else 1
            a = values_for(name, size).reshape(shape)
            for equal_nan in (1, 0):
                if kind_of(name) not in "fc" and equal_nan == 0:
                    continue
                u, idx, inv, cnt = np.unique(as_numpy_float(name, a)[0], return_index=True, return_inverse=True,
                                             return_counts=True, equal_nan=bool(equal_nan))
                u = u.astype(dt(name))
                alone = np.unique(as_numpy_float(name, a)[0], equal_nan=bool(equal_nan)).astype(dt(name))
                assert inv.shape == a.shape
                lines.append("unique %s %s %d | %s | %s | %s | %s | %s | %s" % (
                    name, shape_text(shape), equal_nan, enc_all(a, name), enc_all(u, name),
                    " ".join(str(int(x)) for x in idx), " ".join(str(int(x)) for x in inv.reshape(-1)),
                    " ".join(str(int(x)) for x in cnt), enc_all(alone, name)))
    # integers of a narrow range at either end of their dtype (numcu counts them instead of sorting), drawn
    # from a generator of their own so that the lines above stay as they were
    narrow = np.random.default_rng(77)
    for name in ("int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"):
        info = np.iinfo(name)
        for base, sign in ((int(info.max), -1), (int(info.min), 1)):
            a = np.array([base + sign * int(x) for x in narrow.integers(0, 40, 300)], dtype=name)
            u, idx, inv, cnt = np.unique(a, return_index=True, return_inverse=True, return_counts=True)
            lines.append("unique %s 300 1 | %s | %s | %s | %s | %s | %s" % (
                name, enc_all(a, name), enc_all(u, name), " ".join(str(int(x)) for x in idx),
                " ".join(str(int(x)) for x in inv), " ".join(str(int(x)) for x in cnt), enc_all(np.unique(a), name)))
    return lines


def unique_axis_lines():
    """unique along an axis: slices that repeat (drawn from a few distinct ones), slices with NaN (never merged),
    -0.0 beside 0.0 (merged), each axis of 1-D to 3-D arrays, C-order and transposed bases, zero-size slices."""
    lines = []
    draw = np.random.default_rng(78)  # picks the repeats; drawn last, so that the lines above stay as they were
    cases = [((7,), 0), ((6, 3), 0), ((6, 3), 1), ((6, 3), -1), ((2, 6, 3), 1), ((4, 2, 2), 0), ((3, 2, 5), 2),
             ((0, 3), 0), ((3, 0), 0), ((3, 0), 1), ((1, 4), 0)]
    for name in ALL_TYPES:
        for shape, axis in cases:
            ax = axis % len(shape)
            n = shape[ax]
            rest = shape[:ax] + shape[ax + 1:]
            width = int(np.prod(rest))
            distinct = values_for(name, 3 * width).reshape((3,) + rest) if width else np.zeros((3,) + rest, dt(name))
            if kind_of(name) in "iub":
                distinct = np.resize(values_for(name, 4 * width), (3,) + rest)  # fewer distinct values: ties
            moved = distinct[draw.integers(0, 3, n)] if n else np.zeros((0,) + rest, dt(name))
            a = np.moveaxis(moved, 0, ax).copy()
            for view in (("c", "t") if a.ndim > 1 else ("c",)):
                base = a if view == "c" else a.T.copy()  # the view "t" of base is a
                # float16 as float32 too: NumPy's comparison of float16 fields does not order NaN last
                exact = a.astype(np.float32) if name in ("float16", "bfloat16") else a
                u, idx, inv, cnt = np.unique(exact, return_index=True, return_inverse=True, return_counts=True,
                                             axis=axis)
                u = u.astype(dt(name))
                assert inv.shape == (n,)
                lines.append("uniqueaxis %s %s %s %d | %s | %s | %s | %s | %s | %s" % (
                    name, shape_text(base.shape), view, axis, enc_all(base, name), shape_text(u.shape),
                    enc_all(u, name), " ".join(str(int(x)) for x in idx), " ".join(str(int(x)) for x in inv),
                    " ".join(str(int(x)) for x in cnt)))
    return lines


def nonzero_lines():
    lines = []
    for name in ALL_TYPES:
        for shape in ((0,), (1,), (13,), (3, 4), (2, 3, 4), (2, 0, 3)):
            size = int(np.prod(shape))
            a = values_for(name, size).reshape(shape)
            w = np.argwhere(a)
            lines.append("argwhere %s %s | %s | %d | %s | %s" % (
                name, shape_text(shape), enc_all(a, name), w.shape[0], " ".join(str(int(x)) for x in w.reshape(-1)),
                " ".join(str(int(x)) for x in np.flatnonzero(a))))
    return lines


def set_lines():
    lines = []
    pairs = [(n, n) for n in ALL_TYPES] + [("int8", "float64"), ("uint8", "int16"), ("float32", "float64"),
                                           ("bool", "int32"), ("float16", "complex64"), ("int64", "uint64")]
    for an, bn in pairs:
        a = values_for(an, 15)
        b = values_for(bn, 9)
        for invert in (0, 1):
            r = np.isin(a.reshape(3, 5), b, invert=bool(invert))
            lines.append("isin %s 3,5 %s %d %d | %s | %s | %s" % (
                an, bn, len(b), invert, enc_all(a, an), enc_all(b, bn), " ".join("1" if x else "0" for x in r.reshape(-1))))
        ua, ub = np.unique(a), np.unique(b)
        cases = [("intersect1d", a, b, 0), ("union1d", a, b, 0), ("setdiff1d", a, b, 0), ("setxor1d", a, b, 0),
                 ("intersect1d", ua, ub, 1), ("setdiff1d", a[::-1].copy(), ub, 1), ("setxor1d", ua, ub, 1)]
        for op, x, y, assume in cases:
            fx, fy = as_numpy_float(an, x)[0], as_numpy_float(bn, y)[0]
            if op == "union1d":
                r = np.union1d(fx, fy)
            else:
                r = getattr(np, op)(fx, fy, assume_unique=bool(assume))
            if an == bn == "bfloat16":
                r = r.astype(dt("bfloat16"))
            rn = "bfloat16" if r.dtype == dt("bfloat16") else r.dtype.name
            lines.append("setop %s %s %d %s %d %d | %s | %s | %s %d | %s" % (
                op, an, len(x), bn, len(y), assume, enc_all(x, an), enc_all(y, bn), rn, len(r), enc_all(r, rn)))
    return lines


def bin_lines():
    lines = []
    for xt in ("int64", "int8", "uint16", "bool", "int32", "uint64"):
        for n in (0, 1, 9, 40):
            for wt, minlength in (("none", 0), ("none", 12), ("float64", 0), ("float32", 3), ("int16", 0),
                                  ("bool", 0)):
                x = RNG.integers(0, 2 if xt == "bool" else 10, n).astype(xt)
                if wt == "none":
                    r = np.bincount(x, minlength=minlength)
                    wtext = ""
                else:
                    w = (np.round(RNG.normal(size=n) * 1e3) / 7).astype(wt) if wt != "bool" else RNG.integers(0, 2, n).astype(bool)
                    r = np.bincount(x, weights=w, minlength=minlength)
                    wtext = enc_all(w, wt)
                lines.append("bincount %s %d %s %d | %s | %s | %s %d | %s" % (
                    xt, n, wt, minlength, enc_all(x, xt), wtext, r.dtype.name, len(r), enc_all(r, r.dtype.name)))
    for xt, bt in (("float64", "float64"), ("int32", "float32"), ("float32", "int64"), ("int8", "int8")):
        for increasing in (True, False):
            bins = np.unique(np.round(RNG.normal(size=6) * 4)).astype(bt)
            if not increasing:
                bins = bins[::-1].copy()
            x = np.round(RNG.normal(size=(3, 5)) * 5).astype(xt)
            for right in (0, 1):
                r = np.digitize(x, bins, right=bool(right))
                lines.append("digitize %s 3,5 %s %d %d | %s | %s | %s" % (
                    xt, bt, len(bins), right, enc_all(x, xt), enc_all(bins, bt), " ".join(str(int(v)) for v in r.reshape(-1))))
    return lines


def histogram_lines():
    lines = []
    for name in ("float64", "float32", "float16", "int8", "int64", "uint16", "bool"):
        for n in (0, 1, 7, 50, 300):
            for bins, rng_, density, wt in ((10, None, 0, "none"), (3, None, 0, "none"), (5, (-2.0, 3.5), 0, "none"),
                                            (4, None, 1, "none"), (6, None, 0, "float64"), (4, (0.0, 4.0), 0, "float32"),
                                            ("e", None, 0, "none"), ("e", None, 1, "none"), ("e", None, 0, "int16"),
                                            (2, (1.0, 1.0), 0, "none")):
                k = kind_of(name)
                if k == "b":
                    a = RNG.integers(0, 2, n).astype(bool)
                elif k in "iu":
                    a = RNG.integers(0 if k == "u" else -20, 20, n).astype(name)
                else:
                    a = (np.round(RNG.normal(size=n) * 300) / 64).astype(dt(name))
                w = None
                if wt != "none":
                    w = (RNG.integers(-5, 6, n) if wt == "int16" else np.round(RNG.normal(size=n) * 100) / 8).astype(wt)
                edges_in = np.array([-3.0, -1.0, 0.0, 0.5, 2.0, 9.0]) if bins == "e" else None
                kwargs = dict(range=rng_, density=bool(density), weights=w)
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        counts, edges = np.histogram(a, bins=edges_in if bins == "e" else bins, **kwargs)
                except ValueError:
                    continue
                rtext = "none" if rng_ is None else "%s,%s" % (float(rng_[0]).hex(), float(rng_[1]).hex())
                lines.append("histogram %s %d %s %s %d %s | %s | %s | %s | %s %d | %s | %s %d | %s" % (
                    name, n, bins, rtext, density, wt, enc_all(a, name), enc_all(w, wt) if w is not None else "",
                    enc_all(edges_in, "float64") if edges_in is not None else "", counts.dtype.name, len(counts),
                    enc_all(counts, counts.dtype.name), rname(edges), len(edges), enc_all(edges, rname(edges))))
    return lines


def histogramdd_lines():
    lines = []
    for name in ("float64", "float32", "int16", "uint8"):
        for n, d in ((0, 2), (1, 1), (9, 2), (40, 3), (25, 2)):
            for bins, rng_, density, weighted in (("4", None, 0, 0), ("2,3" if d == 2 else "3", None, 0, 0),
                                                  ("e", None, 0, 0), ("3", (-1.0, 2.5), 0, 1), ("5", None, 1, 0),
                                                  ("e", None, 1, 1)):
                k = kind_of(name)
                if k in "iu":
                    sample = RNG.integers(0, 6, (n, d)).astype(name)
                else:
                    sample = (np.round(RNG.normal(size=(n, d)) * 64) / 32).astype(name)
                if bins == "e":
                    b = [np.array([-2.0, 0.0, 1.5, 4.0])] * d
                elif "," in bins:
                    b = [int(x) for x in bins.split(",")]
                else:
                    b = int(bins)
                w = np.round(RNG.normal(size=n) * 16) / 4 if weighted else None
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    hist, edges = np.histogramdd(sample, bins=b, range=[rng_] * d if rng_ else None,
                                                 density=bool(density), weights=w)
                lines.append("histogramdd %s %d %d %s %s %d %d | %s | %s | %s | %s | %s" % (
                    name, n, d, bins, "none" if rng_ is None else "%r,%r" % rng_, density, weighted,
                    enc_all(sample, name), enc_all(w, "float64") if w is not None else "", shape_text(hist.shape),
                    enc_all(hist, "float64"),
                    " ; ".join("%s %d %s" % (e.dtype.name, len(e), enc_all(e, e.dtype.name)) for e in edges)))
    return lines


METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf", "hazen",
           "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint", "nearest"]


def order_values(name, size, nans):
    """Distinct-ish values (ties too) with NaNs where asked; integers small."""
    k = kind_of(name)
    if k == "b":
        return RNG.integers(0, 2, size).astype(bool)
    if k in "iu":
        return RNG.integers(0, 50, size).astype(name)
    v = np.round(RNG.normal(size=size) * 8) / 4
    if nans:
        v[RNG.random(size) < 0.2] = np.nan
    return v.astype(dt(name))


def order_lines():
    lines = []
    for name in ["float16", "bfloat16", "float32", "float64", "int8", "int32", "uint64", "complex64", "bool"]:
        for shape, axis in (((7,), "none"), ((4, 6), "none"), ((4, 6), "0"), ((4, 6), "-1"), ((2, 3, 5), "0,2"),
                            ((1,), "none"), ((3, 0), "0")):
            size = int(np.prod(shape))
            for nans in (False, True):
                if nans and (kind_of(name) not in "f" or name == "bfloat16"):
                    continue  # (NumPy's sort does not put ml_dtypes' bfloat16 NaNs last: no oracle there)
                a = order_values(name, size, nans).reshape(shape)
                ax = None if axis == "none" else tuple(int(x) for x in axis.split(","))
                funcs = ["median", "nanmedian"] if kind_of(name) in "cb" else ["median", "nanmedian", "quantile",
                                                                           "nanquantile", "percentile", "nanpercentile"]
                for func in funcs:
                    if size == 0 and func not in ("median", "nanmedian"):
                        continue
                    if "percentile" in func and name != "float64":
                        continue
                    if func.startswith("nan") and name == "bfloat16":
                        continue  # NumPy's NaN functions take ml_dtypes' bfloat16 as an opaque kind
                    if func in ("median", "nanmedian"):
                        with warnings.catch_warnings():
                            warnings.simplefilter("ignore")
                            try:
                                r = np.asarray(getattr(np, func)(a, axis=ax, keepdims=False))
                            except TypeError:  # NumPy's NaN functions cannot take ml_dtypes' bfloat16
                                continue
                        lines.append("order %s %s %s %s linear 0 s | %s | | %s %s | %s" % (
                            func, name, shape_text(shape), axis, enc_all(a, name), rname(r), shape_text(r.shape),
                            enc_all(r, rname(r))))
                        continue
                    methods = METHODS if (name in ("float64", "int32") and axis == "none") else ["linear", "midpoint"]
                    for method in methods:
                        for q_kind in ("s", "v"):
                            qs = [0.3] if q_kind == "s" else [0.0, 0.25, 0.5, 0.9, 1.0]
                            scale = 100 if "percentile" in func else 1
                            q = qs[0] * scale if q_kind == "s" else np.array(qs) * scale
                            keep = 1 if (q_kind == "v" and axis == "0") else 0
                            with warnings.catch_warnings():
                                warnings.simplefilter("ignore")
                                try:
                                    r = np.asarray(getattr(np, func)(a, q, axis=ax, method=method,
                                                                     keepdims=bool(keep)))
                                except TypeError:  # as above
                                    continue
                            lines.append("order %s %s %s %s %s %d %s | %s | %s | %s %s | %s" % (
                                func, name, shape_text(shape), axis, method, keep, q_kind, enc_all(a, name),
                                " ".join(float(x).hex() for x in np.atleast_1d(q)), rname(r), shape_text(r.shape),
                                enc_all(r, rname(r))))
    return lines


def rname(r):
    return "bfloat16" if r.dtype == dt("bfloat16") else r.dtype.name


def main():
    with open(os.path.join(HERE, "sorting.txt"), "w") as f:
        f.write("# NumPy %s: sort, argsort (stable), searchsorted, lexsort, unique, argwhere, isin, set operations; "
                "tests/data/generate_sorting.py\n"
                % np.__version__)
        for line in sort_lines() + search_lines() + lexsort_lines() + unique_lines() + nonzero_lines() + set_lines()\
                + order_lines() + bin_lines()\
                + histogram_lines() + histogramdd_lines() + unique_axis_lines():
            f.write(line + "\n")


if __name__ == "__main__":
    main()
