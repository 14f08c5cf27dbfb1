"""benchmarks/fidelity.py reads Nsight Compute's CSV and says why a probe count differs from the
hardware's; the GPU run itself is the benchmark (this checks what it computes from its inputs)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
fidelity = pytest.importorskip("benchmarks.fidelity")

HEADER = ('"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size",'
          '"Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"')


def row(launch: int, kernel: str, metric: str, value: str) -> str:
    return (f'"{launch}","77","python3","127.0.0.1","{kernel}","1","7","(256, 1, 1)","(4, 1, 1)","0",'
            f'"9.0","Command line profiler metrics","{metric}","inst","{value}"')


def test_ncu_csv_sums_atomics_and_reductions_per_launch_in_order():
    text = "\n".join([
        "==PROF== Connected to process 77 (/usr/bin/python3)", HEADER,
        row(0, "vector_add", "sm__sass_inst_executed_op_global_ld.sum", "2,048"),
        row(0, "vector_add", "sm__sass_inst_executed_op_global_st.sum", "1,024"),
        row(0, "vector_add", "sm__sass_inst_executed_op_global_atom.sum", "0"),
        row(0, "vector_add", "sm__sass_inst_executed_op_global_red.sum", "0"),
        row(1, "histogram_atomic", "sm__sass_inst_executed_op_global_ld.sum", "512"),
        row(1, "histogram_atomic", "sm__sass_inst_executed_op_global_atom.sum", "300"),
        row(1, "histogram_atomic", "sm__sass_inst_executed_op_global_red.sum", "212"),
        "==PROF== Disconnected from process 77"])
    launches = fidelity.counters_by_launch(fidelity.parse_ncu_csv(text))
    assert launches == [{"kernel": "vector_add", "ld": 2048, "st": 1024, "atom": 0},
                        {"kernel": "histogram_atomic", "ld": 512, "st": 0, "atom": 512}]


def test_differences_are_explained_not_hidden():
    assert fidelity.explain("ld", {}, 10, 10, 10) == "1:1"
    assert "predicated off" in fidelity.explain("ld", {}, 10, 12, 10)
    assert "LDGSTS" in fidelity.explain("ld", {"cp.async": 2}, 12, 12, 8)
    assert "merged" in fidelity.explain("ld", {}, 12, 12, 6)
    assert "split" in fidelity.explain("st", {}, 6, 6, 12)
    assert fidelity.relative_error(9, 10) == pytest.approx(-0.1)
    assert fidelity.relative_error(0, 0) == 0.0


def test_the_counting_probe_counts_warp_level_global_accesses_on_the_simulator():
    from neutrino_py.probe import load
    from test_splice_simulated import vector_add

    maps, _, _, _ = vector_add(load(fidelity.PROBE, "fidelity.probe"))
    # 70 elements, 2 blocks of 48 threads: three warps reach the guarded body (the fourth has no
    # thread below n), each issuing two loads and one store
    for name in ("executed", "issued"):
        assert maps[name]["ld"].tolist() == [2, 2, 2, 0] and maps[name]["st"].tolist() == [1, 1, 1, 0]
        assert maps[name]["atom"].tolist() == [0, 0, 0, 0]
