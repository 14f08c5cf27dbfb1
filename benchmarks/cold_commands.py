"""Cold `neutrino instrument` and `neutrino inspect` on large modules, next to ptxas on the same
module: what a user waits for the first time a framework's big module meets a probe.

Each command runs as a new process (start-up and imports included) with the parse cache emptied
before every run; the tool itself is installed and has run once with each probe (its compiled
Python files, Lark tables, Jinja templates and checked probes exist, as after any first use: a
probe checked the first time costs ~0.05 s more, for importing Lark and parsing it). `--no-cost`
is passed to instrument: its cost prediction assembles both modules, which is ptxas's time again,
twice. Every run is repeated (--repeat, median kept) and ptxas runs on the same module in the
same loop, so both see the same machine load; `ratio_fastest` divides the fastest run of each
side (the run least disturbed by a shared machine), and every run's times are kept under `runs`.
Ratios are of CPU seconds (user + system of the child), as are the goals (<= 0.25x ptxas); wall
times are kept too. Modules: the corpus plus the large ones `benchmarks/large_modules.py` makes
(over 1 MB, many kernels). Writes benchmarks/results/cold_commands-cpu.json.

With --baseline DIR the same commands also run from another checkout (e.g. a worktree of an
earlier commit), interleaved with ours, for a before/after measured side by side.

    python benchmarks/cold_commands.py [--repeat 3] [--probes dmat,block_sched] [--corpus]
                                       [--baseline DIR]
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import (RESULTS, checkout_commit, children_cpu, cpu_name,  # noqa: E402
                               platform_info, tool_origin, write_results)
from benchmarks.large_modules import write_all  # noqa: E402
from neutrino_py import toolchain  # noqa: E402
from neutrino_py.paths import probes_dir  # noqa: E402

GOAL = 0.25


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one child process; a failure stops the benchmark. It runs in the
    cache folder, so that `python -m` finds the package on PYTHONPATH, not in the cwd."""
    start, cpu = time.perf_counter(), children_cpu()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True,
                          cwd=env["NEUTRINO_CACHE"])
    wall, cpu = time.perf_counter() - start, children_cpu() - cpu
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stderr[-2000:]}")
    return wall, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--probes", help="comma-separated stock probe names (default: all)")
    ap.add_argument("--corpus", action="store_true", help="also every corpus module")
    ap.add_argument("--baseline", type=Path, help="a checkout to time next to this one")
    ap.add_argument("--out", default=str(RESULTS / "cold_commands-cpu.json"))
    args = ap.parse_args()
    names = args.probes.split(",") if args.probes else None
    probes = [p.stem for p in sorted(probes_dir().glob("*.probe"))
              if names is None or p.stem in names]
    work = Path(tempfile.mkdtemp(prefix="neutrino-cold-"))
    modules = list(write_all(work / "modules").values())
    if args.corpus:
        modules += sorted((ROOT / "tests" / "corpus").glob("*/*.ptx"))
    cache = work / "cache"
    for folder in (cache, work / "baseline-cache"):
        folder.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["NEUTRINO_CACHE"] = str(cache)
    trees = {"ours": {**env, "PYTHONPATH": str(ROOT)}}
    if args.baseline:
        trees["baseline"] = {**env, "PYTHONPATH": str(args.baseline.resolve()),
                             "NEUTRINO_CACHE": str(work / "baseline-cache")}
    neutrino = [sys.executable, "-m", "neutrino_py"]
    ptxas = str(toolchain.tool_path("ptxas"))
    for tree_env in trees.values():                                 # the tool's first use
        for probe in probes:
            timed(neutrino + ["instrument", "--no-cost", "--probe", probe, str(modules[0]), "-o",
                              str(work / "warm.ptx")], tree_env)
    rows = []
    print(f"{'module':36} {'command':22} {'MB':>5} {'ours CPU s':>10} {'ptxas CPU s':>11} {'ratio':>6} "
          f"{'fastest':>8}")
    for module in modules:
        text = module.read_text()
        arch = next(line.split()[1].rstrip(",") for line in text.splitlines()
                    if line.startswith(".target"))
        commands = {f"instrument {p}": ["instrument", "--no-cost", "--probe", p, str(module),
                                        "-o", str(work / "out.ptx")] for p in probes}
        commands["inspect"] = ["inspect", str(module)]
        for label, cmd in commands.items():
            times: dict[str, list] = {name: [] for name in trees}
            theirs = []
            for _ in range(args.repeat):
                for name, tree_env in trees.items():
                    shutil.rmtree(Path(tree_env["NEUTRINO_CACHE"]) / "parse", ignore_errors=True)
                    times[name].append(timed(neutrino + cmd, tree_env))
                theirs.append(timed([ptxas, f"-arch={arch}", str(module), "-o",
                                     str(work / "o.cubin")], env))
            row = {"module": module.name, "bytes": len(text), "kernels": text.count(".entry"),
                   "command": label,
                   "ptxas_cpu_s": statistics.median(c for _, c in theirs),
                   "ptxas_wall_s": statistics.median(w for w, _ in theirs),
                   "runs": {**times, "ptxas": theirs}}
            fastest_ptxas = min(c for _, c in theirs)
            for name, runs in times.items():
                prefix = "" if name == "ours" else f"{name}_"
                row[f"{prefix}cpu_s"] = statistics.median(c for _, c in runs)
                row[f"{prefix}wall_s"] = statistics.median(w for w, _ in runs)
                row[f"{prefix}ratio"] = row[f"{prefix}cpu_s"] / row["ptxas_cpu_s"]
                row[f"{prefix}wall_ratio"] = row[f"{prefix}wall_s"] / row["ptxas_wall_s"]
                row[f"{prefix}ratio_fastest"] = min(c for _, c in runs) / fastest_ptxas
            rows.append(row)
            before = f" (baseline {row['baseline_ratio']:.2f})" if args.baseline else ""
            print(f"{module.name:36} {label:22} {len(text) / 1e6:5.2f} {row['cpu_s']:10.3f} "
                  f"{row['ptxas_cpu_s']:11.3f} {row['ratio']:6.2f} {row['ratio_fastest']:8.2f}{before}")
    shutil.rmtree(work, ignore_errors=True)
    large = [r for r in rows if r["bytes"] >= 1_000_000]
    summary = {"goal": GOAL, "ratio_of": "CPU seconds of the child (user + system)",
               "rows": len(rows), "rows_over_goal": sum(r["ratio"] > GOAL for r in rows),
               "large_max_ratio": max((r["ratio"] for r in large), default=None),
               "large_max_ratio_fastest": max((r["ratio_fastest"] for r in large), default=None),
               "large_rows_over_goal": [f"{r['module']} {r['command']} {r['ratio']:.2f}"
                                        for r in large if r["ratio"] > GOAL]}
    write_results(Path(args.out), {"device": "cpu", "cpu": cpu_name(), "machine": platform_info(),
                                   "baseline": checkout_commit(args.baseline) if args.baseline else None,
                                   "ptxas": tool_origin(ptxas), "ptxas_version": toolchain.tool_version("ptxas"),
                                   "summary": summary, "rows": rows})
    print(f"\n{summary['rows_over_goal']} of {len(rows)} rows over {GOAL}x; large modules: "
          f"max {summary['large_max_ratio']:.2f}x; wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
