#!/usr/bin/env python3
"""Writes tests/data/sort_keys.txt: NumPy 2's stable ascending order (np.argsort(kind="stable")) of values of
every dtype, specials included (-inf, -0.0 beside 0.0, NaNs of both signs and several payloads, the extremes),
for tests/test_sort_keys.cpp, which checks that sorting by device/sort_keys.hpp's keys gives the same indices.
Run with NumPy 2 and ml_dtypes:

    python3 tests/data/generate_sort_keys.py

Line format: dtype | values | indices. Values are the elements' bits in hex (a complex value: its real and
imaginary parts' bits, joined by a comma), or decimal for bool and the integers; indices are NumPy's.
"""
import os

import ml_dtypes
import numpy as np

from generate_golden import ALL_TYPES, dt, kind_of

HERE = os.path.dirname(os.path.abspath(__file__))
RNG = np.random.default_rng(20261204)
BITS = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def float_values(t):
    """Specials and random values of floating dtype t, NaNs of both signs and two payloads among them."""
    f = dt(t)
    info = ml_dtypes.finfo(f) if t == "bfloat16" else np.finfo(f)
    specials = [-np.inf, -float(info.max), -1.0, -float(info.tiny), -0.0, 0.0, float(info.tiny), 1.0,
                float(info.max), np.inf, 0.5, -0.5, 1.0, -0.0, 0.0]
    vals = np.array(specials + list(RNG.normal(size=12)), dtype=np.float64).astype(f)
    bits = vals.view(BITS[f.itemsize]).copy()
    width = f.itemsize * 8
    sign = 1 << (width - 1)
    quiet = {2: 0x7e00 if t == "float16" else 0x7fc0, 4: 0x7fc00000, 8: 0x7ff8000000000000}[f.itemsize]
    nans = [quiet, quiet | sign, quiet | 1, (quiet | 1) | sign]
    bits = np.concatenate([bits, np.array(nans, dtype=bits.dtype)])
    RNG.shuffle(bits)
    return bits.view(f)


def values_of(t):
    k = kind_of(t)
    if k == "b":
        return RNG.integers(0, 2, size=20).astype(bool)
    if k in "iu":
        info = np.iinfo(dt(t))
        v = np.concatenate([np.array([info.min, info.max, 0, 1, 0, info.min, info.max], dtype=dt(t)),
                            RNG.integers(info.min, info.max, size=20, endpoint=True, dtype=dt(t))])
        RNG.shuffle(v)
        return v
    if k == "f":
        return float_values(t)
    part = "float32" if t == "complex64" else "float64"
    re, im = float_values(part).copy(), float_values(part)
    n = min(len(re), len(im))
    for i in range(0, n - 1, 3):
        re[i] = re[i + 1]  # repeated real parts, so that the imaginary part decides
    return make_complex(re[:n], im[:n], dt(t))


def make_complex(re, im, t):
    """Complex values with exactly these parts' bits (arithmetic would change NaNs)."""
    out = np.empty(len(re), dtype=t)
    out.real = re
    out.imag = im
    return out


def encode_value(x, t):
    k = kind_of(t)
    if k == "b":
        return "1" if x else "0"
    if k in "iu":
        return str(int(x))
    if k == "f":
        return "%x" % int(np.array([x], dtype=dt(t)).view(BITS[dt(t).itemsize])[0])
    part = np.float32 if t == "complex64" else np.float64
    b = BITS[np.dtype(part).itemsize]
    return "%x,%x" % (int(np.array([x.real], dtype=part).view(b)[0]), int(np.array([x.imag], dtype=part).view(b)[0]))


def main():
    path = os.path.join(HERE, "sort_keys.txt")
    with open(path, "w") as f:
        f.write("# NumPy %s, ml_dtypes %s: dtype | values (bits in hex, integers in decimal) | "
                "np.argsort(kind=\"stable\") (generate_sort_keys.py)\n" % (np.__version__, ml_dtypes.__version__))
        for t in ALL_TYPES:
            for _ in range(3):
                v = values_of(t)
                order = np.argsort(v, kind="stable")
                f.write("%s | %s | %s\n" % (t, " ".join(encode_value(x, t) for x in v),
                                            " ".join(str(int(i)) for i in order)))
    print("wrote", path)


if __name__ == "__main__":
    main()
