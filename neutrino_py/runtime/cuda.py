"""The few CUDA driver calls the in-process launcher needs, on cuda-python's `cuda.bindings.driver`.

Every call goes through `call()`, which turns a CUresult into a ToolError naming the call. The
primary context of the device is used, so pointers from PyTorch, CuPy and Triton stay valid.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np

from neutrino_py.errors import ToolError

try:
    from cuda.bindings import driver as cu
except ImportError:  # pragma: no cover - cuda-python is a dependency; this keeps the message kind
    cu = None

MAX_STATIC_SHARED = 48 * 1024


def _need_driver() -> None:
    if cu is None:
        raise ToolError("cuda-python is not installed", "pip install cuda-python")


def call(fn: Any, *args: Any) -> Any:
    """Run a driver call; raise a ToolError with the error's name, else return its value(s)."""
    err, *rest = fn(*args)
    if err != cu.CUresult.CUDA_SUCCESS:
        _, name = cu.cuGetErrorName(err)
        _, text = cu.cuGetErrorString(err)
        raise ToolError(f"{fn.__name__} failed: {name.decode() if name else err} "
                        f"({text.decode() if text else ''})",
                        "check that an NVIDIA GPU and driver are present (`nvidia-smi`)"
                        if fn is cu.cuInit else None)
    if not rest:
        return None
    return rest[0] if len(rest) == 1 else tuple(rest)


@dataclass(frozen=True)
class Device:
    ordinal: int
    name: str
    arch: str            # sm_90
    sm_count: int
    context: Any


@functools.cache
def device(ordinal: int = 0) -> Device:
    """The device with its primary context made current (shared with PyTorch/CuPy/Triton)."""
    _need_driver()
    try:
        call(cu.cuInit, 0)
    except (OSError, RuntimeError) as err:     # cuda-bindings cannot load libcuda at all
        raise ToolError(f"the CUDA driver cannot be loaded: {err}",
                        "run on a machine with an NVIDIA GPU and driver (`neutrino doctor`)") from None
    dev = call(cu.cuDeviceGet, ordinal)
    ctx = call(cu.cuDevicePrimaryCtxRetain, dev)
    call(cu.cuCtxSetCurrent, ctx)
    attr = cu.CUdevice_attribute
    major = call(cu.cuDeviceGetAttribute, attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev)
    minor = call(cu.cuDeviceGetAttribute, attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev)
    sms = call(cu.cuDeviceGetAttribute, attr.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev)
    name = call(cu.cuDeviceGetName, 256, dev).split(b"\0", 1)[0].decode()
    return Device(ordinal, name, f"sm_{major}{minor}", sms, ctx)


def current() -> Device:
    """The device, and its context current on this thread (Python threads start without one)."""
    dev = device()
    call(cu.cuCtxSetCurrent, dev.context)
    return dev


class Buffer:
    """Device memory of `nbytes`, freed by `free()` or on leaving a `with` block."""

    def __init__(self, nbytes: int) -> None:
        current()
        self.nbytes = int(nbytes)
        self.ptr = int(call(cu.cuMemAlloc, max(self.nbytes, 1)))

    def zero(self, stream: int = 0) -> None:
        call(cu.cuMemsetD8Async, self.ptr, 0, self.nbytes, stream)

    def upload(self, array: np.ndarray) -> None:
        data = np.ascontiguousarray(array)
        call(cu.cuMemcpyHtoD, self.ptr, data.ctypes.data, data.nbytes)

    def download(self, nbytes: int | None = None) -> bytes:
        out = np.empty(self.nbytes if nbytes is None else nbytes, dtype=np.uint8)
        call(cu.cuMemcpyDtoH, out.ctypes.data, self.ptr, out.nbytes)
        return out.tobytes()

    def free(self) -> None:
        if self.ptr:
            call(cu.cuMemFree, self.ptr)
            self.ptr = 0

    def __enter__(self) -> Buffer:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.free()


class Module:
    """A cubin loaded into the current context."""

    def __init__(self, cubin: bytes) -> None:
        current()
        self._image = np.frombuffer(cubin, dtype=np.uint8).copy()
        self.handle = call(cu.cuModuleLoadData, self._image.ctypes.data)

    def function(self, name: str) -> Any:
        try:
            return call(cu.cuModuleGetFunction, self.handle, name.encode())
        except ToolError:
            raise ToolError(f"kernel {name!r} is not in this module",
                            "pass the kernel's .entry name (mangled, for C++ kernels)") from None

    def unload(self) -> None:
        if self.handle is not None:
            call(cu.cuModuleUnload, self.handle)
            self.handle = None


def param_sizes(function: Any) -> list[int]:
    """Byte size of each kernel parameter, from the loaded image (no PTX needed)."""
    sizes = []
    while True:
        err, _, size = cu.cuFuncGetParamInfo(function, len(sizes))
        if err != cu.CUresult.CUDA_SUCCESS:
            return sizes
        sizes.append(int(size))


def allow_shared(function: Any, nbytes: int) -> None:
    """Let `function` take more than 48 KiB of dynamic shared memory, as Triton kernels do."""
    if nbytes > MAX_STATIC_SHARED:
        call(cu.cuFuncSetAttribute, function,
             cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, nbytes)


def stream_handle(stream: Any) -> int:
    """A CUstream as an int from an int, a cuda-python CUstream, a torch or CuPy stream."""
    if stream is None:
        return 0
    for attr in ("cuda_stream", "ptr", "handle"):
        if hasattr(stream, attr) and not callable(getattr(stream, attr)):
            return int(getattr(stream, attr))
    return int(stream)


class Spare:
    """Map buffers kept after a launch for the next launch of the same sizes, up to `limit`
    bytes: repeated launches then pay neither the allocation of (possibly GBs of) maps nor the
    address-translation churn of freeing them. `clear()` gives the memory back."""

    def __init__(self, limit: int) -> None:
        self.limit, self.held = limit, 0
        self._free: dict[int, list[Buffer]] = {}

    def take(self, nbytes: int) -> Buffer:
        stack = self._free.get(int(nbytes))
        if stack:
            self.held -= int(nbytes)
            return stack.pop()
        return Buffer(nbytes)

    def give(self, buf: Buffer) -> None:
        if self.held + buf.nbytes > self.limit:
            buf.free()
            return
        self._free.setdefault(buf.nbytes, []).append(buf)
        self.held += buf.nbytes

    def clear(self) -> None:
        for stack in self._free.values():
            for buf in stack:
                buf.free()
        self._free.clear()
        self.held = 0
