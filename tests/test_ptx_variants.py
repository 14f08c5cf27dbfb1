"""benchmarks/ptx_variants.py's folders: every side it would time is a module holding the kernel,
with the original's parameters first, that the assembler accepts (the GPU run is the benchmark's)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from neutrino_py import toolchain
from neutrino_py.asm import parse_ptx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FOLDERS = sorted(p.parent for p in (ROOT / "benchmarks" / "variants").glob("*/variants.json"))


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_each_side_extends_the_original_kernel_and_assembles(folder):
    from benchmarks.overhead import cases

    spec = json.loads((folder / "variants.json").read_text())
    assert spec["kernel"] in {c[0] for c in cases()} and spec["note"]
    assert sorted(p.stem for p in folder.glob("*.ptx")) == sorted(["native", *spec["sides"]])

    def params(name: str) -> list[str]:
        fn = next(f for f in parse_ptx((folder / f"{name}.ptx").read_text()).kernels()
                  if f.name == spec["kernel"])
        return [p.name for p in fn.params]

    own = params("native")
    for side in spec["sides"]:
        mine = params(side)
        assert mine[:len(own)] == own and all(p.startswith("__nt_") for p in mine[len(own):])
        if toolchain.find_tool("ptxas") is not None:
            cubin, _ = toolchain.ptxas_assemble(folder / f"{side}.ptx")
            assert cubin[:4] == b"\x7fELF"
