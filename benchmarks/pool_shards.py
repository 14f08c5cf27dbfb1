"""How many shards an unbounded record pool should have (needs a GPU).

    python benchmarks/pool_shards.py [--launches 30] [--shards 16,64,256] [--probe memtrace]
                                     [--only sgemm_tiled,matmul_kernel]

A sharded pool (contracts §4) spreads the warps' slot reservations over one atomic cursor per
shard, chosen by SM id plus hardware warp slot; `contract.manifest.MAX_SHARDS` caps how many.
Every memory-bound kernel of `benchmarks/overhead.py` (or the kernels `--only` names) runs
natively and with the probe built for each cap, all sides interleaved (each round in a rotated
order, every other round reversed), each after 256 MiB are zeroed, timed by CUDA events around
the kernel alone, as overhead.py times them. Each side's records are read back once and counted: the count must
not depend on the shards. Writes benchmarks/results/pool_shards-<device>.json.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import on_device, setting_sweep, write_results  # noqa: E402
from benchmarks.overhead import CORPUS, cases, probes  # noqa: E402

KINDS = ("memory", "memory+shuffle", "atomics", "Triton, memory", "Triton, fused")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=30, help="timed launches per side")
    parser.add_argument("--shards", default="16,64,256", help="comma-separated shard caps")
    parser.add_argument("--probe", default="memtrace", help="a stock probe with a pool")
    parser.add_argument("--only", default="",
                        help="comma-separated kernel labels (default: the memory-bound kernels)")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()

    import neutrino_py as nt
    from neutrino_py.contract import manifest

    dev, flush, out = on_device("pool_shards", args.out)
    probe = probes()[args.probe]
    caps = [int(s) for s in args.shards.split(",")]
    only = set(filter(None, args.only.split(",")))
    rows = []
    for label, kind, file, rec in cases():
        if not (label in only if only else kind in KINDS):
            continue
        kernel = nt.Kernel.from_ptx((CORPUS / file).read_text(), label)
        rows += setting_sweep(label, kind, kernel, rec, probe, manifest, "MAX_SHARDS",
                              {f"{cap} shards": cap for cap in caps}, flush.zero, args.launches,
                              lambda inst: {"shards": inst.manifest.maps[0].shards})
        write_results(out, {"device": dev.name, "probe": args.probe, "launches": args.launches,
                            "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
