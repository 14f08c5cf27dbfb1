"""Coarse counters added once per block against once per warp (needs a GPU).

    python benchmarks/block_sums.py [--launches 30] [--only reduce_sum,vector_add]

Every kernel of `benchmarks/overhead.py` runs natively and with `gmem_bytes` ([sm] counters)
built two ways, side by side: as the splicer builds it (each warp's sums go to the block
scratch in shared memory and the block's last lanes to leave add them to the row: one atomic
per block and field) and as it did before block sums (each warp's leader adds its sums to the
row: one atomic per warp and field). All sides of a kernel run interleaved (each round in a
rotated order, every other round reversed), each after 256 MiB are zeroed, timed by CUDA events
around the kernel alone, as overhead.py times them; both instrumented sides' maps are read back
and must agree. Writes benchmarks/results/block_sums-<device>.json.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import RESULTS, device_slug, interleaved, write_results  # noqa: E402
from benchmarks.overhead import CORPUS, L2_FLUSH, cases, probes  # noqa: E402

PROBE = "gmem_bytes"


def per_warp(kernel, probe):
    """`kernel` instrumented with `probe` as the splicer built it before block sums."""
    from neutrino_py.api import InstrumentedKernel
    from neutrino_py.asm import parse_ptx
    from neutrino_py.splice import instrument
    from neutrino_py.targets.ptx.target import PTX

    PTX.block_combine = False
    try:
        result = instrument(parse_ptx(kernel.ptx, cache=False), probe.program,
                            kernels=f"^{kernel.name}$")
    finally:
        del PTX.block_combine                      # back to the class's value
    return InstrumentedKernel(kernel, probe, result.module.to_text(), result.manifests[kernel.name])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=30, help="timed launches per side")
    parser.add_argument("--only", default="", help="comma-separated kernel labels")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()

    import numpy as np

    import neutrino_py as nt
    from neutrino_py.runtime import Buffer, device
    from neutrino_py.runtime.synthetic import prepare

    dev = device()
    flush = Buffer(L2_FLUSH)
    out = Path(args.out) if args.out else RESULTS / f"block_sums-{device_slug(dev.name)}.json"
    probe = probes()[PROBE]
    only = set(filter(None, args.only.split(",")))
    rows = []
    for label, kind, file, rec in cases():
        if only and label not in only:
            continue
        kernel = nt.Kernel.from_ptx((CORPUS / file).read_text(), label)
        prep = prepare(rec)
        launch = dict(grid=rec["grid"], block=rec["block"], args=prep.args, shared_mem=rec["shared_mem"])
        block, warp = kernel.instrument(probe), per_warp(kernel, probe)
        sides = {"native": (kernel, {}), "per block": (block, {"read_maps": False}),
                 "per warp": (warp, {"read_maps": False})}
        try:
            maps = [side.launch(**launch).maps["gmem"] for side in (block, warp)]
            times = interleaved(sides, launch, flush.zero, args.launches, rotate=True)
        finally:
            prep.free()
        same = all(np.array_equal(maps[0][f], maps[1][f]) for f in maps[0].dtype.names)
        native = statistics.median(times["native"])
        for side, ms_all in times.items():
            ms = statistics.median(ms_all)
            rows.append({"kernel": label, "kind": kind, "side": side, "median_ms": ms,
                         "ratio": ms / native, "ms_all": ms_all, "maps_agree": same})
            print(f"{label:16} {side:10} {ms:8.4f} ms {ms / native:7.3f}x"
                  + ("" if same else "  MAPS DIFFER"), flush=True)
        write_results(out, {"device": dev.name, "probe": PROBE, "launches": args.launches,
                            "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
