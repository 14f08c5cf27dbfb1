"""`block_sched`: when each warp ran on which SM; SM occupancy and load imbalance.

Reads a map with `start`, `elapsed` (globaltimer ns) and `sm` per row (probes/block_sched.probe).
A row is one warp, or one block timed by one of its warps: the stock probe records only the last
warp of each block (one row per block, a warp's exit code in one warp of each block instead of
all; traces made before the eighteenth session hold warp 0's), and a launch with exactly one row
per block of several warps is read at that resolution, each row standing for the block's warps.
Per launch: span = last end − first start; an SM's busy time = the sum of its warps' elapsed;
occupancy = busy / span (mean warps resident on that SM); imbalance = max busy / mean busy over
the SMs that ran anything. `elapsed` is u32 in the stock probe's row, u64 in older traces.
"""
from __future__ import annotations

import math

import numpy as np

from neutrino_py.names import short
from neutrino_py.tools import register
from neutrino_py.tools.base import MapRef, Progress, Report, Table, Tool, by_kernel, chunks
from neutrino_py.tracedir.reader import Trace


# SMs by device-name fragment (most specific first), for traces whose device has no sm_count.
SM_COUNT = (("H100 PCIe", 114), ("H100", 132), ("H200", 132), ("GH200", 132), ("B200", 148),
            ("A100", 108), ("L40S", 142), ("L4", 58), ("A10", 72), ("V100", 80), ("T4", 40),
            ("RTX 4090", 128))


def sm_count(device: dict) -> int | None:
    """SMs on the traced device: recorded by the trace, else guessed from the device name."""
    if device.get("sm_count"):
        return int(device["sm_count"])
    name = str(device.get("name") or "")
    return next((n for fragment, n in SM_COUNT if fragment in name), None)


