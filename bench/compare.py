#!/usr/bin/env python3
"""Times the foundation operations through CuPy and PyTorch on the same GPU, in the same run as numcu's
bench program, and writes a markdown table.

    python3 bench/compare.py NUMCU_JSON OUT_JSON OUT_MARKDOWN

Same method as bench/bench_foundation.cpp: CUDA events around each repetition after a warm-up, medians,
bytes read + written. Missing frameworks are reported as such, not guessed.
"""
import datetime
import os
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


def median_fresh_ms(setup, fn, reps=5):
    """Median milliseconds of fn(setup()) after one warm-up, setup() and the release of its argument and
    result outside the timing: every transfer meets fresh host memory (median_fresh_ms in
    bench_foundation.cpp)."""
    times = []
    for i in range(reps + 1):
        arg = setup()
        t0 = time.perf_counter()
        result = fn(arg)
        t1 = time.perf_counter()
        del arg, result
        if i > 0:
            times.append((t1 - t0) * 1e3)
    return statistics.median(times)


def elementwise(out, xp, ev, f32, f16, bf16, sync):
    """The elementwise rows, written once for both frameworks (their array APIs agree here)."""
    kw = {"device": "cuda"} if xp.__name__ == "torch" else {}
    n = 1 << 28
    a, b, d = (xp.linspace(lo, hi, n, dtype=f32, **kw) for lo, hi in ((-1.0, 1.0), (2.0, 3.0), (0.0, 1.0)))
    out["a + b float32 2^28"] = median_gpu_ms(lambda: a + b, ev)
    out["exp(a) float32 2^28"] = median_gpu_ms(lambda: xp.exp(a), ev)
    out["a * b + d float32 2^28 (eager)"] = median_gpu_ms(lambda: a * b + d, ev)
    h, hb = (x.to(f16) if xp.__name__ == "torch" else x.astype(f16) for x in (a, b))
    out["a + b float16 2^28"] = median_gpu_ms(lambda: h + hb, ev)
    if bf16 is not None:
        g, gb = a.to(bf16), b.to(bf16)
        out["a + b bfloat16 2^28"] = median_gpu_ms(lambda: g + gb, ev)
        del g, gb
    del a, b, d, h, hb
    x = xp.linspace(0.0, 1.0, 8192 * 8192, dtype=f32, **kw).reshape(8192, 8192)
    v = xp.linspace(0.0, 1.0, 8192, dtype=f32, **kw)
    out["X + v 8192^2 float32 (row broadcast)"] = median_gpu_ms(lambda: x + v, ev)
    del x, v
    for e in range(10, 29, 2):
        m = 1 << e
        a = xp.linspace(-1.0, 1.0, m, dtype=f32, **kw)
        b = xp.linspace(2.0, 3.0, m, dtype=f32, **kw)
        reps = 200 if e < 20 else 20
        out["sweep a + b float32 2^%d" % e] = median_gpu_ms(lambda: a + b, ev, 10, reps)
        out["sweep exp(a) float32 2^%d" % e] = median_gpu_ms(lambda: xp.exp(a), ev, 10, reps)
    if xp.__name__ == "torch":
        out["standard_normal float32 2^28 (bytes written)"] = median_gpu_ms(
            lambda: xp.randn(1 << 28, dtype=f32, device="cuda"), ev)
    else:
        rng = xp.random.default_rng(7)
        out["standard_normal float32 2^28 (bytes written)"] = median_gpu_ms(
            lambda: rng.standard_normal(1 << 28, dtype=f32), ev)
    a = xp.ones(1024, dtype=f32, **kw)
    b = xp.ones(1024, dtype=f32, **kw)
    out["host time per op: c = a + b, 1024 float32"] = median_host_ms(lambda: a + b, 1000, 21, 1000)
    sync()


