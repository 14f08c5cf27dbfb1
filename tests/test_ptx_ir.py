"""What the PTX IR knows: operand types, memory spaces and widths, destinations, registers, the CFG,
comments and `.loc`, and the editing API the splicer uses."""
from __future__ import annotations

import pytest

from conftest import CORPUS
from neutrino_py import toolchain
from neutrino_py.asm import ir, parse_ptx, parse_statements
from neutrino_py.asm.cfg import on_cycles, regions
from neutrino_py.image.elf import code_sections


def one(text: str) -> ir.Instruction:
    (ins,) = parse_statements(text)
    return ins


@pytest.mark.parametrize("text, space, width", [
    ("ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd4];", "global", 16),
    ("ld.global.nc.v2.f64 {%fd1, %fd2}, [%rd2+16];", "global", 16),
    ("ld.global.f32 %f5, [%rd4+-8];", "global", 4),
    ("ld.global.L1::evict_last.v2.b32 {%r1, %r2}, [%rd1];", "global", 8),
    ("st.global.v4.f32 [%rd4], {%f6, %f2, %f3, %f4};", "global", 16),
    ("st.shared.b32 [sh+4], %r2;", "shared", 4),
    ("ld.shared.b8 %r7, [dyn_smem];", "shared", 1),
    ("st.local.u64 [%SP+8], %rd7;", "local", 8),
    ("ld.const.f32 %f3, [%rd4];", "const", 4),
    ("ld.param.u64 %rd1, [k_param_0];", "param", 8),
    ("ld.u32 %r1, [%rd1];", "generic", 4),
    ("atom.global.add.u32 %r3, [%rd2], 1;", "global", 4),
    ("atom.shared::cta.cas.b64 %rd1, [%r1], %rd2, %rd3;", "shared", 8),
    ("red.global.add.f32 [%rd2+4], %f6;", "global", 4),
    ("cp.async.cg.shared.global [%r43], [%rd3], 16, 16;", "shared", 16),
    ("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r1, %r2, %r3, %r4}, [%r45];", "shared", 16),
    ("ld.shared::cluster.u32 %r7, [%r6];", "shared", 4),
    ("mbarrier.arrive.expect_tx.shared::cta.b64 %rd2, [%r3], 1024;", "shared", 8),
    ("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r4], [%rd1], 1024, [%r3];",
     "shared", 1024),
])
def test_memory_space_and_width(text, space, width):
    ins = one(text)
    assert ins.is_memory
    assert (ins.space, ins.width) == (space, width)


@pytest.mark.parametrize("text", [
    "cvta.to.global.u64 %rd2, %rd1;", "mov.u32 %r2, %tid.x;", "bar.sync 0;",
    "cp.async.wait_group 1;", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
    "{%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f1, %f2, %f3, %f4};",
])
def test_not_memory(text):
    ins = one(text)
    assert not ins.is_memory and ins.space is None and ins.width is None


def test_operand_types():
    ins = one("ld.global.f32 %f5, [%rd4+-8];")
    assert ins.opcode == "ld" and ins.modifiers == ["global", "f32"] and ins.name == "ld.global.f32"
    assert ins.operands == [ir.Register("%f5"), ir.Address(ir.Register("%rd4"), -8)]
    assert one("st.shared.b32 [sh+4], %r2;").operands[0] == ir.Address(ir.Symbol("sh"), 4)
    assert one("mov.u32 %r2, %tid.x;").operands[1] == ir.Register("%tid.x")
    imm = one("mov.f32 %f1, 0f3F800000;").operands[1]
    assert imm == ir.Immediate("0f3F800000") and imm.value == 1.0
    assert one("add.s32 %r8, %r1, 0x10;").operands[2].value == 16
    assert one("mov.u64 %rd1, 0d3FF0000000000000;").operands[1].value == 1.0
    assert one("setp.lt.and.s32 %p3, %r2, %r1, !%p2;").operands[3] == ir.Negated(ir.Register("%p2"))
    pair = one("shfl.sync.down.b32 %r21|%p2, %r17, %r19, %r18, %r20;").operands[0]
    assert pair == ir.PredPair(ir.Register("%r21"), ir.Register("%p2"))
    vec = one("tex.2d.v4.f32.f32 {%f1, _, %f3, %f4}, [tex0, {%f5, %f6}];")
    assert vec.operands[0].items[1] == ir.Sink()
    assert vec.operands[1] == ir.Address(ir.Symbol("tex0"), 0,
                                         ir.Vector((ir.Register("%f5"), ir.Register("%f6"))))
    call = one("call.uni (retval0), _Z6helperfi, (param0, param1);")
    assert call.operands == [ir.ParamList((ir.Symbol("retval0"),)), ir.Symbol("_Z6helperfi"),
                             ir.ParamList((ir.Symbol("param0"), ir.Symbol("param1")))]


