"""How long instrumenting takes next to assembling the result: per corpus module and stock probe,
parse + instrument + print (the CPU work the engine adds; `parse_cpu_s` is the parsing part) vs
ptxas on the instrumented module.

One run, side by side in one process, after one untimed warm-up pass (the engine is a long-lived
process: grammar and template loading is reported as `warm_up_s`, not per module). Ratios compare
CPU seconds (this process's time vs ptxas's, both single-threaded), so other jobs on a shared
machine do not skew them; wall times are kept in every row too, and so is the time the garbage
collector took inside a row. Writes benchmarks/results/instrument_speed-cpu.json.
Goal: instrumenting <= 0.5x the ptxas time of the instrumented module.

    python benchmarks/instrument_speed.py [--probes dmat,opcode_mix] [--out PATH]
"""
from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import (RESULTS, platform_info, ptxas_seconds, tool_origin,  # noqa: E402
                               write_results)
from neutrino_py import toolchain  # noqa: E402
from neutrino_py.asm import parse_ptx  # noqa: E402
from neutrino_py.paths import probes_dir  # noqa: E402
from neutrino_py.probe import load_file  # noqa: E402
from neutrino_py.splice import instrument  # noqa: E402

CORPUS = ROOT / "tests" / "corpus"
GOAL = 0.5


class GcClock:
    """Seconds Python's cyclic garbage collector ran, so rows it lands in can be told apart."""

    def __init__(self) -> None:
        self.total, self._start = 0.0, 0.0
        gc.callbacks.append(self._tick)

    def _tick(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.total += time.perf_counter() - self._start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--probes", help="comma-separated stock probe names (default: all)")
    ap.add_argument("--out", default=str(RESULTS / "instrument_speed-cpu.json"))
    args = ap.parse_args()
    ptxas = toolchain.tool_path("ptxas")
    names = args.probes.split(",") if args.probes else None
    probes = [p for p in sorted(probes_dir().glob("*.probe")) if names is None or p.stem in names]
    programs = {p.stem: load_file(p) for p in probes}
    first = sorted(CORPUS.glob("*/*.ptx"))[0]
    start = time.perf_counter()            # first use: grammars, templates (reported apart)
    for program in programs.values():
        instrument(parse_ptx(first.read_text(), cache=False), program).module.to_text()
    cold = time.perf_counter() - start
    rows = []
    gcs = GcClock()
    print(f"{'module':44} {'probe':18} {'instr. CPU ms':>13} {'ptxas ms':>9} {'ratio':>6}")
    for ptx in sorted(CORPUS.glob("*/*.ptx")):
        text = ptx.read_text()
        for name, program in programs.items():
            start, cpu, collected = time.perf_counter(), time.process_time(), gcs.total
            module = parse_ptx(text, file=str(ptx), cache=False).parse_all()
            parsed_cpu = time.process_time() - cpu
            result = instrument(module, program)
            out = result.module.to_text()
            spliced, spliced_cpu = time.perf_counter() - start, time.process_time() - cpu
            in_gc = gcs.total - collected
            arch = module.arch or "sm_90"
            assembled, assembled_cpu = ptxas_seconds(ptxas, out, arch)
            rel = str(ptx.relative_to(CORPUS))
            rows.append({"module": rel, "probe": name, "arch": arch, "ptx_bytes": len(text),
                         "positions": sum(sum(m.positions.values()) for m in result.manifests.values()),
                         "instrument_s": spliced, "ptxas_s": assembled,
                         "wall_ratio": spliced / assembled,
                         "instrument_cpu_s": spliced_cpu, "ptxas_cpu_s": assembled_cpu,
                         "parse_cpu_s": parsed_cpu, "gc_s": in_gc,
                         "ratio": spliced_cpu / assembled_cpu})
            print(f"{rel:44} {name:18} {spliced_cpu * 1e3:13.1f} {assembled_cpu * 1e3:9.1f} "
                  f"{spliced_cpu / assembled_cpu:6.2f}")
    ratios = [r["ratio"] for r in rows]
    total_i = sum(r["instrument_cpu_s"] for r in rows)
    total_p = sum(r["ptxas_cpu_s"] for r in rows)
    summary = {"rows": len(rows), "ratio_of": "CPU seconds (process time vs ptxas child time)",
               "median_ratio": statistics.median(ratios), "max_ratio": max(ratios),
               "median_wall_ratio": statistics.median(r["wall_ratio"] for r in rows),
               "total_instrument_cpu_s": total_i, "total_ptxas_cpu_s": total_p,
               "total_ratio": total_i / total_p, "goal": GOAL,
               "rows_over_goal": sum(r > GOAL for r in ratios),
               "rows_over_goal_without_gc": sum(
                   (r["instrument_cpu_s"] - r["gc_s"]) / r["ptxas_cpu_s"] > GOAL for r in rows),
               "gc_s": sum(r["gc_s"] for r in rows),
               "parse_share": sum(r["parse_cpu_s"] for r in rows) / total_i}
    summary["warm_up_s"] = cold
    report = {"device": "cpu", "machine": platform_info(),
              "ptxas": tool_origin(ptxas), "ptxas_version": toolchain.tool_version("ptxas"),
              "summary": summary, "rows": rows}
    write_results(Path(args.out), report)
    print(f"\nmedian ratio {summary['median_ratio']:.3f}, max {summary['max_ratio']:.3f}, "
          f"total {total_i:.2f} s / {total_p:.2f} s = {summary['total_ratio']:.3f} "
          f"(goal <= {GOAL}); {summary['rows_over_goal']} of {len(rows)} over the goal, "
          f"{summary['rows_over_goal_without_gc']} without the garbage collector's pauses "
          f"({summary['gc_s']:.2f} s in all)")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
