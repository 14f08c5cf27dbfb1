"""`opcode_mix`: dynamic instruction mix per kernel.

Reads a histogram indexed by `OPCODE` (a one-field map whose name contains "op", e.g.
`map ops: hist[256] u64; before * { ops[OPCODE] += 1; }` in probes/opcode_mix.probe) or records
with an `opcode` field; ids are decoded with `neutrino_py.probe.opcodes.OPCODES` (0 = other).
"""
from __future__ import annotations

import numpy as np

from neutrino_py.probe.opcodes import OPCODES
from neutrino_py.tools import register
from neutrino_py.tools.base import MapRef, Progress, Report, Table, Tool, by_kernel, chunks, short
from neutrino_py.tools.hotness import hist_values
from neutrino_py.trace.reader import Launch, Trace


def opcode_name(op_id: int) -> str:
    return OPCODES[op_id - 1] if 0 < op_id <= len(OPCODES) else "other" if op_id == 0 else f"op{op_id}"


def _is_hist(array: np.ndarray, name: str) -> bool:
    return "op" in name.lower() and len(array.dtype.names or ("",)) == 1 and "opcode" not in (
        array.dtype.names or ())


@register
class OpcodeMix(Tool):
    name = "opcode_mix"
    help = "dynamic instruction mix per kernel (probes/opcode_mix.probe)"
    probe = "opcode_mix.probe"
    top = 8

    def wants(self) -> str:
        return "a histogram indexed by OPCODE (a one-field map named like 'ops') or an 'opcode' field"

    def accepts(self, trace: Trace, launch: Launch, name: str) -> bool:
        array = launch.maps[name]
        return _is_hist(array, name) or "opcode" in (array.dtype.names or ())

    def analyze(self, trace: Trace, refs: list[MapRef], progress: Progress) -> Report:
        per_kernel: dict[str, dict[str, int]] = {}
        for kernel, krefs in by_kernel(refs).items():
            counts = np.zeros(0, np.int64)
            for ref in krefs:
                array = ref.array
                if _is_hist(array, ref.name):
                    part = hist_values(array).astype(np.int64)
                    progress.advance(array.nbytes)
                    counts = _add(counts, part)
                else:
                    for chunk in chunks(array, progress):
                        counts = _add(counts, np.bincount(chunk["opcode"].astype(np.int64)))
            per_kernel[kernel] = {opcode_name(i): int(c) for i, c in
                                  sorted(enumerate(counts), key=lambda ic: -ic[1]) if c}
        total: dict[str, int] = {}
        for mix in per_kernel.values():
            for op, c in mix.items():
                total[op] = total.get(op, 0) + c
        rows = []
        for kernel, mix in sorted(per_kernel.items(), key=lambda kv: -sum(kv[1].values())):
            n = sum(mix.values())
            rows.append([short(kernel), n, ", ".join(f"{op} {c / n:.1%}" for op, c in
                                                     list(mix.items())[:self.top])])
        all_n = sum(total.values())
        overall = Table(f"instruction mix, all kernels ({all_n} instructions)",
                        ["opcode", "count", "share"],
                        [[op, c, c / all_n] for op, c in sorted(total.items(), key=lambda kv: -kv[1])
                         [:20]] if all_n else [])
        table = Table("instruction mix per kernel", ["kernel", "instructions", "top opcodes"], rows)
        report = Report(self.name, [table, overall], {"kernels": per_kernel, "total": total})
        if all_n:
            report.figures["mix"] = lambda: _figure(per_kernel, total)
        return report


def _add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    n = max(len(a), len(b))
    return np.pad(a, (0, n - len(a))) + np.pad(b, (0, n - len(b)))


def _figure(per_kernel: dict, total: dict):
    from neutrino_py.tools.plots import figure
    ops = [op for op, _ in sorted(total.items(), key=lambda kv: -kv[1])[:10]]
    kernels = sorted(per_kernel, key=lambda k: -sum(per_kernel[k].values()))[:20]
    fig, axes = figure("dynamic instruction mix (share per kernel)",
                       size=(10, 0.35 * len(kernels) + 2))
    ax = axes[0][0]
    left = np.zeros(len(kernels))
    y = np.arange(len(kernels))[::-1]
    for op in ops + ["rest"]:
        share = np.array([(per_kernel[k].get(op, 0) if op != "rest" else
                           sum(c for o, c in per_kernel[k].items() if o not in ops))
                          / max(1, sum(per_kernel[k].values())) for k in kernels])
        ax.barh(y, share, left=left, label=op)
        left += share
    ax.set_yticks(y, [short(k, 40) for k in kernels], fontsize=7)
    ax.legend(ncol=6, fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.08))
    return fig
