"""benchmarks/sass_counts.py counts what the assembler made of a kernel, native and built by a
checkout's `neutrino instrument`."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from conftest import CORPUS
from neutrino_py import toolchain

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

pytestmark = pytest.mark.skipif(
    toolchain.find_tool("ptxas") is None or toolchain.find_tool("cuobjdump") is None,
    reason="needs ptxas and cuobjdump (the nvidia-cuda-nvcc and nvidia-cuda-cuobjdump wheels)")


def test_counts_are_the_assemblers_and_a_build_adds_the_probes_instructions():
    from benchmarks.common import instrumented_by
    from benchmarks.sass_counts import assembled
    from neutrino_py.paths import probes_dir

    ptx = (CORPUS / "cuda" / "vector_add.sm_90.ptx").read_text()
    native = assembled(ptx, "vector_add")
    report = toolchain.ptxas_report(ptx, "sm_90")
    assert native["registers"] == int(re.search(r"Used (\d+) registers", report).group(1))
    assert native["spill_stores"] == 0 and 10 < native["sass"] < 40     # no NOPs counted
    built, manifest = instrumented_by(ROOT, ptx, "vector_add",
                                      (probes_dir() / "memtrace.probe").read_text())
    assert manifest["kernel"] == "vector_add"
    assert [m["name"] for m in manifest["maps"]] == ["mem", "mem__addr"]
    probed = assembled(built, "vector_add")
    assert probed["sass"] > 10 * native["sass"] and probed["registers"] > native["registers"]
