#!/usr/bin/env python3
"""Times the foundation operations through CuPy and PyTorch on the same GPU, in the same run as numcu's
bench program, and writes a markdown table.

    python3 bench/compare.py NUMCU_JSON OUT_JSON OUT_MARKDOWN

Same method as bench/bench_foundation.cpp: CUDA events around each repetition after a warm-up, medians,
bytes read + written. Missing frameworks are reported as such, not guessed.
"""
import datetime
import json
import statistics
import sys
import time


def median_gpu_ms(fn, sync_event_pair, warmup=3, reps=20):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        start, stop = sync_event_pair()
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start_stop_ms(start, stop))
    return statistics.median(times)


def start_stop_ms(start, stop):
    if hasattr(start, "elapsed_time"):  # torch.cuda.Event
        return start.elapsed_time(stop)
    import cupy
    return cupy.cuda.get_elapsed_time(start, stop)


def median_host_ms(fn, warmup=1, reps=5, inner=1):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - t0) * 1e3 / inner)
    return statistics.median(times)


def cupy_results():
    import cupy as cp
    import numpy as np
    out = {}
    ev = lambda: (cp.cuda.Event(), cp.cuda.Event())
    n = 1 << 28
    a = cp.arange(n, dtype=cp.float32)
    out["astype float32->float64 2^28"] = median_gpu_ms(lambda: a.astype(cp.float64), ev)
    out["astype float32->float16 2^28"] = median_gpu_ms(lambda: a.astype(cp.float16), ev)
    out["copy float32 2^28"] = median_gpu_ms(lambda: a.copy(), ev)
    del a
    x = cp.arange(8192 * 8192, dtype=cp.float32).reshape(8192, 8192)
    out["ascontiguousarray(X.T()) 8192^2 float32"] = median_gpu_ms(lambda: cp.ascontiguousarray(x.T), ev)
    x64 = x.astype(cp.float64)
    out["ascontiguousarray(X.T()) 8192^2 float64"] = median_gpu_ms(lambda: cp.ascontiguousarray(x64.T), ev)
    out["ascontiguousarray(X[:, ::2]) 8192^2 float32"] = median_gpu_ms(lambda: cp.ascontiguousarray(x[:, ::2]), ev)
    del x, x64
    nbytes = 1 << 30
    host = np.ones(nbytes // 4, dtype=np.float32)
    dev = cp.empty(nbytes // 4, dtype=cp.float32)
    out["H2D 1 GiB pageable"] = median_host_ms(lambda: (dev.set(host), cp.cuda.Device().synchronize()))
    out["D2H 1 GiB pageable"] = median_host_ms(lambda: dev.get(out=host))
    pinned_mem = cp.cuda.alloc_pinned_memory(nbytes)
    pinned = np.frombuffer(pinned_mem, np.float32, nbytes // 4)
    out["H2D 1 GiB pinned"] = median_host_ms(lambda: (dev.set(pinned), cp.cuda.Device().synchronize()))
    out["D2H 1 GiB pinned"] = median_host_ms(lambda: dev.get(out=pinned))
    out["alloc+free 1 MiB"] = median_host_ms(lambda: cp.empty(1 << 20, dtype=cp.uint8), 100, 21, 1000)
    return out


def torch_results():
    import torch
    out = {}
    ev = lambda: (torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
    n = 1 << 28
    a = torch.arange(n, dtype=torch.float32, device="cuda")
    out["astype float32->float64 2^28"] = median_gpu_ms(lambda: a.to(torch.float64), ev)
    out["astype float32->float16 2^28"] = median_gpu_ms(lambda: a.to(torch.float16), ev)
    out["copy float32 2^28"] = median_gpu_ms(lambda: a.clone(), ev)
    del a
    x = torch.arange(8192 * 8192, dtype=torch.float32, device="cuda").reshape(8192, 8192)
    out["ascontiguousarray(X.T()) 8192^2 float32"] = median_gpu_ms(lambda: x.t().contiguous(), ev)
    x64 = x.to(torch.float64)
    out["ascontiguousarray(X.T()) 8192^2 float64"] = median_gpu_ms(lambda: x64.t().contiguous(), ev)
    out["ascontiguousarray(X[:, ::2]) 8192^2 float32"] = median_gpu_ms(lambda: x[:, ::2].contiguous(), ev)
    del x, x64
    nbytes = 1 << 30
    host = torch.ones(nbytes // 4, dtype=torch.float32)
    pinned = torch.ones(nbytes // 4, dtype=torch.float32).pin_memory()
    dev = torch.empty(nbytes // 4, dtype=torch.float32, device="cuda")
    out["H2D 1 GiB pageable"] = median_host_ms(lambda: (dev.copy_(host), torch.cuda.synchronize()))
    out["D2H 1 GiB pageable"] = median_host_ms(lambda: (host.copy_(dev), torch.cuda.synchronize()))
    out["H2D 1 GiB pinned"] = median_host_ms(lambda: (dev.copy_(pinned), torch.cuda.synchronize()))
    out["D2H 1 GiB pinned"] = median_host_ms(lambda: (pinned.copy_(dev), torch.cuda.synchronize()))
    out["alloc+free 1 MiB"] = median_host_ms(
        lambda: torch.empty(1 << 20, dtype=torch.uint8, device="cuda"), 100, 21, 1000)
    return out


def main():
    numcu_json, out_json, out_md = sys.argv[1:4]
    with open(numcu_json) as f:
        numcu = json.load(f)
    others = {}
    for name, fn in (("CuPy", cupy_results), ("PyTorch", torch_results)):
        try:
            import importlib
            mod = importlib.import_module("cupy" if name == "CuPy" else "torch")
            others[name] = (getattr(mod, "__version__", "?"), fn())
        except Exception as e:  # reported, never guessed
            others[name] = ("unavailable: %s" % e, {})
    ceiling = next(r for r in numcu["results"] if r["name"].startswith("device copy"))
    ceiling_tbps = ceiling["bytes"] / (ceiling["ms"] * 1e-3) / 1e12
    lines = ["| operation | numcu | %s | %s |" % tuple("%s %s" % (k, v[0]) for k, v in others.items()),
             "| --- | --- | --- | --- |"]

    def cell(r_bytes, unit, ms):
        if ms is None:
            return "—"
        if unit == "us":
            return "%.2f µs" % (ms * 1e3)
        if unit == "GB/s":
            return "%.1f GB/s (%.1f ms)" % (r_bytes / (ms * 1e-3) / 1e9, ms)
        return "%.2f TB/s (%.3f ms)" % (r_bytes / (ms * 1e-3) / 1e12, ms)

    for r in numcu["results"]:
        row = [r["name"], cell(r["bytes"], r["unit"], r["ms"])]
        for name, (_, res) in others.items():
            row.append(cell(r["bytes"], r["unit"], res.get(r["name"])))
        lines.append("| " + " | ".join(row) + " |")
    header = "Measured %s on %s; device-copy ceiling in the same run: %.2f TB/s.\n" % (
        datetime.date.today().isoformat(), numcu["gpu"], ceiling_tbps)
    with open(out_md, "w") as f:
        f.write(header + "\n" + "\n".join(lines) + "\n")
    with open(out_json, "w") as f:
        json.dump({"numcu": numcu, "others": {k: {"version": v[0], "ms": v[1]} for k, v in others.items()}}, f, indent=1)
    print(header)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
