"""What each part of `trace.json` holds (docs/contracts.md §6), and the check that keeps a damaged
part away from the tools.

A run's trace.json is written by the engine, but a run killed mid-write, a disk error or a hand
edit can leave a value of the wrong kind anywhere. The reader checks every part once, here: a
damaged launch, kernel or allocation is left out with a warning that says which and why, a
damaged summary is recounted, a damaged device or probe description is dropped; the rest of the
run stays readable. Tools then index what they read without guarding every field.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Callable

from neutrino_py.maps.layout import shape_problem

Check = Callable[[Any], "str | None"]       # a value -> what is wrong with it, or None


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


INT64 = range(-2 ** 63, 2 ** 63)       # what NumPy, Arrow and the shim's counters hold


def is_int(value: Any) -> str | None:
    if type(value) is not int:
        return f"{_kind(value)}, not an integer"
    return None if value in INT64 else "an integer out of the 64-bit range"


def is_count(value: Any) -> str | None:
    """A size, offset or tally: an integer, never negative."""
    return is_int(value) or (None if value >= 0 else f"{value}, a negative count")


def one_of(*allowed: str) -> Check:
    def checked(value: Any) -> str | None:
        return None if value in allowed else f"{value!r}, not one of {', '.join(allowed)}"
    return checked


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def is_name(value: Any) -> str | None:
    """A probe's map name: an identifier (it becomes a file name in `.npy` traces and exports)."""
    if not isinstance(value, str):
        return f"{_kind(value)}, not a string"
    return None if _NAME.fullmatch(value) else f"{value[:40]!r}, not a map name (an identifier)"


def is_number(value: Any) -> str | None:
    if type(value) is int:
        return is_int(value)
    if type(value) is not float:
        return f"{_kind(value)}, not a number"
    return None if math.isfinite(value) else f"{value}, not a finite number"


def is_str(value: Any) -> str | None:
    return None if isinstance(value, str) else f"{_kind(value)}, not a string"


def is_bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"{_kind(value)}, not true or false"


def anything(value: Any) -> str | None:
    return None


def _plain(check: Check) -> type | None:
    """The one type `check` accepts, where that is all it tests: containers of those are
    checked with one `all()` over exact types (a run holds a launch per kernel launch)."""
    return str if check is is_str else None


def list_of(check: Check) -> Check:
    plain = _plain(check)

    def checked(value: Any) -> str | None:
        if not isinstance(value, list):
            return f"{_kind(value)}, not a list"
        if plain is not None and all(type(item) is plain for item in value):
            return None
        for i, item in enumerate(value):
            why = check(item)
            if why:
                return f"item {i}: {why}"
        return None
    return checked


def dict_of(check: Check) -> Check:
    plain = _plain(check)

    def checked(value: Any) -> str | None:
        if not isinstance(value, dict):
            return f"{_kind(value)}, not an object"
        if plain is not None and all(type(item) is plain for item in value.values()):
            return None
        for key, item in value.items():
            why = check(item)
            if why:
                return f"{key!r}: {why}"
        return None
    return checked


@dataclass(frozen=True)
class Entry:
    """An object with `required` and `optional` keys, each with its check; an optional key may
    also be null (what it says when it does not apply: an untimed launch's `start_ns`, a launch
    without maps' `data`). Keys not named are left alone (newer writers may add some)."""

    required: dict[str, Check]
    optional: dict[str, Check]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_checks", {**self.optional, **self.required})
        object.__setattr__(self, "_needed", frozenset(self.required))

    def __call__(self, value: Any) -> str | None:
        """One pass over the object's own keys: a run holds a launch per kernel launch."""
        if type(value) is not dict:
            return f"{_kind(value)}, not an object"
        needed = self._needed
        if not needed <= value.keys():
            return f"no {next(k for k in self.required if k not in value)!r}"
        checks = self._checks
        for key, item in value.items():
            check = checks.get(key)
            if check is None or (item is None and key not in needed):
                continue
            why = check(item)
            if why:
                return f"{key!r} is {why}"
        return None


def launch_dims(what: str) -> Check:
    """A launch's `grid` or `block`: 1 to 3 positive sizes within what a GPU launches (a
    damaged shape would size every per-unit map, and the tools' arrays, past any memory)."""
    def checked(value: Any) -> str | None:
        if not isinstance(value, list) or not 1 <= len(value) <= 3:
            return f"{_kind(value)}, not 1 to 3 sizes"
        if any(type(v) is not int or v < 1 for v in value):
            return "not made of positive integers"
        why = shape_problem(value, what)
        return f"{value}, {why}" if why else None
    return checked


