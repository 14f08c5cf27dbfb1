"""GCN: every probe the verifier and splicer accept lowers to assembly llvm-mc accepts.

The PTX matrix's counterpart (tests/test_probe_lowering_matrix.py), smaller because a GCN
instrument and an llvm-mc run cost more: a fixed seeded sample of positions x values over two
corpus kernels, each probe refused with a location in the probe or accepted; the accepted ones are
assembled in groups (one llvm-mc run per group, halved on a rejection to name the probe).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.errors import SourceError, ToolError
from neutrino_py.probe import load
from neutrino_py.probe.ast import HELPERS, OPERANDS
from neutrino_py.splice import instrument

CORPUS = Path(__file__).resolve().parent / "corpus_gcn"
VALUES = [*OPERANDS, *(f"{h}()" for h in HELPERS)]
# PTX opcode names the GCN target maps its instructions to (what probe patterns match)
PATTERNS = ["ld", "st", "atom", "red", "bar", "bra", "@bra", "add", "mul", "mad", "mov", "setp",
            "selp", "cvt", "shl", "and", "shfl", "min", "max", "ret", "exit", "ld.shared",
            "st.shared", "ld.global", "atom.global", "*"]
POSITIONS = ["entry", "exit", "block"] + [f"{w} {p}" for p in PATTERNS for w in ("before", "after")]
KERNELS = "^(vector_add|histogram)$"
SAMPLE, GROUP = 70, 10
MAP = "map m[thread]: record(2) { u64 v; }\n"


def _probe(pairs: list[tuple[str, str]]) -> str:
    return MAP + "".join(f"{p} {{ m.save({v}); }}\n" for p, v in pairs)


def _rejected(text: str, mcpu: str, pairs: list[tuple[str, str]]) -> list[str]:
    if not pairs:
        return []
    try:
        out = instrument(parse_gcn(text), load(_probe(pairs), "gen.probe"), KERNELS).module.to_text()
        tools.gcn_to_object(out, mcpu)
        return []
    except (SourceError, ToolError) as err:
        if len(pairs) == 1:
            return [f"{pairs[0][0]} {{ {pairs[0][1]} }}: {str(err).splitlines()[0]}"]
    half = len(pairs) // 2
    return _rejected(text, mcpu, pairs[:half]) + _rejected(text, mcpu, pairs[half:])


@pytest.mark.parametrize("mcpu", ["gfx90a", "gfx942"])
def test_seeded_sample(mcpu: str):
    if not tools.supports(mcpu):
        pytest.skip(f"no llvm-mc that assembles code object v5 for {mcpu} (apt-get install llvm-19)")
    text = (CORPUS / f"kernels.{mcpu}.s").read_text()
    rng = random.Random(f"gcn-{mcpu}")
    pairs = sorted({(rng.choice(POSITIONS), rng.choice(VALUES)) for _ in range(SAMPLE)})
    ok = []
    for position, value in pairs:
        try:
            instrument(parse_gcn(text), load(_probe([(position, value)]), "gen.probe"), KERNELS)
        except SourceError as err:
            assert err.file == "gen.probe" and 1 <= err.line <= 2, f"{position} {value}: {err}"
            continue
        ok.append((position, value))
    assert 0 < len(ok) < len(pairs)
    problems = [p for i in range(0, len(ok), GROUP) for p in _rejected(text, mcpu, ok[i:i + GROUP])]
    assert problems == []
