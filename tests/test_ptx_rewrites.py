"""PTX written the ways other tools and hands write it: each rewrite of a corpus module that ptxas
accepts must parse, instrument and assemble too. Rewrites are textual on purpose (they make the
input, they are not how the tool edits PTX): immediates in other bases, registers and labels
renamed, address forms, statements split over lines or joined on one, CRLF line ends, extra
`{ }` scopes, `.pragma`s, entry attributes, `.loc` tails continued after a comma, and one
declaration per register. Found this way: a `.loc` tail continued on the next line was refused.
"""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Callable

import pytest

from neutrino_py import toolchain
from neutrino_py.asm import parse_ptx
from neutrino_py.paths import probe_file
from neutrino_py.probe import load_file
from neutrino_py.splice import instrument

ROOT = Path(__file__).resolve().parent.parent
MODULES = [ROOT / "tests" / "corpus" / "cuda" / "reduction.sm_80.lineinfo.ptx",
           ROOT / "tests" / "corpus" / "triton" / "softmax_kernel.sm_90a.ptx",
           ROOT / "tests" / "corpus" / "tinygrad" / "18_r_32_2_2_2_4_4_4_2.sm_90.ptx"]
PROBES = ("dmat", "memtrace", "opcode_mix", "branch_divergence")

pytestmark = pytest.mark.skipif(toolchain.find_tool("ptxas") is None,
                                reason="ptxas not installed (pip install nvidia-cuda-nvcc)")


def _some(pattern: str, text: str, r: random.Random, new: Callable[[re.Match], str]) -> str:
    """`pattern`'s matches replaced by `new` about half the time."""
    return re.sub(pattern, lambda m: new(m) if r.random() < 0.5 else m.group(0), text)


def immediates(text: str, r: random.Random) -> str:
    forms = (hex, lambda v: "0" + oct(v)[2:] if v else "0", lambda v: "0b" + bin(v)[2:],
             lambda v: f"{v}U")
    return _some(r"(,\s*)(\d+)(\s*;)", text, r,
                 lambda m: m.group(1) + r.choice(forms)(int(m.group(2))) + m.group(3))


def registers(text: str, r: random.Random) -> str:
    stem = r.choice(["rd", "r", "f", "p"])
    return re.sub(rf"%{stem}(?=[<\d])", f"%my${stem}", text)


def labels(text: str, r: random.Random) -> str:
    return re.sub(r"\$L__(\w+)", r"L_\1", text)


def addresses(text: str, r: random.Random) -> str:
    return _some(r"\[(%\w+)\]", text, r, lambda m: r.choice([f"[{m.group(1)}+0]", f"[ {m.group(1)} ]"]))


def split_lines(text: str, r: random.Random) -> str:
    return _some(r",[ \t]", text, r, lambda m: ",\n\t\t")


def join_lines(text: str, r: random.Random) -> str:
    return _some(r";\n(\s*)(?=[a-z@])", text, r, lambda m: "; ")


def crlf(text: str, r: random.Random) -> str:
    return text.replace("\n", "\r\n")


def scopes(text: str, r: random.Random) -> str:
    return _some(r"\n(\s+(?:add|mul|mov|cvt)\.[^;\n]*;)", text, r, lambda m: f"\n\t{{{m.group(1)}\n\t}}")


def pragmas(text: str, r: random.Random) -> str:
    return _some(r"\n(\$?\w+:)\n", text, r, lambda m: f"\n{m.group(1)}\n\t.pragma \"nounroll\";\n")


def entry_attributes(text: str, r: random.Random) -> str:
    return re.sub(r"(\.entry\s+\w+\s*\([^()]*\))", r"\1\n.maxntid 1024, 1, 1", text)


def loc_tails(text: str, r: random.Random) -> str:
    return re.sub(r"(\.loc\t\d+ \d+ \d+),", r"\1,\n\t\t", text)


def declarations(text: str, r: random.Random) -> str:
    def one_each(m: re.Match) -> str:
        n = int(m.group(3))
        return m.group(0) if n > 64 else \
            f".reg {m.group(1)} " + ", ".join(f"{m.group(2)}{i}" for i in range(n)) + ";"
    return re.sub(r"\.reg (\.\w+)\s+(%\w+)<(\d+)>;", one_each, text)


REWRITES = [immediates, registers, labels, addresses, split_lines, join_lines, crlf, scopes,
            pragmas, entry_attributes, loc_tails, declarations]


@pytest.mark.parametrize("rewrite", REWRITES, ids=lambda f: f.__name__)
def test_rewritten_ptx_that_ptxas_takes_is_instrumented_and_assembles(rewrite):
    taken = 0
    for i, path in enumerate(MODULES):
        original = path.read_text()
        text = rewrite(original, random.Random(f"{rewrite.__name__}:{path.name}"))
        arch = parse_ptx(original, str(path)).arch
        try:
            toolchain.run_ptxas(text, arch)
        except Exception:                      # noqa: BLE001 - not PTX: nothing to hold us to
            continue
        taken += 1
        probe = load_file(probe_file(PROBES[(i + REWRITES.index(rewrite)) % len(PROBES)]))
        out = instrument(parse_ptx(text, str(path), cache=False), probe).module.to_text()
        toolchain.run_ptxas(out, arch)
    assert taken > 0, "ptxas refused every rewrite: the rewrite is wrong, not the tool"
