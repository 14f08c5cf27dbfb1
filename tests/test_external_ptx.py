"""PTX from outside the corpus that once broke the engine, cut down to what broke it: old nvcc
(open64) declarations, ZLUDA's named vector registers, modules for targets older than the
instructions the probes' code uses, and what llc writes for LLVM's own NVPTX CodeGen tests. Each
instrumented output must assemble where ptxas is found.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from neutrino_py import toolchain
from neutrino_py.asm import ir
from neutrino_py.asm.parser import parse_ptx
from neutrino_py.cli import main

PTXAS = toolchain.find_tool("ptxas")
needs_ptxas = pytest.mark.skipif(PTXAS is None, reason="ptxas not found")

# open64-era nvcc (gpuocelot's rodinia/needle_kernel.ptx): a `.func` declared without a body
# ends at the line, with no `;`, and the next item may be a `.file` or another declaration
OPEN64 = """\t.version 2.3
\t.target sm_20
\t.address_size 64

\t.visible .func (.param .s32 r) twice (.param .s32 a)

\t.file\t1\t"<command-line>"
\t.visible .func (.param .s32 r) twice (.param .s32 a)
\t.visible .func (.param .s32 r) twice (.param .s32 a)
\t{
\t.reg .u32 %r<3>;
\tld.param.u32 %r1, [a];
\tadd.u32 %r2, %r1, %r1;
\tst.param.s32 [r], %r2;
\tret;
\t}
\t.entry k (.param .u64 p)
\t{
\t.reg .u32 %r<3>;
\t.reg .u64 %rd<3>;
\t.param .s32 x;
\t.param .s32 y;
\tld.param.u64 %rd1, [p];
\tld.global.u32 %r1, [%rd1];
\tst.param.s32 [x], %r1;
\tcall (y), twice, (x);
\tld.param.s32 %r2, [y];
\tst.global.u32 [%rd1], %r2;
\texit;
\t}
"""

# ZLUDA's vector4.ptx: a vector register declared without `%`, one component read as `temp.w`
NAMED_VECTOR = """.version 6.5
.target sm_60
.address_size 64
.visible .entry vector4(.param .u64 input_p, .param .u64 output_p)
{
    .reg .u64 in_addr;
    .reg .u64 out_addr;
    .reg .v4 .u32 temp;
    .reg .u32 temp_scalar;
    ld.param.u64 in_addr, [input_p];
    ld.param.u64 out_addr, [output_p];
    ld.v4.u32 temp, [in_addr];
    mov.b32 temp_scalar, temp.w;
    st.u32 [out_addr], temp_scalar;
    ret;
}
"""

# llc (LLVM's NVPTX CodeGen test tex-read.ll, its function made a kernel): an independent-mode
# texture read names the texture, then the sampler, then the coordinates
TEX_SAMPLER = """.version 8.0
.target sm_90
.address_size 64
.visible .entry foo(
\t.param .u64 .ptr .texref foo_param_0,
\t.param .u64 .ptr .samplerref foo_param_1,
\t.param .u64 foo_param_2,
\t.param .u32 foo_param_3
)
{
\t.reg .b32 \t%r<2>;
\t.reg .f32 \t%f<5>;
\t.reg .b64 \t%rd<5>;
\tld.param.u64 \t%rd1, [foo_param_0];
\tld.param.u64 \t%rd2, [foo_param_2];
\tcvta.to.global.u64 \t%rd3, %rd2;
\tld.param.u64 \t%rd4, [foo_param_1];
\tld.param.u32 \t%r1, [foo_param_3];
\ttex.1d.v4.f32.s32 \t{%f1, %f2, %f3, %f4}, [%rd1, %rd4, {%r1}];
\tst.global.f32 \t[%rd3], %f1;
\tret;
}
"""


def counted(version: str, target: str) -> str:
    """A kernel with global loads and stores under a branch (every stock probe matches it)."""
    return f""".version {version}
