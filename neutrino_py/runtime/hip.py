"""Launching an instrumented GCN code object in process with hip-python (AMD GPUs).

Not run on an AMD GPU (none was available). tests/test_runtime_hip.py runs it through hip-python
10 against the fake libamdhip64 (load, ``hipModuleLaunchKernel`` with the kernel's own args and
the appended buffers packed by hip-python into ``extra``, copy-back, `maps.read`); contracts §4
gives the appended buffers. ``hip`` is imported only when `launch` runs, so
importing neutrino_py never needs ROCm.
"""
from __future__ import annotations

import ctypes
from typing import Any, Sequence

from neutrino_py.contract.manifest import Manifest
from neutrino_py.errors import ToolError
from neutrino_py.maps import Maps, launch_shape, layout, read


def _hip():
    try:
        from hip import hip
    except ImportError as e:
        raise ToolError(f"hip-python is not importable ({e})",
                        "pip install 'neutrino_py[amd]' on a machine with ROCm") from None
    return hip


def _check(result: Any) -> Any:
    """hip-python returns (err, value...) tuples; raise on a nonzero error."""
    err, *rest = result if isinstance(result, tuple) else (result,)
    if int(err) != 0:
        raise ToolError(f"HIP call failed: {err}", "check the device and the code object's gfx target")
    return rest[0] if len(rest) == 1 else rest


def launch(code_object: bytes, manifest: Manifest, grid: int | Sequence[int],
           block: int | Sequence[int], args: Sequence[Any]) -> Maps:
    """Run `manifest.kernel` from `code_object` with the kernel's own `args` (device pointers
    and ctypes scalars as hip-python's ``extra`` takes them) and the zeroed map buffers appended
    in manifest order; return the maps."""
    hip = _hip()
    g, b = launch_shape(grid, block)
    module = _check(hip.hipModuleLoadData(code_object))
    function = _check(hip.hipModuleGetFunction(module, manifest.kernel.encode()))
    sizes = {"__header": manifest.header_nbytes()}
    sizes.update({lay.name: lay.nbytes for lay in layout(manifest, g, b)})
    buffers = {}
    try:
        for name, size in sizes.items():
            buffers[name] = _check(hip.hipMalloc(max(size, 1)))
            _check(hip.hipMemset(buffers[name], 0, size))
        order = ["__header"] + [p.map for p in manifest.params[1:]]
        extra = (*args, *(buffers[n] for n in order))
        _check(hip.hipModuleLaunchKernel(function, *g, *b, 0, None, None, extra))
        _check(hip.hipDeviceSynchronize())
        host = {}
        for name, size in sizes.items():
            data = (ctypes.c_char * max(size, 1))()
            _check(hip.hipMemcpy(data, buffers[name], size,
                                 hip.hipMemcpyKind.hipMemcpyDeviceToHost))
            host[name] = bytes(data)[:size]
    finally:
        for ptr in buffers.values():
            hip.hipFree(ptr)
        hip.hipModuleUnload(module)
    header = host.pop("__header")
    return read(manifest, g, b, header, host)
