"""The op vocabulary `ops` fixes (TYPES, UNARY, BINARY, COMPARE, SPECIALS): what the
lowering emits, and what every target's templates render, for every value type."""
from __future__ import annotations

import dataclasses

import pytest

from neutrino_py import ops
from neutrino_py.asm import ir, parse_statements
from neutrino_py.asm.gcn import Label as GcnLabel, Statement as GcnStatement
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.asm.printer import print_statements
from neutrino_py.contract.manifest import item_layout
from neutrino_py.ops import Reg
from neutrino_py.probe import fold
from neutrino_py.splice import lower
from neutrino_py.targets.gcn import render as gcn
from neutrino_py.targets.gcn.target import GCN
from neutrino_py.targets.ptx import render as ptx

NUMERIC = tuple(t for t in ops.TYPES if t != "pred")
INTEGER_ONLY = {"not", "rem", "and", "or", "xor", "shl", "shr"}    # the checker refuses floats
LOGICAL = {"not", "and", "or", "xor"}                              # also on pred (&&, ||, !)
# the GCN target's legalisation refuses these (an error at the probe expression)


def ptx_statements(stmt: ops.Stmt) -> list[ir.Statement]:
    return ptx.render([stmt], ptx.Scope({}, lambda: "$L"))


# hidden kernel arguments the GCN templates read (any distinct offsets do for rendering)
HIDDEN = {f"hidden_{what}_{axis}": 8 + 4 * i + 12 * j
          for j, what in enumerate(("block_count", "group_size")) for i, axis in enumerate("xyz")}


def gcn_statements(stmt: ops.Stmt) -> list[GcnStatement]:
    frame = gcn.Frame(gcn.Facts("gfx90a"), 8, 8, {}, hidden=HIDDEN)
    return gcn.render([stmt], gcn.Site(frame, lambda: ".L"))


def cases() -> list[tuple[str, ops.Stmt]]:
    out: list[tuple[str, ops.Stmt]] = []
    for t in (*NUMERIC, "pred"):
        def has(fn: str) -> bool:
            return fn in LOGICAL if t == "pred" else t[0] != "f" or fn not in INTEGER_ONLY
        out += [(fn, ops.Unary(Reg(t, 0), fn, Reg(t, 1))) for fn in ops.UNARY if has(fn)]
        out += [(fn, ops.Binary(Reg(t, 0), fn, Reg(t, 1), Reg(t, 2))) for fn in ops.BINARY
                if has(fn)]
        out += [(c, ops.Compare(Reg("pred", 0), c, Reg(t, 1), Reg(t, 2))) for c in ops.COMPARE
                if t != "pred" or c in ("eq", "ne")]
    return out


CASES = cases()
IDS = [f"{type(stmt).__name__}-{fn}-{getattr(stmt, 'a').type}" for fn, stmt in CASES]


def test_ptx_names_registers_of_every_type():
    assert set(ptx.STEMS) == set(ops.TYPES)


def test_the_lowering_emits_only_the_vocabulary():
    assert set(lower.ARITH.values()) <= set(ops.BINARY)
    assert set(lower.COMPARE.values()) == set(ops.COMPARE)
    assert set(fold.WRAPPING) <= set(ops.BINARY)


@pytest.mark.parametrize("fn, stmt", CASES, ids=IDS)
def test_ptx_renders_every_op_as_one_instruction_of_its_name(fn, stmt):
    rendered = ptx_statements(stmt)
    assert all(isinstance(s, ir.Instruction) for s in rendered)
    parsed = parse_statements(print_statements(rendered))     # and it prints as valid PTX
    assert [s.to_text() for s in parsed] == [s.to_text() for s in rendered]
    if isinstance(stmt, ops.Compare) and stmt.a.type == "pred":     # xor, then not for eq
        assert [s.opcode for s in parsed] == ["xor"] + ["not"] * (fn == "eq")
        return
    expected = "setp" if isinstance(stmt, ops.Compare) else fn
    assert [s.opcode for s in parsed] == [expected]


