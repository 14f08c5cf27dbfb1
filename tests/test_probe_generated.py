"""Whole probes drawn from the language: maps of every kind and level with mixed field types,
shared registers, filters, several statements per probe. Each is refused with a location in the
probe or accepted; every accepted one is spliced into a kernel and must assemble with ptxas.

The pairs of `test_probe_lowering_matrix` save one value of one map; these compose (a record of
float and integer fields side by side went through one vector store that ptxas refused; a shift
by a cast constant raised in the lowering). Seeded, so a failure reproduces from its case id.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from neutrino_py.asm import parse_ptx
from neutrino_py.assemble import available, ptx_to_cubin
from neutrino_py.errors import SourceError, ToolError
from neutrino_py.probe import load
from neutrino_py.splice import instrument

ROOT = Path(__file__).resolve().parent.parent
KERNELS = [ROOT / "examples" / "vector_add.ptx",
           ROOT / "tests" / "corpus" / "cuda" / "timed_matmul.sm_90.lineinfo.ptx",
           ROOT / "tests" / "corpus" / "triton" / "softmax_kernel.sm_90a.ptx"]
CASES = 160                                      # probes per kernel

TYPES = ["u32", "u64", "s32", "s64", "f32", "f64"]
HELPERS = ["clock()", "globaltimer()", "smid()", "warpid()", "laneid()", "activemask()",
           "blockid()", "threadid()", "warps()"]
BINARY = ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"]
COMPARE = ["==", "!=", "<", "<=", ">", ">="]
LITERALS = ["0", "1", "3", "31", "32", "4096", "0xffffffff", "0x100000000", "1_000", "1.5", "2e3"]
LEVELS = {"record": ["thread", "warp"], "fixed": ["thread", "warp", "block"],
          "row": ["thread", "warp", "block"], "counter": ["thread", "warp", "block", "sm", "kernel"],
          "hist": ["thread", "warp"], "lanes": ["warp"]}
POSITIONS = ["entry", "exit", "block", "before ld.global", "after ld.global", "before st.global",
             "before ld.*", "after ld.shared", "before *.shared", "before bar*", "after @bra",
             "before @bra", "before atom*", "after mov", "before add*", "after mul*",
             "before ld.global, st.global", "before mma*", "after setp", "after cvt*",
             'mark("mma_begin")', 'after mark("mma_end")', 'before line "timed_matmul.cu":1-40']
MEMORY = ("ld", "st.", "atom", "red")


class Generator:
    """One probe text per call, from `rng`: casts keep most of them well typed."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def expr(self, names: list[str], operands: list[str], depth: int) -> str:
        r = self.rng
        k = r.random()
        if depth <= 0 or k < 0.35:
            return r.choice(names + HELPERS + operands + [r.choice(LITERALS)] * 3)
        sub = lambda: self.expr(names, operands, depth - 1)            # noqa: E731
        if k < 0.75:
            cast = f"({r.choice(['u64', 'u32', 's64'])})" if r.random() < 0.6 else ""
            return f"({cast}{sub()} {r.choice(BINARY)} {cast}{sub()})"
        if k < 0.9:
            return f"({r.choice(TYPES)})({sub()})"
        return f"{r.choice(['-(s64)', '~'])}{sub()}"

    def probe(self) -> str:
        r = self.rng
        lines, maps, regs = [], [], {}
        for m in range(r.randint(1, 3)):
            kind = r.choice(list(LEVELS))
            level = r.choice(LEVELS[kind])
            fields = [(r.choice(TYPES), f"f{i}") for i in range(r.randint(1, 4))]
            if kind == "lanes":
                fields.append(("lanes", "addr"))
            body = "{ " + " ".join(f"{t} {n};" for t, n in fields) + " }"
            head = f"map m{m}[{level}]:"
            if kind == "hist":
                fields = [(r.choice(TYPES), "")]
                lines.append(f"{head} hist[{r.choice([1, 16, 256])}] {fields[0][0]}")
            else:
                lines.append({"record": f"{head} record {body} pool {r.choice(['64', '1 << 12'])}",
                              "lanes": f"{head} record {body} pool 1 << 12",
                              "fixed": f"{head} record({r.choice([1, 2, 16])}) {body}",
                              "row": f"{head} row {body}",
                              "counter": f"{head} counter {body}"}[kind])
            maps.append((f"m{m}", kind, fields))
        for g in range(r.randint(0, 2)):
            regs[f"g{g}"] = r.choice(TYPES)
            lines.append(f"reg {regs[f'g{g}']} g{g};")
        names = list(regs)
        for _ in range(r.randint(1, 3)):
            pos = r.choice(POSITIONS)
            operands = (["ADDR", "BYTES"] if any(k in pos for k in MEMORY) else []) + ["PC"] \
                + (["IN1", "IN2", "OPCODE"] if pos.startswith(("before", "after")) else []) \
                + (["OUT"] if pos.startswith("after") else [])
            e = lambda depth=2: self.expr(names, operands, depth)     # noqa: E731
            filt = f" / {e()} {r.choice(COMPARE)} {e(1)} /" if r.random() < 0.4 else ""
            stmts = []
            for _ in range(r.randint(1, 3)):
                name, kind, fields = r.choice(maps)
                if names and r.random() < 0.25:
                    g = r.choice(names)
                    stmts.append(f"{g} {r.choice(['=', '+=', '*=', '^=', '>>='])} ({regs[g]})({e()});")
                elif kind == "counter" and pos == "block" and r.random() < 0.5:
                    stmts.append(f"{name}.{fields[0][1]} += ({fields[0][0]})count(ld.*, bra);")
                elif kind == "counter":
                    t, f = r.choice(fields)
                    stmts.append(f"{name}.{f} += ({t})({e()});")
                elif kind == "hist":
                    stmts.append(f"{name}[(u32)({e(1)})] += ({fields[0][0]})({e(1)});")
                else:
                    values = [f"({t})({e()})" if t != "lanes" else r.choice(["ADDR", "IN1", "clock()"])
                              for t, _ in fields]
                    stmts.append(f"{name}.save({', '.join(values)});")
            lines.append(f"{pos}{filt} {{ {' '.join(stmts)} }}")
        return "\n".join(lines) + "\n"


@pytest.mark.skipif(not available(), reason="no PTX assembler (nvJitLink or ptxas)")
@pytest.mark.parametrize("path", KERNELS, ids=lambda p: p.name)
def test_generated_probes_are_refused_where_they_are_wrong_or_assemble(path: Path, tmp_path,
                                                                       monkeypatch):
    monkeypatch.setenv("NEUTRINO_CACHE", str(tmp_path))
    text = path.read_text()
    arch = parse_ptx(text, str(path)).arch
    rng = random.Random(f"generated:{path.name}")
    outcome = {"refused": 0, "assembled": 0}
    for case in range(CASES):
        source = Generator(rng).probe()
        try:
            out = instrument(parse_ptx(text, str(path)), load(source, "gen.probe")).module.to_text()
        except SourceError as err:
            assert err.file == "gen.probe" and 1 <= err.line <= source.count("\n"), \
                f"case {case}: {err}\n{source}"
            outcome["refused"] += 1
            continue
        try:
            ptx_to_cubin(out, arch)
        except (SourceError, ToolError) as err:
            pytest.fail(f"case {case}: accepted but ptxas refused it:\n{source}\n{str(err)[:800]}")
        outcome["assembled"] += 1
    assert outcome["refused"] > 0 and outcome["assembled"] >= 15, outcome


def instrument_text(text: str, path: str, program) -> str:
    from neutrino_py.splice import instrument

    return instrument(parse_ptx(text, path), program).module.to_text()