def reductions(out, xp, ev, f32, sync):
    """The reduction rows of bench/bench_reduction.cpp, written once for both frameworks."""
    kw = {"device": "cuda"} if xp.__name__ == "torch" else {}
    n = 1 << 28
    a = xp.linspace(-1.0, 1.0, n, dtype=f32, **kw)
    out["sum(a) float32 2^28"] = median_gpu_ms(lambda: a.sum(), ev)
    out["max(a) float32 2^28"] = median_gpu_ms(lambda: a.max(), ev)
    out["argmax(a) float32 2^28"] = median_gpu_ms(lambda: a.argmax(), ev)
    out["mean(a) float32 2^28"] = median_gpu_ms(lambda: a.mean(), ev)
    out["var(a) float32 2^28"] = median_gpu_ms(lambda: a.var(), ev, 1, 5)
    out["count_nonzero(a) float32 2^28"] = median_gpu_ms(lambda: xp.count_nonzero(a), ev)
    out["cumsum(a) float32 2^28 (read + write)"] = median_gpu_ms(lambda: xp.cumsum(a, 0), ev)
    del a
    side = 16384
    x = xp.linspace(0.0, 1.0, side * side, dtype=f32, **kw).reshape(side, side)
    out["sum(X, 0) 16384^2 float32"] = median_gpu_ms(lambda: x.sum(0), ev)
    out["sum(X, 1) 16384^2 float32"] = median_gpu_ms(lambda: x.sum(1), ev)
    out["argmax(X, 1) 16384^2 float32"] = median_gpu_ms(lambda: x.argmax(1), ev)
    rows = x.reshape(1 << 20, 256)
    out["sum(X, 1) (2^20, 256) float32"] = median_gpu_ms(lambda: rows.sum(1), ev)
    columns = x.reshape(256, 1 << 20)
    out["sum(X, 0) (256, 2^20) float32"] = median_gpu_ms(lambda: columns.sum(0), ev)
    del x, rows, columns
    cast = (lambda t, d: t.to(d)) if xp.__name__ == "torch" else (lambda t, d: t.astype(d))
    a = cast(xp.linspace(0.0, 250.0, n, dtype=f32, **kw), xp.uint8)
    out["sum(a) uint8 2^28"] = median_gpu_ms(lambda: a.sum(), ev)
    out["max(a) uint8 2^28"] = median_gpu_ms(lambda: a.max(), ev)
    x = a.reshape(side, side)
    out["sum(X, 0) 16384^2 uint8"] = median_gpu_ms(lambda: x.sum(0), ev)
    b = cast(xp.linspace(0.0, 250.0, n, dtype=f32, **kw), xp.int32)
    out["sum(a) int32 2^28"] = median_gpu_ms(lambda: b.sum(), ev)
    del a, b, x
    small = xp.ones(1024, dtype=f32, **kw)
    out["host time per sum of 1024 float32 (result on the device)"] = median_host_ms(lambda: small.sum(), 1000, 21, 1000)
    sync()