@pytest.mark.parametrize("fn, stmt", CASES, ids=IDS)
def test_gcn_renders_every_op(fn, stmt):
    assert GCN.illegal(stmt) is None
    rendered = gcn_statements(stmt)
    assert rendered and all(isinstance(s, GcnLabel) or s.opcode.startswith(("v_", "s_"))
                            for s in rendered)      # 64-bit div/rem loop: one label
    text = "\n".join(s.to_text() for s in rendered)     # and it prints as what it is
    assert [dataclasses.replace(s, line=0, col=0) for s in parse_gcn(text).statements] == rendered


def test_helpers_read_only_specials():
    assert set(lower.HELPER_SPECIALS.values()) <= set(ops.SPECIALS)


@pytest.mark.parametrize("which", sorted(ops.SPECIALS))
def test_every_target_reads_every_special(which):
    """A `which` a template does not know renders nothing, so each must give code."""
    stmt = ops.ReadSpecial(Reg(ops.SPECIALS[which][0], 0), which)
    dst = ptx.reg_name(stmt.dst)
    assert any(ir.Register(dst) in s.dests for s in ptx_statements(stmt))
    assert gcn_statements(stmt)


NUMPY = {"u32": "<u4", "u64": "<u8", "s64": "<i8"}


def _fields(*types: str) -> tuple[list[tuple[int, ops.Value]], int]:
    """(offset, register) per field laid out like a map item (C's alignment), and the item size."""
    offsets, size = item_layout([[f"f{n}", NUMPY[t]] for n, t in enumerate(types)])
    return [(offsets[f"f{n}"], Reg(t, n)) for n, t in enumerate(types)], size


@pytest.mark.parametrize("types, widest, want", [
    # memtrace's 32-byte record: two 16-byte vectors
    (("u32", "u32", "u64", "s64", "u32", "u32"), 16, [("vector", 0, 3), ("vector", 16, 3)]),
    # 24-byte items are only 8-aligned: a lone u64 is a plain store, two u32 one 8-byte vector
    (("u64", "u64", "u32", "u32"), 16, [("store", 0), ("store", 8), ("vector", 16, 2)]),
    (("u64", "u64", "u32"), 16, [("store", 0), ("store", 8), ("store", 16)]),
    # 12-byte items are 4-aligned: nothing may go wider than a field
    (("u32", "u32", "u32"), 16, [("store", 0), ("store", 4), ("store", 8)]),
    # 16 bytes of u64 pairs: one v2.b64
    (("u64", "s64"), 16, [("vector", 0, 2)]),
    # a target without vector stores: one store per field
    (("u32", "u32", "u64", "s64", "u32", "u32"), 0, [("store", o) for o in (0, 4, 8, 16, 24, 28)]),
])
def test_field_stores_group_aligned_adjacent_fields(types, widest, want):
    fields, size = _fields(*types)
    got = lower.field_stores(Reg("u64", 99), fields, size, widest)
    assert [("vector", s.offset, len(s.values)) if isinstance(s, ops.StoreVector) else ("store", s.offset)
            for s in got] == want
    stored = [v for s in got for v in (s.values if isinstance(s, ops.StoreVector) else (s.value,))]
    assert stored == [v for _, v in fields]


def test_store_vector_renders_mixed_widths_as_words_low_first():
    stmt = ops.StoreVector(Reg("u64", 0), 16, (ops.Imm(7, "u32"), ops.Imm(1, "u32"), Reg("s64", 1)))
    text = print_statements(ptx_statements(stmt))
    assert "{%nt_r0, %nt_r1}, %nt_sd1;" in text
    assert "st.global.v4.b32" in text and "[%nt_rd0+16], {7, 1, %nt_r0, %nt_r1}" in text
    wide = print_statements(ptx_statements(ops.StoreVector(Reg("u64", 0), 0, (Reg("u64", 1), ops.Imm(5, "u64")))))
    assert "st.global.v2.b64" in wide and "[%nt_rd0], {%nt_rd1, 5}" in wide
