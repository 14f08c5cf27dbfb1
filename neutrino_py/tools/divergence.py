"""`divergence`: how many lanes were active at each conditional branch, per kernel and per branch.

Reads `pc` + `active` records (probes/branch_divergence.probe). A branch event is divergent when
fewer lanes than the warp's width are active; the width is 32, or the launch's block size when
that is smaller.
"""
from __future__ import annotations

import numpy as np

from neutrino_py.names import short
from neutrino_py.tools import register
from neutrino_py.tools.base import MapRef, Progress, Report, Table, Tool, by_kernel, chunks
from neutrino_py.tracedir.reader import Trace

_BYTE_BITS = np.array([bin(i).count("1") for i in range(256)], np.uint8)


def popcount(mask: np.ndarray) -> np.ndarray:
    """Set bits per element (active lanes in a mask), by byte lookup."""
    mask = mask.astype(np.uint32)
    return sum(_BYTE_BITS[(mask >> np.uint32(s)) & np.uint32(0xFF)].astype(np.int64)
               for s in (0, 8, 16, 24))


@register
class Divergence(Tool):
    name = "divergence"
    help = "active lanes at conditional branches, per kernel and branch (branch_divergence.probe)"
    fields = ("pc", "active")
    probe = "branch_divergence.probe"
    top = 10

    def analyze(self, trace: Trace, refs: list[MapRef], progress: Progress) -> Report:
        per_kernel, branch_rows = {}, []
        for kernel, krefs in by_kernel(refs).items():
            pcs, divergent, lanes = [], [], []
            for ref in krefs:
                width = min(32, int(np.prod(ref.launch.block)))
                for part in chunks(ref.array, progress):
                    n = popcount(part["active"])
                    pc = part["pc"].astype(np.int64)
                    pcs.append(pc)
                    lanes.append(n)
                    divergent.append(n < width)
            pc = np.concatenate(pcs) if pcs else np.zeros(0, np.int64)
            n = np.concatenate(lanes) if lanes else np.zeros(0, np.int64)
            div = np.concatenate(divergent) if divergent else np.zeros(0, bool)
            uniq, inverse = np.unique(pc, return_inverse=True)
            ev = np.bincount(inverse, minlength=len(uniq))
            dv = np.bincount(inverse, div, minlength=len(uniq))
            ln = np.bincount(inverse, n, minlength=len(uniq))
            per_kernel[kernel] = {
                "events": int(len(pc)), "divergent": int(div.sum()),
                "mean_lanes": float(n.mean()) if len(n) else None, "branches": int(len(uniq)),
                "by_pc": {int(p): {"events": int(e), "divergent": int(d), "mean_lanes": float(l / e)}
                          for p, e, d, l in zip(uniq, ev, dv, ln)}}
            for i in np.argsort(-dv, kind="stable")[:self.top]:
                if dv[i]:
                    branch_rows.append([short(kernel, 36), int(uniq[i]), int(ev[i]), int(dv[i]),
                                        dv[i] / ev[i], ln[i] / ev[i]])
        table = Table("branch divergence per kernel",
                      ["kernel", "branch events", "divergent", "share", "mean lanes", "branches"],
                      [[short(k), v["events"], v["divergent"],
                        v["divergent"] / v["events"] if v["events"] else None, v["mean_lanes"],
                        v["branches"]] for k, v in per_kernel.items()], percent=("share",))
        branches = Table("most divergent branches (pc = instruction index)",
                         ["kernel", "pc", "events", "divergent", "share", "mean lanes"], branch_rows,
                         percent=("share",))
        return Report(self.name, [table, branches], {"kernels": per_kernel})