def test_guard_and_branch_target():
    ins = one("@!%p1 bra.uni $L__BB0_2;")
    assert ins.guard == ir.Register("%p1") and ins.guard_negated
    assert ins.is_branch and ins.is_terminator and ins.target == "$L__BB0_2"
    assert ins.to_text() == "@!%p1 bra.uni \t$L__BB0_2;"


def test_destinations_and_sources():
    st = one("st.global.v2.f32 [%rd4+8], {%f1, %f2};")
    assert st.dests == [] and st.regs_written() == set()
    assert st.regs_read() == {"%rd4", "%f1", "%f2"}
    setp = one("@%p9 setp.lt.u32 %p1|%p2, %r2, %r1;")
    assert setp.regs_written() == {"%p1", "%p2"} and setp.regs_read() == {"%r2", "%r1", "%p9"}
    atom = one("atom.global.add.u32 %r3, [%rd2], 1;")
    assert atom.dests == [ir.Register("%r3")] and atom.regs_read() == {"%rd2"}
    ld = one("ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd4];")
    assert ld.regs_written() == {"%f1", "%f2", "%f3", "%f4"}
    call = one("call.uni (retval0), f, (param0);")
    assert call.dests == [ir.ParamList((ir.Symbol("retval0"),))]
    cp = one("cp.async.cg.shared.global [%r43], [%rd3], 16, 16;")
    assert cp.dests == [] and cp.regs_read() == {"%r43", "%rd3"}


def test_triton_wgmma_operands():
    text = (CORPUS / "triton" / "matmul_kernel.sm_90a.ptx").read_text()
    fn = next(parse_ptx(text, cache=False).kernels())
    wgmma = [i for i in fn.instructions() if i.name.startswith("wgmma.mma_async")]
    assert wgmma
    first = wgmma[0]
    assert first.modifiers[:4] == ["mma_async", "sync", "aligned", "m64n128k16"]
    acc = first.operands[0]
    assert isinstance(acc, ir.Vector) and len(acc.items) == 64
    assert all(isinstance(r, ir.Register) for r in acc.items)
    assert [type(o) for o in first.operands[1:4]] == [ir.Register] * 3
    assert [o.value for o in first.operands[4:]] == [1, 1, 0, 1]
    assert not first.is_memory


CFG_PTX = """
.version 8.0
.target sm_80
.address_size 64
.visible .entry loop(.param .u32 loop_n)
{
	.reg .pred %p<3>;
	.reg .b32 %r<6>;
	ld.param.u32 %r1, [loop_n];
	mov.u32 %r2, 0;
	setp.eq.s32 %p1, %r1, 0;
	@%p1 bra $L_done;
$L_head:
	add.s32 %r2, %r2, 1;
	setp.gt.s32 %p2, %r2, 100;
	@%p2 exit;
	setp.lt.s32 %p1, %r2, %r1;
	@%p1 bra $L_head;
	bra.uni $L_done;
$L_dead:
	add.s32 %r3, %r2, 2;
$L_done:
	ret;
}
"""


