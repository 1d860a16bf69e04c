#!/usr/bin/env python3
"""DLPack round trips between numcu and NumPy (host memory), PyTorch and CuPy (GPU memory), through the
numcu_dlpack_interop library that tests/dlpack_interop_module.cpp builds, loaded with ctypes.

For each library and dtype, both ways, versioned and unversioned capsules: the other side sees the values
NumPy says it should (arange cast to the dtype, C order and a transposed view), no copy is made (the same
pointer on both sides, and a write on one side is seen on the other), and the memory is freed exactly once,
whichever side lets go last (numcu's deleter counted, the other library's allocator statistics or a weak
reference). Read-only NumPy arrays are copied, as numcu/dlpack.hpp says.

    python3 tests/python/test_dlpack_interop.py <build-dir>

Prints one summary line and exits 1 when a check fails. Where there is no GPU, PyTorch or CuPy, those parts
are reported as not run; NUMCU_REQUIRE_GPU_INTEROP=1 (scripts/gpu-check.sh) makes that a failure.
"""
import ctypes
import gc
import os
import sys
import weakref

import numpy as np

VERSIONED = b"dltensor_versioned"
UNVERSIONED = b"dltensor"
USED_VERSIONED = b"used_dltensor_versioned"
USED_UNVERSIONED = b"used_dltensor"

checks = 0
failures = []


def check(condition, what):
    global checks
    checks += 1
    if not condition:
        failures.append(what)
        print("FAILED:", what)


# ---- the library and the CPython capsule functions --------------------------------------------------------
build = sys.argv[1] if len(sys.argv) > 1 else "build/ci"
lib = ctypes.CDLL(os.path.join(build, "tests", "libnumcu_dlpack_interop.so"))
lib.numcu_last_error.restype = ctypes.c_char_p
lib.numcu_array_arange.restype = ctypes.c_void_p
lib.numcu_array_arange.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_int]
lib.numcu_array_free.argtypes = [ctypes.c_void_p]
lib.numcu_array_data.restype = ctypes.c_uint64
lib.numcu_array_data.argtypes = [ctypes.c_void_p]
lib.numcu_array_bytes.restype = ctypes.c_int64
lib.numcu_array_bytes.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64]
lib.numcu_array_add_one.argtypes = [ctypes.c_void_p]
lib.numcu_in_use.restype = ctypes.c_int64
lib.numcu_in_use.argtypes = [ctypes.c_char_p]
lib.numcu_dlpack_stream.restype = ctypes.c_int64
lib.numcu_export.restype = ctypes.c_void_p
lib.numcu_export.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int64]
lib.numcu_deleter_calls.restype = ctypes.c_int64
lib.numcu_release_tensor.argtypes = [ctypes.c_void_p, ctypes.c_int]
lib.numcu_array_sum.restype = ctypes.c_double
lib.numcu_array_sum.argtypes = [ctypes.c_void_p]
lib.numcu_import.restype = ctypes.c_void_p
lib.numcu_import.argtypes = [ctypes.c_void_p, ctypes.c_int]

capsule_new = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)(
    ("PyCapsule_New", ctypes.pythonapi))
capsule_is_valid = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.c_char_p)(
    ("PyCapsule_IsValid", ctypes.pythonapi))
capsule_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", ctypes.pythonapi))
capsule_set_name = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.c_char_p)(
    ("PyCapsule_SetName", ctypes.pythonapi))
# in a capsule's destructor the capsule is dying: it is passed as a bare pointer
raw_is_valid = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p)(("PyCapsule_IsValid", ctypes.pythonapi))
raw_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", ctypes.pythonapi))


def destructor(name, versioned):
    """A capsule destructor that releases the tensor when no consumer took it (the capsule kept its name)."""

    @ctypes.CFUNCTYPE(None, ctypes.c_void_p)
    def destroy(capsule):
        if raw_is_valid(capsule, name):
            lib.numcu_release_tensor(raw_pointer(capsule, name), versioned)

    return destroy


DESTROY_VERSIONED = destructor(VERSIONED, 1)
DESTROY_UNVERSIONED = destructor(UNVERSIONED, 0)


def fail_from_library(what):
    raise RuntimeError(what + ": " + lib.numcu_last_error().decode())


