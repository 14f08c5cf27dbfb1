"""A bounded, seeded fuzz pass: mutated PTX and mutated probes. Every outcome is a result or a
located SourceError / a ToolError, never another exception; a PTX module that parses is
instrumented and printed. The seeds are fixed, so a failure reproduces (the case id says which)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from neutrino_py import paths
from neutrino_py.asm import parse_ptx
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.errors import SourceError, ToolError
from neutrino_py.probe import load
from neutrino_py.splice import instrument

ROOT = Path(__file__).resolve().parent.parent
PTX = [ROOT / "examples" / "vector_add.ptx", ROOT / "tests" / "corpus" / "cuda" / "histogram.sm_90.ptx",
       ROOT / "tests" / "corpus" / "cuda" / "reduction.sm_80.ptx"]
GCN = [ROOT / "tests" / "corpus_gcn" / name
       for name in ("atomics.gfx942.s", "ir_kernarg.gfx90a.s", "scalar.gfx90a.s")]
PROBES = sorted(paths.probes_dir().glob("*.probe"))
CASES = 60                                   # per input file; each case is one mutated text
PIECES = [";", ",", "{", "}", "(", ")", "[", "]", ".", "%", "@", "!", "\n", " ", "//", "/*", "\"",
          "0x", "1e400", "-", "<", ">", "$", ":", "\0", "\udcff", "ld.global", "bra", ".reg",
          "ADDR", "IN1", "clock()", "save(", "map", "before", "after", "+", "*", "<<"]


def mutate(text: str, rng: random.Random) -> str:
    """1-4 edits: delete a span, duplicate one, insert a piece, or swap two lines."""
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(text) + 1)
        j = min(len(text), i + rng.randint(1, 40))
        kind = rng.randrange(4)
        if kind == 0:
            text = text[:i] + text[j:]
        elif kind == 1:
            text = text[:j] + text[i:j] + text[j:]
        elif kind == 2:
            text = text[:i] + rng.choice(PIECES) + text[i:]
        else:
            lines = text.split("\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
    return text


def _located(err: SourceError, text: str) -> None:
    assert err.line >= 1 and err.col >= 0, f"unlocated error: {err}"
    assert err.line <= text.count("\n") + 2, f"error past the end of the input: {err}"


@pytest.mark.parametrize("path", PTX, ids=lambda p: p.name)
def test_mutated_ptx(path: Path, tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    program = load((paths.probes_dir() / "dmat.probe").read_text(), "dmat.probe")
    original = path.read_text()
    outcomes = {"parsed": 0, "refused": 0}
    for seed in range(CASES):
        text = mutate(original, random.Random(f"{path.name}:{seed}"))
        try:
            module = parse_ptx(text, f"fuzz-{seed}.ptx").parse_all()
            instrument(module, program).module.to_text()
            outcomes["parsed"] += 1
        except SourceError as err:
            _located(err, text)
            outcomes["refused"] += 1
        except ToolError:
            outcomes["refused"] += 1
    assert outcomes["parsed"] + outcomes["refused"] == CASES
    assert outcomes["refused"] > 0                    # the mutations do reach the error paths


@pytest.mark.parametrize("path", PROBES, ids=lambda p: p.stem)
def test_mutated_probes(path: Path, tmp_path, monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    ptx = PTX[0].read_text()
    original = path.read_text()
    refused = 0
    for seed in range(CASES):
        text = mutate(original, random.Random(f"{path.name}:{seed}"))
        try:
            program = load(text, f"fuzz-{seed}.probe")
        except SourceError as err:
            _located(err, text)
            refused += 1
            continue
        try:
            instrument(parse_ptx(ptx, "vector_add.ptx"), program).module.to_text()
        except SourceError as err:
            _located(err, text)
        except ToolError:
            pass
    assert refused > 0


@pytest.mark.parametrize("path", GCN, ids=lambda p: p.name)
def test_mutated_gcn(path: Path, tmp_path, monkeypatch):
    """Mutated AMD assembly, its metadata YAML and kernel descriptors included, under three
    stock probes: a located error or instrumented text (a damaged argument list, register count
    or descriptor value raised KeyError / TypeError / ValueError in the target)."""
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    programs = [load((paths.probes_dir() / f"{n}.probe").read_text(), f"{n}.probe")
                for n in ("dmat", "gmem_bytes", "block_sched")]
    original = path.read_text()
    outcomes = {"instrumented": 0, "refused": 0}
    for seed in range(CASES):
        rng = random.Random(f"{path.name}:{seed}")
        text = mutate(original, rng)
        try:
            instrument(parse_gcn(text, f"fuzz-{seed}.s"), rng.choice(programs)).module.to_text()
            outcomes["instrumented"] += 1
        except SourceError as err:
            _located(err, text)
            outcomes["refused"] += 1
        except ToolError:
            outcomes["refused"] += 1
    assert outcomes["refused"] > 0 and outcomes["instrumented"] > 0
