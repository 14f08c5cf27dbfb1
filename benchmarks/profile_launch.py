"""One native and one instrumented launch of corpus kernels, for a profiler to read (needs a GPU).

    ncu --target-processes all --section WarpStateStats --section Occupancy \\
        --metrics smsp__inst_executed.sum python benchmarks/profile_launch.py \\
        --probe memtrace --only add_kernel,vector_add

Each kernel of `benchmarks/overhead.py` named in `--only` runs once natively and once
instrumented with the stock probe, on the same synthetic inputs (overhead.py's recipes), in
that order: a profiler sees two launches of one name per kernel, the native one first. Nothing
is timed or written here.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.overhead import CORPUS, cases, probes  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probe", default="memtrace", help="a stock probe")
    parser.add_argument("--only", required=True, help="comma-separated kernel labels")
    args = parser.parse_args()

    import neutrino_py as nt
    from neutrino_py.runtime.synthetic import prepare

    probe = probes()[args.probe]
    wanted = set(args.only.split(","))
    for label, _, file, rec in cases():
        if label not in wanted:
            continue
        kernel = nt.Kernel.from_ptx((CORPUS / file).read_text(), label)
        instrumented = kernel.instrument(probe)
        prep = prepare(rec)
        try:
            launch = dict(grid=rec["grid"], block=rec["block"], args=prep.args,
                          shared_mem=rec["shared_mem"])
            kernel.launch(**launch)
            instrumented.launch(**launch, read_maps=False)
        finally:
            prep.free()
        print(f"{label}: native, then {args.probe}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