def joining(out, xp, ev, f32, sync):
    """The rows of bench/bench_joining.cpp: a[a > 0], a gather, a[mask] = 0, concatenate, stack, roll, pad, tril."""
    torch = xp.__name__ == "torch"
    n = 1 << 28
    if torch:
        x = xp.randn(n, dtype=f32, device="cuda")
        idx = xp.randint(0, n, (1 << 26,), dtype=xp.int64, device="cuda")
    else:
        x = xp.random.standard_normal(n, dtype=f32)
        idx = xp.random.randint(0, n, 1 << 26, dtype=xp.int64)
    out["a(a > 0) of 2^28 float32"] = median_gpu_ms(lambda: x[x > 0], ev)
    out["gather a(idx) of 2^26 random int64 indices into 2^28 float32"] = median_gpu_ms(lambda: x[idx], ev)
    mask = x < 0

    def assign():
        x[mask] = 0

    out["a(mask) = 0 on 2^28 float32"] = median_gpu_ms(assign, ev)
    del x, idx, mask
    half = 1 << 25
    if torch:
        a = xp.rand(half, dtype=f32, device="cuda")
        b = xp.rand(half, dtype=f32, device="cuda")
        out["concatenate of two 2^25 float32 halves"] = median_gpu_ms(lambda: xp.cat((a, b)), ev)
        out["stack of two 2^25 float32 halves along axis 1"] = median_gpu_ms(lambda: xp.stack((a, b), dim=1), ev)
        big = xp.rand(1 << 28, dtype=f32, device="cuda")
        out["roll of 2^28 float32 by 12345"] = median_gpu_ms(lambda: xp.roll(big, 12345), ev)
        image = big[:8192 * 8192].reshape(1, 1, 8192, 8192)
        out["pad of 8192^2 float32 by 1, reflect"] = median_gpu_ms(
            lambda: xp.nn.functional.pad(image, (1, 1, 1, 1), mode="reflect"), ev)
        square = big.reshape(16384, 16384)
        out["tril of 16384^2 float32"] = median_gpu_ms(lambda: xp.tril(square), ev)
    else:
        a = xp.random.random(half).astype(f32)
        b = xp.random.random(half).astype(f32)
        out["concatenate of two 2^25 float32 halves"] = median_gpu_ms(lambda: xp.concatenate((a, b)), ev)
        out["stack of two 2^25 float32 halves along axis 1"] = median_gpu_ms(lambda: xp.stack((a, b), axis=1), ev)
        big = xp.random.random(1 << 28, dtype=f32)
        out["roll of 2^28 float32 by 12345"] = median_gpu_ms(lambda: xp.roll(big, 12345), ev)
        image = big[:8192 * 8192].reshape(8192, 8192)
        out["pad of 8192^2 float32 by 1, reflect"] = median_gpu_ms(lambda: xp.pad(image, 1, mode="reflect"), ev)
        square = big.reshape(16384, 16384)
        out["tril of 16384^2 float32"] = median_gpu_ms(lambda: xp.tril(square), ev)
    del a, b, big, image, square
    sync()


