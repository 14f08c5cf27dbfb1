"""How long parsing and printing PTX takes next to assembling the same PTX with ptxas.

For the largest corpus files, measured side by side in one run, in rounds (one ptxas run and one
parse+print per backend per round, so load on the machine hits all of them alike):
  - ptxas: `ptxas -arch=sm_90 FILE` (sm_90a for modules that target it: wgmma needs it), wall time
    of the process, the ptxas that `neutrino_py.toolchain` finds (PyPI wheel first);
  - parse+print: `parse_ptx(text, cache=False)`, every body parsed, then `to_text()`; with the
    lark_cython backend when it is installed and with pure-Python Lark;
  - cache hit: `parse_ptx` of a module already in the disk cache (the eager part), and the same
    with every body loaded from the cache too.
Medians over the rounds. Writes benchmarks/results/parse_speed-cpu.json and prints a table.

    python benchmarks/parse_speed.py [--files 6] [--rounds 7]
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import RESULTS, cpu_name, tool_origin, write_results  # noqa: E402
from neutrino_py import toolchain  # noqa: E402
from neutrino_py.asm import grammar, parse_ptx, parser  # noqa: E402


def backends() -> dict:
    """Lark parser per backend, built once: {"lark_cython": …, "python": …}."""
    out = {}
    cython = grammar.lark_cython
    if cython is not None:
        out["lark_cython"] = grammar.lark()
    grammar.lark.cache_clear()
    grammar.lark_cython = None
    out["python"] = grammar.lark()
    grammar.lark_cython = cython
    return out


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def ptxas_arch(text: str) -> str:
    """sm_90a for modules that target it (wgmma needs it), else sm_90, from the module's `.target`."""
    return "sm_90a" if parse_ptx(text, cache=False).arch == "sm_90a" else "sm_90"


def measure(path: Path, rounds: int, lark_by_backend: dict, ptxas: Path, cache: Path) -> dict:
    text = path.read_text()
    arch = ptxas_arch(text)
    runs: dict[str, list[float]] = {"ptxas": [], "cache_hit_module": [], "cache_hit_all_bodies": []}
    with tempfile.TemporaryDirectory() as tmp:
        cubin = Path(tmp) / "out.cubin"
        cmd = [str(ptxas), f"-arch={arch}", str(path), "-o", str(cubin)]
        subprocess.run(cmd, check=True, capture_output=True)  # warm the binary and the file
        parse_ptx(text, file=str(path)).parse_all()            # fill the disk cache
        for _ in range(rounds):
            runs["ptxas"].append(timed(lambda: subprocess.run(cmd, check=True, capture_output=True)))
            for name, lark in lark_by_backend.items():
                parser._lark = lambda lark=lark: lark
                module = None

                def parse():
                    nonlocal module
                    module = parse_ptx(text, cache=False).parse_all()
                runs.setdefault(f"parse_{name}", []).append(timed(parse))
                runs.setdefault(f"print_{name}", []).append(timed(module.to_text))
            runs["cache_hit_module"].append(timed(lambda: parse_ptx(text, file=str(path))))
            runs["cache_hit_all_bodies"].append(
                timed(lambda: parse_ptx(text, file=str(path)).parse_all()))
    med = {k: statistics.median(v) for k, v in runs.items()}
    module = parse_ptx(text, cache=False).parse_all()
    row = {
        "file": path.relative_to(ROOT).as_posix(), "bytes": len(text), "lines": text.count("\n"),
        "instructions": sum(1 for f in module.functions() for _ in f.instructions()),
        "ptxas_arch": arch, "rounds": rounds,
        "ptxas_s": med["ptxas"],
        "cache_hit_module_ms": med["cache_hit_module"] * 1e3,
        "cache_hit_all_bodies_ms": med["cache_hit_all_bodies"] * 1e3,
        "raw_s": runs,
    }
    for name in lark_by_backend:
        total = med[f"parse_{name}"] + med[f"print_{name}"]
        row[f"parse_print_s_{name}"] = total
        row[f"parse_s_{name}"] = med[f"parse_{name}"]
        row[f"print_s_{name}"] = med[f"print_{name}"]
        row[f"ratio_{name}"] = total / med["ptxas"]
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--files", type=int, default=6, help="how many of the largest corpus files")
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()

    files = sorted((ROOT / "tests" / "corpus").glob("**/*.ptx"), key=lambda p: p.stat().st_size)
    files = files[-args.files:][::-1]
    ptxas = toolchain.tool_path("ptxas")
    with tempfile.TemporaryDirectory() as cache:
        os.environ["NEUTRINO_CACHE"] = cache
        lark_by_backend = backends()
        rows = [measure(p, args.rounds, lark_by_backend, ptxas, Path(cache)) for p in files]

    cpu = cpu_name()
    result = {
        "device": "cpu", "cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
        "backends": list(lark_by_backend), "ptxas": tool_origin(ptxas),
        "ptxas_version": toolchain.tool_version("ptxas"),
        "goal": "parse+print <= 0.5 x ptxas; cache hit <= 5 ms", "rows": rows,
    }
    out = write_results(RESULTS / "parse_speed-cpu.json", result)

    names = list(lark_by_backend)
    head = f"{'file':42} {'KiB':>5} {'instr':>6} {'ptxas ms':>9}" + "".join(
        f" {'p+p ms ' + n[:6]:>14} {'ratio':>6}" for n in names) + f" {'hit ms':>7} {'hit+bodies':>10}"
    print(f"{cpu}, {os.cpu_count()} cores, Python {result['python']}, ptxas {result['ptxas_version']}")
    print(head)
    for r in rows:
        line = (f"{r['file'][-42:]:42} {r['bytes'] / 1024:5.0f} {r['instructions']:6d} "
                f"{r['ptxas_s'] * 1e3:9.1f}")
        for n in names:
            line += f" {r[f'parse_print_s_{n}'] * 1e3:14.1f} {r[f'ratio_{n}']:6.2f}"
        line += f" {r['cache_hit_module_ms']:7.2f} {r['cache_hit_all_bodies_ms']:10.2f}"
        print(line)
    print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
