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

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT / "tests" / "corpus"

from benchmarks.common import RESULTS, device_slug, write_results  # noqa: E402
sys.path.insert(0, str(ROOT / "tests" / "gpu"))
from corpus_runs import launchable, recipe  # noqa: E402

KINDS = ("ld", "st", "atom")
# SASS warp-level instruction counts (Nsight Compute's descriptions: LDG and LD; STG and ST; ATOM
# and ATOMG; REDG). smsp__inst_executed_op_global_red reads 0 for REDG on the H100, so the sass
# metrics are the ones compared.
METRICS = {"ld": ("sm__sass_inst_executed_op_global_ld.sum",),
           "st": ("sm__sass_inst_executed_op_global_st.sum",),
           "atom": ("sm__sass_inst_executed_op_global_atom.sum", "sm__sass_inst_executed_op_global_red.sum")}

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
# one record per pass, saved at the second mark into the shared pool (the stock probe until
# 2026-11-24): its pool atomic runs before the kernel's own second clock64()
TIMING_EACH = """
map ranges[warp]: record { u64 cycles; u32 sm; }
reg u64 t0;
before mark("mma_begin") { t0 = clock(); }
after  mark("mma_end")   { ranges.save(clock() - t0, smid()); }
"""


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
    """Why a probe count and the hardware's differ, from what the kernel's PTX holds. The SASS
    counters count a warp's instruction when at least one lane has its predicate on, as the
    executed count does; `issued` also counts those with every lane switched off."""
    if hardware == executed:
        return "1:1" if executed == issued else (
            "1:1 with the executed count; issued also counts instructions whose lanes are all "
            "predicated off, which the hardware counter leaves out")
    if kind in ("ld", "st") and ptx_ops.get(f"wmma.{'load' if kind == 'ld' else 'store'}"):
        return (f"wmma.{'load' if kind == 'ld' else 'store'} of a fragment in global memory is not "
                f"{kind}.global in PTX but several global {kind} instructions in SASS")
    if kind == "ld" and ptx_ops.get("cp.async") and hardware < executed:
        return "cp.async is LDGSTS in SASS, not a global load (counted apart by the hardware)"
    if hardware < executed:
        return ("ptxas merged or removed PTX global accesses (e.g. two loads of one address, or "
                "adjacent scalar loads into one vector load): SASS executes fewer")
    return ("ptxas split PTX global accesses (e.g. an unaligned or 64-bit access into two) or "
            "global accesses come from device functions or local memory: SASS executes more")


def ptx_ops(text: str) -> dict:
    """How many PTX instructions of the kinds `explain` looks at the module holds."""
    return {op: text.count(op + ".") for op in ("cp.async", "wmma.load", "wmma.store")}


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


def timing(probes: dict[str, str], file: str = "cuda/timed_matmul.sm_90.ptx", name: str = "timed_matmul",
           runs: int = 11) -> dict:
    """Each time_range variant's cycles against the kernel's own clock64() reads around the same
    marks: in the original kernel (what a user wants measured) and in the same instrumented launch."""
    import neutrino_py as nt
    from corpus_runs import corpus_kernel, run_recipe

    kernel, rec = corpus_kernel(file, name), recipe(file, name)
    variants = {v: kernel.instrument(nt.Probe(text, file=f"{v}.probe")) for v, text in probes.items()}

    def source_total(outcome) -> int:
        cycles = outcome.nondeterministic["cycles"].astype("int64")
        return int(cycles[cycles > 0].sum())

    def worst_warp(outcome) -> float | None:
        """Largest per-warp relative error against the same warp's clock64() range, where the
        records say which warp they belong to (fixed per-warp records carry `unit`)."""
        ranges = outcome.run.maps["ranges"]
        if "unit" not in (ranges.dtype.names or ()):
            return None
        source = outcome.nondeterministic["cycles"].astype("float64")[ranges["unit"]]
        return float(np.max(np.abs(ranges["cycles"].astype("float64") / source - 1)))

    median = lambda xs: sorted(xs)[len(xs) // 2]  # noqa: E731
    native = []
    probe: dict[str, list[int]] = {v: [] for v in variants}
    same_launch: dict[str, list[int]] = {v: [] for v in variants}
    warp_worst: dict[str, list[float]] = {v: [] for v in variants}
    for _ in range(runs):            # interleaved, so clock changes over the run hit every side
        native.append(source_total(run_recipe(kernel, rec)))
        for v, inst in variants.items():
            outcome = run_recipe(inst, rec)
            probe[v].append(int(outcome.run.maps["ranges"]["cycles"].astype("int64").sum()))
            same_launch[v].append(source_total(outcome))
            worst = worst_warp(outcome)
            if worst is not None:
                warp_worst[v].append(worst)
    out = {"kernel": name, "runs": runs, "native_clock64_cycles": native, "variants": {}}
    for v in variants:
        out["variants"][v] = {
            "probe_cycles": probe[v], "instrumented_clock64_cycles": same_launch[v],
            "relative_error": relative_error(median(probe[v]), median(native)),
            "relative_error_same_launch": relative_error(median(probe[v]), median(same_launch[v])),
            "relative_error_same_launch_max": max(abs(relative_error(p, s))
                                                  for p, s in zip(probe[v], same_launch[v])),
            "worst_warp_relative_error_same_launch": max(warp_worst[v], default=None)}
    out["why_same_launch"] = ("time_range_each saves its record before the kernel's own second "
                              "clock64(), so the kernel's range includes the save; the stock "
                              "time_range saves at the warp's exit")
    return out


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
    time_row = timing({"time_range": TIMING_PROBE, "time_range_each": TIMING_EACH})
    for v, t in time_row["variants"].items():
        print(f"{v} on {time_row['kernel']} ({time_row['runs']} runs each): probe {t['probe_cycles']} "
              f"cycles, clock64() in the original kernel {time_row['native_clock64_cycles']}: relative "
              f"error of the medians {t['relative_error']:+.4%} (against the instrumented launch's own "
              f"clock64(): {t['relative_error_same_launch']:+.4%}, worst warp "
              f"{t['worst_warp_relative_error_same_launch']})")
    exact = sum(1 for r in rows if r["ncu"] == r["executed"])
    write_results(out, {"device": dev.name, "arch": dev.arch, "metrics": METRICS,
                        "summary": {"rows": len(rows), "kernels": len(selected),
                                    "executed_equal_to_ncu": exact,
                                    "timing_relative_error": {v: t["relative_error"] for v, t
                                                              in time_row["variants"].items()}},
                        "rows": rows, "timing": time_row})
    print(f"{exact} of {len(rows)} (kernel, kind) counts equal Nsight Compute's; wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
