"""`dmat`: every global memory access with its time — counts, bytes, address span, and a
time-vs-address scatter per kernel (probes/dmat.probe: `addr`, optional `clock` and `bytes`; or
probes/memtrace.probe, whose warp records are rebuilt into every lane's exact address). Without
a `clock` field the scatter's time axis is the order the records were kept in.

Losses, one unit per column, never one access twice: `dropped` counts records that did not fit
the map (a memtrace record is one warp-level access, up to 32 lanes, all lost with it),
`lanes lost` the lanes of kept records whose addresses cannot be rebuilt (their values did not
fit the companion pool, or it cannot be read); `accesses` counts lanes (contracts §4 "Lost
lanes")."""
from __future__ import annotations

import numpy as np

from neutrino_py.names import short
from neutrino_py.tools import register
from neutrino_py.tools.base import (MapRef, Progress, Report, Table, Tool, by_kernel,
                                    exact_sum, loss_notes, rows)
from neutrino_py.tracedir.reader import Trace

LINE = 128
MAX_LINES = 1 << 26           # bitmap of touched 128 B lines up to 8 GiB of address span


def access_stats(ref: MapRef, progress: Progress) -> dict:
    """Accesses, bytes, address and clock ranges in one pass; distinct lines in a second. A
    memtrace map counts every active lane of its warp-level records (`base.rows`)."""
    n, nbytes = 0, 0
    lo, hi, c0, c1 = np.inf, -np.inf, np.inf, -np.inf
    names = ref.array.dtype.names or ()
    has_bytes, has_clock = "bytes" in names, "clock" in names
    for part in rows(ref, progress):
        if not len(part):
            continue
        n += len(part)
        addr = part["addr"]
        lo, hi = min(lo, int(addr.min())), max(hi, int(addr.max()))
        if has_clock:
            c0, c1 = min(c0, int(part["clock"].min())), max(c1, int(part["clock"].max()))
        if has_bytes:
            nbytes += exact_sum(part["bytes"])
    out = {"accesses": n, "bytes": nbytes if has_bytes else None,
           "addr_min": int(lo) if n else None, "addr_max": int(hi) if n else None,
           "clock_min": int(c0) if n and has_clock else None,
           "clock_max": int(c1) if n and has_clock else None,
           "lines": None}
    if n and (hi - lo) // LINE < MAX_LINES:
        touched = np.zeros((int(hi) - int(lo)) // LINE + 1, bool)
        for part in rows(ref, Progress()):
            touched[(part["addr"] - np.uint64(lo)) // np.uint64(LINE)] = True
        out["lines"] = int(touched.sum())
    return out


@register
class Dmat(Tool):
    name = "dmat"
    help = "memory accesses over time per kernel: counts, bytes, address span, scatter plot"
    fields = ("addr",)
    probe = "dmat.probe"
    kernels_drawn = 4

    def analyze(self, trace: Trace, refs: list[MapRef], progress: Progress) -> Report:
        per_kernel, rows = {}, []
        groups = by_kernel(refs)
        accesses: dict[MapRef, int] = {}            # records per map, for picking what to draw
        for kernel, krefs in groups.items():
            stats = [access_stats(r, progress) for r in krefs]
            accesses.update((r, s["accesses"]) for r, s in zip(krefs, stats))
            with_data = [s for s in stats if s["accesses"]]
            agg = {"launches": len(krefs), "accesses": sum(s["accesses"] for s in stats),
                   "bytes": None if any(s["bytes"] is None for s in stats)
                   else sum(s["bytes"] for s in stats),
                   "dropped": sum(r.dropped for r in krefs),
                   "lanes_lost": sum(r.lanes_lost for r in krefs),
                   "addr_min": min((s["addr_min"] for s in with_data), default=None),
                   "addr_max": max((s["addr_max"] for s in with_data), default=None),
                   "lines_per_launch": max((s["lines"] or 0 for s in stats), default=0) or None,
                   "per_launch": stats}
            per_kernel[kernel] = agg
            rows.append([short(kernel), agg["launches"], agg["accesses"], agg["bytes"],
                         agg["dropped"], agg["lanes_lost"], _hex(agg["addr_min"]),
                         _hex(agg["addr_max"]), agg["lines_per_launch"]])
        table = Table("global memory accesses per kernel",
                      ["kernel", "launches", "accesses", "bytes", "dropped", "lanes lost",
                       "lowest addr", "highest addr", f"{LINE}B lines (max/launch)"], rows)
        report = Report(self.name, [table], {"kernels": per_kernel})
        report.notes += loss_notes(refs)
        biggest = sorted(groups.items(), key=lambda kv: -per_kernel[kv[0]]["accesses"])
        drawn = [max(krefs, key=accesses.__getitem__) for _, krefs in biggest[:self.kernels_drawn]]
        if any(accesses[r] for r in drawn):
            report.figures["scatter"] = lambda: _scatter(drawn)
        return report


def _hex(value: int | None) -> str | None:
    return None if value is None else f"0x{value:x}"


def _scatter(refs: list[MapRef]):
    from neutrino_py.tools.plots import figure, thin
    fig, axes = figure("memory accesses: address vs time (one launch per kernel)",
                       len(refs), 1, size=(9, 3.2 * len(refs)))
    for ax, ref in zip(axes[:, 0], refs):
        arr = next(rows(ref, Progress()), ref.array[:0])
        kept = thin(len(arr))
        timed = "clock" in (arr.dtype.names or ())
        clock = (arr["clock"].astype(np.int64) if timed else np.arange(len(arr)))[kept]
        addr = arr["addr"][kept].astype(np.int64)
        base = int(addr.min()) if len(addr) else 0
        ax.scatter(clock - (clock.min() if len(clock) else 0), (addr - base) / 1024, s=1,
                   alpha=0.4, rasterized=True)
        ax.set_title(f"{short(ref.launch.kernel, 70)} (launch {ref.launch.seq})", fontsize=9)
        ax.set_xlabel("cycles since first access (per-SM clocks)" if timed
                      else "access, in the order kept (the map has no clock)")
        ax.set_ylabel(f"KiB above 0x{base:x}")
    return fig
