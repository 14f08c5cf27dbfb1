"""The broad GCN corpus (tests/corpus_gcn/, built by build.sh) x the stock probes.

benchmarks/gcn_sweep.py instruments and links every kernel with every probe and commits its table
(benchmarks/results/gcn_sweep-cpu.json). Here: that table describes this corpus and holds no
crash, and a sample of kernel x probe pairs (one kernel per module, the probe rotating) gives
the same outcome again: linked, or refused with an error located at file:line:col.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.paths import probes_dir

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.gcn_sweep import CORPUS, outcome  # noqa: E402

SWEEP = json.loads((ROOT / "benchmarks" / "results" / "gcn_sweep-cpu.json").read_text())
FILES = sorted(CORPUS.glob("*.s"))
PROBES = sorted(probes_dir().glob("*.probe"))


def _kernels(path: Path) -> list[str]:
    return parse_gcn(path.read_text(), path.name).kernel_names()


def test_the_committed_sweep_covers_this_corpus_and_never_crashed():
    assert sorted(SWEEP["outcomes"]) == [f.name for f in FILES]
    assert SWEEP["probes"] == [p.stem for p in PROBES]
    for f in FILES:
        for probe, per_kernel in SWEEP["outcomes"][f.name].items():
            assert list(per_kernel) == _kernels(f), (f.name, probe)
    totals = SWEEP["totals"]
    assert "crash" not in totals
    assert sum(totals.values()) == sum(SWEEP["kernels"].values()) * len(PROBES)
    assert totals["ok"] > 0.8 * sum(totals.values())
    for per_probe in SWEEP["outcomes"].values():
        for per_kernel in per_probe.values():
            for o in per_kernel.values():
                if o["result"] == "refused":
                    file, line, col = o["where"].rsplit(":", 2)
                    assert file.endswith((".s", ".probe")) and int(line) > 0 and int(col) > 0


def _sample():
    for n, f in enumerate(FILES):
        kernels = _kernels(f)
        kernel = kernels[n % len(kernels)]
        probe = PROBES[n % len(PROBES)]
        yield pytest.param(f, kernel, probe, id=f"{f.stem}-{kernel}-{probe.stem}")


@pytest.mark.parametrize("path, kernel, probe", list(_sample()))
def test_a_sample_instruments_and_links_or_is_refused_where_the_sweep_says(path, kernel, probe):
    if tools.llvm_tool("llvm-mc") is None or tools.llvm_tool("ld.lld") is None \
            or not tools.supports(path.name.split(".")[1]):
        pytest.skip("no llvm-mc/ld.lld that assembles code object v5 (apt-get install llvm-19 lld-19)")
    got = outcome(path, probe, kernel)
    assert got["result"] != "crash", got
    assert got == SWEEP["outcomes"][path.name][probe.stem][kernel]
