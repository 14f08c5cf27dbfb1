"""Renderings kept by shape (`targets.holes`, `targets/ptx/render._apply_shaped`) and inserted
code printed from the queue (`asm.printer._Bodies`): both must print what rendering and printing
each statement anew prints."""
from __future__ import annotations

from dataclasses import fields

import pytest

from neutrino_py import ops
from neutrino_py.asm import parse_ptx, parse_statements
from neutrino_py.asm.printer import print_statements
from neutrino_py.ops import Imm, Reg, Src
from neutrino_py.targets import holes
from neutrino_py.targets.ptx import render as ptx


@pytest.mark.parametrize("look", [
    lambda h: h == 1, lambda h: h != 1, lambda h: h < 1, lambda h: h + 1, lambda h: 1 * h,
    lambda h: bool(h), lambda h: int(h), lambda h: str(h), lambda h: f"{h}", lambda h: len(h),
    lambda h: h.startswith("%"), lambda h: h[0], lambda h: -h, lambda h: h % 2])
def test_a_hole_refuses_every_look_at_its_value(look):
    with pytest.raises(holes.Read):
        look(holes.HOLES[0])


def _anew(stmt: ops.Stmt, scope: ptx.Scope) -> list:
    """`stmt` rendered by its template with its own values (no kept rendering)."""
    ctx = {f.name: getattr(stmt, f.name) for f in fields(stmt)}
    if isinstance(stmt, ops.If):
        ctx["body"] = [s for b in stmt.body for s in _anew(b, scope)]
    return ptx._apply(stmt.op, ctx, scope)


# statements of a few shapes, each with other operands: the second of a shape is filled in
SHAPED = [
    ops.Move(Reg("u64", 0), Src("%rd4", "u64")),
    ops.Move(Reg("u64", 0), Src("%rd7", "u64")),
    ops.Binary(Reg("u32", 0), "add", Src("%r1", "u32"), Src("%r1", "u32")),
    ops.Binary(Reg("u32", 0), "add", Src("%r2", "u32"), Src("%r3", "u32")),
    ops.StoreVector(Reg("u64", 1), 0, (Imm(36, "u32"), Imm(4, "u32"), Reg("u64", 2))),
    ops.StoreVector(Reg("u64", 1), 0, (Imm(40, "u32"), Imm(8, "u32"), Reg("u64", 2))),
    ops.HistAdd(Reg("u64", 1), Imm(1, "u32"), "u32"),        # hist_add.j2 reads the value
    ops.HistAdd(Reg("u64", 1), Imm(3, "u32"), "u32"),
    ops.If(Src("%p1", "pred"), tuple(ops.Store(Reg("u64", 1), 8 * n, Reg("u64", 2), "u64")
                                     for n in range(5))),
    ops.If(Src("%p2", "pred"), tuple(ops.Store(Reg("u64", 1), 8 * n, Reg("u64", 2), "u64")
                                     for n in range(5)), negate=True),
]


@pytest.mark.parametrize("stmt", SHAPED, ids=lambda s: f"{type(s).__name__}")
def test_a_statement_rendered_by_its_shape_prints_as_rendered_anew(stmt):
    expected = print_statements(_anew(stmt, ptx.Scope({}, lambda: "$L")))
    assert print_statements(ptx.render([stmt], ptx.Scope({}, lambda: "$L"))) == expected


def test_queued_code_prints_as_the_applied_body():
    """Shared inserted sequences and registers declared while code is still queued print the
    same as the body with every insertion applied."""
    text = (".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
            "\t.reg .b32 \t%r<3>;\n\t// a comment\n\tmov.u32 \t%r1, 1;\n\tadd.u32 \t%r2, %r1, 1;\n"
            "\t{\n\tmov.u32 \t%r1, 2;\n\t}\n\tret;\n}\n")
    printed = []
    for applied in (False, True):
        module = parse_ptx(text, cache=False)
        fn = next(module.kernels())
        code = tuple(parse_statements("mov.u32 %r0, 7;\nadd.u32 %r0, %r0, 1;"))
        ins = list(fn.instructions())
        fn.insert_before(ins[0], code)
        fn.insert_after(ins[1], code)
        fn.insert_before(ins[-1], code)
        fn.insert_after(ins[2], code)                          # in the nested block
        fn.add_reg("u32", "%nt_r", 2)
        if applied:
            fn.body
        printed.append(module.to_text())
    assert printed[0] == printed[1]
    assert printed[0].count("add.u32 \t%r0, %r0, 1;") == 4
    assert printed[0].index(".reg .u32 \t%nt_r<2>;") < printed[0].index("mov.u32 \t%r0, 7;")
