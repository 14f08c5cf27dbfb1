"""What a register cap (``.maxnreg``) is worth on an instrumented kernel, at each step, side by side.

    python benchmarks/register_caps.py [--probe memtrace] [--launches 30] \
        [--caps "softmax_kernel=56,48,40;add_kernel=64,56,48"] [--name register_caps]

Each kernel of `benchmarks/overhead.py` named in --caps runs natively, with the probe as ptxas
gives it ("free"), as `assemble.registers` assembles it ("chosen", with the cap it picks, if any)
and with each cap given, all sides interleaved, each after 256 MiB are zeroed, timed by CUDA
events. Each side's registers and spill stores are the assembler's report on this machine.
Writes benchmarks/results/<name>-<device>.json; the policy in assemble/registers.py rests on it.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import on_device, sweep, write_results  # noqa: E402
from benchmarks.overhead import CORPUS, cases, probes  # noqa: E402

CAPS = ("softmax_kernel=56,48,40;add_kernel=64,56,48;timed_matmul=40,32;sgemm_tiled=32;"
        "reduce_sum=24;histogram_atomic=24;vector_add=24")


def caps_of(text: str) -> dict[str, list[int]]:
    """``"a=56,48;b=32"`` -> {"a": [56, 48], "b": [32]}."""
    out = {}
    for part in filter(None, text.split(";")):
        kernel, _, caps = part.partition("=")
        out[kernel.strip()] = [int(c) for c in caps.split(",") if c.strip()]
    return out


def with_text(inst, text: str, cap: int | None):
    """`inst` assembled from `text` (a cap written in, or none), as it stands."""
    from neutrino_py.api import InstrumentedKernel

    out = InstrumentedKernel(inst.kernel, inst.probe, text, inst.manifest)
    out._assembled = (text, cap)
    return out


def capped(inst, cap: int):
    from neutrino_py.asm import ir, parse_ptx

    module = parse_ptx(inst.ptx, cache=False)
    module.function(inst.name).directives.append(ir.Directive("maxnreg", str(cap)))
    return with_text(inst, module.to_text(), cap)


def usage(text: str, name: str, arch: str) -> tuple[int | None, int | None]:
    from neutrino_py.assemble.ptx import assembler_report
    from neutrino_py.assemble.resources import parse_report

    used = parse_report(assembler_report(text, arch)[0]).get(name)
    return (used.registers, used.spill_stores) if used else (None, None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probe", default="memtrace", help="a stock probe")
    parser.add_argument("--launches", type=int, default=30, help="timed launches per side")
    parser.add_argument("--caps", default=CAPS, help='"kernel=cap,cap;kernel=cap" (default: %(default)s)')
    parser.add_argument("--name", default="register_caps", help="results file stem")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()

    import neutrino_py as nt
    from neutrino_py.api import _arch_for

    want = caps_of(args.caps)
    dev, flush, out = on_device(args.name, args.out)
    probe = probes()[args.probe]
    rows = []
    for label, kind, file, rec in cases():
        if label not in want:
            continue
        kernel = nt.Kernel.from_ptx((CORPUS / file).read_text(), label)
        inst = kernel.instrument(probe)
        arch = _arch_for(kernel._module.arch)
        sides = {"free": with_text(inst, inst.ptx, None), "chosen": inst,
                 **{f"cap {c}": capped(inst, c) for c in want[label]}}
        used = {"native": usage(kernel.ptx, label, arch),
                **{s: usage(v._assembled[0], label, arch) for s, v in sides.items()}}
        rows += sweep(label, kind, kernel, rec, sides, flush.zero, args.launches,
                      {"cap": {s: v._assembled[1] for s, v in sides.items()},
                       "registers": {s: u[0] for s, u in used.items()},
                       "spill_stores": {s: u[1] for s, u in used.items()}})
        write_results(out, {"device": dev.name, "probe": args.probe, "launches": args.launches,
                            "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
