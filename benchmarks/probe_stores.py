"""What a probe's own memory operations cost, apart from its other instructions (needs a GPU).

    python benchmarks/probe_stores.py [--launches 30]

For a few (kernel, stock probe) pairs of `benchmarks/overhead.py`, the instrumented kernel runs
beside ablations of itself: the same instrumented IR with the probe's global stores (`st`), its
reductions (`red`) or all of its stores and atomics removed (those whose address is a probe register, `%nt_...`;
the kernel's own accesses stay). The maps they would have written are wrong, the timing is not:
what is left is the cost of everything else the probe adds. All sides of a kernel run
interleaved (each round in a rotated order, every other round reversed), each after 256 MiB are
zeroed, timed by CUDA events around the kernel alone, as overhead.py times them. Writes
benchmarks/results/probe_stores-<device>.json.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import beside, on_device, ratios, write_results  # noqa: E402
from benchmarks.overhead import CORPUS, cases, probes  # noqa: E402

PAIRS = [("reduce_sum", "block_sched"), ("reduce_sum", "gmem_bytes"), ("vector_add", "gmem_bytes"),
         ("vector_add", "memtrace"), ("add_kernel", "memtrace"), ("softmax_kernel", "memtrace")]
# `red` returns nothing; an `atom` reserves record slots that later stores use, so it only
# goes together with them
ABLATIONS = {"no stores": {"st"}, "no reductions": {"red"}, "no stores or atomics": {"st", "red", "atom"}}


def without(ptx: str, opcodes: set[str]) -> tuple[str, int]:
    """The PTX with the probe's global `opcodes` taken out of every kernel, and how many went."""
    from neutrino_py.asm import ir, parse_ptx

    module = parse_ptx(ptx, cache=False)
    removed = 0

    def probe_access(s: ir.Statement) -> bool:
        return isinstance(s, ir.Instruction) and s.opcode in opcodes and s.space == "global" \
            and s.address is not None and str(s.address.base).startswith("%nt_")

    def prune(body: list[ir.Statement]) -> None:
        nonlocal removed
        kept = [s for s in body if not probe_access(s)]
        removed += len(body) - len(kept)
        body[:] = kept
        for s in kept:
            if isinstance(s, ir.Block):
                prune(s.body)

    for fn in module.kernels():
        prune(fn.body)
    return module.to_text(), removed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=30, help="timed launches per side")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()

    import neutrino_py as nt
    from neutrino_py.api import InstrumentedKernel

    dev, flush, out = on_device("probe_stores", args.out)
    stock = probes()
    rows = []
    for label, _, file, rec in cases():
        chosen = [p for k, p in PAIRS if k == label]
        if not chosen:
            continue
        kernel = nt.Kernel.from_ptx((CORPUS / file).read_text(), label)
        removed = {"native": 0}

        def build(launch: dict) -> dict:
            sides = {"native": (kernel, {})}
            for name in chosen:
                inst = kernel.instrument(stock[name])
                sides[name], removed[name] = (inst, {"read_maps": False}), 0
                for ablation, opcodes in ABLATIONS.items():
                    text, n = without(inst.ptx, opcodes)
                    if n:
                        side = f"{name}, {ablation}"
                        sides[side] = (InstrumentedKernel(inst.kernel, inst.probe, text,
                                                          inst.manifest), {"read_maps": False})
                        removed[side] = n
            return sides
        for side, ms, ratio, ms_all in ratios(beside(rec, flush.zero, args.launches, build)):
            rows.append({"kernel": label, "side": side, "removed": removed[side], "median_ms": ms,
                         "ratio": ratio, "ms_all": ms_all})
            print(f"{label:16} {side:36} {ms:8.4f} ms {ratio:7.3f}x  ({removed[side]} removed)",
                  flush=True)
        write_results(out, {"device": dev.name, "launches": args.launches, "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