def linalg(out, xp, ev, sync):
    """The rows of bench/bench_linalg.cpp: matmul of 8192^2 float32 (no TF32), float16 and bfloat16 (float32
    accumulation, no reduced-precision reductions: numcu's contract, set on PyTorch too), a transposed view, a
    batch of 1024 products of 128^2, the host time of a 64^2 product; fft, rfft and fft2; solve, cholesky and
    eigh of 4096^2 float64."""
    torch = xp.__name__ == "torch"
    n = 8192
    kinds = [("float32", xp.float32), ("float16", xp.float16)] + ([("bfloat16", xp.bfloat16)] if torch else [])
    for name, t in kinds:
        if torch:
            a = xp.rand(n, n, device="cuda").to(t)
            b = xp.rand(n, n, device="cuda").to(t)
        else:
            a = xp.random.random((n, n)).astype(t)
            b = xp.random.random((n, n)).astype(t)
        out["matmul %s 8192^2" % name] = median_gpu_ms(lambda: xp.matmul(a, b), ev)
        if name == "float32":
            at = (a.t().contiguous().t() if torch else xp.ascontiguousarray(a.T).T)
            out["matmul float32 8192^2, a transposed view"] = median_gpu_ms(lambda: xp.matmul(at, b), ev)
            del at
        del a, b
    if torch:
        a = xp.rand(1024, 128, 128, device="cuda")
        b = xp.rand(1024, 128, 128, device="cuda")
        s = xp.rand(64, 64, device="cuda")
    else:
        a = xp.random.random((1024, 128, 128), dtype=xp.float32)
        b = xp.random.random((1024, 128, 128), dtype=xp.float32)
        s = xp.random.random((64, 64), dtype=xp.float32)
    out["matmul float32 batch 1024 x 128^2"] = median_gpu_ms(lambda: xp.matmul(a, b), ev)
    sync()
    out["matmul float32 64^2, host time per call"] = median_host_ms(lambda: xp.matmul(s, s), 200, 21, 200)
    sync()
    del a, b, s
    n = 1 << 24
    if torch:
        z = xp.randn(n, dtype=xp.complex64, device="cuda")
        r = xp.randn(n, dtype=xp.float32, device="cuda")
        z2 = xp.randn(4096, 4096, dtype=xp.complex64, device="cuda")
    else:
        z = (xp.random.standard_normal(n, dtype=xp.float32) + 1j * xp.random.standard_normal(n, dtype=xp.float32))
        z = z.astype(xp.complex64)
        r = xp.random.standard_normal(n, dtype=xp.float32)
        z2 = xp.random.standard_normal((4096, 4096), dtype=xp.float32).astype(xp.complex64)
    out["fft complex64 2^24"] = median_gpu_ms(lambda: xp.fft.fft(z), ev)
    out["rfft float32 2^24"] = median_gpu_ms(lambda: xp.fft.rfft(r), ev)
    out["fft2 complex64 4096^2"] = median_gpu_ms(lambda: xp.fft.fft2(z2), ev)
    del z, r, z2
    m = 4096
    if torch:
        a = xp.rand(m, m, dtype=xp.float64, device="cuda") + m * xp.eye(m, dtype=xp.float64, device="cuda")
        b = xp.rand(m, 16, dtype=xp.float64, device="cuda")
    else:
        a = xp.random.random((m, m)) + m * xp.eye(m)
        b = xp.random.random((m, 16))
    spd = a @ a.T
    out["solve float64 4096^2, 16 right-hand sides"] = median_gpu_ms(lambda: xp.linalg.solve(a, b), ev, 2, 5)
    out["cholesky float64 4096^2"] = median_gpu_ms(lambda: xp.linalg.cholesky(spd), ev, 2, 5)
    out["eigh float64 4096^2"] = median_gpu_ms(lambda: xp.linalg.eigh(spd), ev, 1, 3)
    del a, b, spd
    sync()


def sorting(out, xp, ev, f32, sync):
    """The rows of bench/bench_sorting.cpp. PyTorch has no partition: its row is topk(100), as the issue's table."""
    torch = xp.__name__ == "torch"
    n = 1 << 26
    if torch:
        g = xp.Generator(device="cuda").manual_seed(7)
        a = xp.rand(n, dtype=f32, device="cuda", generator=g)
    else:
        a = xp.random.default_rng(7).random(n, dtype=f32)
    out["sort 2^26 float32"] = median_gpu_ms(lambda: xp.sort(a), ev)
    out["argsort 2^26 float32"] = median_gpu_ms(lambda: xp.argsort(a), ev)
    if torch:
        out["partition 2^26 float32, kth = n - 100"] = median_gpu_ms(lambda: xp.topk(a, 100), ev)
    else:
        out["partition 2^26 float32, kth = n - 100"] = median_gpu_ms(lambda: xp.partition(a, n - 100), ev)
    rows = a.reshape(1 << 16, 1024)
    out["sort along axis 1 of (2^16, 1024) float32"] = median_gpu_ms(lambda: xp.sort(rows, 1), ev)
    out["median 2^26 float32"] = median_gpu_ms(lambda: xp.median(a), ev)
    del a, rows
    if torch:
        x = xp.randint(0, 1 << 20, (n,), dtype=xp.int32, device="cuda", generator=g)
    else:
        x = xp.random.default_rng(9).integers(0, 1 << 20, n, dtype=xp.int32)
    out["unique 2^26 int32 drawn from 2^20 values"] = median_gpu_ms(lambda: xp.unique(x), ev)
    out["bincount 2^26 int32 into 2^20 bins"] = median_gpu_ms(lambda: xp.bincount(x), ev)
    del x
    if torch:
        hay = xp.randint(0, 1 << 30, (1 << 20,), dtype=xp.int32, device="cuda", generator=g)
        needles = xp.randint(0, 1 << 30, (n,), dtype=xp.int32, device="cuda", generator=g)
        out["searchsorted 2^26 int32 into 2^20 sorted (the sort included)"] = median_gpu_ms(
            lambda: xp.searchsorted(xp.sort(hay)[0], needles), ev)
    else:
        rng = xp.random.default_rng(8)
        hay = rng.integers(0, 1 << 30, 1 << 20, dtype=xp.int32)
        needles = rng.integers(0, 1 << 30, n, dtype=xp.int32)
        out["searchsorted 2^26 int32 into 2^20 sorted (the sort included)"] = median_gpu_ms(
            lambda: xp.searchsorted(xp.sort(hay), needles), ev)
    sync()


