"""`allocations`: device memory over time from the hook's `cuMemAlloc*`/`cuMemFree*` events.

Live bytes after each event, the peak and when it happened, allocation sizes, and lifetimes
(free time − alloc time, matched by pointer; still-live blocks at the end are counted apart).
"""
from __future__ import annotations

import numpy as np

from neutrino_py.tools import register
from neutrino_py.tools.base import MapRef, Progress, Report, Table, Tool
from neutrino_py.tracedir.reader import Trace


def timeline(events: list[dict]) -> dict:
    """Replay alloc/free events in time order; a free's size is its allocation's. Pointers are
    matched within their process (`pid`): two ranks may hand out the same address."""
    events = sorted(events, key=lambda e: e["t_ns"])
    live: dict[tuple, tuple[int, int]] = {}        # (pid, ptr) -> (bytes, t_alloc)
    t, level, lifetimes, sizes = [], [], [], []
    current, unmatched = 0, 0
    for e in events:
        key = (e.get("pid"), e["ptr"])
        if e["op"] == "alloc":
            live[key] = (e["bytes"], e["t_ns"])
            current += e["bytes"]
            sizes.append(e["bytes"])
        elif key in live:
            nbytes, born = live.pop(key)
            current -= nbytes
            lifetimes.append(e["t_ns"] - born)
        else:
            unmatched += 1
            continue
        t.append(e["t_ns"])
        level.append(current)
    return {"t_ns": np.array(t, np.int64), "live_bytes": np.array(level, np.int64),
            "lifetimes_ns": np.array(lifetimes, np.int64), "sizes": np.array(sizes, np.int64),
            "still_live": len(live), "still_live_bytes": sum(b for b, _ in live.values()),
            "unmatched_frees": unmatched}


@register
class Allocations(Tool):
    name = "allocations"
    help = "device allocations over time: peak, sizes, lifetimes (cuMemAlloc/cuMemFree events)"
    needs_maps = False

    def select(self, trace: Trace) -> list[MapRef]:
        return []

    def analyze(self, trace: Trace, refs: list[MapRef], progress: Progress) -> Report:
        if not trace.allocations:
            return Report(self.name, notes=["no allocation events in this trace (the hook "
                                            "records cuMemAlloc*/cuMemFree* calls)"])
        tl = timeline(trace.allocations)
        peak_i = int(np.argmax(tl["live_bytes"])) if len(tl["live_bytes"]) else None
        t0 = int(tl["t_ns"][0]) if len(tl["t_ns"]) else 0
        life, sizes = tl["lifetimes_ns"], tl["sizes"]
        data = {"allocs": int(len(sizes)), "frees": int(len(life)),
                "allocated_bytes": int(sizes.sum()),
                "peak_bytes": int(tl["live_bytes"][peak_i]) if peak_i is not None else 0,
                "peak_at_ms": (int(tl["t_ns"][peak_i]) - t0) / 1e6 if peak_i is not None else None,
                "still_live": tl["still_live"], "still_live_bytes": tl["still_live_bytes"],
                "unmatched_frees": tl["unmatched_frees"],
                "size_max": int(sizes.max()) if len(sizes) else None,
                "size_median": float(np.median(sizes)) if len(sizes) else None,
                "lifetime_median_ms": float(np.median(life)) / 1e6 if len(life) else None,
                "lifetime_max_ms": float(life.max()) / 1e6 if len(life) else None,
                "lifetime_histogram": _log_hist(life)}
        table = Table("device allocations", ["what", "value"], [
            ["allocations", data["allocs"]], ["frees", data["frees"]],
            ["bytes allocated (sum)", data["allocated_bytes"]],
            ["peak live bytes", data["peak_bytes"]], ["peak at (ms after first event)",
                                                      data["peak_at_ms"]],
            ["live at end (blocks / bytes)", f"{data['still_live']} / {data['still_live_bytes']}"],
            ["largest allocation", data["size_max"]], ["median allocation", data["size_median"]],
            ["median lifetime ms", data["lifetime_median_ms"]],
            ["longest lifetime ms", data["lifetime_max_ms"]]])
        hist = Table("allocation lifetimes", ["lifetime up to", "frees"],
                     [[_duration(edge), n] for edge, n in data["lifetime_histogram"]])
        report = Report(self.name, [table, hist], data,
                        arrays={k: tl[k] for k in ("t_ns", "live_bytes", "lifetimes_ns", "sizes")})
        if tl["unmatched_frees"]:
            report.notes.append(f"{tl['unmatched_frees']} free(s) of pointers allocated before "
                                "tracing started were ignored")
        report.figures["memory"] = lambda: _figure(tl, t0)
        return report


def _log_hist(life: np.ndarray) -> list[tuple[int, int]]:
    """(upper edge ns, count) over decades from 1 µs."""
    if not len(life):
        return []
    edges = 10 ** np.arange(3, max(4, int(np.ceil(np.log10(max(life.max(), 1) + 1))) + 1))
    counts = np.bincount(np.searchsorted(edges, life, side="left"), minlength=len(edges))
    return [(int(e), int(c)) for e, c in zip(edges, counts) if c]


def _duration(ns: int) -> str:
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= scale:
            return f"{ns / scale:g} {unit}"
    return f"{ns} ns"


def _figure(tl: dict, t0: int):
    from neutrino_py.tools.plots import figure
    fig, axes = figure("device memory", 1, 2, size=(11, 4))
    ax = axes[0][0]
    ax.step((tl["t_ns"] - t0) / 1e6, tl["live_bytes"] / 2**20, where="post")
    ax.set_xlabel("ms after first event")
    ax.set_ylabel("live MiB")
    ax2 = axes[0][1]
    life = tl["lifetimes_ns"]
    if len(life):
        ax2.hist(np.log10(np.maximum(life, 1)), bins=30, color="tab:gray")
    else:
        ax2.text(0.5, 0.5, "nothing was freed while tracing", ha="center", transform=ax2.transAxes)
    ax2.set_xlabel("log10 lifetime (ns)")
    ax2.set_ylabel("allocations")
    return fig
