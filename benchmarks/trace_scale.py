"""Traces at scale (GPU): programs that launch thousands of times, native vs `neutrino trace`, the
map bytes written against the trace file system's own sequential write speed, and the host time a
launch costs natively, instrumented and timed only. Every trace is bounded (--max-bytes) and
deleted once measured.

    python benchmarks/trace_scale.py [--launches 6000] [--loop 20000] [--work DIR]

Builds two CUDA programs of its own with nvcc (SASS + PTX for this GPU):
- `heavy`: one kernel, 1024 blocks x 256 threads (8192 warps), launched --launches times, each
  launch ~0.1 ms of FMA work; it times the launch loop itself with CUDA events;
- `tiny`: a 1-warp kernel launched --loop times; it prints the host time per launch (the loop's
  enqueue time over the launches), which is what the shim adds to.
Writes benchmarks/results/trace_scale-<device>.json:
  {"device", "disk_write_gbps", "rows": [{"program", "probe", "launches", "native_s", "traced_s",
   "ratio", "record_bytes", "record_gbps"}], "launch_latency_us": {"native", "instrumented",
   "timed_only"}, "details": [...]}
`record_gbps` is the map bytes written over the traced run's whole wall time (a lower bound on
the writer's rate); `details` holds each run's summary figures (fallbacks, ring, budget).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
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

HEAVY = r"""
#include <cstdio>
#include <cstdlib>
__global__ void step(float *x, int n, int work) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    for (int k = 0; k < work; k++) v = v * 0.9999f + 0.0001f;
    x[i] = v;
}
int main(int argc, char **argv) {
    int launches = atoi(argv[1]), blocks = 1024, threads = 256, n = blocks * threads;
    int work = argc > 2 ? atoi(argv[2]) : 40000;   // ~0.1 ms a launch on an H100
    float *x;
    cudaMalloc(&x, n * sizeof(float));
    cudaMemset(x, 0, n * sizeof(float));
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    step<<<blocks, threads>>>(x, n, work);
    cudaEventRecord(a);
    for (int i = 0; i < launches; i++) step<<<blocks, threads>>>(x, n, work);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    float head[4];
    cudaMemcpy(head, x, sizeof head, cudaMemcpyDeviceToHost);
    printf("launches %d kernel_ms %.3f per_launch_us %.3f x0 %.6f err %s\n", launches, ms,
           1000.0 * ms / launches, head[0], cudaGetErrorString(cudaGetLastError()));
    return 0;
}
"""

TINY = r"""
#include <cstdio>
#include <cstdlib>
#include <ctime>
__global__ void tiny(int *x) { if (threadIdx.x == 0) x[0] += 1; }
static double now() { timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
    int launches = atoi(argv[1]);
    int *x;
    cudaMalloc(&x, sizeof(int));
    cudaMemset(x, 0, sizeof(int));
    for (int i = 0; i < 100; i++) tiny<<<1, 32>>>(x);     // warm: first launch, module load
    cudaDeviceSynchronize();
    double t0 = now();
    for (int i = 0; i < launches; i++) tiny<<<1, 32>>>(x);
    double t1 = now();
    cudaDeviceSynchronize();
    int got = 0;
    cudaMemcpy(&got, x, sizeof got, cudaMemcpyDeviceToHost);
    printf("launches %d host_us_per_launch %.3f count %d\n", launches, 1e6 * (t1 - t0) / launches, got);
    return 0;
}
"""


def compute_capability() -> str:
    out = subprocess.run(["nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader"],
                         capture_output=True, text=True, check=True).stdout
    return out.split()[0].replace(".", "")


def build(work: Path, name: str, source: str, arch: str) -> Path:
    src, exe = work / f"{name}.cu", work / name
    src.write_text(source)
    subprocess.run(["nvcc", "-O2", "-gencode", f"arch=compute_{arch},code=[sm_{arch},compute_{arch}]",
                    "-o", str(exe), str(src)], check=True)
    return exe


def disk_write_gbps(folder: Path, gib: int = 2) -> float:
    """Sequential write speed of `folder`'s file system: dd with O_DIRECT, 64 MiB blocks."""
    target = folder / "dd-write-test"
    start = time.perf_counter()
    subprocess.run(["dd", "if=/dev/zero", f"of={target}", "bs=64M", f"count={gib * 16}",
                    "oflag=direct", "conv=fsync"], check=True, capture_output=True)
    elapsed = time.perf_counter() - start
    target.unlink()
    return gib * 2**30 / elapsed / 1e9


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True, timeout=400)
    return time.perf_counter() - start, out.stdout


def figure(text: str, key: str) -> float:
    match = re.search(rf"{key} ([0-9.]+)", text)
    if not match:
        raise SystemExit(f"no {key} in the program's output: {text!r}")
    return float(match[1])