def io(out, to_gpu, to_host, sync, to_dlpack, from_dlpack, small):
    """The rows of bench/bench_io.cpp: NumPy's np.load and np.save with the library's copy to and from the GPU,
    and the library's DLPack calls on a 1000-element float32 array."""
    import tempfile
    import numpy as np
    path = os.path.join(tempfile.gettempdir(), "compare_io.npy")
    n = (1 << 30) // 4
    a = to_gpu(np.arange(n, dtype=np.float32))
    out["save 1 GiB float32 .npy from the GPU"] = median_host_ms(lambda: np.save(path, to_host(a)))
    out["load 1 GiB float32 .npy onto the GPU"] = median_host_ms(lambda: (to_gpu(np.load(path)), sync()))
    os.remove(path)
    del a
    out["to_dlpack + deleter (float32 1-D on the GPU)"] = median_host_ms(lambda: to_dlpack(small), 1000, 21, 1000)
    out["to_dlpack + from_dlpack + release (float32 1-D on the GPU)"] = median_host_ms(
        lambda: from_dlpack(to_dlpack(small)), 1000, 21, 1000)


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
    # numcu's two rows into fresh memory (a std::vector, a host ndarray) both compare with a fresh NumPy array
    fresh_d2h = median_fresh_ms(lambda: None, lambda _: cp.asnumpy(dev))
    out["D2H 1 GiB into fresh memory via to_vector<float>()"] = fresh_d2h
    out["D2H 1 GiB into fresh memory via asnumpy"] = fresh_d2h
    out["H2D 1 GiB from a fresh std::vector via nc::array"] = median_fresh_ms(
        lambda: np.ones(nbytes // 4, dtype=np.float32),
        lambda x: (cp.asarray(x), cp.cuda.Device().synchronize()))
    out["alloc+free 1 MiB"] = median_host_ms(lambda: cp.empty(1 << 20, dtype=cp.uint8), 100, 21, 1000)
    del dev, pinned, pinned_mem
    elementwise(out, cp, ev, cp.float32, cp.float16, None, lambda: cp.cuda.Device().synchronize())
    reductions(out, cp, ev, cp.float32, lambda: cp.cuda.Device().synchronize())
    sorting(out, cp, ev, cp.float32, lambda: cp.cuda.Device().synchronize())
    joining(out, cp, ev, cp.float32, lambda: cp.cuda.Device().synchronize())
    linalg(out, cp, ev, lambda: cp.cuda.Device().synchronize())
    io(out, cp.asarray, cp.asnumpy, lambda: cp.cuda.Device().synchronize(), lambda x: x.__dlpack__(),
       cp.from_dlpack, cp.arange(1000, dtype=cp.float32))
    try:  # the other rows stand even if CuPy cannot compile here
        runtime_kernels(out, cp, ev)
    except Exception as e:
        print("CuPy runtime kernels unavailable:", e)
    return out


def runtime_kernels(out, cp, ev):
    """The rows of bench/bench_rtc.cpp: CuPy's RawKernel and ElementwiseKernel doing the same."""
    source = r"""
extern "C" __global__ void add(const float* a, const float* b, float* c, long long n) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
"""
    n = 1 << 28
    a = cp.linspace(-1.0, 1.0, n, dtype=cp.float32)
    b = cp.linspace(0.0, 1.0, n, dtype=cp.float32)
    c = cp.empty(n, dtype=cp.float32)
    blocks = (n + 255) // 256
    t0 = time.perf_counter()
    kernel = cp.RawKernel(source + "// %d\n" % time.time_ns(), "add")  # a source never compiled before
    kernel((blocks,), (256,), (a, b, c, cp.int64(n)))
    cp.cuda.Device().synchronize()
    out["raw kernel first launch (compile, load, run)"] = (time.perf_counter() - t0) * 1e3
    kernel = cp.RawKernel(source, "add")
    kernel((blocks,), (256,), (a, b, c, cp.int64(n)))
    small = cp.zeros(1024, dtype=cp.float32)
    small_out = cp.empty(1024, dtype=cp.float32)
    out["host time per raw kernel launch (loaded)"] = median_host_ms(
        lambda: kernel((4,), (256,), (small, small, small_out, cp.int64(1024))), 100, 21, 200)
    out["a + b float32 2^28 raw kernel"] = median_gpu_ms(lambda: kernel((blocks,), (256,), (a, b, c, cp.int64(n))), ev)
    add = cp.ElementwiseKernel("T x, T y", "T z", "z = x + y", "add_them")
    out["a + b float32 2^28 elementwise_kernel (out=)"] = median_gpu_ms(lambda: add(a, b, c), ev)
    out["a + b float32 2^28 numcu add (out=)"] = median_gpu_ms(lambda: cp.add(a, b, out=c), ev)
    ones, ones_out = cp.ones(1024, dtype=cp.float32), cp.empty(1024, dtype=cp.float32)
    add(ones, ones, ones_out)
    out["host time per elementwise_kernel call (compiled), 1024 float32, out="] = median_host_ms(
        lambda: add(ones, ones, ones_out), 100, 21, 200)
    x, z, row = a.reshape(16384, 16384), c.reshape(16384, 16384), b[:16384]
    out["X + v 16384^2 float32 (row broadcast) elementwise_kernel (out=)"] = median_gpu_ms(lambda: add(x, row, z), ev)
    out["X + v 16384^2 float32 (row broadcast) numcu add (out=)"] = median_gpu_ms(lambda: cp.add(x, row, out=z), ev)
    tall, tall_out, four = a.reshape(-1, 4), c.reshape(-1, 4), b[:4]
    out["X + v (2^26, 4) float32 (short rows) elementwise_kernel (out=)"] = median_gpu_ms(
        lambda: add(tall, four, tall_out), ev)
    out["X + v (2^26, 4) float32 (short rows) numcu add (out=)"] = median_gpu_ms(
        lambda: cp.add(tall, four, out=tall_out), ev)
    out["X.T + X 16384^2 float32 elementwise_kernel (out=)"] = median_gpu_ms(lambda: add(x.T, x, z), ev)
    out["X.T + X 16384^2 float32 numcu add (out=)"] = median_gpu_ms(lambda: cp.add(x.T, x, out=z), ev)
    small = cp.ones(1024, dtype=cp.float32)
    t0 = time.perf_counter()
    fresh = cp.ElementwiseKernel("T x, T y", "T z", "z = x * y + x", "multiply_add_first",
                                 preamble="// %d" % time.time_ns())  # a source never compiled before
    fresh(small, small)
    cp.cuda.Device().synchronize()
    out["elementwise_kernel first call (source, compile, load, run)"] = (time.perf_counter() - t0) * 1e3
    t0 = time.perf_counter()
    fresh = cp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = a", "0", "sum_squares_first",
                               preamble="// %d" % time.time_ns())  # a source never compiled before
    fresh(small)
    cp.cuda.Device().synchronize()
    out["reduction_kernel first call (source, compile, load, run), 1024 float32"] = (time.perf_counter() - t0) * 1e3
    total = cp.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "total")
    out["sum float32 2^28 reduction_kernel"] = median_gpu_ms(lambda: total(a), ev)
    out["sum float32 2^28 numcu sum"] = median_gpu_ms(lambda: cp.sum(a), ev)
    total(ones)
    out["host time per reduction_kernel call (compiled), sum of 1024 float32"] = median_host_ms(
        lambda: total(ones), 100, 21, 200)
    matrix = a.reshape(16384, 16384)
    out["sum(X, 0) 16384^2 float32 reduction_kernel"] = median_gpu_ms(lambda: total(matrix, axis=0), ev)
    out["sum(X, 1) 16384^2 float32 reduction_kernel"] = median_gpu_ms(lambda: total(matrix, axis=1), ev)
    cp.cuda.Device().synchronize()


