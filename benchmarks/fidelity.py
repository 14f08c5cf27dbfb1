"""Probe counts against the hardware's own (needs a GPU and Nsight Compute).

    python benchmarks/fidelity.py [--only vector_add,saxpy] [--out results/fidelity-<device>.json]

For every launchable corpus kernel (CUDA C and Triton, sm_90/sm_90a, on the corpus launch recipes)
the warp-level numbers of global load, store and atomic instructions are counted two ways by
probes and compared with Nsight Compute's counters of the same kernel on the same inputs
(`smsp__inst_executed_op_global_{ld,st,atom,red}.sum`):

- *executed*: `[warp]` counters `before ld.global` etc. count a warp once when at least one lane
  runs the instruction (a guarded access with every lane switched off is not counted);
- *issued*: `count(ld.global)` at every basic block entry counts the instructions the warp issues,
  predicated-off or not, as the hardware's `inst_executed` does.

Where PTX and SASS legitimately differ (ptxas merging or splitting accesses, `cp.async` becoming
LDGSTS, local memory), the row says why instead of hiding it. `time_range` is compared with the
`clock64()` reads the `timed_matmul` kernel makes around the same marks in the same launch.
Nsight Compute runs this script on itself (`--child`), so each kernel's counters come from a
launch of the original kernel alone. Writes benchmarks/results/fidelity-<device>.json.
"""
from __future__ import annotations

import argparse
import csv
import io
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT / "tests" / "corpus"

from benchmarks.common import RESULTS, device_slug, write_results  # noqa: E402
sys.path.insert(0, str(ROOT / "tests" / "gpu"))
from corpus_runs import launchable, recipe  # noqa: E402

KINDS = ("ld", "st", "atom")
METRICS = {"ld": ("smsp__inst_executed_op_global_ld.sum",),
           "st": ("smsp__inst_executed_op_global_st.sum",),
           "atom": ("smsp__inst_executed_op_global_atom.sum", "smsp__inst_executed_op_global_red.sum")}

PROBE = """
map executed[warp]: counter { u64 ld; u64 st; u64 atom; }
map issued[warp]: counter { u64 ld; u64 st; u64 atom; }
before ld.global { executed.ld += 1; }
before st.global { executed.st += 1; }
before atom.global, red.global { executed.atom += 1; }
block {
    issued.ld += count(ld.global);
    issued.st += count(st.global);
    issued.atom += count(atom.global, red.global);
}
"""

TIMING_PROBE = (ROOT / "probes" / "time_range.probe").read_text()


def parse_ncu_csv(text: str) -> list[dict]:
    """Nsight Compute's `--csv` output, one dict per (launch, metric): the launch's ID, kernel
    name, metric name and value as a number (thousands separators removed)."""
    rows = []
    lines = [line for line in text.splitlines() if line.startswith('"')]
    for row in csv.DictReader(io.StringIO("\n".join(lines))):
        value = row.get("Metric Value", "").replace(",", "")
        try:
            number = float(value)
        except ValueError:
            continue
        rows.append({"id": int(row["ID"]), "kernel": row["Kernel Name"], "metric": row["Metric Name"],
                     "value": number})
    return rows


def counters_by_launch(rows: list[dict]) -> list[dict]:
    """Per launch, in launch order: {"kernel", "ld", "st", "atom"} summed over METRICS."""
    launches: dict[int, dict] = {}
    for row in rows:
        entry = launches.setdefault(row["id"], {"kernel": row["kernel"], **{k: 0 for k in KINDS}})
        for kind, names in METRICS.items():
            if row["metric"] in names:
                entry[kind] += int(row["value"])
    return [launches[i] for i in sorted(launches)]


def relative_error(probe: int, hardware: int) -> float:
    if hardware == 0:
        return 0.0 if probe == 0 else float("inf")
    return (probe - hardware) / hardware


def explain(kind: str, ptx_ops: dict, executed: int, issued: int, hardware: int) -> str:
    """Why a probe count and the hardware's differ, from what the kernel's PTX holds."""
    if hardware == executed == issued:
        return "1:1"
    if hardware == issued != executed:
        return ("the hardware counts instructions issued with every lane predicated off; the "
                "executed count leaves those out and the issued count matches")
    if kind == "ld" and ptx_ops.get("cp.async") and hardware < issued:
        return "cp.async is LDGSTS in SASS, not a global load (counted apart by the hardware)"
    if hardware < issued:
        return ("ptxas merged or removed PTX global accesses (e.g. two loads of one address, or "
                "adjacent scalar loads into one vector load): SASS issues fewer")
    return ("ptxas split PTX global accesses (e.g. an unaligned or 64-bit access into two) or "
            "global accesses come from device functions or local memory: SASS issues more")


def ptx_ops(text: str) -> dict:
    """How many PTX instructions of the kinds `explain` looks at the module holds."""
    return {"cp.async": text.count("cp.async.")}


