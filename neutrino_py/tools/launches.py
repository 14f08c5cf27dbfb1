"""`launches`: how often each kernel ran and for how long, instrumented or not. Replays of CUDA
graphs are counted apart: the graph ran them, so they have no time of their own."""
from __future__ import annotations

import numpy as np

from neutrino_py.names import short
from neutrino_py.tools import register
from neutrino_py.tools.base import MapRef, Progress, Report, Table, Tool
from neutrino_py.tracedir.reader import Trace


@register
class Launches(Tool):
    name = "launches"
    help = "launch count and time per kernel (instrumented or not)"
    needs_maps = False
    top = 30

    def select(self, trace: Trace) -> list[MapRef]:
        return []

    def analyze(self, trace: Trace, refs: list[MapRef], progress: Progress) -> Report:
        per: dict[str, dict] = {}
        for launch in trace.launches:
            row = per.setdefault(launch.kernel, {"launches": 0, "timed": 0, "total_ms": 0.0,
                                                 "min_ms": np.inf, "max_ms": 0.0,
                                                 "instrumented": 0, "graph_replays": 0})
            row["launches"] += 1
            row["graph_replays"] += launch.graph
            row["instrumented"] += launch.instrumented
            if launch.duration_ms is not None:
                row["timed"] += 1
                row["total_ms"] += launch.duration_ms
                row["min_ms"] = min(row["min_ms"], launch.duration_ms)
                row["max_ms"] = max(row["max_ms"], launch.duration_ms)
        total_ms = sum(r["total_ms"] for r in per.values())
        for row in per.values():
            row["mean_ms"] = row["total_ms"] / row["timed"] if row["timed"] else None
            row["share"] = row["total_ms"] / total_ms if total_ms else None
            if not row["timed"]:
                row["min_ms"] = None
        order = sorted(per, key=lambda k: (-per[k]["total_ms"], -per[k]["launches"], k))
        replays = sum(r["graph_replays"] for r in per.values())
        rows = [[short(k), per[k]["launches"], per[k]["instrumented"]]
                + ([per[k]["graph_replays"]] if replays else [])
                + [per[k]["total_ms"], per[k]["mean_ms"], per[k]["min_ms"], per[k]["max_ms"],
                   per[k]["share"]] for k in order[:self.top]]
        table = Table(f"launches per kernel ({len(per)} kernels, {len(trace.launches)} launches, "
                      f"{total_ms:.3f} ms)",
                      ["kernel", "launches", "instrumented"] + (["graph replays"] if replays else [])
                      + ["total ms", "mean ms", "min ms", "max ms", "time %"], rows, percent=("time %",))
        report = Report(self.name, [table],
                        {"kernels": {k: per[k] for k in order}, "launches": len(trace.launches),
                         "total_ms": total_ms})
        if replays:
            report.notes.append(f"{replays} launches were replays of CUDA graphs: the graph ran "
                                "them, so they have no time of their own and are not in the times")
        untimed = sum(r["launches"] - r["timed"] - r["graph_replays"] for r in per.values())
        if untimed:
            report.notes.append(f"{untimed} launches were not timed (`neutrino trace --launch-times "
                                "recorded` times only recorded launches; a launch captured into "
                                "a graph as the original kernel has no time either): the times "
                                "cover the timed ones only")
        if len(per) > self.top:
            report.notes.append(f"{len(per) - self.top} more kernels in --format json")
        if per:
            report.figures["time"] = lambda: _figure(per, order[:20])
        return report


def _figure(per: dict, order: list[str]):
    from neutrino_py.tools.plots import ranked_bars
    colors = ["tab:blue" if per[k]["instrumented"] else "tab:gray" for k in order]
    fig, _ = ranked_bars("kernel time (top 20)",
                         [f"{short(k, 40)} ×{per[k]['launches']}" for k in order],
                         [per[k]["total_ms"] for k in order],
                         "total time (ms); gray = not instrumented", color=colors, pad=1.5)
    return fig
