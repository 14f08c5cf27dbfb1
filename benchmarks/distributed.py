"""DDP training traced per rank: losses identical to an untraced run, every rank's kernels
instrumented, one record per warp, native vs traced wall time per rank.

Runs `examples/programs/ddp_train.py` under `python -m torch.distributed.run` (torchrun) with
`--nproc` ranks, in this order: once untraced to fill the Inductor cache (so both measured runs
use the same compiled kernels and autotuning choices), once untraced (native), then under
`neutrino trace --probe probes/block_sched.probe` with a fresh hook cache (cold: every kernel
instrumented) and once more with that cache (warm). Checks, per rank: the losses of every step
equal the native run's as floats (to the last digit) and the final parameters are the same bytes;
in the trace, every launch is tagged with its rank and pid, Inductor kernels are instrumented in
every rank, every instrumented launch holds exactly one `sched` record per warp (distinct units,
nothing dropped), each process ended `exited`.

    python benchmarks/distributed.py --layout shared --docs $OUT/ddp      # 2 ranks on GPU 0, gloo
    python benchmarks/distributed.py --layout per-rank --docs $OUT/ddp-2gpu   # a GPU each, NCCL

`--layout shared` shows the ranks only GPU 0 (CUDA_VISIBLE_DEVICES=0), so ddp_train.py picks gloo;
`per-rank` shows GPUs 0..nproc-1 and it picks NCCL. `--docs DIR` receives what docs/examples/ddp/
commits: the trace summary, the merged report, a small Perfetto file, and the run directory
itself when it is small. Writes benchmarks/results/distributed-<device>[-<layout>].json (and a
copy under $OUT when set). Every trace is bounded: block_sched keeps 24 bytes per warp, and the
run directories live under --work (deleted at the end unless --keep).
"""
from __future__ import annotations

import argparse
import json
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

PROGRAM = ROOT / "examples/programs/ddp_train.py"
PROBE = ROOT / "probes/block_sched.probe"
RESULT = re.compile(r"^ddp_train result (\{.*\})$", re.M)
SMALL_TRACE = 8 << 20          # a run directory up to this size is copied whole into --docs


def torchrun(nproc: int, out_prefix: Path, steps: int) -> list[str]:
    return [sys.executable, "-m", "torch.distributed.run", "--standalone",
            f"--nproc_per_node={nproc}", str(PROGRAM), "--steps", str(steps), "--out",
            str(out_prefix)]


def run(cmd: list[str], env: dict, timeout: float) -> dict:
    """One command; its per-rank `ddp_train result` lines, output and outer wall time."""
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    wall = time.perf_counter() - t0
    ranks = {r["rank"]: r for r in (json.loads(m) for m in RESULT.findall(proc.stdout))}
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
            if not (len(sched) == x.warps == units and not x.dropped.get("sched")):
                bad.append({"seq": x.seq, "kernel": x.kernel, "warps": x.warps,
                            "records": len(sched), "units": units, "dropped": x.dropped})
        per_rank[rank] = {
            "launches": len(launches), "instrumented_launches": len(inst),
            "instrumented_kernels": sorted({x.kernel for x in inst}),
            "timed_only_kernels": sorted({x.kernel for x in launches if not x.instrumented}),
            "warp_records": sum(len(x.maps["sched"]) for x in inst),
            "launches_not_one_record_per_warp": bad,
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
            "one_record_per_warp": all(not r["launches_not_one_record_per_warp"]
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
    visible = "0" if args.layout == "shared" else ",".join(map(str, range(args.nproc)))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
           "CUDA_VISIBLE_DEVICES": visible, "PYTHONUNBUFFERED": "1",
           "TORCHINDUCTOR_CACHE_DIR": str(work / "inductor"),
           "NEUTRINO_CACHE": str(work / "neutrino-cache"), "OMP_NUM_THREADS": "1"}
    trace = [sys.executable, "-m", "neutrino_py", "trace", "--probe", str(PROBE)]
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
    name = device_name()
    result = {"benchmark": "distributed", "device": name, "layout": args.layout,
              "nproc": args.nproc, "steps": args.steps, "cuda_visible_devices": visible,
              "timing": timing, "traced_over_native_wall": ratios, "checks": checks,
              "trace_summary_stderr": runs["traced_cold"]["stderr"][-4000:]}
    suffix = device_slug(name) + ("" if args.layout == "shared" else f"-{args.layout}")
    path = write_results(RESULTS / f"distributed-{suffix}.json", result)
    if os.environ.get("OUT"):
        write_results(Path(os.environ["OUT"]) / path.name, result)
    if args.docs:
        docs(Path(args.docs), run_dir, runs["traced_cold"]["stderr"])
    print_table(result, path)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


def docs(folder: Path, run_dir: Path, trace_stderr: str) -> None:
    """The files docs/examples/ddp/ commits: the trace's summary (as `neutrino trace` printed
    it), the merged report (every tool, per rank and in total), a small Perfetto file, and the
    run directory when it is small enough to commit."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "summary.txt").write_text(trace_stderr[trace_stderr.find("neutrino: trace written"):])
    neutrino = [sys.executable, "-m", "neutrino_py"]
    report = subprocess.run([*neutrino, "report", str(run_dir), "--no-progress", "--perfetto",
                             str(folder / "trace.perfetto.json"), "--perfetto-warps", "6000"],
                            capture_output=True, text=True, cwd=ROOT)
    (folder / "report.txt").write_text(report.stdout + report.stderr)
    size = sum(p.stat().st_size for p in run_dir.rglob("*") if p.is_file())
    if size <= SMALL_TRACE:
        shutil.copytree(run_dir, folder / "trace" / run_dir.name, dirs_exist_ok=True)


def print_table(result: dict, path: Path) -> None:
    t = result["timing"]
    print(f"{result['device']}, {result['nproc']} ranks, layout {result['layout']}")
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
          f"per warp {tr['one_record_per_warp']}")
    for rank, r in tr["per_rank"].items():
        print(f"  rank {rank}: {r['launches']} launches, {r['instrumented_launches']} instrumented "
              f"({len(r['instrumented_kernels'])} kernels), {r['warp_records']} warp records, "
              f"devices {r['devices']}, timed only: {', '.join(r['timed_only_kernels'][:4])}")
    for p in tr["processes"]:
        print(f"  process {p['pid']} rank {p['rank']}: {p['state']} {p['exit_code']}")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
