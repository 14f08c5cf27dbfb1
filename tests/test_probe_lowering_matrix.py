"""Every probe the verifier and splicer accept lowers to PTX that ptxas accepts.

Probes are drawn from the language (positions x helpers x operands): one probe per pair, each
saving one value. Each is either refused with a location in the probe, or accepted; the
accepted ones of a module are then assembled together (one ptxas run; on a rejection the set is
halved until the probes ptxas refuses are named). Never accepted and then rejected.

Cost is bounded: every pair for two kernels chosen for their awkward operands (labels of
branches, call parameters, guarded instructions, `.loc` lines), plus a fixed seeded sample of
pairs over the rest of the corpus.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from neutrino_py.asm import parse_ptx
from neutrino_py.assemble import available, ptx_to_cubin
from neutrino_py.errors import SourceError, ToolError
from neutrino_py.probe import load
from neutrino_py.probe.ast import HELPERS, OPERANDS
from neutrino_py.splice import instrument

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
VALUES = [*OPERANDS, *(f"{h}()" for h in HELPERS)]
EVERY_PAIR = [ROOT / "examples" / "vector_add.ptx", CORPUS / "cuda" / "noinline.sm_80.lineinfo.ptx"]
SAMPLE = 80

pytestmark = pytest.mark.skipif(not available(), reason="no PTX assembler (nvJitLink or ptxas)")


def positions(module) -> list[str]:
    """entry, exit, block, before/after each opcode of the module (guarded ones with @ too),
    and the whole `.loc` range of each source file."""
    ins = [i for f in module.kernels() for i in f.instructions()]
    out = ["entry", "exit", "block"]
    for op in sorted({i.opcode for i in ins}):
        out += [f"before {op}", f"after {op}"]
    for op in sorted({i.opcode for i in ins if i.guard is not None}):
        out += [f"before @{op}", f"after @{op}"]
    files = {item.path.rsplit("/", 1)[-1] for item in module.items if type(item).__name__ == "File"}
    out += [f'{w} line "{f}":1-100000' for f in sorted(files) for w in ("before", "after")]
    return out


def probe(position: str, value: str) -> str:
    return f"map m[thread]: record(2) {{ u64 v; }}\n{position} {{ m.save({value}); }}\n"


def accepted(text: str, path: Path, pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The pairs the verifier and splicer accept; a refusal must point into the probe."""
    ok = []
    for position, value in pairs:
        source = probe(position, value)
        try:
            instrument(parse_ptx(text, str(path)), load(source, "gen.probe"))
        except SourceError as err:
            assert err.file == "gen.probe" and 1 <= err.line <= 2, f"{position} {value}: {err}"
            continue
        ok.append((position, value))
    return ok


def rejected(text: str, path: Path, arch: str, pairs: list[tuple[str, str]]) -> list[str]:
    """Pairs whose probes, spliced together, ptxas refuses (bisected down to single probes)."""
    if not pairs:
        return []
    maps = "map m[thread]: record(2) { u64 v; }\n"
    source = maps + "".join(f"{p} {{ m.save({v}); }}\n" for p, v in pairs)
    out = instrument(parse_ptx(text, str(path)), load(source, "gen.probe")).module.to_text()
    try:
        ptx_to_cubin(out, arch)
        return []
    except (SourceError, ToolError) as err:
        if len(pairs) == 1:
            return [f"{path.name}: {pairs[0][0]} {{ {pairs[0][1]} }}: {str(err).splitlines()[0]}"]
    half = len(pairs) // 2
    return rejected(text, path, arch, pairs[:half]) + rejected(text, path, arch, pairs[half:])


@pytest.mark.parametrize("path", EVERY_PAIR, ids=lambda p: p.name)
def test_every_pair(path: Path):
    text = path.read_text()
    module = parse_ptx(text, str(path))
    pairs = [(p, v) for p in positions(module) for v in VALUES]
    ok = accepted(text, path, pairs)
    assert 0 < len(ok) < len(pairs)                   # both outcomes are exercised
    assert rejected(text, path, module.arch, ok) == []


def test_seeded_sample_over_the_corpus():
    rng = random.Random(14)
    files = sorted(p for p in CORPUS.rglob("*.ptx") if ".G." not in p.name and p not in EVERY_PAIR)
    chosen: dict[Path, list[tuple[str, str]]] = {}
    for _ in range(SAMPLE):
        path = rng.choice(files)
        module = parse_ptx(path.read_text(), str(path))
        chosen.setdefault(path, []).append((rng.choice(positions(module)), rng.choice(VALUES)))
    problems = []
    for path, pairs in sorted(chosen.items()):
        text = path.read_text()
        ok = accepted(text, path, pairs)
        problems += rejected(text, path, parse_ptx(text, str(path)).arch, ok)
    assert problems == []
