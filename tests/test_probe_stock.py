"""The stock probes load, and their checked programs say exactly what DESIGN.md promises."""
from __future__ import annotations

import hashlib

import pytest

from neutrino_py import paths
from neutrino_py.contract.manifest import companion
from neutrino_py.probe import ast, load_file
from neutrino_py.probe.ast import Type

STOCK = ["dmat", "block_sched", "gmem_bytes", "hotness", "opcode_mix", "time_range",
         "branch_divergence", "memtrace"]


def stock(name: str) -> ast.ProbeProgram:
    return load_file(paths.probes_dir() / f"{name}.probe")


@pytest.mark.parametrize("name", STOCK)
def test_loads_with_a_header_question(name):
    program = stock(name)
    first = program.text.splitlines()[0]
    assert first.startswith(f"// {name}.probe: ") and first.endswith("?")
    assert program.hash == hashlib.sha256(program.text.encode()).hexdigest()
    assert program.file.endswith(f"{name}.probe")


def test_no_other_stock_probes():
    assert sorted(p.stem for p in paths.probes_dir().glob("*.probe")) == sorted(STOCK)


def test_dmat():
    p = stock("dmat")
    m = p.maps["dmat"]
    assert (m.kind, m.level, m.capacity, m.pool) == ("record", "thread", None, 1 << 22)
    assert m.dtype == [["clock", "<u8"], ["addr", "<u8"], ["bytes", "<u4"]]
    (probe,) = p.probes
    assert probe.position.when == "before"
    assert [str(x) for x in probe.position.target.patterns] == [
        "ld.global", "st.global", "atom.global", "red.global"]
    (save,) = probe.body
    assert isinstance(save, ast.Save) and save.map == "dmat"
    assert [(type(a).__name__, a.name, a.type) for a in save.args] == [
        ("Helper", "clock", Type.U64), ("Operand", "ADDR", Type.U64),
        ("Operand", "BYTES", Type.U32)]


def test_block_sched_one_row_per_block_saved_by_its_last_warp():
    p = stock("block_sched")
    m = p.maps["sched"]
    assert (m.kind, m.level, m.capacity, m.pool) == ("row", "block", 1, None)
    assert p.regs["t0"].type is Type.U64
    entry, exit_ = p.probes
    assert (entry.position.when, exit_.position.when) == ("entry", "exit")
    assert entry.filter is None
    assert entry.body == (ast.Assign("t0", ast.Helper("globaltimer", Type.U64,
                                                      entry.body[0].value.span),
                                     entry.body[0].span),)
    assert exit_.filter.span.excerpt(p.text) == "warpid() == warps() - 1"
    start, elapsed, sm = exit_.body[0].args
    assert isinstance(start, ast.RegRead) and start.name == "t0"
    assert (elapsed.type, elapsed.implicit) == (Type.U32, False)       # 16-byte rows
    diff = elapsed.operand
    assert (diff.op, diff.left.name, diff.right.name) == ("-", "globaltimer", "t0")
    assert (sm.name, sm.type) == ("smid", Type.U32)


def test_gmem_bytes_counter_widens_bytes():
    p = stock("gmem_bytes")
    m = p.maps["gmem"]
    assert (m.kind, m.level, [f.name for f in m.fields]) == ("counter", "sm",
                                                             ["loaded", "stored", "atomic"])
    adds = [s for probe in p.probes for s in probe.body]
    assert [a.field for a in adds] == ["loaded", "stored", "atomic"]
    for add in adds:
        assert isinstance(add, ast.CounterAdd) and add.value.implicit
        assert (add.value.type, add.value.operand.name) == (Type.U64, "BYTES")


def test_hotness_histogram_of_4k_pages():
    p = stock("hotness")
    m = p.maps["pages"]
    assert (m.kind, m.capacity, m.dtype) == ("hist", 65536, [["value", "<u8"]])
    (add,) = p.probes[0].body
    assert isinstance(add, ast.HistAdd)
    assert (add.index.op, add.index.type, add.index.right.value) == ("&", Type.U64, 0xffff)
    assert (add.index.left.op, add.index.left.right.value) == (">>", 12)
    assert add.value == ast.Const(1, Type.U64, add.value.span)


def test_opcode_mix_counts_per_basic_block():
    p = stock("opcode_mix")
    assert (p.maps["mix"].kind, p.maps["mix"].level) == ("counter", "warp")
    (probe,) = p.probes
    assert probe.position.when == "block" and probe.position.target is None
    counts = {s.field: s.value.operand for s in probe.body}
    assert all(isinstance(c, ast.Count) for c in counts.values())
    assert counts["total"].matches("anything.at.all")
    assert counts["load"].matches("ld.global.v4.f32")
    assert counts["load"].matches("ldmatrix.sync.aligned.m8n8.x4.shared.b16")
    assert not counts["load"].matches("st.global.f32")
    assert counts["tensor"].matches("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16")
    assert counts["control"].matches("bra.uni") and counts["sync"].matches("bar.sync")


def test_time_range_between_marks_saved_at_exit():
    p = stock("time_range")
    begin, end, leave = p.probes
    assert (begin.position.when, begin.position.target.name) == ("before", "mma_begin")
    assert (end.position.when, end.position.target.name) == ("after", "mma_end")
    spent = end.body[0]                                  # spent = spent + (clock() - t0)
    assert (spent.reg, spent.value.op, spent.value.left.name) == ("spent", "+", "spent")
    assert (spent.value.right.left.name, spent.value.right.right.name) == ("clock", "t0")
    assert leave.position.when == "exit" and not any(
        type(s).__name__ == "Save" for s in begin.body + end.body)    # nothing saved inside
    assert [a.name for a in leave.body[0].args[:2]] == ["spent", "passes"]


def test_branch_divergence_at_guarded_branches():
    p = stock("branch_divergence")
    block, branch = p.probes
    assert block.position.when == "block"
    assert block.body[0].reg == "lanes" and block.body[0].value.name == "activemask"
    (pattern,) = branch.position.target.patterns
    assert pattern.guarded and pattern.matches("bra.uni", guarded=True)
    assert not pattern.matches("bra.uni", guarded=False)
    assert p.maps["branches"].level == "warp"
    assert [(a.name, a.type) for a in branch.body[0].args] == [
        ("PC", Type.U32), ("lanes", Type.U32), ("activemask", Type.U32)]


def test_memtrace_keeps_addr_as_a_lanes_field_with_a_companion_map():
    m = stock("memtrace").maps["mem"]
    assert (m.kind, m.level, m.capacity, m.pool) == ("record", "warp", None, 1 << 21)
    assert [(f.name, f.lanes) for f in m.fields] == [("pc", False), ("bytes", False),
                                                     ("addr", True)]
    assert m.dtype == [["pc", "<u4"], ["bytes", "<u4"], ["addr", "<u8"],
                       ["addr_stride", "<i8"], ["addr_mask", "<u4"], ["addr_at", "<u4"]]
    assert stock("memtrace").probes[0].position.when == "after"
    assert companion("mem", "addr") == "mem__addr"
