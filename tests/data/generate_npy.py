#!/usr/bin/env python3
"""Writes the .npy files tests/test_io.cpp loads (tests/data/npy/) and tests/data/npy_cases.txt, what each must
give: NumPy 2's np.save of every numcu dtype (bfloat16 through ml_dtypes, which writes '<V2'), Fortran order,
format versions 2.0 and 3.0, big-endian data, 0-d and empty arrays; and bad files: truncated data, a wrong magic
string, a header that promises more data than the file has, a cut header, strings and an object array.
Run with NumPy 2 and ml_dtypes:

    python3 tests/data/generate_npy.py

Line format of npy_cases.txt (values encoded as in generate_golden.py):
    ok file dtype shape | values          (values in C order)
    bad file | the end of the message     (the message is "<path>: " and this)
"""
import io
import os

import ml_dtypes
import numpy as np

from generate_golden import ALL_TYPES, dt
from generate_joining import enc_all, shape_text
from generate_sorting import values_for

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.join(HERE, "npy")


def write(name, array, version=None):
    path = os.path.join(DIR, name)
    with open(path, "wb") as f:
        if version is None:
            np.save(f, array)
        else:
            np.lib.format.write_array(f, array, version=version)
    return name


def main():
    os.makedirs(DIR, exist_ok=True)
    lines = []

    def ok(name, array, shown=None):
        shown = array if shown is None else shown
        kind = "bfloat16" if shown.dtype == dt("bfloat16") else shown.dtype.newbyteorder("=").name
        lines.append("ok %s %s %s | %s" % (name, kind, shape_text(shown.shape),
                                           enc_all(np.ascontiguousarray(shown).astype(shown.dtype.newbyteorder("=")))))

    for name in ALL_TYPES:
        a = values_for(name, 6).reshape(2, 3)
        ok(write("%s.npy" % name, a), a)
    f = np.asfortranarray(values_for("float64", 12).reshape(3, 4))
    ok(write("fortran.npy", f), f)
    f3 = np.asfortranarray(values_for("int16", 24).reshape(2, 3, 4))
    ok(write("fortran3.npy", f3), f3)
    v2 = values_for("float32", 5)
    ok(write("version2.npy", v2, (2, 0)), v2)
    v3 = values_for("complex64", 4)
    ok(write("version3.npy", v3, (3, 0)), v3)
    big = values_for("int32", 6).reshape(3, 2).astype(">i4")
    ok(write("big_endian.npy", big), big)
    bigc = values_for("complex128", 3).astype(">c16")
    ok(write("big_endian_complex.npy", bigc), bigc)
    zero_d = np.array(2.5)
    ok(write("zero_d.npy", zero_d), zero_d)
    empty = np.zeros((0, 3), dtype=np.uint16)
    ok(write("empty.npy", empty), empty)

    good = io.BytesIO()
    np.save(good, np.arange(12, dtype=np.float64).reshape(3, 4))
    blob = good.getvalue()
    with open(os.path.join(DIR, "truncated.npy"), "wb") as f:
        f.write(blob[:-40])
    lines.append("bad truncated.npy | truncated: the header promises 96 bytes of data, the file has 56")
    with open(os.path.join(DIR, "wrong_magic.npy"), "wb") as f:
        f.write(b"\x93NUMPZ" + blob[6:])
    lines.append("bad wrong_magic.npy | not a .npy file (wrong magic string)")
    with open(os.path.join(DIR, "lying_header.npy"), "wb") as f:
        f.write(blob.replace(b"'shape': (3, 4)", b"'shape': (9, 4)"))
    lines.append("bad lying_header.npy | truncated: the header promises 288 bytes of data, the file has 96")
    with open(os.path.join(DIR, "cut_header.npy"), "wb") as f:
        f.write(blob[:30])
    lines.append("bad cut_header.npy | truncated: the header promises 118 bytes, the file has 20")
    write("strings.npy", np.array(["abc", "de"]))
    lines.append("bad strings.npy | unsupported dtype '<U3'")
    with open(os.path.join(DIR, "objects.npy"), "wb") as f:
        np.save(f, np.array([1, "a"], dtype=object), allow_pickle=True)
    lines.append("bad objects.npy | object arrays are not supported")
    with open(os.path.join(HERE, "npy_cases.txt"), "w") as f:
        f.write("# NumPy %s, ml_dtypes %s: .npy files in tests/data/npy; tests/data/generate_npy.py\n" %
                (np.__version__, ml_dtypes.__version__))
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