def traced(work: Path, probe: str, cmd: list[str], env: dict, *flags: str) -> tuple[float, str, Trace]:
    tracedir = work / "traces"
    shutil.rmtree(tracedir, ignore_errors=True)
    wall, out = timed([sys.executable, "-m", "neutrino_py", "trace", "--probe", probe,
                       "--tracedir", str(tracedir), *flags, "--", *cmd], env)
    return wall, out, Trace(tracedir)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=6000, help="launches of the heavy kernel")
    parser.add_argument("--loop", type=int, default=20000, help="launches of the tiny kernel")
    parser.add_argument("--max-bytes", default="8G", help="bound of every trace made here")
    parser.add_argument("--work", help="scratch folder on the file system to measure (default: a "
                                       "temporary folder)")
    args = parser.parse_args()
    device = gpu_info().get("name", "unknown")
    work = Path(args.work or tempfile.mkdtemp(prefix="neutrino-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    arch = compute_capability()
    heavy, tiny = build(work, "heavy", HEAVY, arch), build(work, "tiny", TINY, arch)
    env = {**os.environ, "NEUTRINO_CACHE": str(work / "cache")}
    disk = disk_write_gbps(work)
    print(f"disk: {disk:.2f} GB/s sequential (dd oflag=direct) under {work}")

    rows, details = [], []
    bound = ("--max-bytes", args.max_bytes)
    cases = [("heavy", [str(heavy), str(args.launches)], "block_sched", bound),
             ("heavy", [str(heavy), str(args.launches)], "dmat", ("--max-bytes", "2G")),
             ("tiny", [str(tiny), str(args.loop)], "block_sched", bound)]
    native_runs: dict[str, tuple[float, str]] = {}
    for program, cmd, probe, flags in cases:
        if program not in native_runs:
            timed(cmd, env)                                   # warm-up: driver, page cache
            native_runs[program] = timed(cmd, env)
        native_s, native_out = native_runs[program]
        traced(work, probe, cmd, env, *flags)                 # cold: fills the hook cache
        traced_s, out, trace = traced(work, probe, cmd, env, *flags)
        s = trace.summary
        written = s.get("recording", {}).get("bytes_written", 0)
        launches = int(figure(native_out, "launches")) + (100 if program == "tiny" else 1)
        rows.append({"program": program, "probe": probe, "launches": launches,
                     "native_s": round(native_s, 3), "traced_s": round(traced_s, 3),
                     "ratio": round(traced_s / native_s, 3), "record_bytes": written,
                     "record_gbps": round(written / traced_s / 1e9, 3)})
        details.append({"program": program, "probe": probe, "flags": list(flags),
                        "native_output": native_out.strip(), "traced_output": out.strip(),
                        "instrumented_launches": s.get("instrumented_launches"),
                        "records": s.get("records"), "fallbacks": s.get("fallbacks"),
                        "not_recorded": s.get("not_recorded"), "recording": s.get("recording"),
                        "ring": s.get("ring"), "bytes_per_launch": s.get("bytes_per_launch")})
        print(json.dumps(rows[-1]))
        shutil.rmtree(work / "traces", ignore_errors=True)

    tiny_cmd = [str(tiny), str(args.loop)]
    native_us = figure(native_runs["tiny"][1], "host_us_per_launch")
    _, inst_out, _ = traced(work, "block_sched", tiny_cmd, env, *bound)
    _, timed_out, _ = traced(work, "block_sched", tiny_cmd, env, "-k", "^no_kernel_is_called_this$", *bound)
    shutil.rmtree(work / "traces", ignore_errors=True)
    latency = {"native": native_us, "instrumented": figure(inst_out, "host_us_per_launch"),
               "timed_only": figure(timed_out, "host_us_per_launch")}
    out = {"device": device, "disk_write_gbps": round(disk, 3), "rows": rows,
           "launch_latency_us": latency, "details": details}
    path = write_results(RESULTS / f"trace_scale-{device_slug(device)}.json", out)
    print(f"{'program':8} {'probe':12} {'launches':>8} {'native s':>9} {'traced s':>9} {'ratio':>6} "
          f"{'GB':>7} {'GB/s':>6}")
    for r in rows:
        print(f"{r['program']:8} {r['probe']:12} {r['launches']:8} {r['native_s']:9.2f} "
              f"{r['traced_s']:9.2f} {r['ratio']:6.2f} {r['record_bytes'] / 1e9:7.2f} {r['record_gbps']:6.2f}")
    print(f"host us per launch: native {latency['native']:.2f}, instrumented "
          f"{latency['instrumented']:.2f}, timed only {latency['timed_only']:.2f}; "
          f"disk {disk:.2f} GB/s")
    print(f"wrote {path}")
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
