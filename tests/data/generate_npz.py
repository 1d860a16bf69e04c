#!/usr/bin/env python3
"""Writes the .npz archives and text files tests/test_io.cpp reads (tests/data/npz/, tests/data/text/) and
tests/data/npz_cases.txt, what each must give: np.savez and np.savez_compressed of a positional arr_0, a 0-d, an
empty, a bfloat16 (ml_dtypes) and a Fortran-order array; Python's zipfile with ZIP64 records forced; bad
archives (not a ZIP, cut, a bad CRC-32, a wrong local signature, a member past the end, a corrupt deflate
stream, encryption and bzip2 flagged, a member that is not a .npy); what np.savetxt and ndarray.tofile write for
the arrays of test_io.cpp's recipes; and text tables with what np.loadtxt and np.fromfile read from them.
Run with NumPy 2 and ml_dtypes:

    python3 tests/data/generate_npz.py

Line format of npz_cases.txt (values encoded as in generate_golden.py):
    keys file | name name ...                       (the names of the arrays, in order)
    ok file name dtype shape | values               (values in C order)
    bad file name | the end of the message          (name '-': load_npz fails; the message is "<path>: " and this)
    loadtxt file dtype options | shape | values     (options: key=value,... or '-'; delimiter given by name)
    fromfile file dtype sep | shape | values
"""
import io
import os
import struct
import zipfile

import ml_dtypes
import numpy as np

from generate_joining import enc_all, shape_text

HERE = os.path.dirname(os.path.abspath(__file__))
NPZ = os.path.join(HERE, "npz")
TEXT = os.path.join(HERE, "text")


def arrays():
    """The arrays of the golden archives (test_io.cpp knows the names, the values come from here)."""
    return [np.arange(6, dtype=np.int32).reshape(2, 3)], {
        "zero_d": np.array(2.5),
        "empty": np.zeros((0, 3), dtype=np.uint16),
        "bf16": (np.arange(5) * 0.75 - 1).astype(ml_dtypes.bfloat16),
        "fortran": np.asfortranarray(np.arange(12, dtype=np.float64).reshape(3, 4) / 8),
        "c64": (np.arange(3) + 1j * np.arange(3, 0, -1)).astype(np.complex64),
    }


def savetxt_cases():
    """name, array, savetxt keywords: test_io.cpp builds the same arrays and options (see there)."""
    c = np.array([[1 + 2j, -1 - 0.5j], [0, 3j]])
    special = np.array([np.nan, -np.inf, np.inf, -0.0, 1e300, 5e-324])
    return [
        ("float_1d", np.arange(5) * 0.5 - 1, {}),
        ("int_2d", np.arange(6, dtype=np.int32).reshape(2, 3), dict(fmt="%d", delimiter=",")),
        ("complex", c, {}),
        ("complex_fmt", c, dict(fmt="%.3f")),
        ("bool", np.array([True, False, True]), {}),
        ("header", (np.arange(4, dtype=np.float32) / 3).reshape(2, 2),
         dict(fmt="%.4g", header="a b\nsecond", footer="end", comments="// ", newline="\r\n")),
        ("row_fmt", np.array([[1, -2], [300, 4]], dtype=np.int64), dict(fmt="%5d|%-+8.2f")),
        ("special", special, {}),
        ("special_fmt", special, dict(fmt="%+12.3e")),
        ("uint64", np.array([0, 2**64 - 1], dtype=np.uint64), dict(fmt="%d")),
        ("uint64_e", np.array([0, 2**64 - 1], dtype=np.uint64), {}),
        ("str", np.array([0.1, 1e16, 1e-5, 123456.0, -2.0]), dict(fmt="%s")),
        ("hex", np.array([[255, -255]], dtype=np.int16), dict(fmt="%#x %o")),
        ("float_d", np.array([2.7, -2.7, 1e20]), dict(fmt="%d")),
        ("bf16", (np.arange(4) * 0.75 - 1).astype(ml_dtypes.bfloat16), dict(fmt="%.3f")),
        ("empty_rows", np.zeros((2, 0)), {}),
        # %s of NumPy's own scalars: each float's shortest digits and its own switch to exponents
        ("str_float32", np.array([0.1, 1e-5, 1e-4, 123456.0, 1234567.0, 1e7, -0.0, 3.0, np.nan], np.float32),
         dict(fmt="%s")),
        ("str_float16", np.array([0.1, 1e-5, 1e-4, 123.0, 1000.0, 65504.0, -0.0, 3.0], np.float16),
         dict(fmt="%s")),
        ("str_bf16", np.array([0.1, 1e-5, 123.0, 65504.0, 1234567.0, -0.0, 3.0]).astype(ml_dtypes.bfloat16),
         dict(fmt="%s")),
        ("str_complex64", np.array([[0.1 + 1e7j, 0.1j], [1 + 2j, -0.5 + 0j]], np.complex64), dict(fmt="%s")),
    ]


