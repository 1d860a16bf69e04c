#!/usr/bin/env python3
"""Writes tests/data/complex_products.txt: NumPy 2's complex products of random (not exactly representable)
operands, complex64 and complex128: multiply, square and power by 2 and 3. NumPy's multiply and square loops are
compiled with fused multiply-adds on current x86-64 CPUs, its power loop without, and the last bit of a product
depends on which. Run with NumPy 2:

    python3 tests/data/generate_complex_products.py

Line format (float.hex parts):
    dtype op | re,im of a ... | re,im of b ... (multiply only, "-" otherwise) | re,im of the results ...
"""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def enc(arr):
    return " ".join("%s,%s" % (float(v.real).hex(), float(v.imag).hex()) for v in arr)


def main():
    rng = np.random.default_rng(20261206)
    lines = []
    for t in (np.complex64, np.complex128):
        a = (rng.standard_normal(64) + 1j * rng.standard_normal(64)).astype(t)
        b = (rng.standard_normal(64) + 1j * rng.standard_normal(64)).astype(t)
        name = np.dtype(t).name
        lines.append("%s multiply | %s | %s | %s" % (name, enc(a), enc(b), enc(a * b)))
        lines.append("%s square | %s | - | %s" % (name, enc(a), enc(np.square(a))))
        # np.power, not a ** 2: the operator sends an exponent of 2 to square
        lines.append("%s power2 | %s | - | %s" % (name, enc(a), enc(np.power(a, 2))))
        lines.append("%s power3 | %s | - | %s" % (name, enc(a), enc(np.power(a, 3))))
    with open(os.path.join(HERE, "complex_products.txt"), "w") as f:
        f.write("# NumPy %s: complex products; tests/data/generate_complex_products.py\n" % np.__version__)
        f.write("\n".join(lines) + "\n")
    print("wrote %d lines" % len(lines))


if __name__ == "__main__":
    main()
