"""The HIP preload shim (hook/shim_hip.c on the shared core, shim_core.c), built like the CUDA
shim. AMD execution is untested on hardware; tests/test_hip_trace.py runs it under `neutrino
trace` against a fake libamdhip64.
"""
from __future__ import annotations

from pathlib import Path

from neutrino_py.hook import build

SOURCE = Path(__file__).with_name("shim_hip.c")


def shim_path() -> Path:
    """The HIP shim's shared object, built with the system C compiler on first use."""
    return build.shim_path(SOURCE, "shim_hip")
