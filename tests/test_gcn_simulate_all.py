"""The generic wave-simulator harness (benchmarks/gcn_simulate_all.py) on a small seeded sample of
the GCN corpus: launches derived from each kernel's metadata, every stock probe, both
processors. No sampled kernel may come out with a map that differs from its trace-derived
oracle, with changed outputs, or with an instrumented run that fails where the original ran.
The full run's table is benchmarks/results/gcn_simulate_all-cpu.json."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import gcn_simulate_all as harness  # noqa: E402

SAMPLE, SEED = 10, 17
BUGS = ("outputs-changed", "map-mismatch", "instrumented-crash")


@pytest.fixture(scope="module")
def sample_report():
    todo = random.Random(SEED).sample(harness.tasks(), SAMPLE)
    return harness.run_all(todo, jobs=1)


def test_sampled_kernels_have_exact_maps_and_unchanged_outputs(sample_report):
    assert sample_report["complete"] and sample_report["kernels_run"] == SAMPLE
    assert sample_report["bugs"] == []
    assert not any(sample_report["totals"].get(b) for b in BUGS)
    assert sample_report["totals"].get("exact", 0) >= 4 * len(harness.PROBES)


def test_derived_launch_follows_the_metadata():
    from neutrino_py.asm.gcn_parse import parse_gcn

    module = parse_gcn((harness.CORPUS / "kernels.gfx942.s").read_text(), "kernels.gfx942.s")
    grid, block, args = harness.derive_launch(module.kernel("saxpy").metadata, "kernels", "saxpy")
    assert grid == (2, 1, 1) and block == (64, 1, 1)
    assert [type(a) for a in args] == [int, int, bytes, bytes]            # n, a, x, y
    assert args[0] == harness.SCALAR and len(args[2]) == harness.BUFFER_BYTES
    again = harness.derive_launch(module.kernel("saxpy").metadata, "kernels", "saxpy")[2]
    assert again == args and args[2] != args[3]                             # seeded, per argument


def test_a_kernel_past_the_step_limit_is_reported_not_failed(monkeypatch):
    monkeypatch.setattr(harness, "ORIGINAL_STEPS", 100)
    res = harness.kernel_outcomes("kernels.gfx942.s", "gfx942", "collatz", ["dmat"])
    assert res["probes"]["dmat"]["outcome"] == "step-limit"
