"""SASS instructions and registers of each overhead.py kernel, natively and instrumented, counted
from the assembler's output on this machine (no GPU): what a change to the emitted code makes of
the kernel, beside one or more other checkouts' builds.

    python benchmarks/sass_counts.py [--probe memtrace] [--only sgemm_tiled,timed_matmul] \
        [--baseline .base/8055de9 ...] [--name sass_counts] [--out F]

Each side is built by its checkout's `neutrino instrument` in a child process (this tree's too, as
`this tree`: the PTX that command writes, register caps included), assembled by ptxas for the
file's own target and disassembled by cuobjdump (both found as the project finds them: the
NVIDIA wheels first, then PATH). A row gives the kernel's SASS instructions (NOPs left out), its
registers and its spill stores per thread. Static counts: how often each instruction runs is
the CPU simulator's (benchmarks/sim_counts.py) or the GPU's to say. Writes
benchmarks/results/<name>-cpu.json.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import instrumented_by, tool_origin, write_results  # noqa: E402
from benchmarks.overhead import CORPUS, cases  # noqa: E402

INSTRUCTION = re.compile(r"^\s+/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)")


def assembled(ptx: str, kernel: str) -> dict:
    """SASS instructions of `kernel` (NOPs left out), its registers and spill stores: the module
    assembled for its own target as the project assembles it (`toolchain.ptxas_assemble`), its
    report read as the cost table reads it (`assemble.resources.parse_report`)."""
    from neutrino_py import toolchain
    from neutrino_py.assemble.resources import parse_report

    cubin, report = toolchain.ptxas_assemble(ptx)
    usage = parse_report(report)[kernel]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "k.cubin"
        path.write_bytes(cubin)
        sass = subprocess.run([str(toolchain.tool_path("cuobjdump")), "-sass", "-fun", kernel,
                               str(path)], capture_output=True, text=True, check=True).stdout
    ops = [m.group(1) for line in sass.splitlines() if (m := INSTRUCTION.match(line))]
    return {"sass": sum(op != "NOP" for op in ops), "registers": usage.registers,
            "spill_stores": usage.spill_stores}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probe", default="memtrace", help="a stock probe")
    parser.add_argument("--only", default="", help="comma-separated kernels (default: all)")
    parser.add_argument("--baseline", action="append", default=[], metavar="DIR",
                        help="a checkout of another commit, in a folder named after it "
                             "(repeat for more)")
    parser.add_argument("--name", default="sass_counts", help="results file stem")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    from neutrino_py import paths, toolchain

    probe_text = (paths.probes_dir() / f"{args.probe}.probe").read_text()
    checkouts = {Path(b).resolve().name: Path(b) for b in args.baseline}
    checkouts["this tree"] = ROOT
    only = set(filter(None, args.only.split(",")))
    rows = []
    for label, kind, file, _ in cases():
        if only and label not in only:
            continue
        ptx = (CORPUS / file).read_text()
        sides = {"native": assembled(ptx, label)}
        for side, checkout in checkouts.items():
            sides[side] = assembled(instrumented_by(checkout, ptx, label, probe_text)[0], label)
        for side, row in sides.items():
            rows.append({"kernel": label, "kind": kind, "side": side, **row})
            print(f"{label:16} {side:10} {row['sass']:6} SASS instructions  {row['registers']:3} "
                  f"registers  {row['spill_stores']:4} B spill stores", flush=True)
    out = Path(args.out) if args.out else ROOT / "benchmarks" / "results" / f"{args.name}-cpu.json"
    write_results(out, {"probe": args.probe, "baselines": list(checkouts)[:-1],
                        "ptxas": tool_origin(toolchain.tool_path("ptxas")),
                        "ptxas_version": toolchain.tool_version("ptxas"), "rows": rows})
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
