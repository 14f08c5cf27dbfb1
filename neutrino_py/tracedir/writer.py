"""Writes a run directory as the run goes, so that a crash loses nothing already collected.

Every event is one line appended to `events.jsonl` and flushed at once. A launch's maps are appended
to the process's data file (`procs/<pid>/maps.bin`, layout.data_file) *before* the event that
locates them, so the log never points at bytes not yet written. The shim writes its own processes'
data files and the server passes on where the bytes are (`segments=`). `close()` folds the log into
`trace.json`.

    w = TraceWriter.start("neutrino-trace", command=sys.argv, probe={"file":…, "text":…, "hash":…})
    h = w.kernel("vector_add", ptx=text, instrumented_ptx=out, manifest=m.to_dict())
    w.launch(h, grid=(64, 1, 1), block=(128, 1, 1), start_ns=t0, end_ns=t1,
             maps={"dmat": array}, dropped={"dmat": 0}, operator="aten::add")
    w.allocation("alloc", ptr=0x7f00_0000, nbytes=1 << 20)
    w.close()
"""
from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from neutrino_py.files import atomic_write
from neutrino_py.tracedir import layout


def kernel_hash(name: str, ptx: str | bytes | None = None) -> str:
    """Content hash naming a kernel's files: the name plus its PTX when there is one."""
    h = hashlib.sha256(name.encode())
    if ptx is not None:
        h.update(b"\0")
        h.update(ptx.encode() if isinstance(ptx, str) else ptx)
    return h.hexdigest()[:16]


@dataclass
class StoredMaps:
    """Where a launch's maps are: `file` (relative to the run), and per map its segment
    (contracts §6: `offset`, `nbytes`, then `dtype`/`shape` for an array, or `cursor`/`dropped`
    for a raw device buffer), with the records and dropped counts for the summary."""

    file: str
    segments: dict[str, dict]
    records: dict[str, int]
    dropped: dict[str, int]


def _dim3(value: Sequence[int] | int) -> list[int]:
    dims = [int(value)] if isinstance(value, (int, np.integer)) else [int(v) for v in value]
    return (dims + [1, 1, 1])[:3]


