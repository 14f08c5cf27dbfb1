"""How fast `neutrino export` turns a big trace into Parquet/Arrow, and how flat its memory stays.

Writes a synthetic two-rank trace of >= 2 GiB of dmat records (plus one block_sched record per
warp) under /tmp with the real TraceWriter, exports it with `neutrino export` in a fresh process
per format, and records wall time and that process's peak RSS (ru_maxrss); then runs a DuckDB
query over the Parquet export (warps per SM per rank) when duckdb is installed. Everything under
/tmp is deleted at the end (--keep keeps it). Writes benchmarks/results/export_speed-<name>.json.

    python benchmarks/export_speed.py [--gib 2.1] [--launches 8] [--keep]
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import RESULTS, write_results  # noqa: E402
from benchmarks.report_speed import machine  # noqa: E402
from tests.synthetic import big  # noqa: E402

# Peak RSS is the process's own VmHWM: ru_maxrss of a child started by fork + exec also counts the
# forking parent's RSS (this script's, which generated the trace).
PEAK = """
def peak_mib():
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmHWM")) / 1024
"""

RUNNER = PEAK + """
import json, sys, time
from neutrino_py.cli import main
t0 = time.perf_counter()
rc = main(sys.argv[1:])
sys.stderr.write("\\nRESULT " + json.dumps({"rc": rc, "wall_s": time.perf_counter() - t0,
                                             "maxrss_mib": peak_mib()}) + "\\n")
"""

QUERY = """
SELECT rank, sm, count(*) AS warps
FROM read_parquet('{out}/maps/sched/*.parquet')
GROUP BY rank, sm ORDER BY rank, sm
"""

DUCKDB = PEAK + """
import json, sys, time
import duckdb
t0 = time.perf_counter()
rows = duckdb.sql(sys.argv[1]).fetchall()
sys.stderr.write("\\nRESULT " + json.dumps({"rc": 0, "wall_s": time.perf_counter() - t0,
    "rows": len(rows), "warps": sum(r[2] for r in rows), "ranks": sorted({r[0] for r in rows}),
    "maxrss_mib": peak_mib()}) + "\\n")
"""


def child(code: str, *argv: str) -> dict:
    """Run `code` in a fresh Python; its RESULT line (wall time, peak RSS) as a dict."""
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    tail = out.stderr.rsplit("RESULT ", 1)
    if len(tail) != 2 or json.loads(tail[1])["rc"]:
        raise SystemExit(f"{argv[:2]} failed:\n{out.stdout[-2000:]}\n{out.stderr[-3000:]}")
    return {**json.loads(tail[1]), "process_wall_s": time.perf_counter() - t0,
            "stdout": out.stdout.strip()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gib", type=float, default=2.1, help="GiB of dmat records to generate")
    ap.add_argument("--launches", type=int, default=8,
                    help="launches to spread them over (8: ~270 MiB per map file)")
    ap.add_argument("--dir", default="/tmp/neutrino-export-speed")
    ap.add_argument("--keep", action="store_true", help="keep the trace and the exports")
    ap.add_argument("--name", default="cpu", help="results file suffix (machine kind)")
    args = ap.parse_args()
    root = Path(args.dir)
    shutil.rmtree(root, ignore_errors=True)
    try:
        t0 = time.perf_counter()
        run_dir = big(root / "trace", int(args.gib * 2**30), launches=args.launches, ranks=2)
        gen_s = time.perf_counter() - t0
        size = sum(p.stat().st_size for p in run_dir.rglob("*") if p.is_file())
        cases = {}
        for fmt in ("parquet", "arrow"):
            out = root / f"out-{fmt}"
            case = child(RUNNER, "export", str(run_dir), "-o", str(out), "--format", fmt,
                         "--no-progress")
            case["export"] = json.loads((out / "export.json").read_text())
            case["bytes_written"] = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
            cases[fmt] = case
        try:
            import duckdb  # noqa: F401
            query = QUERY.format(out=root / "out-parquet")
            cases["duckdb_warps_per_sm_per_rank"] = {**child(DUCKDB, query), "query": query}
        except ImportError:
            cases["duckdb_warps_per_sm_per_rank"] = {"skipped": "duckdb is not installed"}
        result = {"benchmark": "export_speed", "machine": machine(),
                  "trace": {"bytes_on_disk": size, "launches": args.launches, "ranks": 2,
                            "generate_s": gen_s},
                  "cases": cases,
                  "throughput_gib_s": {k: size / 2**30 / v["wall_s"] for k, v in cases.items()
                                       if k in ("parquet", "arrow")}}
        path = write_results(RESULTS / f"export_speed-{args.name}.json", result)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    print(f"trace: {size / 2**30:.2f} GiB on disk, {args.launches} launches, 2 ranks "
          f"(generated in {gen_s:.1f} s)")
    print(f"{'case':32} {'wall s':>8} {'peak RSS MiB':>13} {'written MiB':>12}")
    for name, case in cases.items():
        if "wall_s" in case:
            print(f"{name:32} {case['wall_s']:8.2f} {case['maxrss_mib']:13.0f} "
                  f"{case.get('bytes_written', 0) / 2**20:12.0f}")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
