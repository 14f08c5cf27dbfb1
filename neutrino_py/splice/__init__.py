"""Splice checked probes into assembly: `instrument(module, program, kernels)` (contracts §3)."""
from neutrino_py.splice.splicer import Instrumented, instrument
from neutrino_py.splice.manifest import Manifest

__all__ = ["Instrumented", "Manifest", "instrument"]
