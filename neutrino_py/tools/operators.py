"""`operators`: kernels grouped by the PyTorch operator / `record_function` scope that launched them.

`neutrino trace` tags each launch with the scope current at launch time ("Net/Linear",
"compiled:Net", "attention"...); `depth` cuts scopes to their first N parts. Per operator: launches,
kernels, time, records per map, and bytes from any `bytes`/`*_bytes` field (a memtrace record's
once per active lane: `gmem_bytes.byte_sums`). `records` and `dropped` count each map's records
(companion maps of `lanes` fields left out: they hold lane values), `lanes_lost` the lanes of
kept records that cannot be rebuilt (contracts §4 "Lost lanes").
"""
from __future__ import annotations

import numpy as np

from neutrino_py.names import short
from neutrino_py.tools import register
from neutrino_py.tools.base import (NO_OPERATOR, MapRef, Progress, Report, Table, Tool,
                                    launch_counts, operator_of)
from neutrino_py.tools.gmem_bytes import byte_fields, byte_notes, byte_sums
from neutrino_py.tracedir.reader import Launch, Trace


@register
class Operators(Tool):
    name = "operators"
    help = "time and probe results per PyTorch operator / record_function scope"
    needs_maps = False
    depth: int | None = None

    def accepts(self, trace: Trace, launch: Launch, name: str, dtype: np.dtype) -> bool:
        return bool(byte_fields(dtype))

    def scope(self, launch: Launch) -> str:
        op = operator_of(launch)
        return op if self.depth is None or not launch.operator else "/".join(
            op.split("/")[:self.depth])

    def analyze(self, trace: Trace, refs: list[MapRef], progress: Progress) -> Report:
        groups: dict[str, dict] = {}
        for launch in trace.launches:
            g = groups.setdefault(self.scope(launch), {"launches": 0, "kernels": {}, "time_ms": 0.0,
                                                       "records": {}, "dropped": {},
                                                       "lanes_lost": {}, "bytes": None})
            g["launches"] += 1
            g["kernels"][launch.kernel] = g["kernels"].get(launch.kernel, 0) + 1
            g["time_ms"] += launch.duration_ms or 0.0
            for m, counts in launch_counts(launch).items():
                for key, n in counts.items():
                    g[key][m] = g[key].get(m, 0) + n
        for ref in refs:
            g = groups[self.scope(ref.launch)]
            g["bytes"] = (g["bytes"] or 0) + sum(byte_sums(ref, progress).values())
        total = sum(g["time_ms"] for g in groups.values())
        order = sorted(groups, key=lambda k: (-groups[k]["time_ms"], -groups[k]["launches"], k))
        rows = [[short(op), groups[op]["launches"], len(groups[op]["kernels"]),
                 groups[op]["time_ms"], groups[op]["time_ms"] / total if total else None,
                 ", ".join(f"{m}={n}" for m, n in groups[op]["records"].items()) or None,
                 groups[op]["bytes"],
                 short(max(groups[op]["kernels"], key=groups[op]["kernels"].get), 40)]
                for op in order]
        table = Table(f"per operator ({len(groups)} scopes, {total:.3f} ms)",
                      ["operator", "launches", "kernels", "time ms", "time %", "records", "bytes",
                       "most launched kernel"], rows, percent=("time %",))
        report = Report(self.name, [table], {"operators": {op: groups[op] for op in order},
                                             "total_ms": total})
        if list(groups) == [NO_OPERATOR]:
            report.notes.append("no launch carries an operator tag: tags name the nn.Module "
                                "classes and record_function scopes a launch ran under, in a "
                                "PyTorch program run by `neutrino trace` (NEUTRINO_TORCH_SCOPES "
                                "not 0); kernels launched outside any have none")
        report.notes += byte_notes(trace, refs)
        report.figures["time"] = lambda: _figure(groups, order[:20])
        return report


def _figure(groups: dict, order: list[str]):
    from neutrino_py.tools.plots import ranked_bars
    fig, _ = ranked_bars("GPU time per operator",
                         [f"{short(op, 40)} ×{groups[op]['launches']}" for op in order],
                         [groups[op]["time_ms"] for op in order], "kernel time (ms)",
                         color="tab:cyan")
    return fig
