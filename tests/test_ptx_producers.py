"""PTX from producers and flags the corpus does not hold, cut down to what broke the engine in a
sweep of nvcc 13.0 (-G, -lineinfo, -rdc=true, --use_fast_math, -maxrregcount; sm_75 to sm_120,
sm_90a, sm_100a/103a/110a; CDP, cooperative groups, textures and surfaces, every atomic kind,
fp8/bf16, wmma/mma/ldmatrix/stmatrix, TMA, wgmma, clusters, tcgen05), clang 14/19 CUDA at -O0,
-O2 and -O3 -g, and hand-written modules (old open64 debug output, 32-bit addresses, module
variables of every kind). Each case: refused at a place with what to do, or parsed, printed as a
fixed point and instrumented by every stock probe into PTX ptxas assembles.
"""
from __future__ import annotations

import subprocess

import pytest

from neutrino_py import toolchain
from neutrino_py.asm import ir, parse_ptx
from neutrino_py.asm.ptx_isa import KNOWN_OPCODES, opcode_id
from neutrino_py.cli import main

PTXAS = toolchain.find_tool("ptxas")
needs_ptxas = pytest.mark.skipif(PTXAS is None, reason="ptxas not found")
PROBES = ["block_sched", "dmat", "gmem_bytes", "memtrace", "hotness", "opcode_mix",
          "branch_divergence", "time_range"]

# independent texture mode, module variables of every linkage and initializer, `istypep`,
# calls through a register with `.calltargets` and with a `.callprototype`, a vector return
HANDLES = r""".version 9.0
.target sm_90, texmode_independent
.address_size 64

.global .texref tref;
.global .samplerref sref = { addr_mode_0 = clamp_to_edge, filter_mode = linear };
.global .surfref suref;
.global .align 4 .b32 gdata[4] = {1, 2, 3, 4};
.global .align 8 .u64 gptr = generic(gdata);
.global .align 8 .u64 addr_of = gdata+8;
.weak .global .align 4 .u32 weak_sym = 7;
.common .global .align 8 .u64 common_sym;

.func (.param .b32 func_retval0) fa(.param .b32 fa_param_0)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [fa_param_0];
	add.s32 %r2, %r1, 1;
	st.param.b32 [func_retval0], %r2;
	ret;
}
.global .align 8 .u64 fn_table[1] = {fa};
.visible .entry k(.param .u64 .ptr .global .align 4 k_param_0)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.reg .f32 %f<5>;
	.reg .b64 %rd<5>;

	ld.param.u64 %rd1, [k_param_0];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	ld.global.u64 %rd3, [fn_table];
	istypep.texref %p1, %rd1;
	istypep.samplerref %p2, %rd1;
	tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [tref, sref, {%r1}];
	suld.b.1d.b32.trap {%r2}, [suref, {%r1}];
	sust.b.1d.b32.trap [suref, {%r1}], {%r2};
	ld.global.u32 %r3, [weak_sym];
	red.global.add.u64 [common_sym], 1;
	{
	.param .b32 param0;
	st.param.b32 [param0], %r1;
	.param .b32 retval0;
	prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);
	call (retval0), %rd3, (param0), prototype_0;
	ld.param.b32 %r4, [retval0];
	}
	{
	.param .b32 param0;
	st.param.b32 [param0], %r4;
	.param .b32 retval0;
	targets: .calltargets fa;
	call (retval0), %rd3, (param0), targets;
	ld.param.b32 %r5, [retval0];
	}
	selp.u32 %r6, 1, 0, %p1;
	add.s32 %r7, %r5, %r6;
	st.global.u32 [%rd2], %r7;
	st.global.f32 [%rd2+4], %f1;
	ret;
}
"""

# open64 nvcc -G (PTX 1.x): debug data as `@@DWARF` lines after the last function
DWARF_LINES = """\t.version 1.4
\t.target sm_13
\t.file\t1 "a.cu"

\t.entry k (
\t\t.param .u64 __cudaparm_k_p)
\t{
\t.reg .u32 %r<3>;
\t.reg .u64 %rd<3>;
\t.loc\t1\t3\t0
$LBB1_k:
\tld.param.u64 \t%rd1, [__cudaparm_k_p];
\tmov.u32 \t%r1, %tid.x;
\tst.global.u32 \t[%rd1+0], %r1;
\texit;
$LDWend_k:
\t}
\t@@DWARF .section .debug_info, "",@progbits
\t@@DWARF .byte\t0x4d, 0x00, 0x00, 0x00, 0x02, 0x00
\t@@DWARF .4byte\t.debug_abbrev
\t@@DWARF .quad\t$LBB1_k
"""

