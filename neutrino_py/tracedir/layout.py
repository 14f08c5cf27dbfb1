"""The trace directory's names and the one function that turns `events.jsonl` into `trace.json`.

Writer and reader share `build()`: a finished run's `trace.json` and the structure a reader rebuilds
from a crashed run's `events.jsonl` are the same by construction.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Iterator

import numpy as np
from numpy.lib import format as np_format

from neutrino_py import files
from neutrino_py.contract import wire
from neutrino_py.maps.layout import record_problem
from neutrino_py.names import short
from neutrino_py.tracedir import schema

VERSION = 2                 # 2: map bytes in per-process segment files; 1: a .npy folder per launch
TRACE_JSON = "trace.json"
EVENTS = "events.jsonl"
KERNELS = "kernels"
LAUNCHES = "launches"       # version 1 only: launches/<seq:06d>-<kernel>/<map>.npy
PROCS = wire.TRACE["PROCS"]     # procs/<pid>/: what one traced process wrote itself
DATA = wire.TRACE["DATA"]       # procs/<pid>/maps.bin: append-only map bytes, located by launch events
DATA_HIP = wire.TRACE["DATA_HIP"]   # procs/<pid>/maps.hip.bin: the HIP shim's (a process may run both)
DATA_ALIGN = wire.TRACE_ALIGN   # every map's bytes start at a multiple of this in maps.bin


def data_file(pid: int) -> str:
    """Relative path of process `pid`'s append-only map data (shim and TraceWriter alike)."""
    return f"{PROCS}/{int(pid)}/{DATA}"

_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def launch_dirname(seq: int, kernel: str) -> str:
    """`<seq:06d>-<kernel>` with the name made file-system safe (mangled C++ names run long)."""
    safe = _UNSAFE.sub("_", kernel).strip(".") or "kernel"
    return f"{seq:06d}-{safe[:80]}"


def dtype_json(dtype: np.dtype) -> Any:
    """A dtype as JSON (the `.npy` header's descr: padding of aligned structs kept)."""
    return np_format.dtype_to_descr(np.dtype(dtype))


def dtype_from_json(descr: Any) -> np.dtype:
    """Inverse of `dtype_json` (JSON turned the descr's tuples into lists)."""
    def entry(e: list) -> tuple:
        name, kind, *shape = e
        return (name, fields(kind) if isinstance(kind, list) else kind, *(tuple(s) for s in shape))

    def fields(d: Any) -> Any:
        return [entry(e) for e in d] if isinstance(d, list) else d

    dtype = np_format.descr_to_dtype(fields(descr))
    why = record_problem(dtype)
    if why:
        raise ValueError(why)
    return dtype


def to_json(value: Any) -> Any:
    """`json.dumps` default: NumPy scalars and arrays, tuples, paths."""
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, (Path, bytes)):
        return str(value)
    raise TypeError(f"cannot store {type(value).__name__} in a trace")


def dumps(event: dict) -> str:
    """One compact JSON line for the events log (NumPy values converted by `to_json`)."""
    return json.dumps(event, default=to_json, separators=(",", ":"))


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def loads(text: str) -> Any:
    """`json.loads` whose strings all encode as UTF-8: a name the shim logged from non-UTF-8
    bytes comes back with lone surrogates, which printing, plotting and Arrow refuse; they are
    kept visible as `\\udcff` escapes (valid pairs are left alone)."""
    value = json.loads(text)
    return _utf8(value) if _SURROGATE.search(text) else value


def _utf8(value: Any) -> Any:
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_utf8(k): _utf8(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_utf8(v) for v in value]
    return value


# The longest line of events.jsonl read as an event: a kernel event carries names and paths, a
# launch its maps' segments; a line past this is damage, skipped without being held in memory.
MAX_EVENT_BYTES = 16 << 20


def read_events(path: Path) -> Iterator[Any]:
    """Events of an `events.jsonl`; a torn last line (the process died mid-write) is skipped, a
    damaged line elsewhere comes back as None so that `build` keeps every event around it and
    says how many were lost (the writer's lines are ASCII: other bytes are damage too). Only a
    regular file is read (`files.open_input`), and no line past `MAX_EVENT_BYTES` is held whole."""
    with files.open_input(path, "events.jsonl") as f:
        while True:
            raw = f.readline(MAX_EVENT_BYTES + 1)
            if not raw:
                return
            if len(raw) > MAX_EVENT_BYTES:       # damage: skip the rest of the line, in pieces
                while raw and not raw.endswith(b"\n"):
                    raw = f.readline(MAX_EVENT_BYTES)
                if not raw:
                    return
                yield None
                continue
            line = raw.decode("utf-8", "replace")
            try:
                yield loads(line)
            except (json.JSONDecodeError, RecursionError):
                if not line.endswith("\n"):
                    return
                yield None