def warps_per_row(ref: MapRef) -> int:
    """1 for a row per warp; the block's warps for a row per block: a [block] map (the stock
    probe), or a [warp] map with exactly one row per block (traces of its earlier form, which
    recorded the first warp of each block)."""
    launch = ref.launch
    blocks = math.prod(launch.grid)             # Python ints: a grid's blocks pass 2**32
    per_block = -(-math.prod(launch.block) // 32)
    if launch.maps.level(ref.name) == "block":
        return per_block
    return per_block if per_block > 1 and len(ref.array) == blocks else 1


# SM ids at or past this are not SM ids (NVIDIA: under 256 so far; gfx94x puts the XCD above
# bit 8): rows holding one are damaged, and left out rather than sized into per-SM arrays
SM_ID_LIMIT = 4096


def sane(array: np.ndarray) -> np.ndarray:
    """Rows that can be real: an SM id below `SM_ID_LIMIT` and an elapsed time of at least 0
    (a u64 `elapsed` of 2**63 or more is a timer that went backwards)."""
    return (array["sm"] < SM_ID_LIMIT) & (array["elapsed"].astype(np.int64) >= 0)


def since(start: np.ndarray, origin: int) -> np.ndarray:
    """ns from `origin` to each globaltimer `start`, signed, modulo 2**64: a timer that wraps
    past 2**64 within a launch still gives the right distances."""
    with np.errstate(over="ignore"):
        return (start.astype(np.uint64) - np.uint64(origin % 2**64)).view(np.int64)


def sm_stats(array: np.ndarray, progress: Progress, weight: int = 1) -> dict:
    """Per-SM warps and busy ns plus the launch's time span, in one chunked pass; each row stands
    for `weight` warps. Rows that are not `sane` are counted as `damaged`."""
    warps = np.zeros(0, np.int64)
    busy = np.zeros(0, np.float64)
    origin, first, last = None, np.inf, -np.inf
    damaged = 0
    for part in chunks(array, progress):
        kept = sane(part)
        if not kept.all():
            damaged += int(len(part) - kept.sum())
            part = part[kept]
        if not len(part):
            continue
        origin = int(part["start"][0]) if origin is None else origin
        sm = part["sm"].astype(np.int64)
        start = since(part["start"], origin)
        elapsed = part["elapsed"].astype(np.int64)
        size = max(len(warps), int(sm.max()) + 1)
        warps = np.pad(warps, (0, size - len(warps))) + weight * np.bincount(sm, minlength=size)
        busy = np.pad(busy, (0, size - len(busy))) + weight * np.bincount(sm, elapsed, minlength=size)
        first = min(first, int(start.min()))
        last = max(last, int((start.astype(np.float64) + elapsed).max()))
    span = int(last - first) if len(warps) else 0
    used = warps > 0
    mean_busy = busy[used].mean() if used.any() else 0.0
    return {"warps": int(warps.sum()), "sms_used": int(used.sum()), "span_ns": span,
            "first_ns": None if origin is None else (origin + first) % 2**64,
            "mean_warp_ns": float(busy.sum() / warps.sum()) if warps.sum() else None,
            "occupancy": float(busy[used].mean() / span) if span else None,
            "imbalance": float(busy[used].max() / mean_busy) if mean_busy else None,
            "damaged_rows": damaged, "per_sm_warps": warps, "per_sm_busy_ns": busy}


@register
class BlockSched(Tool):
    name = "block_sched"
    help = "per-SM warp timeline, SM occupancy and imbalance (probes/block_sched.probe)"
    fields = ("start", "elapsed", "sm")
    probe = "block_sched.probe"
    launch: int | None = None        # seq of the launch to draw; default: the longest span

    def analyze(self, trace: Trace, refs: list[MapRef], progress: Progress) -> Report:
        sms = sm_count(trace.device)
        launches, stats = [], {}
        for ref in refs:
            weight = warps_per_row(ref)
            s = sm_stats(ref.array, progress, weight)
            s["resolution"] = "warp" if weight == 1 else "block"
            s["warps_per_row"] = weight
            stats[ref] = s
            launches.append({"seq": ref.launch.seq, "kernel": ref.launch.kernel, "map": ref.name,
                             **{k: v for k, v in s.items() if not k.startswith("per_sm")}})
        rows, per_kernel = [], {}
        blocks = [r for r in refs if stats[r]["resolution"] == "block"]
        for kernel, krefs in by_kernel(refs).items():
            ks = [stats[r] for r in krefs]
            agg = {"launches": len(ks), "warps": sum(s["warps"] for s in ks),
                   "sms_used": max(s["sms_used"] for s in ks),
                   "mean_span_us": _mean([s["span_ns"] / 1e3 for s in ks if s["span_ns"]]),
                   "mean_warp_us": _mean([s["mean_warp_ns"] / 1e3 for s in ks if s["mean_warp_ns"]]),
                   "occupancy": _mean([s["occupancy"] for s in ks]),
                   "imbalance": _mean([s["imbalance"] for s in ks])}
            agg["resolution"] = "/".join(sorted({s["resolution"] for s in ks}))
            per_kernel[kernel] = agg
            rows.append([short(kernel), agg["launches"], agg["warps"], agg["resolution"],
                         f"{agg['sms_used']}/{sms}" if sms else agg["sms_used"],
                         agg["mean_span_us"], agg["mean_warp_us"], agg["occupancy"],
                         agg["imbalance"]])
        table = Table("SM scheduling per kernel (means over launches)",
                      ["kernel", "launches", "warps", "row per", "SMs used", "span us", "warp us",
                       "warps/SM", "imbalance"], rows)
        chosen = self._chosen(refs, stats)
        report = Report(self.name, [table], {"kernels": per_kernel, "launches": launches,
                                             "sm_count": sms})
        if blocks:
            report.notes.append(f"{len(blocks)} of {len(refs)} launches have one row per block "
                                "(timed by its first warp): their warps and busy time count each "
                                "block's warps as running for its first warp's time")
        damaged = sum(s["damaged_rows"] for s in stats.values())
        if damaged:
            report.notes.append(f"{damaged} row(s) with an SM id of {SM_ID_LIMIT} or more, or an "
                                "elapsed time below 0, left out: no GPU has such SMs and no "
                                "warp ends before it starts, so those rows are damaged")
        if chosen is None and self.launch is not None:
            report.notes.append(f"launch {self.launch} has no map block_sched reads: nothing drawn")
        if chosen is not None and stats[chosen]["first_ns"] is not None:
            report.data["drawn"] = chosen.launch.seq
            report.arrays.update(per_sm_warps=stats[chosen]["per_sm_warps"],
                                 per_sm_busy_ns=stats[chosen]["per_sm_busy_ns"])
            report.figures["timeline"] = lambda: _timeline(chosen, stats[chosen])
        return report

    def _chosen(self, refs: list[MapRef], stats: dict) -> MapRef | None:
        if self.launch is not None:
            return next((r for r in refs if r.launch.seq == self.launch), None)
        return max(refs, key=lambda r: stats[r]["span_ns"], default=None)


def _mean(values: list) -> float | None:
    values = [v for v in values if v is not None]
    return float(np.mean(values)) if values else None


def residency(array: np.ndarray, first_ns: int, bins: int, weight: int = 1) -> tuple[np.ndarray, float]:
    """Warps resident on each SM at `bins` evenly spaced instants (bin centers) of the launch
    (each row standing for `weight` warps); returns the (SMs, bins) counts and the bin width in ns."""
    array = array[sane(array)]
    sm = array["sm"].astype(np.int64)
    start = since(array["start"], first_ns)
    end = start + array["elapsed"].astype(np.int64)
    width = max(1.0, float(end.max()) / bins) if len(end) else 1.0
    first = np.ceil(start / width - 0.5).astype(np.int64).clip(0, bins)   # first center >= start
    last = np.ceil(end / width - 0.5).astype(np.int64).clip(0, bins)      # first center >= end
    diff = np.zeros((int(sm.max()) + 1 if len(sm) else 1, bins + 1), np.int64)
    np.add.at(diff, (sm, first), weight)
    np.add.at(diff, (sm, last), -weight)
    return np.cumsum(diff, axis=1)[:, :bins], width


def _timeline(ref: MapRef, stats: dict, bins: int = 400):
    from neutrino_py.tools.plots import figure
    counts, width = residency(ref.array, stats["first_ns"], bins, stats["warps_per_row"])
    fig, axes = figure(f"warps on SMs: {short(ref.launch.kernel, 60)} (launch {ref.launch.seq})",
                       2, 1, size=(10, 8))
    ax = axes[0][0]
    im = ax.imshow(counts, aspect="auto", origin="lower", interpolation="nearest",
                   cmap="viridis", extent=(0, bins * width / 1e3, -0.5, counts.shape[0] - 0.5))
    fig.colorbar(im, ax=ax, label="resident warps")
    ax.set_xlabel("µs since first warp start")
    ax.set_ylabel("SM")
    busy = stats["per_sm_busy_ns"]
    ax2 = axes[1][0]
    ax2.bar(np.arange(len(busy)), busy / 1e3, color="tab:orange")
    ax2.set_xlabel(f"SM (occupancy {stats['occupancy'] or 0:.2f} warps/SM, "
                   f"imbalance {stats['imbalance'] or 0:.2f})")
    ax2.set_ylabel("busy µs (sum of warp time)")
    return fig