def _dtype(value: Any) -> str | None:
    """A NumPy dtype as `dtype_from_json` reads one: a type string or a list of fields."""
    if isinstance(value, str) or (type(value) is list and all(type(f) is list for f in value)):
        return None
    return f"{_kind(value)}, not a dtype"


SEGMENT = Entry({"offset": is_count, "nbytes": is_count},
                {"dtype": _dtype, "shape": list_of(is_count),
                 "cursor": is_count, "dropped": is_count})
LAUNCH = Entry({"seq": is_int, "kernel": is_str, "grid": launch_dims("grid"),
                "block": launch_dims("block")},
               {"kernel_hash": is_str, "shared_mem": is_count,
                "start_ns": is_int, "end_ns": is_int,
                "duration_ms": is_number, "instrumented": is_bool,
                "operator": is_str, "records": dict_of(is_count),
                "dropped": dict_of(is_count), "maps": list_of(is_name), "data": is_str,
                "segments": dict_of(SEGMENT), "dir": is_str, "pid": is_int,
                "rank": is_int, "device": is_int, "graph": is_bool})
KERNEL = Entry({"hash": is_str, "name": is_str},
               {"instrumented": is_bool, "reason": is_str,
                "source": is_str, "files": dict_of(is_str)})
ALLOCATION = Entry({"t_ns": is_int, "op": one_of("alloc", "free"), "ptr": is_int,
                    "bytes": is_count}, {"pid": is_int})
PROCESS = Entry({}, {"pid": is_int, "rank": is_int,
                     "local_rank": is_int, "world_size": is_int,
                     "devices": list_of(is_int), "launches": is_int, "state": is_str,
                     "exit_code": is_int})
SUMMARY = Entry({}, {"launches": is_int, "instrumented_launches": is_int, "graph_replays": is_int,
                     "kernels": is_int,
                     "instrumented_kernels": is_int, "records": dict_of(is_int),
                     "dropped": dict_of(is_int), "allocations": is_int, "frees": is_int})
DEVICE = Entry({}, {"name": is_str, "sm_count": is_int,
                    "mem_bandwidth_gbps": is_number})
PROBE = Entry({}, {"file": is_str, "text": is_str, "hash": is_str})

# top-level lists of entries: (key, what one entry is called, its check)
ENTRIES = (("kernels", "kernel", KERNEL), ("launches", "launch", LAUNCH),
           ("allocations", "allocation event", ALLOCATION), ("processes", "process", PROCESS),
           ("warnings", "warning", is_str))
# the other top-level parts: a damaged one is dropped (the summary is recounted)
PARTS = (("device", DEVICE), ("probe", PROBE), ("summary", SUMMARY),
         ("command", list_of(is_str)), ("pid", is_int), ("toolchain", dict_of(anything)),
         ("finished", is_bool), ("started_ns", is_int), ("ended_ns", is_int))


# What a launch may lose and still be read: its times and tags describe it, its maps are what was
# collected. A damaged one (a time past 2**63, NaN, a string) is dropped, not the launch with them.
LAUNCH_SOFT = ("start_ns", "end_ns", "duration_ms", "operator", "shared_mem")


def _soft_launch_fields(launches: Any) -> list[str]:
    """Set to null the `LAUNCH_SOFT` values of launches that are damaged; say how many."""
    if not isinstance(launches, list):
        return []
    first, count = None, 0
    checks = LAUNCH._checks               # type: ignore[attr-defined]
    for i, x in enumerate(launches):
        if type(x) is not dict:
            continue
        bad = [k for k in LAUNCH_SOFT if x.get(k) is not None and checks[k](x[k])]
        if bad:
            count += 1
            first = first or f"#{i}: {bad[0]!r} is {checks[bad[0]](x[bad[0]])}"
            if {"start_ns", "end_ns", "duration_ms"} & set(bad):   # times go together
                bad += ["start_ns", "end_ns", "duration_ms"]
            for k in bad:
                x[k] = None
    if not count:
        return []
    return [f"{count} launch(es) have damaged times or tags, left out; their maps are kept "
            f"({first})"]


