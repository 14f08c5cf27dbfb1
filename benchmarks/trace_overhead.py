"""Wall time of real multi-kernel programs: native vs `neutrino trace --probe block_sched`, with a
cold cache (fresh NEUTRINO_CACHE: every kernel parsed, spliced and assembled) and a warm one (the
same cache again: cubins found on disk). One run each, side by side, on this machine's GPU.

    python benchmarks/trace_overhead.py [--steps 200]

Writes benchmarks/results/trace_overhead-<device>.json:
  {"device": ..., "rows": [{"program", "native_s", "cold_s", "warm_s", "warm_ratio", "assemble_s", ...}]}
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import RESULTS, device_slug, write_results  # noqa: E402
from neutrino_py.hook.doctor import gpu_info  # noqa: E402
from neutrino_py.tracedir import Trace  # noqa: E402


def programs(steps: int) -> list[tuple[str, list[str]]]:
    cuda = ROOT / "examples" / "programs" / "cuda"
    subprocess.run(["make", "-s", "-C", str(cuda)], check=True)
    return [("nvcc multi_kernel (9 launches)", [str(cuda / "multi_kernel"), "{out}"]),
            (f"torch.compile MLP training, {steps} steps",
             [sys.executable, str(ROOT / "benchmarks" / "workloads" / "train_mlp.py"), str(steps)])]


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    args = parser.parse_args()
    probe = ROOT / "probes" / "block_sched.probe"
    device = gpu_info().get("name", "unknown")
    rows = []
    work = Path(tempfile.mkdtemp(prefix="neutrino-bench-"))
    for name, template in programs(args.steps):
        cmd = [part.replace("{out}", str(work / "out.bin")) for part in template]
        env = {**os.environ, "NEUTRINO_CACHE": str(work / f"cache-{len(rows)}")}
        timed(cmd, env)                                  # warm-up: driver, torch.compile caches
        native = timed(cmd, env)
        trace = [sys.executable, "-m", "neutrino_py", "trace", "--probe", str(probe),
                 "--tracedir", str(work / "traces")]
        cold = timed(trace + ["--"] + cmd, env)
        cold_run = Trace(work / "traces")
        warm = timed(trace + ["--"] + cmd, env)
        warm_run = Trace(work / "traces")
        rows.append({"program": name, "native_s": round(native, 3), "cold_s": round(cold, 3),
                     "warm_s": round(warm, 3), "warm_ratio": round(warm / native, 3),
                     "cold_ratio": round(cold / native, 3),
                     "assemble_s": cold_run.summary.get("assemble_s"),
                     "instrument_s": cold_run.summary.get("instrument_s"),
                     "cold_phases_s": cold_run.summary.get("instrument_phases_s"),
                     "cold_requests": cold_run.summary.get("instrument_requests"),
                     "cold_warm_up_s": cold_run.summary.get("warm_up_s"),
                     "warm_instrument_s": warm_run.summary.get("instrument_s"),
                     "launches": warm_run.summary.get("launches"),
                     "instrumented_launches": warm_run.summary.get("instrumented_launches"),
                     "kernels_instrumented": len(warm_run.summary.get("kernels_instrumented", []))})
        print(json.dumps(rows[-1]))
    out = {"device": device, "probe": "probes/block_sched.probe", "rows": rows}
    path = write_results(RESULTS / f"trace_overhead-{device_slug(device)}.json", out)
    print(f"{'program':45} {'native':>8} {'cold':>8} {'warm':>8} {'warm/native':>12} {'assemble':>9}")
    for r in rows:
        print(f"{r['program']:45} {r['native_s']:8.2f} {r['cold_s']:8.2f} {r['warm_s']:8.2f} "
              f"{r['warm_ratio']:12.2f} {r['assemble_s'] or 0:9.2f}")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
