#!/usr/bin/env python3
"""Writes random differential cases: calls of numcu's public functions with NumPy 2's answer for each.

    python3 tests/data/generate_differential.py [--seed N] [--cases M] [--output PATH]

The committed tests/data/differential_cases.txt is this script's output with the default seed and count;
tests/test_differential.cpp replays it on every device, and scripts/differential.sh replays a fresh draw.

File format: '#' lines are comments; every other line is one case, segments separated by ' | ':

    <id> <function> | <argument> | <argument> ... | <outcome> [| <outcome> ...]

An argument is one of (words separated by single spaces):

    a <dtype> <shape> <view> <v> ...   an array: the base array's values in C order, then a view of it
    o <dtype> <shape> <view> <v> ...   the same, passed as the `out` argument
    s <kind> <v>                        a weak scalar: kind b (C++ bool), i (integer, int64, or uint64 above
                                        INT64_MAX), f (double), c (std::complex<double>)
    d <dtype>                           a dtype           k <rule>   a casting rule (no ... unsafe)
    i <n>                               an integer        r <v>      a double
    l <n>,<n>,...                       a list of integers (a shape, axes); `l` alone is the empty list
    x <entry> ...                       a basic index: <n>, start:stop:step (empty bounds omitted), `:`,
                                        `...`, `None`

An argument may be given by keyword, as in NumPy: `<name>= <argument>` (`axis= l 0,-1`, `keepdims= i 1`,
`initial= s f 0x1p+0`, `where= a bool (3,) c 1 0 1`); the reduction kind (case_reduction) passes everything
after the array this way, and an argument left out takes the function's default in NumPy and numcu alike. A
name given more than once (gradient's `spacing=`) is one positional value each, in order.

<shape> is a tuple without spaces: `(2,3)`, `(5,)`, `()`. <view> says how the argument is made from the base
array of <shape> whose values follow: `c` the base itself, `t` its transpose, `r` base[::-1], `s` base[::2]
(the base is stored, so its first axis is twice as long), `b(<shape>)` broadcast_to(base, shape).

Values are written by generate_golden.encode: integers in decimal, bool 0/1, floats as float.hex() of the
value widened to double (bfloat16 too), complex as `re,im`.

An outcome is `= a <dtype> <shape> <v> ...` (an array result; `= v ...` when it must share memory with the
first array argument, `= n ...` when it must not), `= b <0|1>` (a bool result), or `! <class>`: NumPy raised,
and numcu must throw that class of numcu/error.hpp. For functions that write into an argument (fill, index
assignment, copyto, the compound operators, `out`), the outcome is that argument afterwards.

NumPy's exceptions map to numcu's classes as numcu/error.hpp documents: AxisError and IndexError are
index_error; TypeError (UFuncTypeError, casting) is dtype_error; OverflowError (a Python integer or float that
does not fit) is dtype_error, as docs/numpy_differences.md records; ValueError is shape_error, except "cannot
convert float NaN to integer" (a value that does not fit, like OverflowError: dtype_error); ZeroDivisionError
(arange with step 0, average's weights summing to zero) and nanargmax's "All-NaN slice encountered" are
numcu's base class `error`. Warnings are not errors.

Adding a function family: write a drawing function `case_<family>(rng)` that returns a Case (the numcu name,
its arguments, and a function computing NumPy's answer from the arguments' NumPy values), add it with a
weight to FAMILIES, and add the name to the call table of tests/test_differential.cpp.
"""
import argparse
import math
import os
import sys
import warnings

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate_golden import ALL_TYPES, dt, encode, int_target_ok, kind_of  # noqa: E402  (one encoding)
from generate_ufunc_golden import FUNCS  # noqa: E402  (every function of the ufunc table, numcu names)

BF16 = np.dtype(ml_dtypes.bfloat16)
CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]
SHAPES = [(), (0,), (1,), (3,), (4,), (2, 3), (3, 1), (1, 4), (2, 0), (0, 0), (2, 1, 3), (3, 2, 2), (0, 2, 0)]

# Functions whose results are transcendental: their inputs stay in a moderate range most of the time.
TRANSCENDENTAL = {"sqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan",
                  "arcsin", "arccos", "arctan", "arctan2", "hypot", "sinh", "cosh", "tanh", "arcsinh", "arccosh",
                  "arctanh", "logaddexp", "logaddexp2", "power", "float_power", "deg2rad", "rad2deg", "angle"}
# Complex arithmetic and functions whose results for infinite or NaN components may differ from NumPy's C99
# Annex G special cases (docs/numpy_differences.md): complex inputs to these are drawn finite.
COMPLEX_FINITE_ONLY = TRANSCENDENTAL | {"multiply", "divide", "true_divide", "reciprocal", "square", "sign",
                                        "absolute", "abs", "floor_divide", "remainder", "divmod"}
COMPARISONS = {"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"}
# numcu operators, by the ufunc each stands for
BINARY_OPERATORS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "%": "remainder",
                    "&": "bitwise_and", "|": "bitwise_or", "^": "bitwise_xor", "<<": "left_shift",
                    ">>": "right_shift", "==": "equal", "!=": "not_equal", "<": "less", "<=": "less_equal",
                    ">": "greater", ">=": "greater_equal"}
UNARY_OPERATORS = {"-": "negative", "+": "positive", "~": "invert", "!": "logical_not"}
COMPOUND = {"+=": "add", "-=": "subtract", "*=": "multiply", "/=": "divide", "%=": "remainder",
            "&=": "bitwise_and", "|=": "bitwise_or", "^=": "bitwise_xor", "<<=": "left_shift",
            ">>=": "right_shift"}
# numcu's aliases, by the ufunc they call
ALIASES = {"true_divide": "divide", "mod": "remainder", "abs": "absolute", "conj": "conjugate",
           "bitwise_invert": "invert"}


def np_dtype(name):
    return dt(name)


def name_of(dtype):
    return "bfloat16" if dtype == BF16 else dtype.name


def fmt_shape(shape):
    return "(" + ",".join(str(n) for n in shape) + ("," if len(shape) == 1 else "") + ")"


def encode_values(a):
    k = kind_of(name_of(a.dtype))
    return " ".join(encode(x, k) for x in np.asarray(a).ravel())


def error_class(e):
    """numcu's exception class for a NumPy exception (the mapping of the module docstring)."""
    if isinstance(e, (np.exceptions.AxisError, IndexError)):
        return "index_error"
    if isinstance(e, (TypeError, OverflowError)):
        return "dtype_error"
    if isinstance(e, ZeroDivisionError):
        return "error"
    if isinstance(e, np.linalg.LinAlgError):
        return "linalg_error"
    if isinstance(e, ValueError):
        if "All-NaN slice encountered" in str(e):
            return "error"  # nanargmax / nanargmin: numcu's base class, as numcu/reduction.hpp documents
        return "dtype_error" if "cannot convert float NaN to integer" in str(e) else "shape_error"
    raise e


# ---------------------------------------------------------------------------------------------------------
# Arguments


class Array:
    """An array argument: a base array and the view of it the function receives."""

    def __init__(self, dtype, base, view, tag="a"):
        self.dtype, self.base, self.view, self.tag = dtype, base, view, tag

    def value(self):
        """A fresh NumPy array (view of a fresh copy of the base), so a call cannot change the case."""
        b = self.base.copy()
        if self.view == "c":
            return b
        if self.view == "t":
            return b.T
        if self.view == "r":
            return b[::-1]
        if self.view == "s":
            return b[::2]
        return np.broadcast_to(b, self.view)

    def encode(self):
        view = self.view if isinstance(self.view, str) else "b" + fmt_shape(self.view)
        vals = encode_values(self.base)
        return "%s %s %s %s%s" % (self.tag, self.dtype, fmt_shape(self.base.shape), view, " " + vals if vals else "")


class Scalar:
    """A weak scalar: the C++ number a numcu call receives, the Python number NumPy receives."""

    def __init__(self, kind, v):
        self.kind, self.v = kind, v

    def value(self):
        return self.v

    def encode(self):
        if self.kind == "b":
            return "s b %d" % int(self.v)
        if self.kind == "i":
            return "s i %d" % self.v
        if self.kind == "f":
            return "s f " + float(self.v).hex()
        return "s c %s,%s" % (float(self.v.real).hex(), float(self.v.imag).hex())


class Plain:
    """A dtype, integer, list, index, double or casting argument."""

    def __init__(self, tag, v):
        self.tag, self.v = tag, v

    def value(self):
        if self.tag == "d":
            return np_dtype(self.v)
        if self.tag == "x":
            return tuple(self.v)
        return self.v

    def encode(self):
        if self.tag == "l":
            return "l " + ",".join(str(n) for n in self.v) if self.v else "l"
        if self.tag == "r":
            return "r " + float(self.v).hex()
        if self.tag == "x":
            return "x " + " ".join(index_word(e) for e in self.v)
        return "%s %s" % (self.tag, self.v)


def index_word(e):
    if e is None:
        return "None"
    if e is Ellipsis:
        return "..."
    if isinstance(e, slice):
        if e == slice(None):
            return ":"
        return "%s:%s:%s" % tuple("" if v is None else str(v) for v in (e.start, e.stop, e.step))
    return str(e)


class Case:
    """One call: the numcu function name, its arguments, and NumPy's computation from their values.

    compute(*values) returns an array, a tuple of arrays, a bool, or raises; `writes` names the argument the
    function writes into (its state afterwards is the outcome); `view` is 'v'/'n' when the result must / must
    not share memory with the first array argument."""

    def __init__(self, fn, args, compute, writes=None, view="a", shadowed=False):
        self.fn, self.args, self.compute, self.writes, self.view = fn, args, compute, writes, view
        self.shadowed = shadowed  # bfloat16 answered by shadow_answer (reductions)


class Keyword:
    """An argument passed by keyword: `<name>= <argument>` in the case file."""

    def __init__(self, name, arg):
        self.name, self.arg = name, arg
        self.tag = getattr(arg, "tag", None)

    def value(self):
        return self.arg.value()

    def encode(self):
        return self.name + "= " + self.arg.encode()


# ---------------------------------------------------------------------------------------------------------
# Values


def special_values(t):
    """Values every dtype must handle: extremes, signed zeros, subnormals, infinities, NaN."""
    k = kind_of(t)
    if k == "b":
        return [False, True]
    if k in "iu":
        info = np.iinfo(t)
        vals = [0, 1, 2, 3, 7, 100, info.max, info.max - 1, info.min, info.min + 1]
        if k == "i":
            vals += [-1, -2, -7, -100]
        return [v for v in vals if info.min <= v <= info.max]
    fi = ml_dtypes.finfo(BF16) if t == "bfloat16" else np.finfo(np_dtype(t if k == "f" else
                                                                            {"complex64": "float32",
                                                                             "complex128": "float64"}[t]))
    reals = [0.0, -0.0, 1.0, -1.0, 0.5, -1.5, 2.5, 3.0, 1e-3, 100.0, float(fi.max), -float(fi.max),
             float(fi.smallest_subnormal), -float(fi.smallest_normal), float("nan"), float("inf"), float("-inf")]
    if k == "c":
        return [complex(a, b) for a in reals for b in (0.0, -0.0, 1.0, -2.5, float("nan"), float("inf"))]
    return reals


def random_value(rng, t, moderate):
    k = kind_of(t)
    if k == "b":
        return bool(rng.integers(2))
    if k in "iu":
        info = np.iinfo(t)
        if rng.random() < 0.7:
            lo, hi = max(info.min, -20), min(info.max, 20)
        else:
            lo, hi = int(info.min), int(info.max)
        return int(rng.integers(lo, hi, endpoint=True, dtype=np_dtype(t)))
    scale = 3.0 if moderate else 10.0 ** rng.integers(-3, 4)
    x = float(rng.standard_normal() * scale)
    if rng.random() < 0.2:
        x = float(round(x))
    if k == "c":
        return complex(x, float(rng.standard_normal() * scale))
    return x


def draw_values(rng, t, n, moderate=False, finite=False):
    specials = special_values(t)
    out = []
    for _ in range(n):
        if rng.random() < (0.15 if moderate else 0.35):
            out.append(specials[rng.integers(len(specials))])
        else:
            out.append(random_value(rng, t, moderate))
    a = np.array(out, dtype=np_dtype(t)) if kind_of(t) != "f" or t != "bfloat16" else \
        np.array(out, dtype=np.float64).astype(BF16)
    if finite and kind_of(t) in "fc":
        bad = ~np.isfinite(a)
        a[bad] = np.array(1.25, dtype=a.dtype)
    return a


def draw_array(rng, t, shape, moderate=False, finite=False, views=True, tag="a"):
    """An Array argument of dtype t that the function sees with `shape`, through a random view."""
    choices = ["c"]
    if views and len(shape) >= 2:
        choices.append("t")
    if views and len(shape) >= 1:
        choices += ["r", "s"]
    if views and tag == "a" and len(shape) >= 1:
        choices.append("b")
    view = choices[rng.integers(len(choices))] if rng.random() < 0.5 else "c"
    if view == "t":
        base_shape = tuple(reversed(shape))
    elif view == "s":
        base_shape = (2 * shape[0],) + tuple(shape[1:])
    elif view == "b":
        drop = int(rng.integers(len(shape) + 1))
        base_shape = tuple(1 if rng.random() < 0.5 else n for n in shape[drop:])
        view = tuple(shape)
    else:
        base_shape = tuple(shape)
    n = int(np.prod(base_shape, dtype=np.int64))
    base = draw_values(rng, t, n, moderate, finite).reshape(base_shape)
    return Array(t, base, view, tag)


def pick(rng, seq):
    return seq[rng.integers(len(seq))]


def draw_shape(rng):
    return pick(rng, SHAPES)


def broadcast_partner(rng, shape):
    """A shape that broadcasts with `shape` (and, rarely, one that does not)."""
    if rng.random() < 0.05:
        return pick(rng, [(5,), (2, 7), (4, 4)])
    drop = int(rng.integers(len(shape) + 1)) if rng.random() < 0.5 else 0
    out = [1 if rng.random() < 0.3 else n for n in shape[drop:]]
    if rng.random() < 0.1:
        out = [2] + out if not out or out[0] != 0 else out
    return tuple(out)


def draw_scalar(rng, dtype_hint=None):
    """A weak scalar of a random kind, with in-range, out-of-range, huge and special values."""
    kind = pick(rng, "biifffc")
    if kind == "b":
        return Scalar("b", bool(rng.integers(2)))
    if kind == "i":
        pool = [0, 1, -1, 2, 3, 5, -7, 100, 127, 128, 255, 256, -129, 300, -300, 65535, 65536, 2**31 - 1, 2**31,
                -2**31 - 1, 2**32, 2**53 + 1, 2**63 - 1, -2**63, 2**63, 2**64 - 1]
        if dtype_hint is not None and kind_of(dtype_hint) in "iu" and rng.random() < 0.3:
            info = np.iinfo(dtype_hint)
            pool = [int(info.min), int(info.max), int(info.min) - 1, int(info.max) + 1]
            pool = [v for v in pool if -2**63 <= v < 2**64]
        return Scalar("i", int(pick(rng, pool)))
    reals = [0.0, -0.0, 1.0, -1.0, 0.5, 1.5, -2.5, 3.0, 0.1, 1e-50, 1e300, -1e300, 65504.0, 1e10,
             float("nan"), float("inf"), float("-inf"), 2.0**-1074]
    if kind == "f":
        return Scalar("f", float(pick(rng, reals)) if rng.random() < 0.6 else float(rng.standard_normal() * 3))
    return Scalar("c", complex(pick(rng, reals[:10]), pick(rng, reals[:10])))


def finite_scalar(s):
    if s.kind == "f" and not math.isfinite(s.v):
        return Scalar("f", 2.0)
    if s.kind == "c" and not (math.isfinite(s.v.real) and math.isfinite(s.v.imag)):
        return Scalar("c", complex(1.0, -0.5))
    return s


# ---------------------------------------------------------------------------------------------------------
# NumPy's answer, with bfloat16 treated as numcu treats it


def run_numpy(compute, values):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return compute(*values)


def stand_in(v, to):
    """The bfloat16 array v in dtype `to` (the same numbers, rounded). float16's range is far narrower than
    bfloat16's: a nonzero value becomes float16's smallest of its sign rather than 0, a finite one its largest
    rather than an infinity, so that the float16 run raises where bfloat16's would (average's weights of
    0x1p-126 would otherwise sum to zero; its weights are drawn non-negative, so no two of them cancel)."""
    x = v.astype(np.float32)
    with np.errstate(over="ignore"):
        h = x.astype(to)
    if to == np.float16:
        h[(x != 0) & (h == 0)] = np.copysign(np.float16(2.0 ** -24), x[(x != 0) & (h == 0)])
        big = np.isfinite(x) & ~np.isfinite(h)
        h[big] = np.copysign(np.finfo(np.float16).max, x[big])
    return h


def shadow(values, to):
    """The values with bfloat16 arrays replaced by arrays of dtype `to` (stand_in())."""
    out = []
    for v in values:
        if isinstance(v, np.ndarray) and v.dtype == BF16:
            out.append(stand_in(v, to))
        elif isinstance(v, np.dtype) and v == BF16:
            out.append(np.dtype(to))
        else:
            out.append(v)
    return out


def as_tuple(r):
    return r if isinstance(r, tuple) else (r,)


def bf16_ufunc_answer(case, values):
    """NumPy's answer for an elementwise call with bfloat16 operands, as numcu defines it.

    NumPy has no bfloat16; numcu gives bfloat16 the loops and result dtypes of float16 and computes in float32,
    rounding once (docs/numpy_differences.md). ml_dtypes registers only some loops and does not treat Python
    scalars as weak, so the answer is built from two NumPy runs: with float16 in place of bfloat16 for the
    result dtypes (and any error), and in float32 for the values, Python scalars first rounded to bfloat16
    where the loop is bfloat16's."""
    if case.fn == "nextafter":
        return None  # the next value after a float32 is no bfloat16 value: nothing to round from
    f16 = shadow(values, np.float16)
    outcome = run_numpy(case.compute, f16)  # raises as float16 would
    # where's condition and an output take no part in the loop's dtype
    operands = [v for k, (v, a) in enumerate(zip(f16, case.args))
                if getattr(a, "tag", None) != "o" and not (case.fn == "where" and k == 0)]
    arrays = [v for v in operands if isinstance(v, np.ndarray)]
    weak = [v for v in operands if isinstance(v, (bool, int, float, complex)) and not isinstance(v, np.generic)]
    loop16 = False
    try:
        loop16 = np.result_type(*arrays, *[w for w in weak if not isinstance(w, bool)]) == np.float16
    except Exception:
        pass
    # a loop of its own dtype (float_power's float64) does not round its scalars to bfloat16
    if not isinstance(outcome, bool) and any(np.asarray(o).dtype not in (np.float16, np.bool_, np.int32)
                                             for o in as_tuple(outcome)):
        loop16 = False
    f32 = shadow(values, np.float32)
    symbol = case.fn[len("operator"):] if case.fn.startswith("operator") else None
    base = UNARY_OPERATORS.get(symbol) if symbol else case.fn
    if base in ("logical_and", "logical_or", "logical_xor", "logical_not"):
        loop16 = False  # a logical function tests a scalar's own truth (1e-50 is true, in bfloat16 it is 0)
    # clip of an integer array keeps its integer bounds integers: np.clip drops one beyond the array's range
    # before any loop, which it would not do to a float; one it keeps lies in int8's or uint8's range (the
    # integer arrays whose loop with bfloat16 is bfloat16's), exact in bfloat16
    int_clip = case.fn == "clip" and isinstance(f32[0], np.ndarray) and f32[0].dtype.kind in "iub"
    if loop16:
        with np.errstate(over="ignore"):
            f32 = [float(np.array(v, np.float64).astype(BF16)) if isinstance(v, float) or
                   (type(v) is int and case.fn != "ldexp" and not int_clip and abs(v) < 2**128) else v
                   for v in f32]
    result = run_numpy(case.compute, f32)
    if isinstance(outcome, bool):
        return result
    outs = []
    for want, got in zip(as_tuple(outcome), as_tuple(result)):
        target = BF16 if want.dtype == np.float16 else want.dtype
        outs.append(np.asarray(got).astype(target))
    return tuple(outs) if isinstance(outcome, tuple) else outs[0]


class UndefinedCast(Exception):
    """NumPy cast a value that the target dtype does not hold (its result is the processor's)."""


def shadow_answer(case, values):
    """NumPy's answer for a reduction, statistic or scan, bfloat16 as numcu treats it.

    ml_dtypes' bfloat16 is no np.inexact to NumPy (its NaN functions do not skip its NaN, np.gradient and
    np.trapezoid turn it into a float64 or float32), while numcu gives it float16's dtypes, computing in float32:
    the result dtypes and any error come from a run with float16 in place of bfloat16, the values from a run in
    float32, rounded to bfloat16 where the float16 run gave float16."""
    def holds(t):
        return any((isinstance(v, np.ndarray) and v.dtype == t) or (isinstance(v, np.dtype) and v == t)
                   for v in values)

    def run(vals):
        """NumPy's answer; UndefinedCast where it may have cast a NaN, an infinity or an out-of-range float to
        an integer (an invalid operation on the way to an integer result: var with an integer dtype= divides
        by a zero count into it), which NumPy leaves undefined (docs/numpy_differences.md)."""
        with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
            warnings.simplefilter("always")
            r = case.compute(*vals)
        invalid = any("invalid value encountered" in str(w.message) for w in caught)
        if invalid and any(np.asarray(o).dtype.kind in "iu" for o in as_tuple(r)):
            raise UndefinedCast()
        return r
    try:
        if not holds(BF16):
            return run(values)
        if holds(np.dtype(np.float16)):
            return None  # bfloat16 with float16 promotes to float32: no float16 shadow to resolve it with
        want = run(shadow(values, np.float16))  # raises as float16 would
        got = run(shadow(values, np.float32))
    except UndefinedCast:
        return None
    outs = []
    for w, g in zip(as_tuple(want), as_tuple(got)):
        t = np.asarray(w).dtype
        outs.append(np.asarray(g).astype(BF16 if t == np.float16 else t))
    return tuple(outs) if isinstance(want, tuple) else outs[0]