def tofile_cases():
    """name, array, sep, format (test_io.cpp builds the same)."""
    f = np.array([1.5, 0.1, 1e16, 1e-5, 123456.0, np.nan, -np.inf])
    return [
        ("float64", f, ",", "%s"),
        ("float32", f.astype(np.float32), ",", "%s"),
        ("bool", np.array([True, False]), " ", "%s"),
        ("complex", np.array([1 + 2j, -0.5j, 2.5 - 0j]), " ", "%s"),
        ("int8_fmt", np.array([[1, 2], [3, -4]], dtype=np.int8), "\n", "%03d"),
        ("float_fmt", np.array([0.25, -1.0]), " ; ", "%.2e"),
    ]


def write_archive_cases(lines):
    positional, named = arrays()
    every = {**named, "arr_0": positional[0]}  # np.savez puts the keywords first

    def check(name, stored):
        lines.append("keys %s | %s" % (name, " ".join(every)))
        for key, a in every.items():
            kind = "bfloat16" if a.dtype == ml_dtypes.bfloat16 else a.dtype.name
            lines.append("ok %s %s %s %s | %s" % (name, key, kind, shape_text(a.shape), enc_all(np.ascontiguousarray(a))))
        with np.load(os.path.join(NPZ, name)) as f:  # NumPy reads it back
            assert list(f.keys()) == list(every)
            for key, a in every.items():
                assert f[key].tobytes() == a.tobytes() or f[key].dtype.kind == "V"

    np.savez(os.path.join(NPZ, "savez.npz"), *positional, **named)
    check("savez.npz", True)
    np.savez_compressed(os.path.join(NPZ, "compressed.npz"), *positional, **named)
    check("compressed.npz", False)
    # ZIP64 central-directory fields and end records, as Python's zipfile writes them past its limit
    limit = zipfile.ZIP64_LIMIT
    zipfile.ZIP64_LIMIT = 16
    try:
        np.savez(os.path.join(NPZ, "zip64.npz"), *positional, **named)
    finally:
        zipfile.ZIP64_LIMIT = limit
    blob = open(os.path.join(NPZ, "zip64.npz"), "rb").read()
    assert b"PK\x06\x06" in blob and b"PK\x06\x07" in blob
    check("zip64.npz", True)