ADDRESS_32 = """.version 7.0
.target sm_70
.address_size 32

.visible .entry k32(.param .u32 k32_param_0)
{
\t.reg .b32 %r<4>;
\tld.param.u32 %r1, [k32_param_0];
\tmov.u32 %r2, %tid.x;
\tst.global.u32 [%r1], %r2;
\tret;
}
"""


def printed(text: str) -> str:
    return parse_ptx(text, cache=False).parse_all().to_text()


def assemble(text: str, tmp_path, arch: str) -> None:
    path = tmp_path / "check.ptx"
    path.write_text(text)
    run = subprocess.run([PTXAS, "-c", f"-arch={arch}", str(path), "-o", str(tmp_path / "o")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_istypep_is_an_instruction():
    """`istypep` (PTX 4.0) was refused as unknown: the table spelt it `istypeof`, which no
    PTX has. It keeps that entry's OPCODE id."""
    assert "istypep" in KNOWN_OPCODES and "istypeof" not in KNOWN_OPCODES
    assert opcode_id("istypep") == opcode_id("isspacep") + 1
    ins = [s for s in parse_ptx(HANDLES, cache=False).function("k").instructions()
           if s.opcode == "istypep"]
    assert [(i.modifiers, i.regs_written(), i.regs_read()) for i in ins] == [
        (["texref"], {"%p1"}, {"%rd1"}), (["samplerref"], {"%p2"}, {"%rd1"})]


def test_handles_and_module_variables_round_trip():
    once = printed(HANDLES)
    assert printed(once) == once
    for line in (".global .samplerref sref = { addr_mode_0 = clamp_to_edge, filter_mode = linear };",
                 ".global .align 8 .u64 gptr = generic(gdata);", ".common .global .align 8 .u64 common_sym;",
                 ".global .align 8 .u64 fn_table[1] = {fa};"):
        assert line in once


@needs_ptxas
@pytest.mark.parametrize("probe", PROBES)
def test_handles_instrument(tmp_path, probe):
    src, out = tmp_path / "in.ptx", tmp_path / "out.ptx"
    src.write_text(HANDLES)
    assert main(["instrument", "--probe", probe, str(src), "-o", str(out), "--no-cost"]) == 0
    assemble(out.read_text(), tmp_path, "sm_90")


def test_dwarf_lines_are_kept(tmp_path, capsys):
    """`@@DWARF` lines were a syntax error at their '@': they parse as top-level items, print
    back as written, `inspect` reads the module, and `instrument` refuses it at its `.target`
    (sm_1x) rather than at the debug data."""
    module = parse_ptx(DWARF_LINES, cache=False)
    dwarf = [i for i in module.items if isinstance(i, ir.Dwarf)]
    assert [(d.line, d.col) for d in dwarf] == [(18, 2), (19, 2), (20, 2), (21, 2)]
    assert dwarf[1].text == "@@DWARF .byte\t0x4d, 0x00, 0x00, 0x00, 0x02, 0x00"
    once = printed(DWARF_LINES)
    assert printed(once) == once and once.count("@@DWARF") == 4
    src = tmp_path / "old.ptx"
    src.write_text(DWARF_LINES)
    assert main(["inspect", str(src)]) == 0
    assert main(["instrument", "--probe", "dmat", str(src), "-o", str(tmp_path / "o.ptx"),
                 "--no-cost"]) == 2
    assert capsys.readouterr().err.startswith(f"{src}:2:2: error: PTX for sm_13 cannot be instrumented")


def test_dwarf_inside_a_body_is_refused_where_it_stands(capsys, tmp_path):
    src = tmp_path / "in.ptx"
    src.write_text(DWARF_LINES.replace("\texit;\n", "\t@@DWARF .byte 0x1\n\texit;\n"))
    assert main(["inspect", str(src)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:15:") and "Traceback" not in err


def test_32_bit_addresses_are_refused_with_what_to_do(tmp_path, capsys):
    """`.address_size 32` had instrumented into 64-bit map pointers used as 32-bit addresses
    (no current ptxas assembles either): refused at the directive."""
    src = tmp_path / "in.ptx"
    src.write_text(ADDRESS_32)
    assert main(["inspect", str(src)]) == 0                       # reading it is fine
    out = tmp_path / "out.ptx"
    assert main(["instrument", "--probe", "dmat", str(src), "-o", str(out), "--no-cost"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:3:1: error: 32-bit PTX (`.address_size 32`) cannot be instrumented")
    assert "\n    .address_size 32\n    ^\n" in err and "`.address_size 64`" in err
    assert not out.exists()
