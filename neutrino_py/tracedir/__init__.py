"""The trace directory (docs/contracts.md §6): `TraceWriter` writes a run as it goes, `Trace` reads
it. (The notebook's `nt.trace(probe)` is `neutrino_py.api.trace`; this package is named for the
directory so that importing it never hides that function.)"""
from __future__ import annotations

from neutrino_py.tracedir.reader import KernelRecord, Launch, Process, Trace, find_run
from neutrino_py.tracedir.writer import TraceWriter, kernel_hash

__all__ = ["KernelRecord", "Launch", "Process", "Trace", "TraceWriter", "find_run", "kernel_hash"]
