"""Launch a loaded kernel in process: maps allocated and zeroed, pointers appended, maps read back."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from neutrino_py import maps as maps_mod
from neutrino_py.errors import ToolError
from neutrino_py.maps import Maps
from neutrino_py.runtime.args import Packed, ParamType
from neutrino_py.runtime.cuda import Spare, allow_shared, call, cu, current, param_sizes, stream_handle

POINTER = ParamType("u", 64)
SPARE = Spare(8 << 30)     # map buffers reused by the next launch of the same layout


@dataclass
class Launched:
    maps: Maps
    elapsed_ms: float          # CUDA events around the kernel alone (no map setup or copies)


def _elapsed_ms(function: Any, grid: tuple, block: tuple, shared_mem: int, stream: int,
                packed: Packed) -> float:
    start, end = call(cu.cuEventCreate, 0), call(cu.cuEventCreate, 0)
    try:
        call(cu.cuEventRecord, start, stream)
        call(cu.cuLaunchKernel, function, *grid, *block, shared_mem, stream, packed.address, 0)
        call(cu.cuEventRecord, end, stream)
        call(cu.cuEventSynchronize, end)
        return float(call(cu.cuEventElapsedTime, start, end))
    finally:
        call(cu.cuEventDestroy, start)
        call(cu.cuEventDestroy, end)


def launch(function: Any, types: Sequence[ParamType], grid: Any, block: Any, args: Sequence[Any], *,
           manifest: Any = None, shared_mem: int = 0, stream: Any = None,
           read_maps: bool = True, ready: Callable[[int], None] | None = None) -> Launched:
    """Run `function` once with `args` typed by `types` (the kernel's own params).

    With a manifest, the header block and one buffer per map are allocated (or reused from the
    last launch of the same layout), zeroed on the stream, appended as params and read back. Host NumPy arguments are copied
    back. Nothing of the kernel's output is touched otherwise. `read_maps=False` skips copying
    the maps back (benchmarks that time many launches). `ready(stream)` runs last before the
    kernel, after the maps are zeroed: a benchmark flushes L2 there, so that the zeroing's dirty
    lines are not written back inside the timed kernel.
    """
    grid, block = maps_mod.launch_shape(grid, block)
    current()
    handle = stream_handle(stream)
    manifest = maps_mod.as_manifest(manifest) if manifest is not None else None
    lays = maps_mod.layout(manifest, grid, block) if manifest is not None else []
    header = SPARE.take(manifest.header_nbytes()) if manifest is not None else None
    buffers = {lay.name: SPARE.take(lay.nbytes) for lay in lays}
    extra = ([header.ptr] if header else []) + [buffers[lay.name].ptr for lay in lays]
    all_types = list(types) + [POINTER] * len(extra)
    expected = param_sizes(function)
    if expected and len(expected) != len(all_types):
        raise ToolError(f"the loaded kernel has {len(expected)} parameters, {len(all_types)} are"
                        f" packed ({len(types)} arguments + {len(extra)} map pointers)",
                        "the manifest does not belong to this cubin; instrument again")
    packed = None
    try:
        packed = Packed(list(args) + extra, all_types)
        for buf in ([header] if header else []) + list(buffers.values()):
            buf.zero(handle)
        allow_shared(function, shared_mem)
        if ready is not None:
            ready(handle)
        elapsed = _elapsed_ms(function, grid, block, shared_mem, handle, packed)
        found = Maps({}, {})
        if manifest is not None and read_maps:
            head = header.download()
            pairs = maps_mod.header_pairs(head, len(lays))
            raw = {lay.name: buffers[lay.name].download(
                maps_mod.needed_bytes(lay, int(pairs[lay.header_slot][0]))) for lay in lays}
            found = maps_mod.read_layouts(lays, head, raw)
        return Launched(found, elapsed)
    finally:
        if packed is not None:
            packed.finish()
        for buf in ([header] if header else []) + list(buffers.values()):
            SPARE.give(buf)
