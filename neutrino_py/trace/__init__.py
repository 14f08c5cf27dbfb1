"""The trace directory (docs/contracts.md §6): `TraceWriter` writes a run as it goes, `Trace` reads it."""
from __future__ import annotations

from neutrino_py.trace.reader import Kernel, Launch, Trace, find_run
from neutrino_py.trace.writer import TraceWriter, kernel_hash

__all__ = ["Kernel", "Launch", "Trace", "TraceWriter", "find_run", "kernel_hash"]
