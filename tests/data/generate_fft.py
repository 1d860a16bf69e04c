#!/usr/bin/env python3
"""Writes tests/data/fft.txt: NumPy 2's numpy.fft: fft, ifft, rfft, irfft, hfft, ihfft (n shorter and longer
than the axis, each axis, each norm), fftn, ifftn, rfftn, irfftn, fft2 (s, axes, repeated axes), fftfreq,
rfftfreq, fftshift and ifftshift, over bool, integer, float16, float32, float64, complex64 and complex128
input, lengths with large prime factors among them. Run with NumPy 2:

    python3 tests/data/generate_fft.py

Line format (values encoded as in generate_golden.py: exact decimal or float.hex):
    func args | dtype shape view values | result_dtype result_shape | result values
        (args: "n=5;axis=0;norm=ortho", "s=4,3;axes=0,1" ... or "-"; the operand as in the other golden files;
        fftfreq and rfftfreq: args "n=7;d=0.5" and the operand "-"; "! shape_error" in place of the result where
        NumPy raises its ValueError)
shape is comma-separated ("-" for 0-d).
"""
import os

import numpy as np

from generate_joining import enc_all, name_of, shape_text

HERE = os.path.dirname(os.path.abspath(__file__))
RNG = np.random.default_rng(20261206)
TYPES = ["bool", "int8", "int64", "float16", "float32", "float64", "complex64", "complex128"]


def values(name, shape):
    kind = np.dtype(name).kind
    if kind == "b":
        return RNG.integers(0, 2, shape).astype(bool)
    if kind in "iu":
        return RNG.integers(-5, 6, shape).astype(name)
    v = RNG.standard_normal(shape)
    if kind == "c":
        v = v + 1j * RNG.standard_normal(shape)
    return v.astype(name)


def operand_text(given, view):
    return "%s %s %s %s" % (name_of(given), shape_text(given.shape), view, enc_all(given))


def arg_text(kw):
    if not kw:
        return "-"
    parts = []
    for k, v in kw.items():
        parts.append("%s=%s" % (k, ",".join(str(x) for x in v) if isinstance(v, (list, tuple)) else v))
    return ";".join(parts)


def line(func, kw, given, view, compute):
    """The line of func(given or its transpose, **kw); NumPy's ValueError (a length below 1) as "! shape_error"."""
    try:
        result = np.asarray(compute())
    except ValueError:
        return "%s %s | %s | ! shape_error" % (func, arg_text(kw), operand_text(given, view))
    return "%s %s | %s | %s %s | %s" % (func, arg_text(kw), operand_text(given, view), name_of(result),
                                        shape_text(result.shape), enc_all(result))


def lines():
    out = []
    for name in TYPES:
        for shape, view, kw in [((8,), "c", {}), ((7,), "c", {"n": 5}), ((6,), "c", {"n": 9}),
                                ((3, 5), "c", {"axis": 0}), ((4, 3), "t", {"norm": "ortho"}),
                                ((2, 6), "c", {"norm": "forward"}), ((17,), "c", {}), ((2, 1, 4), "c", {"axis": 1})]:
            given = values(name, shape)
            a = given.T if view == "t" else given
            for func in ("fft", "ifft", "ihfft", "hfft", "irfft", "rfft"):
                if func in ("rfft", "ihfft") and np.dtype(name).kind == "c":
                    continue
                out.append(line(func, kw, given, view, lambda: getattr(np.fft, func)(a, **kw)))
        for shape, view, kw in [((4, 6), "c", {}), ((3, 4, 5), "c", {"axes": (0, 2)}), ((4, 6), "t", {"s": (3, 8), "axes": (0, 1)}),
                                ((2, 3, 4), "c", {"s": (4, 4), "axes": (2, 0)}), ((4, 4), "c", {"axes": (0, 0)}),
                                ((2, 4, 6), "c", {"norm": "ortho"})]:
            given = values(name, shape)
            a = given.T if view == "t" else given
            for func in ("fftn", "ifftn", "rfftn", "irfftn", "fft2"):
                if func in ("rfftn",) and np.dtype(name).kind == "c":
                    continue
                if func == "fft2" and "axes" in kw and len(kw["axes"]) != 2:
                    continue
                if func in ("rfftn", "irfftn") and "axes" in kw and len(set(kw["axes"])) != len(kw["axes"]):
                    continue
                out.append(line(func, kw, given, view, lambda: getattr(np.fft, func)(a, **kw)))
    for n, d in [(1, 1.0), (6, 1.0), (7, 0.5), (10, 0.1)]:
        for func in ("fftfreq", "rfftfreq"):
            r = getattr(np.fft, func)(n, d)
            out.append("%s n=%d;d=%s | - | %s %s | %s" % (func, n, float(d).hex(), name_of(r), shape_text(r.shape),
                                                         enc_all(r)))
    for shape, kw in [((7,), {}), ((4, 5), {}), ((4, 5), {"axes": (1,)}), ((3, 4, 2), {"axes": (0, 2)})]:
        given = values("int64", shape)
        for func in ("fftshift", "ifftshift"):
            out.append(line(func, kw, given, "c", lambda: getattr(np.fft, func)(given, **kw)))
    return out


def main():
    with open(os.path.join(HERE, "fft.txt"), "w") as f:
        f.write("# NumPy %s: numpy.fft; tests/data/generate_fft.py\n" % np.__version__)
        for text in lines():
            f.write(text + "\n")


if __name__ == "__main__":
    main()
