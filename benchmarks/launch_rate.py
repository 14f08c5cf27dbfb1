"""Host cost of a launch under `neutrino trace`: a launch-bound program (benchmarks/workloads/
launch_loop.py: a 256-thread kernel launched N times eagerly, then as graph replays) natively and
traced with block_sched, with every launch recorded (--launches N), with all but the first
run as the original kernel (--launches 1: what the shim costs a launch it does not record), and
the same with --launch-times recorded (those launches untimed). The
sides run in turn, `--rounds` times, in one run on this machine's GPU; the median of each is kept.
`--workload c` runs the same loop written in C against the driver API (launch_loop.c beside
launch_loop.py, built here with cc): no Python between launches, so the shim's own cost shows.

    python benchmarks/launch_rate.py [--launches 20000] [--rounds 3] [--source DIR] [--workload c]

`wall_s` is the whole run, start-up and the trace's end included: there the engine server, which
takes one message per launch, shows. `--source DIR` runs the traced sides again with the neutrino_py package of DIR (an older
checkout), to compare shims side by side. Writes benchmarks/results/launch_rate-<device>.json:
{"device", "launches", "rows": [{"side", "eager_us", "graph_us", "wall_s", and each one's ratio to
native}]}.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import RESULTS, device_slug, write_results  # noqa: E402
from neutrino_py.hook import build  # noqa: E402
from neutrino_py.hook.doctor import gpu_info  # noqa: E402

LOOP = ROOT / "benchmarks" / "workloads" / "launch_loop.py"


def build_c(folder: Path) -> str:
    """launch_loop.c built into `folder` against the CUDA driver API."""
    cuda = Path(os.environ.get("CUDA_HOME", "/usr/local/cuda"))
    out = folder / "launch_loop"
    subprocess.run([build.compiler() or "cc", "-O2", f"-I{cuda / 'include'}", str(LOOP.with_suffix(".c")),
                    "-lcuda", "-o", str(out)], check=True)
    return str(out)


def side(program: list[str], n: int, record: int | None, source: Path | None, scratch: Path,
         times: str = "all") -> dict:
    """One run of the loop `program`: natively (`record` None) or traced, recording `record`
    launches of each kernel and timing `times` (--launch-times); `source` the folder whose
    neutrino_py runs the trace."""
    cmd = [*program, str(n)]
    env = dict(os.environ)
    cwd = None
    if record is not None:
        env["NEUTRINO_CACHE"] = str(scratch / "cache")
        cmd = [sys.executable, "-m", "neutrino_py", "trace", "--probe", str(ROOT / "probes" / "block_sched.probe"),
               "--launches", str(record), *(["--launch-times", times] if times != "all" else []),
               "--tracedir", str(scratch / "traces"), "--", *cmd]
        cwd = source                     # `python -m` imports the package of its working folder
    start = time.perf_counter()
    out = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{out.stderr[-3000:]}")
    return {**json.loads(next(line for line in out.stdout.splitlines() if line.startswith("{"))), "wall_s": wall}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--source", type=Path, help="an older checkout to compare (its neutrino_py)")
    parser.add_argument("--workload", choices=("cupy", "c"), default="cupy")
    args = parser.parse_args()
    n = args.launches
    sides = {"native": (None, None, "all"), "traced, every launch recorded": (n + 10, ROOT, "all"),
             "traced, first launch recorded": (1, ROOT, "all")}
    if args.source:
        sides.update({f"{k} ({args.source.name})": (record, args.source.resolve(), "all")
                      for k, (record, _, _) in list(sides.items())[1:]})
    sides["traced, first launch recorded, --launch-times recorded"] = (1, ROOT, "recorded")
    runs: dict[str, list[dict]] = {name: [] for name in sides}
    with tempfile.TemporaryDirectory() as tmp:
        program = [sys.executable, str(LOOP)] if args.workload == "cupy" else [build_c(Path(tmp))]
        for r in range(args.rounds):
            for name, (record, source, times) in (sides.items() if r % 2 == 0 else reversed(sides.items())):
                scratch = Path(tmp) / f"{len(runs[name])}-{abs(hash(name))}"
                runs[name].append(side(program, n, record, source, scratch, times))
                print(f"round {r} {name}: {runs[name][-1]}", flush=True)
    med = {name: {k: statistics.median(x[k] for x in rs) for k in ("eager_us", "graph_us", "wall_s")}
           for name, rs in runs.items()}
    rows = [{"side": name, **m, "eager_ratio": round(m["eager_us"] / med["native"]["eager_us"], 3),
             "graph_ratio": round(m["graph_us"] / med["native"]["graph_us"], 3),
             "wall_ratio": round(m["wall_s"] / med["native"]["wall_s"], 3), "runs": runs[name]}
            for name, m in med.items()]
    info = gpu_info()
    suffix = "" if args.workload == "cupy" else "_c"
    path = write_results(RESULTS / f"launch_rate{suffix}-{device_slug(info['name'])}.json",
                         {"device": info["name"], "workload": args.workload, "launches": n, "rounds": args.rounds,
                          "source": args.source.name if args.source else None, "rows": rows})
    for row in rows:
        print(f"{row['side']:>56}: eager {row['eager_us']:.2f} us/launch ({row['eager_ratio']}x), "
              f"graph {row['graph_us']:.2f} us/launch ({row['graph_ratio']}x), "
              f"whole run {row['wall_s']:.2f} s ({row['wall_ratio']}x)")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