def child(selected: list[tuple[str, str]]) -> int:
    """Under Nsight Compute: launch each original kernel once, in order, on its recipe's inputs."""
    from corpus_runs import corpus_kernel, run_recipe

    for file, name in selected:
        run_recipe(corpus_kernel(file, name), recipe(file, name))
    return 0


def hardware_counts(selected: list[tuple[str, str]], ncu: str, log: Path) -> list[dict]:
    metrics = ",".join(m for names in METRICS.values() for m in names)
    cmd = [ncu, "--clock-control", "none", "--csv", "--metrics", metrics, "--log-file", str(log),
           sys.executable, __file__, "--child", ",".join(f"{f}:{k}" for f, k in selected)]
    print("running:", " ".join(cmd), flush=True)
    proc = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ))
    if proc.returncode:
        raise SystemExit(f"ncu failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    launches = counters_by_launch(parse_ncu_csv(log.read_text()))
    if len(launches) != len(selected):
        raise SystemExit(f"ncu profiled {len(launches)} launches, expected {len(selected)}:\n"
                         + log.read_text()[-3000:])
    return launches


def probe_counts(file: str, name: str) -> dict:
    import neutrino_py as nt
    from corpus_runs import corpus_kernel, run_recipe

    run = run_recipe(corpus_kernel(file, name).instrument(nt.Probe(PROBE, file="fidelity.probe")),
                     recipe(file, name)).run
    return {m: {k: int(run.maps[m][k].sum()) for k in KINDS} for m in ("executed", "issued")}


def timing(file: str = "cuda/timed_matmul.sm_90.ptx", name: str = "timed_matmul") -> dict:
    """time_range's cycles against the kernel's own clock64() reads, in one instrumented launch."""
    import neutrino_py as nt
    from corpus_runs import corpus_kernel, run_recipe

    out = run_recipe(corpus_kernel(file, name).instrument(nt.Probe(TIMING_PROBE, file="time_range.probe")),
                     recipe(file, name))
    probe = out.run.maps["ranges"]["cycles"].astype("int64")
    source = out.nondeterministic["cycles"].astype("int64")
    source = source[source > 0]
    total_probe, total_source = int(probe.sum()), int(source.sum())
    return {"kernel": name, "warps_probe": int(probe.size), "warps_source": int(source.size),
            "cycles_probe": total_probe, "cycles_source": total_source,
            "relative_error": relative_error(total_probe, total_source),
            "median_probe": float(sorted(probe)[probe.size // 2]) if probe.size else 0.0,
            "median_source": float(sorted(source)[source.size // 2]) if source.size else 0.0,
            "why": "the probe's clock reads sit inside the source's (after the first and before the "
                   "second clock64), so the probe's range is shorter by the reads between them"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated kernel names")
    parser.add_argument("--out", default=None, help="JSON path (default: results/fidelity-<device>.json)")
    parser.add_argument("--ncu", default=shutil.which("ncu") or "ncu", help="Nsight Compute CLI")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        return child([tuple(item.split(":", 1)) for item in args.child.split(",")])

    from neutrino_py.runtime import device

    dev = device()
    selected = [(f, k) for f, k in launchable() if not args.only or k in args.only.split(",")]
    out = Path(args.out) if args.out else RESULTS / f"fidelity-{device_slug(dev.name)}.json"
    with tempfile.TemporaryDirectory() as tmp:
        hardware = hardware_counts(selected, args.ncu, Path(tmp) / "ncu.csv")
    rows = []
    print(f"{'kernel':28} {'kind':5} {'ncu':>10} {'executed':>10} {'issued':>10}  why")
    for (file, name), hw in zip(selected, hardware):
        counts = probe_counts(file, name)
        ops = ptx_ops((CORPUS / file).read_text())
        for kind in KINDS:
            executed, issued = counts["executed"][kind], counts["issued"][kind]
            why = explain(kind, ops, executed, issued, hw[kind])
            rows.append({"kernel": name, "file": file, "kind": kind, "ncu": hw[kind],
                         "executed": executed, "issued": issued,
                         "error_executed": relative_error(executed, hw[kind]),
                         "error_issued": relative_error(issued, hw[kind]), "why": why})
            print(f"{name[:28]:28} {kind:5} {hw[kind]:10d} {executed:10d} {issued:10d}  {why}", flush=True)
    time_row = timing()
    print(f"time_range on {time_row['kernel']}: probe {time_row['cycles_probe']} cycles, clock64() "
          f"{time_row['cycles_source']} cycles, relative error {time_row['relative_error']:+.4%}")
    exact = sum(1 for r in rows if r["ncu"] == r["issued"])
    write_results(out, {"device": dev.name, "arch": dev.arch, "metrics": METRICS,
                        "summary": {"rows": len(rows), "kernels": len(selected),
                                    "issued_equal_to_ncu": exact,
                                    "timing_relative_error": time_row["relative_error"]},
                        "rows": rows, "timing": time_row})
    print(f"{exact} of {len(rows)} (kernel, kind) counts equal Nsight Compute's; wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
