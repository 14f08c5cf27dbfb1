"""Hand-edited instrumented PTX of one kernel, timed side by side with the original (needs a GPU):
what a change to the emitted code would gain, measured before the splicer is taught to make it.

    python benchmarks/ptx_variants.py benchmarks/variants/reduce_sum [--rounds 40] [--out F]

The folder holds `variants.json` (``{"kernel": a label of benchmarks/overhead.py, "note": ...,
"sides": {NAME: what was edited}}``) and `NAME.ptx` for each side: the module as `neutrino
instrument` wrote it, then edited by hand (`native.ptx` is the corpus file itself). A parameter
past the kernel's own (its map buffers and header) gets a zeroed buffer of `--map-bytes`, zeroed
again before every launch; the kernel runs on overhead.py's synthetic inputs, all sides
interleaved in rotated rounds after an L2 flush, and each side's outputs are compared with the
native side's. Writes results/ptx_variants_<folder name>-<device>.json.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import beside, on_device, ratios, write_results  # noqa: E402
from benchmarks.overhead import cases  # noqa: E402


class Side:
    """A variant's kernel with zeroed buffers for the parameters past the original's."""

    def __init__(self, kernel: Any, extra: int, nbytes: int) -> None:
        from neutrino_py.runtime import Buffer

        self.kernel = kernel
        self.buffers = [Buffer(nbytes) for _ in range(extra)]

    def launch(self, grid: Any, block: Any, args: list, shared_mem: int = 0,
               ready: Callable[[int], None] | None = None) -> Any:
        def zeroed(stream: int) -> None:
            for buf in self.buffers:
                buf.zero(stream)
            if ready is not None:
                ready(stream)
        return self.kernel.launch(grid, block, [*args, *(b.ptr for b in self.buffers)], shared_mem,
                                  read_maps=False, ready=zeroed)

    def free(self) -> None:
        for buf in self.buffers:
            buf.free()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="variants.json and NAME.ptx files")
    parser.add_argument("--rounds", type=int, default=40, help="timed launches per side")
    parser.add_argument("--map-bytes", type=int, default=64 << 20,
                        help="bytes of each buffer given to a parameter the original lacks")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()

    import neutrino_py as nt
    from neutrino_py.runtime.synthetic import prepare

    spec = json.loads((args.folder / "variants.json").read_text())
    label, _, _, rec = next(c for c in cases() if c[0] == spec["kernel"])
    dev, flush, out = on_device(f"ptx_variants_{args.folder.name}", args.out)
    names = ["native", *sorted(spec["sides"])]
    kernels = {n: nt.Kernel.from_ptx((args.folder / f"{n}.ptx").read_text(), label) for n in names}
    own = len(kernels["native"].param_types)
    sides = {n: Side(k, len(k.param_types) - own, args.map_bytes) for n, k in kernels.items()}
    outputs = {}
    try:
        for n, side in sides.items():           # each side's outputs, from fresh inputs
            prep = prepare(rec)
            try:
                side.launch(rec["grid"], rec["block"], prep.args, rec["shared_mem"])
                outputs[n] = {k: v.tobytes() for k, v in prep.outputs().items()}
            finally:
                prep.free()
        times = beside(rec, lambda stream: flush.zero(stream), args.rounds,
                       lambda launch: {n: (s, {}) for n, s in sides.items()})
    finally:
        for side in sides.values():
            side.free()
        flush.free()
    rows = [{"side": n, "edit": spec["sides"].get(n, "the corpus kernel"), "median_ms": ms,
             "ratio": ratio, "outputs_agree": outputs[n] == outputs["native"], "ms_all": ms_all}
            for n, ms, ratio, ms_all in ratios(times)]
    for row in rows:
        print(f"{row['side']:16s} {row['median_ms']:.4f} ms  {row['ratio']:.3f}"
              f"{'' if row['outputs_agree'] else '  OUTPUTS DIFFER'}", flush=True)
    write_results(out, {"device": dev.name, "kernel": label, "note": spec["note"],
                        "rounds": args.rounds, "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
