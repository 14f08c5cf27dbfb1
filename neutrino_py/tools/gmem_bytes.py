"""`gmem_bytes`: bytes moved per kernel and the effective bandwidth against the device's peak.

Sums byte fields: the `loaded`/`stored`/`atomic` counters of probes/gmem_bytes.probe, and any
field named `bytes` or `*_bytes` (e.g. the `bytes` of dmat's per-access records) over the
accesses they stand for: a record with `lanes` fields (probes/memtrace.probe: one per warp-level
access) once per active lane of its mask (`byte_sums`); bandwidth = bytes / launch duration.
"""
from __future__ import annotations

import numpy as np

from neutrino_py.maps.lanes import active_lanes, lanes_fields
from neutrino_py.names import short
from neutrino_py.tools import register
from neutrino_py.tools.base import (MapRef, Progress, Report, Table, Tool, by_kernel, chunks,
                                    exact_sum, integral, loss_notes, rows)
from neutrino_py.tracedir.reader import Launch, Trace

# Peak DRAM bandwidth in GB/s by device-name fragment (most specific first), from vendor sheets.
PEAK_GBPS = (("H200", 4800.0), ("H100 NVL", 3938.0), ("H100 PCIe", 2039.0), ("H100", 3352.0),
             ("GH200", 4000.0), ("B200", 8000.0), ("A100-SXM4-80GB", 2039.0),
             ("A100 80GB PCIe", 1935.0), ("A100", 1555.0), ("L40S", 864.0), ("L4", 300.0),
             ("A10", 600.0), ("V100", 900.0), ("RTX 4090", 1008.0), ("T4", 320.0))


def peak_gbps(device: dict) -> float | None:
    """The trace's `device.mem_bandwidth_gbps`, else the sheet value for its name."""
    if device.get("mem_bandwidth_gbps"):
        return float(device["mem_bandwidth_gbps"])
    name = str(device.get("name") or "")
    return next((gbps for fragment, gbps in PEAK_GBPS if fragment in name), None)


COUNTER_FIELDS = ("loaded", "stored", "atomic")


def byte_fields(dtype: np.dtype) -> list[str]:
    """Fields holding byte counts; `atomic` counts bytes only beside `loaded`/`stored`."""
    names = [f for f in dtype.names or () if integral(dtype, f)]     # counts, not measures
    counters = [f for f in COUNTER_FIELDS if f in names] if {"loaded", "stored"} & set(names) else []
    return counters + [f for f in names if f == "bytes" or f.endswith("_bytes")]


def byte_sums(ref: MapRef, progress: Progress) -> dict[str, int]:
    """Each byte field's sum over the accesses a map recorded. A record with `lanes` fields
    (memtrace's: one per warp-level access, its active lanes in the mask its manifest's dtype
    gives it) stands for every active lane: a plain field counts popcount(mask) times, the
    lanes whose values were lost (`lanes_lost`) too, since their width is the record's; a byte
    field that is itself a `lanes` field is summed over the lanes `rows` rebuilds. Per-thread
    records and counters (summed over lanes on the device) count once per row."""
    dtype = ref.launch.maps.dtype(ref.name)
    names = byte_fields(dtype)
    parts = (rows(ref, progress) if set(names) & set(lanes_fields(dtype))
             else chunks(ref.array, progress))
    sums = dict.fromkeys(names, 0)
    for part in parts:
        weights = active_lanes(part) if lanes_fields(part.dtype) else None
        for f in names:
            sums[f] += exact_sum(part[f], weights)
    return sums


def coarse_level(trace: Trace, ref: MapRef) -> str | None:
    """The level of a record map written once per warp or coarser unit (its manifest's) whose
    records carry no active mask (no `lanes` field): their byte fields are the leader's, one per
    record, and no reader can tell how many threads each stands for. None for other maps and
    where the trace has no manifest."""
    kernel = trace.kernel(ref.launch)
    info = (kernel.map_info(ref.name) if kernel else None) or {}
    level = info.get("level")
    if info.get("kind") != "record" or level in (None, "thread"):
        return None
    return None if lanes_fields(ref.launch.maps.dtype(ref.name)) else str(level)


