"""Assembly → loadable code: PTX → cubin (nvJitLink in process, ptxas fallback), cached on disk.

The names below load `assemble.ptx` on first use: `neutrino instrument --no-cost` imports this
package (for the bytes-per-launch estimate) and needs no assembler."""
from __future__ import annotations

import importlib

__all__ = ["AssembleError", "available", "ptx_to_cubin"]


def __getattr__(name: str):
    if name in __all__:
        return getattr(importlib.import_module("neutrino_py.assemble.ptx"), name)
    raise AttributeError(f"module 'neutrino_py.assemble' has no attribute {name!r}")
