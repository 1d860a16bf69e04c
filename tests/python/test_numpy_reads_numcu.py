#!/usr/bin/env python3
"""NumPy reads what numcu writes: runs <build>/tests/numcu_write_files into a temporary directory, loads each file
with NumPy (np.load, np.loadtxt, np.fromfile), recomputes the values from the same recipes with NumPy
(tests/write_files_for_numpy.cpp names them), and checks values, dtype, shape and the Fortran flag.

    python3 tests/python/test_numpy_reads_numcu.py BUILD_DIR      (exit 0: every file agrees)
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "bfloat16",
          "float32", "float64", "complex64", "complex128"]


def bfloat16_bits(values):
    """The bfloat16 bit patterns of small integers (exact in bfloat16: the top half of their float32 bits)."""
    return (np.asarray(values, dtype=np.float32).view(np.uint32) >> 16).astype(np.uint16)


def same(got, want, fortran=None):
    """Equal dtype, shape, bytes and (where given) Fortran flag; a bfloat16 as its bit patterns."""
    if want.dtype == np.uint16 and got.dtype.kind == "V" or str(got.dtype) == "bfloat16":
        if got.dtype.itemsize != 2:
            return "dtype %s is not a 2-byte bfloat16" % got.dtype
        got = got.view(np.uint16)
    if got.dtype != want.dtype:
        return "dtype %s, expected %s" % (got.dtype, want.dtype)
    if got.shape != want.shape:
        return "shape %s, expected %s" % (got.shape, want.shape)
    if fortran is not None and (got.flags.f_contiguous and not got.flags.c_contiguous) != fortran:
        return "Fortran flag %s, expected %s" % (not fortran, fortran)
    if not np.array_equal(got, want):
        return "values %r, expected %r" % (got, want)
    return None


def main():
    if len(sys.argv) != 2:
        print("usage: test_numpy_reads_numcu.py BUILD_DIR")
        return 2
    writer = os.path.join(sys.argv[1], "tests", "numcu_write_files")
    checks = []
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([writer, tmp], check=True)
        base = np.arange(12) - 5
        for name in DTYPES:
            path = os.path.join(tmp, "npy_%s.npy" % name)
            if name == "bfloat16":
                want = bfloat16_bits(base).reshape(3, 4)
            else:
                with np.errstate(all="ignore"):
                    want = base.astype(name).reshape(3, 4)
            checks.append((path, lambda p=path, w=want: same(np.load(p), w, False)))
        checks.append(("fortran.npy", lambda: same(np.load(os.path.join(tmp, "fortran.npy")),
                                                   np.arange(12.0).reshape(3, 4).T, True)))
        checks.append(("zero_d.npy", lambda: same(np.load(os.path.join(tmp, "zero_d.npy")), np.array(2.5))))
        members = {"x": np.arange(5, dtype=np.float32) / np.float32(4), "bf": bfloat16_bits(np.arange(4) - 1),
                   "arr_0": np.arange(6, dtype=np.int32).reshape(2, 3)}

        def archive(name):
            with np.load(os.path.join(tmp, name)) as f:
                if list(f.keys()) != list(members):
                    return "keys %s, expected %s" % (list(f.keys()), list(members))
                for key, want in members.items():
                    fault = same(f[key], want)
                    if fault:
                        return "%s: %s" % (key, fault)
            return None

        checks.append(("arrays.npz", lambda: archive("arrays.npz")))
        checks.append(("compressed.npz", lambda: archive("compressed.npz")))
        checks.append(("table.txt", lambda: same(np.loadtxt(os.path.join(tmp, "table.txt")),
                                                 np.arange(6.0).reshape(2, 3) / 8)))
        checks.append(("table_int.txt", lambda: same(
            np.loadtxt(os.path.join(tmp, "table_int.txt"), delimiter=",", dtype=np.int32),
            base.astype(np.int32).reshape(3, 4))))
        checks.append(("raw_int16.bin", lambda: same(np.fromfile(os.path.join(tmp, "raw_int16.bin"), dtype=np.int16),
                                                     base.astype(np.int16))))
        checks.append(("text_float64.txt", lambda: same(
            np.fromfile(os.path.join(tmp, "text_float64.txt"), sep=","), np.arange(5) / 3)))
        agree = 0
        for name, check in checks:
            try:
                fault = check()
            except Exception as e:  # a file NumPy cannot read is a disagreement
                fault = "%s: %s" % (type(e).__name__, e)
            if fault:
                print("%s: %s" % (os.path.basename(name), fault))
            else:
                agree += 1
    print("numpy reads numcu: %d files, %d agree" % (len(checks), agree))
    return 0 if agree == len(checks) else 1


if __name__ == "__main__":
    sys.exit(main())
