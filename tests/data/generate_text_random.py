#!/usr/bin/env python3
"""Writes the random text cases of tests/test_io.cpp, with what NumPy makes of them (read and written through
files, as numcu reads and writes them). Run with NumPy 2 and ml_dtypes:

    python3 tests/data/generate_text_random.py [--seed N] [--loadtxt-cases M] [--savetxt-cases K]

tests/data/loadtxt_random_cases.txt: text tables and np.loadtxt options. The tables are rows of fields drawn
from numbers, empty and bad fields, quoted or not, joined by the delimiter or by runs of blanks, with comments,
blank lines, trailing blanks, \\r\\n and \\r line ends and now and then a random character; the options draw the
delimiter, quote character, comments, skiprows, max_rows, usecols, ndmin, unpack and the dtype.
    hex-of-the-text dtype options | ok shape | values
    hex-of-the-text dtype options | error | NumPy's message (numcu's ends with it)
options: key=value,... or '-' (delimiter comma/semicolon, quotechar dquote/squote, comments none).

tests/data/savetxt_random_cases.txt: arrays and np.savetxt options. Arrays are 1-D or 2-D of every dtype savetxt
takes, with special values (NaN, infinities, -0.0, extremes); formats are one conversion or one per column,
drawn from Python's d i u o x X e E f F g G s with flags, widths and precisions; the delimiter, newline, header,
footer and comments are drawn too.
    dtype shape | values | fmt delimiter newline header footer comments | ok hex-of-the-file
    dtype shape | values | fmt delimiter newline header footer comments | error NumPy's message
(values encoded as in generate_golden.py; text as hex, '-' for empty)
"""
import argparse
import os
import tempfile
import warnings

import ml_dtypes
import numpy as np

from generate_joining import enc_all, shape_text

HERE = os.path.dirname(os.path.abspath(__file__))


def hexed(s):
    """The UTF-8 bytes of s as hex digits, '-' for none."""
    return s.encode().hex() or "-"


FIELDS = ["1", "-2", "3.5", "1e3", "", "x", "nan", "-inf", " 4", "+5", "007", "2.", ".5", "1_0", "0x10",
          "9223372036854775807", "1e400", "12 ", "(1+2j)"]
JUNK = [" ", "\t", ",", ";", '"', "'", "#", "\n", "\r", "\x1f", "x", "1"]


def draw_text(rng, delimiter, quote, comment):
    rows = []
    columns = int(rng.integers(1, 4))
    for _ in range(int(rng.integers(0, 5))):
        kind = rng.random()
        if kind < 0.1:
            rows.append("")
            continue
        if kind < 0.15 and comment:
            rows.append(" " * int(rng.integers(0, 2)) + comment + " a comment")
            continue
        n = columns if rng.random() < 0.85 else int(rng.integers(1, 5))
        fields = []
        for _ in range(n):
            f = FIELDS[int(rng.integers(0, 6))] if rng.random() < 0.8 else FIELDS[int(rng.integers(0, len(FIELDS)))]
            if quote and rng.random() < 0.3:
                inner = f.replace(quote, quote * 2)
                if rng.random() < 0.1:
                    inner += (delimiter or " ")
                f = quote + inner + quote
            fields.append(f)
        joiner = (lambda: delimiter) if delimiter else (lambda: " " * int(rng.integers(1, 3)) if rng.random() < 0.9
                                                        else "\t")
        row = fields[0]
        for f in fields[1:]:
            row += joiner() + f
        if rng.random() < 0.2:
            row = " " + row
        if rng.random() < 0.2:
            row += " "
        if comment and rng.random() < 0.15:
            row += comment + " c"
        rows.append(row)
    ends = ["\n"] * 8 + ["\r\n", "\r"]
    text = "".join(r + ends[int(rng.integers(0, len(ends)))] for r in rows)
    if rng.random() < 0.15 and rows:
        text = text[:-1]  # no line end at the end
    if rng.random() < 0.2 and text:
        at = int(rng.integers(0, len(text) + 1))
        text = text[:at] + JUNK[int(rng.integers(0, len(JUNK)))] + text[at:]
    return text


def draw_table_case(rng):
    delimiter = [None, ",", ";"][int(rng.integers(0, 3))]
    quote = [None, '"', "'"][int(rng.integers(0, 3))]
    comment = ["#", "#", None][int(rng.integers(0, 3))]
    text = draw_text(rng, delimiter, quote, comment)
    kw = {}
    if delimiter:
        kw["delimiter"] = delimiter
    if quote:
        kw["quotechar"] = quote
    if comment is None:
        kw["comments"] = None
    if rng.random() < 0.2:
        kw["skiprows"] = int(rng.integers(0, 3))
    if rng.random() < 0.15:
        kw["max_rows"] = int(rng.integers(0, 3))
    if rng.random() < 0.15:
        kw["usecols"] = [int(c) for c in rng.integers(-3, 3, int(rng.integers(1, 3)))]
    if rng.random() < 0.3:
        kw["ndmin"] = int(rng.integers(0, 3))
    if rng.random() < 0.2:
        kw["unpack"] = True
    dtype = ["float64", "float64", "int64", "complex128"][int(rng.integers(0, 4))]
    return text, dtype, kw


def encode_options(kw):
    names = {",": "comma", ";": "semicolon", '"': "dquote", "'": "squote"}
    opts = []
    for k, v in kw.items():
        if k in ("delimiter", "quotechar"):
            v = names[v]
        elif k == "comments":
            v = "none"
        elif k == "usecols":
            v = ":".join(str(c) for c in v)
        opts.append("%s=%s" % (k, v))
    return ",".join(opts) or "-"