def write_bad_archives(lines):
    def small(compress=False):
        out = io.BytesIO()
        (np.savez_compressed if compress else np.savez)(out, a=np.arange(4, dtype=np.int16), b=np.ones(3))
        return bytearray(out.getvalue())

    def put(name, data):
        with open(os.path.join(NPZ, name), "wb") as f:
            f.write(bytes(data))

    def central(data, index=0):
        at = -1
        for _ in range(index + 1):
            at = data.find(b"PK\x01\x02", at + 1)
        return at

    put("not_zip.npz", b"hello, this is not an archive at all\n" * 3)
    lines.append("bad not_zip.npz - | not a .npz file (no end of central directory record)")
    put("tiny.npz", b"PK\x05\x06")
    lines.append("bad tiny.npz - | not a .npz file (no end of central directory record)")
    put("cut.npz", small()[:-10])
    lines.append("bad cut.npz - | not a .npz file (no end of central directory record)")
    data = small()
    data[data.find(b"\x93NUMPY") + 128] ^= 0xFF  # a byte of a's data
    put("bad_crc.npz", data)
    lines.append("ok bad_crc.npz b float64 3 | 1 1 1")
    lines.append("bad bad_crc.npz a | bad CRC-32 for member 'a.npy'")
    data = small()
    data[0:4] = b"PK\x00\x00"
    put("local_signature.npz", data)
    lines.append("bad local_signature.npz a | bad local header of member 'a.npy' (wrong signature)")
    data = small()
    entry = central(data)
    data[entry + 20:entry + 28] = struct.pack("<II", 10**9, 10**9)
    put("member_past_end.npz", data)
    start = 30 + len("a.npy") + 20  # the local header, its name and its ZIP64 extra field
    lines.append("bad member_past_end.npz a | truncated: member 'a.npy' needs 1000000000 bytes at offset %d, the file "
                 "has %d" % (start, len(data)))
    data = small()
    cd = central(data)
    count = struct.unpack("<H", data[-12:-10])[0]  # (the end record: ..., entries here, entries, size, offset, comment)
    # a directory that claims more entries than it can hold
    data[-14:-10] = struct.pack("<HH", 5000, 5000)
    put("lying_count.npz", data)
    lines.append("bad lying_count.npz - | bad central directory: it cannot hold 5000 entries")
    assert count == 2 and cd > 0
    data = small(compress=True)
    start = 30 + len("a.npy") + 20
    data[start] = 0x07  # a final block of the reserved type 3
    put("bad_deflate.npz", data)
    lines.append("bad bad_deflate.npz a | member 'a.npy' is corrupt: its compressed data is invalid")
    data = small()
    entry = central(data)
    data[entry + 8] |= 1
    put("encrypted.npz", data)
    lines.append("bad encrypted.npz a | member 'a.npy' is encrypted")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_BZIP2) as z:
        z.writestr("a.npy", b"x" * 10)
    put("bzip2.npz", out.getvalue())
    lines.append("bad bzip2.npz a | member 'a.npy' uses compression method 12 (only stored, 0, and deflated, 8, are "
                 "supported)")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("notes.txt", b"these are notes, not an array\n")
        buf = io.BytesIO()
        np.save(buf, np.array([7, 8], dtype=np.uint8))
        z.writestr("x.npy", buf.getvalue())
    put("mixed.npz", out.getvalue())
    lines.append("keys mixed.npz | notes.txt x")
    lines.append("ok mixed.npz x.npy uint8 2 | 7 8")
    lines.append("bad mixed.npz notes.txt | member 'notes.txt': not a .npy file (wrong magic string)")
    lines.append("bad mixed.npz y | no array named 'y' in the archive")


