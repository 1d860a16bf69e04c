#!/usr/bin/env python3
"""Writes, from the ufunc table below:
  - src/device/ufunc_loops.inc: for each NumPy ufunc numcu implements, its family and NumPy's own loop list
    (`ufunc.types`), which decides the result dtype exactly as NumPy does. Long double, object and datetime
    loops are dropped; C long/longlong and intp collapse into int64; a bfloat16 loop ('E') is added after each
    float16 loop ('e');
  - include/numcu/generated_ufuncs.hpp and src/api/generated_ufuncs.inc: the public functions of the ufuncs
    that carry a doc in the table.
tests/data/generate_ufunc_golden.py reads the same table for NumPy's golden values.

    python3 tools/generate_ufunc_loops.py     (NumPy 2)
"""
import os

import numpy as np

# The ufunc table: (name, family[, doc]). The family picks the translation unit that instantiates its kernels
# (src/cuda/ufunc_<family>.cu, src/host/ufunc_<family>.cpp). With a doc, the public function
# `ndarray name(x..., out)` is generated too (include/numcu/generated_ufuncs.hpp, src/api/generated_ufuncs.inc);
# without one it is written by hand in include/numcu/elementwise.hpp. Adding a NumPy ufunc: a line here, its
# functor in src/device/ufunc_ops.hpp, its test line in tests/test_elementwise.cpp (docs/architecture.md).
UFUNCS = [
    ("add", "arithmetic"),
    ("subtract", "arithmetic"),
    ("multiply", "arithmetic"),
    ("true_divide", "arithmetic"),
    ("floor_divide", "arithmetic"),
    ("remainder", "arithmetic"),
    ("fmod", "arithmetic"),
    ("power", "arithmetic"),
    ("float_power", "arithmetic"),
    ("negative", "arithmetic"),
    ("positive", "arithmetic"),
    ("absolute", "arithmetic"),
    ("sign", "arithmetic"),
    ("reciprocal", "arithmetic"),
    ("square", "arithmetic"),
    ("sqrt", "exp_log"),
    ("cbrt", "exp_log"),
    ("exp", "exp_log"),
    ("exp2", "exp_log"),
    ("expm1", "exp_log"),
    ("log", "exp_log"),
    ("log2", "exp_log"),
    ("log10", "exp_log"),
    ("log1p", "exp_log"),
    ("sin", "trigonometric"),
    ("cos", "trigonometric"),
    ("tan", "trigonometric"),
    ("arcsin", "trigonometric"),
    ("arccos", "trigonometric"),
    ("arctan", "trigonometric"),
    ("arctan2", "trigonometric"),
    ("hypot", "trigonometric"),
    ("sinh", "trigonometric"),
    ("cosh", "trigonometric"),
    ("tanh", "trigonometric"),
    ("arcsinh", "trigonometric"),
    ("arccosh", "trigonometric"),
    ("arctanh", "trigonometric"),
    ("deg2rad", "trigonometric"),
    ("rad2deg", "trigonometric"),
    ("floor", "rounding"),
    ("ceil", "rounding"),
    ("trunc", "rounding"),
    ("rint", "rounding"),
    ("maximum", "rounding"),
    ("minimum", "rounding"),
    ("fmax", "rounding"),
    ("fmin", "rounding"),
    ("logical_and", "logical"),
    ("logical_or", "logical"),
    ("logical_xor", "logical"),
    ("logical_not", "logical"),
    ("bitwise_and", "logical"),
    ("bitwise_or", "logical"),
    ("bitwise_xor", "logical"),
    ("invert", "logical"),
    ("left_shift", "logical"),
    ("right_shift", "logical"),
    ("isnan", "comparison"),
    ("isinf", "comparison"),
    ("isfinite", "comparison"),
    ("signbit", "comparison"),
    ("copysign", "rounding"),
    ("nextafter", "rounding"),
    ("logaddexp", "exp_log"),
    ("logaddexp2", "exp_log"),
    ("heaviside", "rounding"),
    ("gcd", "logical"),
    ("lcm", "logical"),
    ("equal", "comparison"),
    ("not_equal", "comparison"),
    ("less", "comparison"),
    ("less_equal", "comparison"),
    ("greater", "comparison"),
    ("greater_equal", "comparison"),
    ("conjugate", "arithmetic"),
    ("clip", "rounding"),
    ("fabs", "rounding", "The absolute value of real numbers, elementwise (numpy.fabs); complex input has no loop."),
    ("bitwise_count", "logical",
     "The number of 1-bits in the absolute value of integers, elementwise (numpy.bitwise_count), as uint8."),
    ("ldexp", "rounding", "x1 * 2**x2, elementwise (numpy.ldexp): x1 real, x2 an integer exponent."),
    # two outputs: their loops are in src/device/special_loops.hpp, their public functions written by hand
    ("modf", "two_outputs"),
    ("frexp", "two_outputs"),
]
# NumPy's type characters on LP64 Linux -> numcu's letters (E: bfloat16)
CHARS = {"?": "?", "b": "b", "B": "B", "h": "h", "H": "H", "i": "i", "I": "I", "l": "l", "L": "L", "q": "l",
         "Q": "L", "e": "e", "f": "f", "d": "d", "F": "F", "D": "D"}

