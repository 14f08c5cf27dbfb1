"""Every kernel of the GCN corpus x every stock probe: instrumented, assembled and linked, or
refused with a located error. Nothing here times anything; it is the full sweep that the test
suite only samples (tests/test_gcn_corpus.py), with its table committed.

For each module (tests/corpus_gcn/*.s) and probe (probes/*.probe), each kernel is instrumented on
its own (a fresh parse, `instrument(..., kernels="^name$")`) and linked with llvm-mc + ld.lld.
An outcome is `ok`, `refused` (a `SourceError` naming a file, line and column; grouped by its
message with numbers blanked) or `crash` (anything else: a bug, with the exception's last line).
Writes benchmarks/results/gcn_sweep-cpu.json (module x probe counts, reasons, totals) and prints
the totals and the reasons.

    python benchmarks/gcn_sweep.py [--jobs 2] [--modules REGEX] [--probes REGEX]
"""
from __future__ import annotations

import argparse
import re
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.common import RESULTS, cpu_name, platform_info, write_results  # noqa: E402
from neutrino_py.asm.gcn_parse import parse_gcn  # noqa: E402
from neutrino_py.assemble import gcn as tools  # noqa: E402
from neutrino_py.errors import SourceError  # noqa: E402
from neutrino_py.paths import probes_dir  # noqa: E402
from neutrino_py.probe import load_file  # noqa: E402
from neutrino_py.splice import instrument  # noqa: E402

CORPUS = ROOT / "tests" / "corpus_gcn"
_NUMBERS = re.compile(r"\b(0x[0-9a-f]+|[vsa]?\d+)\b")


def reason(err: SourceError) -> str:
    """A refusal's message with its numbers blanked, so that like refusals group together."""
    return _NUMBERS.sub("N", err.message)


def where(err: SourceError) -> str:
    """``file:line:col`` of an error, the file relative to the checkout (a stock probe's path)."""
    file = Path(err.file)
    if file.is_absolute() and file.is_relative_to(ROOT):
        file = file.relative_to(ROOT)
    return f"{file}:{err.line}:{err.col}"


def outcome(path: Path, probe: Path, kernel: str) -> dict:
    """One kernel x probe: {"result": ok|refused|crash, "reason": ..., "where": file:line:col}."""
    text = path.read_text()
    try:
        module = parse_gcn(text, path.name)
        instrument(module, load_file(probe), kernels=f"^{re.escape(kernel)}$")
        tools.gcn_to_hsaco(module.to_text(), module.target_id, path.name)
    except SourceError as err:
        located = err.line > 0 and err.col > 0 and bool(err.file)
        return {"result": "refused" if located else "crash", "reason": reason(err), "where": where(err)}
    except Exception as err:          # noqa: BLE001 - a crash is what the sweep is looking for
        last = traceback.format_exception_only(type(err), err)[-1].strip()
        return {"result": "crash", "reason": last, "where": traceback.format_tb(err.__traceback__)[-1]}
    return {"result": "ok"}


def sweep_module(path: Path, probes: list[Path]) -> dict:
    """{probe: {kernel: outcome}} for every kernel of one module."""
    kernels = parse_gcn(path.read_text(), path.name).kernel_names()
    return {p.stem: {k: outcome(path, p, k) for k in kernels} for p in probes}


def table(results: dict[str, dict]) -> dict:
    """Counts per module x probe, reasons with counts, totals."""
    rows, reasons, totals = {}, Counter(), Counter()
    for module, per_probe in results.items():
        for probe, per_kernel in per_probe.items():
            cell = Counter(o["result"] for o in per_kernel.values())
            rows.setdefault(module, {})[probe] = dict(cell)
            totals.update(cell)
            for o in per_kernel.values():
                if o["result"] != "ok":
                    reasons[f"{o['result']}: {o['reason']}"] += 1
    return {"table": rows, "reasons": dict(reasons.most_common()), "totals": dict(totals)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--modules", default=".", help="regex over module file names")
    ap.add_argument("--probes", default=".", help="regex over probe names")
    args = ap.parse_args()
    files = [p for p in sorted(CORPUS.glob("*.s")) if re.search(args.modules, p.name)]
    probes = [p for p in sorted(probes_dir().glob("*.probe")) if re.search(args.probes, p.stem)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = dict(zip((f.name for f in files), pool.map(sweep_module, files, [probes] * len(files))))
    summary = table(results)
    kernels = {g: sum(len(next(iter(r.values()))) for m, r in results.items() if f".{g}" in m)
               for g in ("gfx90a", "gfx942")}
    data = {"machine": cpu_name(), **platform_info(), "llvm": tools.llvm_version(),
            "modules": len(files), "kernels": kernels, "probes": [p.stem for p in probes],
            "seconds": round(time.perf_counter() - start, 1), **summary,
            "outcomes": results}
    out = write_results(RESULTS / "gcn_sweep-cpu.json", data)
    print(f"{len(files)} modules, kernels {kernels}, {len(probes)} probes, {data['seconds']} s")
    print("totals:", summary["totals"])
    for why, n in summary["reasons"].items():
        print(f"{n:6d}  {why}")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