def numpy_answer(case, elementwise):
    values = [a.value() for a in case.args]
    if case.shadowed:
        return shadow_answer(case, values)
    has_bf16 = any(isinstance(v, np.ndarray) and v.dtype == BF16 for v in values)
    if elementwise and has_bf16:
        if any(isinstance(v, np.ndarray) and v.dtype == np.float16 for v in values):
            return None  # bfloat16 with float16 promotes to float32: no float16 shadow to resolve it with
        if case.writes is not None and values[case.writes].dtype != BF16:
            return None  # the float32 values would skip the rounding to the bfloat16 loop before the cast
        return bf16_ufunc_answer(case, values)  # what a call with `out` returns is `out`; None drops the case
    r = run_numpy(case.compute, values)
    if case.writes is not None:
        return values[case.writes]
    return r


def outcome_text(case, elementwise):
    """The outcome segments, or None when the case must be dropped."""
    try:
        r = numpy_answer(case, elementwise)
    except Exception as e:  # noqa: BLE001  (NumPy's exception is the expected answer)
        return "! " + error_class(e)
    if r is None:
        return None
    if isinstance(r, bool):  # allclose, array_equal, all_true: a C++ bool (NumPy's 0-d results are arrays)
        return "= b %d" % int(r)
    parts = []
    for o in (r if isinstance(r, (tuple, list)) else (r,)):
        o = np.asarray(o)
        vals = encode_values(o)
        parts.append("= %s %s %s%s" % (case.view, name_of(o.dtype), fmt_shape(o.shape), " " + vals if vals else ""))
    return " | ".join(parts)


# ---------------------------------------------------------------------------------------------------------
# Families


def ufunc_fn(name):
    base = ALIASES.get(name, name)
    # numcu's clip is np.clip (which drops integer bounds beyond the array's range), not the raw ufunc
    return np.clip if base == "clip" else FUNCS[base][0]


def expected_power(fn):
    """numcu's integer power: NumPy's where NumPy defines it; for negative exponents, where NumPy raises, 0 but
    1 for base 1 and (-1)**b for base -1 (docs/numpy_differences.md)."""
    def compute(a, b, *out):
        try:
            return fn(a, b, *out)
        except ValueError as e:
            if "negative integer powers" not in str(e):
                raise
        r = fn(a, np.where(np.asarray(b) < 0, 0, b).astype(np.result_type(b)) if isinstance(b, np.ndarray)
               else max(b, 0), *out)
        base = np.broadcast_to(np.asarray(a), r.shape)
        neg = np.broadcast_to(np.asarray(b) < 0, r.shape)
        odd = np.broadcast_to(np.asarray(b) % 2 == 1, r.shape)
        minus_one = (base == -1) if base.dtype.kind == "i" else np.zeros(r.shape, bool)
        fix = np.where(base == 1, 1, np.where(minus_one, np.where(odd, -1, 1), 0)).astype(r.dtype)
        res = np.where(neg, fix, r)
        if out:
            out[0][...] = res
            return out[0]
        return res
    return compute


def reciprocal_compute(a, *out):
    """Integer reciprocal of 0 is 0 in numcu (NumPy's is the processor's, docs/numpy_differences.md)."""
    arr = np.asarray(a)
    if arr.dtype.kind not in "biu" or not (arr == 0).any():
        return np.reciprocal(a, *out)
    zero = arr == 0
    r = np.asarray(np.reciprocal(np.where(zero, 1, arr).astype(arr.dtype), *out))  # 0-d: an array, not a scalar
    r[np.broadcast_to(zero, r.shape)] = 0
    return r


def compute_for(name):
    fn = ufunc_fn(name)
    base = ALIASES.get(name, name)
    if base == "power":
        return expected_power(fn)
    if base == "reciprocal":
        return reciprocal_compute
    return fn


def operand_for(rng, name, t, shape, finite):
    """An array (mostly) or a weak scalar operand."""
    moderate = name in TRANSCENDENTAL
    if rng.random() < 0.25:
        s = draw_scalar(rng, t)
        return finite_scalar(s) if finite else s
    return draw_array(rng, t, shape, moderate=moderate, finite=finite and kind_of(t) == "c")


def draw_dtypes(rng, n):
    first = pick(rng, ALL_TYPES)
    return [first if rng.random() < 0.5 else pick(rng, ALL_TYPES) for _ in range(n)]


def documented_error(name, args):
    """A Python integer out of the array's range in a comparison: NumPy compares exactly, numcu raises
    dtype_error as for arithmetic (docs/numpy_differences.md). Returns that outcome, or None."""
    base = ALIASES.get(name, name)
    if base not in COMPARISONS:
        return None
    arrays = [a for a in args if isinstance(a, Array) and a.tag == "a"]
    ints = [a for a in args if isinstance(a, Scalar) and a.kind == "i"]
    if len(arrays) != 1 or not ints or kind_of(arrays[0].dtype) not in "iu":
        return None
    info = np.iinfo(arrays[0].dtype)
    if not info.min <= ints[0].v <= info.max:
        return "! dtype_error"
    return None


def case_ufunc(rng):
    name = pick(rng, sorted(FUNCS) + sorted(ALIASES))
    base = ALIASES.get(name, name)
    nin = FUNCS[base][1]
    if base in ("modf", "frexp"):
        return None  # case_two_outputs
    types = draw_dtypes(rng, nin)
    shape = draw_shape(rng)
    finite = base in COMPLEX_FINITE_ONLY
    args = [operand_for(rng, base, types[0], shape, finite)]
    for t in types[1:]:
        args.append(operand_for(rng, base, t, broadcast_partner(rng, shape), finite))
    if not any(isinstance(a, Array) for a in args) and rng.random() < 0.8:
        args[0] = draw_array(rng, types[0], shape, finite=finite and kind_of(types[0]) == "c")
    if base == "sign" and any(isinstance(a, Array) and a.dtype == "bfloat16" for a in args):
        return None  # sign(-0.0) for bfloat16 follows float16 (docs/numpy_differences.md)
    writes = None
    if rng.random() < 0.2:
        try:
            out_shape = np.broadcast_shapes(*[np.shape(a.value()) for a in args])
        except ValueError:
            out_shape = shape
        out_t = pick(rng, ALL_TYPES)
        if rng.random() < 0.1:
            # an `out` of the wrong shape, of a dtype every result casts to (NumPy checks the cast first)
            out_t, out_shape = "complex128", (7,)
        args.append(draw_array(rng, out_t, out_shape, views=True, tag="o"))
        writes = len(args) - 1
    c = Case(name, args, compute_for(name), writes)
    return c, documented_error(name, args)


def case_operator(rng):
    if rng.random() < 0.2:
        sym = pick(rng, sorted(UNARY_OPERATORS))
        t = pick(rng, ALL_TYPES)
        a = draw_array(rng, t, draw_shape(rng), finite=True)
        return Case("unary" + sym, [a], compute_for(UNARY_OPERATORS[sym])), None
    sym = pick(rng, sorted(BINARY_OPERATORS))
    base = BINARY_OPERATORS[sym]
    t1, t2 = draw_dtypes(rng, 2)
    shape = draw_shape(rng)
    finite = base in COMPLEX_FINITE_ONLY
    a = draw_array(rng, t1, shape, finite=finite)
    b = operand_for(rng, base, t2, broadcast_partner(rng, shape), finite)
    args = [b, a] if isinstance(b, Scalar) and rng.random() < 0.5 else [a, b]
    return Case("operator" + sym, args, compute_for(base)), documented_error(base, args)


def case_compound(rng):
    sym = pick(rng, sorted(COMPOUND))
    base = COMPOUND[sym]
    t1, t2 = draw_dtypes(rng, 2)
    shape = draw_shape(rng)
    finite = base in COMPLEX_FINITE_ONLY
    a = draw_array(rng, t1, shape, finite=finite, tag="a")
    if not isinstance(a.view, str):
        a.view = "c"
        a.base = np.ascontiguousarray(np.broadcast_to(a.base, shape))
    b = operand_for(rng, base, t2, broadcast_partner(rng, shape), finite)
    fn = compute_for(base)
    return Case("operator" + sym, [a, b], lambda x, y: fn(x, y, out=x), writes=0), None


def case_two_outputs(rng):
    name = pick(rng, ["divmod", "modf", "frexp"])
    t = pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    if name == "divmod":
        a = draw_array(rng, t, shape, finite=True)
        b = operand_for(rng, "divmod", pick(rng, ALL_TYPES), broadcast_partner(rng, shape), True)
        return Case(name, [a, b], np.divmod), None
    return Case(name, [draw_array(rng, t, shape)], getattr(np, name)), None


def case_where_clip(rng):
    name = pick(rng, ["where", "clip"])
    shape = draw_shape(rng)
    if name == "where":
        cond = draw_array(rng, pick(rng, ["bool"] * 3 + ALL_TYPES), shape)
        t1, t2 = draw_dtypes(rng, 2)
        x = operand_for(rng, "where", t1, broadcast_partner(rng, shape), False)
        y = operand_for(rng, "where", t2, broadcast_partner(rng, shape), False)
        return Case(name, [cond, x, y], np.where), None
    t = pick(rng, ALL_TYPES)
    a = draw_array(rng, t, shape)
    lo = operand_for(rng, "clip", pick(rng, [t, t, pick(rng, ALL_TYPES)]), broadcast_partner(rng, shape), False)
    hi = operand_for(rng, "clip", pick(rng, [t, t, pick(rng, ALL_TYPES)]), broadcast_partner(rng, shape), False)
    return Case(name, [a, lo, hi], np.clip), None


def bf16_isclose(x, y, rtol, atol, equal_nan):
    """numpy.isclose's steps for bfloat16 operands as numcu defines them: float16's dtypes for each step (the
    difference in the operands' common dtype, the tolerance in y's floating dtype, or in Python's double where y
    is a number), each step rounded to bfloat16 where its dtype is bfloat16's, as ml_dtypes' loops round."""
    def as16(v):
        return v.astype(np.float16) if isinstance(v, np.ndarray) and v.dtype == BF16 else v

    def own(t):
        return BF16 if t == np.float16 else t

    def real(t):
        return np.empty(0, t).real.dtype if t != BF16 else t

    if isinstance(y, np.ndarray):
        y_type = np.result_type(as16(y), 1.0)
        y = y.astype(own(y_type))
    elif isinstance(y, (bool, int)):
        y = y_type = float(y)
    else:
        y_type = y
    common = np.result_type(as16(x), y_type if isinstance(y, np.ndarray) else y)
    xd, yd = (np.asarray(v).astype(own(common)) for v in (x, y))
    compare = real(own(common))
    difference = abs(xd - yd).astype(compare)
    if isinstance(y, np.ndarray):
        part = real(y.dtype)
        tolerance = (np.asarray(atol).astype(part) + np.asarray(rtol).astype(part) * abs(y).astype(part))
        finite = np.isfinite(y)
    else:
        tolerance = atol + rtol * abs(y)
        finite = np.isfinite(abs(y))
    result = (difference <= np.asarray(tolerance).astype(compare)) & finite | (xd == yd)
    if equal_nan:
        result |= np.isnan(x) & np.isnan(y)
    return result[()]


def numpy_isclose(x, y, rtol, atol, equal_nan):
    """numpy.isclose, bfloat16 operands as numcu defines them (bf16_isclose)."""
    if any(isinstance(v, np.ndarray) and v.dtype == BF16 for v in (x, y)):
        return bf16_isclose(x, y, rtol, atol, equal_nan)
    return np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)


def case_closeness(rng):
    name = pick(rng, ["isclose", "allclose", "array_equal"])
    t = pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    a = draw_array(rng, t, shape)
    if name in ("isclose", "allclose"):
        b = operand_for(rng, name, pick(rng, [t, t, pick(rng, ALL_TYPES)]), broadcast_partner(rng, shape), False)
        if isinstance(b, Array) and rng.random() < 0.5:
            b = Array(b.dtype, b.base, b.view)
            av = a.value()
            if b.value().shape == av.shape and b.view == "c":
                b.base = (av + np.zeros((), av.dtype)).astype(np_dtype(b.dtype)) if kind_of(t) != "c" or \
                    kind_of(b.dtype) == "c" else b.base
        # tolerances of every size: ones that round in a 16-bit b's dtype, make its tolerance overflow, or are
        # infinite (an infinite a is then close to a finite b)
        rtol = float(pick(rng, [1e-5, 1e-3, 0.0, 0.1, 1.0, 3e4]))
        atol = float(pick(rng, [1e-8, 0.0, 1e-3, 0.5, np.inf]))
        eq = bool(rng.integers(2))
        types = {v.dtype for v in (a.value(), b.value()) if isinstance(v, np.ndarray)}
        if BF16 in types and np.dtype(np.float16) in types:
            return None  # bfloat16 with float16 promotes to float32: no float16 dtypes to follow
        if name == "isclose":
            compute = lambda x, y, r, at, e: numpy_isclose(x, y, r, at, bool(e))  # noqa: E731
        else:
            compute = lambda x, y, r, at, e: bool(np.all(numpy_isclose(x, y, r, at, bool(e))))  # noqa: E731
        return Case(name, [a, b, Plain("r", rtol), Plain("r", atol), Plain("i", int(eq))], compute), None
    if name == "array_equal":
        b = draw_array(rng, pick(rng, [t, pick(rng, ALL_TYPES)]), shape if rng.random() < 0.8 else
                       broadcast_partner(rng, shape))
        if rng.random() < 0.5:
            b = Array(t, a.value().copy(), "c")
        eq = bool(rng.integers(2))
        return Case(name, [a, b, Plain("i", int(eq))], lambda x, y, e: np.array_equal(x, y, equal_nan=bool(e))), None


def nan_to_num(x, n, p=None, m=None):
    """np.nan_to_num; bfloat16, which ml_dtypes leaves unchanged (no inexact dtype to NumPy), as numcu treats
    it: a float dtype whose infinities become its own largest values."""
    if x.dtype != BF16:
        return np.nan_to_num(x, nan=n, posinf=p, neginf=m)
    big = float(ml_dtypes.finfo(BF16).max)
    return np.nan_to_num(x.astype(np.float32), nan=n, posinf=big if p is None else p,
                         neginf=-big if m is None else m).astype(BF16)


def angle(x, d):
    """np.angle; of bfloat16 as numcu defines it (float16's dtypes, computed in float32, rounded to bfloat16),
    where ml_dtypes' arctan2 returns float32."""
    if x.dtype != BF16:
        return np.angle(x, deg=bool(d))
    return np.asarray(np.angle(x.astype(np.float32), deg=bool(d))).astype(BF16)


def case_misc(rng):
    name = pick(rng, ["round", "around", "all_true", "nan_to_num", "real", "imag", "angle"])
    t = pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    a = draw_array(rng, t, shape)
    if name in ("round", "around"):
        d = int(pick(rng, [0, 0, 1, 2, -1, 3]))
        if kind_of(t) in "iu" and d < 0:
            # rounding to tens past the dtype's range casts an out-of-range float back to the integer dtype,
            # which NumPy leaves undefined (docs/numpy_differences.md): such values are not drawn
            info = np.iinfo(np_dtype(t))
            flat = a.base.reshape(-1)
            for i, v in enumerate(flat):
                if not int(info.min) <= float(np.round(float(v), d)) <= int(info.max):  # exact, in Python
                    flat[i] = 7
        return Case(name, [a, Plain("i", d)], lambda x, n: np.round(x, n)), None
    if name == "all_true":
        return Case(name, [a], lambda x: bool(np.all(x))), None
    if name == "nan_to_num":
        args = [a, Plain("r", float(pick(rng, [0.0, -1.5, 7.0])))]
        if rng.random() < 0.5:
            args += [Plain("r", float(pick(rng, [1e5, 3.0]))), Plain("r", float(pick(rng, [-1e5, -3.0])))]
        return Case(name, args, nan_to_num), None
    if name == "angle":
        a = draw_array(rng, t, shape, finite=True)
        deg = bool(rng.integers(2))
        return Case(name, [a, Plain("i", int(deg))], angle), None
    view = "v" if kind_of(t) == "c" or name == "real" else "a"
    return Case(name, [a], getattr(np, name), view=view), None


def case_astype(rng):
    src, dst = pick(rng, ALL_TYPES), pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    a = draw_array(rng, src, shape)
    if kind_of(dst) in "iu" and kind_of(src) in "fc":
        # NaN and out-of-range float -> integer casts are defined by numcu, not by NumPy
        # (docs/numpy_differences.md): only values NumPy defines are drawn
        flat = a.base.ravel()
        for i, v in enumerate(flat):
            if not int_target_ok(v, dst):
                flat[i] = np.array(3.0).astype(flat.dtype)
    rule = pick(rng, CASTINGS) if rng.random() < 0.4 else "unsafe"
    return Case("astype", [a, Plain("d", dst), Plain("k", rule)],
                lambda x, d, k: x.astype(d, casting=bf16_casting(x.dtype, d, k))), None


def bf16_casting(src, dst, rule):
    """The casting rule to give NumPy for a cast that may involve bfloat16.

    numcu's casting rules treat bfloat16 as float16 (ml_dtypes allows, e.g., complex64 -> bfloat16 under
    same_kind): such a cast is checked with float16 in place of bfloat16, then done unsafely."""
    if (src == BF16) == (dst == BF16) or rule == "unsafe":
        return rule
    if np.float16 in (src, dst):  # two floats of the same kind, neither holding the other
        if rule == "same_kind":
            return "unsafe"
        raise TypeError("Cannot cast array data from %s to %s according to the rule %r" % (src, dst, rule))
    s, d = (np.dtype(np.float16) if t == BF16 else t for t in (src, dst))
    if not np.can_cast(s, d, rule):
        raise TypeError("Cannot cast array data from %s to %s according to the rule %r" % (s, d, rule))
    return "unsafe"


def sanitize_for_int(arr, dst):
    """Replaces float values whose cast to integer `dst` NumPy leaves undefined (docs/numpy_differences.md)."""
    if kind_of(dst) in "iu" and kind_of(arr.dtype) in "fc":
        flat = arr.base.reshape(-1)
        for i, v in enumerate(flat):
            if not int_target_ok(v, dst):
                flat[i] = np.array(-2.0 if kind_of(dst) == "i" else 2.0).astype(flat.dtype)


def case_copyto(rng):
    dst_t, src_t = pick(rng, ALL_TYPES), pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    dst = draw_array(rng, dst_t, shape, views=True, tag="o")
    src = draw_array(rng, src_t, broadcast_partner(rng, shape))
    sanitize_for_int(src, dst_t)
    rule = pick(rng, CASTINGS)
    dst.tag = "a"
    if not isinstance(dst.view, str):
        dst.view = "c"

    def compute(d, s, k):
        np.copyto(d, s, casting=bf16_casting(s.dtype, d.dtype, k))
    return Case("copyto", [dst, src, Plain("k", rule)], compute, writes=0), None


def bf16_storable(s, t):
    """ml_dtypes converts a Python int through a C long before storing it into bfloat16, where NumPy's float16
    takes any int (rounding to inf): such ints are not drawn for bfloat16 targets."""
    if t == "bfloat16" and isinstance(s, Scalar) and s.kind == "i" and not -2**63 <= s.v < 2**63:
        return Scalar("i", 12345)
    return s


def case_fill(rng):
    t = pick(rng, ALL_TYPES)
    a = draw_array(rng, t, draw_shape(rng), tag="o")
    a.tag = "a"
    s = bf16_storable(draw_scalar(rng, t), t)

    def compute(x, v):
        x.fill(v)
    return Case("fill", [a, s], compute, writes=0), None


def draw_index(rng, ndim, shape):
    """A basic index for an array of `shape`: integers (sometimes out of range), slices, :, ..., None."""
    entries = []
    axis = 0
    used_ellipsis = False
    for _ in range(int(rng.integers(0, ndim + 2))):
        r = rng.random()
        if r < 0.1 and not used_ellipsis:
            entries.append(Ellipsis)
            used_ellipsis = True
            continue
        if r < 0.2:
            entries.append(None)
            continue
        n = shape[axis] if axis < len(shape) else 3
        if r < 0.45:
            entries.append(int(rng.integers(-n - 1, n + 1)) if n > 0 else int(rng.integers(-1, 2)))
        elif r < 0.55:
            entries.append(slice(None))
        else:
            step = int(pick(rng, [1, 1, 2, -1, -2, 3]))
            start = int(rng.integers(-n - 2, n + 2)) if rng.random() < 0.6 else None
            stop = int(rng.integers(-n - 2, n + 2)) if rng.random() < 0.6 else None
            entries.append(slice(start, stop, step))
        axis += 1
    return entries


def case_index(rng):
    t = pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    a = draw_array(rng, t, shape)
    idx = draw_index(rng, len(shape), shape)
    # a(i, j) of integers only is a 0-d view in numcu, a scalar copy in NumPy (docs/numpy_differences.md)
    all_ints = sum(isinstance(e, int) for e in idx) == len(shape) and all(e is not None for e in idx)
    return Case("index", [a, Plain("x", idx)], lambda x, i: np.asarray(x[i]), view="a" if all_ints else "v"), None


def case_setitem(rng):
    t = pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    a = draw_array(rng, t, shape, tag="o")
    a.tag = "a"
    idx = draw_index(rng, len(shape), shape)
    try:
        sel = np.shape(a.value()[tuple(idx)])
    except Exception:  # noqa: BLE001
        sel = (2,)
    if rng.random() < 0.4:
        v = bf16_storable(draw_scalar(rng, t), t)
    else:
        vs = list(broadcast_partner(rng, sel))
        if rng.random() < 0.15:
            vs = [1] * int(rng.integers(1, 3)) + vs  # extra leading length-1 axes
        v = draw_array(rng, pick(rng, [t, pick(rng, ALL_TYPES)]), tuple(vs))
        sanitize_for_int(v, t)

    def compute(x, i, val):
        # numcu's indexing gives 0-d views that cannot tell an element (NumPy refuses an array with axes for
        # one) from x[..., 0] (NumPy accepts one of size 1): a 0-d target takes a value of size 1, as x[...]
        # does (docs/numpy_differences.md)
        if isinstance(val, np.ndarray) and val.ndim > 0 and np.ndim(x[tuple(i)]) == 0:
            if val.size != 1:
                raise ValueError("could not broadcast input array into shape ()")
            val = val.reshape(())
        x[tuple(i)] = val
    return Case("setitem", [a, Plain("x", idx), v], compute, writes=0), None


