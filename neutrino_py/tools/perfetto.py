"""A trace as Chrome trace-event JSON, which ui.perfetto.dev and chrome://tracing open.

Tracks: one process "GPU streams" (a thread per stream, a slice per launch), "operators" (runs
of launches under one PyTorch scope), "device memory" (a counter of live bytes), and one process
per instrumented launch with warp intervals (maps with `start` + `elapsed` ns: block_sched, timed
ranges), a thread per SM. A run of several ranks has all of these once per rank ("rank 1: GPU
streams", "rank 1: sched: kernel #4"), each rank's pids offset by `PART_PIDS`. Device `globaltimer` times are shifted so the launch's first warp starts
at the launch's host start time; times are µs from the first event of the trace.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from neutrino_py.files import atomic_file
from neutrino_py.tools.allocations import timeline
from neutrino_py.tools.base import integral, launch_counts, readable_maps
from neutrino_py.tools.block_sched import since
from neutrino_py.tracedir.reader import Launch, Trace

STREAMS_PID, OPERATORS_PID, MEMORY_PID, WARPS_PID0 = 1, 2, 3, 1000
PART_PIDS = 1 << 24           # pid offset of each rank's tracks in a run of several
MAX_SLICES = 400_000          # warp slices in all; each launch gets an equal share


def build(trace: Trace, max_slices: int = MAX_SLICES) -> dict:
    """A Chrome/Perfetto trace-event JSON dict: launches on stream tracks, operators, memory,
    and warp slices from ``start``/``elapsed`` records, at most `max_slices` in all (shared
    between the maps) so a big trace still opens in the UI. A run of several ranks (or processes)
    gets each of these tracks once per rank, named `rank N: ...`, on one shared clock."""
    origin = _origin(trace)
    clock = _HostClock(origin)
    parts = trace.parts() or [("", trace)]
    events: list[dict] = []
    unreadable: list[str] = []
    interval_maps = []
    for g, (label, part) in enumerate(parts):
        base = PART_PIDS * g
        events += _streams(part, clock, base, label)
        events += _operators(part, clock, base, label)
        events += _memory(part, origin, base, label)
        interval_maps += [(g, label, launch, name)
                          for launch, name, dtype in readable_maps(part, unreadable)
                          if integral(dtype, "start") and integral(dtype, "elapsed")]
    share, cut = max_slices // max(1, len(interval_maps)), 0
    for g, label, launch, name in interval_maps:
        slices, dropped = _warps(launch, name, clock, share, g, label)
        events += slices
        cut += dropped
    return {"traceEvents": events, "displayTimeUnit": "ns",
            "otherData": {"trace": str(trace.dir), "command": " ".join(trace.meta.get("command") or []),
                          "device": str(trace.device.get("name", "")),
                          "parts": [label for label, _ in parts if label],
                          "warp_slices_left_out": cut, "unreadable_maps": unreadable}}


def _streams(trace: Trace, clock: "_HostClock", base: int, label: str) -> list[dict]:
    """A process of stream threads, a slice per launch."""
    pid = STREAMS_PID + base
    events = [_name("process_name", pid, 0, _titled(label, "GPU streams")),
              _meta("process_sort_index", pid, {"sort_index": base})]
    streams: dict[str, int] = {}
    for launch in trace.launches:
        key = str(launch.stream)
        if key not in streams:
            streams[key] = len(streams) + 1
            events.append(_name("thread_name", pid, streams[key], f"stream {key}"))
        ts, dur = clock.span(launch)
        # per record map (companions left out: lane values): records and dropped records, and
        # the lanes of kept records lost (contracts §4 "Lost lanes")
        counts = launch_counts(launch)
        lanes = {m: c["lanes_lost"] for m, c in counts.items() if "lanes_lost" in c}
        events.append({"ph": "X", "cat": "launch", "name": launch.kernel, "pid": pid,
                       "tid": streams[key], "ts": ts, "dur": dur,
                       "args": {"seq": launch.seq, "grid": list(launch.grid),
                                "block": list(launch.block), "operator": launch.operator,
                                "instrumented": launch.instrumented,
                                "records": {m: c["records"] for m, c in counts.items()},
                                "dropped": {m: c["dropped"] for m, c in counts.items()},
                                **({"lanes_lost": lanes} if lanes else {}), "pid": launch.pid,
                                "rank": launch.rank, "device": launch.device}})
    return events


def _titled(label: str, name: str) -> str:
    return f"{label}: {name}" if label else name


def export(trace: Trace, path: str | Path, max_slices: int = MAX_SLICES) -> dict:
    """Write the JSON to `path`; returns counts of what it holds."""
    doc = build(trace, max_slices)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with atomic_file(path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    phases: dict[str, int] = {}
    for e in doc["traceEvents"]:
        phases[e["ph"]] = phases.get(e["ph"], 0) + 1
    return {"path": str(path), "events": len(doc["traceEvents"]), "by_phase": phases,
            "warp_slices_left_out": doc["otherData"]["warp_slices_left_out"]}


class _HostClock:
    """Launch slices in µs from the origin; launches without host times are laid end to end."""

    def __init__(self, origin: int) -> None:
        self.origin = origin
        self._cursor = 0.0

    def span(self, launch: Launch) -> tuple[float, float]:
        if launch.start_ns is not None:
            ts = (launch.start_ns - self.origin) / 1e3
            end = launch.end_ns if launch.end_ns is not None else launch.start_ns
            dur = (end - launch.start_ns) / 1e3
        else:
            ts, dur = self._cursor, (launch.duration_ms or 0.0) * 1e3
        self._cursor = max(self._cursor, ts + dur)
        return ts, max(dur, 0.0)


def _origin(trace: Trace) -> int:
    times = [x.start_ns for x in trace.launches if x.start_ns is not None]
    times += [a["t_ns"] for a in trace.allocations]
    return min(times) if times else 0


def _name(kind: str, pid: int, tid: int, name: str) -> dict:
    return {"ph": "M", "name": kind, "pid": pid, "tid": tid, "args": {"name": name}}


def _meta(kind: str, pid: int, args: dict) -> dict:
    return {"ph": "M", "name": kind, "pid": pid, "tid": 0, "args": args}


def _operators(trace: Trace, clock: _HostClock, base: int, label: str) -> list[dict]:
    """Runs of consecutive timed launches under one scope; an untagged launch ends a run."""
    timed = [x for x in trace.launches if x.start_ns is not None]
    if not any(x.operator for x in timed):
        return []
    pid = OPERATORS_PID + base
    out = [_name("process_name", pid, 0, _titled(label, "operators")),
           _name("thread_name", pid, 1, "scope")]
    run: list[Launch] = []
    for launch in timed + [None]:
        if run and (launch is None or launch.operator != run[0].operator):
            start = run[0].start_ns
            end = max((x.end_ns or x.start_ns) for x in run)
            out.append({"ph": "X", "cat": "operator", "name": run[0].operator,
                        "pid": pid, "tid": 1, "ts": (start - clock.origin) / 1e3,
                        "dur": (end - start) / 1e3, "args": {"launches": len(run)}})
            run = []
        if launch is not None and launch.operator:
            run.append(launch)
    return out


def _memory(trace: Trace, origin: int, base: int, label: str) -> list[dict]:
    if not trace.allocations:
        return []
    tl = timeline(trace.allocations)
    pid = MEMORY_PID + base
    out = [_name("process_name", pid, 0, _titled(label, "device memory"))]
    out += [{"ph": "C", "name": "live MiB", "pid": pid, "tid": 0,
             "ts": (int(t) - origin) / 1e3, "args": {"MiB": float(b) / 2**20}}
            for t, b in zip(tl["t_ns"], tl["live_bytes"])]
    return out


def _warps(launch: Launch, name: str, clock: _HostClock, keep: int, part: int = 0,
           label: str = "") -> tuple[list[dict], int]:
    """Up to `keep` warps of one launch, evenly strided so the whole launch stays visible."""
    array = launch.maps[name]
    total = len(array)
    if total > keep:
        array = array[np.linspace(0, total - 1, keep).astype(np.int64)] if keep > 0 else array[:0]
    if not len(array):
        return [], total
    pid = WARPS_PID0 + PART_PIDS * part + launch.seq * 16 + list(launch.maps).index(name) % 16
    names = array.dtype.names
    unit = array["unit"].astype(np.int64) if "unit" in names else np.arange(len(array))
    forward = array["elapsed"].astype(np.int64) >= 0         # a timer that went back: no slice
    array, unit = array[forward], unit[forward]
    if not len(array):
        return [], total
    start = since(array["start"], int(array["start"][0]))
    elapsed = array["elapsed"].astype(np.int64)
    sm = array["sm"].astype(np.int64) if "sm" in names else np.zeros(len(array), np.int64)
    host0 = clock.span(launch)[0] if launch.start_ns is not None else 0.0
    ts = host0 + (start - start.min()) / 1e3
    out = [_name("process_name", pid, 0, _titled(label, f"{name}: {launch.kernel} #{launch.seq}")),
           _meta("process_sort_index", pid, {"sort_index": PART_PIDS * part + 10 + launch.seq})]
    out += [_name("thread_name", pid, int(s), f"SM {int(s)}") for s in np.unique(sm)]
    row = "block" if launch.maps.level(name) == "block" else "warp"
    out += [{"ph": "X", "cat": name, "name": f"{row} {int(u)}", "pid": pid, "tid": int(s),
             "ts": float(t), "dur": float(e) / 1e3}
            for t, e, s, u in zip(ts, elapsed, sm, unit)]
    return out, total - len(array)