def test_cfg_of_a_loop():
    fn = parse_ptx(CFG_PTX, cache=False).function("loop")
    blocks = fn.blocks()
    # no branch names $L_dead: its block starts after the `bra.uni`, not at the label
    assert [b.labels for b in blocks] == [[], ["$L_head"], [], [], [], ["$L_done"]]
    assert [[i.opcode for i in b.instructions] for b in blocks] == [
        ["ld", "mov", "setp", "bra"], ["add", "setp", "exit"], ["setp", "bra"], ["bra"],
        ["add"], ["ret"]]
    assert [b.succs for b in blocks] == [[5, 1], [2], [1, 3], [5], [5], []]
    assert [b.preds for b in blocks] == [[], [0, 2], [1], [2], [], [0, 3, 4]]
    assert blocks[3].terminator.target == "$L_done" and blocks[4].terminator is None


def test_regions_of_a_loop_start_at_its_header_and_end_at_its_latch():
    """The loop's header (a predecessor after it) starts a region, its latch (an edge back) ends
    it; a block entered from before its region's head, or from nowhere, starts one."""
    blocks = parse_ptx(CFG_PTX, cache=False).function("loop").blocks()
    assert regions([b.succs for b in blocks]) == [0, 1, 1, 3, 4, 5]
    # an if/else that joins again is one region; a block entered from a later one is not
    assert regions([[1, 2], [3], [3], []]) == [0, 0, 0, 0]
    assert regions([[1], [2], [3], [1, 4], []]) == [0, 1, 1, 1, 4]


def test_on_cycles_finds_the_blocks_control_comes_back_to():
    """A loop's body and a block inside an outer loop are passed through again (their runs share
    reservations across passes); blocks before and after a loop, and an if/else, are not."""
    blocks = parse_ptx(CFG_PTX, cache=False).function("loop").blocks()
    assert on_cycles([b.succs for b in blocks]) == {1, 2}
    # 0 -> 1 (outer head) -> 2 (inner self-loop) -> 3 (after the inner loop, back to 1) -> 4
    assert on_cycles([[1], [2], [2, 3], [1, 4], []]) == {1, 2, 3}
    assert on_cycles([[1, 2], [3], [3], []]) == set()
    # a self-loop alone, two loops one after the other, and a cycle entered from its middle
    assert on_cycles([[0, 1], []]) == {0}
    assert on_cycles([[1], [1, 2], [3], [2, 4], []]) == {1, 2, 3}
    assert on_cycles([[2], [2], [3], [1, 4], []]) == {1, 2, 3}


def test_on_cycles_agrees_with_reachability_on_random_graphs():
    """Tarjan's components against the plain question: can control leave block b and reach it
    again?"""
    import random
    rng = random.Random(13)
    for _ in range(300):
        n = rng.randint(1, 12)
        succs = [sorted({rng.randrange(n) for _ in range(rng.randint(0, 3))}) for _ in range(n)]

        def back(b: int) -> bool:
            seen, todo = set(), list(succs[b])
            while todo:
                s = todo.pop()
                if s == b:
                    return True
                if s not in seen:
                    seen.add(s)
                    todo.extend(succs[s])
            return False
        assert on_cycles(succs) == {b for b in range(n) if back(b)}


def test_registers_declared_and_used():
    fn = parse_ptx(CFG_PTX, cache=False).function("loop")
    declared = fn.declared_registers()
    assert declared == {"%p0": "pred", "%p1": "pred", "%p2": "pred",
                        **{f"%r{i}": "b32" for i in range(6)}}
    assert fn.registers_used() == {"%r1", "%r2", "%r3", "%p1", "%p2"}


