"""neutrino_py: eBPF-like probes spliced into GPU assembly (PTX first, AMD GCN second).

The notebook API (``Probe``, ``Kernel``, ``trace``, ``Trace``) is imported lazily so that
``import neutrino_py`` stays cheap and works on machines without a GPU.
"""
from __future__ import annotations

import importlib

__version__ = "0.1.0"

_LAZY = {
    "Probe": "neutrino_py.api",
    "Kernel": "neutrino_py.api",
    "Run": "neutrino_py.api",
    "trace": "neutrino_py.api",
    "Trace": "neutrino_py.api",
}


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'neutrino_py' has no attribute {name!r}")
