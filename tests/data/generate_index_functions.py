#!/usr/bin/env python3
"""Writes tests/data/index_functions.txt: NumPy 2's take_along_axis, put_along_axis, choose (raise, wrap, clip),
select, place, putmask, fill_diagonal (wrap too) over every dtype, and diag_indices, diag_indices_from,
tril_indices, triu_indices (k, m), their _from forms, indices, ix_, ravel_multi_index (raise, wrap, clip) and
unravel_index; and logspace, geomspace, vander, trim_zeros (trim, axis), resize, delete and insert (an index,
a slice, indices, a mask, along an axis or flattened). Run with NumPy 2 and ml_dtypes:

    python3 tests/data/generate_index_functions.py

Line format (values encoded as in generate_golden.py: exact decimal or float.hex; shapes comma-separated, "-"
for 0-d):
    fn name params | array | array ... || k | output | output ...
        (params: key=value words, "-" for none; an array or output: "dtype shape values"; a function that writes
        into its first array gives that array afterwards as its output)
"""
import os

import numpy as np

from generate_golden import ALL_TYPES
from generate_joining import enc_all, name_of, shape_text
from generate_sorting import values_for  # ties, -0.0 beside 0.0, NaN, inf

HERE = os.path.dirname(os.path.abspath(__file__))
RNG = np.random.default_rng(20261205)


def arr_text(a):
    a = np.asarray(a)
    return ("%s %s %s" % (name_of(a), shape_text(a.shape), enc_all(a))).rstrip()


def line(name, params, arrays, outputs):
    p = " ".join("%s=%s" % kv for kv in params.items()) if params else "-"
    outs = "".join(" | " + arr_text(o) for o in outputs)
    return "fn %s %s | %s || %d%s" % (name, p, " | ".join(arr_text(a) for a in arrays), len(outputs), outs)


def data(name, shape):
    return values_for(name, int(np.prod(shape))).reshape(shape)


def data_lines():
    lines = []
    for t in ALL_TYPES:
        a = data(t, (3, 4))
        idx = RNG.integers(-4, 4, (3, 2)).astype(np.int64)
        lines.append(line("take_along_axis", {"axis": 1}, [a, idx], [np.take_along_axis(a, idx, axis=1)]))
        idx0 = RNG.integers(0, 3, (2, 1)).astype(np.int32)
        lines.append(line("take_along_axis", {"axis": 0}, [a, idx0], [np.take_along_axis(a, idx0, axis=0)]))
        flat = np.array([11, -1, 0], np.int64)
        lines.append(line("take_along_axis", {"axis": "none"}, [a, flat], [np.take_along_axis(a, flat, axis=None)]))
        # put_along_axis: each row's places distinct (NumPy's last write is not the GPU's)
        places = np.argsort(RNG.random((3, 4)), axis=1)[:, :2].astype(np.int64)
        vals = data(t, (3, 2))
        after = a.copy()
        np.put_along_axis(after, places, vals, axis=1)
        lines.append(line("put_along_axis", {"axis": 1}, [a, places, vals], [after]))
        one = data(t, (1, 1))
        row = np.array([[2]], np.int64)  # row 2 of every column gets the one value (broadcast)
        after = a.copy()
        np.put_along_axis(after, row, one, axis=0)
        lines.append(line("put_along_axis", {"axis": 0}, [a, row, one], [after]))
        # choose: the choices broadcast with the index; every mode
        which = np.array([[0, 2, 1, 5], [-1, 1, 0, 2], [2, 2, 0, 1]], np.int64)
        choices = [data(t, (3, 4)), data(t, (4,)), data(t, (3, 1))]
        for mode in ("wrap", "clip"):
            lines.append(line("choose", {"mode": mode}, [which] + choices, [np.choose(which, choices, mode=mode)]))
        ok = np.clip(which, 0, 2)
        lines.append(line("choose", {"mode": "raise"}, [ok] + choices, [np.choose(ok, choices)]))
        # select, the default a weak number
        conds = [RNG.random((3, 4)) < 0.4, RNG.random((4,)) < 0.5]
        picks = [data(t, (3, 4)), data(t, (3, 1))]
        for default in (0, 5.5) if t != "bool" else (0,):
            lines.append(line("select", {"default": repr(default)}, conds + picks,
                              [np.select(conds, picks, default)]))
        # place, putmask
        mask = RNG.random((3, 4)) < 0.5
        vals = data(t, (3,))
        after = a.copy()
        np.place(after, mask, vals)
        lines.append(line("place", {}, [a, mask, vals], [after]))
        after = a.copy()
        np.putmask(after, mask, vals)
        lines.append(line("putmask", {}, [a, mask, vals], [after]))
        # fill_diagonal of a square, a tall matrix with and without wrap, a cube
        for shape, wrap in (((4, 4), False), ((7, 3), False), ((7, 3), True), ((3, 3, 3), False)):
            b = data(t, shape)
            v = data(t, (2,))
            after = b.copy()
            np.fill_diagonal(after, v, wrap=wrap)
            lines.append(line("fill_diagonal", {"wrap": int(wrap)}, [b, v], [after]))
    return lines