COLLECTED = ("kernels", "launches", "allocations", "warnings", "summary", "finished")


def build(events: Iterable[Any]) -> dict:
    """Fold the event log into the `trace.json` structure (docs/contracts.md §6)."""
    trace: dict[str, Any] = {"version": VERSION, "command": [], "pid": None, "device": {},
                             "driver": None, "toolchain": {}, "probe": None, "kernels": [],
                             "launches": [], "allocations": [], "warnings": [], "summary": {},
                             "finished": False}
    kernels: dict[str, dict] = {}
    extra_summary: dict[str, Any] = {}
    damaged = 0
    for ev in events:
        if not isinstance(ev, dict):
            damaged += 1                 # a damaged line: what remains is checked by the reader
            continue
        kind = ev.get("event")
        body = {k: v for k, v in ev.items() if k != "event"}
        if kind in ("start", "meta"):           # header facts; the lists are the events' own
            trace.update({k: v for k, v in body.items() if k not in COLLECTED})
        elif kind == "kernel" and isinstance(body.get("hash"), str):
            kernels[body["hash"]] = {**kernels.get(body["hash"], {}), **body}
        elif kind == "launch":
            trace["launches"].append(body)
        elif kind == "alloc":
            trace["allocations"].append(body)
        elif kind == "warning":
            trace["warnings"].append(body.get("text"))
        elif kind == "end":
            extra_summary = body.get("summary") if isinstance(body.get("summary"), dict) else {}
            trace["finished"] = True
            trace["ended_ns"] = body.get("t_ns")
    trace["kernels"] = list(kernels.values())
    trace["warnings"] = [*schema.sound(trace, summarize), *trace["warnings"]]
    if damaged:
        trace["warnings"].insert(0, f"{damaged} damaged line(s) of {EVENTS} skipped (not JSON "
                                    "objects): the events they held are lost")
    trace["summary"] = {**summarize(trace), **extra_summary}
    not_instrumented = [k for k in trace["kernels"] if not k.get("instrumented")]
    if not_instrumented:
        groups = by_reason((short(k["name"]), k.get("reason") or "no reason given") for k in not_instrumented)
        trace["warnings"].append(f"{len(not_instrumented)} kernel(s) ran without instrumentation "
                                 f"(timed only): {'; '.join(groups)}")
    return trace


def by_reason(kernels: Iterable[tuple[str, str]], shown: int = 3) -> list[str]:
    """`2 x reason: name, name` per reason, the most common first, from (name, reason) pairs;
    names are shown as given (callers cut long mangled names their own way)."""
    groups: dict[str, list[str]] = {}
    for name, reason in kernels:
        groups.setdefault(reason, []).append(name)
    return [f"{len(names)} x {reason}: {', '.join(names[:shown])}"
            + (f" and {len(names) - shown} more" if len(names) > shown else "")
            for reason, names in sorted(groups.items(), key=lambda kv: -len(kv[1]))]


def summarize(trace: dict) -> dict:
    """Totals over a trace.json dict (launches, kernels, records, drops, allocations), kept as
    its ``summary`` so readers need not recount."""
    launches = trace["launches"]
    dropped: Counter = Counter()
    records: Counter = Counter()
    for launch in launches:
        dropped.update(launch.get("dropped") or {})
        records.update(launch.get("records") or {})
    return {"launches": len(launches),
            "instrumented_launches": sum(1 for x in launches if x.get("instrumented")),
            "graph_replays": sum(1 for x in launches if x.get("graph")),
            "kernels": len(trace["kernels"]),
            "instrumented_kernels": sum(1 for k in trace["kernels"] if k.get("instrumented")),
            "records": dict(records), "dropped": dict(dropped),
            "allocations": sum(1 for a in trace["allocations"] if a.get("op") == "alloc"),
            "frees": sum(1 for a in trace["allocations"] if a.get("op") == "free")}
