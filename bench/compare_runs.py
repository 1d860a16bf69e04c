#!/usr/bin/env python3
"""Prints the rows two or more numcu_bench JSON files share, side by side: the first file is the baseline
(another revision's build, run in the same call), the others runs of this tree; the ratio is the best of
this tree's runs against the baseline (throughput rows: higher is better; time rows: lower is better).

    python3 bench/compare_runs.py BASELINE.json CURRENT.json [CURRENT_AGAIN.json ...]
"""
import json
import sys


def rows(path):
    with open(path) as f:
        return {r["name"]: r for r in json.load(f)["results"]}


def value(r):
    """(number, unit, higher_is_better) in the row's own unit: TB/s, GB/s, or microseconds of host time."""
    if r["unit"] == "us":
        return r["ms"] * 1e3, "us", False
    scale = 1e9 if r["unit"] == "TB/s" else 1e6
    return r["bytes"] / r["ms"] / scale, r["unit"], True


def main():
    base = rows(sys.argv[1])
    runs = [rows(p) for p in sys.argv[2:]]
    print("| row | baseline | this tree (runs) | best / baseline |")
    print("| --- | --- | --- | --- |")
    for name, b in base.items():
        if not all(name in r for r in runs):
            continue
        bv, unit, higher = value(b)
        vs = [value(r[name])[0] for r in runs]
        best = max(vs) if higher else min(vs)
        ratio = best / bv if higher else bv / best
        flag = "" if ratio >= 0.98 else "  **slower by more than 2%**"
        print(f"| {name} | {bv:.3g} {unit} | {' / '.join(f'{v:.3g}' for v in vs)} | {ratio:.3f}{flag} |")


if __name__ == "__main__":
    main()
