"""What a cold `neutrino trace` spends assembling twins of a module of several kernels: the
engine instruments one kernel per request and assembles its twin, which was the whole module
(every kernel, each time) and is now the kernel with what it reaches (`asm.reach.twin_module`).

Per module of several kernels (the corpus's, and tests/gpu/programs/cuda_features.cu's thrust
module through nvcc -ptx where nvcc is there) and probe, each kernel instrumented as the engine
does it, then ptxas (CPU seconds, one process at a time, no cache) on both texts side by side:
the whole instrumented module and the twin module. Sums per module and the ratio.

One run on this machine's CPU. Writes benchmarks/results/twin_modules-cpu.json.

    python benchmarks/twin_modules.py [--probes block_sched,memtrace] [--out PATH]
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import (RESULTS, platform_info, ptxas_seconds, tool_origin,  # noqa: E402
                               write_results)
from neutrino_py import toolchain  # noqa: E402
from neutrino_py.asm import parse_ptx  # noqa: E402
from neutrino_py.asm.reach import reached, twin_module  # noqa: E402
from neutrino_py.paths import probes_dir  # noqa: E402
from neutrino_py.probe import load_file  # noqa: E402
from neutrino_py.splice import instrument  # noqa: E402

CORPUS = ROOT / "tests" / "corpus"
THRUST = ROOT / "tests" / "gpu" / "programs" / "cuda_features.cu"


def modules(scratch: Path) -> dict[str, str]:
    """Name -> PTX of every module of several kernels: the corpus's (one build of each source,
    the sm_90 one where there is one) and the thrust program's where nvcc is found."""
    found = {}
    for path in sorted(CORPUS.rglob("*.ptx")):
        text = path.read_text()
        if text.count(".entry ") > 1 and "lineinfo" not in path.name and ".G." not in path.name:
            found[str(path.relative_to(CORPUS))] = text
    nvcc = shutil.which("nvcc") or toolchain.find_tool("nvcc")     # a toolkit's: thrust's headers
    out = scratch / "cuda_features.ptx"
    built = nvcc is not None and subprocess.run(
        [str(nvcc), "-O2", "--extended-lambda", "-arch=sm_90", "-ptx", "-o", str(out), str(THRUST)]).returncode == 0
    if built:
        found["tests/gpu/programs/cuda_features.cu (thrust)"] = out.read_text()
    else:
        print(f"{THRUST.name} not built (no nvcc with thrust's headers): left out", file=sys.stderr)
    return found


def measure(name: str, text: str, probe_name: str, ptxas: Path) -> dict:
    program = load_file(probes_dir() / f"{probe_name}.probe")
    kernels = [k.name for k in parse_ptx(text).kernels()]
    whole = twin = 0.0
    for kernel in kernels:
        module = parse_ptx(text)
        result = instrument(module, program, kernels=f"^{kernel}$")
        if not result.manifests:
            continue
        arch = module.arch or "sm_90"
        whole += ptxas_seconds(ptxas, result.module.to_text(), arch)[1]
        twin_text = twin_module(result.module, reached(result.module, kernel)).to_text()
        twin += ptxas_seconds(ptxas, twin_text, arch)[1]
    return {"module": name, "probe": probe_name, "kernels": len(kernels), "whole_module_cpu_s": round(whole, 3),
            "twin_module_cpu_s": round(twin, 3), "ratio": round(whole / twin, 2) if twin else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probes", default="block_sched,memtrace")
    parser.add_argument("--out", type=Path, default=RESULTS / "twin_modules-cpu.json")
    args = parser.parse_args()
    ptxas = toolchain.find_tool("ptxas")
    if ptxas is None:
        raise SystemExit("ptxas not found: pip install nvidia-cuda-nvcc")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in modules(Path(tmp)).items():
            for probe_name in args.probes.split(","):
                rows.append(measure(name, text, probe_name, ptxas))
                r = rows[-1]
                print(f"{name:60s} {probe_name:12s} {r['kernels']:3d} kernels  whole {r['whole_module_cpu_s']:7.2f} s"
                      f"  twin {r['twin_module_cpu_s']:6.2f} s  {r['ratio']}x", flush=True)
    totals = {p: {"whole_module_cpu_s": round(sum(r["whole_module_cpu_s"] for r in rows if r["probe"] == p), 2),
                  "twin_module_cpu_s": round(sum(r["twin_module_cpu_s"] for r in rows if r["probe"] == p), 2)}
              for p in args.probes.split(",")}
    print(totals)
    write_results(args.out, {"benchmark": "twin_modules", "platform": platform_info(), "ptxas": tool_origin(ptxas),
                             "rows": rows, "totals": totals})
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
