"""Opcode patterns name PTX's opcodes and qualifiers (or the words of GCN's PTX-like names): a
misspelt one can never match, and is refused at the word with the pattern it most likely
meant, instead of a probe that "matched nothing" after instrumenting."""
from __future__ import annotations

import re

import pytest

from conftest import ROOT
from neutrino_py.asm.gcn_opcodes import ptx_name
from neutrino_py.asm.ptx_isa import KNOWN_OPCODES
from neutrino_py.errors import SourceError
from neutrino_py.probe import load
from neutrino_py.probe.patterns import known

PROBE = "map m: counter {{ u64 n; }}\nbefore {} {{ m.n += 1; }}\n"


def refused(pattern: str) -> SourceError:
    with pytest.raises(SourceError) as info:
        load(PROBE.format(pattern), "p.probe")
    return info.value


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))


@pytest.mark.parametrize("pattern, word, meant", [
    ("ld.gloabl", "gloabl", "ld.global"),
    ("st.shraed", "shraed", "st.shared"),
    ("ld.Global.v4", "Global", "ld.global.v4"),
    ("*.lcoal", "lcoal", "*.local"),
    ("@bra.unii", "unii", "@bra.uni"),
    ("ld.shared::clsuter", "shared::clsuter", "ld.shared::cluster"),
    ("ld.global.nc.L1::no_allcoate", "L1::no_allcoate", "ld.global.nc.L1::no_allocate"),
    ("atom.global.exhc", "exhc", "atom.global.exch"),
])
def test_a_misspelt_qualifier_is_refused_with_what_was_meant(pattern, word, meant):
    err = refused(pattern)
    assert err.message == f"unknown qualifier '{word}' in pattern '{pattern}'"
    assert (err.line, err.col, err.width) == (2, 8 + pattern.index(word), len(word))
    assert err.hint.startswith(f"did you mean '{meant}'? ")
    assert f"p.probe:2:{err.col}: error: " in str(err) and "^" + "~" * (len(word) - 1) in str(err)


def test_a_word_like_no_qualifier_is_refused_without_a_guess():
    err = refused("ld.global.qqqqqqqq")
    assert err.message == "unknown qualifier 'qqqqqqqq' in pattern 'ld.global.qqqqqqqq'"
    assert "did you mean" not in err.hint


def test_count_patterns_and_every_pattern_of_a_list_are_checked():
    assert refused("ld.global, st.gloabl").col == 22
    with pytest.raises(SourceError, match="unknown qualifier 'sahred'"):
        load("map m: counter { u64 n; }\nblock { m.n += count(ld.sahred); }\n", "p.probe")


@pytest.mark.parametrize("pattern", [
    "ld.global.nc.L1::no_allocate.L2::256B.v4.u32",
    "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes",
    "tcgen05.mma.cta_group::1.kind::f16.collector::a::fill",
    "tcgen05.ld.sync.aligned.16x32bx2.x128.pack::16b.b32",
    "tcgen05.wait::ld.sync.aligned",
    "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale."
    "scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0",
    "multimem.ld_reduce.relaxed.gpu.global.add.acc::f32.v4.f16x2",
    "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8x16.b6x16_p32",
    "clusterlaunchcontrol.query_cancel.get_first_ctaid::x.b32.b128",
    "cvt.rs.relu.satfinite.e2m1x4.f32", "redux.sync.min.abs.NaN.f32",
    "fence.proxy.async::generic.acquire.sync_restrict::shared::cluster",
    "ld.param::entry", "mbarrier.arrive.noComplete.shared.b64", "vmad.s32.u32.s32.shr7",
    "ld.global.dwordx4", "red.global.add_f32", "ld.shared.read2st64_b32", "setp.nlt.f32.e64",
    "ld.glo*al", "ld.g?obal", "*.*", "mma*",
])
def test_rare_valid_patterns_and_wildcards_are_accepted(pattern):
    load(PROBE.format(pattern), "p.probe")


_PTX_INSTRUCTION = re.compile(r"^\s*(?:@!?%?\w+\s+)?([a-z][a-z0-9_]*(?:\.[A-Za-z0-9_:]+)+)[\s;]",
                              re.M)
_GCN_INSTRUCTION = re.compile(r"^\s+((?:[sv]|global|flat|buffer|scratch|ds)_[a-z0-9_]+)\b", re.M)


def _names(pattern: re.Pattern, paths) -> set[str]:
    return {m.group(1) for p in paths for m in pattern.finditer(p.read_text(errors="replace"))}


def test_every_qualifier_of_the_corpora_is_known():
    """Each instruction of the PTX and GCN test corpora, as a pattern, names known words."""
    ptx = _names(_PTX_INSTRUCTION, (ROOT / "tests" / "corpus").rglob("*.ptx"))
    gcn = {ptx_name(op, []) for op in _names(_GCN_INSTRUCTION,
                                             (ROOT / "tests" / "corpus_gcn").glob("*.s"))}
    names = [n for n in ptx | gcn if n.split(".")[0] in KNOWN_OPCODES]
    assert len(names) > 300
    assert [n for n in names if not all(known(part) for part in n.split(".")[1:])] == []
