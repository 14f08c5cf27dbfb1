"""DDP training traced per rank: losses identical to an untraced run, every rank's kernels
instrumented, one record per block, native vs traced wall time per rank.

Runs `examples/programs/ddp_train.py` under `python -m torch.distributed.run` (torchrun) with
`--nproc` ranks, in this order: once untraced to fill the Inductor cache (so both measured runs
use the same compiled kernels and autotuning choices), once untraced (native), then under
`neutrino trace --probe probes/block_sched.probe` with a fresh hook cache (cold: every kernel
instrumented) and once more with that cache (warm). Checks, per rank: the losses of every step
equal the native run's as floats (to the last digit) and the final parameters are the same bytes;
in the trace, every launch is tagged with its rank and pid, Inductor kernels are instrumented in
every rank, every instrumented launch holds exactly one `sched` record per block (distinct units,
nothing dropped), each process ended `exited`.

    python benchmarks/distributed.py --layout shared --docs $OUT/ddp      # 2 ranks on GPU 0, gloo
    python benchmarks/distributed.py --layout per-rank --docs $OUT/ddp-2gpu   # a GPU each, NCCL
    python benchmarks/distributed.py --case two-devices     # one process, GPUs 0 and 1 alternating

`--layout shared` shows the ranks only GPU 0 (CUDA_VISIBLE_DEVICES=0), so ddp_train.py picks gloo;
`per-rank` shows GPUs 0..nproc-1 and it picks NCCL. `--docs DIR` receives what docs/examples/ddp/
commits: the trace summary, the merged report, a small Perfetto file, the run directory itself
when it is small, and warps per SM per rank from DuckDB over its Parquet export (when pyarrow
and duckdb are installed; else run docs/examples/warps_per_sm_per_rank.py on the copied trace).

`--case two-devices` runs `examples/programs/two_devices.py` (one process, a kernel alternating
between GPU 0 and GPU 1) natively and under `block_sched` and `gmem_bytes`, and checks every launch
against the program's own oracle lines: the launch's device, exactly one record per block, SM ids
below the device's SM count, 4 * n bytes loaded and stored, and outputs identical.

Results go to benchmarks/results/distributed-<device>.json under `cases[<case>]` (ddp-shared-2,
ddp-per-rank-2, two-devices; other cases already in the file are kept), and to $OUT when set. Every trace is bounded: block_sched keeps 28 bytes per warp (rows kept for each block's first), and the
run directories live under --work (deleted at the end unless --keep).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import RESULTS, device_slug, write_results  # noqa: E402

# relative to ROOT, where every command runs: the traces (and docs/examples) record these
PROGRAM = "examples/programs/ddp_train.py"
PROBE = "probes/block_sched.probe"
RESULT = "ddp_train result "
SMALL_TRACE = 8 << 20          # a run directory up to this size is copied whole into --docs


def torchrun(nproc: int, out_prefix: Path, steps: int) -> list[str]:
    return [sys.executable, "-m", "torch.distributed.run", "--standalone",
            f"--nproc_per_node={nproc}", PROGRAM, "--steps", str(steps), "--out",
            str(out_prefix)]


def results(stdout: str) -> list[dict]:
    """Every rank's `ddp_train result {...}` object. Ranks share one stdout, so a line may carry
    text after the object (another rank's output): decode the object alone."""
    decoder, out, at = json.JSONDecoder(), [], stdout.find(RESULT)
    while at >= 0:
        obj, _ = decoder.raw_decode(stdout, at + len(RESULT))
        out.append(obj)
        at = stdout.find(RESULT, at + len(RESULT))
    return out


def run(cmd: list[str], env: dict, timeout: float) -> dict:
    """One command; its per-rank `ddp_train result` lines, output and outer wall time."""
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    wall = time.perf_counter() - t0
    ranks = {r["rank"]: r for r in results(proc.stdout)}
    if proc.returncode or not ranks:
        raise SystemExit(f"{' '.join(cmd[:6])}... failed (rc {proc.returncode}):\n"
                         f"{proc.stdout[-4000:]}\n{proc.stderr[-6000:]}")
    return {"rc": proc.returncode, "wall_s": wall, "ranks": ranks, "stdout": proc.stdout,
            "stderr": proc.stderr}


def trace_checks(run_dir: Path, nproc: int) -> dict:
    """What the trace must show (module docstring), as numbers and booleans."""
    import neutrino_py as nt
    t = nt.Trace(run_dir)
    per_rank = {}
    for rank in range(nproc):
        launches = t.launches_of(rank=rank)
        inst = [x for x in launches if x.instrumented]
        bad = []
        for x in inst:
            sched = x.maps["sched"]
            units = len(set(sched["unit"].tolist()))
            blocks = math.prod(x.grid)            # the stock probe: a row per block (first warp)
            if not (len(sched) == blocks == units and not x.dropped.get("sched")):
                bad.append({"seq": x.seq, "kernel": x.kernel, "blocks": blocks,
                            "records": len(sched), "units": units, "dropped": x.dropped})
        per_rank[rank] = {
            "launches": len(launches), "instrumented_launches": len(inst),
            "instrumented_kernels": sorted({x.kernel for x in inst}),
            "timed_only_kernels": sorted({x.kernel for x in launches if not x.instrumented}),
            "sched_records": sum(len(x.maps["sched"]) for x in inst),
            "launches_not_one_record_per_block": bad,
            "devices": sorted({x.device for x in launches if x.device is not None}),
            "pids": sorted({x.pid for x in launches if x.pid is not None})}
    kernels = [set(r["instrumented_kernels"]) for r in per_rank.values()]
    return {"ranks": t.ranks, "processes": [{"pid": p.pid, "rank": p.rank, "devices": list(p.devices),
                                             "launches": p.launches, "state": p.state,
                                             "exit_code": p.exit_code} for p in t.processes],
            "per_rank": per_rank,
            "untagged_launches": sum(1 for x in t.launches if x.rank is None or x.pid is None),
            "inductor_kernels_instrumented_in_every_rank": bool(kernels) and all(kernels)
            and all(k == kernels[0] for k in kernels),
            "one_record_per_block": all(not r["launches_not_one_record_per_block"]
                                       for r in per_rank.values()),
            "summary": {k: t.summary.get(k) for k in ("launches", "instrumented_launches",
                                                      "records", "dropped", "fallbacks")}}


def compare(native: dict, traced: dict, native_out: Path, traced_out: Path) -> dict:
    out = {}
    for rank, n in native["ranks"].items():
        tr = traced["ranks"].get(rank, {})
        a = native_out.with_name(f"{native_out.name}.rank{rank}.bin").read_bytes()
        b = traced_out.with_name(f"{traced_out.name}.rank{rank}.bin").read_bytes()
        out[rank] = {"losses_native": n["losses"], "losses_traced": tr.get("losses"),
                     "losses_identical": [repr(v) for v in n["losses"]]
                     == [repr(v) for v in tr.get("losses", [])],
                     "params_identical": a == b, "param_bytes": len(a)}
    return out


def device_name() -> str:
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=30).stdout.splitlines()
        return out[0].strip() if out else "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--case", choices=("ddp", "two-devices"), default="ddp")
    ap.add_argument("--nproc", type=int, default=2, help="ranks (torchrun --nproc_per_node)")
    ap.add_argument("--layout", choices=("shared", "per-rank"), default="shared",
                    help="shared: every rank on GPU 0 (gloo); per-rank: one GPU per rank (NCCL)")
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--docs", metavar="DIR", help="write summary, merged report, Perfetto here")
    ap.add_argument("--work", default="/tmp/neutrino-distributed")
    ap.add_argument("--timeout", type=float, default=240, help="seconds per torchrun")
    ap.add_argument("--keep", action="store_true", help="keep --work")
    args = ap.parse_args()

    work = Path(args.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    nproc = 2 if args.case == "two-devices" else args.nproc
    visible = "0" if args.layout == "shared" and args.case == "ddp" else ",".join(map(str, range(nproc)))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
           "CUDA_VISIBLE_DEVICES": visible, "PYTHONUNBUFFERED": "1",
           "TORCHINDUCTOR_CACHE_DIR": str(work / "inductor"),
           "NEUTRINO_CACHE": str(work / "neutrino-cache"), "OMP_NUM_THREADS": "1"}
    try:
        if args.case == "two-devices":
            key, result = "two-devices", two_devices(work, env, args.timeout)
        else:
            key, result = f"ddp-{args.layout}-{args.nproc}", ddp(args, work, env, visible)
        path = save(key, result)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"wrote {path} (case {key})")