INDEX_TYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]


def draw_advanced_index(rng, shape):
    """An index with arrays for an array of `shape`: integer arrays (several dtypes, shapes that broadcast
    together or, rarely, not; entries sometimes out of bounds), bool masks over one axis or the rest, mixed with
    integers, slices, None and Ellipsis. Returns (the basic entries, the places of the arrays among all entries,
    the index arrays as Array arguments)."""
    nd = len(shape)
    common = pick(rng, [(2,), (3,), (1,), (0,), (2, 2), (3, 1)])
    entries, places, arrays = [], [], []
    axis, used_ellipsis = 0, False
    for _ in range(int(rng.integers(1, nd + 2))):
        r = rng.random()
        n = shape[axis] if axis < nd else 0
        if r < 0.08 and not used_ellipsis:
            entries.append(Ellipsis)
            used_ellipsis = True
            axis = max(axis, nd - 1)
            continue
        if r < 0.14:
            entries.append(None)
            continue
        if r < 0.55 or not arrays:
            if rng.random() < 0.2 and axis < nd:  # a mask over this axis, or over every axis left
                k = nd - axis if rng.random() < 0.4 else 1
                m = rng.random(tuple(shape[axis:axis + k])) < 0.5
                if rng.random() < 0.05:
                    m = rng.random((n + 1,)) < 0.5  # a mask that does not match
                places.append(len(entries) + len(places))
                arrays.append(Array("bool", m, "c"))
                axis += k
                continue
            t = pick(rng, INDEX_TYPES)
            part = common[int(rng.integers(0, len(common) + 1)):] if rng.random() < 0.7 else common
            if rng.random() < 0.03:
                part = (4,)  # a shape that may not broadcast
            size = int(np.prod(part, dtype=np.int64))
            low = 0 if t.startswith("u") else -n
            vals = rng.integers(low, max(n, 1), size) if n > 0 else np.zeros(size, np.int64)
            if rng.random() < 0.05 and size:
                vals[int(rng.integers(size))] = pick(rng, [n, n + 3, -n - 1]) if not t.startswith("u") else n + 2
            info = np.iinfo(t)
            vals = np.clip(vals, info.min, info.max)
            places.append(len(entries) + len(places))
            arrays.append(Array(t, vals.astype(t).reshape(part), "c"))
        elif r < 0.75:
            entries.append(int(rng.integers(-n, n)) if n > 0 else 0)
        elif r < 0.85:
            entries.append(slice(None))
        else:
            entries.append(slice(int(rng.integers(-n - 1, n + 1)) if n else None, None, int(pick(rng, [1, 2, -1]))))
        axis += 1
    return entries, places, arrays


def full_index(entries, places, values):
    """The whole index: the basic entries with the arrays' values at their places."""
    out, basic, arrays = [], iter(entries), iter(values)
    for i in range(len(entries) + len(places)):
        out.append(next(arrays) if i in places else next(basic))
    return tuple(out)


def case_ufunc_at(rng, t, shape):
    """add_at, subtract_at, multiply_at, minimum_at, maximum_at (NumPy's ufunc.at) through an index with
    arrays, repeated entries welcome (each element's contributions apply in order on every device), values of
    the array's dtype (floats: float64 too) broadcast to the selection. NumPy's values are broadcast here first:
    NumPy 2.4's own broadcast in ufunc.at reads past values spread over an index of two or more dimensions."""
    ufunc = pick(rng, ["add", "subtract", "multiply", "minimum", "maximum"])
    if t == "bool" and ufunc == "subtract":
        ufunc = "add"
    a = draw_array(rng, t, shape, tag="o")
    a.tag = "a"
    entries, places, arrays = draw_advanced_index(rng, shape)
    probe = np.arange(int(np.prod(shape, dtype=np.int64))).reshape(shape)
    try:
        sel = np.shape(probe[full_index(entries, places, [x.value() for x in arrays])])
    except Exception:  # noqa: BLE001
        sel = (2,)
    # (integer targets take their own dtype: a float loop's result beyond their range casts back as the
    # processor does, which NumPy leaves undefined)
    vt = pick(rng, [t, "float64"]) if kind_of(t) == "f" and t != "bfloat16" else t
    v = draw_array(rng, vt, tuple(broadcast_partner(rng, sel)))
    head = [a, Keyword("at", Plain("l", places)), Plain("x", entries)] + arrays

    def apply(x, _p, _e, *rest):
        index = full_index(entries, places, rest[:-1])
        values = np.broadcast_to(rest[-1], np.shape(x[index])).copy()  # (a copy keeps a 0-d shape)
        getattr(np, ufunc).at(x, index, values)
    return Case(ufunc + "_at", head + [Keyword("values", v)], apply, writes=0)


def case_selection(rng):
    """Advanced indexing (numcu/selection.hpp): a(...) with arrays read (`advanced_index`) and assigned
    (`advanced_setitem`: a value array or scalar, cast unsafely; only indices naming each element once, as
    NumPy's last write is not the GPU's), take (`axis=`, `mode=`), put (`mode=`), compress (`axis=`)."""
    name = pick(rng, ["advanced_index", "advanced_index", "advanced_setitem", "take", "put", "compress",
                      "take_along_axis", "choose", "select", "unravel_index", "ufunc_at"])
    t = pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    nd = len(shape)
    if name == "take_along_axis":
        a = draw_array(rng, t, shape)
        axis = int(rng.integers(-nd, nd)) if nd else 0
        ishape = [1 if rng.random() < 0.3 else n for n in shape]
        if nd:
            ishape[axis] = int(rng.integers(0, 4))
        n = shape[axis] if nd else 1
        vals = rng.integers(-n - (1 if rng.random() < 0.05 else 0), max(n, 1), int(np.prod(ishape, dtype=np.int64)))
        idx = Array(pick(rng, ["int64", "int32"]), vals.astype(np.int64).reshape(ishape), "c")
        idx.base = idx.base.astype(np_dtype(idx.dtype))
        return Case(name, [a, idx, Keyword("axis", Plain("i", axis))],
                    lambda x, i, *_: np.take_along_axis(x, i, axis=axis)), None
    if name == "choose":
        k = int(rng.integers(1, 4))
        choices = [draw_array(rng, pick(rng, [t, pick(rng, ALL_TYPES)]) if t != "bfloat16" else t,
                              tuple(broadcast_partner(rng, shape))) for _ in range(k)]
        mode = pick(rng, ["raise", "wrap", "clip"])
        which = Array("int64", rng.integers(-1 if mode != "raise" else 0, k + (1 if mode != "raise" else 0),
                                            int(np.prod(shape, dtype=np.int64))).astype(np.int64).reshape(shape), "c")
        return Case(name, [which] + choices + [Keyword("mode", Plain("i", ["raise", "wrap", "clip"].index(mode)))],
                    lambda w, *cs: np.choose(w, cs[:-1], mode=mode)), None
    if name == "select":
        k = int(rng.integers(1, 4))
        conds = [Array("bool", rng.random(broadcast_partner(rng, shape)) < 0.5, "c") for _ in range(k)]
        picks = [draw_array(rng, t, tuple(broadcast_partner(rng, shape))) for _ in range(k)]
        return Case(name, conds + picks, lambda *xs: np.select(list(xs[:k]), list(xs[k:]))), None
    if name == "unravel_index":
        dims = [int(x) for x in rng.integers(1, 5, int(rng.integers(1, 4)))]
        size = int(np.prod(dims))
        flat = rng.integers(0, size + (1 if rng.random() < 0.1 else 0), int(rng.integers(0, 6))).astype(np.int64)
        order = pick(rng, ["C", "F"])
        return Case(name, [Array("int64", flat, "c"), Keyword("dims", Plain("l", dims)),
                           Keyword("order", Plain("i", ["C", "F"].index(order)))],
                    lambda f, *_: tuple(np.unravel_index(f, tuple(dims), order=order))), None
    if name == "ufunc_at":
        return case_ufunc_at(rng, t, shape), None
    if name in ("advanced_index", "advanced_setitem"):
        a = draw_array(rng, t, shape, tag="o" if name == "advanced_setitem" else "a")
        a.tag = "a"
        entries, places, arrays = draw_advanced_index(rng, shape)
        head = [a, Keyword("at", Plain("l", places)), Plain("x", entries)] + arrays
        if name == "advanced_index":
            return Case(name, head, lambda x, _p, _e, *ix: np.asarray(x[full_index(entries, places, ix)])), None
        probe = np.arange(int(np.prod(shape, dtype=np.int64))).reshape(shape)
        try:
            picked = probe[full_index(entries, places, [x.value() for x in arrays])].reshape(-1)
            sel = np.shape(probe[full_index(entries, places, [x.value() for x in arrays])])
        except Exception:  # noqa: BLE001
            picked, sel = np.zeros(0), (2,)
        # (0-d integer arrays alone are integers to NumPy: an element, which numcu's 0-d views cannot tell apart
        # from x[..., 0]; docs/numpy_differences.md)
        element = all(x.dtype != "bool" and np.ndim(x.base) == 0 for x in arrays)
        if len(set(picked.tolist())) != picked.size or element:
            return Case("advanced_index", head, lambda x, _p, _e, *ix: np.asarray(x[full_index(entries, places, ix)])), None
        if rng.random() < 0.4:
            v = bf16_storable(draw_scalar(rng, t), t)
        else:
            v = draw_array(rng, pick(rng, [t, pick(rng, ALL_TYPES)]), tuple(broadcast_partner(rng, sel)))
            sanitize_for_int(v, t)

        def assign(x, _p, _e, *rest):
            x[full_index(entries, places, rest[:-1])] = rest[-1]
        return Case(name, head + [Keyword("value", v)], assign, writes=0), None
    a = draw_array(rng, t, shape)
    if name == "compress":
        n = shape[0] if nd else 1
        cond = Array("bool", rng.random(int(rng.integers(0, n + 2))) < 0.5, "c")
        axis = int(rng.integers(-nd, nd)) if nd and rng.random() < 0.7 else None
        kw = [Keyword("axis", Plain("i", axis))] if axis is not None else []
        return Case(name, [cond, a] + kw, lambda c, x, *_: np.compress(c, x, axis=axis)), None
    mode = pick(rng, ["raise", "raise", "wrap", "clip"])
    size = int(np.prod(shape, dtype=np.int64))
    if name == "put":
        target = draw_array(rng, t, shape, tag="o")
        target.tag = "a"
        count = int(rng.integers(0, 4))
        spread = max(size, 1) * (2 if mode != "raise" else 1)
        idx = Array("int64", rng.integers(-spread, spread, count).astype(np.int64), "c")
        if mode == "raise" and size and count and rng.random() < 0.9:  # in bounds, each once (NumPy's last write)
            idx = Array("int64", rng.permutation(size)[:count].astype(np.int64), "c")
        values = draw_array(rng, t, (int(rng.integers(1, 4)),))
        if size:  # each place once after wrapping or clipping (NumPy's last write wins; a GPU's is any of them)
            if mode == "raise":  # (the indices out of bounds stay, each its own place: they raise)
                inside = (idx.base >= -size) & (idx.base < size)
                places = np.where(inside, idx.base % size, size + np.arange(len(idx.base)))
            else:
                places = np.clip(idx.base, 0, size - 1) if mode == "clip" else idx.base % size
            _, first = np.unique(places, return_index=True)
            idx = Array("int64", idx.base[np.sort(first)], "c")

        def do_put(x, i, v, _m):
            np.put(x, i, v, mode=mode)
        return Case(name, [target, idx, values, Keyword("mode", Plain("i", ["raise", "wrap", "clip"].index(mode)))],
                    do_put, writes=0), None
    axis = int(rng.integers(-nd, nd)) if nd and rng.random() < 0.7 else None
    n = (shape[axis] if axis is not None else size)
    if mode == "wrap" and n == 0 and size == 0:
        return None  # NumPy 2.4's take in wrap mode along an empty axis of an empty array never returns
    spread = max(n, 1) * (3 if mode != "raise" else 1)
    idx_shape = pick(rng, [(3,), (2, 2), (0,), ()])
    vals = rng.integers(-spread, spread, int(np.prod(idx_shape, dtype=np.int64))).reshape(idx_shape)
    it = pick(rng, ["int64", "int32", "int16"])
    idx = Array(it, vals.astype(it), "c")
    kw = [Keyword("mode", Plain("i", ["raise", "wrap", "clip"].index(mode)))]
    if axis is not None:
        kw.append(Keyword("axis", Plain("i", axis)))
    return Case(name, [a, idx] + kw, lambda x, i, *_: np.take(x, i, axis=axis, mode=mode)), None


def draw_axes(rng, ndim, count):
    return [int(rng.integers(-ndim - 1, ndim + 1)) if ndim else int(rng.integers(-1, 2)) for _ in range(count)]


def case_index_functions(rng):
    """Index functions and partitions (numcu/selection.hpp, numcu/sorting.hpp, numcu/joining.hpp,
    numcu/creation.hpp): put_along_axis (distinct places along the axis, negative and out-of-range indices
    too), putmask (values of another dtype: NumPy's safe cast), fill_diagonal (an array or a number, `wrap= i
    1`), ravel_multi_index (`dims= l`, `mode= i` raise/wrap/clip, `order= i` C/F), tril_indices, triu_indices
    (`n`, `k`, `m= i`) and their _from forms, diag_indices (`n`, `ndim`) and diag_indices_from, ix_, hsplit,
    vsplit and dsplit (`sections= i` or `indices= l`), logspace (`base= r`) and geomspace of real bounds
    (`dtype=`), and partition and argpartition (`kth= l`, `axis= i` or `flat= i 1`) read at their kth places:
    the order NumPy leaves on either side of them is its algorithm's, the value at each kth is the sort's."""
    name = pick(rng, ["put_along_axis", "putmask", "fill_diagonal", "ravel_multi_index", "tril_indices",
                      "triu_indices", "tril_indices_from", "triu_indices_from", "diag_indices", "diag_indices_from",
                      "ix_", "hsplit", "vsplit", "dsplit", "logspace", "geomspace", "partition", "argpartition"])
    t = pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    nd = len(shape)
    if name == "put_along_axis":
        if nd == 0:
            return None
        target = draw_array(rng, t, shape, tag="o")
        target.tag = "a"
        axis = int(rng.integers(-nd, nd))
        n = shape[axis]
        k = int(rng.integers(0, n + 1))
        idx_shape = list(shape)
        idx_shape[axis] = k
        # each slice along the axis: k distinct places (NumPy's write order among equal places is its own)
        rows = int(np.prod([e for i, e in enumerate(shape) if i != axis % nd], dtype=np.int64))
        picks = np.zeros((rows, k), dtype=np.int64)
        for row in picks:
            row[...] = rng.permutation(n)[:k]
        picks = np.moveaxis(picks.reshape([e for i, e in enumerate(idx_shape) if i != axis % nd] + [k]), -1,
                            axis % nd)
        picks = np.where(rng.random(picks.shape) < 0.3, picks - n, picks)  # negative ones
        if rng.random() < 0.05 and picks.size:
            picks.flat[0] = n + 1  # out of bounds
        it = pick(rng, ["int64", "int32", "int16"])
        idx = Array(it, picks.astype(np_dtype(it)), "c")
        values = draw_array(rng, t, pick(rng, [tuple(idx_shape), (1,), ()]))

        def do_put(x, i, v, *_):
            np.put_along_axis(x, i, v, axis=axis)
        return Case(name, [target, idx, values, Keyword("axis", Plain("i", axis))], do_put, writes=0), None
    if name == "putmask":
        target = draw_array(rng, t, shape, tag="o")
        target.tag = "a"
        mask = draw_array(rng, "bool", shape if rng.random() < 0.95 else (7,))
        u = t if rng.random() < 0.6 else pick(rng, ALL_TYPES)
        values = draw_array(rng, u, pick(rng, [(1,), (3,), (0,), shape]), finite=u != t)
        if u != t and kind_of(u) != "b":
            bound_values(rng, values, 100)

        def do_putmask(x, m, v):
            np.putmask(x, m, v)
        return Case(name, [target, mask, values], do_putmask, writes=0), None
    if name == "fill_diagonal":
        shape = pick(rng, [(3, 3), (4, 2), (2, 5), (7, 3), (2, 2, 2), (2, 3, 2), (0, 0), (1, 1)])
        target = draw_array(rng, t, shape, tag="o")
        target.tag = "a"
        wrap = rng.random() < 0.4
        kw = [Keyword("wrap", Plain("i", 1))] if wrap else []
        if rng.random() < 0.5:
            value = draw_array(rng, t, pick(rng, [(1,), (2,), (5,)]))
        else:
            value = Scalar("i", int(rng.integers(0, 2))) if kind_of(t) in "biu" else Scalar("f", float(
                pick(rng, [0.5, -2.0, float("nan"), float("inf"), 3.0])))

        def do_fill(x, v, *_):
            np.fill_diagonal(x, v, wrap=wrap)
        return Case(name, [target, value] + kw, do_fill, writes=0), None
    if name == "ravel_multi_index":
        dims = [int(x) for x in rng.integers(1, 5, int(rng.integers(1, 4)))]
        if rng.random() < 0.05:
            dims[0] = 0
        mode = int(rng.integers(3)) if rng.random() < 0.5 else 0
        order = int(rng.integers(2)) if rng.random() < 0.5 else 0
        coords = []
        count = len(dims) if rng.random() < 0.95 else len(dims) + 1
        coord_shape = pick(rng, [(3,), (2, 2), (0,), ()])
        for d in (dims + [3])[:count]:
            spread = d * (3 if mode else 1)
            ct = pick(rng, ["int64", "int64", "int32", "uint8", "int8", "uint64"])
            lo = 0 if ct[0] == "u" or (mode == 0 and rng.random() < 0.95) else -spread
            v = rng.integers(lo, max(spread, 1), int(np.prod(coord_shape, dtype=np.int64))).reshape(coord_shape)
            coords.append(Array(ct, v.astype(np_dtype(ct)), "c"))
        modes = ["raise", "wrap", "clip"]
        kw = [Keyword("dims", Plain("l", dims))]
        kw += [Keyword("mode", Plain("i", mode))] if mode else []
        kw += [Keyword("order", Plain("i", order))] if order else []
        return Case(name, coords + kw, lambda *v: np.asarray(np.ravel_multi_index(
            tuple(v[:len(coords)]), tuple(dims), mode=modes[mode], order="CF"[order]), dtype=np.int64)), None
    if name in ("tril_indices", "triu_indices"):
        n, k = int(rng.integers(0, 6)), int(rng.integers(-3, 4))
        m = int(rng.integers(0, 6)) if rng.random() < 0.5 else None
        fn = getattr(np, name)
        args = [Plain("i", n), Plain("i", k)] + ([Keyword("m", Plain("i", m))] if m is not None else [])
        return Case(name, args, lambda *_: tuple(fn(n, k, m))), None
    if name in ("tril_indices_from", "triu_indices_from", "diag_indices_from"):
        a = draw_array(rng, t, pick(rng, [shape, (3, 3), (2, 4), (2, 2, 2)]))
        fn = getattr(np, name)
        if name == "diag_indices_from":
            return Case(name, [a], lambda x: tuple(fn(x))), None
        k = int(rng.integers(-3, 4))
        return Case(name, [a, Plain("i", k)], lambda x, _k: tuple(fn(x, k))), None
    if name == "diag_indices":
        n, ndim = int(rng.integers(0, 5)), int(rng.integers(1, 4))
        return Case(name, [Plain("i", n), Plain("i", ndim)], lambda *_: tuple(np.diag_indices(n, ndim))), None
    if name == "ix_":
        parts = []
        for _ in range(int(rng.integers(1, 4))):  # (no arguments: nothing to write on either side)
            pt = pick(rng, ["int64", "int32", "uint8", "bool", "bool", "int16", "float64"])
            parts.append(draw_array(rng, pt, pick(rng, [(3,), (0,), (1,), (2, 2)]) if rng.random() < 0.1 else
                                    pick(rng, [(3,), (0,), (1,), (4,)]), moderate=True, finite=True))
        return Case(name, parts, lambda *v: tuple(np.ix_(*v))), None
    if name in ("hsplit", "vsplit", "dsplit"):
        a = draw_array(rng, t, pick(rng, [shape, (4, 6, 2), (2, 4, 4)]))
        fn = getattr(np, name)
        if rng.random() < 0.5:
            how = int(pick(rng, [1, 2, 3, 4, 0]))
            kw = Keyword("sections", Plain("i", how))
        else:
            how = [int(x) for x in rng.integers(-4, 8, int(rng.integers(0, 4)))]
            kw = Keyword("indices", Plain("l", how))
        return Case(name, [a, kw], lambda x, *_: tuple(fn(x, how))), None
    if name in ("logspace", "geomspace"):
        start = float(pick(rng, [0.0, 1.0, -1.0, 2.5, 0.5, -3.0, 3.0, 100.0]))
        stop = float(pick(rng, [0.0, 2.0, -2.0, 3.5, 1.0, -0.5, 4.0, 1e-3]))
        num = int(pick(rng, [0, 1, 2, 5, 7, 50]))
        endpoint = rng.random() < 0.7
        args = [Plain("r", start), Plain("r", stop), Plain("i", num), Plain("i", int(endpoint))]
        base = float(pick(rng, [10.0, 2.0, 0.5, -2.0, 3.0])) if name == "logspace" else None
        if base is not None:
            args.append(Keyword("base", Plain("r", base)))
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            values = (np.logspace(start, stop, num, endpoint, base) if base is not None else
                      np.geomspace(start, stop, num, endpoint) if start * stop != 0 else np.zeros(0))
        # an integer dtype only where every value is finite and fits (the cast of others is undefined)
        fits = lambda d: np.all(np.isfinite(values)) and np.all(np.abs(values) < np.iinfo(d).max)
        # (a complex dtype makes geomspace take the complex steps: docs/numpy_differences.md, a few ulps)
        dts = [d for d in ["float32", "float64", "float16", "complex128", "int16", "int64", "uint8"]
               if (kind_of(d) not in "iu" or fits(d)) and (d != "complex128" or name == "logspace")]
        dtype = pick(rng, dts) if rng.random() < 0.4 else None
        if dtype is not None:
            args.append(Keyword("dtype", Plain("d", dtype)))
        if name == "logspace":
            return Case(name, args, lambda *_: np.logspace(start, stop, num, endpoint, base, dtype=dtype)), None
        return Case(name, args, lambda *_: np.geomspace(start, stop, num, endpoint, dtype=dtype)), None
    # partition, argpartition: the values at the kth places
    if t == "bfloat16":
        return None  # (NumPy's partition takes ml_dtypes' bfloat16 as an opaque kind)
    a = draw_array(rng, t, shape)
    flat = nd == 0 or rng.random() < 0.3
    axis = None if flat else int(rng.integers(-nd, nd))
    n = a.value().size if flat else shape[axis]
    kth = [int(x) for x in rng.integers(-n, n, int(rng.integers(1, 3)))] if n else [0]
    if rng.random() < 0.05:
        kth.append(n)  # out of bounds
    kw = [Keyword("kth", Plain("l", kth))]
    kw += [Keyword("flat", Plain("i", 1))] if flat else [Keyword("axis", Plain("i", axis))]

    def kth_values(x, *_):
        if name == "partition":
            p = np.partition(x, kth, axis=axis)
        else:
            p = np.take_along_axis(x.ravel() if flat else x, np.argpartition(x, kth, axis=axis),
                                   axis=-1 if flat else axis)
        return np.take(p, kth, axis=-1 if flat else axis)
    return Case(name, [a] + kw, kth_values), None