def test_kernels_functions_and_params():
    module = parse_ptx((CORPUS / "cuda" / "noinline.sm_90.ptx").read_text(), cache=False)
    kernel_name = "_Z14apply_noinlinePKfPfPii"
    assert [k.name for k in module.kernels()] == [kernel_name]
    assert [f.name for f in module.functions() if not f.is_kernel] == [
        "_Z4polyffff", "_Z11sincos_pairfPfS_", "_Z13collatz_stepsii"]
    kernel = module.function(kernel_name)
    assert [(p.type, p.name) for p in kernel.params] == [
        ("u64", f"{kernel_name}_param_0"), ("u64", f"{kernel_name}_param_1"),
        ("u64", f"{kernel_name}_param_2"), ("u32", f"{kernel_name}_param_3")]
    helper = module.function("_Z4polyffff")
    assert [p.type for p in helper.returns] == ["b32"] and [p.type for p in helper.params] == ["b32"]
    assert module.arch == "sm_90" and module.version


def test_param_attributes_round_trip():
    text = ".version 8.0\n.target sm_90\n.address_size 64\n" \
           ".visible .entry k(.param .u64 .ptr .global .align 16 k_a, " \
           ".param .align 8 .b8 k_s[16])\n{\n\tret;\n}\n"
    a, s = parse_ptx(text, cache=False).function("k").params
    assert (a.type, a.ptr, a.align) == ("u64", ("global", 16), None)
    assert (s.type, s.align, s.array, s.size) == ("b8", 8, [16], 16)
    assert a.to_text(terminated=False) == ".param .u64 .ptr .global .align 16 k_a"
    assert s.to_text(terminated=False) == ".param .align 8 .b8 k_s[16]"


def test_comments_marks_loc_and_blocks_are_nodes():
    text = (CORPUS / "cuda" / "timed_matmul.sm_90.lineinfo.ptx").read_text()
    fn = next(parse_ptx(text, cache=False).kernels())
    marks = [s.body for s in ir.walk(fn.body) if isinstance(s, ir.Comment) and "@neutrino" in s.text]
    assert marks == ["@neutrino mma_begin", "@neutrino mma_end"]
    located = [i for i in fn.instructions() if i.loc is not None]
    assert located and all(i.loc.file >= 1 and i.loc.source_line >= 0 for i in located)
    # the `.loc` in effect is the last one before the instruction, in text order
    last = None
    for s in ir.walk(fn.body):
        if isinstance(s, ir.Loc):
            last = s
        elif isinstance(s, ir.Instruction):
            assert s.loc is last


def test_nested_blocks_hold_their_declarations():
    fn = parse_ptx((CORPUS / "cuda" / "noinline.sm_90.ptx").read_text(), cache=False).function(
        "_Z14apply_noinlinePKfPfPii")
    blocks = [s for s in fn.body if isinstance(s, ir.Block)]
    assert blocks
    first = blocks[0].body
    assert any(isinstance(s, ir.VarDecl) and s.space == "param" for s in first)
    assert any(isinstance(s, ir.Instruction) and s.opcode == "call" for s in first)


def test_positions_are_absolute():
    fn = parse_ptx(CFG_PTX, cache=False).function("loop")
    lines = CFG_PTX.split("\n")
    for ins in fn.instructions():
        assert lines[ins.line - 1][ins.col - 1:].startswith(("@", ins.name))
    head = next(s for s in fn.body if isinstance(s, ir.Label))
    assert (head.line, head.col) == (13, 1)


def test_insert_before_and_after_while_iterating():
    module = parse_ptx(CFG_PTX, cache=False)
    fn = module.function("loop")
    fn.add_reg("b64", "%nt", 2)
    for ins in fn.instructions():
        if ins.opcode == "add":
            fn.insert_before(ins, parse_statements("mov.u64 %nt0, %clock64;"))
            fn.insert_after(ins, parse_statements("mov.u64 %nt1, %clock64;\nsub.s64 %nt1, %nt1, %nt0;"))
    fn.params.append(ir.VarDecl("param", "u64", "loop_extra"))
    text = module.to_text()
    body = [line.strip() for line in text.splitlines()]
    i = body.index("add.s32 \t%r2, %r2, 1;")
    assert body[i - 1:i + 3] == ["mov.u64 \t%nt0, %clock64;", "add.s32 \t%r2, %r2, 1;",
                                 "mov.u64 \t%nt1, %clock64;", "sub.s64 \t%nt1, %nt1, %nt0;"]
    assert body.count("mov.u64 \t%nt0, %clock64;") == 2
    assert ".reg .b64 \t%nt<2>;" in body and ".param .u64 loop_extra" in body
    assert parse_ptx(text, cache=False).parse_all().to_text() == text
    if toolchain.find_tool("ptxas"):
        assert code_sections(toolchain.run_ptxas(text, "sm_80"))


