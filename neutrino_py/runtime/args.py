"""Python arguments → the bytes of CUDA kernel parameters, typed by the kernel's param list.

A param type is PTX's: ``u32``, ``s64``, ``f32``, ``b64``… (a leading dot is fine), or ``b8[N]``
for a by-value struct of N bytes. Pointers are ``u64``/``b64``. A value may be a Python or NumPy
number, a host NumPy array (copied to the device before the launch and back after it), anything
with ``__cuda_array_interface__`` or ``data_ptr()`` (CuPy, PyTorch), a cuda-python CUdeviceptr,
or raw bytes for a struct.
"""
from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from neutrino_py.errors import ToolError
from neutrino_py.runtime.cuda import Buffer

_TYPE = re.compile(r"^\.?([usbf])(8|16|32|64)(?:\[(\d+)\])?$")
_CTYPES = {("u", 8): ctypes.c_uint8, ("u", 16): ctypes.c_uint16, ("u", 32): ctypes.c_uint32,
           ("u", 64): ctypes.c_uint64, ("s", 8): ctypes.c_int8, ("s", 16): ctypes.c_int16,
           ("s", 32): ctypes.c_int32, ("s", 64): ctypes.c_int64, ("f", 32): ctypes.c_float,
           ("f", 64): ctypes.c_double}


@dataclass(frozen=True)
class ParamType:
    kind: str      # u s b f
    bits: int
    count: int = 1  # > 1: a by-value array/struct of `count` elements

    @classmethod
    def parse(cls, text: str) -> ParamType:
        m = _TYPE.match(text.strip())
        if not m:
            raise ToolError(f"unsupported kernel parameter type {text!r}",
                            "parameters must be PTX scalars (u32, f32, b64...) or b8[N] structs")
        return cls(m.group(1), int(m.group(2)), int(m.group(3) or 1))

    @classmethod
    def of_size(cls, nbytes: int) -> ParamType:
        """Type of a parameter known only by its size (a cubin without PTX)."""
        return cls("b", nbytes * 8) if nbytes in (1, 2, 4, 8) else cls("b", 8, nbytes)

    @property
    def nbytes(self) -> int:
        return self.bits // 8 * self.count


def _scalar(value: Any, ptype: ParamType) -> ctypes._SimpleCData:
    if ptype.kind == "f" and ptype.bits == 16:
        return ctypes.c_uint16(int(np.float16(value).view(np.uint16)))
    kind = ptype.kind
    if kind == "b":
        kind = "f" if isinstance(value, (float, np.floating)) and ptype.bits >= 32 else (
            "s" if int(value) < 0 else "u")
    if kind in "us" and isinstance(value, (float, np.floating)) and not float(value).is_integer():
        raise ToolError(f"cannot pass {value!r} as a .{ptype.kind}{ptype.bits} parameter",
                        "pass an int (or change the kernel's parameter type)")
    ctype = _CTYPES[(kind, ptype.bits)]
    if kind == "f":
        return ctype(float(value))
    bits = ptype.bits
    number = int(value)
    low, high = (-(1 << (bits - 1)), (1 << bits) - 1)
    if not low <= number <= high:
        raise ToolError(f"{number} does not fit a .{ptype.kind}{bits} parameter")
    return ctype(number)


def device_pointer(value: Any) -> int | None:
    """The device address behind `value`, or None when it is not device memory."""
    iface = getattr(value, "__cuda_array_interface__", None)
    if iface is not None:
        return int(iface["data"][0])
    if hasattr(value, "data_ptr") and callable(value.data_ptr):
        return int(value.data_ptr())
    if type(value).__name__ == "CUdeviceptr":
        return int(value)
    return None


class Packed:
    """Packed parameters of one launch; owns device copies of host arrays until `finish()`."""

    def __init__(self, values: Sequence[Any], types: Sequence[ParamType]) -> None:
        if len(values) != len(types):
            raise ToolError(f"the kernel takes {len(types)} parameters, {len(values)} were given",
                            "pass one argument per kernel parameter, in order")
        self._copies: list[tuple[np.ndarray, Buffer]] = []
        self._cells = [self._cell(i, v, t) for i, (v, t) in enumerate(zip(values, types))]
        self._pointers = (ctypes.c_void_p * max(len(self._cells), 1))(
            *[ctypes.addressof(c) for c in self._cells])

    def _cell(self, index: int, value: Any, ptype: ParamType) -> Any:
        if ptype.count > 1:
            data = bytes(value) if isinstance(value, (bytes, bytearray, memoryview)) else None
            if data is None or len(data) != ptype.nbytes:
                raise ToolError(f"parameter {index} is a {ptype.nbytes}-byte struct",
                                f"pass {ptype.nbytes} bytes (e.g. numpy_struct.tobytes())")
            return (ctypes.c_char * len(data)).from_buffer_copy(data)
        pointer = device_pointer(value)
        if pointer is None and isinstance(value, np.ndarray):
            buf = Buffer(value.nbytes)
            buf.upload(value)
            self._copies.append((value, buf))
            pointer = buf.ptr
        if pointer is not None:
            if ptype.bits != 64:
                raise ToolError(f"parameter {index} is .{ptype.kind}{ptype.bits}, not a pointer",
                                "pass a number there")
            return ctypes.c_uint64(pointer)
        if isinstance(value, (bool, int, float, np.number, np.bool_)):
            try:
                return _scalar(value, ptype)
            except ToolError as err:
                raise ToolError(f"parameter {index}: {err.message}", err.fix) from None
        raise ToolError(f"parameter {index}: cannot pass a {type(value).__name__}",
                        "pass a number, a NumPy array, a CuPy/PyTorch array or a device pointer")

    @property
    def address(self) -> int:
        """The `void**` for cuLaunchKernel's kernelParams."""
        return ctypes.addressof(self._pointers)

    def finish(self, copy_back: bool = True) -> None:
        """Copy host arrays back from the device and free their device copies."""
        for array, buf in self._copies:
            if copy_back:
                result = np.frombuffer(buf.download(), dtype=array.dtype).reshape(array.shape)
                array[...] = result
            buf.free()
        self._copies.clear()