class NumcuArray:
    """A numcu array as a Python object with the array API's DLPack methods."""

    def __init__(self, device, dtype, rows, cols, transposed=False, versioned=True):
        self.handle = lib.numcu_array_arange(device.encode(), dtype.encode(), rows, cols, int(transposed))
        if not self.handle:
            fail_from_library("numcu_array_arange")
        self.device = device
        self.versioned = versioned

    @classmethod
    def adopt(cls, handle, device):
        a = cls.__new__(cls)
        a.handle, a.device, a.versioned = handle, device, True
        return a

    def free(self):
        lib.numcu_array_free(self.handle)
        self.handle = None

    def data(self):
        return lib.numcu_array_data(self.handle)

    def bytes(self):
        out = ctypes.create_string_buffer(1 << 16)
        n = lib.numcu_array_bytes(self.handle, out, len(out))
        if n < 0:
            fail_from_library("numcu_array_bytes")
        return out.raw[:n]

    def add_one(self):
        if lib.numcu_array_add_one(self.handle) != 0:
            fail_from_library("numcu_array_add_one")

    def __dlpack_device__(self):
        return (2, 0) if self.device == "cuda" else (1, 0)

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        if copy:
            raise BufferError("numcu exports without copying")
        versioned = self.versioned and max_version is not None and max_version[0] >= 1
        tensor = lib.numcu_export(self.handle, int(versioned), int(stream is not None), stream or 0)
        if not tensor:
            fail_from_library("numcu_export")
        if versioned:
            return capsule_new(tensor, VERSIONED, ctypes.cast(DESTROY_VERSIONED, ctypes.c_void_p))
        return capsule_new(tensor, UNVERSIONED, ctypes.cast(DESTROY_UNVERSIONED, ctypes.c_void_p))


def import_capsule(capsule, device):
    """numcu's from_dlpack of a producer's capsule, marking it used as the protocol says."""
    for name, used, versioned in ((VERSIONED, USED_VERSIONED, 1), (UNVERSIONED, USED_UNVERSIONED, 0)):
        if capsule_is_valid(capsule, name):
            handle = lib.numcu_import(capsule_pointer(capsule, name), versioned)
            if not handle:
                fail_from_library("numcu_import")
            capsule_set_name(capsule, used)
            return NumcuArray.adopt(handle, device)
    raise RuntimeError("not a DLPack capsule")


def expected(dtype, rows, cols, transposed):
    """NumPy's arange cast to @dtype (bfloat16 as float32, whose values it holds exactly here)."""
    a = np.arange(rows * cols).astype(np.float32 if dtype == "bfloat16" else dtype).reshape(rows, cols)
    return a.T if transposed else a


def expected_bytes(dtype, values):
    values = np.ascontiguousarray(values)
    if dtype == "bfloat16":
        return (values.view(np.uint32) >> 16).astype(np.uint16).tobytes()
    return values.tobytes()


# ---- NumPy, host memory -----------------------------------------------------------------------------------
NUMPY_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
                "float32", "float64", "complex64", "complex128"]


def numpy_capsule(x, versioned):
    """x.__dlpack__(), versioned where asked; None where this NumPy (before 2.1) exports only unversioned."""
    if not versioned:
        return x.__dlpack__()
    try:
        return x.__dlpack__(max_version=(1, 0))
    except TypeError:
        if "numpy" not in unversioned_only:
            unversioned_only.append("numpy")
            print(f"numpy {np.__version__} exports only unversioned DLPack")
        return None


unversioned_only = []