def index_lines():
    lines = []
    for n, ndim in ((3, 2), (4, 3), (0, 2)):
        lines.append(line("diag_indices", {"n": n, "ndim": ndim}, [], list(np.diag_indices(n, ndim))))
    lines.append(line("diag_indices_from", {}, [np.zeros((3, 3, 3))], list(np.diag_indices_from(np.zeros((3, 3, 3))))))
    for n, k, m in ((4, 0, None), (4, -1, 6), (3, 2, 2), (5, 1, None), (0, 0, None)):
        params = {"n": n, "k": k, "m": "none" if m is None else m}
        lines.append(line("tril_indices", params, [], list(np.tril_indices(n, k, m))))
        lines.append(line("triu_indices", params, [], list(np.triu_indices(n, k, m))))
    b = np.zeros((3, 5))
    lines.append(line("tril_indices_from", {"k": 1}, [b], list(np.tril_indices_from(b, 1))))
    lines.append(line("triu_indices_from", {"k": -1}, [b], list(np.triu_indices_from(b, -1))))
    for dims, t in (((2, 3), "int64"), ((3,), "int32"), ((2, 0, 2), "int16"), ((), "int64")):
        lines.append(line("indices", {"dims": ",".join(map(str, dims)) or "-", "dtype": t}, [],
                          [np.indices(dims, dtype=t)]))
        lines.append(line("sparse_indices", {"dims": ",".join(map(str, dims)) or "-", "dtype": t}, [],
                          list(np.indices(dims, dtype=t, sparse=True))))
    args = [np.array([1, 0, 2], np.int64), np.array([True, False, True, True]), np.array([], np.int32)]
    lines.append(line("ix_", {}, args, list(np.ix_(*args))))
    coords = [np.array([[0, 2], [1, 3]], np.int64), np.array([4, -1], np.int32)]
    for mode in ("wrap", "clip"):
        lines.append(line("ravel_multi_index", {"dims": "3,4", "mode": mode}, coords,
                          [np.ravel_multi_index(coords, (3, 4), mode=mode)]))
    ok = [np.array([[0, 2], [1, 2]], np.int64), np.array([3, 0], np.int16)]
    lines.append(line("ravel_multi_index", {"dims": "3,4", "mode": "raise"}, ok, [np.ravel_multi_index(ok, (3, 4))]))
    flat = np.array([[0, 7], [11, 5]], np.int64)
    lines.append(line("unravel_index", {"dims": "3,4"}, [flat], list(np.unravel_index(flat, (3, 4)))))
    lines.append(line("unravel_index", {"dims": "2,3,2"}, [np.array(9, np.int32)], list(np.unravel_index(np.int32(9), (2, 3, 2)))))
    # column-major (order F)
    for mode in ("raise", "wrap", "clip"):
        given = ok if mode == "raise" else coords
        lines.append(line("ravel_multi_index", {"dims": "3,4", "mode": mode, "order": "F"}, given,
                          [np.ravel_multi_index(given, (3, 4), mode=mode, order="F")]))
    for modes, order in ((("clip", "wrap"), "C"), (("wrap", "clip"), "F")):
        lines.append(line("ravel_multi_index", {"dims": "3,4", "mode": ",".join(modes), "order": order}, coords,
                          [np.ravel_multi_index(coords, (3, 4), mode=modes, order=order)]))
    lines.append(line("unravel_index", {"dims": "3,4", "order": "F"}, [flat], list(np.unravel_index(flat, (3, 4), order="F"))))
    lines.append(line("unravel_index", {"dims": "2,3,2", "order": "F"}, [np.array([9, 0, 11], np.int32)],
                      list(np.unravel_index(np.array([9, 0, 11], np.int32), (2, 3, 2), order="F"))))
    return lines


