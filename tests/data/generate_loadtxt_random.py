#!/usr/bin/env python3
"""Writes tests/data/loadtxt_random_cases.txt: random text tables and loadtxt options with what NumPy's np.loadtxt
reads from them (read from a file, as numcu reads one), for tests/test_io.cpp. The tables are rows of fields
drawn from numbers, empty and bad fields, quoted or not, joined by the delimiter or by runs of blanks, with
comments, blank lines, trailing blanks, \\r\\n and \\r line ends and now and then a random character; the options
draw the delimiter, quote character, comments, skiprows, max_rows, usecols, ndmin, unpack and the dtype.
Run with NumPy 2:

    python3 tests/data/generate_loadtxt_random.py [--seed N] [--cases M]

Line format (values encoded as in generate_golden.py):
    hex-of-the-text dtype options | ok shape | values
    hex-of-the-text dtype options | error | NumPy's message (numcu's ends with it)
options: key=value,... or '-' (delimiter comma/semicolon, quotechar dquote/squote, comments hash/none).
"""
import argparse
import os
import tempfile
import warnings

import numpy as np

from generate_joining import enc_all, shape_text

HERE = os.path.dirname(os.path.abspath(__file__))
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


def draw_case(rng):
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=20261205)
    parser.add_argument("--cases", type=int, default=600)
    parser.add_argument("--output", default=os.path.join(HERE, "loadtxt_random_cases.txt"))
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    lines = ["# NumPy %s: tests/data/generate_loadtxt_random.py --seed %d --cases %d" %
             (np.__version__, args.seed, args.cases)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "table.txt")
        for _ in range(args.cases):
            text, dtype, kw = draw_case(rng)
            with open(path, "w", newline="") as f:
                f.write(text)
            head = "%s %s %s" % (text.encode().hex() or "-", dtype, encode_options(kw))
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    a = np.loadtxt(path, dtype=np.dtype(dtype), **kw)
                lines.append("%s | ok %s | %s" % (head, shape_text(a.shape), enc_all(a)))
            except (ValueError, TypeError) as e:
                message = str(e).replace("\n", "\\n")
                lines.append("%s | error | %s" % (head, message))
    with open(args.output, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