def numpy_part():
    for dtype in NUMPY_DTYPES:
        for transposed in (False, True):
            for versioned in (True, False):
                what = f"numpy {dtype} transposed={transposed} versioned={versioned}"
                want = expected(dtype, 3, 4, transposed)
                # numcu -> NumPy
                calls = lib.numcu_deleter_calls()
                in_use = lib.numcu_in_use(b"cpu")
                a = NumcuArray("cpu", dtype, 3, 4, transposed, versioned)
                x = np.from_dlpack(a)
                check(x.dtype == np.dtype(dtype) and x.shape == want.shape, what + ": dtype and shape")
                check(np.array_equal(x, want), what + ": values")
                check(x.__array_interface__["data"][0] == a.data(), what + ": no copy (same pointer)")
                a.add_one()
                check(np.array_equal(x, want + np.ones((), want.dtype)), what + ": numcu's write seen by NumPy")
                a.free()
                check(lib.numcu_deleter_calls() == calls, what + ": memory kept while NumPy holds it")
                check(np.array_equal(x, want + np.ones((), want.dtype)), what + ": values after numcu let go")
                del x
                gc.collect()
                check(lib.numcu_deleter_calls() == calls + 1, what + ": deleter called exactly once")
                check(lib.numcu_in_use(b"cpu") == in_use, what + ": memory freed")
                # NumPy -> numcu
                x = want.copy(order="K")  # an array of its own, in want's layout
                alive = weakref.ref(x)
                capsule = numpy_capsule(x, versioned)
                if capsule is None:
                    continue
                b = import_capsule(capsule, "cpu")
                del capsule
                check(b.data() == x.__array_interface__["data"][0], what + ": numcu took NumPy's memory, no copy")
                check(b.bytes() == expected_bytes(dtype, want), what + ": numcu's values")
                x += np.ones((), x.dtype)
                check(b.bytes() == expected_bytes(dtype, x), what + ": NumPy's write seen by numcu")
                del x
                gc.collect()
                check(alive() is not None, what + ": NumPy's memory kept while numcu holds it")
                b.free()
                gc.collect()
                check(alive() is None, what + ": NumPy's memory released exactly when numcu let go")
    # a read-only array (flagged in versioned capsules only) is copied, and released at once
    x = np.arange(6, dtype=np.int32)
    x.flags.writeable = False
    alive = weakref.ref(x)
    capsule = numpy_capsule(x, True)
    if capsule is not None:
        b = import_capsule(capsule, "cpu")
        del capsule
        check(b.data() != x.__array_interface__["data"][0], "numpy read-only: copied")
        check(b.bytes() == x.tobytes(), "numpy read-only: values")
        del x
        gc.collect()
        check(alive() is None, "numpy read-only: released at once")
        b.free()
    # an unconsumed capsule releases numcu's tensor when it goes away
    calls = lib.numcu_deleter_calls()
    a = NumcuArray("cpu", "float64", 2, 2)
    capsule = a.__dlpack__(max_version=(1, 0))
    del capsule
    gc.collect()
    check(lib.numcu_deleter_calls() == calls + 1, "unconsumed capsule: deleter called once")
    a.free()
    return "numpy " + np.__version__


# ---- PyTorch and CuPy, GPU memory -------------------------------------------------------------------------
TORCH_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "float16", "bfloat16", "float32", "float64",
                "complex64", "complex128"]
CUPY_DTYPES = NUMPY_DTYPES


def gpu_library_part(name, module, dtypes, to_numpy, pointer_of, make, allocated, synchronize, capsules):
    """One GPU library both ways: values, no copy, writes seen, memory freed exactly once."""
    for dtype in dtypes:
        for transposed in (False, True):
            what = f"{name} {dtype} transposed={transposed}"
            want = expected(dtype, 3, 4, transposed)
            # numcu -> library (through the library's from_dlpack, which calls __dlpack__ with its stream)
            for versioned in (True, False):
                w = what + f" versioned={versioned}"
                calls = lib.numcu_deleter_calls()
                in_use = lib.numcu_in_use(b"cuda")
                a = NumcuArray("cuda", dtype, 3, 4, transposed, versioned)
                t = module.from_dlpack(a)
                check(tuple(t.shape) == want.shape, w + ": shape")
                check(np.array_equal(to_numpy(t), want), w + ": values")
                check(pointer_of(t) == a.data(), w + ": no copy (same pointer)")
                a.add_one()
                check(np.array_equal(to_numpy(t), want + np.ones((), want.dtype)), w + ": numcu's write seen")
                a.free()
                check(lib.numcu_deleter_calls() == calls, w + ": memory kept while the library holds it")
                del t
                gc.collect()
                synchronize()
                check(lib.numcu_deleter_calls() == calls + 1, w + ": deleter called exactly once")
                check(lib.numcu_in_use(b"cuda") == in_use, w + ": memory freed")
            # library -> numcu, with numcu's stream handed to the producer
            for versioned, capsule_of in capsules:
                w = what + f" versioned={versioned}"
                base = allocated()
                x = make(want, dtype)
                held = allocated()
                capsule = capsule_of(x, lib.numcu_dlpack_stream())
                if capsule is None:
                    print(f"{name} {module.__version__} does not export versioned DLPack")
                    continue
                b = import_capsule(capsule, "cuda")
                del capsule
                check(b.data() == pointer_of(x), w + ": numcu took the library's memory, no copy")
                check(b.bytes() == expected_bytes(dtype, want), w + ": numcu's values")
                b.add_one()
                check(np.array_equal(to_numpy(x), want + np.ones((), want.dtype)), w + ": numcu's write seen")
                del x
                gc.collect()
                check(allocated() == held, w + ": memory kept while numcu holds it")
                b.free()
                gc.collect()
                synchronize()
                check(allocated() == base, w + ": memory released exactly when numcu let go")
    return f"{name} {module.__version__}"


