"""The HIP preload shim (hook/shim_hip.c): built like the CUDA shim, and the twin directory it
reads (an instrumented code object plus the buffers to append) and the maps it writes back.

AMD execution is untested on hardware; tests/test_hip_shim.py runs the shim against a fake
libamdhip64.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from neutrino_py.contract import wire
from neutrino_py.contract.manifest import HEADER_PARAM, Manifest
from neutrino_py.files import atomic_write
from neutrino_py.hook import build
from neutrino_py.maps import read as read_maps

SOURCE = Path(__file__).with_name("shim_hip.c")


def shim_path() -> Path:
    """The HIP shim's shared object, built with the system C compiler on first use."""
    return build.shim_path(SOURCE, "shim_hip")


def write_twin(folder: Path, manifest: Manifest, code_object: bytes, own_params: int) -> None:
    """Put `manifest.kernel`'s instrumented code object where the shim looks for it
    (NEUTRINO_HIP_DIR) with its buffers in parameter order: the header, then one per map."""
    lines = [f"params {own_params}", f"{HEADER_PARAM} thread 0 {manifest.header_nbytes()}"]
    specs = {m.name: m for m in manifest.maps}
    lines += [wire.twin_line(p.name, specs[p.map]) for p in manifest.params[1:]]
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write(folder / f"{manifest.kernel}.hsaco", code_object)
    atomic_write(folder / f"{manifest.kernel}.maps", "\n".join(lines) + "\n")


def read_launch(folder: Path, manifest: Manifest, grid: Any, block: Any):
    """The maps of one launch the shim wrote (NEUTRINO_HIP_OUT/<seq>-<kernel>/)."""
    header = (folder / f"{HEADER_PARAM}.bin").read_bytes()
    buffers = {p.map: (folder / f"{p.name}.bin").read_bytes() for p in manifest.params[1:]}
    return read_maps(manifest, grid, block, header, buffers)
