"""What holding a probe's saves back to where the warp waits is worth (needs a GPU).

    python benchmarks/held_saves.py [--launches 30] [--probe memtrace] [--caps 1,8,16]
                                    [--only vector_add,saxpy]

A probe that only saves values read at its place runs, on PTX, later in its basic block: up to
`splice.splicer.MAX_DEFERRED` sites hold their captured operands until an instruction reads what
one of their accesses wrote (`splice.splicer._Deferred`). A cap of 1 puts every site's save
right after its access, as before holding back existed. Each kernel of `benchmarks/overhead.py`
runs natively and with the probe built for each cap (default: 1 and the cap in the code), all
sides interleaved (each round in a rotated order, every other round reversed), each after 256 MiB are
zeroed, timed by CUDA events around the kernel alone, as overhead.py times them. Each side's
records are read back once and counted: holding back must not change them. Writes
benchmarks/results/held_saves-<device>.json.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import on_device, setting_sweep, write_results  # noqa: E402
from benchmarks.overhead import CORPUS, cases, probes  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=30, help="timed launches per side")
    parser.add_argument("--probe", default="memtrace", help="a stock probe that only saves")
    parser.add_argument("--caps", default="", help="comma-separated caps (default: 1 and the code's)")
    parser.add_argument("--only", default="", help="comma-separated kernel labels (default: all)")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()

    import neutrino_py as nt
    from neutrino_py.splice import splicer

    dev, flush, out = on_device("held_saves", args.out)
    probe = probes()[args.probe]
    only = set(filter(None, args.only.split(",")))
    caps = {f"cap {c}": c for c in
            (map(int, args.caps.split(",")) if args.caps else (1, splicer.MAX_DEFERRED))}
    rows = []
    for label, kind, file, rec in cases():
        if only and label not in only:
            continue
        kernel = nt.Kernel.from_ptx((CORPUS / file).read_text(), label)
        rows += setting_sweep(label, kind, kernel, rec, probe, splicer, "MAX_DEFERRED", caps,
                              flush.zero, args.launches)
        write_results(out, {"device": dev.name, "probe": args.probe, "launches": args.launches,
                            "caps": caps, "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