def test_registers_named_without_percent_in_inline_asm():
    (block,) = parse_statements("{\n.reg .pred p;\nsetp.ne.s32 p, %r4, 0;\n@!p add.s32 %r8, %r8, 1;\n"
                                "mbarrier.try_wait.shared.b64 p, [%r44], %rd42;\n"
                                "selp.b32 %r1, %r2, %r3, !p;\n}")
    setp, add, wait, selp = block.body[1:]
    assert selp.operands[3] == ir.Negated(ir.Register("p"))
    assert setp.operands[0] == ir.Register("p") and setp.regs_written() == {"p"}
    assert add.guard == ir.Register("p") and add.guard_negated and "p" in add.regs_read()
    assert wait.regs_written() == {"p"} and (wait.space, wait.width) == ("shared", 8)


def test_variable_attributes_and_initializers():
    text = ".version 8.0\n.target sm_90\n.address_size 64\n" \
           ".global .attribute(.managed) .align 4 .u32 counter;\n" \
           ".const .align 4 .b8 coef[8] = {0, 0, 128, 63, 0, 0, 0, 64};\n"
    counter, coef = [i for i in parse_ptx(text, cache=False).items if isinstance(i, ir.VarDecl)]
    assert (counter.space, counter.type, counter.attrs, counter.align) == (
        "global", "u32", ["attribute(.managed)"], 4)
    assert (coef.space, coef.array, coef.init, coef.size) == (
        "const", [8], "{0, 0, 128, 63, 0, 0, 0, 64}", 8)
    assert coef.to_text() == ".const .align 4 .b8 coef[8] = {0, 0, 128, 63, 0, 0, 0, 64};"


def test_opcode_facts_are_known_opcodes():
    """One table of PTX opcode facts: every set names opcodes from the known list, and the sets
    the IR, the checker and the splicer read agree where they overlap."""
    from neutrino_py.asm import ptx_isa as ops
    known = set(ops.OPCODES)
    for facts in (ops.MEMORY, ops.ADDRESSED, ops.NO_DEST, ops.CONTROL, set(ops.EXITS)):
        assert facts <= known, facts - known
    assert ops.MEMORY <= ops.ADDRESSED and set(ops.EXITS) <= ops.CONTROL <= ops.NO_DEST | {"brx"}


def test_shared_inserted_node_prints_where_it_first_stands_in_each_function():
    """Inserted code shares nodes between sites and kernels: a function prints one at the depth
    where it first stands there, whether the module's other functions have it at the top of
    their body or in a nested block."""
    kernel = ".visible .entry {name}()\n{{\n\t{{\n\tmov.u32 \t%r1, 1;\n\t}}\n\tret;\n}}\n"
    text = ".version 8.0\n.target sm_90\n.address_size 64\n" + "".join(
        kernel.format(name=n) for n in ("a", "b", "c"))
    module = parse_ptx(text, cache=False)
    node = one("add.u32 %r1, %r1, 1;")                        # inserted: no line
    a, b, c = module.kernels()
    for fn in (a, c):
        fn.insert_before(fn.body[-1], [node])                 # before the top-level ret
    b.insert_before(b.body[0].body[0], [node])                # in the block, then at the top
    b.insert_before(b.body[-1], [node])
    adds = [line for line in module.to_text().splitlines() if line.strip() == node.to_text()]
    assert adds == ["\tadd.u32 \t%r1, %r1, 1;", "\t\tadd.u32 \t%r1, %r1, 1;",
                    "\t\tadd.u32 \t%r1, %r1, 1;", "\tadd.u32 \t%r1, %r1, 1;"]