def case_histograms(rng):
    """Histograms and the rest of numcu/sorting.hpp's and numcu/joining.hpp's building functions:
    histogram_bin_edges (`bins= i`, `lo= r` and `hi= r` for range=), histogram2d and histogramdd (`bins= l`: one
    count or one per dimension; `lo=` and `hi=` once per dimension; `density= i 1`; `weights=`), extract, block
    (arrays by position, `rows= l` the number in each row for a list of lists) and indices(sparse=True) (`dims=
    l`, `dtype=`)."""
    name = pick(rng, ["histogram_bin_edges", "histogram2d", "histogramdd", "extract", "block", "sparse_indices"])
    real = [x for x in ALL_TYPES if x != "bfloat16" and kind_of(x) != "c"]
    if name == "extract":
        t = pick(rng, ALL_TYPES)
        shape = draw_shape(rng)
        cond = draw_array(rng, pick(rng, ["bool", "bool", "int8", "float64"]), shape if rng.random() < 0.9 else
                          pick(rng, [(2,), (40,)]))
        return Case(name, [cond, draw_array(rng, t, shape)], np.extract), None
    if name == "block":
        t = pick(rng, ALL_TYPES)
        if rng.random() < 0.5:  # one list: joined along the last axis
            parts = [draw_array(rng, pick(rng, [t, pick(rng, ALL_TYPES)]), pick(rng, [(2,), (3,), (0,), (2, 2)]))
                     for _ in range(int(rng.integers(1, 4)))]
            return Case(name, parts, lambda *v: np.block(list(v))), None
        rows = [int(rng.integers(1, 3)) for _ in range(int(rng.integers(1, 3)))]
        height = [int(rng.integers(1, 3)) for _ in rows]
        parts = []
        for r, h in zip(rows, height):
            for _ in range(r):
                w = int(rng.integers(1, 3))
                parts.append(draw_array(rng, t, (h, w) if rng.random() < 0.95 else (h + 1, w)))

        def nested(*v):
            out, k = [], 0
            for r in rows:
                out.append(list(v[k:k + r]))
                k += r
            return np.block(out)
        return Case(name, parts + [Keyword("rows", Plain("l", rows))], lambda *v: nested(*v[:len(parts)])), None
    if name == "sparse_indices":
        dims = [int(x) for x in rng.integers(0, 4, int(rng.integers(1, 4)))]  # (none: nothing to write)
        t = pick(rng, ["int64", "int32", "int8", "float64", "uint16"])
        return Case(name, [Keyword("dims", Plain("l", dims)), Keyword("dtype", Plain("d", t))],
                    lambda *_: tuple(np.indices(tuple(dims), dtype=np_dtype(t), sparse=True))), None
    t = pick(rng, real)
    if name == "histogram_bin_edges":
        h = draw_array(rng, t, draw_shape(rng), moderate=True, finite=True)
        if kind_of(t) == "f":
            bound_values(rng, h, float_max(t) / 4)
        bins = int(pick(rng, [1, 3, 10, 17]))
        kw = [Keyword("bins", Plain("i", bins))]
        bounds = None
        if rng.random() < 0.3:
            lo = float(pick(rng, [-2.0, 0.0, 0.5]))
            bounds = (lo, lo + float(pick(rng, [0.0, 1.0, 3.25, 100.0])))
            kw += [Keyword("lo", Plain("r", bounds[0])), Keyword("hi", Plain("r", bounds[1]))]
        return Case(name, [h] + kw, lambda x, *_: np.histogram_bin_edges(x, bins=bins, range=bounds)), None
    n = int(pick(rng, [0, 1, 5, 12]))
    d = 2 if name == "histogram2d" else int(rng.integers(1, 4))
    columns = [draw_array(rng, t, (n,), moderate=True, finite=True, views=False) for _ in range(d)]
    for c in columns:
        bound_values(rng, c, 1000)
    bins = [int(pick(rng, [1, 2, 3, 5]))] if rng.random() < 0.5 else [int(pick(rng, [1, 2, 4])) for _ in range(d)]
    kw = [Keyword("bins", Plain("l", bins))]
    bounds = None
    if rng.random() < 0.3 or n == 0:
        bounds = [(float(lo), float(lo) + float(w)) for lo, w in
                  zip(rng.choice([-2.0, 0.0, 0.5], d), rng.choice([1.0, 3.25, 100.0], d))]
        kw += [Keyword("lo", Plain("r", b[0])) for b in bounds] + [Keyword("hi", Plain("r", b[1])) for b in bounds]
    density = rng.random() < 0.3
    if density:
        kw.append(Keyword("density", Plain("i", 1)))
    weights = None
    if rng.random() < 0.3:
        # quarters: every sum of them exact (density divides by the sum of the bins, which NumPy adds pairwise
        # and numcu in a tree of its own)
        wt = pick(rng, ["float64", "float32", "int32"])
        quarters = rng.integers(-8, 9, n) / (1.0 if wt == "int32" else 4.0)
        weights = Array(wt, quarters.astype(np_dtype(wt)), "c")
        kw.append(Keyword("weights", weights))
    np_bins = bins[0] if len(bins) == 1 else bins
    if name == "histogram2d":
        def compute2(x, y, *rest):
            w = rest[-1] if weights is not None else None
            return np.histogram2d(x, y, bins=np_bins, range=bounds, density=density, weights=w)
        return Case(name, columns + kw, compute2), None
    sample = Array(t, np.stack([c.base for c in columns], axis=1), "c")

    def computedd(x, *rest):
        w = rest[-1] if weights is not None else None
        hist, edges = np.histogramdd(x, bins=np_bins, range=bounds, density=density, weights=w)
        return (hist,) + tuple(edges)
    return Case(name, [sample] + kw, computedd), None


