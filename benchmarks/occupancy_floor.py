"""How much of a probe's cost is the occupancy it takes away (needs a GPU).

    python benchmarks/occupancy_floor.py [--probes memtrace] [--only softmax_kernel,add_kernel]

For each kernel and probe, three sides run interleaved in one process, timed as
`benchmarks/overhead.py` times them (CUDA events around the kernel alone, 256 MiB zeroed right
before each launch): the native kernel, the native kernel with dynamic shared memory padded
until no more of its blocks fit on an SM than of the instrumented kernel's (the driver's
occupancy calculator on both), and the instrumented kernel. `padded / native` is the part of the
probe's cost that its registers' occupancy alone explains; `instrumented / padded` is what its
instructions add at that occupancy. Writes benchmarks/results/occupancy_floor-<device>.json.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import L2_FLUSH, interleaved, on_device, write_results  # noqa: E402
from benchmarks.overhead import CORPUS, cases, probes  # noqa: E402

PAD_STEP = 256            # bytes of dynamic shared memory added per try


def blocks_per_sm(function, block: int, shared: int) -> int:
    from cuda.bindings import driver as cu
    from neutrino_py.runtime.cuda import call

    return call(cu.cuOccupancyMaxActiveBlocksPerMultiprocessor, function, block, shared)


def padding(native, instrumented, block: int, shared: int) -> int:
    """Dynamic shared memory that caps the native kernel at the instrumented one's blocks per SM
    (the kernel's own `shared` when the probe takes no occupancy away, or no padding under
    48 KiB reaches it exactly)."""
    goal = blocks_per_sm(instrumented, block, shared)
    pad = shared
    while blocks_per_sm(native, block, pad) > goal and pad < 48 << 10:
        pad += PAD_STEP
    return pad if blocks_per_sm(native, block, pad) == goal else shared


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=40, help="timed launches per side")
    parser.add_argument("--only", default="vector_add,saxpy,reduce_sum,add_kernel,softmax_kernel",
                        help="comma-separated kernel labels (benchmarks/overhead.py's)")
    parser.add_argument("--probes", default="memtrace", help="comma-separated stock probe names")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()

    import neutrino_py as nt
    from neutrino_py.runtime.synthetic import prepare

    dev, flush, out = on_device("occupancy_floor", args.out)
    chosen = {name: p for name, p in probes().items() if name in args.probes.split(",")}
    rows = []
    print(f"{'kernel':16} {'probe':10} {'blocks/SM':>10} {'native':>8} {'padded':>8} {'instr.':>8}"
          f"  padded/native  instr./padded")
    for label, _, file, rec in cases():
        if label not in args.only.split(","):
            continue
        kernel = nt.Kernel.from_ptx((CORPUS / file).read_text(), label)
        prep = prepare(rec)
        block = rec["block"][0] * rec["block"][1] * rec["block"][2]
        try:
            for name, probe in chosen.items():
                inst = kernel.instrument(probe)
                pad = padding(kernel._function, inst._function, block, rec["shared_mem"])
                launch = dict(grid=rec["grid"], block=rec["block"], args=prep.args)
                sides = {"native": (kernel, {"shared_mem": rec["shared_mem"]}),
                         "padded": (kernel, {"shared_mem": pad}),
                         "instrumented": (inst, {"shared_mem": rec["shared_mem"], "read_maps": False})}
                times = interleaved(sides, launch, flush.zero, args.launches)
                med = {side: statistics.median(t) for side, t in times.items()}
                row = {"kernel": label, "probe": name, "block": block, "shared_mem": rec["shared_mem"],
                       "padded_shared_mem": pad,
                       "blocks_per_sm": {"native": blocks_per_sm(kernel._function, block, rec["shared_mem"]),
                                         "padded": blocks_per_sm(kernel._function, block, pad),
                                         "instrumented": blocks_per_sm(inst._function, block,
                                                                       rec["shared_mem"])},
                       "ms": med, "padded_over_native": med["padded"] / med["native"],
                       "instrumented_over_padded": med["instrumented"] / med["padded"],
                       "instrumented_over_native": med["instrumented"] / med["native"],
                       "launches": args.launches, "ms_all": times}
                rows.append(row)
                b = row["blocks_per_sm"]
                print(f"{label:16} {name:10} {b['native']:>3}->{b['instrumented']:<3}({b['padded']}) "
                      f"{med['native']:8.4f} {med['padded']:8.4f} {med['instrumented']:8.4f}"
                      f"  {row['padded_over_native']:13.3f}  {row['instrumented_over_padded']:13.3f}",
                      flush=True)
        finally:
            prep.free()
        write_results(out, {"device": dev.name, "arch": dev.arch, "sm_count": dev.sm_count,
                            "l2_flush_bytes": L2_FLUSH, "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