def torch_results():
    import numpy as np
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
    fresh_d2h = median_fresh_ms(lambda: None, lambda _: dev.cpu())
    out["D2H 1 GiB into fresh memory via to_vector<float>()"] = fresh_d2h
    out["D2H 1 GiB into fresh memory via asnumpy"] = fresh_d2h
    out["H2D 1 GiB from a fresh std::vector via nc::array"] = median_fresh_ms(
        lambda: np.ones(nbytes // 4, dtype=np.float32),
        lambda x: (torch.from_numpy(x).cuda(), torch.cuda.synchronize()))
    out["alloc+free 1 MiB"] = median_host_ms(
        lambda: torch.empty(1 << 20, dtype=torch.uint8, device="cuda"), 100, 21, 1000)
    del dev, host, pinned
    elementwise(out, torch, ev, torch.float32, torch.float16, torch.bfloat16, torch.cuda.synchronize)
    reductions(out, torch, ev, torch.float32, torch.cuda.synchronize)
    sorting(out, torch, ev, torch.float32, torch.cuda.synchronize)
    joining(out, torch, ev, torch.float32, torch.cuda.synchronize)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
    torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction = False
    linalg(out, torch, ev, torch.cuda.synchronize)
    io(out, lambda x: torch.from_numpy(x).cuda(), lambda t: t.cpu().numpy(), torch.cuda.synchronize,
       torch.utils.dlpack.to_dlpack, torch.utils.dlpack.from_dlpack,
       torch.arange(1000, dtype=torch.float32, device="cuda"))
    return out


def plot(numcu, others, ceiling, path):
    """Bandwidth against size for the sweeps, with the device-copy ceiling."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:
        print("no plot:", e)
        return
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    for ax, op in zip(axes, ("a + b", "exp(a)")):
        rows = [r for r in numcu["results"] if r["name"].startswith("sweep " + op + " ")]
        sizes = [r["size"] for r in rows]
        ax.plot(sizes, [r["bytes"] / (r["ms"] * 1e-3) / 1e12 for r in rows], "o-", label="numcu")
        for name, (version, res) in others.items():
            ys = [r["bytes"] / (res[r["name"]] * 1e-3) / 1e12 if r["name"] in res else None for r in rows]
            if any(y is not None for y in ys):
                ax.plot(sizes, ys, "s--", label="%s %s" % (name, version))
        ax.axhline(ceiling, color="gray", linestyle=":", label="device copy %.2f TB/s" % ceiling)
        ax.set_xscale("log", base=2)
        ax.set_xlabel("elements (float32)")
        ax.set_ylabel("TB/s (bytes read + written)")
        ax.set_title(op)
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print("wrote", path)


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
        if unit == "ms":
            return "%.3f ms" % ms
        if unit == "TFLOP/s":
            return "%.1f TFLOP/s (%.3f ms)" % (r_bytes / (ms * 1e-3) / 1e12, ms)
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
    # last: matplotlib's first import on a fresh machine builds its font cache, which can take minutes
    plot(numcu, others, ceiling_tbps, os.path.join(os.path.dirname(out_md), "elementwise_sweep.png"))


if __name__ == "__main__":
    main()