DTYPES = ["float64", "float32", "float16", "bfloat16", "int64", "int32", "int8", "uint8", "uint64", "bool",
          "complex128", "complex64"]
CONVERSIONS = ["%.18e", "%d", "%i", "%u", "%.3f", "%10.4e", "%g", "%-8.2f", "%+.2e", "%s", "%x", "%#o", "%5d",
               "%.0f", "%G", "%E", "%05.1f", "% d", "%.10g", "%#x", "%X", "%e", "%F", "%.2f%%", "%-6s", "%+d",
               "%#.3g", "%.1e"]


def draw_values(rng, dtype, n):
    t = np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)
    if t.kind == "b":
        return rng.random(n) < 0.5
    if t.kind in "iu":
        info = np.iinfo(t)
        pool = [0, 1, -1, 7, 255, info.min, info.max, 12345]
        v = [pool[int(rng.integers(0, len(pool)))] if rng.random() < 0.4 else
             int(rng.integers(max(info.min, -1000), min(info.max, 1000) + 1)) for _ in range(n)]
        return np.array([min(max(x, info.min), info.max) for x in v], dtype=t)
    special = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1e300, 5e-324, 0.1, 1e16, 1e-5, 123456.0, 2.5, -2.5, 65504.0]

    def one():
        if rng.random() < 0.4:
            return special[int(rng.integers(0, len(special)))]
        return float(rng.standard_normal() * 10.0 ** int(rng.integers(-6, 8)))
    if t.kind == "c":
        return np.array([complex(one(), one()) for _ in range(n)]).astype(t)
    with np.errstate(over="ignore"):
        return np.array([one() for _ in range(n)]).astype(t)


def draw_array_case(rng):
    dtype = DTYPES[int(rng.integers(0, len(DTYPES)))]
    shape = (int(rng.integers(0, 5)),) if rng.random() < 0.4 else (int(rng.integers(1, 4)), int(rng.integers(1, 4)))
    a = draw_values(rng, dtype, int(np.prod(shape))).reshape(shape)
    columns = 1 if a.ndim == 1 else shape[1]
    if rng.random() < 0.7:
        fmt = CONVERSIONS[int(rng.integers(0, len(CONVERSIONS)))]
    else:
        per = 2 if dtype.startswith("complex") else 1
        sep = [" ", ",", "|", ""][int(rng.integers(0, 4))]
        fmt = sep.join(CONVERSIONS[int(rng.integers(0, len(CONVERSIONS)))] for _ in range(columns * per))
    delimiter = [" ", ",", "\t", ";", ", "][int(rng.integers(0, 5))]
    newline = ["\n", "\n", "\r\n", ";\n"][int(rng.integers(0, 4))]
    header = ["", "", "a b", "x\ny"][int(rng.integers(0, 4))]
    footer = ["", "", "end", "1\n2"][int(rng.integers(0, 4))]
    comments = ["# ", "# ", "//", ""][int(rng.integers(0, 4))]
    return dtype, a, fmt, delimiter, newline, header, footer, comments


def loadtxt_lines(rng, cases):
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "table.txt")
        for _ in range(cases):
            text, dtype, kw = draw_table_case(rng)
            with open(path, "w", newline="") as f:
                f.write(text)
            head = "%s %s %s" % (hexed(text), dtype, encode_options(kw))
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    a = np.loadtxt(path, dtype=np.dtype(dtype), **kw)
                lines.append("%s | ok %s | %s" % (head, shape_text(a.shape), enc_all(a)))
            except (ValueError, TypeError) as e:
                message = str(e).replace("\n", "\\n")
                lines.append("%s | error | %s" % (head, message))
    return lines


def savetxt_lines(rng, cases):
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "table.txt")
        for _ in range(cases):
            dtype, a, fmt, delimiter, newline, header, footer, comments = draw_array_case(rng)
            head = "%s %s | %s | %s" % (dtype, shape_text(a.shape), enc_all(a) or "-",
                                        " ".join(hexed(x) for x in (fmt, delimiter, newline, header, footer,
                                                                    comments)))
            try:
                np.savetxt(path, a, fmt=fmt, delimiter=delimiter, newline=newline, header=header, footer=footer,
                           comments=comments)
                with open(path, "rb") as f:
                    lines.append("%s | ok %s" % (head, f.read().hex() or "-"))
            except (ValueError, TypeError, OverflowError) as e:
                lines.append("%s | error %s" % (head, str(e).replace("\n", "\\n")))
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=20261205)
    parser.add_argument("--loadtxt-cases", type=int, default=600)
    parser.add_argument("--savetxt-cases", type=int, default=400)
    parser.add_argument("--output-dir", default=HERE)
    args = parser.parse_args()
    head = ("# NumPy %s, ml_dtypes %s: tests/data/generate_text_random.py --seed %d --loadtxt-cases %d "
            "--savetxt-cases %d" % (np.__version__, ml_dtypes.__version__, args.seed, args.loadtxt_cases,
                                    args.savetxt_cases))
    rng = np.random.default_rng(args.seed)
    for name, lines in (("loadtxt_random_cases.txt", loadtxt_lines(rng, args.loadtxt_cases)),
                        ("savetxt_random_cases.txt", savetxt_lines(rng, args.savetxt_cases))):
        with open(os.path.join(args.output_dir, name), "w") as f:
            f.write("\n".join([head] + lines) + "\n")


if __name__ == "__main__":
    main()