.target {target}
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 n)
{{
.reg .pred %p<2>;
.reg .b32 %r<6>;
.reg .b64 %rd<4>;
ld.param.u64 %rd1, [p];
ld.param.u32 %r1, [n];
mov.u32 %r2, %tid.x;
setp.ge.u32 %p1, %r2, %r1;
@%p1 bra $L_end;
mul.wide.u32 %rd2, %r2, 4;
add.s64 %rd3, %rd1, %rd2;
ld.global.u32 %r3, [%rd3];
add.u32 %r4, %r3, 1;
st.global.u32 [%rd3], %r4;
$L_end:
ret;
}}
"""


PROBES = ["block_sched", "dmat", "gmem_bytes", "memtrace", "hotness", "opcode_mix",
          "branch_divergence", "time_range"]


def instrument(tmp_path: Path, text: str, probe: str) -> str:
    src, out = tmp_path / "in.ptx", tmp_path / f"{probe}.ptx"
    src.write_text(text)
    assert main(["instrument", "--probe", probe, str(src), "-o", str(out), "--no-cost"]) == 0
    return out.read_text()


def assemble(text: str, tmp_path: Path, arch: str = "sm_75") -> None:
    """ptxas accepts `text` for `arch` (compile only: declared functions may stay external)."""
    path = tmp_path / "check.ptx"
    path.write_text(text)
    run = subprocess.run([PTXAS, "-c", f"-arch={arch}", str(path), "-o", str(tmp_path / "o")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_declaration_without_semicolon_parses():
    module = parse_ptx(OPEN64)
    decls = [f for f in module.items if isinstance(f, ir.Function)]
    assert [(f.name, f.has_body) for f in decls] == [
        ("twice", False), ("twice", False), ("twice", True), ("k", True)]
    assert any(isinstance(i, ir.File) and i.path == "<command-line>" for i in module.items)
    printed = module.to_text()                   # printed with its `;`, and parses again
    assert printed.count("twice(\n\t.param .s32 a\n);") == 2
    assert [f.name for f in parse_ptx(printed).items if isinstance(f, ir.Function)] == \
        ["twice", "twice", "twice", "k"]


def test_named_vector_register_component():
    body = parse_ptx(NAMED_VECTOR).function("vector4").body
    mov = next(s for s in ir.walk(body) if isinstance(s, ir.Instruction) and s.opcode == "mov")
    assert mov.operands[1] == ir.Register("temp.w")


@needs_ptxas
@pytest.mark.parametrize("probe", ["dmat", "gmem_bytes", "hotness"])
def test_open64_module_instruments(tmp_path, probe):
    out = instrument(tmp_path, OPEN64, probe)
    assert ".version 6.2" in out and ".target sm_32" in out   # raised to what the probe needs
    assemble(out, tmp_path)


@needs_ptxas
@pytest.mark.parametrize("probe", PROBES)
@pytest.mark.parametrize("version,target", [("6.5", "sm_30"), ("7.0", "sm_52"), ("7.0", "sm_70")])
def test_older_targets_get_their_own_instructions(tmp_path, probe, version, target):
    """nvcc's default target (sm_52) and older ones have no redux.sync (sm_80) and, before
    sm_70, no match.any.sync: warp sums fold lane by lane there instead."""
    out = instrument(tmp_path, counted(version, target), probe)
    assert "redux" not in out
    if target != "sm_70":
        assert "match.any" not in out
    assemble(out, tmp_path)


@needs_ptxas
def test_named_vector_module_instruments(tmp_path):
    assemble(instrument(tmp_path, NAMED_VECTOR, "memtrace"), tmp_path)


def test_sm1x_is_refused_at_its_target(tmp_path, capsys):
    """Raising sm_1x would change the module's own float results: refused, at its `.target`."""
    src = tmp_path / "in.ptx"
    src.write_text(counted("1.4", "sm_10, map_f64_to_f32").replace(".address_size 64\n", ""))
    out = tmp_path / "out.ptx"
    assert main(["instrument", "--probe", "dmat", str(src), "-o", str(out), "--no-cost"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:2:1: error: PTX for sm_10 cannot be instrumented")
    assert "\n    .target sm_10, map_f64_to_f32\n    ^\n" in err
    assert "compile the kernel for sm_20 or later" in err
    assert not out.exists()


@pytest.mark.parametrize("lazy", [True, False])
def test_texture_with_sampler_parses(lazy):
    """`[tex, sampler, {coords}]`: read by the statement scanner and by the grammar alike."""
    from neutrino_py.asm.grammar import lark
    if lazy:
        body = parse_ptx(TEX_SAMPLER).function("foo").body
        tex = next(s for s in ir.walk(body)
                   if isinstance(s, ir.Instruction) and s.opcode == "tex")
        addr = tex.operands[1]
    else:
        addr = lark().parse("{%f1, %f2, %f3, %f4}, [%rd1, %rd4, {%r1}]", start="args")[1]
    assert addr == ir.Address(ir.Register("%rd1"), 0, ir.Vector((ir.Register("%r1"),)), False,
                              ir.Register("%rd4"))
    assert str(addr) == "[%rd1, %rd4, {%r1}]"
    assert {r.name for r in ir.registers_in(addr)} == {"%rd1", "%rd4", "%r1"}


@needs_ptxas
@pytest.mark.parametrize("probe", PROBES)
def test_texture_with_sampler_instruments(tmp_path, probe):
    out = instrument(tmp_path, TEX_SAMPLER, probe)
    assert "[%rd1, %rd4, {%r1}]" in out
    assemble(out, tmp_path, "sm_90")


# ---------------------------------------------------------------- PTX ISA 9.0 (CUDA 13.0) sweep

def module(body: str, target: str = "sm_90a", version: str = "9.0", head: str = "") -> str:
    """One kernel `k(.param .u64 p)` around `body`."""
    return (f".version {version}\n.target {target}\n.address_size 64\n{head}"
            f".visible .entry k(.param .u64 p)\n{{\n{body}}}\n")


def instructions(text: str) -> list[ir.Instruction]:
    return list(parse_ptx(text, cache=False).function("k").instructions())


@pytest.mark.parametrize("lazy", [True, False])
@pytest.mark.parametrize("written,offset", [("010", 8), ("0x10", 16), ("0b11", 3), ("16U", 16),
                                            ("-0x8", -8)])
def test_address_offsets_are_ptx_integers(lazy, written, offset):
    """ptxas reads ``[%rd1+010]`` as 8 bytes on: the scan had read 10, and ``0x10`` crashed."""
    from neutrino_py.asm.parser import grammar_args, parse_args
    args = f"%r1, [%rd1+{written}]"
    addr = (parse_args if lazy else grammar_args)(args)[1]
    assert (addr.offset, str(addr)) == (offset, f"[%rd1+{offset}]")


def test_decimal_float_immediates_parse_and_save_their_bits(tmp_path):
    """``1e10`` and ``.5`` are PTX (ptxas takes them); IN2 of ``add.f32 …, 1.5`` is 0x3FC00000,
    the bits the instruction reads, not 1."""
    from neutrino_py.asm.parser import grammar_args, parse_args
    for text in ("%f1, 1e10", "%f1, .5", "{%f1, -.5e3}"):
        assert parse_args(text) == grammar_args(text)
    assert parse_args("%f1, .5")[1] == ir.Immediate(".5")
    probe = tmp_path / "in2.probe"
    probe.write_text("map v[thread]: record { u64 x; } pool 1 << 10\n"
                     "before add.f32 { v.save(IN2); }\n")
    text = module(".reg .f32 %f<3>;\n.reg .b64 %rd<2>;\nld.param.u64 %rd1, [p];\n"
                  "ld.global.f32 %f1, [%rd1];\nadd.f32 %f2, %f1, 1.5;\n"
                  "st.global.f32 [%rd1], %f2;\nret;\n")
    assert f"], {0x3FC00000};" in instrument(tmp_path, text, str(probe))


@pytest.mark.parametrize("operands", ["1+2", "(1<<4)", "~0"])
def test_constant_expressions_are_refused_with_what_to_do(tmp_path, capsys, operands):
    src = tmp_path / "in.ptx"
    src.write_text(module(f".reg .b32 %r<2>;\nmov.u32 %r1, {operands};\nret;\n"))
    assert main(["inspect", str(src)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:7:")
    assert "write the number they stand for" in err and "Traceback" not in err


# PTX 9.0's function directives
DIRECTIVES_90 = """.version 9.0
.target sm_100a
.address_size 64
.visible .func f(.param .u32 a) .abi_preserve 8 .abi_preserve_control 4
{
\tret;
}
.visible .entry k(.param .u64 p) .blocksareclusters .reqntid 128 .reqnctapercluster 2
{
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [p];
\tst.global.u32 [%rd1], 1;
\tret;
}
"""


def test_ptx_90_directives_are_known():
    parsed = parse_ptx(DIRECTIVES_90, cache=False)
    f, k = parsed.functions()
    assert [(d.name, d.args) for d in f.directives] == [("abi_preserve", "8"),
                                                         ("abi_preserve_control", "4")]
    assert [d.name for d in k.directives] == ["blocksareclusters", "reqntid", "reqnctapercluster"]


@needs_ptxas
def test_ptx_90_directives_instrument(tmp_path):
    out = instrument(tmp_path, DIRECTIVES_90, "dmat")
    assert ".blocksareclusters" in out and ".abi_preserve 8" in out
    assemble(out, tmp_path, "sm_100a")


# nvcc's PTX for an inline-asm wait loop inlined twice (CUTLASS's ClusterBarrier::wait): each
# copy defines LAB_WAIT and DONE in its own scope, and a global load spins in the loop
SCOPED_LABELS = module("""\t.reg .b32 %r<4>;
\t.reg .b64 %rd<3>;
\tld.param.u64 %rd1, [p];
\t{
\t.reg .pred P1;
LAB_WAIT:
\tld.global.u32 %r1, [%rd1];
\tsetp.ne.u32 P1, %r1, 0;
\t@P1 bra DONE;
\tbra LAB_WAIT;
DONE:
\t}
\tadd.u32 %r2, %r1, 1;
\t{
\t.reg .pred P1;
LAB_WAIT:
\tld.global.u32 %r3, [%rd1+4];
\tsetp.ne.u32 P1, %r3, 0;
\t@P1 bra DONE;
\tbra LAB_WAIT;
DONE:
\t}
\tst.global.u32 [%rd1+8], %r2;
\tret;
""")


def test_labels_belong_to_their_scope():
    """Each `bra LAB_WAIT` loops in its own scope (ptxas reads them so): the CFG had sent both
    copies to the last LAB_WAIT, so the first loop was no loop to the splicer."""
    blocks = parse_ptx(SCOPED_LABELS, cache=False).function("k").blocks()
    assert [(b.labels, b.succs) for b in blocks] == [
        ([], [1]), (["LAB_WAIT"], [3, 2]), ([], [1]), (["DONE"], [4]),
        (["LAB_WAIT"], [6, 5]), ([], [4]), (["DONE"], [])]


def test_cutlass_wait_loops_stay_in_their_scope():
    """The corpus's CUTLASS kernel inlines ClusterBarrier::wait ten times: every loop's back
    edge goes to its own LAB_WAIT, just before it (all went to the last one)."""
    from conftest import CORPUS
    module = parse_ptx((CORPUS / "cutlass" / "hopper_ws_gemm.sm_90a.ptx").read_text(), cache=False)
    blocks = next(module.kernels()).blocks()
    loops = [(b.index, b.succs) for b in blocks
             if b.instructions and b.instructions[-1].target == "LAB_WAIT"]
    assert len(loops) == 10
    assert all(succs == [n - 1] and blocks[n - 1].labels == ["LAB_WAIT"] for n, succs in loops)


@needs_ptxas
@pytest.mark.parametrize("probe", ["memtrace", "branch_divergence", "opcode_mix"])
def test_scoped_labels_instrument(tmp_path, probe):
    assemble(instrument(tmp_path, SCOPED_LABELS, probe), tmp_path, "sm_90a")


def test_first_operand_roles_of_newer_forms():
    """`bar.red`/`barrier.red` write their first operand; `tcgen05.dealloc`, `wgmma.wait_group`
    and `stackrestore` only read theirs."""
    body = ("bar.red.popc.u32 %r1, 0, %p1;\nbarrier.cta.red.and.aligned.pred %p2, 0, %p1;\n"
            "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r2, 128;\n"
            "wgmma.wait_group.sync.aligned 0;\nstackrestore.u64 %rd1;\nbar.sync 0;\n")
    got = [(i.regs_written(), i.regs_read()) for i in instructions(module(body))]
    assert got == [({"%r1"}, {"%p1"}), ({"%p2"}, {"%p1"}), (set(), {"%r2"}), (set(), set()),
                   (set(), {"%rd1"}), (set(), set())]


def test_memory_of_tensor_maps_cluster_launch_control_and_cache_hints():
    """These write or name memory by an address; tensor memory (`tcgen05`) is no state space
    and is not counted as memory at all, least of all as global. `discard` and `applypriority`
    touch the 128 bytes their count operand names."""
    body = ("tensormap.replace.tile.global_address.global.b1024.b64 [%rd1], %rd2;\n"
            "tensormap.replace.tile.rank.shared::cta.b1024.b32 [%r1], 2;\n"
            "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128"
            " [%r1], [%r2];\n"
            "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 %p1, %rq;\n"
            "discard.global.L2 [%rd1], 128;\napplypriority.global.L2::evict_normal [%rd1], 128;\n"
            "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r3}, [%r2];\n"
            "st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%r1], %r3, [%r2];\n"
            "atom.global.v4.f32.add {%f1, %f2, %f3, %f4}, [%rd1], {%f1, %f2, %f3, %f4};\n"
            "ld.global.nc.L2::256B.v8.f32 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, [%rd1];\n")
    got = [(i.space, i.width) for i in instructions(module(body))]
    assert got == [("global", 8), ("shared", 4), ("shared", 16), (None, None), ("global", 128),
                   ("global", 128), (None, None), ("shared", 4), ("global", 16), ("global", 32)]


# inline asm declares `addr` twice, 64 bits wide for a global load, 32 for a shared one
SHADOWED = module("""\t.reg .b32 %r<3>;
\t.reg .b64 %rd<3>;
\tld.param.u64 %rd1, [p];
\tcvta.to.global.u64 %rd2, %rd1;
\t{
\t.reg .b64 addr;
\tmov.b64 addr, %rd2;
\tld.global.u32 %r1, [addr];
\t}
\t{
\t.reg .b32 addr;
\tmov.u32 addr, 16;
\tld.shared.u32 %r2, [addr];
\t}
\tadd.u32 %r1, %r1, %r2;
\tst.global.u32 [%rd2], %r1;
\tret;
""")


@pytest.mark.parametrize("probe", ["dmat", "memtrace"])
def test_register_width_is_its_scopes(tmp_path, probe):
    """ADDR of `[addr]` reads the 64-bit `addr` of its scope: the later 32-bit declaration had
    made it `cvt.u64.u32`, which ptxas takes and which drops the address's upper half."""
    out = instrument(tmp_path, SHADOWED, probe)
    assert not re.search(r"cvt\.u64\.u32\s+%nt_rd\d+, addr;", out)
    assert re.search(r"mov\.u64\s+%nt_rd\d+, addr;", out)
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90a")


# Triton 3.9's fp8 -> bf16 conversion on sm_90 (tl.dot_scaled): inline asm declares a range of
# registers without `%` (`.reg .f16 a<2>;`, `a0` and `a1`) beside a single one (`a`)
NAMED_RANGE = module("""\t.reg .b16 %rs<2>;
\t.reg .b32 %r<2>;
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [p];
\tld.global.u16 %rs1, [%rd1];
\t{
.reg .b32 a;
.reg .f16 a<2>;
.reg .b16 b<2>;
cvt.rn.f16x2.e4m3x2 a, %rs1;
mov.b32 {a0, a1}, a;
cvt.bf16.f16 b0, a0;
cvt.bf16.f16 b1, a1;
mov.b32 %r1, {b0, b1};
\t}
\tst.global.u32 [%rd1], %r1;
\tret;
""")


@pytest.mark.parametrize("lazy", [True, False])
def test_registers_of_a_named_range_are_registers(lazy):
    """`a0` of `.reg .f16 a<2>;` is a register (it had read as a symbol, the name of a
    variable, so it was neither read nor written and a probe took its address)."""
    from neutrino_py.asm.parser import grammar_body, parse_body
    body = (parse_body if lazy else grammar_body)(NAMED_RANGE.split("{\n", 1)[1].rsplit("}", 1)[0])
    cvt = [s for s in ir.walk(body) if isinstance(s, ir.Instruction) and s.opcode == "cvt"][1]
    assert cvt.operands == [ir.Register("b0"), ir.Register("a0")]
    assert (cvt.regs_written(), cvt.regs_read()) == ({"b0"}, {"a0"})
    mov = next(s for s in ir.walk(body) if isinstance(s, ir.Instruction) and s.opcode == "mov")
    assert mov.regs_written() == {"a0", "a1"}


def test_named_range_operands_instrument(tmp_path):
    """IN1 of `cvt.bf16.f16 b0, a0` is the 16 bits of `a0` (it was `mov.u64 %nt_rd0, a0;`,
    which ptxas refuses)."""
    probe = tmp_path / "in1.probe"
    probe.write_text("map v[thread]: record { u64 out; u64 in1; } pool 1 << 10\n"
                     "after cvt { v.save(OUT, IN1); }\n")
    out = instrument(tmp_path, NAMED_RANGE, str(probe))
    assert not re.search(r"mov\.u64\s+%nt_rd\d+, a0;", out)
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90a")