HERE = os.path.dirname(os.path.abspath(__file__))


def ufunc(name):
    return np._core.umath.clip if name == "clip" else getattr(np, name)


# ufuncs whose loops take inputs of different dtypes: ldexp's exponent is read as int64 whatever the loop
MIXED_INPUTS = {"ldexp"}


def loops(name):
    out = []
    for t in ufunc(name).types:
        ins, outs = t.split("->")
        if any(c not in CHARS for c in ins + outs):
            continue
        loop = "".join(CHARS[c] for c in ins) + "->" + "".join(CHARS[c] for c in outs)
        if len(set(loop.split("->")[0])) > 1 and name not in MIXED_INPUTS:
            continue  # one input dtype per loop; NumPy's int64/uint64 comparisons: src/core/special_loops.hpp
        if loop not in out:
            out.append(loop)
            if "e" in loop:
                out.append(loop.replace("e", "E"))
    return out


HEADER = """/// @file generated_ufuncs.hpp
/// @brief Elementwise functions generated from the ufunc table (tools/generate_ufunc_loops.py): do not edit.
/// Each broadcasts its inputs, resolves its result dtype as NumPy 2 does, and writes into @p out when given.
#pragma once

#include <optional>

#include "numcu/elementwise.hpp"

namespace numcu {
"""


def main():
    root = os.path.join(HERE, "..")
    with open(os.path.join(root, "src", "device", "ufunc_loops.inc"), "w") as f:
        f.write("// Generated by tools/generate_ufunc_loops.py from NumPy %s: do not edit.\n" % np.__version__)
        f.write("// NUMCU_UFUNC(name, inputs, family, loops): NumPy's loop list; letters as numpy.dtype.char, "
                "E = bfloat16.\n")
        for name, family, *_ in UFUNCS:
            # '?' is escaped so that "??-" cannot be read as a trigraph
            text = ",".join(loops(name)).replace("?", "\\?")
            f.write('NUMCU_UFUNC(%s, %d, %s, "%s")\n' % (name, ufunc(name).nin, family, text))
    public = [(name, ufunc(name).nin, doc[0]) for name, family, *doc in UFUNCS if doc]
    params = {1: ["x"], 2: ["x1", "x2"], 3: ["x1", "x2", "x3"]}
    with open(os.path.join(root, "include", "numcu", "generated_ufuncs.hpp"), "w") as f:
        f.write(HEADER)
        for name, nin, doc in public:
            args = ", ".join("const operand& %s" % p for p in params[nin])
            f.write("\n/// %s\n/// @throws dtype_error for an input dtype without a loop, shape_error, device_error.\n" % doc)
            f.write("ndarray %s(%s, const std::optional<ndarray>& out = std::nullopt);\n" % (name, args))
        f.write("\n}  // namespace numcu\n")
    with open(os.path.join(root, "src", "api", "generated_ufuncs.inc"), "w") as f:
        f.write("// Generated by tools/generate_ufunc_loops.py: do not edit.\n")
        f.write("// NUMCU_GENERATED_UFUNC(name, inputs): the public functions of include/numcu/generated_ufuncs.hpp.\n")
        for name, nin, _ in public:
            f.write("NUMCU_GENERATED_UFUNC(%s, %d)\n" % (name, nin))


if __name__ == "__main__":
    main()
