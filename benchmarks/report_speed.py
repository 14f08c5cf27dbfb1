"""How fast `neutrino report` reads a big trace, and how little memory it needs doing it.

Writes a synthetic trace of >= 1 GiB of dmat records (plus one block_sched record per warp) under
/tmp with the real TraceWriter, then runs `neutrino report` on it in a fresh process per case and
records wall time and that process's peak RSS (ru_maxrss). Cases: every tool with the page cache
warm, every tool after dropping the trace's pages from the cache (posix_fadvise DONTNEED), and
every tool plus PNGs and a Perfetto file. Writes benchmarks/results/report_speed-<machine>.json.

    python benchmarks/report_speed.py [--gib 1.1] [--keep]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import RESULTS, cpu_name, write_results  # noqa: E402
from tests.synthetic import big  # noqa: E402  (the repo's synthetic-trace helpers)

RUNNER = """
import json, resource, sys, time
t0 = time.perf_counter()
try:
    from neutrino_py.cli import main
    entry = "neutrino_py.cli"
    rc = main(sys.argv[1:])
except ModuleNotFoundError as err:      # CLI of a partial checkout: run the subcommand directly
    import argparse
    from neutrino_py.tools import command
    p = argparse.ArgumentParser(); command.configure(p)
    entry = f"neutrino_py.tools.command ({err})"
    rc = command.run(p.parse_args(sys.argv[2:]))
wall = time.perf_counter() - t0
sys.stderr.write("\\nRESULT " + json.dumps({"rc": rc, "wall_s": wall, "entry": entry,
    "maxrss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}) + "\\n")
"""


def drop_cache(directory: Path) -> None:
    for path in [*directory.rglob("*.npy"), *directory.rglob("maps*.bin")]:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def repeated(times: int, run_dir: Path, *extra: str, cold: bool = False) -> dict:
    """`times` runs of one case: every run's figures, and the median wall time."""
    runs = []
    for _ in range(times):
        if cold:
            drop_cache(run_dir)
        runs.append(report(run_dir, *extra))
    walls = sorted(r["wall_s"] for r in runs)
    return {"runs": runs, "wall_s": walls[len(walls) // 2],
            "maxrss_mib": max(r["maxrss_mib"] for r in runs)}


def report(run_dir: Path, *extra: str) -> dict:
    cmd = [sys.executable, "-c", RUNNER, "report", str(run_dir), *extra]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    outer = time.perf_counter() - t0
    tail = out.stderr.rsplit("RESULT ", 1)
    if len(tail) != 2:
        raise SystemExit(f"report failed:\n{out.stderr[-3000:]}")
    result = json.loads(tail[1])
    result["process_wall_s"] = outer
    result["progress_lines"] = sum(1 for line in tail[0].splitlines() if line.startswith("["))
    result["stdout_lines"] = len(out.stdout.splitlines())
    return result


def machine() -> dict:
    mem = next(int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal"))
    return {"cpu": cpu_name(), "cores": os.cpu_count(), "mem_gib": round(mem / 2**20, 1),
            "python": platform.python_version(), "host": platform.node()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gib", type=float, default=1.1, help="GiB of dmat records to generate")
    ap.add_argument("--dir", default="/tmp/neutrino-report-speed")
    ap.add_argument("--keep", action="store_true", help="keep the generated trace")
    ap.add_argument("--name", default="cpu", help="results file suffix (machine kind)")
    ap.add_argument("--repeat", type=int, default=3, help="runs per case (median reported)")
    args = ap.parse_args()
    root = Path(args.dir)
    shutil.rmtree(root, ignore_errors=True)
    t0 = time.perf_counter()
    run_dir = big(root, int(args.gib * 2**30))
    gen_s = time.perf_counter() - t0
    data = [*run_dir.rglob("*.npy"), *run_dir.rglob("maps*.bin")]
    size = sum(p.stat().st_size for p in data)
    import neutrino_py as nt
    records = sum(nt.Trace(run_dir).summary.get("records", {}).values())
    plots = root / "plots"
    n = args.repeat
    cases = {"all_tools_warm": repeated(n, run_dir, "--format", "text"),
             "all_tools_cold": repeated(n, run_dir, "--format", "text", cold=True),
             "all_tools_plots_perfetto_warm": repeated(
                 n, run_dir, "--plots", str(plots), "--perfetto", str(root / "perfetto.json"))}
    result = {"benchmark": "report_speed", "machine": machine(),
              "trace": {"dir": str(run_dir), "bytes_on_disk": size, "data_files": len(data),
                        "records": records, "generate_s": gen_s},
              "cases": cases,
              "throughput_gib_s": {k: size / 2**30 / v["wall_s"] for k, v in cases.items()}}
    out = write_results(RESULTS / f"report_speed-{args.name}.json", result)
    print(f"trace: {size / 2**30:.2f} GiB in {len(data)} data files, {records:,} records "
          f"(generated in {gen_s:.1f} s)")
    print(f"{'case (median of ' + str(n) + ')':32} {'wall s':>8} {'peak RSS MiB':>13} {'GiB/s':>7}")
    for name, case in cases.items():
        print(f"{name:32} {case['wall_s']:8.2f} {case['maxrss_mib']:13.0f} "
              f"{result['throughput_gib_s'][name]:7.2f}")
    print(f"wrote {out}")
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