def _unique_launches(meta: dict) -> list[str]:
    """Keep the first launch of each (process, seq): a launch listed twice (a log replayed or
    two runs' entries merged) would count its records twice and make `-O launch=N` ambiguous."""
    seen: set[tuple] = set()
    kept, first = [], None
    for x in meta["launches"]:
        key = (x.get("pid"), x["seq"])
        if key in seen:
            first = first or key
            continue
        seen.add(key)
        kept.append(x)
    if first is None:
        return []
    left = len(meta["launches"]) - len(kept)
    meta["launches"] = kept
    pid = f" of pid {first[0]}" if first[0] is not None else ""
    return [f"{left} launch(es) repeat the sequence number of an earlier launch of their process: "
            f"left out, the first kept (first repeat: launch {first[1]}{pid})"]


def _backward_times(launches: list[dict]) -> list[str]:
    """A launch that ends before it starts keeps its maps but loses its times (it reads as
    untimed): durations below zero would stretch timelines backwards."""
    backward = [x for x in launches if x.get("start_ns") is not None
                and x.get("end_ns") is not None and x["end_ns"] < x["start_ns"]]
    for x in backward:
        x["start_ns"] = x["end_ns"] = x["duration_ms"] = None
    if not backward:
        return []
    return [f"{len(backward)} launch(es) end before they start: their times are left out, "
            f"their maps kept (first: launch {backward[0]['seq']})"]


def _overlapping_segments(launches: list[dict]) -> list[str]:
    """Say where two maps' segments share bytes of a data file: the writer appends every map
    after the last, so one of them reads another's records (which one, the trace cannot tell)."""
    spans: dict[str, list[tuple[int, int, int, str]]] = {}
    for x in launches:
        for name, seg in (x.get("segments") or {}).items():
            if x.get("data") and seg["nbytes"]:
                spans.setdefault(x["data"], []).append((seg["offset"], seg["offset"] + seg["nbytes"],
                                                        x["seq"], name))
    notes = []
    for data, found in spans.items():
        found.sort()
        clashes = [(a, b) for a, b in zip(found, found[1:]) if b[0] < a[1]]
        if clashes:
            (_, _, seq_a, map_a), (_, _, seq_b, map_b) = clashes[0]
            notes.append(f"{len(clashes)} map segment(s) in {data} overlap the one before them "
                         f"(first: map {map_b!r} of launch {seq_b} and map {map_a!r} of launch "
                         f"{seq_a}): their records may be another launch's")
    return notes


def sound(meta: dict, recount: Callable[[dict], dict]) -> list[str]:
    """Keep only the sound parts of a trace.json dict, in place; the warnings that say what was
    left out. `kernels` and `launches` must be lists (KeyError, ValueError: nothing to read
    otherwise);
    a dropped summary is rebuilt by `recount`, and so are its totals where entries were left out."""
    for key in ("kernels", "launches"):
        if key not in meta:
            raise KeyError(key)
        if not isinstance(meta[key], list):
            raise ValueError(f"its {key!r} is {_kind(meta[key])}, not a list")
    notes = _soft_launch_fields(meta["launches"])
    counted = {key: len(meta[key]) if isinstance(meta.get(key), list) else None
               for key, _, _ in ENTRIES}
    for key, what, check in ENTRIES:
        entries = meta.get(key)
        if entries is None:
            continue
        if not isinstance(entries, list):
            notes.append(f"the trace's {key!r} is {_kind(entries)}, not a list: left out")
            meta[key] = []
            continue
        kept, first, left = [], None, 0
        for i, entry in enumerate(entries):
            why = check(entry)
            if why is None:
                kept.append(entry)
            else:
                left += 1
                first = first or f"#{i}: {why}"
        if left:
            meta[key] = kept
            notes.append(f"{left} damaged {what}(s) left out of the trace ({first})")
    notes += _unique_launches(meta)
    notes += _backward_times(meta["launches"])
    notes += _overlapping_segments(meta["launches"])
    for key, check in PARTS:
        why = check(meta[key]) if meta.get(key) is not None else None
        if why:
            meta[key] = None
            notes.append(f"the trace's {key} is damaged ({why}): "
                         + ("recounted from the launches" if key == "summary" else "left out"))
    if meta.get("summary") is None:
        meta["summary"] = recount(meta)
    elif any(n != (len(meta[key]) if isinstance(meta.get(key), list) else None)
             for key, n in counted.items()):     # what the stored totals counted is gone
        meta["summary"] = {**meta["summary"], **recount(meta)}
    return notes
