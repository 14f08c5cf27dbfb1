"""Faults found by feeding the tool the GCN assembly Triton 3.9's AMD backend writes (350 modules:
70 kernels x gfx90a, gfx942, gfx950, gfx1100, gfx1200, compiled without a GPU;
two of them are in tests/corpus_gcn/triton/, where their README says how they were made):

- ``.amdgcn_target "amdgpu9.42-amd-amdhsa-unknown-gfx942"``: later LLVM spells the triple with
  the processor's subarch (``amdgpu<major>.<minor>``; ``amdgcn`` is its legacy alias). The target
  id was read as everything after ``--``, so every module was "not a processor neutrino_py
  instruments", and RDNA modules' parse errors named the triple instead of the processor; LLVM 19's
  llvm-mc knows only the legacy spelling, so the module is printed with it (a later LLVM, Triton's
  own, assembles both to the same object).

Linking needs llvm-mc and ld.lld for the processor (skipped without, as the other GCN tests do).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from neutrino_py import paths
from neutrino_py.asm.gcn import legacy_triple
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.errors import SourceError
from neutrino_py.probe import load_file
from neutrino_py.splice import instrument

from test_gcn_external import needs

TRITON = Path(__file__).parent / "corpus_gcn" / "triton"
FILES = sorted(TRITON.glob("*.s"))
PROBES = sorted(paths.probes_dir().glob("*.probe"))


def _mcpu(path: Path) -> str:
    return path.name.split(".")[-2]


def _legacy(text: str) -> str:
    """The module as LLVM 19 spells its target (the oracle: what the printer must produce)."""
    line = next(x for x in text.splitlines() if x.strip().startswith(".amdgcn_target"))
    written = line.split('"')[1]
    return text.replace(f'"{written}"', f'"{legacy_triple(written)}"', 1)


# ------------------------------------------------------------------------------ target ids

@pytest.mark.parametrize("written, target_id, printed", [
    ("amdgpu9.42-amd-amdhsa-unknown-gfx942", "gfx942", "amdgcn-amd-amdhsa--gfx942"),
    ("amdgpu9.0a-amd-amdhsa-unknown-gfx90a:xnack-", "gfx90a:xnack-", "amdgcn-amd-amdhsa--gfx90a:xnack-"),
    ("amdgpu9.50-amd-amdhsa-unknown-gfx950:sramecc+:xnack+", "gfx950:sramecc+:xnack+",
     "amdgcn-amd-amdhsa--gfx950:sramecc+:xnack+"),
    ("amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-", "gfx90a:sramecc+:xnack-",
     "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"),
    ("amdgcn-amd-amdpal--gfx942", "gfx942", "amdgcn-amd-amdpal--gfx942"),
])
def test_both_triple_spellings_name_the_processor_and_print_the_legacy_one(written, target_id, printed):
    m = parse_gcn(f'\t.amdgcn_target "{written}"\n\t.text\n')
    assert m.target_id == target_id and m.target == target_id.split(":")[0]
    assert m.to_text().splitlines()[0] == f'\t.amdgcn_target "{printed}"'


def test_an_rdna_module_in_the_subarch_spelling_is_refused_by_its_processor():
    text = ('\t.amdgcn_target "amdgpu11.00-amd-amdhsa-unknown-gfx1100"\n\t.text\nk:\n'
            '\tv_dual_mov_b32 v5, 0 :: v_dual_and_b32 v0, 31, v0\n')
    with pytest.raises(SourceError) as err:
        parse_gcn(text, "k.s")
    assert err.value.line == 4 and "the module is for gfx1100;" in err.value.hint


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_triton_modules_print_back_to_the_same_object(path):
    text = path.read_text()
    m = parse_gcn(text, path.name)
    assert m.target == _mcpu(path)
    needs(m.target)
    original = tools.gcn_to_object(_legacy(text), m.target_id)
    assert tools.gcn_to_object(m.to_text(), m.target_id) == original
    m.metadata().doc
    assert tools.gcn_to_object(m.to_text(), m.target_id) == original


@pytest.mark.parametrize("probe", PROBES, ids=lambda p: p.stem)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_triton_modules_link_under_every_stock_probe(path, probe):
    m = parse_gcn(path.read_text(), path.name)
    needs(m.target)
    instrument(m, load_file(probe))
    assert tools.gcn_to_hsaco(m.to_text(), m.target_id, path.name)