def versioned_capsule(x, stream):
    try:
        return x.__dlpack__(stream=stream, max_version=(1, 0))
    except TypeError:
        return None


def torch_part():
    import torch

    if not torch.cuda.is_available():
        return None

    def make(values, dtype):
        # from a NumPy view, so that a transposed one stays transposed on the GPU (preserve_format)
        t = torch.from_numpy(values).to("cuda")
        return t.to(torch.bfloat16) if dtype == "bfloat16" else t

    def to_numpy(t):
        t = t.cpu()
        return (t.float() if t.dtype == torch.bfloat16 else t).numpy()

    result = gpu_library_part("torch", torch, TORCH_DTYPES, to_numpy, lambda t: t.data_ptr(), make,
                              torch.cuda.memory_allocated, torch.cuda.synchronize,
                              [(True, versioned_capsule), (False, lambda x, s: x.__dlpack__(stream=s))])
    # the stream handshake: work PyTorch queued on another stream is finished before numcu's stream reads
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        x = torch.zeros(1 << 24, dtype=torch.int32, device="cuda")
        for _ in range(20):
            x += 1
        capsule = x.__dlpack__(stream=lib.numcu_dlpack_stream())
    b = import_capsule(capsule, "cuda")
    check(lib.numcu_array_sum(b.handle) == 20.0 * (1 << 24), "torch stream handshake: numcu reads after PyTorch")
    b.free()
    # and the other way: numcu's work is finished before PyTorch's stream reads
    a = NumcuArray("cuda", "int32", 1 << 12, 1 << 12)
    for _ in range(20):
        a.add_one()
    with torch.cuda.stream(side):
        t = torch.from_dlpack(a)
        total = int(t.sum(dtype=torch.int64).item())
    n = 1 << 24
    check(total == n * (n - 1) // 2 + 20 * n, "torch stream handshake: PyTorch reads after numcu")
    del t
    a.free()
    return result


def cupy_part():
    import cupy

    try:
        if cupy.cuda.runtime.getDeviceCount() == 0:
            return None
    except cupy.cuda.runtime.CUDARuntimeError:
        return None
    pool = cupy.get_default_memory_pool()
    return gpu_library_part(
        "cupy", cupy, CUPY_DTYPES, cupy.asnumpy, lambda t: t.data.ptr,
        lambda values, dtype: cupy.asarray(values, order="F" if values.strides[0] < values.strides[1] else "C"),
        pool.used_bytes, cupy.cuda.runtime.deviceSynchronize,
        [(True, versioned_capsule), (False, lambda x, s: x.__dlpack__(stream=s))])


def main():
    ran, not_run = [numpy_part()], []
    for name, part in (("torch", torch_part), ("cupy", cupy_part)):
        try:
            result = part()
        except ImportError:
            result = None
        (ran if result else not_run).append(result or name)
    print(f"dlpack interop: {checks} checks, {checks - len(failures)} pass, {len(failures)} fail; "
          f"ran with {', '.join(ran)}" + (f"; not run: {', '.join(not_run)} (no GPU or not installed)"
                                          if not_run else ""))
    if failures or (not_run and os.environ.get("NUMCU_REQUIRE_GPU_INTEROP") == "1"):
        sys.exit(1)


main()
