"""The language's rules, each shown on a small program: patterns, types, positions, sizes."""
from __future__ import annotations

import pytest

from neutrino_py.errors import SourceError
from neutrino_py.probe import ast, load
from neutrino_py.probe.ast import OpcodePattern, Span, Type
from neutrino_py.asm.ptx_isa import OPCODES, opcode_id
from neutrino_py.probe.passes import DEFAULT_POOL

S = Span(1, 1, 1, 2)


@pytest.mark.parametrize("pattern, opcode, guarded, expected", [
    ("ld.global", "ld.global.v4.f32", False, True),
    ("ld.global", "ld.global.nc.f32", False, True),
    ("ld.global", "ld.volatile.global.u32", False, True),
    ("ld.global", "ld.param.u64", False, False),
    ("ld.global", "ldu.global.f32", False, False),
    ("ld.*", "ld.shared.b32", False, True),
    ("ld.*", "ld", False, False),
    ("*.global", "atom.global.add.u32", False, True),
    ("*.global", "cvta.to.global.u64", False, True),
    ("*.global", "ld.shared.u32", False, False),
    ("mma*", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", False, True),
    ("mma*", "wgmma.fence.sync.aligned", False, False),
    ("st.global.v4", "st.global.v4.f32", False, True),
    ("st.global.v4", "st.global.v2.f32", False, False),
    ("@bra", "bra", True, True),
    ("@bra", "bra", False, False),
    ("bra", "bra.uni", True, True),
    ("*", "exit", False, True),
    ("ld.shared", "ld.shared::cta.u32", False, True),
    ("ld.shared::cluster", "ld.shared::cluster.u32", False, True),
    ("ld.shared::cluster", "ld.shared::cta.u32", False, False),
    ("cp.async.bulk.*::cluster", "cp.async.bulk.shared::cluster.global.b64", False, True),
])
def test_opcode_patterns(pattern, opcode, guarded, expected):
    assert OpcodePattern(pattern, S).matches(opcode, guarded) is expected


def test_opcode_ids_decode():
    assert OPCODES[opcode_id("ld.global.f32") - 1] == "ld"
    assert opcode_id("notanopcode") == 0


def one(body: str, decls: str = "", position: str = "after ld.global") -> ast.Probe:
    return load(f"{decls}\n{position} {{ {body} }}\n").probes[0]


def test_literals_take_the_type_of_the_other_side():
    (save,) = one("m.save(ADDR & ~0xfff);", "map m: record { u64 a; }").body
    assert save.args[0].right == ast.Const(0xfffffffffffff000, Type.U64, save.args[0].right.span)


def test_lossless_widening_is_an_implicit_cast():
    (assign,) = one("t = t + laneid();", "reg s64 t;").body
    cast = assign.value.right
    assert (cast.type, cast.implicit, cast.operand.name) == (Type.S64, True, "laneid")


def test_signed_hist_index_becomes_unsigned():
    (add,) = one("h[t] += 1;", "map h: hist[8] u32;\nreg s32 t;").body
    assert (add.index.type, add.index.implicit, add.index.operand.name) == (Type.U32, True, "t")


def test_explicit_cast_narrows():
    (save,) = one("m.save((u32)(ADDR >> 12));", "map m: record { u32 page; }").body
    assert (save.args[0].type, save.args[0].implicit) == (Type.U32, False)


def test_compound_assignment_is_desugared():
    (assign,) = one("t -= clock();", "reg u64 t;").body
    assert (assign.reg, assign.value.op, assign.value.left.name) == ("t", "-", "t")


def test_constant_expressions_fold():
    (save,) = one("m.save(3 * (1 << 4) - 1);", "map m: record { u32 x; }").body
    assert save.args[0] == ast.Const(47, Type.U32, save.args[0].span)


def test_filter_is_a_typed_condition():
    probe = one("m.n += 1;", "map m: counter { u64 n; }",
                "before ld.global, st.global / BYTES >= 16 && laneid() == 0 /")
    f = probe.filter
    assert (f.op, f.type, f.left.op, f.right.op) == ("&&", Type.BOOL, ">=", "==")


def test_filter_may_be_followed_by_a_comment():
    probe = one("m.n += 1;", "map m: counter { u64 n; }",
                "after ld.global / BYTES >= 16 / // only wide ones\n")
    assert probe.filter.op == ">="


def test_filter_division_needs_no_parentheses():
    probe = one("m.n += 1;", "map m: counter { u64 n; }", "after ld.global / BYTES / 4 > 2 /")
    assert (probe.filter.op, probe.filter.left.op) == (">", "/")


@pytest.mark.parametrize("position, when, target", [
    ("entry", "entry", type(None)),
    ("exit", "exit", type(None)),
    ("block", "block", type(None)),
    ('mark("x")', "before", ast.Mark),
    ('after mark("x")', "after", ast.Mark),
    ('line "gemm.cu":120-140', "before", ast.Lines),
    ('after line "gemm.cu":7', "after", ast.Lines),
    ("before st.shared, atom.*", "before", ast.Opcodes),
    ("before ld.shared::cluster, ld.global.L1::evict_last", "before", ast.Opcodes),
])
def test_positions(position, when, target):
    probe = one("t = clock();", "reg u64 t;", position)
    assert probe.position.when == when and isinstance(probe.position.target, target)
    assert probe.span.line == 2 and probe.position.span.col == 1


def test_lines_match_by_path_suffix():
    lines = one("t = PC;", "reg u32 t;", 'line "gemm.cu":120-140').position.target
    assert (lines.first, lines.last) == (120, 140)
    assert lines.matches_file("/home/u/src/gemm.cu") and not lines.matches_file("/x/mygemm.cu")


def test_mark_matches_its_comment_on_every_target():
    mark = one("t = PC;", "reg u32 t;", 'mark("mma_begin")').position.target
    assert [mark.matches(c) for c in ("@neutrino mma_begin", " @neutrino  mma_begin ",
                                      "@neutrino mma_end", "@neutrino mma_begin x",
                                      "@neutrinomma_begin", "neutrino mma_begin")] == \
        [True, True, False, False, False, False]


def test_operands_at_instruction_positions():
    body = one("o = OUT; a = IN1 + IN2 + IN3; p = PC + OPCODE;",
               "reg u64 o; reg u64 a; reg u32 p;", 'after line "k.cu":3').body
    assert [s.value.type for s in body] == [Type.U64, Type.U64, Type.U32]


def test_map_sizes():
    program = load("map a[warp]: record(8) { u32 x; }\nmap b: record { u32 x; }\n"
                   "map c: record { u32 x; } pool 1000\nmap d: hist[1 << 10] f64;\n"
                   "exit { a.save(1); b.save(2); c.save(3); d[5] += 0.5; }\n")
    got = {m.name: (m.level, m.capacity, m.pool) for m in program.maps.values()}
    assert got == {"a": ("warp", 8, None), "b": ("thread", None, DEFAULT_POOL),
                   "c": ("thread", None, 1000), "d": ("thread", 1024, None)}
    assert program.probes[0].body[3].value == ast.Const(0.5, Type.F64,
                                                        program.probes[0].body[3].value.span)


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_declaration_ending_in_a_type_may_precede_a_before_or_after_probe(when):
    """`before`/`after` are keywords like `exit`: after a hist's value type with no ';' the
    lexer read them as a name (the state after a type also takes a field's name) and refused
    the file, while an `exit` probe there parsed."""
    program = load(f"map h: hist[16] u32\n{when} ld.global {{ h[0] += 1; }}\n")
    assert program.probes[0].position.when == when
    with pytest.raises(SourceError, match=f"'{when}' is a keyword, not a name"):
        load(f"map m: record {{ u32 {when}; }}\nexit {{ m.save(1); }}\n")


def test_every_node_has_a_position():
    text = "map m: record { u64 t; }\nreg u64 t0;\nentry {\n  t0 = clock();\n}\n"
    program = load(text, "x.probe")
    assert program.maps["m"].span == Span(1, 5, 1, 6)
    assert program.regs["t0"].span == Span(2, 9, 2, 11)
    assign = program.probes[0].body[0]
    assert assign.span.excerpt(text) == "t0 = clock()"
    assert assign.value.span.excerpt(text) == "clock()"


@pytest.mark.parametrize("source, line, col, message", [
    ("reg u64 t;\nexit { t = ADDR; }", 2, 12, "ADDR needs a memory instruction"),
    ("reg u32 t;\nexit { t = 1 / 0; }", 2, 16, "division by zero"),
    ("reg u32 t;\nexit { t = t << 32; }", 2, 17, "shift by 32 does not fit u32"),
    ("reg u32 t;\nexit { t = t > 1; }", 2, 12, "a condition cannot be stored"),
    ("reg f32 t;\nexit { t = t & 1; }", 2, 14, "'&' needs integers, not f32"),
    ("map h: hist[4] u32;\nexit { h[4] += 1; }", 2, 10, "index 4 is outside h[4]"),
    ("map h: hist[4] u32;\nexit { h[0] = 1; }", 2, 13, "hist entries only accumulate"),
    ("map c: counter { u64 n; }\nexit { c.m += 1; }", 2, 8, "counter 'c' has no field 'm'"),
    ("map r: record { u64 n; }\nexit { r.n += 1; }", 2, 8, "'r' is a record map"),
    ("map r: record { u64 n; }\nexit { t = r; }", 2, 8, "undeclared register 't'"),
    ("map r: record(4) { u64 n; } pool 9\nexit { r.save(1); }", 1, 34, "'pool' is only"),
    ("map r: hist(4) u32;\nexit { r[0] += 1; }", 1, 13, "a hist takes its number"),
    ("map c: counter(2) { u64 n; }\nexit { c.n += 1; }", 1, 16, "a counter has no capacity"),
    ("map m: record { u64 a; u32 a; }\nexit { m.save(1, 2); }", 1, 28, "duplicate field 'a'"),
    ("map m: record { u64 a; }", 1, 1, "no probes"),
    ("reg u64 ADDR;\nexit { }", 1, 9, "'ADDR' is the name of an operand"),
    ("reg u64 count;\nexit { }", 1, 9, "'count' is the name of a helper"),
    ("reg u64 t;\nexit { t = count; }", 2, 12, "'count' is built in, not a name"),
    ("reg u64 entry;\nexit { }", 1, 9, "'entry' is a keyword, not a name"),
    ("reg u64 t;\nexit { t = t +; }", 2, 15, "unexpected ';'; expected an expression"),
])
def test_refusals(source, line, col, message):
    with pytest.raises(SourceError) as info:
        load(source, "t.probe")
    err = info.value
    assert (err.file, err.line, err.col) == ("t.probe", line, col)
    assert message in err.message