class TraceWriter:
    """One run directory `<tracedir>/<YYYYmmdd-HHMMSS>-<pid>/`; thread-safe."""

    def __init__(self, run_dir: Path) -> None:
        self.dir = Path(run_dir)
        (self.dir / layout.KERNELS).mkdir(parents=True, exist_ok=True)
        self._log = open(self.dir / layout.EVENTS, "a", encoding="utf-8")
        self._lock = threading.Lock()
        self._flushed = time.monotonic()
        # launch events reach events.jsonl at most this long after they are written (0: at once);
        # the engine server, which flushes when a traced process goes away, batches them
        self.flush_s = 0.0
        self._seq = 0
        self._kernels: dict[str, str] = {}
        self._data_lock = threading.Lock()
        self._data: tuple[str, Any] | None = None      # (relpath, open file) of our own maps.bin
        self.pid = os.getpid()
        self.closed = False

    @classmethod
    def start(cls, tracedir: str | os.PathLike, *, command: Sequence[str] = (),
              probe: Mapping[str, Any] | None = None, device: Mapping[str, Any] | None = None,
              driver: str | None = None, toolchain: Mapping[str, Any] | None = None,
              pid: int | None = None, **extra: Any) -> "TraceWriter":
        """Create a fresh run directory under `tracedir` and log the run's header."""
        pid = os.getpid() if pid is None else pid
        stamp = time.strftime("%Y%m%d-%H%M%S")
        run_dir = Path(tracedir) / f"{stamp}-{pid}"
        n = 1
        while run_dir.exists():
            n += 1
            run_dir = Path(tracedir) / f"{stamp}-{pid}.{n}"
        writer = cls(run_dir)
        writer.pid = pid
        writer._event({"event": "start", "version": layout.VERSION, "command": list(command),
                       "pid": pid, "device": dict(device or {}), "driver": driver,
                       "toolchain": dict(toolchain or {}),
                       "probe": dict(probe) if probe else None, "started_ns": time.time_ns(),
                       **extra})
        return writer

    # -- events -----------------------------------------------------------------------------

    def meta(self, **fields: Any) -> None:
        """Header facts learned after start (device, driver...); later values win."""
        self._event({"event": "meta", **fields})

    def kernel(self, name: str, *, ptx: str | None = None, instrumented_ptx: str | None = None,
               manifest: Mapping[str, Any] | None = None, instrumented: bool | None = None,
               reason: str | None = None, source: str = "unknown",
               hash: str | None = None) -> str:
        """Record a kernel's files once; returns its hash (pass it to `launch`)."""
        khash = hash or kernel_hash(name, ptx)
        instrumented = bool(instrumented_ptx) if instrumented is None else instrumented
        with self._lock:
            if khash in self._kernels:
                return khash
            self._kernels[khash] = name
        base = self.dir / layout.KERNELS / khash
        files = {}
        for suffix, text in ((".ptx", ptx), (".instrumented.ptx", instrumented_ptx),
                             (".manifest.json", None if manifest is None
                              else json.dumps(manifest, indent=1, default=layout.to_json))):
            if text is not None:
                atomic_write(base.with_name(khash + suffix), text.encode())
                files[suffix.lstrip(".")] = f"{layout.KERNELS}/{khash}{suffix}"
        self._event({"event": "kernel", "hash": khash, "name": name,
                     "instrumented": instrumented, "reason": reason, "source": source,
                     "files": files})
        return khash

    def launch(self, kernel_hash: str, *, grid: Sequence[int] | int, block: Sequence[int] | int,
               shared_mem: int = 0, stream: int | str = 0, start_ns: int | None = None,
               end_ns: int | None = None, duration_ms: float | None = None,
               maps: Mapping[str, np.ndarray] | None = None,
               dropped: Mapping[str, int] | None = None, operator: str | None = None,
               instrumented: bool | None = None, stored: StoredMaps | None = None,
               **extra: Any) -> int:
        """Record one launch and its maps; returns its sequence number. `maps` are arrays this
        writer appends to its data file; `stored` says where another writer (the shim) already
        put a launch's raw map buffers."""
        with self._lock:
            seq = self._seq
            self._seq += 1
            name = self._kernels.get(kernel_hash)
        if name is None:
            raise KeyError(f"launch of unknown kernel {kernel_hash}: call TraceWriter.kernel first")
        if maps:
            stored = self._append(maps, dropped or {})
        if duration_ms is None and start_ns is not None and end_ns is not None:
            duration_ms = (int(end_ns) - int(start_ns)) / 1e6
        names = list(stored.segments) if stored else []
        self._event({"event": "launch", "seq": seq, "kernel": name, "kernel_hash": kernel_hash,
                     "grid": _dim3(grid), "block": _dim3(block), "shared_mem": int(shared_mem),
                     "stream": stream, "start_ns": start_ns, "end_ns": end_ns,
                     "duration_ms": duration_ms,
                     "instrumented": bool(names) if instrumented is None else instrumented,
                     "maps": names, "data": stored.file if stored else None,
                     "segments": stored.segments if stored else {},
                     "records": dict(stored.records) if stored else {},
                     "dropped": dict(stored.dropped) if stored else
                     {k: int(v) for k, v in (dropped or {}).items()},
                     "operator": operator, **extra})
        return seq

    def _append(self, maps: Mapping[str, np.ndarray], dropped: Mapping[str, int]) -> StoredMaps:
        """Append arrays to this writer's data file, each at a DATA_ALIGN boundary."""
        segments = {}
        with self._data_lock:
            if self._data is None:
                rel = layout.data_file(self.pid)
                (self.dir / rel).parent.mkdir(parents=True, exist_ok=True)
                self._data = (rel, open(self.dir / rel, "ab", buffering=0))
            rel, f = self._data
            for name, array in maps.items():
                array = np.ascontiguousarray(array)
                offset = f.tell()
                data = array.tobytes()
                pad = -len(data) % layout.DATA_ALIGN
                f.write(data + bytes(pad))
                segments[name] = {"offset": offset, "nbytes": len(data),
                                  "dtype": layout.dtype_json(array.dtype),
                                  "shape": list(array.shape)}
        return StoredMaps(rel, segments, {k: int(len(v)) for k, v in maps.items()},
                          {k: int(dropped.get(k, 0)) for k in maps})

    def allocation(self, op: str, *, ptr: int, nbytes: int = 0, t_ns: int | None = None,
                   **extra: Any) -> None:
        """A `cuMemAlloc*` (op="alloc") or `cuMemFree*` (op="free", nbytes may be 0)."""
        if op not in ("alloc", "free"):
            raise ValueError(f"allocation op must be 'alloc' or 'free', not {op!r}")
        self._event({"event": "alloc", "t_ns": time.time_ns() if t_ns is None else int(t_ns),
                     "op": op, "ptr": int(ptr), "bytes": int(nbytes), **extra})

    def warn(self, text: str) -> None:
        self._event({"event": "warning", "text": str(text)})

    def close(self, summary: Mapping[str, Any] | None = None) -> dict:
        """End the log and write `trace.json` from it; returns the trace structure."""
        with self._lock:
            if self.closed:
                return json.loads((self.dir / layout.TRACE_JSON).read_text())
        self._event({"event": "end", "t_ns": time.time_ns(), "summary": dict(summary or {})})
        with self._lock:
            self.closed = True
            self._log.close()
        with self._data_lock:
            if self._data is not None:
                self._data[1].close()
        trace = layout.build(layout.read_events(self.dir / layout.EVENTS))
        atomic_write(self.dir / layout.TRACE_JSON,
                      json.dumps(trace, indent=1, default=layout.to_json).encode())
        return trace

    def __enter__(self) -> "TraceWriter":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc is not None:
            self.warn(f"the run ended with {exc_type.__name__}: {exc}")
        self.close()

    def _event(self, event: dict) -> None:
        line = layout.dumps(event) + "\n"
        with self._lock:
            if self.closed:
                raise RuntimeError(f"trace {self.dir} is closed")
            self._log.write(line)
            # batched launch events: thousands a second cost a write each flush_s, not one each
            if event["event"] != "launch" or time.monotonic() - self._flushed >= self.flush_s:
                self._flush_locked()

    def flush(self) -> None:
        """Push the events written so far to events.jsonl now (a traced process went away)."""
        with self._lock:
            if not self.closed:
                self._flush_locked()

    def _flush_locked(self) -> None:
        self._log.flush()
        self._flushed = time.monotonic()
