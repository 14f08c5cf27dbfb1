"""`neutrino doctor` reports the AMD toolchain without failing a machine that has none."""
from __future__ import annotations

import shutil

import pytest

from neutrino_py.assemble import gcn
from neutrino_py.hook import doctor


def clear() -> None:
    gcn.llvm_tool.cache_clear()
    gcn.supports.cache_clear()
    gcn.llvm_version.cache_clear()


@pytest.fixture(autouse=True)
def fresh_lookups():
    clear()
    yield
    clear()


def test_a_missing_llvm_mc_is_reported_with_a_fix_and_is_optional(monkeypatch):
    monkeypatch.setenv("NEUTRINO_LLVM_MC", "/nonexistent/llvm-mc")
    ok, detail, fix = doctor._amd_toolchain()
    assert not ok and detail == "llvm-mc not found (needed for AMD GPUs only)"
    assert "apt-get install llvm-19 lld-19" in fix and "NEUTRINO_LLVM_MC" in fix


@pytest.mark.skipif(not (gcn.llvm_tool("llvm-mc") and gcn.supports("gfx942")),
                    reason="needs an llvm-mc that assembles gfx942 (LLVM 17+)")
def test_versions_and_processors_are_named():
    ok, detail, _ = doctor._amd_toolchain()
    assert ok and detail.startswith(f"llvm-mc {gcn.llvm_version()} (")
    assert detail.endswith("assembles gfx90a, gfx942") and "ld.lld " in detail
    assert shutil.which(str(gcn.llvm_tool("ld.lld"))) is not None
