"""The fast statement scan (`asm.scan`) against the grammar it stands in for: on every corpus body
the scan builds exactly the statements, operands, positions and `.loc`s the Lark grammar builds,
and on damaged bodies it either agrees with the grammar or hands the body to it (never accepts
text the grammar refuses)."""
from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from neutrino_py.asm import ir, parse_ptx, parser, scan
from neutrino_py.errors import SourceError

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*/*.ptx"))


def shape(stmts: list[ir.Statement]) -> list[tuple]:
    """Everything a later stage reads from a body, in order."""
    out = []
    for s in ir.walk(stmts):
        if isinstance(s, ir.Instruction):
            loc = s.loc and (s.loc.file, s.loc.source_line, s.loc.source_col, s.loc.extra)
            out.append(("ins", s.name, s.guard, s.guard_negated, s.operands, s.line, s.col, loc))
        elif isinstance(s, ir.Block):
            out.append(("block", s.line, s.col))
        else:
            out.append((type(s).__name__, s.to_text(), s.line, s.col))
    return out


def by_grammar(text: str, line: int, col: int) -> list[ir.Statement]:
    return parser.grammar_body(text, line, col, "<body>")


def bodies(path: Path):
    for fn in parse_ptx(path.read_text(), file=str(path), cache=False).functions():
        yield fn.name, fn._body_text, fn._body_pos


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_scan_builds_what_the_grammar_builds(path):
    for name, text, (line, col) in bodies(path):
        scanned = parser._scanner().scan(text, line, col)
        assert scanned is not None, f"{name}: compiler output should not need the grammar"
        assert shape(scanned) == shape(by_grammar(text, line, col)), name


def test_operands_read_lazily_equal_the_grammars_args_rule():
    seen = 0
    for path in CORPUS:
        for fn in parse_ptx(path.read_text(), cache=False).functions():
            for s in ir.walk(fn.body):
                if isinstance(s, ir.Instruction) and s.args:
                    assert s.operands == parser.grammar_args(s.args, s._named), s.args
                    seen += 1
    assert seen > 10_000


def test_unread_operands_print_as_written_and_assigned_ones_as_nodes():
    text = (".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
            "\t.reg .b64 %rd<3>;\n\tld.global.b32 { %r1 }, [ %rd1 + 0 ];\n\tret;\n}\n")
    module = parse_ptx(text, cache=False)
    ld = next(module.kernels()).body[1]
    assert ld.to_text() == "ld.global.b32 \t{ %r1 }, [ %rd1 + 0 ];"
    assert ld.address == ir.Address(ir.Register("%rd1"), 0, None, True)
    assert ld.to_text() == "ld.global.b32 \t{ %r1 }, [ %rd1 + 0 ];"     # read, not changed
    ld.operands = [ld.operands[0], ir.Address(ir.Register("%rd2"))]
    assert ld.to_text() == "ld.global.b32 \t{%r1}, [%rd2];"


def test_named_registers_of_inline_asm_are_registers_when_read_lazily():
    text = (".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
            "\t{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %r1, 0;\n\tselp.u32 %r2, 1, 0, p;\n\t}\n"
            "\tret;\n}\n")
    block = next(parse_ptx(text, cache=False).kernels()).body[0]
    setp, selp = block.body[1], block.body[2]
    assert setp.operands[0] == ir.Register("p") and selp.operands[3] == ir.Register("p")


def _mutations(text: str, rng: random.Random, n: int):
    pieces = [";", ",", "{", "}", "[", "]", "@", "!", "%", "//", "/*", "*/", ":", ".", " ", "\n",
              "+", "-", "0x", "|", "(", ")", ".reg", ".loc 1 2 3", "<4>", "_", "$"]
    for _ in range(n):
        at = rng.randrange(len(text) + 1)
        cut = rng.randrange(0, 4)
        yield text[:at] + rng.choice(pieces) + text[at + cut:]


@pytest.mark.parametrize("path", CORPUS[::6], ids=lambda p: p.name)
def test_damaged_bodies_are_never_accepted_by_the_scan_alone(path):
    rng = random.Random(path.name)
    for name, text, (line, col) in bodies(path):
        for damaged in _mutations(text, rng, 25):
            scanned = parser._scanner().scan(damaged, line, col)
            if scanned is None:
                continue
            try:
                expected = by_grammar(damaged, line, col)
            except SourceError:
                pytest.fail(f"the scan accepted what the grammar refuses:\n{damaged}")
            assert shape(scanned) == shape(expected)


def top_level(items: list) -> list:
    """Every field of every top-level item (a function's header, not its body)."""
    def dump(x):
        if isinstance(x, (list, tuple)):
            return [dump(i) for i in x]
        if dataclasses.is_dataclass(x):
            return (type(x).__name__, *((f.name, dump(getattr(x, f.name)))
                                        for f in dataclasses.fields(x)
                                        if f.name in ("_body_text", "_body_pos")
                                        or not f.name.startswith("_")))
        return x
    return dump(items)


def module_by_grammar(skeleton: str, bodies: dict, source: str) -> list:
    return parser._parse(skeleton, "module", bodies, "<module>", source)


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_module_scan_builds_what_the_grammar_builds(path):
    text = path.read_text()
    skeleton, found = parser.split(text)
    items = scan.module_items(skeleton, found)
    assert items is not None, "compiler output should not need the grammar at the top level"
    assert top_level(items) == top_level(module_by_grammar(skeleton, found, text))


@pytest.mark.parametrize("path", CORPUS[::4], ids=lambda p: p.name)
def test_damaged_top_levels_are_never_accepted_by_the_scan_alone(path):
    rng = random.Random(path.name)
    pieces = [";", ",", "(", ")", "[", "]", "//", "/*", "*/", ".", " ", "\n", "$", "=", "0",
              ".param", ".align", ".ptr", ".entry", ".func", ".global", ".b32", ".maxntid 1"]
    skeleton, _ = parser.split(path.read_text())
    for _ in range(150):
        at = rng.randrange(len(skeleton) + 1)
        damaged = skeleton[:at] + rng.choice(pieces) + skeleton[at + rng.randrange(0, 4):]
        try:
            damaged_skeleton, found = parser.split(damaged)
        except SourceError:
            continue
        items = scan.module_items(damaged_skeleton, found)
        if items is None:
            continue
        try:
            expected = module_by_grammar(damaged_skeleton, found, damaged)
        except SourceError:
            pytest.fail(f"the scan accepted a top level the grammar refuses:\n{damaged}")
        assert top_level(items) == top_level(expected)


def test_operand_terminals_read_from_the_grammar_file_are_the_parsers():
    lark = {t.name: t.pattern.to_regexp() for t in parser._lark().terminals}
    assert {name: p.pattern for name, p in parser._terminals().items()} == \
        {name: lark[name] for name in ("REG", "IMM", "IDENT")}


def test_is_memory_from_unread_operand_text_equals_the_operands():
    seen = 0
    for path in CORPUS:
        for fn in parse_ptx(path.read_text(), cache=False).functions():
            for ins in fn.instructions():
                unread = ins.is_memory                  # from the text, operands not read yet
                assert unread == (ins.opcode in ir.ptx_isa.ADDRESSED and any(
                    isinstance(o, ir.Address) for o in ins.operands)), ins.to_text()
                seen += unread
    assert seen > 1000
