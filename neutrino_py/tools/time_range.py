"""`time_range`: how long a marked instruction range took, as a distribution per kernel, warp and SM.

Reads records with a `cycles` field (probes/time_range.probe); `sm` and the reader's `unit`
(warp index) fields, where present, give the per-SM and per-warp breakdowns. A `count` field
(the stock probe's: a warp's cycles summed over its `count` passes through the marks) turns each
row into `count` ranges of its mean duration, `cycles / count`.
"""
from __future__ import annotations

import numpy as np

from neutrino_py.names import short
from neutrino_py.tools import register
from neutrino_py.tools.base import MapRef, Progress, Report, Table, Tool, chunks
from neutrino_py.tracedir.reader import Trace

QUANTILES = (0.5, 0.9, 0.99)


def distribution(values: np.ndarray) -> dict:
    """Count, mean, spread and quantiles of `values`; only the count when there are none."""
    if not len(values):
        return {"count": 0}
    q = np.quantile(values, QUANTILES)
    return {"count": int(len(values)), "mean": float(values.mean()), "std": float(values.std()),
            "min": int(values.min()), "p50": float(q[0]), "p90": float(q[1]), "p99": float(q[2]),
            "max": int(values.max())}


def grouped_means(keys: np.ndarray, values: np.ndarray) -> dict[int, float]:
    """Mean of `values` per distinct key (per SM, per warp)."""
    uniq, inverse = np.unique(keys, return_inverse=True)
    sums = np.bincount(inverse, values.astype(np.float64))
    return {int(k): float(s / n) for k, s, n in zip(uniq, sums, np.bincount(inverse))}


@register
class TimeRange(Tool):
    name = "time_range"
    help = "distribution of marked range durations per kernel, warp and SM (probes/time_range.probe)"
    fields = ("cycles",)
    probe = "time_range.probe"

    def analyze(self, trace: Trace, refs: list[MapRef], progress: Progress) -> Report:
        groups: dict[tuple[str, str], list[MapRef]] = {}
        for ref in refs:
            groups.setdefault((ref.launch.kernel, ref.name), []).append(ref)
        results, rows, series = {}, [], {}
        backward = 0
        for (kernel, map_name), grefs in groups.items():
            parts = {f: [] for f in ("cycles", "count", "sm", "unit")}
            for ref in grefs:
                array = ref.array
                names = array.dtype.names
                for chunk in chunks(array, progress):
                    forward = chunk["cycles"].astype(np.int64) >= 0
                    backward += int(len(chunk) - forward.sum())
                    chunk = chunk[forward]
                    for f in parts:
                        if f in names:
                            # warp indices restart per launch: key them by launch too
                            col = chunk[f].astype(np.int64)
                            parts[f].append(col + (ref.launch.seq << 32) if f == "unit" else col)
            cycles = np.concatenate(parts["cycles"]) if parts["cycles"] else np.zeros(0, np.int64)
            passes = None
            if parts["count"] and len(parts["count"]) == len(parts["cycles"]):
                passes = np.concatenate(parts["count"])
                cycles = cycles / np.maximum(passes, 1)
            dist = distribution(cycles)
            if passes is not None:
                dist["count"] = int(passes.sum())
            entry = {"kernel": kernel, "map": map_name, "launches": len(grefs), **dist}
            for f, label in (("sm", "per_sm_mean"), ("unit", "per_warp_mean")):
                if parts[f] and len(parts[f]) == len(parts["cycles"]):
                    entry[label] = grouped_means(np.concatenate(parts[f]), cycles)
            if "per_warp_mean" in entry:
                means = np.array(list(entry.pop("per_warp_mean").values()))
                entry["warps"] = len(means)
                entry["warp_mean_spread"] = [float(means.min()), float(means.max())]
            results[f"{kernel}:{map_name}"] = entry
            series[f"{kernel}:{map_name}"] = cycles
            rows.append([short(kernel, 36), map_name, dist["count"], dist.get("mean"),
                         dist.get("p50"), dist.get("p90"), dist.get("p99"), dist.get("max"),
                         len(entry.get("per_sm_mean", {})) or None])
        table = Table("range durations (cycles)",
                      ["kernel", "map", "ranges", "mean", "p50", "p90", "p99", "max", "SMs"], rows)
        report = Report(self.name, [table], {"ranges": results})
        report.arrays.update({f"cycles:{k}": v for k, v in series.items()})
        if backward:
            report.notes.append(f"{backward} range(s) of 2**63 cycles or more (below 0 as signed: "
                                "the clock went backwards between the marks) left out")
        if any(len(v) for v in series.values()):
            report.figures["distribution"] = lambda: _figure(results, series)
        return report


def _figure(results: dict, series: dict):
    from neutrino_py.tools.plots import figure
    keys = sorted(series, key=lambda k: -len(series[k]))[:4]
    fig, axes = figure("range durations", len(keys), 2, size=(10, 3 * len(keys)))
    for row, key in enumerate(keys):
        ax = axes[row][0]
        ax.hist(series[key], bins=60, color="tab:green")
        ax.set_title(short(key, 60), fontsize=9)
        ax.set_xlabel("cycles")
        ax.set_ylabel("ranges")
        per_sm = results[key].get("per_sm_mean", {})
        ax2 = axes[row][1]
        ax2.bar(list(per_sm), list(per_sm.values()), color="tab:purple")
        ax2.set_xlabel("SM")
        ax2.set_ylabel("mean cycles")
    return fig
