"""Probe instructions per warp, counted in the CPU warp simulator (no GPU): what a change to the
emitted code costs each warp before any device time is spent on it.

    python benchmarks/sim_counts.py [--probe memtrace] [--only softmax_kernel,sgemm_tiled] \
        [--setting neutrino_py.splice.splicer.SPLIT_RUNS --sides "one=0,split=1"]

Each kernel below runs, instrumented, in the simulator of tests/test_splice_simulated.py on a
small launch (its own inputs), once per side (the setting holding that side's value while the
probe is spliced in; one side, "stock", without --setting). A row gives the kernel's own PTX
instructions per warp, the probe's (an instruction counts where its guard let it run), the
probe's most executed opcodes, the records read back and the slots its record pools reserved.
These are PTX counts, not SASS: ptxas removes moves and conversions, and latency is not
counted. Writes benchmarks/results/<name>-cpu.json.
"""
from __future__ import annotations

import argparse
import importlib
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from benchmarks.common import write_results  # noqa: E402
from benchmarks.setting_ab import sides_of  # noqa: E402

CORPUS = ROOT / "tests" / "corpus"


def floats(n: int, seed: int) -> bytes:
    import numpy as np

    return np.random.default_rng(seed).uniform(-4, 4, n).astype(np.float32).tobytes()


def cases() -> list[tuple[str, str, tuple, tuple, dict]]:
    """(kernel, corpus file, grid, block, arguments in parameter order) of each simulated launch:
    a row's tail in softmax (781 of 1024 columns), a 16-wide block in sgemm (its tiles)."""
    n, rows, cols, m = 2048 + 100, 2, 781, 32
    return [
        ("vector_add", "cuda/vector_add.sm_90.ptx", ((n + 255) // 256, 1, 1), (256, 1, 1),
         {"a": floats(n, 1), "b": floats(n, 2), "c": bytes(4 * n), "n": n}),
        ("sgemm_tiled", "cuda/sgemm.sm_90.ptx", (m // 16, m // 16, 1), (16, 16, 1),
         {"A": floats(m * m, 3), "B": floats(m * m, 4), "C": bytes(4 * m * m), "M": m, "N": m,
          "K": m, "alpha": struct.unpack("<I", struct.pack("<f", 1.0))[0], "beta": 0}),
        ("add_kernel", "triton/add_kernel.sm_90a.ptx", ((n + 1023) // 1024, 1, 1), (128, 1, 1),
         {"x": floats(n, 5), "y": floats(n, 6), "out": bytes(4 * n), "n": n, "s0": 0, "s1": 0}),
        ("softmax_kernel", "triton/softmax_kernel.sm_90a.ptx", (rows, 1, 1), (128, 1, 1),
         {"out": bytes(4 * rows * cols), "in": floats(rows * cols, 7), "s1": cols, "s2": cols,
          "n": cols, "a": 0, "b": 0}),
    ]


def count(name: str, file: str, grid: tuple, block: tuple, args: dict, probe: str) -> dict:
    """One simulated launch's counts (`launch` of the simulator tests)."""
    from test_splice_simulated import launch, shard_cursors, stock

    from neutrino_py.asm import parse_ptx
    from neutrino_py.splice import instrument

    text = (CORPUS / file).read_text()
    program = stock(probe)
    manifest = instrument(parse_ptx(text, cache=False), program).manifests[name]
    maps, sim, _, memory = launch(text, program, grid, block, dict(args))
    warps = grid[0] * grid[1] * grid[2] * -(-(block[0] * block[1] * block[2]) // 32)
    slots = {spec.name: sum(shard_cursors(sim, memory, manifest, spec.name))
             for spec in manifest.maps if spec.shards > 1 and spec.block == 1}
    return {"user_per_warp": sum(sim.issues.values()) / warps,
            "probe_per_warp": sum(sim.ours.values()) / warps,
            "top": {op: n / warps for op, n in sim.ours.most_common(12)},
            "records": {k: len(v) for k, v in maps.items()}, "slots_reserved": slots}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probe", default="memtrace", help="a stock probe")
    parser.add_argument("--only", default="", help="comma-separated kernels (default: all)")
    parser.add_argument("--setting", help="module.NAME of an integer setting")
    parser.add_argument("--sides", help='"side=value,side=value" (with --setting)')
    parser.add_argument("--name", default="sim_counts", help="results file stem")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    if (args.setting is None) != (args.sides is None):
        parser.error("--setting and --sides go together")
    sides = sides_of(args.sides) if args.sides else {"stock": None}
    if args.setting:
        where, _, attr = args.setting.rpartition(".")
        module = importlib.import_module(where)
        if not isinstance(getattr(module, attr, None), int):
            parser.error(f"{args.setting} is not an integer setting of {where}")
    only = set(filter(None, args.only.split(",")))
    rows = []
    for name, file, grid, block, launch_args in cases():
        if only and name not in only:
            continue
        for side, value in sides.items():
            if args.setting:
                kept = getattr(module, attr)
                setattr(module, attr, value)
            try:
                row = count(name, file, grid, block, launch_args, args.probe)
            finally:
                if args.setting:
                    setattr(module, attr, kept)
            rows.append({"kernel": name, "side": side, **row})
            print(f"{name:16} {side:10} user {row['user_per_warp']:7.1f}  probe "
                  f"{row['probe_per_warp']:7.1f} PTX instructions per warp  slots "
                  f"{row['slots_reserved']}", flush=True)
    out = Path(args.out) if args.out else ROOT / "benchmarks" / "results" / f"{args.name}-cpu.json"
    write_results(out, {"probe": args.probe, "setting": args.setting, "sides": sides,
                        "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