def save(key: str, result: dict) -> Path:
    """Merge `result` into benchmarks/results/distributed-<device>.json as `cases[key]`."""
    name = device_name()
    path = RESULTS / f"distributed-{device_slug(name)}.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data = {"benchmark": "distributed", "device": name,
            "cases": {**data.get("cases", {}), key: result}}
    write_results(path, data)
    if os.environ.get("OUT"):
        write_results(Path(os.environ["OUT"]) / path.name, data)
    return path


def ddp(args: argparse.Namespace, work: Path, env: dict, visible: str) -> dict:
    """The DDP case (module docstring): four torchrun runs, checks, timings, docs files."""
    trace = [sys.executable, "-m", "neutrino_py", "trace", "--probe", PROBE]
    runs = {}
    runs["warm_up"] = run(torchrun(args.nproc, work / "warm", args.steps), env, args.timeout)
    runs["native"] = run(torchrun(args.nproc, work / "native", args.steps), env, args.timeout)
    runs["traced_cold"] = run([*trace, "--tracedir", str(work / "trace-cold"), "--",
                               *torchrun(args.nproc, work / "traced", args.steps)], env, args.timeout)
    runs["traced_warm"] = run([*trace, "--tracedir", str(work / "trace-warm"), "--",
                               *torchrun(args.nproc, work / "traced-warm", args.steps)], env,
                              args.timeout)
    import neutrino_py as nt
    run_dir = nt.Trace(work / "trace-cold").dir
    checks = {"trace": trace_checks(run_dir, args.nproc),
              "cold_vs_native": compare(runs["native"], runs["traced_cold"], work / "native",
                                        work / "traced"),
              "warm_vs_native": compare(runs["native"], runs["traced_warm"], work / "native",
                                        work / "traced-warm")}
    timing = {name: {"outer_wall_s": r["wall_s"],
                     "per_rank": {rank: {"wall_s": x["wall_s"], "step_s": x["step_s"],
                                         "device": x["device"], "backend": x["backend"]}
                                  for rank, x in sorted(r["ranks"].items())}}
              for name, r in runs.items()}
    ratios = {kind: {rank: timing[kind]["per_rank"][rank]["wall_s"]
                     / timing["native"]["per_rank"][rank]["wall_s"]
                     for rank in timing["native"]["per_rank"]}
              for kind in ("traced_cold", "traced_warm")}
    result = {"layout": args.layout, "nproc": args.nproc, "steps": args.steps,
              "cuda_visible_devices": visible, "timing": timing,
              "traced_over_native_wall": ratios, "checks": checks,
              "trace_summary_stderr": runs["traced_cold"]["stderr"][-4000:]}
    if args.docs:
        docs(Path(args.docs), run_dir, runs["traced_cold"]["stderr"], env)
    print_table(result)
    return result


