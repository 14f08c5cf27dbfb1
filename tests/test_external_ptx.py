"""PTX from outside the corpus that once broke the engine, cut down to what broke it: old nvcc
(open64) declarations, ZLUDA's named vector registers, modules for targets older than the
instructions the probes' code uses, and what llc writes for LLVM's own NVPTX CodeGen tests. Each
instrumented output must assemble where ptxas is found.
"""
from __future__ import annotations

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