def case_manipulation(rng):
    name = pick(rng, ["reshape", "ravel", "flatten", "copy", "transpose", "swapaxes", "moveaxis", "squeeze",
                      "expand_dims", "broadcast_to", "broadcast_arrays", "ascontiguousarray"])
    t = pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    a = draw_array(rng, t, shape)
    nd = len(shape)
    size = int(np.prod(shape, dtype=np.int64))
    if name == "reshape":
        options = [(size,), (-1,), (1, size), (size, 1), (-1, 1), (2, -1), (3, 4), (), (1,), (0, -1), (-1, -1)]
        if size % 2 == 0 and size:
            options.append((2, size // 2))
        new = list(pick(rng, options))
        return Case(name, [a, Plain("l", new)], lambda x, s: np.reshape(x, s)), None
    if name in ("ravel", "flatten", "copy", "ascontiguousarray"):
        fns = {"ravel": np.ravel, "flatten": lambda x: x.flatten(), "copy": lambda x: x.copy(),
               "ascontiguousarray": np.ascontiguousarray}
        return Case(name, [a], fns[name], view="n" if name in ("flatten", "copy") else "a"), None
    if name == "transpose":
        if rng.random() < 0.4:
            return Case(name, [a], np.transpose, view="v"), None
        axes = list(rng.permutation(nd)) if rng.random() < 0.7 else draw_axes(rng, nd, max(nd, 1))
        axes = [int(x) - (nd if rng.random() < 0.3 else 0) for x in axes]
        return Case(name, [a, Plain("l", axes)], lambda x, ax: np.transpose(x, ax), view="v"), None
    if name == "swapaxes":
        ax = draw_axes(rng, nd, 2)
        return Case(name, [a, Plain("i", ax[0]), Plain("i", ax[1])], np.swapaxes, view="v"), None
    if name == "moveaxis":
        if rng.random() < 0.5:
            ax = draw_axes(rng, nd, 2)
            return Case(name, [a, Plain("i", ax[0]), Plain("i", ax[1])], np.moveaxis, view="v"), None
        k = int(rng.integers(0, nd + 1))
        src, dst = draw_axes(rng, nd, k), draw_axes(rng, nd, k if rng.random() < 0.9 else k + 1)
        return Case(name, [a, Plain("l", src), Plain("l", dst)], np.moveaxis, view="v"), None
    if name == "squeeze":
        if rng.random() < 0.4:
            return Case(name, [a], np.squeeze, view="v"), None
        axes = draw_axes(rng, nd, int(rng.integers(0, 3)))
        return Case(name, [a, Plain("l", axes)], lambda x, ax: np.squeeze(x, tuple(ax)), view="v"), None
    if name == "expand_dims":
        if rng.random() < 0.5:
            ax = draw_axes(rng, nd + 1, 1)[0]
            return Case(name, [a, Plain("i", ax)], np.expand_dims, view="v"), None
        axes = draw_axes(rng, nd + 2, int(rng.integers(0, 3)))
        return Case(name, [a, Plain("l", axes)], lambda x, ax: np.expand_dims(x, tuple(ax)), view="v"), None
    if name == "broadcast_to":
        target = list(pick(rng, [shape, (2,) + tuple(shape), (3,) + tuple(shape)]))
        target = [n if rng.random() < 0.8 else pick(rng, [1, 2, 4]) for n in target]
        return Case(name, [a, Plain("l", target)], lambda x, s: np.broadcast_to(x, s), view="v"), None
    others = [draw_array(rng, pick(rng, ALL_TYPES), broadcast_partner(rng, shape)) for _ in range(rng.integers(1, 3))]
    return Case(name, [a] + others, lambda *xs: tuple(np.broadcast_arrays(*xs))), None


def float_fitting(s, t):
    """`s`, or 1.5 when it is a float or complex that an integer dtype `t` does not hold: full() casts it as
    astype does, which NumPy leaves undefined for NaN and out-of-range values (docs/numpy_differences.md)."""
    if kind_of(t) in "iu" and s.kind in "fc" and not int_target_ok(np.array(s.v), t):
        return Scalar("f", 1.5)
    return s


def drawable(shape):
    """True for a shape small enough to hold drawn values (not one of the invalid or huge shapes)."""
    return min(shape, default=0) >= 0 and math.prod(shape) < 100


def case_creation(rng):
    """Creation with an explicit dtype (the dtype of a C++ value alone is another group: case_default_dtype)."""
    name = pick(rng, ["zeros", "ones", "full", "zeros_like", "ones_like", "full_like", "arange", "linspace",
                      "eye", "identity", "array"])
    t = pick(rng, ALL_TYPES)
    shape = list(draw_shape(rng))
    if rng.random() < 0.03:
        shape = pick(rng, [[-1], [2, -3], [2**40, 2**40], [2**62, 4]])
    if name in ("zeros", "ones"):
        return Case(name, [Plain("l", shape), Plain("d", t)], lambda s, d: getattr(np, name)(s, d)), None
    if name == "full":
        v = bf16_storable(float_fitting(draw_scalar(rng, t), t), t)
        return Case(name, [Plain("l", shape), v, Plain("d", t)], lambda s, x, d: np.full(s, x, d)), None
    if name in ("zeros_like", "ones_like", "full_like"):
        a = draw_array(rng, pick(rng, ALL_TYPES), tuple(shape) if drawable(shape) else (2,))
        target = t if rng.random() < 0.6 else a.dtype
        args = [a] + ([bf16_storable(float_fitting(draw_scalar(rng, target), target), target)]
                      if name == "full_like" else [])
        if target == t:
            args.append(Plain("d", t))
        fn = getattr(np, name)
        return Case(name, args, lambda x, *rest: fn(x, *rest)), None
    if name == "arange":
        kinds = "if" if rng.random() < 0.9 else "ifc"
        k = pick(rng, kinds)
        if k == "i":
            start, stop, step = (int(rng.integers(-10, 10)), int(rng.integers(-10, 20)), int(pick(rng, [1, 2, -1, 3, 0])))
            args = [Scalar("i", start), Scalar("i", stop), Scalar("i", step)]
        elif k == "f":
            start, stop = float(rng.integers(-8, 8)) / 4, float(rng.integers(-8, 16)) / 2
            if rng.random() < 0.1:  # a length NumPy cannot compute, or one beyond int64 on either side
                stop = float(pick(rng, [np.nan, np.inf, -np.inf, -1e300]))
            step = float(pick(rng, [0.25, 0.5, -0.5, 1.0, 0.3, 0.0, np.inf]))
            args = [Scalar("f", start), Scalar("f", stop), Scalar("f", step)]
        else:
            args = [Scalar("c", complex(0, 1)), Scalar("c", complex(5, 0)), Scalar("i", 1)]
        args.append(Plain("d", t))
        return Case(name, args, lambda a, b, c, d: np.arange(a, b, c, dtype=d)), None
    if name == "linspace":
        start = Scalar("f", float(rng.integers(-8, 8)) / 2)
        stop = Scalar("f", float(rng.integers(-8, 8)) / 2 + float(pick(rng, [0.0, 0.3, 10.0])))
        num = int(pick(rng, [0, 1, 2, 5, 7, -1]))
        endpoint = int(rng.integers(2))
        if kind_of(t) in "iu":
            # a float -> integer cast of a negative value or of a NaN is not defined by NumPy
            start, stop = Scalar("f", abs(start.v)), Scalar("f", abs(stop.v))
        return Case(name, [start, stop, Plain("i", num), Plain("i", endpoint), Plain("d", t)],
                    lambda a, b, n, e, d: np.linspace(a, b, n, endpoint=bool(e), dtype=d)), None
    if name == "eye":
        n = int(rng.integers(-1, 5))
        m = int(rng.integers(0, 5))
        k = int(rng.integers(-3, 4))
        return Case(name, [Plain("i", n), Plain("i", m), Plain("i", k), Plain("d", t)],
                    lambda a, b, c, d: np.eye(a, b, c, dtype=d)), None
    if name == "identity":
        return Case(name, [Plain("i", int(rng.integers(-1, 5))), Plain("d", t)],
                    lambda n, d: np.identity(n, dtype=d)), None
    src = pick(rng, ALL_TYPES)
    a = draw_array(rng, src, tuple(shape) if drawable(shape) else (3,),
                   views=False)
    sanitize_for_int(a, t)
    return Case(name, [a, Plain("d", t)], lambda x, d: np.array(x, dtype=d)), None


def case_default_dtype(rng):
    """Creation whose dtype comes from the C++ value alone (int64_t, double, std::complex<double>, bool).

    This group is kept apart: how numcu picks a dtype from a C++ type in creation functions is being
    settled, and these cases will follow that decision."""
    name = pick(rng, ["full", "arange", "linspace"])
    if name == "full":
        v = draw_scalar(rng)
        if v.kind == "i" and v.v >= 2**63:
            v = Scalar("i", 2**62)
        return Case("full.default", [Plain("l", list(draw_shape(rng))), v], lambda s, x: np.full(s, x)), None
    if name == "arange":
        stop = Scalar("i", int(rng.integers(0, 9))) if rng.random() < 0.5 else Scalar("f", float(rng.integers(0, 9)) / 2)
        return Case("arange.default", [stop], lambda s: np.arange(s)), None
    start = Scalar("f", float(rng.integers(-4, 4)))
    stop = Scalar("c", complex(1, 2)) if rng.random() < 0.2 else Scalar("f", float(rng.integers(-4, 8)))
    num = int(rng.integers(0, 6))
    return Case("linspace.default", [start, stop, Plain("i", num)], lambda a, b, n: np.linspace(a, b, n)), None


# ---------------------------------------------------------------------------------------------------------
# Reductions, statistics and scans (numcu/reduction.hpp)

UFUNC_REDUCTIONS = ["sum", "prod", "nansum", "nanprod", "max", "amax", "min", "amin", "nanmax", "nanmin", "ptp",
                    "mean", "var", "std", "nanmean", "nanvar", "nanstd", "any", "all"]
ARG_REDUCTIONS = ["argmax", "argmin", "nanargmax", "nanargmin"]
SCANS = ["cumsum", "cumprod", "nancumsum", "nancumprod"]
CUMULATIVE = ["cumulative_sum", "cumulative_prod"]
REDUCTIONS = UFUNC_REDUCTIONS + ARG_REDUCTIONS + ["count_nonzero", "average"] + SCANS + CUMULATIVE + \
    ["diff", "ediff1d", "gradient", "trapezoid"]
WITH_DTYPE = {"sum", "prod", "nansum", "nanprod", "mean", "var", "std", "nanmean", "nanvar", "nanstd"} | \
    set(SCANS) | set(CUMULATIVE)
WITH_INITIAL = {"sum", "prod", "nansum", "nanprod", "max", "amax", "min", "amin", "nanmax", "nanmin"}
EXTREMES = {"max", "amax", "min", "amin", "nanmax", "nanmin"}
MOMENTS = {"var", "std", "nanvar", "nanstd"}
WITH_WHERE = {"sum", "prod", "nansum", "nanprod", "mean", "nanmean", "any", "all"} | EXTREMES | MOMENTS
WITH_OUT = set(UFUNC_REDUCTIONS) | set(ARG_REDUCTIONS) | set(SCANS) | set(CUMULATIVE)
# Sums, computed by numcu in double for the narrower floats (more accurately than NumPy) and in a fixed tree
# (docs/numpy_differences.md, "Reductions and scans"): their finite values are drawn small enough that no partial
# sum in any order overflows (where one does, the result depends on the order and the accumulator), and they
# compare within a tolerance (tests/test_differential.cpp, rule_of).
SUMS = {"sum", "nansum", "mean", "nanmean", "average", "cumsum", "nancumsum", "cumulative_sum", "trapezoid"}
# Products, numcu's in a fixed tree, NumPy's in sequence: their finite factors are drawn near 1 in magnitude, so
# that no partial product in any order overflows or underflows.
PRODUCTS = {"prod", "nanprod", "cumprod", "nancumprod", "cumulative_prod"}
# Complex means divide by the count as a complex number in NumPy (Smith's division turns an infinite or NaN part
# into NaN parts) and by a real count in numcu, and gradient and trapezoid multiply and divide complex values by
# real ones (complex arithmetic with infinite or NaN parts, docs/numpy_differences.md): their complex values are
# drawn finite (NaN kept where skipped).
MEANS = {"mean", "nanmean", "average", "gradient", "trapezoid"} | MOMENTS
REDUCE_SHAPES = SHAPES + [(5,), (12,), (1, 1), (0, 3), (4, 5), (2, 3, 4), (3, 0, 2), (2, 2, 1, 3), (5, 6)]
NUMPY_REDUCTIONS = {"all": np.all, "any": np.any, "max": np.max, "min": np.min}


def float_max(t):
    """The largest finite value of a floating or complex dtype (of its parts), None for others."""
    if t == "bfloat16":
        return float(ml_dtypes.finfo(BF16).max)
    return float(np.finfo(np_dtype(t)).max) if kind_of(t) in "fc" else None


def bound_values(rng, a, bound):
    """Scales the finite values (parts) of `a`'s base beyond `bound` in magnitude into it."""
    k = kind_of(a.dtype)
    flat = a.base.reshape(-1)
    if k in "iu":
        lim = int(min(bound, 2**62))
        for i, v in enumerate(flat):
            if abs(int(v)) > lim:
                flat[i] = (abs(int(v)) % (lim + 1)) * (1 if v >= 0 else -1)
        return

    def fit(x):
        return x if not math.isfinite(x) or abs(x) <= bound else math.copysign(bound * rng.uniform(0.1, 1.0), x)
    for i, v in enumerate(flat):
        if k == "c":
            flat[i] = complex(fit(float(v.real)), fit(float(v.imag)))
        elif k == "f":
            flat[i] = fit(float(v))


def near_one(rng, a):
    """Replaces the finite values of `a`'s base other than 0 and +-1 by values of magnitude 2**+-0.2 (complex:
    the same direction; of a value with an infinite or NaN part, the finite part alone, which a real dtype=
    keeps as a factor), so that a product of up to 60 of them, in any order, neither overflows nor underflows
    (float16 included: NumPy's cumprod rounds each step to float16)."""
    def near(x):
        return math.copysign(2.0 ** rng.uniform(-0.2, 0.2), x) if math.isfinite(x) and abs(x) not in (0.0, 1.0) else x

    k = kind_of(a.dtype)
    flat = a.base.reshape(-1)
    for i, v in enumerate(flat):
        if k == "c":
            z = complex(v)
            if math.isfinite(z.real) and math.isfinite(z.imag):
                if abs(z) not in (0.0, 1.0):
                    flat[i] = z / abs(z) * 2.0 ** rng.uniform(-0.2, 0.2)
            else:
                flat[i] = complex(near(z.real), near(z.imag))
        elif k == "f":
            x = float(v)
            if math.isfinite(x) and abs(x) not in (0.0, 1.0):
                flat[i] = math.copysign(2.0 ** rng.uniform(-0.2, 0.2), x)


def finite_complex(a, keep_nan):
    """Replaces complex values with an infinite or NaN part (keeping those with a NaN part if `keep_nan`)."""
    if kind_of(a.dtype) != "c":
        return
    flat = a.base.reshape(-1)
    for i, z in enumerate(flat):
        if not (math.isfinite(z.real) and math.isfinite(z.imag)):
            if keep_nan and (math.isnan(z.real) or math.isnan(z.imag)):
                continue
            flat[i] = complex(1.25, -0.5)


def nonnegative(a):
    """average's weights: finite and non-negative (their sum then has no cancellation to amplify rounding)."""
    k = kind_of(a.dtype)
    if k == "b":
        return
    flat = a.base.reshape(-1)
    for i, v in enumerate(flat):
        x = float(v.real) if k == "c" else float(v)
        if k == "i":
            x = float(abs(int(v)) % 100)
        elif k == "u":
            x = float(int(v) % 100)
        elif not math.isfinite(x) or abs(x) > 100:
            x = 1.5
        flat[i] = abs(x)


def draw_reduce_axis(rng, nd, single=False):
    """An axis argument, or None (left out): one axis (negative too) or, unless `single`, a list of distinct
    ones (the empty list included); rarely one out of range or repeated."""
    if rng.random() < 0.3:
        return None
    bad = rng.random() < 0.05
    if single or rng.random() < 0.5:
        if bad or nd == 0:
            return Plain("i", int(pick(rng, [nd, -nd - 1, nd + 2, 0])))
        ax = int(rng.integers(0, nd))
        return Plain("i", ax - nd if rng.random() < 0.4 else ax)
    axes = [int(x) for x in rng.permutation(nd)[:int(rng.integers(0, nd + 1))]]
    axes = [x - nd if rng.random() < 0.3 else x for x in axes]
    if bad:
        axes.append(axes[0] if axes else nd)
    return Plain("l", axes)


def axis_list(ax, nd):
    """The valid axes an axis argument names (None: every axis), or None when one is invalid."""
    if ax is None:
        return list(range(nd))
    axes = ax.v if ax.tag == "l" else [ax.v]
    out = []
    for x in axes:
        if not -nd <= x < nd or x % nd in out:
            return None
        out.append(x % nd)
    return out


def reduce_scalar(rng, t, name):
    """initial=: any weak scalar, but a moderate one for products (a factor near the float range would make
    the product's overflow and underflow depend on the order)."""
    if name in PRODUCTS:
        return pick(rng, [Scalar("i", 1), Scalar("i", 2), Scalar("i", -1), Scalar("i", 0), Scalar("f", 0.5),
                          Scalar("f", -1.5), Scalar("f", -0.0), Scalar("f", float("nan")), Scalar("f", float("inf")),
                          Scalar("c", complex(1, 1)), Scalar("b", True)])
    return bf16_storable(draw_scalar(rng, t), t)


def numpy_reduction(name, names):
    """NumPy's call: the array, then the keyword arguments `names` (gradient's spacings positional)."""
    fn = NUMPY_REDUCTIONS.get(name) or getattr(np, name)

    def compute(a, *values):
        kw, spacing = {}, []
        for k, v in zip(names, values):
            if k == "spacing":
                spacing.append(v)
            elif k in ("keepdims", "include_initial", "returned"):
                kw[k] = bool(v)
            else:
                kw[k] = tuple(v) if isinstance(v, list) else v
        r = fn(a, *spacing, **kw)
        if name == "count_nonzero":
            return np.asarray(r, dtype=np.int64)  # a Python int for axis None, intp arrays otherwise
        if name == "gradient":
            return tuple(r) if isinstance(r, (tuple, list)) else (r,)
        return r
    return compute


def reduction_case(name, a, kw):
    return Case(name, [a] + [Keyword(k, v) for k, v in kw], numpy_reduction(name, [k for k, _ in kw]),
                shadowed=True)


def case_reduction(rng):
    """Reductions, statistics and scans: every function of numcu/reduction.hpp with its keyword arguments."""
    name = pick(rng, REDUCTIONS)
    # ml_dtypes' bfloat16 is no np.inexact: NumPy's NaN functions do not skip its NaN
    t = pick(rng, [x for x in ALL_TYPES if x != "bfloat16" or not name.startswith("nan")])
    shape = pick(rng, REDUCE_SHAPES)
    if name == "gradient" and (not shape or (min(shape) < 3 and rng.random() < 0.7)):
        # np.gradient of a 0-d array is an empty tuple (no outcome to write); an axis shorter than
        # edge_order + 1 raises, mostly long enough ones are drawn
        shape = pick(rng, [(4,), (3, 5), (5,), (3, 3, 2), (6, 4)])
    nd, size = len(shape), math.prod(shape)
    a = draw_array(rng, t, shape, moderate=rng.random() < 0.5)
    kw = []
    floats = [t]  # the dtypes the values pass through (for the bounds of sums)
    if name in UFUNC_REDUCTIONS or name in ("count_nonzero", "average"):
        ax = draw_reduce_axis(rng, nd)
    elif name in ARG_REDUCTIONS or name in SCANS or name == "ediff1d":
        ax = draw_reduce_axis(rng, nd, single=True) if name != "ediff1d" else None
    elif name in CUMULATIVE:
        ax = draw_reduce_axis(rng, nd, single=True)
        if ax is None and nd != 1 and rng.random() < 0.8:
            ax = Plain("i", int(rng.integers(0, nd))) if nd else None
    elif name == "gradient":
        ax = draw_reduce_axis(rng, nd) if rng.random() < 0.4 else None
        if ax is not None and ax.tag == "l" and not ax.v:
            ax = None  # axis=() gives an empty tuple as well
    else:  # diff, trapezoid
        ax = draw_reduce_axis(rng, nd, single=True)
    if ax is not None:
        kw.append(("axis", ax))
    if name in WITH_DTYPE and rng.random() < 0.25:
        d = pick(rng, ALL_TYPES)
        kw.append(("dtype", Plain("d", d)))
        floats.append(d)
    if rng.random() < 0.3 and (name in UFUNC_REDUCTIONS or name in ARG_REDUCTIONS or
                               name in ("count_nonzero", "average")):
        kw.append(("keepdims", Plain("i", 1)))
    where = (name in WITH_WHERE and rng.random() < (0.1 if name in MOMENTS else 0.2))
    if name in WITH_INITIAL and (rng.random() < 0.2 or (where and name in EXTREMES and rng.random() < 0.85)):
        kw.append(("initial", reduce_scalar(rng, t, name)))
    if where:
        mask_t = "bool" if rng.random() < 0.95 else pick(rng, ALL_TYPES)
        kw.append(("where", draw_array(rng, mask_t, broadcast_partner(rng, shape))))
    axes = axis_list(ax, nd)
    if name in MOMENTS and rng.random() < 0.4:
        ddof = float(pick(rng, [0.0, 1.0, 1.0, 2.0, 0.5, 5.0]))
        count = size if axes is None else math.prod(shape[x] for x in axes)
        # nanvar and nanstd of integers and bools are var and std in NumPy
        divides = name in ("var", "std") or (name in ("nanvar", "nanstd") and kind_of(t) not in "fc")
        if divides and 0 < count <= ddof:
            # var divides by max(count - ddof, 0): by zero, whether the sum of squares is exactly 0 (a NaN)
            # or a rounding error (an infinity) depends on the precision; nanvar of floats gives NaN alone
            ddof = float(pick(rng, [0.0, 0.5])) if where else count - 1.0
        kw.append(("ddof", Plain("r", ddof)))
    n = 1 + (size if axes is None else math.prod(shape[x] for x in axes))  # terms of a result, with initial
    if name == "average":
        if rng.random() < 0.6:
            wt = pick(rng, [x for x in ALL_TYPES if kind_of(x) != "c"])
            r = rng.random()
            if r < 0.6 or ax is None or axes is None:
                wshape = shape if r < 0.9 else pick(rng, [(2,), (3,), (2, 2)])
            else:
                wshape = tuple(shape[x] for x in axes) if r < 0.95 else (7,)
            w = draw_array(rng, wt, wshape, moderate=True)
            nonnegative(w)
            if rng.random() < 0.1:
                w.base[...] = 0  # "Weights sum to zero, can't be normalized"
            kw.append(("weights", w))
            floats.append(wt)
            n *= 100  # the weights' magnitude
        if rng.random() < 0.2:
            kw.append(("returned", Plain("i", 1)))
    if name in CUMULATIVE and rng.random() < 0.4:
        kw.append(("include_initial", Plain("i", 1)))
    if name == "diff":
        if rng.random() < 0.4:
            kw.append(("n", Plain("i", int(pick(rng, [2, 3, 0, -1, 1])))))
        for edge in ("prepend", "append"):
            if rng.random() < 0.25:
                if rng.random() < 0.5:
                    kw.append((edge, draw_scalar(rng, t)))
                else:
                    eshape = list(shape)
                    if nd and axes:
                        eshape[axes[0]] = int(rng.integers(0, 3))
                    if rng.random() < 0.2:
                        eshape = list(pick(rng, [(), (1,), (2, 2)]))
                    kw.append((edge, draw_array(rng, pick(rng, [t, t, pick(rng, ALL_TYPES)]), tuple(eshape))))
    if name == "ediff1d":
        for edge in ("to_end", "to_begin"):
            if rng.random() < 0.3:
                et = pick(rng, [t, t, pick(rng, ALL_TYPES)])
                e = draw_array(rng, et, pick(rng, [(1,), (2,), (), (2, 2), (0,)]))
                sanitize_for_int(e, t)
                kw.append((edge, e))
    spacing = [1.0]
    if name == "gradient":
        count = len(axes) if axes is not None else nd
        r = rng.random()
        if r < 0.3:
            spacing = [float(pick(rng, [0.5, 2.0, 0.3, -1.0, 1.0]))]
        elif r < 0.5:
            spacing = [float(pick(rng, [0.5, 2.0, 0.3, -1.0, 1.0])) for _ in range(count + (rng.random() < 0.1))]
        if r < 0.5:
            kw += [("spacing", Plain("r", h)) for h in spacing]
        elif r < 0.65 and count > 0:
            # one spacing per axis, each a step or the coordinates along the axis (uneven, or evenly spaced,
            # which NumPy reduces to a step); the coordinates increase by at least 0.25
            along = axes if axes is not None else list(range(nd))
            for k in range(count):
                if rng.random() < 0.3:
                    kw.append(("spacing", Plain("r", float(pick(rng, [0.5, 2.0, -1.0])))))
                    continue
                length = shape[along[k]]
                ct = pick(rng, ["float64", "float64", "float32", "int64"])
                if rng.random() < 0.3:
                    steps = np.full(length, pick(rng, [1.0, 2.0, 0.5]) if ct != "int64" else 2.0)
                else:
                    steps = np.array([pick(rng, [0.25, 0.5, 1.0, 2.0, 3.0]) for _ in range(length)])
                if ct == "int64":
                    steps = np.ceil(steps)
                coords = np.cumsum(steps) + float(pick(rng, [0.0, -3.0, 10.0]))
                kw.append(("spacing", Array(ct, coords.astype(ct), "c")))
        if rng.random() < 0.3:
            kw.append(("edge_order", Plain("i", int(pick(rng, [2, 2, 1, 3])))))
    dmax = 1.0
    if name == "trapezoid":
        r = rng.random()
        if r < 0.3:
            # x of a signed or floating dtype: unsigned differences wrap to the dtype's range
            xt = pick(rng, [x for x in ALL_TYPES if kind_of(x) in "if"])
            length = shape[axes[0]] if nd and axes else 3
            xshape = (length if rng.random() < 0.9 else length + 1,) if rng.random() < 0.5 else shape
            x = draw_array(rng, xt, xshape, moderate=True, finite=True)
            bound_values(rng, x, 100.0)
            kw.append(("x", x))
            floats.append(xt)
            dmax = 200.0
        elif r < 0.6:
            dx = float(pick(rng, [0.5, 2.0, 0.1, -1.0, 3.0]))
            kw.append(("dx", Plain("r", dx)))
            dmax = abs(dx)
    # the values each family draws (see SUMS, PRODUCTS, MEANS)
    if name in MEANS:
        finite_complex(a, keep_nan=name.startswith("nan"))
    maxima = [m for m in map(float_max, floats) if m is not None]
    fmax = min(maxima) if maxima else None
    if fmax is not None and (name in SUMS or name in MOMENTS):
        bound_values(rng, a, math.sqrt(fmax / (32 * n)) if name in MOMENTS else fmax / (8 * n * dmax))
    if name in PRODUCTS:
        near_one(rng, a)
        if kind_of(t) in "iub" and fmax is not None:
            bound_values(rng, a, 1)  # integers multiplied as floats: their products stay exact
    if name == "gradient" and kind_of(t) in "fc":
        bound_values(rng, a, float_max(t) * min(abs(h) for h in spacing) / 16)
    if len(floats) > 1 and name in WITH_DTYPE:
        sanitize_for_int(a, floats[1])  # NumPy casts each element to dtype=: only values it defines are drawn
    if name in WITH_OUT and rng.random() < 0.08:
        # out= of the result's own dtype (NumPy computes in out's dtype when it is another one)
        try:
            r = shadow_answer(reduction_case(name, a, kw), [v.value() for v in [a] + [x for _, x in kw]])
        except Exception:  # noqa: BLE001  (the call raises without out: none is drawn)
            r = None
        if isinstance(r, np.ndarray) or isinstance(r, np.generic):
            r = np.asarray(r)
            oshape = r.shape
            if rng.random() < 0.1:
                # an out of the wrong shape; for a scan only where NumPy refuses it cleanly (its accumulations
                # accept an out with extra trailing axes, or one the result broadcasts to, and raise AxisError
                # or ValueError for others as their iterator finds them): a longer 1-D one, for an input of
                # more than one element (NumPy broadcasts one element along a longer out where it iterates;
                # include_initial accumulates into out[1:], one longer than the input)
                if name in SCANS or name in CUMULATIVE:
                    longer = r.ndim == 1 and r.shape[0] > (2 if ("include_initial" in dict(kw)) else 1)
                    oshape = (r.shape[0] + 2,) if longer else r.shape
                else:
                    oshape = pick(rng, [(7,), r.shape + (2,)])
            out = draw_array(rng, name_of(r.dtype), oshape, tag="o")
            kw.insert(len([k for k, _ in kw if k in ("axis", "dtype")]), ("out", out))
    case = reduction_case(name, a, kw)
    outcome = outcome_text(case, False)
    return (case, outcome) if outcome is not None else None


def arr(dtype, values):
    return Array(dtype, np.array(values, dtype=np_dtype(dtype)), "c")


def fill_case(dtype, value):
    def compute(x, v):
        x.fill(v)
    a = arr(dtype, [0, 0])
    return Case("fill", [a, value], compute, writes=0)


def assign_case(target_shape, value_shape):
    def compute(x, i, val):
        x[tuple(i)] = val
    return Case("setitem", [Array("float64", np.zeros(target_shape), "c"), Plain("x", [Ellipsis]),
                            Array("float64", np.ones(value_shape), "c")], compute, writes=0)


def regression_cases():
    """One call per class of disagreement found by a differential run before this test existed, first in
    every case file whatever the seed: each stays fixed, on every device."""
    c = complex
    nan = float("nan")
    return [
        # integer division of the minimum by -1 (lcm trapped on the CPU), gcd/lcm signs
        Case("lcm", [arr("int64", [-2**63]), arr("int64", [7])], np.lcm),
        Case("lcm", [arr("int32", [-2**31, -1001235531]), arr("int32", [7, 4])], np.lcm),
        Case("gcd", [arr("int32", [-2**31, -2**31]), arr("int32", [6, 0])], np.gcd),
        Case("floor_divide", [arr("int64", [-2**63]), arr("int64", [-1])], np.floor_divide),
        Case("remainder", [arr("int32", [-2**31]), arr("int32", [-1])], np.remainder),
        Case("fmod", [arr("int64", [-2**63]), arr("int64", [-1])], np.fmod),
        Case("divmod", [arr("int32", [-2**31]), arr("int32", [-1])], np.divmod),
        Case("lcm", [arr("uint16", [65535]), arr("uint16", [65534])], np.lcm),  # a product beyond int
        # integers alone in a comparison compare exactly
        Case("equal", [Scalar("i", 2**63 - 1), Scalar("i", 2**63)], np.equal),
        Case("less", [Scalar("i", 2**63 - 1), Scalar("i", 2**63)], np.less),
        # sizes that overflow int64
        Case("zeros", [Plain("l", [2**40, 2**40]), Plain("d", "float64")], np.zeros),
        Case("full", [Plain("l", [2**33, 2**31]), Scalar("i", 1), Plain("d", "int8")], np.full),
        # loop selection for mixed integer inputs
        Case("hypot", [arr("uint16", [3]), arr("int8", [4])], np.hypot),
        Case("hypot", [arr("uint8", [3]), arr("int8", [4])], np.hypot),
        Case("arctan2", [arr("uint16", [3]), arr("int8", [4])], np.arctan2),
        Case("copysign", [arr("uint16", [3]), arr("int8", [-4])], np.copysign),
        Case("logaddexp", [arr("uint16", [3]), arr("int8", [4])], np.logaddexp),
        Case("hypot", [arr("uint16", [3]), Scalar("f", 2.0)], np.hypot),
        Case("angle", [arr("uint16", [3]), Plain("i", 0)], lambda x, d: np.angle(x, deg=bool(d))),
        # bool where NumPy has no loop
        Case("positive", [arr("bool", [True])], np.positive),
        Case("sign", [arr("bool", [True])], np.sign),
        Case("gcd", [arr("bool", [True]), arr("bool", [True])], np.gcd),
        Case("round", [arr("bool", [True]), Plain("i", 1)], lambda x, n: np.round(x, n)),
        # complex ordering with NaN parts
        Case("greater", [arr("complex128", [c(1, nan)]), arr("complex128", [0])], np.greater),
        Case("maximum", [arr("complex128", [c(1, nan)]), arr("complex128", [0])], np.maximum),
        Case("clip", [arr("complex128", [1]), arr("complex128", [c(0, nan)]), arr("complex128", [5])], np.clip),
        # assignment with extra leading length-1 axes
        assign_case((2, 3), (1, 1, 3)),
        # scalars that do not fit the array
        fill_case("uint8", Scalar("f", -777.0)),
        fill_case("int32", Scalar("f", nan)),
        fill_case("float64", Scalar("c", c(1, 2))),
        # logical functions test the scalar's truth
        Case("logical_or", [arr("int16", [0, 1]), Scalar("i", 100000)], np.logical_or),
        Case("logical_or", [arr("float32", [0]), Scalar("f", 1e-50)], np.logical_or),
        # clip with an out-of-range integer bound
        Case("clip", [arr("uint8", [1, 5]), Scalar("i", -1), Scalar("i", 300)], np.clip),
        # complex functions of finite inputs
        Case("arctan", [arr("complex64", [c(-1.5393312e-3, -7.6608948e-4)])], np.arctan),
        Case("log", [arr("complex64", [c(0.6, 0.8)])], np.log),
        Case("arccosh", [arr("complex64", [c(-2950.25, -9)])], np.arccosh),
        Case("log10", [arr("complex64", [c(3e38, 3e38)])], np.log10),
        Case("sin", [arr("complex64", [c(0, -1049.18)])], np.sin),
        Case("cosh", [arr("complex64", [c(1000, 0)])], np.cosh),
        Case("divide", [arr("complex128", [c(-1.797e308, 6.5)]), arr("complex128", [c(-0.0, -47.31)])], np.divide),
        Case("power", [arr("complex128", [0]), arr("complex128", [c(-2.5, 1)])], np.power),
        Case("round", [arr("complex128", [c(-1e306, -88.231)]), Plain("i", 3)], lambda x, n: np.round(x, n)),
        # a 16-bit negation (abs, negative, floor_divide by -1) wraps before a wider out= takes it
        Case("abs", [Array("int16", np.array([-32768, 27125, 4, -28386, -100, 9], np.int16).reshape(2, 1, 3), "c"),
                     Array("int64", np.zeros((2, 1, 3), np.int64), "c", tag="o")], np.abs, writes=1),
        Case("negative", [arr("int16", [-32768, 5]), Array("int32", np.zeros(2, np.int32), "c", tag="o")],
             np.negative, writes=1),
        Case("floor_divide", [arr("int16", [-32768, 7]), Scalar("i", -1), Array("int64", np.zeros(2, np.int64), "c",
                                                                              tag="o")], np.floor_divide, writes=2),
        # arange with a complex dtype
        Case("arange", [Scalar("f", -1.054097831249237), Scalar("f", 8.3), Scalar("f", 1.0), Plain("d", "complex64")],
             lambda a, b, st, d: np.arange(a, b, st, dtype=d)),
        # reductions: an int8 accumulator wraps; an empty reduction without an identity raises; a float16 sum
        # beyond float16's range is inf; an all-NaN slice has no nanargmax
        reduction_case("sum", arr("int8", [100, 100, 100]), [("dtype", Plain("d", "int8"))]),
        reduction_case("max", Array("float32", np.zeros((2, 0), np.float32), "c"), [("axis", Plain("i", 1))]),
        reduction_case("sum", arr("float16", [60000, 60000]), []),
        reduction_case("nanargmax", arr("float64", [[nan, 1], [nan, nan]]), [("axis", Plain("i", 1))]),
        # a 0-d array's axis 0 in a ufunc reduction, a scan and cumulative_sum without axis
        reduction_case("sum", Array("int64", np.array(8), "c"), [("axis", Plain("i", 0))]),
        reduction_case("cumsum", Array("bool", np.array(True), "c"), [("axis", Plain("i", -1))]),
        reduction_case("cumulative_sum", Array("uint64", np.array(16, np.uint64), "c"), [("include_initial", Plain("i", 1))]),
        # initial= stored in the result dtype: NaN into an integer raises; bool min takes its truth
        reduction_case("sum", arr("uint16", [5, 7]), [("initial", Scalar("f", nan))]),
        reduction_case("amin", arr("bool", [[0]]), [("initial", Scalar("i", -300))]),
        # a where= of another dtype than bool raises before the axis is checked
        reduction_case("any", arr("int32", [[1, 2], [3, 0]]), [("axis", Plain("i", 5)),
                                                             ("where", arr("float16", [1, 0]))]),
        # integer, complex and real dtype= of var, std and the NaN statistics
        reduction_case("var", arr("uint8", [3, 7, 8]), [("dtype", Plain("d", "int8"))]),
        reduction_case("std", arr("complex64", [c(1, 2), c(3, -1)]), [("dtype", Plain("d", "float32"))]),
        reduction_case("var", arr("int16", [-10, -5, -13]), [("dtype", Plain("d", "complex64"))]),
        reduction_case("nanvar", arr("float32", [1.5, 2.5]), [("dtype", Plain("d", "int16"))]),
        reduction_case("nanstd", arr("float64", [1.0, 2.5, nan]), [("ddof", Plain("r", 5.0))]),
        # composed statistics sum from +0.0 (the imaginary -0.0 of a squared negative deviation); bfloat16
        # statistics compose in float32 (bfloat16 deviations would sum to 8)
        reduction_case("nanvar", Array("int32", np.array([17, 0, -1380338404, 1, 18, 861590760], np.int32)
                                       .reshape(2, 1, 3), "r"),
                       [("axis", Plain("l", [])), ("dtype", Plain("d", "complex64")),
                        ("where", Array("bool", np.array(True), "c"))]),
        reduction_case("var", Array("bfloat16", np.array([1.9609375, 0.5859375, 0.396484375, -1, 3.25, -5, 0, -2.90625,
                                                          -2.453125, -0.291015625, 1.0859375, 4.625], BF16)
                                    .reshape(3, 2, 2), "r"),
                       [("axis", Plain("l", [0, 1, 2])), ("dtype", Plain("d", "uint8")),
                        ("where", Array("bool", np.array([[[0, 1], [1, 1]]], bool), "c"))]),
        # dtype=bool sums and scans are logical; negative floats into an unsigned dtype= wrap per element
        reduction_case("cumsum", arr("float32", [-0.0, 1.7, -1.3]), [("dtype", Plain("d", "bool"))]),
        reduction_case("cumprod", arr("float32", [-1.5, 2.0]), [("dtype", Plain("d", "uint16"))]),
        # average: float16 with float16 weights stays float16; an empty average without weights raises
        reduction_case("average", arr("float16", [1, 2]), [("weights", arr("float16", [1, 3]))]),
        reduction_case("average", Array("bool", np.zeros((2, 0), bool), "c"), [("axis", Plain("i", -2))]),
        # gradient's second-order edges divide each coefficient by the spacing first (no overflow here)
        reduction_case("gradient", arr("float64", [1.7976931348623157e308, 2.5, 4.0, 1.0]),
                       [("spacing", Plain("r", 2.0)), ("edge_order", Plain("i", 2))]),
        # gradient checks its axes, then the number of spacings, and only then edge_order
        reduction_case("gradient", arr("uint8", [[1, 2], [4, 8]]), [("axis", Plain("i", 2)),
                                                                   ("edge_order", Plain("i", 3))]),
        reduction_case("gradient", arr("float32", [1, 4, 9, 16]), [("spacing", Plain("r", 0.5)),
                                                                   ("spacing", Plain("r", 1.0)),
                                                                   ("edge_order", Plain("i", 3))]),
    ]


# (drawing function, weight, elementwise): elementwise calls follow numcu's bfloat16 rule (bf16_ufunc_answer)
def case_sorting(rng):
    """Sorting, searching and sets (numcu/sorting.hpp): sort and argsort (stable: NumPy's kind="stable") along an
    axis or the flattened array (`flat= i 1`), searchsorted (`right= i 1`, `sorter=`), unique with first indices
    (along `axis=` or flattened) or with any of return_index, return_inverse, return_counts and equal_nan
    (unique_options), isin (`invert= i 1`), flatnonzero, argwhere, bincount (`weights=`, `minlength=`), digitize
    (`right= i 1`), histogram (`bins=` or `edges=`, `lo=` and `hi=` for range=, `density= i 1`, `weights=` in
    quarters). The
    order statistics and the set functions have families of their own."""
    name = pick(rng, ["sort", "argsort", "searchsorted", "unique", "isin", "flatnonzero", "argwhere", "bincount",
                      "digitize", "histogram"])
    shape = draw_shape(rng)
    # NumPy's unique, searchsorted, isin and digitize take ml_dtypes' bfloat16 as an opaque kind
    t = pick(rng, [x for x in ALL_TYPES if x != "bfloat16" or name in ("sort", "argsort", "flatnonzero", "argwhere")])
    nd = len(shape)
    a = draw_array(rng, t, shape)
    if name == "bincount":
        n = int(rng.integers(0, 30))
        xt = pick(rng, ["int64", "int32", "uint8", "int8", "bool", "uint16"])
        x = Array(xt, rng.integers(-1 if rng.random() < 0.05 and xt[0] == "i" else 0, 2 if xt == "bool" else 9,
                                   n).astype(np_dtype(xt)), "c")
        args, weighted = [x], rng.random() < 0.5
        if weighted:
            wt = pick(rng, [x for x in ALL_TYPES if x != "bfloat16" and kind_of(x) != "c"])
            args.append(Keyword("weights", draw_array(rng, wt, (n,), moderate=True, finite=True, views=False)))
        minlength = int(pick(rng, [0, 0, 3, 12]))
        if minlength:
            args.append(Keyword("minlength", Plain("i", minlength)))
        def compute(x, *rest, weighted=weighted, minlength=minlength):
            return np.bincount(x, weights=rest[0] if weighted else None, minlength=minlength)
        return Case(name, args, compute), None
    if name == "digitize":
        bt = pick(rng, [x for x in ALL_TYPES if x != "bfloat16" and kind_of(x) not in "cb"])
        edges = np.unique(draw_values(rng, bt, 6, moderate=True, finite=True))
        if rng.random() < 0.5:
            edges = edges[::-1].copy()
        right = rng.random() < 0.5
        xa = draw_array(rng, pick(rng, [x for x in ALL_TYPES if x != "bfloat16" and kind_of(x) not in "cb"]), shape,
                        moderate=True, finite=True)
        args = [xa, Array(bt, edges, "c")] + ([Keyword("right", Plain("i", 1))] if right else [])
        return Case(name, args, lambda x, b, *_: np.digitize(x, b, right=right)), None
    if name == "argwhere":
        return Case(name, [a], lambda x: np.argwhere(x)), None
    if name == "histogram":
        ht = pick(rng, [x for x in ALL_TYPES if x != "bfloat16" and kind_of(x) != "c"])
        h = draw_array(rng, ht, shape, moderate=True, finite=True)
        if kind_of(ht) == "f":
            # no range wider than the dtype holds: NumPy's bin index of such a range is NaN cast to an integer
            # (undefined; it raises IndexError where the cast gives INT64_MIN)
            bound_values(rng, h, float_max(ht) / 4)
        bins = int(pick(rng, [1, 3, 10, 17]))
        edges = None
        if rng.random() < 0.25:  # bins given as edges (increasing; rarely not)
            edges = np.sort(rng.choice([-3.0, -1.0, -0.5, 0.0, 0.25, 1.0, 2.0, 10.0], int(rng.integers(1, 6)),
                                       replace=False))
            if rng.random() < 0.05 and len(edges) > 1:
                edges = edges[::-1].copy()
            args = [h, Keyword("edges", Array("float64", edges, "c"))]
        else:
            args = [h, Keyword("bins", Plain("i", bins))]
        bounds = None
        if rng.random() < 0.3 and edges is None:
            lo = float(pick(rng, [-2.0, 0.0, 0.5]))
            bounds = (lo, lo + float(pick(rng, [0.0, 1.0, 3.25, 100.0])))
            args += [Keyword("lo", Plain("r", bounds[0])), Keyword("hi", Plain("r", bounds[1]))]
        density = rng.random() < 0.2
        if density:
            args.append(Keyword("density", Plain("i", 1)))
        weights = None
        if rng.random() < 0.25:  # quarters: every sum exact in any order
            wt = pick(rng, ["float64", "float32", "int32"])
            weights = Array(wt, (rng.integers(-8, 9, int(np.prod(shape, dtype=np.int64))) /
                                 (1.0 if wt == "int32" else 4.0)).reshape(shape).astype(np_dtype(wt)), "c")
            args.append(Keyword("weights", weights))

        def histogram_of(x, *_):
            return np.histogram(x, bins=edges if edges is not None else bins, range=bounds, density=density,
                                weights=weights.value() if weights is not None else None)
        return Case(name, args, histogram_of), None
    if name in ("sort", "argsort"):
        kw = []
        if rng.random() < 0.3:
            kw.append(Keyword("flat", Plain("i", 1)))
            axis = None
        else:
            axis = -1
            if rng.random() < 0.6:
                bad = rng.random() < 0.05 or nd == 0
                axis = int(pick(rng, [nd, -nd - 1])) if bad else int(rng.integers(-nd, nd))
                kw.append(Keyword("axis", Plain("i", axis)))
        fn = np.sort if name == "sort" else np.argsort
        if name == "argsort" and nd == 0 and axis is not None:
            compute = lambda x, *_: np.argsort(x)  # NumPy: [0] for a 0-d array, whatever the axis
        else:
            compute = lambda x, *_: fn(x, axis=axis, kind="stable")
        return Case(name, [a] + kw, compute), None
    if name == "searchsorted":
        n = int(rng.integers(0, 12))
        base = draw_array(rng, t, (n,), views=False)
        base.base = np.sort(base.base, kind="stable")
        v = draw_array(rng, pick(rng, [t, t, pick(rng, [x for x in ALL_TYPES if x != "bfloat16"])]), shape)
        right = rng.random() < 0.5
        args = [base, v] + ([Keyword("right", Plain("i", 1))] if right else [])
        if rng.random() < 0.3:  # unsorted, with the permutation that sorts it
            base.base = base.base[rng.permutation(n)]
            order = np.argsort(base.base, kind="stable")
            args.append(Keyword("sorter", Array("int64", order.astype(np.int64), "c")))
            return Case(name, args, lambda x, y, *_: np.searchsorted(x, y, side="right" if right else "left",
                                                                     sorter=order)), None
        return Case(name, args, lambda x, y, *_: np.searchsorted(x, y, side="right" if right else "left")), None
    if name == "unique":
        if rng.random() < 0.4:  # the other options (unique_options): NumPy's sort that is not stable decides the
            # zeros' signs without return_index (test_differential.cpp compares them without sign)
            flags = {k: bool(rng.random() < 0.5) for k in ("return_index", "return_inverse", "return_counts")}
            equal_nan = rng.random() < 0.7
            kw = [Keyword(k, Plain("i", 1)) for k, v in flags.items() if v]
            kw += [] if equal_nan else [Keyword("equal_nan", Plain("i", 0))]

            def unique_with(x, *_):
                r = np.unique(x, equal_nan=equal_nan, **flags)
                return tuple(r) if isinstance(r, tuple) else r
            return Case("unique_options", [a] + kw, unique_with), None
        if nd == 0 or rng.random() < 0.6:
            return Case(name, [a], lambda x: np.unique(x, return_index=True)), None
        bad = rng.random() < 0.05
        axis = int(pick(rng, [nd, -nd - 1])) if bad else int(rng.integers(-nd, nd))
        def along(x, *_):
            exact = x.astype(np.float32) if x.dtype == np.float16 else x  # NumPy's float16 fields: NaN not last
            u, first = np.unique(exact, return_index=True, axis=axis)
            return u.astype(x.dtype), first
        return Case(name, [a, Keyword("axis", Plain("i", axis))], along), None
    if name == "isin":
        other = pick(rng, [t, pick(rng, [x for x in ALL_TYPES if x != "bfloat16"])])
        test = draw_array(rng, other, pick(rng, [(4,), (0,), (2, 3), ()]))
        invert = rng.random() < 0.3
        args = [a, test] + ([Keyword("invert", Plain("i", 1))] if invert else [])
        return Case(name, args, lambda x, y, *_: np.isin(x, y, invert=invert)), None
    return Case(name, [a], lambda x: np.flatnonzero(x)), None


QUANTILE_METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf",
                    "hazen", "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint",
                    "nearest"]  # NumPy's names, in the order of numcu's quantile_method


def case_order_statistics(rng):
    """Order statistics (numcu/sorting.hpp): median, nanmedian, quantile, percentile, nanquantile and
    nanpercentile of every dtype (complex rarely, the NaN functions not with bfloat16, which ml_dtypes does not
    make np.inexact; bfloat16 answered as the reductions answer it), over axes none, one or several, invalid
    ones too, with `keepdims= i 1`; q one number (`q= r`) or a list (`q=` once per value, `q_list= i 1`), in
    range or not, and `method= i` (the index in QUANTILE_METHODS). Which of two equal zeros NumPy's partition
    leaves in a slice's place is its own: test_differential.cpp compares their results' zeros without sign."""
    name = pick(rng, ["median", "nanmedian", "quantile", "percentile", "nanquantile", "nanpercentile"])
    nan_function = name.startswith("nan")
    t = pick(rng, [x for x in ALL_TYPES if not (x == "bfloat16" and nan_function) and
                   (kind_of(x) != "c" or rng.random() < 0.2)])
    shape = draw_shape(rng)
    nd = len(shape)
    a = draw_array(rng, t, shape)
    if t == "bfloat16" and "median" not in name:
        a.base[np.isnan(a.base)] = 1.25  # (NumPy's quantiles find NaNs of np.inexact dtypes only)
    kw = []
    axis = draw_reduce_axis(rng, nd)
    if axis is not None:
        kw.append(("axis", axis))
    np_kw = {} if axis is None else {"axis": tuple(axis.v) if axis.tag == "l" else axis.v}
    if "median" not in name:
        scale = 100.0 if "percentile" in name else 1.0
        values = [0.0, 0.25, 0.5, 0.75, 1.0, 0.1, 1.0 / 3.0, 0.999, 0.01, 0.3]
        if rng.random() < 0.05:
            values = [-0.25, 1.5, float("nan")]
        qs = [float(pick(rng, values)) * scale for _ in range(int(rng.integers(1, 4)))]
        listed = len(qs) > 1 or rng.random() < 0.3
        kw += [("q", Plain("r", q)) for q in qs] + ([("q_list", Plain("i", 1))] if listed else [])
        method = int(rng.integers(len(QUANTILE_METHODS))) if rng.random() < 0.7 else 6
        if method != 6:
            kw.append(("method", Plain("i", method)))
        np_kw["method"] = QUANTILE_METHODS[method]
        q_value = np.array(qs) if listed else qs[0]
    if rng.random() < 0.3:
        kw.append(("keepdims", Plain("i", 1)))
        np_kw["keepdims"] = True
    fn = getattr(np, name)

    def compute(x, *_):
        return fn(x, **np_kw) if "median" in name else fn(x, q_value, **np_kw)
    # bfloat16: median as the reductions answer it (mean's float32 values); the quantiles through NumPy's own
    # steps on ml_dtypes' bfloat16, each rounded to it, as numcu takes float16's steps for it
    return Case(name, [a] + [Keyword(k, v) for k, v in kw], compute, shadowed="median" in name), None


def case_sets(rng):
    """Sets and keys (numcu/sorting.hpp): unique_values, unique_counts, unique_inverse and unique_all of any
    array (NumPy 2.3's unique_values may leave its values in hash order; numcu sorts them, which the answer
    does too), intersect1d, union1d, setdiff1d and setxor1d of two arrays of any dtypes (`assume_unique= i 1`
    only where each is unique), and lexsort of one to three keys of one shape along `axis=`. Not bfloat16,
    which NumPy's set functions take as an opaque kind."""
    name = pick(rng, ["unique_values", "unique_counts", "unique_inverse", "unique_all", "intersect1d", "union1d",
                      "setdiff1d", "setxor1d", "lexsort"])
    types = [x for x in ALL_TYPES if x != "bfloat16"]
    t = pick(rng, types)
    shape = draw_shape(rng)
    if name.startswith("unique_"):
        a = draw_array(rng, t, shape)
        if name == "unique_values":
            return Case(name, [a], lambda x: np.sort(np.unique_values(x))), None
        fn = getattr(np, name)
        return Case(name, [a], lambda x: tuple(fn(x))), None
    if name == "lexsort":
        nd = len(shape)
        keys = [draw_array(rng, pick(rng, types), shape) for _ in range(int(rng.integers(1, 4)))]
        for k in keys:  # ties within a key, so that the later keys and the stability decide
            if kind_of(k.dtype) in "iu" and rng.random() < 0.5:
                k.base = (k.base % 3).astype(k.base.dtype)
        axis = -1
        kw = []
        if rng.random() < 0.5:
            axis = int(pick(rng, [nd, -nd - 1])) if rng.random() < 0.05 or nd == 0 else int(rng.integers(-nd, nd))
            kw.append(Keyword("axis", Plain("i", axis)))
        return Case(name, keys + kw, lambda *v: np.lexsort(v[:len(keys)], axis=axis)), None
    a = draw_array(rng, t, pick(rng, [(0,), (1,), (4,), (6,), (2, 3)]))
    b = draw_array(rng, pick(rng, [t, t, pick(rng, types)]), pick(rng, [(0,), (3,), (5,), (2, 2)]))
    if rng.random() < 0.5:  # overlapping values
        both = np.concatenate([a.base.ravel(), b.base.ravel()]).astype(np.result_type(a.base, b.base))
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")  # (complex values cast to a real b keep their real part)
            b.base = both[rng.integers(0, len(both), b.base.size)].reshape(b.base.shape).astype(b.base.dtype)
    assume_unique = name != "union1d" and rng.random() < 0.3
    if assume_unique:
        for x in (a, b):  # unique values, in a random order, through a plain view
            u = np.unique(x.base)
            u = u[~np.isnan(u)] if kind_of(x.dtype) in "fc" else u
            x.base, x.view = u[rng.permutation(len(u))], "c"
    fn = getattr(np, name)
    args = [a, b] + ([Keyword("assume_unique", Plain("i", 1))] if assume_unique else [])
    if name == "union1d":
        return Case(name, args, lambda x, y: fn(x, y)), None
    return Case(name, args, lambda x, y, *_: fn(x, y, assume_unique=assume_unique)), None


def case_joining(rng):
    """Joining and splitting (numcu/joining.hpp): concatenate (`axis=`, `flat= i 1` for axis None, `dtype=`),
    stack (`axis=`), hstack, vstack, dstack, column_stack, append (`axis=`), split and array_split (`sections=`
    or `indices=`, and `axis=`), unstack (`axis=`), atleast_1d, atleast_2d, atleast_3d. The parts match the
    first one's shape off the axis, mostly; their dtypes are the first one's or another (promotion), bfloat16
    joined with itself alone (ml_dtypes promotes it otherwise)."""
    name = pick(rng, ["concatenate", "stack", "hstack", "vstack", "dstack", "column_stack", "append", "split",
                      "array_split", "unstack", "atleast_1d", "atleast_2d", "atleast_3d"])
    t = pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    nd = len(shape)
    a = draw_array(rng, t, shape)
    if name.startswith("atleast"):
        return Case(name, [a], getattr(np, name), view="v"), None
    axis = int(rng.integers(-nd, nd)) if nd else 0
    if rng.random() < 0.05:
        axis = int(pick(rng, [nd, -nd - 1]))  # out of range
    if name == "unstack":
        # (no pieces, from an axis of length 0, has no outcome to write: such a case is dropped)
        return Case(name, [a, Keyword("axis", Plain("i", axis))],
                    lambda x, *_: tuple(np.unstack(x, axis=axis)) or None), None
    if name in ("split", "array_split"):
        fn = np.split if name == "split" else np.array_split
        if rng.random() < 0.5:
            how = int(pick(rng, [1, 2, 3, 4, -1, 0] if name == "split" else [1, 2, 3, 5, 0]))
            kw = Keyword("sections", Plain("i", how))
        else:
            how = [int(x) for x in rng.integers(-4, 8, int(rng.integers(0, 4)))]
            kw = Keyword("indices", Plain("l", how))
        return Case(name, [a, kw, Keyword("axis", Plain("i", axis))],
                    lambda x, *_: tuple(fn(x, how, axis=axis))), None
    others = []
    for _ in range(int(rng.integers(0, 3))):
        u = t if t == "bfloat16" or rng.random() < 0.6 else pick(rng, [x for x in ALL_TYPES if x != "bfloat16"])
        part = list(shape)
        if name in ("concatenate", "append") and nd and rng.random() < 0.7:
            part[axis % nd] = int(rng.integers(0, 4))  # another length along the axis
        if rng.random() < 0.05:
            part = list(pick(rng, [(5,), (2, 7), ()]))  # a mismatch
        others.append(draw_array(rng, u, tuple(part)))
    parts = [a] + others
    if name == "append":
        if len(parts) < 2:
            parts.append(draw_array(rng, t, shape))
        parts = parts[:2]
        if rng.random() < 0.5:
            return Case(name, parts, lambda x, y: np.append(x, y)), None
        return Case(name, parts + [Keyword("axis", Plain("i", axis))], lambda x, y, *_: np.append(x, y, axis=axis)), None
    if name == "concatenate":
        kw, ax = [], 0
        if rng.random() < 0.2:
            kw.append(Keyword("flat", Plain("i", 1)))
            ax = None
        elif rng.random() < 0.7:
            kw.append(Keyword("axis", Plain("i", axis)))
            ax = axis
        target = None
        if rng.random() < 0.15:
            target = pick(rng, [x for x in ALL_TYPES if x != "bfloat16"])
            kw.append(Keyword("dtype", Plain("d", target)))
        k = len(parts)
        return Case(name, parts + kw,
                    lambda *xs: np.concatenate(xs[:k], axis=ax, dtype=target)), None
    if name == "stack":
        k = len(parts)
        ax = int(rng.integers(-nd - 1, nd + 1))
        return Case(name, parts + [Keyword("axis", Plain("i", ax))],
                    lambda *xs: np.stack(xs[:k], axis=ax)), None
    return Case(name, parts, lambda *xs: getattr(np, name)(xs)), None


def case_rearranging(rng):
    """Rearranging (numcu/rearranging.hpp): flip (`axis=` an int or a list, or left out), fliplr, flipud, rot90
    (`k=`, `axes=`), roll (`shift=` a list, `axis=` an int or a list, or left out), diagonal and trace
    (`offset=`, `axis1=`, `axis2=`), diag and diagflat (`k=`), tril and triu (`k=`), tri (`n=`, `m=`, `k=`,
    `dtype=`; no array), tile (`reps=`), repeat (`repeats=`, `axis=`), meshgrid (`ij= i 1`, `sparse= i 1`)."""
    name = pick(rng, ["flip", "fliplr", "flipud", "rot90", "roll", "diagonal", "trace", "diag", "diagflat",
                      "tril", "triu", "tri", "tile", "repeat", "meshgrid", "pad", "vander", "resize", "delete_",
                      "trim_zeros"])
    t = pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    nd = len(shape)
    a = draw_array(rng, t, shape)
    if name == "vander":
        x = draw_array(rng, t, (int(rng.integers(0, 5)),)) if rng.random() < 0.9 else a
        n = int(rng.integers(0, 5))
        inc = rng.random() < 0.5
        kw = [Keyword("n", Plain("i", n))] + ([Keyword("increasing", Plain("i", 1))] if inc else [])
        return Case(name, [x] + kw, lambda v, *_: np.vander(v, n, inc)), None
    if name == "resize":
        new = [int(v) for v in rng.integers(0, 5, int(rng.integers(0, 3)))]
        return Case(name, [a, Keyword("shape", Plain("l", new))], lambda x, *_: np.resize(x, tuple(new))), None
    if name == "trim_zeros":
        z = draw_array(rng, t, shape)
        flat = z.base.reshape(-1)
        flat[rng.random(flat.size) < 0.5] = 0
        return Case(name, [z], lambda x: np.trim_zeros(x), view="v"), None
    if name == "delete_":
        ax = int(rng.integers(-nd, nd)) if nd and rng.random() < 0.7 else None
        n = shape[ax] if ax is not None and -nd <= ax < nd else int(np.prod(shape, dtype=np.int64))
        obj = [int(v) for v in rng.integers(-n - (1 if rng.random() < 0.05 else 0), max(n, 1), int(rng.integers(0, 3)))]
        kw = [Keyword("axis", Plain("i", ax))] if ax is not None else []
        return Case(name, [a, Array("int64", np.array(obj, np.int64), "c")] + kw,
                    lambda x, o, *_: np.delete(x, o, axis=ax)), None
    if name == "pad":
        # (the statistics of bfloat16 are ml_dtypes' own, and the sign of a zero a maximum keeps is NumPy's
        # vector instructions' choice: those modes are left to tests/test_rearranging.cpp)
        modes = ["constant", "edge", "reflect", "symmetric", "wrap", "linear_ramp"]
        mode = pick(rng, modes)
        widths = [int(x) for x in rng.integers(0, 4, 2 * max(nd, 1))][:2 * nd] if rng.random() < 0.7 else \
            [int(x) for x in rng.integers(0, 6, 2)]
        odd = mode in ("reflect", "symmetric") and t != "bool" and rng.random() < 0.3
        pairs = [(widths[2 * i], widths[2 * i + 1]) for i in range(len(widths) // 2)]
        kwargs = {"reflect_type": "odd"} if odd else {}
        kw = [Keyword("width", Plain("l", widths)), Keyword("mode", Plain("i", modes.index(mode)))]
        if odd:
            kw.append(Keyword("odd", Plain("i", 1)))
        return Case(name, [a] + kw, lambda x, *_: np.pad(x, pairs if len(pairs) > 1 else pairs[0] if pairs else 0,
                                                          mode=mode, **kwargs)), None
    axis = int(rng.integers(-nd, nd)) if nd else 0
    if rng.random() < 0.05:
        axis = int(pick(rng, [nd, -nd - 1]))  # out of range
    if name == "tri":
        n, m, k = int(rng.integers(0, 5)), int(rng.integers(0, 5)), int(rng.integers(-3, 4))
        d = pick(rng, ALL_TYPES)
        return Case(name, [Keyword("n", Plain("i", n)), Keyword("m", Plain("i", m)), Keyword("k", Plain("i", k)),
                           Keyword("dtype", Plain("d", d))], lambda *_: np.tri(n, m, k, dtype=np_dtype(d))), None
    if name in ("fliplr", "flipud"):
        return Case(name, [a], getattr(np, name), view="v"), None
    if name == "meshgrid":
        xs = [a] + [draw_array(rng, pick(rng, ALL_TYPES), draw_shape(rng)) for _ in range(int(rng.integers(0, 3)))]
        kw = []
        ij, sparse = rng.random() < 0.5, rng.random() < 0.3
        if ij:
            kw.append(Keyword("ij", Plain("i", 1)))
        if sparse:
            kw.append(Keyword("sparse", Plain("i", 1)))
        k = len(xs)
        return Case(name, xs + kw, lambda *v: tuple(np.meshgrid(*v[:k], indexing="ij" if ij else "xy",
                                                                sparse=sparse))), None
    if name == "tile":
        reps = [int(x) for x in rng.integers(-1 if rng.random() < 0.05 else 0, 4, int(rng.integers(1, 4)))]
        return Case(name, [a, Keyword("reps", Plain("l", reps))], lambda x, *_: np.tile(x, reps)), None
    if name == "repeat":
        kw = [] if rng.random() < 0.4 else [Keyword("axis", Plain("i", axis))]
        length = int(np.prod(shape, dtype=np.int64)) if not kw else (shape[axis % nd] if nd and -nd <= axis < nd else 1)
        if rng.random() < 0.5:
            counts = [int(pick(rng, [0, 1, 2, 3, -1] if rng.random() < 0.05 else [0, 1, 2, 3]))]
        else:
            counts = [int(x) for x in rng.integers(0, 4, length if rng.random() < 0.95 else length + 1)]
        ax = axis if kw else None
        return Case(name, [a, Keyword("repeats", Plain("l", counts))] + kw,
                    lambda x, *_: np.repeat(x, counts, ax)), None
    if name == "flip":
        if rng.random() < 0.3:
            return Case(name, [a], np.flip, view="v"), None
        axes = draw_axes(rng, nd, int(rng.integers(1, 3))) if rng.random() < 0.4 else [axis]
        return Case(name, [a, Keyword("axis", Plain("l", axes))], lambda x, *_: np.flip(x, tuple(axes)),
                    view="v"), None
    if name == "rot90":
        k = int(rng.integers(-5, 6))
        axes = [int(x) for x in rng.integers(-nd - 1, nd + 1, 2)] if nd else [0, 1]
        return Case(name, [a, Keyword("k", Plain("i", k)), Keyword("axes", Plain("l", axes))],
                    lambda x, *_: np.rot90(x, k, tuple(axes)), view="v"), None
    if name == "roll":
        shifts = [int(x) for x in rng.integers(-9, 10, int(pick(rng, [1, 1, 2])))]
        if rng.random() < 0.3:
            return Case(name, [a, Keyword("shift", Plain("l", shifts))],
                        lambda x, *_: np.roll(x, shifts)), None
        axes = [axis] if rng.random() < 0.6 else draw_axes(rng, nd, len(shifts))
        return Case(name, [a, Keyword("shift", Plain("l", shifts)), Keyword("axis", Plain("l", axes))],
                    lambda x, *_: np.roll(x, shifts, tuple(axes))), None
    if name in ("diagonal", "trace"):
        offset = int(rng.integers(-3, 4))
        a1, a2 = (int(x) for x in rng.integers(-nd, nd, 2)) if nd else (0, 1)
        if name == "trace" and (t == "bfloat16" or kind_of(t) == "b"):
            t = "float32"  # (trace of bool and bfloat16 left to the golden data)
            a = draw_array(rng, t, shape)
        fn = np.diagonal if name == "diagonal" else np.trace
        return Case(name, [a, Keyword("offset", Plain("i", offset)), Keyword("axis1", Plain("i", a1)),
                           Keyword("axis2", Plain("i", a2))], lambda x, *_: fn(x, offset, a1, a2),
                    view="v" if name == "diagonal" else "a"), None
    k = int(rng.integers(-3, 4))
    fns = {"diag": np.diag, "diagflat": np.diagflat, "tril": np.tril, "triu": np.triu}
    return Case(name, [a, Keyword("k", Plain("i", k))], lambda x, *_: fns[name](x, k)), None


def small_integers(a):
    """Rounds the finite values (parts) of `a`'s base into the integers of [-8, 8], so that products of vectors
    of a few elements and their sums are exact in every floating dtype (bfloat16's sums rounded once, as numcu
    and NumPy's float32 run both do), whatever order adds them; NaNs and infinities stay."""
    k = kind_of(a.dtype)
    flat = a.base.reshape(-1)

    def fit(x):
        return x if not math.isfinite(x) else float(max(-8, min(8, round(x))))
    for i, v in enumerate(flat):
        if k == "c":
            flat[i] = complex(fit(float(v.real)), fit(float(v.imag)))
        elif k == "f":
            flat[i] = fit(float(v))


def case_vector_norm(rng):
    """numpy.linalg.vector_norm (`axis=` none, an int or a list; `keepdims= i 1`; `ord= r`): moderate values, so
    that no square or power overflows where the order of the sum decides (compared as sums, rule_of)."""
    t = pick(rng, ALL_TYPES)
    shape = draw_shape(rng)
    nd = len(shape)
    a = draw_array(rng, t, shape, moderate=True)
    fmax = float_max(t)
    if fmax is not None:
        # |x| ** 3 and |x| ** -1 of up to 12 values far from the dtype's overflow, where rounding each step
        # (numcu's 16-bit floats) or not (the float32 run) would decide between a value and infinity
        hi, lo = fmax ** (1 / 3) / 4, 4 / fmax ** (1 / 3)
        flat = a.base.reshape(-1)

        def fit(x):
            if not math.isfinite(x) or abs(x) <= hi and (x == 0 or abs(x) >= lo):
                return x
            return math.copysign(hi * rng.uniform(0.1, 1.0), x) if abs(x) > hi else 0.0
        for i, v in enumerate(flat):
            flat[i] = complex(fit(complex(v).real), fit(complex(v).imag)) if kind_of(t) == "c" else fit(float(v))
    kw = []
    r = rng.random()
    if r < 0.35 and nd:
        kw.append(("axis", Plain("i", int(rng.integers(-nd - 1, nd + 1)))))
    elif r < 0.6 and nd:
        kw.append(("axis", Plain("l", [int(x) for x in rng.integers(-nd, nd, int(rng.integers(1, nd + 1)))])))
    if rng.random() < 0.3:
        kw.append(("keepdims", Plain("i", 1)))
    ord_ = float(pick(rng, [2.0, 2.0, 1.0, np.inf, -np.inf, 0.0, 3.0, 0.5, 0.3, 1.1, -1.0]))
    if ord_ != 2.0:
        kw.append(("ord", Plain("r", ord_)))
    args = dict(kw)

    def compute(x, *_):
        axis = args.get("axis")
        axis = None if axis is None else (tuple(axis.v) if axis.tag == "l" else axis.v)
        return np.linalg.vector_norm(x, axis=axis, keepdims="keepdims" in args, ord=ord_)
    return Case("linalg_vector_norm", [a] + [Keyword(k, v) for k, v in kw], compute, shadowed=True)


def case_products(rng):
    """Products (numcu/linalg.hpp): outer, linalg.outer, vdot, vecdot and linalg.vecdot (`axis=`), kron, cross
    (`axisa=`, `axisb=`, `axisc=` or `axis=`) and linalg.cross (`axis=`), over every dtype pair, integers full
    range (their products wrap in the result dtype), floating values small integers (see small_integers)."""
    name = pick(rng, ["outer", "linalg_outer", "vdot", "vecdot", "linalg_vecdot", "kron", "cross", "linalg_cross",
                      "linalg_vector_norm", "linalg_trace", "linalg_diagonal", "linalg_matrix_transpose"])
    if name == "linalg_vector_norm":
        return case_vector_norm(rng), None
    if name in ("linalg_trace", "linalg_diagonal", "linalg_matrix_transpose"):
        t = pick(rng, ALL_TYPES)
        if name == "linalg_trace" and t == "bfloat16":
            t = "float32"  # (NumPy's bfloat16 sum is ml_dtypes'; numcu's is float16's rules)
        a = draw_array(rng, t, pick(rng, [(3,), (2, 2), (2, 3), (3, 2, 2), (2, 0), (1, 4, 3), ()]))
        small_integers(a)
        if name == "linalg_matrix_transpose":
            return Case(name, [a], np.linalg.matrix_transpose, view="v"), None
        offset = int(rng.integers(-3, 4))
        if name == "linalg_diagonal":
            return Case(name, [a, Keyword("offset", Plain("i", offset))],
                        lambda x, _: np.linalg.diagonal(x, offset=offset), view="v"), None
        return Case(name, [a, Keyword("offset", Plain("i", offset))],
                    lambda x, _: np.linalg.trace(x, offset=offset)), None
    t1 = pick(rng, ALL_TYPES)
    t2 = t1 if rng.random() < 0.5 else pick(rng, ALL_TYPES)
    if name in ("cross", "linalg_cross"):
        n = 3 if name == "linalg_cross" or rng.random() < 0.7 else 2
        lead = pick(rng, [(), (), (2,), (1,), (2, 1)])
        s1, s2 = lead + (n,), pick(rng, [lead, (), (1,)]) + (n if rng.random() < 0.9 else pick(rng, [2, 3, 4]),)
    elif name in ("vecdot", "linalg_vecdot", "vdot"):
        s1 = draw_shape(rng)
        s2 = s1 if name == "vdot" or rng.random() < 0.7 else tuple(broadcast_partner(rng, s1))
    else:
        s1, s2 = draw_shape(rng), draw_shape(rng)
    x1, x2 = draw_array(rng, t1, s1), draw_array(rng, t2, s2)
    dot = name in ("vdot", "vecdot", "linalg_vecdot")
    complex_dot = dot and "c" in (kind_of(t1), kind_of(t2))
    # a dot product summed in floats: integers small too, or their products cancel in an order-dependent way
    float_dot = dot and np.result_type(np_dtype(t1) if t1 != "bfloat16" else np.float16,
                                       np_dtype(t2) if t2 != "bfloat16" else np.float16).kind in "fc"
    for x in (x1, x2):
        small_integers(x)
        if float_dot and kind_of(x.dtype) in "iu":
            bound_values(rng, x, 8)
        if name in ("cross", "linalg_cross") and "bfloat16" in (t1, t2) and kind_of(x.dtype) in "iu":
            # products exact in bfloat16: NumPy's steps round each one, the float32 shadow run only the result
            bound_values(rng, x, 8)
        if complex_dot:
            # NumPy's complex dot products of non-finite values are its BLAS's (docs/numpy_differences.md)
            flat = x.base.reshape(-1)
            for i, v in enumerate(flat):
                if not (math.isfinite(complex(v).real) and math.isfinite(complex(v).imag)):
                    flat[i] = 1
    if name in ("outer", "linalg_outer"):
        fn = np.outer if name == "outer" else np.linalg.outer
        return Case(name, [x1, x2], fn, shadowed=True), None
    if name == "vdot":
        return Case(name, [x1, x2], np.vdot, shadowed=True), None
    if name == "kron":
        return Case(name, [x1, x2], np.kron, shadowed=True), None
    nd = min(len(s1), len(s2))
    axis = int(rng.integers(-nd - 1, nd + 1)) if rng.random() < 0.3 else -1
    if name in ("vecdot", "linalg_vecdot"):
        fn = np.vecdot if name == "vecdot" else np.linalg.vecdot
        return Case(name, [x1, x2, Keyword("axis", Plain("i", axis))], lambda a, b, _: fn(a, b, axis=axis), shadowed=True), None
    if name == "linalg_cross":
        return Case(name, [x1, x2, Keyword("axis", Plain("i", axis))],
                    lambda a, b, _: np.linalg.cross(a, b, axis=axis), shadowed=True), None
    if rng.random() < 0.2:
        return Case(name, [x1, x2, Keyword("axis", Plain("i", axis))], lambda a, b, _: np.cross(a, b, axis=axis),
                    shadowed=True), None
    ax = [int(rng.integers(-2, 2)) if rng.random() < 0.2 else -1 for _ in range(3)]
    return Case(name, [x1, x2, Keyword("axisa", Plain("i", ax[0])), Keyword("axisb", Plain("i", ax[1])),
                       Keyword("axisc", Plain("i", ax[2]))],
                lambda a, b, *_: np.cross(a, b, axisa=ax[0], axisb=ax[1], axisc=ax[2]), shadowed=True), None


def exact_operand(rng, x, float_result, unit=False):
    """Values for a matrix product that every backend sums exactly, in any order: finite small integers (in
    [-1, 1] with unit, for chains of products), integers bounded too where the result is floating (else their
    full range, whose products wrap alike); NaN and infinity left out, as BLAS libraries differ in what their
    products of them give."""
    small_integers(x)
    flat = x.base.reshape(-1)
    k = kind_of(x.dtype)
    for i, v in enumerate(flat):
        if k in "fc" and not (math.isfinite(complex(v).real) and math.isfinite(complex(v).imag)):
            flat[i] = 1
    if unit and k in "iu":
        bound_values(rng, x, 1)
    elif unit and k in "fc":
        def fit(v):
            return float(max(-1, min(1, round(v))))
        for i, v in enumerate(flat):
            flat[i] = complex(fit(complex(v).real), fit(complex(v).imag)) if k == "c" else fit(float(v))
    elif float_result and k in "iu":
        bound_values(rng, x, 8)
    return x


def float16_run(fn):
    """NumPy's answer for bfloat16 operands of a matrix product as numcu computes them: as float16 is (NumPy's
    other dtype without BLAS: its products summed from 0 in float32, a single product taken as it is), the
    float16 result then rounded to bfloat16; beside a float16 operand (a float32 result), in float32."""
    def compute(*values):
        has16 = any(isinstance(v, np.ndarray) and v.dtype == np.float16 for v in values)
        run = [v.astype(np.float32 if has16 else np.float16) if isinstance(v, np.ndarray) and v.dtype == BF16
               else v for v in values]
        uses_bf16 = any(isinstance(v, np.ndarray) and v.dtype == BF16 for v in values)
        r = fn(*run)
        if uses_bf16 and not has16 and np.asarray(r).dtype == np.float16:
            return np.asarray(r).astype(BF16)
        return r
    return compute


def case_matrix_products(rng):
    """Matrix products (numcu/linalg.hpp): matmul and linalg.matmul (1-D operands, leading axes that broadcast),
    dot, inner, tensordot and linalg.tensordot (`axes=` an integer, or `a_axes=` and `b_axes=`),
    linalg.matrix_power (`n=`) and linalg.multi_dot, over every dtype pair; extents that do not match now and
    then. Values every backend sums exactly (exact_operand); bfloat16 kept out of the chains (matrix_power,
    multi_dot), whose steps round it where the float32 run does not, and computed as float16 is (float16_run)."""
    name = pick(rng, ["matmul", "linalg_matmul", "dot", "inner", "tensordot", "linalg_tensordot",
                      "linalg_matrix_power", "linalg_multi_dot", "einsum"])
    chain = name in ("linalg_matrix_power", "linalg_multi_dot", "einsum")
    types = [t for t in ALL_TYPES if t != "bfloat16"] if chain else ALL_TYPES
    t1 = pick(rng, types)
    t2 = t1 if rng.random() < 0.5 else pick(rng, types)
    float_result = np.result_type(np_dtype(t1) if t1 != "bfloat16" else np.float16,
                                  np_dtype(t2) if t2 != "bfloat16" else np.float16).kind in "fc"
    dims = lambda count: tuple(int(x) for x in rng.integers(0, 4, count))  # noqa: E731
    off = lambda n: n if rng.random() < 0.93 else int(pick(rng, [n + 1, 5]))  # noqa: E731  (a mismatch)

    def arr(t, shape, unit=False):
        return exact_operand(rng, draw_array(rng, t, tuple(shape)), float_result, unit)
    if name == "linalg_matrix_power":
        n = int(pick(rng, [0, 1, 2, 3]))
        lead = pick(rng, [(), (), (2,), (1, 2)])
        shape = lead + (n, off(n)) if rng.random() < 0.95 else pick(rng, [(3,), ()])
        p = int(rng.integers(0, 7))
        return Case(name, [arr(t1, shape, unit=True), Keyword("n", Plain("i", p))],
                    float16_run(lambda x, *_: np.linalg.matrix_power(x, p))), None
    if name == "linalg_multi_dot":
        count = int(rng.integers(2, 5))
        extents = [int(x) for x in rng.integers(1, 4, count + 1)]
        shapes = [[extents[i], off(extents[i + 1])] for i in range(count)]
        if rng.random() < 0.3:
            shapes[0] = shapes[0][1:]
        if rng.random() < 0.3:
            shapes[-1] = shapes[-1][:1]
        xs = [arr(pick(rng, [t1, t2]), sh, unit=True) for sh in shapes]
        return Case(name, xs, float16_run(lambda *v: np.linalg.multi_dot(list(v)))), None
    if name == "einsum":
        # the subscripts as their characters' codes (`subscripts= l ...`); extents per letter, now and then a
        # mismatched one
        subscripts = pick(rng, ["ij,jk->ik", "ij,jk", "ii->i", "ii", "ij->ji", "ij->", "i,j->ij", "i,i",
                                "bij,bjk->bik", "...ij,...jk->...ik", "ij,j->i", "iij,jk->ik", "ij,jk,kl->il",
                                "ijk,ikj->k", "ba", "i...->...", "ab,cb->ac"])
        extent = {c: int(rng.integers(1, 4)) for c in "abcijkl"}
        lead = pick(rng, [(), (2,), (1, 3)])
        parts = subscripts.split("->")[0].split(",")
        xs = []
        for p, part in enumerate(parts):
            shape = (lead if part.startswith("...") else ()) + tuple(extent[c] for c in part.replace("...", ""))
            if p > 0 and rng.random() < 0.05 and shape:
                shape = shape[:-1] + (shape[-1] + 1,)
            xs.append(arr(pick(rng, [t1, t2]), shape, unit=True))
        return Case(name, xs + [Keyword("subscripts", Plain("l", [ord(c) for c in subscripts]))],
                    float16_run(lambda *v: np.einsum(subscripts, *v[:-1]))), None
    if name in ("matmul", "linalg_matmul"):
        m, k, n = dims(3)
        lead = pick(rng, [(), (), (2,), (1,), (2, 1), (3, 2)])
        s1 = lead + (m, k) if rng.random() < 0.8 else (k,)
        s2 = tuple(broadcast_partner(rng, lead)) + (off(k), n) if rng.random() < 0.8 else (off(k),)
        fn = np.matmul if name == "matmul" else np.linalg.matmul
        return Case(name, [arr(t1, s1), arr(t2, s2)], float16_run(fn)), None
    if name == "dot":
        k = int(rng.integers(0, 4))
        s1 = pick(rng, [(), (k,), dims(1) + (k,), dims(2) + (k,)])
        s2 = pick(rng, [(), (off(k),), (off(k),) + dims(1), dims(1) + (off(k),) + dims(1)])
        return Case(name, [arr(t1, s1), arr(t2, s2)], float16_run(np.dot)), None
    if name == "inner":
        k = int(rng.integers(0, 4))
        s1 = pick(rng, [(), (k,), dims(1) + (k,), dims(2) + (k,)])
        s2 = pick(rng, [(), (off(k),), dims(1) + (off(k),), dims(2) + (off(k),)])
        return Case(name, [arr(t1, s1), arr(t2, s2)], float16_run(np.inner)), None
    # tensordot: the summed axes of a last (axes=n) or anywhere (paired lists)
    fn = np.tensordot if name == "tensordot" else np.linalg.tensordot
    free_a, summed, free_b = dims(int(rng.integers(0, 3))), dims(int(rng.integers(0, 3))), dims(int(rng.integers(0, 2)))
    if rng.random() < 0.5:
        count = len(summed)
        s1, s2 = free_a + summed, tuple(off(e) for e in summed) + free_b
        return Case(name, [arr(t1, s1), arr(t2, s2), Keyword("axes", Plain("i", count))],
                    float16_run(lambda a, b, _: fn(a, b, axes=count))), None
    order_a = list(rng.permutation(len(free_a) + len(summed)))
    order_b = list(rng.permutation(len(summed) + len(free_b)))
    s1, s2 = [0] * len(order_a), [0] * len(order_b)
    a_axes, b_axes = [], []
    for i, e in enumerate(free_a + summed):
        s1[order_a[i]] = e
    for i, e in enumerate(summed + free_b):
        s2[order_b[i]] = e
    for j in range(len(summed)):
        a_axes.append(int(order_a[len(free_a) + j]) - (len(s1) if rng.random() < 0.3 else 0))
        b_axes.append(int(order_b[j]) - (len(s2) if rng.random() < 0.3 else 0))
    if rng.random() < 0.05 and a_axes:
        a_axes[0] = len(s1) + 1  # out of range
    return Case(name, [arr(t1, s1), arr(t2, s2), Keyword("a_axes", Plain("l", a_axes)),
                       Keyword("b_axes", Plain("l", b_axes))],
                float16_run(lambda a, b, *_: fn(a, b, axes=(a_axes, b_axes)))), None


def dominant(rng, t, shape):
    """A stack of square matrices of dtype t (no view: its base is what the function gets) whose diagonal
    dominates, so that solves, inverses and factorizations are well conditioned and agree to rounding."""
    a = draw_array(rng, t, shape, moderate=True, finite=True, views=False)
    if kind_of(t) in "fc" and len(shape) >= 2 and shape[-1] > 0:
        flat = a.base.reshape((-1,) + tuple(shape[-2:]))
        for m in flat:
            m[...] = np.clip(np.nan_to_num(m.astype(np.complex128 if kind_of(t) == "c" else np.float64)), -3, 3)
            for i in range(shape[-1]):
                m[i, i] = m[i, i] + 4 * shape[-1] + 1
    elif kind_of(t) in "iu" and len(shape) >= 2 and shape[-1] > 0:
        flat = a.base.reshape((-1,) + tuple(shape[-2:]))
        for m in flat:
            m[...] = np.clip(m, -2 if kind_of(t) == "i" else 0, 2)
            for i in range(shape[-1]):
                m[i, i] = 4 * shape[-1] + 1
    return a


def case_solvers_and_transforms(rng):
    """Solvers, factorizations and transforms (numcu/linalg.hpp, numcu/fft.hpp), compared within a tolerance
    from their precision (test_differential.cpp's rule for them): linalg.solve, inv, det, cholesky, eigvalsh,
    svdvals, pinv, matrix_rank, norm (`ord=`), cond, slogdet, matrix_norm (`ord=`, `keepdims=`), lstsq (square
    and tall), tensorinv and tensorsolve, over well-conditioned matrices (dominant) of the dtypes numpy.linalg
    takes; fft.fft, ifft, rfft, irfft, hfft, ihfft (`n=`, `axis=`, `norm= i`: backward, ortho, forward), fftn,
    ifftn, rfftn, irfftn, fft2, ifft2, rfft2, irfft2 (`s= l`, `axes= l`, `norm=`), fftshift and ifftshift
    (`axes= l`) over any dtype but bfloat16, moderate finite values, any view; fftfreq and rfftfreq (`n`, `d`).
    eig, eigvals, eigh's vectors, svd's and qr's factors are any valid choice of the library (their order, signs
    and phases): tests/test_decompositions.cpp checks them by the identities they satisfy."""
    name = pick(rng, ["linalg_solve", "linalg_inv", "linalg_det", "linalg_cholesky", "linalg_eigvalsh",
                      "linalg_svdvals", "linalg_pinv", "linalg_matrix_rank", "linalg_norm", "linalg_cond",
                      "linalg_slogdet", "linalg_matrix_norm", "linalg_lstsq", "linalg_tensorinv",
                      "linalg_tensorsolve",
                      "fft_fft", "fft_ifft", "fft_rfft", "fft_irfft", "fft_hfft", "fft_ihfft", "fft_fftn",
                      "fft_ifftn", "fft_rfftn", "fft_irfftn", "fft_fft2", "fft_ifft2", "fft_rfft2", "fft_irfft2",
                      "fft_fftshift", "fft_ifftshift", "fft_fftfreq", "fft_rfftfreq"])
    linalg_types = [t for t in ALL_TYPES if t not in ("float16", "bfloat16")]
    if name in ("fft_fftfreq", "fft_rfftfreq"):
        n = int(rng.integers(-1, 12))
        d = float(pick(rng, [1.0, 0.5, 0.1, -2.0, 3.0, 0.0]))
        fn = getattr(np.fft, name[len("fft_"):])
        return Case(name, [Plain("i", n), Plain("r", d)], lambda n_, d_: fn(n_, d_)), None
    if name in ("linalg_tensorinv", "linalg_tensorsolve"):
        t = pick(rng, [x for x in ALL_TYPES if x not in ("float16", "bfloat16")])
        front = pick(rng, [(2,), (2, 2), (4,), (1, 3)])
        m = int(np.prod(front))
        a = dominant(rng, t, (m, m))
        back = pick(rng, [(m,), front[::-1], (m, 1)])
        a = Array(t, a.base.reshape(front + back), "c")
        if name == "linalg_tensorinv":
            return Case(name, [a, Keyword("ind", Plain("i", len(front)))],
                        lambda x, *_: np.linalg.tensorinv(x, ind=len(front))), None
        b = draw_array(rng, pick(rng, linalg_types), front, moderate=True, finite=True)
        return Case(name, [a, b], np.linalg.tensorsolve), None
    linalg_types = [t for t in ALL_TYPES if t not in ("float16", "bfloat16")]
    if name.startswith("linalg"):
        t = pick(rng, linalg_types)
        n = int(rng.integers(0, 5))
        lead = pick(rng, [(), (), (2,), (1, 2)])
        a = dominant(rng, t, lead + (n, n))
        if name == "linalg_solve":
            b = draw_array(rng, pick(rng, linalg_types), pick(rng, [(n,), (n, 2), lead + (n, 1)]), moderate=True,
                           finite=True)
            # (b near the dtype's largest overflows on the way, where LAPACK's order and cuSOLVER's differ)
            bound_values(rng, b, 1000)
            return Case(name, [a, b], np.linalg.solve), None
        if name == "linalg_cholesky":
            h = np.asarray(a.value())
            # a Hermitian positive-definite stack: a a^H plus n, rounded into t
            base = h @ np.conj(np.swapaxes(h, -1, -2)) + n * np.eye(n) if n else h
            a = Array(t, np.asarray(base).astype(np_dtype(t), casting="unsafe") if kind_of(t) in "fc" else
                      np.asarray(np.abs(base).round()).astype(np_dtype(t), casting="unsafe"), "c")
            if kind_of(t) not in "fc":
                return None
            upper = rng.random() < 0.4
            return Case(name, [a] + ([Keyword("upper", Plain("i", 1))] if upper else []),
                        lambda x, *_: np.linalg.cholesky(x, upper=upper)), None
        if name == "linalg_eigvalsh":
            # (the matrices are not symmetric: each triangle gives its own eigenvalues)
            upper = rng.random() < 0.4
            return Case(name, [a] + ([Keyword("upper", Plain("i", 1))] if upper else []),
                        lambda x, *_: np.linalg.eigvalsh(x, UPLO="U" if upper else "L")), None
        if name == "linalg_svdvals":
            return Case(name, [a], np.linalg.svdvals), None
        if name == "linalg_pinv":
            if rng.random() < 0.5:
                return Case(name, [a], np.linalg.pinv), None
            # a cut-off far from the singular values of a dominant matrix (about n to 8 n): all kept, or none
            rcond = float(pick(rng, [0.0, 1e-3, 2.0]))
            return Case(name, [a, Keyword("rcond", Plain("r", rcond))], lambda x, *_: np.linalg.pinv(x, rcond)), None
        if name == "linalg_matrix_rank":
            # (bool matrices are not dominant: the zero singular value of a singular one is rounding noise of
            # either sign of 0, which the default cut-off, not tol=0, puts aside)
            if rng.random() < 0.5 or t == "bool":
                return Case(name, [a], np.linalg.matrix_rank), None
            tol = float(pick(rng, [0.0, 0.5, 1e9]))  # (far from the singular values, as pinv's rcond)
            return Case(name, [a, Keyword("tol", Plain("r", tol))],
                        lambda x, *_: np.linalg.matrix_rank(x, tol=tol)), None
        if name == "linalg_norm":
            nd_a = len(a.base.shape)
            ord_ = pick(rng, [None, None, 1.0, -1.0, np.inf, -np.inf, 2.0, -2.0, 0.0, 0.5, 3.0, "fro", "nuc"])
            axis = None
            if rng.random() < 0.5 and nd_a:
                axis = (int(rng.integers(-nd_a, nd_a)) if rng.random() < 0.5 or nd_a < 2 else
                        tuple(int(x) for x in rng.permutation(nd_a)[:2]))
            elif ord_ is not None and nd_a != 2:
                return None
            keep = rng.random() < 0.3
            kw = []
            if isinstance(ord_, str):
                kw.append(Keyword("ord_name", Plain("i", 1 if ord_ == "nuc" else 0)))
            elif ord_ is not None:
                kw.append(Keyword("ord", Plain("r", ord_)))
            if axis is not None:
                kw.append(Keyword("axis", Plain("i", axis) if isinstance(axis, int) else Plain("l", list(axis))))
            if keep:
                kw.append(Keyword("keepdims", Plain("i", 1)))
            return Case(name, [a] + kw, lambda x, *_: np.linalg.norm(x, ord_, axis, keep)), None
        if name == "linalg_cond":
            # (bool matrices are not dominant: a singular one's condition is its rounding noise, which NumPy's
            # LAPACK, numcu's and cuSOLVER's make differently)
            if n == 0 or t == "bool":
                return None
            return Case(name, [a], np.linalg.cond), None
        if name == "linalg_slogdet":
            return Case(name, [a], lambda x: tuple(np.linalg.slogdet(x))), None
        if name == "linalg_matrix_norm":
            ord_ = pick(rng, ["fro", "fro", "nuc", 1.0, -1.0, np.inf, -np.inf, 2.0, -2.0])
            keep = rng.random() < 0.3
            if n == 0 and ord_ not in ("fro", "nuc"):
                return None
            kw = [Keyword("keepdims", Plain("i", 1))] if keep else []
            kw.append(Keyword("ord", Plain("r", ord_)) if not isinstance(ord_, str) else
                      Keyword("ord_name", Plain("i", 1 if ord_ == "nuc" else 0)))
            return Case(name, [a] + kw, lambda x, *_: np.linalg.matrix_norm(x, keepdims=keep, ord=ord_)), None
        if name == "linalg_lstsq":
            # a tall matrix: a dominant square one's first columns (independent)
            if lead or n == 0 or t == "bool":  # (bool matrices are not dominant: singular ones, whose least-norm
                return None                      # solution NumPy's and numcu's rank cut-offs may split otherwise)
            cols = int(rng.integers(1, n + 1))
            a = Array(t, np.ascontiguousarray(a.base[:, :cols]), "c")
            b = draw_array(rng, pick(rng, linalg_types), pick(rng, [(n,), (n, 2)]), moderate=True, finite=True)
            # b of moderate size: the residuals of single-precision input NumPy takes in single precision
            bound_values(rng, b, 1000)
            return Case(name, [a, b], lambda x, y: tuple(np.linalg.lstsq(x, y))), None
        return Case(name, [a], getattr(np.linalg, name[len("linalg_"):])), None
    t = pick(rng, [x for x in ALL_TYPES if x != "bfloat16"])
    shape = pick(rng, [(1,), (4,), (5,), (8,), (2, 3), (3, 4), (2, 2, 3)])
    a = draw_array(rng, t, shape, moderate=True, finite=True)
    bound_values(rng, a, 1000)  # no sum of them overflows, where the order would decide between inf and NaN
    nd = len(shape)
    fn = getattr(np.fft, name[len("fft_"):])
    if name in ("fft_fftshift", "fft_ifftshift"):
        if rng.random() < 0.5:
            return Case(name, [a], fn), None
        axes = [int(x) for x in rng.permutation(nd)[:int(rng.integers(0, nd + 1))]]
        return Case(name, [a, Keyword("axes", Plain("l", axes))], lambda x, *_: fn(x, axes=tuple(axes))), None
    if name in ("fft_rfft", "fft_ihfft", "fft_rfftn", "fft_rfft2") and kind_of(t) == "c":
        return None
    norms = ["backward", "ortho", "forward"]
    norm = int(rng.integers(3)) if rng.random() < 0.4 else 0
    kw = [("norm", Plain("i", norm))] if norm else []
    if name[len("fft_"):] in ("fftn", "ifftn", "rfftn", "irfftn", "fft2", "ifft2", "rfft2", "irfft2"):
        two = name.endswith("2")
        if two and nd < 2:
            return None
        axes = [-2, -1] if two else None
        if rng.random() < 0.5:  # axes of their own: distinct, any order
            count = 2 if two else int(rng.integers(1, nd + 1))
            axes = [int(x) - (nd if rng.random() < 0.3 else 0) for x in rng.permutation(nd)[:count]]
            kw.append(("axes", Plain("l", axes)))
        lengths = None
        if rng.random() < 0.4:
            count = len(axes) if axes is not None else int(rng.integers(1, nd + 1))
            lengths = [int(rng.integers(1, 7)) for _ in range(count)]
            kw.append(("s", Plain("l", lengths)))
        last = (axes[-1] if axes is not None else -1) % nd
        if name.startswith("fft_irfft") and lengths is None and shape[last] < 2:
            return None

        def compute_n(x, *_):
            return fn(x, s=lengths, axes=axes, norm=norms[norm])
        return Case(name, [a] + [Keyword(k, v) for k, v in kw], compute_n), None
    axis = int(rng.integers(-nd, nd))
    kw.append(("axis", Plain("i", axis)))
    if rng.random() < 0.4:
        kw.append(("n", Plain("i", int(rng.integers(1, 9)))))
    args = dict(kw)

    def compute(x, *_):
        return fn(x, n=args["n"].v if "n" in args else None, axis=axis, norm=norms[norm])
    if name in ("fft_irfft", "fft_hfft") and "n" not in args and shape[axis] < 2:
        return None
    return Case(name, [a] + [Keyword(k, v) for k, v in kw], compute), None


def numpy_file_round_trip(x, dtype, count, offset, sep):
    """NumPy's x.tofile(path, sep) then np.fromfile(path, dtype, count, sep, offset) through a file of its own."""
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "x.bin")
        x.tofile(path, sep=sep)
        return np.fromfile(path, dtype=dtype, count=count, sep=sep, offset=offset)


def case_files(rng):
    """Arrays through bytes and files (numcu/io.hpp): frombuffer of an array's bytes read as any dtype (`count`,
    `offset`, their errors); save then load of any view through a .npy file, whose answer is the array itself,
    C-contiguous, in its dtype; savez (or with `compressed= i 1` savez_compressed) of one to three views then
    load of the .npz, the arrays in order; and tofile then fromfile, raw (any dtype read back as any other,
    `count=`, `offset=`) or text (`sep= i 1`: a space, "%s" of integers and float32 and float64)."""
    src = pick(rng, ALL_TYPES)
    roll = rng.random()
    if roll < 0.15:
        arrays = [draw_array(rng, pick(rng, [src, pick(rng, ALL_TYPES)]), draw_shape(rng))
                  for _ in range(int(rng.integers(1, 4)))]
        kw = [Keyword("compressed", Plain("i", 1))] if rng.random() < 0.5 else []
        return Case("savez_load", arrays + kw, lambda *v: tuple(np.array(x, order="C") for x in v[:len(arrays)])), None
    if roll < 0.3:
        text = rng.random() < 0.4
        if text:
            src = pick(rng, ["int8", "uint16", "int32", "int64", "uint64", "float32", "float64"])
        a = draw_array(rng, src, draw_shape(rng), finite=text)
        t = src if text or rng.random() < 0.5 else pick(rng, [x for x in ALL_TYPES if x != "bool" or src == "bool"])
        count = int(pick(rng, [-1, -1, -1, 0, 1, 3, 100]))
        offset = 0 if text else int(pick(rng, [0, 0, 1, 2, 8]))
        kw = [Keyword("count", Plain("i", count)), Keyword("offset", Plain("i", offset))]
        kw += [Keyword("sep", Plain("i", 1))] if text else []
        return Case("tofile_fromfile", [a, Keyword("dtype", Plain("d", t))] + kw,
                    lambda x, *_: numpy_file_round_trip(x, np_dtype(t), count, offset, " " if text else "")), None
    if roll < 0.65:
        a = draw_array(rng, src, draw_shape(rng), views=False)
        # bytes read as bool must be 0 or 1 (NumPy keeps other bytes as they are, unequal to True)
        t = src if rng.random() < 0.4 else pick(rng, [x for x in ALL_TYPES if x != "bool" or src == "bool"])
        nbytes = a.base.nbytes
        offset = int(pick(rng, [0, 0, 0, 1, 2, 4, 8, nbytes, nbytes + 1, -1]))
        count = int(pick(rng, [-1, -1, -1, 0, 1, 3, nbytes]))
        return Case("frombuffer", [a, Plain("d", t), Plain("i", count), Plain("i", offset)],
                    lambda x, d, c, o: np.frombuffer(x.tobytes(), dtype=d, count=c, offset=o).copy()), None
    a = draw_array(rng, src, draw_shape(rng))
    return Case("save_load", [a], lambda x: np.array(x, order="C")), None


FAMILIES = [
    (case_ufunc, 40, True),
    (case_operator, 8, True),
    (case_compound, 5, True),
    (case_two_outputs, 4, True),
    (case_where_clip, 4, True),
    (case_closeness, 3, False),
    (case_misc, 3, False),
    (case_astype, 6, False),
    (case_copyto, 3, False),
    (case_fill, 3, False),
    (case_index, 4, False),
    (case_setitem, 5, False),
    (case_manipulation, 8, False),
    (case_creation, 5, False),
    (case_reduction, 18, False),
    (case_sorting, 6, False),
    (case_order_statistics, 4, False),
    (case_sets, 3, False),
    (case_index_functions, 4, False),
    (case_histograms, 2, False),
    (case_joining, 4, False),
    (case_rearranging, 4, False),
    (case_selection, 5, False),
    (case_products, 3, False),
    (case_matrix_products, 3, False),
    (case_solvers_and_transforms, 3, False),
    (case_files, 2, False),
]
DEFAULT_DTYPE_SHARE = 0.02


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, default=20261201)
    p.add_argument("--cases", type=int, default=8000)
    p.add_argument("--output", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                    "differential_cases.txt"))
    opts = p.parse_args()
    rng = np.random.default_rng(opts.seed)
    weights = np.array([w for _, w, _ in FAMILIES], dtype=float)
    weights /= weights.sum()
    lines = []
    for case in regression_cases():
        outcome = outcome_text(case, False)
        assert outcome is not None, case.fn
        lines.append("%d %s | %s | %s" % (len(lines), case.fn, " | ".join(a.encode() for a in case.args), outcome))
    while len(lines) < opts.cases:
        if rng.random() < DEFAULT_DTYPE_SHARE:
            family, elementwise = case_default_dtype, False
        else:
            family, _, elementwise = FAMILIES[rng.choice(len(FAMILIES), p=weights)]
        drawn = family(rng)
        if drawn is None:
            continue
        case, documented = drawn
        outcome = documented or outcome_text(case, elementwise)
        if outcome is None:
            continue
        lines.append("%d %s | %s | %s" % (len(lines), case.fn, " | ".join(a.encode() for a in case.args), outcome))
    with open(opts.output, "w") as f:
        f.write("# numcu differential cases: tests/data/generate_differential.py --seed %d --cases %d "
                "(NumPy %s, ml_dtypes %s); format in the generator\n" %
                (opts.seed, opts.cases, np.__version__, ml_dtypes.__version__))
        f.write("\n".join(lines) + "\n")
    print("wrote %d cases to %s" % (len(lines), opts.output))


if __name__ == "__main__":
    main()