ORACLE = re.compile(r"^launch scale device=(\d+) grid=\((\d+), 1, 1\) block=\(256, 1, 1\) n=(\d+)$", re.M)


def two_devices(work: Path, env: dict, timeout: float) -> dict:
    """One process on two GPUs: native run, then block_sched and gmem_bytes runs, each launch
    checked against the program's oracle lines."""
    program = [sys.executable, "examples/programs/two_devices.py"]
    native = subprocess.run([*program, str(work / "native.bin")], env=env, capture_output=True,
                            text=True, timeout=timeout, cwd=ROOT)
    if native.returncode:
        raise SystemExit(f"two_devices.py failed natively:\n{native.stdout}\n{native.stderr}")
    oracle = [(int(d), int(g), int(n)) for d, g, n in ORACLE.findall(native.stdout)]
    out: dict = {"oracle": oracle, "probes": {}}
    import neutrino_py as nt
    from neutrino_py.tools.block_sched import sm_count
    for probe in ("block_sched", "gmem_bytes"):
        t0 = time.perf_counter()
        traced = subprocess.run([sys.executable, "-m", "neutrino_py", "trace", "--probe",
                                 f"probes/{probe}.probe", "--tracedir",
                                 str(work / probe), "--", *program, str(work / f"{probe}.bin")],
                                env=env, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
        wall = time.perf_counter() - t0
        t = nt.Trace(work / probe)
        launches = [x for x in t.launches if x.kernel == "scale"]
        sms = sm_count(t.device) or 1 << 30
        rows = []
        for (device, grid, n), x in zip(oracle, launches):
            row = {"seq": x.seq, "device": x.device, "want_device": device,
                   "instrumented": x.instrumented, "warps": x.warps, "want_rows": grid}
            arrays = [x.maps[m] for m in x.maps]
            if probe == "block_sched" and arrays:
                sched = arrays[0]
                row.update(records=len(sched), units=len(set(sched["unit"].tolist())),
                           max_sm=int(sched["sm"].max()) if len(sched) else None)
                row["ok"] = (x.device == device and len(sched) == row["units"] == grid
                             and row["max_sm"] is not None and row["max_sm"] < sms)
            elif probe == "gmem_bytes" and arrays:
                gmem = arrays[0]
                row.update(loaded=int(gmem["loaded"].sum()), stored=int(gmem["stored"].sum()),
                           want_bytes=4 * n)
                row["ok"] = x.device == device and row["loaded"] == row["stored"] == 4 * n
            else:
                row["ok"] = False
            rows.append(row)
        same = (work / "native.bin").read_bytes() == (work / f"{probe}.bin").read_bytes()
        out["probes"][probe] = {"rc": traced.returncode, "wall_s": wall, "launches": rows,
                                "launch_count_matches": len(launches) == len(oracle),
                                "every_launch_ok": len(launches) == len(oracle)
                                and all(r["ok"] for r in rows),
                                "outputs_identical": same, "stderr": traced.stderr[-3000:]}
        print(f"{probe}: rc {traced.returncode}, {len(launches)}/{len(oracle)} launches, every "
              f"launch ok {out['probes'][probe]['every_launch_ok']}, outputs identical {same}")
        for r in rows:
            print(f"  {r}")
    return out


def docs(folder: Path, run_dir: Path, trace_stderr: str, env: dict) -> None:
    """The files docs/examples/ddp/ commits: the trace's summary (as `neutrino trace` printed
    it), the merged report (every tool, per rank and in total), a small Perfetto file, and the
    run directory when it is small enough to commit. The report runs in `folder`, so that it
    names its Perfetto file without the folder's path."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "summary.txt").write_text(trace_stderr[trace_stderr.find("neutrino: trace written"):])
    neutrino = [sys.executable, "-m", "neutrino_py"]
    report = subprocess.run([*neutrino, "report", str(run_dir.resolve()), "--no-progress",
                             "--perfetto", "trace.perfetto.json", "--perfetto-warps", "6000"],
                            capture_output=True, text=True, cwd=folder, env=env)
    (folder / "report.txt").write_text(report.stdout + report.stderr)
    size = sum(p.stat().st_size for p in run_dir.rglob("*") if p.is_file())
    if size <= SMALL_TRACE:
        shutil.copytree(run_dir, folder / "trace" / run_dir.name, dirs_exist_ok=True)
    query = subprocess.run([sys.executable, str(ROOT / "docs/examples/warps_per_sm_per_rank.py"),
                            str(run_dir)], capture_output=True, text=True, cwd=ROOT)
    (folder / "warps_per_sm_per_rank.txt").write_text(
        query.stdout if query.returncode == 0 else
        f"not run here (needs pyarrow and duckdb): {query.stderr.strip().splitlines()[-1:]}\n")


def print_table(result: dict) -> None:
    t = result["timing"]
    print(f"{result['nproc']} ranks, layout {result['layout']}")
    print(f"{'rank':>4} {'native s':>9} {'traced cold s':>14} {'traced warm s':>14} "
          f"{'losses identical':>17} {'params identical':>17}")
    for rank in t["native"]["per_rank"]:
        c = result["checks"]["cold_vs_native"][rank]
        w = result["checks"]["warm_vs_native"][rank]
        print(f"{rank:>4} {t['native']['per_rank'][rank]['wall_s']:9.2f} "
              f"{t['traced_cold']['per_rank'][rank]['wall_s']:14.2f} "
              f"{t['traced_warm']['per_rank'][rank]['wall_s']:14.2f} "
              f"{str(c['losses_identical'] and w['losses_identical']):>17} "
              f"{str(c['params_identical'] and w['params_identical']):>17}")
    tr = result["checks"]["trace"]
    print(f"trace: ranks {tr['ranks']}, untagged launches {tr['untagged_launches']}, inductor "
          f"kernels in every rank {tr['inductor_kernels_instrumented_in_every_rank']}, one record "
          f"per block {tr['one_record_per_block']}")
    for rank, r in tr["per_rank"].items():
        print(f"  rank {rank}: {r['launches']} launches, {r['instrumented_launches']} instrumented "
              f"({len(r['instrumented_kernels'])} kernels), {r['sched_records']} sched records, "
              f"devices {r['devices']}, timed only: {', '.join(r['timed_only_kernels'][:4])}")
    for p in tr["processes"]:
        print(f"  process {p['pid']} rank {p['rank']}: {p['state']} {p['exit_code']}")


if __name__ == "__main__":
    main()
