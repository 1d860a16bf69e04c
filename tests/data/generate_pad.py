#!/usr/bin/env python3
"""Writes tests/data/pad.txt: NumPy 2's pad in the modes constant (constant_values per axis), edge, linear_ramp
(end_values), reflect and symmetric (reflect_type even and odd, widths beyond the axis, a singleton axis), wrap
(widths beyond the axis), maximum, minimum, mean and median (stat_length), over every dtype (the statistics of
bfloat16 and its linear_ramp with end_values left out:
ml_dtypes' reductions are not NumPy's), 1-D to 3-D, on C-order and transposed arrays. The sign of a zero that a
maximum, minimum or median picks among equal zeros is NumPy's vector instructions' choice: the test takes zeros
of either sign there. Run with NumPy 2 and ml_dtypes:

    python3 tests/data/generate_pad.py

Line format (values encoded as in generate_golden.py: exact decimal or float.hex; shapes comma-separated):
    pad dtype shape view | widths | mode odd | options | values | result_shape | result values
        (view c: the array as given, t: the transpose of the array given; widths "b,a;b,a;..." one pair per
        axis or one for all; odd 0 or 1; options "-" or "constant=v,v;v,v" (integers, or floats for the
        floating and complex dtypes), "end=v,v;..." (the same) or "stat=b,a;...")
"""
import os

import numpy as np

from generate_golden import ALL_TYPES, kind_of
from generate_joining import enc_all, shape_text
from generate_sorting import values_for  # ties, -0.0 beside 0.0, NaN, inf

HERE = os.path.dirname(os.path.abspath(__file__))

SHAPES = [(5,), (3, 4), (1, 3), (2, 3, 2)]
# (widths for a 1-D, 2-D and 3-D array) in pairs
WIDTHS = {
    1: [[(2, 3)], [(7, 1)], [(0, 0)]],
    2: [[(1, 2), (3, 0)], [(6, 5)], [(0, 2), (9, 1)]],
    3: [[(1, 1)], [(2, 0), (0, 3), (4, 1)]],
}


def pairs_text(pairs):
    return ";".join("%s,%s" % p for p in pairs)


def lines_for(name):
    out = []
    floating = kind_of(name) in "fc"
    for shape in SHAPES:
        nd = len(shape)
        for view in ("c", "t") if nd > 1 else ("c",):
            given_shape = shape[::-1] if view == "t" else shape
            size = int(np.prod(shape))
            given = values_for(name, size).reshape(given_shape)
            if kind_of(name) in "iu" or name == "bool":
                # stat modes of integers round means; keep the values moderate so float64 sums stay exact
                given = (np.arange(size) * 7 % 11).astype(given.dtype).reshape(given_shape)
            arr = given.T if view == "t" else given
            for widths in WIDTHS[nd]:
                np_widths = widths if len(widths) > 1 else widths[0]
                cases = [("constant", False, "-", {}),
                         ("edge", False, "-", {}),
                         ("reflect", False, "-", {}),
                         ("symmetric", False, "-", {}),
                         ("reflect", True, "-", {"reflect_type": "odd"}),
                         ("symmetric", True, "-", {"reflect_type": "odd"}),
                         ("wrap", False, "-", {}),
                         ("maximum", False, "-", {}),
                         ("minimum", False, "-", {}),
                         ("mean", False, "-", {}),
                         ("median", False, "-", {})]
                consts = [(1.5, -2.25)] if floating else [(1, 0)] if name == "bool" else [(3, 7)]
                cases.append(("constant", False, "constant=" + pairs_text(consts), {"constant_values": consts}))
                cases.append(("linear_ramp", False, "-", {}))
                ends = [(1.5, -2.25)] if floating else [(1, 0)] if name == "bool" else [(3, 7)]
                if name != "bfloat16":  # (NumPy's linspace takes ml_dtypes' bfloat16 as no inexact dtype)
                    cases.append(("linear_ramp", False, "end=" + pairs_text(ends), {"end_values": ends}))
                stat = [(2, 1)]
                cases.append(("mean", False, "stat=" + pairs_text(stat), {"stat_length": stat}))
                cases.append(("maximum", False, "stat=" + pairs_text(stat), {"stat_length": stat}))
                for mode, odd, text, kwargs in cases:
                    if odd and name == "bool":
                        continue  # 2 * edge - chunk of bools is NumPy's TypeError (subtract)
                    if mode in ("mean", "median") and (name == "bool" or kind_of(name) == "c"):
                        continue  # NumPy's mean of bools is float64, its median of complex values sorts them
                    if mode in ("maximum", "minimum", "mean", "median") and name == "bfloat16":
                        continue  # ml_dtypes' reductions are not NumPy's (median ignores NaN, mean's sums)
                    try:
                        with np.errstate(all="ignore"):
                            r = np.pad(arr, np_widths, mode=mode, **kwargs)
                    except Exception:  # noqa: BLE001 (no answer to compare: left out)
                        continue
                    out.append("pad %s %s %s | %s | %s %d | %s | %s | %s | %s" % (
                        name, shape_text(given_shape), view, pairs_text(widths), mode, int(odd), text,
                        enc_all(given), shape_text(r.shape), enc_all(r)))
    return out


def main():
    lines = []
    for name in ALL_TYPES:
        lines += lines_for(name)
    with open(os.path.join(HERE, "pad.txt"), "w") as f:
        f.write("# NumPy %s: pad; tests/data/generate_pad.py\n" % np.__version__)
        f.write("\n".join(lines) + "\n")
    print("wrote %d lines" % len(lines))


if __name__ == "__main__":
    main()