def byte_notes(trace: Trace, refs: list[MapRef]) -> list[str]:
    """What byte sums over `refs` (`byte_sums`) leave out or count once for several threads:
    records dropped and lanes lost (`loss_notes`, with what lost lanes mean for bytes), and
    maps of coarse records without a mask (`coarse_level`)."""
    notes = loss_notes(refs)
    lost = [r for r in refs if r.lanes_lost]
    by_lane = [r for r in lost if set(byte_fields(r.launch.maps.dtype(r.name))) & set(r.companions)]
    if len(by_lane) < len(lost):
        notes.append("bytes of lanes_lost lanes are counted: a record keeps its active mask and "
                     "its width, only the lanes' values are lost")
    if by_lane:
        notes.append(f"bytes of lanes_lost lanes of {len(by_lane)} map(s) whose byte field is a "
                     "`lanes` field are left out: byte counts are lower bounds")
    coarse = sorted({f"{r.name} [{level}]" for r in refs if (level := coarse_level(trace, r))})
    if coarse:
        notes.append(f"map(s) {', '.join(coarse)} keep one record per warp or coarser unit with "
                     "no active-lane mask: their bytes are the leader's, counted once per record, "
                     "not per thread; record at [thread] level, or give the record a `lanes` "
                     "field (probes/memtrace.probe) to count every lane")
    return notes


@register
class GmemBytes(Tool):
    name = "gmem_bytes"
    help = "bytes per kernel and effective bandwidth vs the device's peak"
    probe = "gmem_bytes.probe"

    def wants(self) -> str:
        return "a map with byte fields (loaded/stored/atomic, bytes or *_bytes)"

    def accepts(self, trace: Trace, launch: Launch, name: str, dtype: np.dtype) -> bool:
        return bool(byte_fields(dtype))

    def analyze(self, trace: Trace, refs: list[MapRef], progress: Progress) -> Report:
        peak = peak_gbps(trace.device)
        per_kernel, rows = {}, []
        for kernel, krefs in by_kernel(refs).items():
            fields: dict[str, int] = {}
            launch_bytes: dict[int, int] = {}
            for ref in krefs:
                launch_bytes.setdefault(ref.launch.seq, 0)    # a launch may record nothing
                for f, n in byte_sums(ref, progress).items():
                    key = f"{ref.name}.{f}"
                    fields[key] = fields.get(key, 0) + n
                    launch_bytes[ref.launch.seq] += n
            timed = {r.launch.seq: r.launch.duration_ms for r in krefs if r.launch.duration_ms}
            t_ms = sum(timed.values())
            moved = sum(launch_bytes[s] for s in timed)
            gbps = moved / (t_ms * 1e6) if t_ms else None
            per_kernel[kernel] = {"launches": len({r.launch.seq for r in krefs}),
                                  "bytes": sum(fields.values()), "fields": fields,
                                  "time_ms": t_ms, "gbps": gbps,
                                  "of_peak": gbps / peak if gbps is not None and peak else None,
                                  "dropped": sum(r.dropped for r in krefs),
                                  "lanes_lost": sum(r.lanes_lost for r in krefs)}
        for kernel, k in sorted(per_kernel.items(), key=lambda kv: -kv[1]["bytes"]):
            rows.append([short(kernel), k["launches"], k["bytes"], k["bytes"] / 2**20,
                         k["time_ms"] or None, k["gbps"], k["of_peak"],
                         ", ".join(f"{f}={v}" for f, v in k["fields"].items())])
        table = Table(f"global memory bytes per kernel (peak {peak or 'unknown'} GB/s)",
                      ["kernel", "launches", "bytes", "MiB", "time ms", "GB/s", "of peak",
                       "by field"], rows, percent=("of peak",))
        report = Report(self.name, [table], {"kernels": per_kernel, "peak_gbps": peak})
        if any(k["gbps"] is not None for k in per_kernel.values()):
            report.notes.append("times are those of the instrumented launches (probe overhead "
                                "included): GB/s is a lower bound for the native kernel")
        if peak is None:
            report.notes.append(f"unknown peak bandwidth for device {trace.device.get('name')!r}: "
                                "the 'of peak' column is empty")
        report.notes += byte_notes(trace, refs)
        if rows:
            report.figures["bandwidth"] = lambda: _figure(per_kernel, peak)
        return report


def _figure(per_kernel: dict, peak: float | None):
    from neutrino_py.tools.plots import ranked_bars
    names = [k for k in sorted(per_kernel, key=lambda k: -per_kernel[k]["bytes"])
             if per_kernel[k]["gbps"] is not None][:20]
    fig, ax = ranked_bars("effective bandwidth per kernel", [short(k, 40) for k in names],
                          [per_kernel[k]["gbps"] for k in names],
                          "GB/s (bytes recorded / launch time)", pad=1.8)
    if peak:
        ax.axvline(peak, color="tab:red", linestyle="--", label=f"peak {peak:.0f} GB/s")
        ax.legend()
    return fig