def write_text_cases(lines):
    for name, a, kw in savetxt_cases():
        np.savetxt(os.path.join(TEXT, "savetxt_%s.txt" % name), a, **kw)
    for name, a, sep, fmt in tofile_cases():
        a.tofile(os.path.join(TEXT, "tofile_%s.txt" % name), sep=sep, format=fmt)

    def table(name, text, dtype="float64", **kw):
        path = os.path.join(TEXT, "loadtxt_%s.txt" % name)
        with open(path, "w", newline="") as f:
            f.write(text)
        a = np.loadtxt(path, dtype=np.dtype(dtype), **kw)
        names = {",": "comma", ";": "semicolon", " ": "space"}
        opts = []
        for k, v in kw.items():
            if k == "delimiter":
                v = names[v]
            elif k == "usecols":
                v = ":".join(str(c) for c in v)
            elif k == "comments":
                v = "none" if v is None else v
            elif k == "quotechar":
                v = {'"': "dquote", "'": "squote"}[v]
            opts.append("%s=%s" % (k, v))
        lines.append("loadtxt loadtxt_%s.txt %s %s | %s | %s" % (name, dtype, ",".join(opts) or "-",
                                                                  shape_text(a.shape), enc_all(a)))

    table("plain", "1 2 3\n4 5 6\n")
    table("comments", "# a comment\n\n1.5 2 # trailing\n  3 -4e2\n")
    table("crlf", "1,2\r\n3,4\r\n", delimiter=",")
    table("one_value", "5\n")
    table("one_column", "1\n2\n")
    table("one_row", "1 2\n")
    table("one_row_ndmin", "1 2\n", ndmin=2)
    table("one_column_ndmin", "1\n2\n", ndmin=2)
    table("empty", "")
    table("empty_ndmin", "# nothing\n", ndmin=2)
    table("usecols", "1 2 3\n4 5 6\n", usecols=[2, 0])
    table("usecols_negative", "1 2 3\n4 5 6\n", usecols=[-1])
    table("skiprows", "x y\n1 2\n3 4\n5 6\n", skiprows=1, max_rows=2)
    table("int32", "1 -2\n3 4\n", dtype="int32")
    table("uint8", "255 0\n", dtype="uint8")
    table("bool", "1 0 2\n", dtype="bool")
    table("complex", "(1+2j) 3\n-2j 1.5-0.5j\n", dtype="complex128")
    table("special", "nan inf -Inf\n")
    table("float32", "0.1 3.4e38\n", dtype="float32")
    table("semicolon", "1;2\n", delimiter=";", comments="%")
    # quoted fields: the quotes dropped, text after the closing quote kept, a line end inside one
    table("quoted", '"1.5",2\n3,"4" # c\n', delimiter=",", quotechar='"')
    table("quoted_blanks", "'1' '2'\n3 '4'\n", quotechar="'")
    table("quoted_newline", '"1\n",2\n"3"0,4\n', delimiter=",", quotechar='"')
    # NumPy's tokenizer drops a field left empty at a row's end where blanks separate the columns, unless the
    # row's first field was quoted; the file separators \x1c to \x1f are blanks (Python's isspace)
    table("quoted_empty_last", '1 ""\n2 \n', quotechar='"')
    table("file_separators", "1\x1f2\n3\x1c4\n")
    table("unpack", "1 2\n3 4\n5 6\n", unpack=True)
    table("unpack_one_row", "1 2 3\n", unpack=True)
    table("unpack_ndmin", '# c\n"1",2\n\n"3",4\n', delimiter=",", quotechar='"', ndmin=2, unpack=True)
    for name, text, dtype in [("bad_value", "1 2 3\n4 x 6\n", "float64"), ("bad_columns", "# c\n\n1 2 3\n4 5\n", "float64"),
                              ("bad_int", "1.5 2\n", "int32"), ("bad_range", "300\n", "int8"),
                              ("bad_empty_field", "1,,3\n", "float64"), ("bad_quoted", '1,2\n"3""4",5\n', "float64"),
                              ("bad_after_quoted_newline", '"1\n",3\n4,"x"\n', "float64"),
                              ("bad_quoted_empty_row", '1,2\n""\n3,4\n', "float64"),
                              ("bad_quoted_first_blank_end", '"1" 2 \n3 4\n', "float64")]:
        with open(os.path.join(TEXT, "loadtxt_%s.txt" % name), "w") as f:
            f.write(text)

    def fromfile(name, text, dtype, sep):
        path = os.path.join(TEXT, "fromfile_%s.txt" % name)
        with open(path, "w") as f:
            f.write(text)
        a = np.fromfile(path, dtype=dtype, sep=sep)
        lines.append("fromfile fromfile_%s.txt %s %s | %s | %s" % (name, dtype, {",": "comma", " ": "space"}[sep],
                                                                    shape_text(a.shape), enc_all(a)))

    fromfile("space", "1 2\n3\t4.5  ", "float64", " ")
    fromfile("comma", "1, 2,3 ,4.5", "float64", ",")
    fromfile("ints", "7,-8, 9\n", "int16", ",")
    with open(os.path.join(TEXT, "fromfile_bad.txt"), "w") as f:
        f.write("1, 2, x, 7")


def main():
    os.makedirs(NPZ, exist_ok=True)
    os.makedirs(TEXT, exist_ok=True)
    lines = []
    write_archive_cases(lines)
    write_bad_archives(lines)
    write_text_cases(lines)
    with open(os.path.join(HERE, "npz_cases.txt"), "w") as f:
        f.write("# NumPy %s, ml_dtypes %s: tests/data/npz and tests/data/text; tests/data/generate_npz.py\n" %
                (np.__version__, ml_dtypes.__version__))
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