def building_lines():
    lines = []
    for start, stop, num, endpoint, base, t in ((0.0, 2.0, 5, 1, 10.0, "-"), (-1.0, 3.0, 7, 0, 2.0, "float32"),
                                                (1.0, 1.0, 1, 1, 10.0, "-"), (0.5, 4.0, 0, 1, 3.0, "-")):
        r = np.logspace(start, stop, num, bool(endpoint), base, dtype=None if t == "-" else t)
        lines.append(line("logspace", {"start": start.hex(), "stop": stop.hex(), "num": num, "endpoint": endpoint,
                                       "base": base.hex(), "dtype": t}, [], [r]))
    for start, stop, num, endpoint, t in ((1.0, 1000.0, 4, 1, "-"), (-1.0, -1000.0, 4, 1, "-"),
                                          (1.0, 256.0, 9, 1, "int64"), (2.0, 0.5, 6, 0, "float32"),
                                          (3.0, 7.0, 1, 1, "-"), (5.0, 5.0, 3, 1, "int16")):
        r = np.geomspace(start, stop, num, bool(endpoint), dtype=None if t == "-" else t)
        lines.append(line("geomspace", {"start": start.hex(), "stop": stop.hex(), "num": num, "endpoint": endpoint,
                                        "dtype": t}, [], [r]))
    # complex bounds (their powers are the C library's cpow in NumPy: the test allows a few ulps)
    def c(z):
        return "%s,%s" % (float(z.real).hex(), float(z.imag).hex())
    for start, stop, num, endpoint, base in ((1j, 2 + 1j, 5, 1, 10.0), (-1 + 0.5j, 0.25j, 4, 0, 2.0)):
        r = np.logspace(start, stop, num, bool(endpoint), base)
        lines.append(line("logspace", {"start": c(start), "stop": c(stop), "num": num, "endpoint": endpoint,
                                       "base": base.hex(), "dtype": "-"}, [], [r]))
    for start, stop, num, endpoint in ((1j, 1000j, 4, 1), (1 + 1j, 1000 + 1000j, 4, 1), (-1j, -8j, 4, 0),
                                       (-2 + 0j, 3 - 4j, 6, 1), (1 + 0j, -1 + 0j, 5, 1)):
        r = np.geomspace(start, stop, num, bool(endpoint))
        lines.append(line("geomspace", {"start": c(start), "stop": c(stop), "num": num, "endpoint": endpoint,
                                        "dtype": "-"}, [], [r]))
    for t in ALL_TYPES:
        x = data(t, (4,))
        for n, inc in ((None, 0), (3, 1), (0, 0), (6, 0)):
            with np.errstate(all="ignore"):
                r = np.vander(x, n, bool(inc))
            lines.append(line("vander", {"n": "none" if n is None else n, "increasing": inc}, [x], [r]))
        z = data(t, (3, 5))
        z[0, :] = 0
        z[:, 4] = 0
        z[:, 0] = 0
        for trim, axis in (("fb", None), ("f", None), ("B", 1), ("fb", 0)):
            r = np.trim_zeros(z, trim, axis)
            lines.append(line("trim_zeros", {"trim": trim, "axis": "none" if axis is None else axis}, [z], [r]))
        for shape in ((7,), (2, 5), (0,), (3, 0)):
            lines.append(line("resize", {"dims": ",".join(map(str, shape))}, [z], [np.resize(z, shape)]))
        for obj, axis in ((1, 0), (-1, None), (slice(0, 5, 2), 1), (np.array([0, 2], np.int64), 1),
                          (np.array([True, False, True]), 0), (np.array([], np.int64), None)):
            r = np.delete(z, obj, axis)
            if isinstance(obj, slice):
                params = {"slice": "%s:%s:%s" % (obj.start, obj.stop, obj.step)}
                arrays = [z]
            elif isinstance(obj, np.ndarray):
                params = {"obj": "array"}
                arrays = [z, obj]
            else:
                params = {"index": obj}
                arrays = [z]
            params["axis"] = "none" if axis is None else axis
            lines.append(line("delete", params, arrays, [r]))
        # insert: a number position (the values' first axis moved to the axis), one position in an array,
        # several (negative, repeated, unsorted), a mask, a slice, along an axis or flattened
        v = data(t, (3,))
        v2 = data(t, (2, 3))
        v5 = data(t, (5,))
        for obj, values, axis in ((1, v, 1), (-1, v[:1], None), (0, v2, 1), (np.array([2], np.int64), v5, 0),
                                  (np.array([4, -1, 0, 4], np.int64), v[:1], 1), (np.array([3, 1, 1], np.int64), v5, 0),
                                  (np.array([True, False, True]), v[:1], 0), (slice(1, None, 2), v[:1], 1),
                                  (np.array([0, 7, 2], np.int64), v, None)):
            r = np.insert(z, obj, values, axis)
            if isinstance(obj, slice):
                params = {"slice": "%s:%s:%s" % (obj.start, obj.stop, obj.step)}
                arrays = [z, values]
            elif isinstance(obj, np.ndarray):
                params = {"obj": "array"}
                arrays = [z, obj, values]
            else:
                params = {"index": obj}
                arrays = [z, values]
            params["axis"] = "none" if axis is None else axis
            lines.append(line("insert", params, arrays, [r]))
    # block: a flat list, and block matrices (mixed dtypes promote; a 0-d array, a 1-D row)
    for t in ALL_TYPES:
        u = "float32" if t != "bfloat16" else t
        a, b, c = data(t, (2, 2)), data(u, (2, 3)), data(t, (1, 5))
        d, e = data(t, (5,)), data(u, ())
        for rows in ([[a, b], [c]], [[a, b], [d]], [[e, data(t, (1, 2))]], [[data(t, (2, 1, 2)), data(t, (2, 1, 3))], [data(t, (2, 2, 5))]]):
            flat = [x for row in rows for x in row]
            lines.append(line("block", {"rows": ",".join(str(len(r)) for r in rows)}, flat, [np.block(rows)]))
        f = data(u, (2,))
        lines.append(line("block", {"rows": "flat"}, [d, f], [np.block([d, f])]))
    return lines


def main():
    lines = data_lines() + index_lines() + building_lines()
    with open(os.path.join(HERE, "index_functions.txt"), "w") as f:
        f.write("# NumPy %s: take_along_axis, put_along_axis, choose, select, place, putmask, fill_diagonal, diag_indices, "
                "tril/triu_indices, indices, ix_, ravel_multi_index, unravel_index, logspace, geomspace, vander, trim_zeros, "
                "resize, delete, insert; "
                "tests/data/generate_index_functions.py\n" % np.__version__)
        f.write("\n".join(lines) + "\n")
    print("wrote %d lines" % len(lines))


if __name__ == "__main__":
    main()
