"""The trace directory (docs/contracts.md §6): `TraceWriter` writes a run as it goes, `Trace` reads it."""
from __future__ import annotations

import sys
import types

from neutrino_py.trace.reader import Kernel, Launch, Process, Trace, find_run
from neutrino_py.trace.writer import TraceWriter, kernel_hash

__all__ = ["Kernel", "Launch", "Process", "Trace", "TraceWriter", "find_run", "kernel_hash"]


class _CallableModule(types.ModuleType):
    """Importing this package sets the attribute `neutrino_py.trace` to it, hiding the notebook
    API's `nt.trace(probe)` (neutrino_py.api.trace); calling the package forwards to it."""

    def __call__(self, probe):
        from neutrino_py.api import trace

        return trace(probe)


sys.modules[__name__].__class__ = _CallableModule
