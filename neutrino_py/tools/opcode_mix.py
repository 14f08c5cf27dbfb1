"""`opcode_mix`: dynamic instruction mix per kernel, by instruction family.

Reads per-warp counters with a `total` field and one field per family (probes/opcode_mix.probe:
load, store, atomic, tensor, arith, control, sync); `other` = total − the families.
"""
from __future__ import annotations

import numpy as np

from neutrino_py.names import short
from neutrino_py.tools import register
from neutrino_py.tools.base import (MapRef, Progress, Report, Table, Tool, by_kernel, chunks,
                                    exact_sum)
from neutrino_py.tracedir.reader import Trace

OTHER = "other"


@register
class OpcodeMix(Tool):
    name = "opcode_mix"
    help = "dynamic instruction mix per kernel by family (probes/opcode_mix.probe)"
    fields = ("total",)
    probe = "opcode_mix.probe"

    def analyze(self, trace: Trace, refs: list[MapRef], progress: Progress) -> Report:
        per_kernel: dict[str, dict[str, int]] = {}
        for kernel, krefs in by_kernel(refs).items():
            sums: dict[str, int] = {}
            for ref in krefs:
                array = ref.array
                families = [f for f in array.dtype.names if f != "unit"]
                for f in families:                  # a launch that wrote no rows counts 0
                    sums.setdefault(f, 0)
                for part in chunks(array, progress):
                    for f in families:
                        sums[f] = sums.get(f, 0) + exact_sum(part[f])
            total = sums.pop("total")
            sums[OTHER] = total - sum(sums.values())
            per_kernel[kernel] = {"total": total, **dict(sorted(sums.items(), key=lambda kv: -kv[1]))}
        families = list(dict.fromkeys(f for mix in per_kernel.values() for f in mix if f != "total"))
        rows = [[short(k), mix["total"]] + [mix.get(f, 0) / mix["total"] if mix["total"] else None
                                            for f in families]
                for k, mix in sorted(per_kernel.items(), key=lambda kv: -kv[1]["total"])]
        table = Table("instruction mix per kernel (warp instructions; shares of total)",
                      ["kernel", "total"] + families, rows, percent=tuple(families))
        report = Report(self.name, [table], {"kernels": per_kernel, "families": families})
        if any(mix[OTHER] < 0 for mix in per_kernel.values()):
            report.notes.append("families overlap (they sum past total): 'other' is negative")
        if any(mix["total"] for mix in per_kernel.values()):
            report.figures["mix"] = lambda: _figure(per_kernel, families)
        return report


def _figure(per_kernel: dict, families: list[str]):
    from neutrino_py.tools.plots import figure
    kernels = sorted(per_kernel, key=lambda k: -per_kernel[k]["total"])[:20]
    fig, axes = figure("dynamic instruction mix (share of warp instructions)",
                       size=(10, 0.35 * len(kernels) + 2))
    ax = axes[0][0]
    left = np.zeros(len(kernels))
    y = np.arange(len(kernels))[::-1]
    for family in families:
        share = np.array([per_kernel[k].get(family, 0) / max(1, per_kernel[k]["total"])
                          for k in kernels])
        ax.barh(y, share, left=left, label=family)
        left += share
    ax.set_yticks(y, [f"{short(k, 40)} ({per_kernel[k]['total']:,})" for k in kernels], fontsize=7)
    ax.legend(ncol=8, fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.08))
    return fig
