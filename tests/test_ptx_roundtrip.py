"""Printing a parsed module is a fixed point, and ptxas compiles it to the same cubin.

Every corpus file and one hand-written module (constructs compilers rarely emit) go through
parse → print → parse → print, and through ptxas twice: the original text and the printed text,
with `-arch` from the module's `.target`. All ELF sections must match byte for byte, except the
two debug sections that record the PTX text itself and PTX line numbers.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import CORPUS
from neutrino_py import toolchain
from neutrino_py.asm import ir, parse_ptx
from neutrino_py.image.elf import code_sections, sections

CORPUS_FILES = sorted(CORPUS.glob("**/*.ptx"))
# sections that hold PTX text or PTX line numbers (the printer drops blank lines), and the
# relocations into them (.rela on sm_90, .rel on sm_80: access.sm_80.lineinfo moves one offset);
# sm_100 cubins repeat them under `.nv.merc` (`.nv.merc.nv_debug_line_sass`)
PTX_TEXT_SECTIONS = {".nv_debug_ptx_txt", ".nv_debug_line_sass", ".rela.nv_debug_line_sass",
                     ".rel.nv_debug_line_sass"}

HAND = r"""//
// Hand-written PTX: the constructs compiler output in the corpus does not show.
//
.version 8.0
.target sm_90
.address_size 64

.extern .func (.param .b32 ext_ret) ext_fn(.param .b32 ext_a);
.weak .func (.param .b32 func_retval0) weak_fn(
	.param .b32 weak_fn_param_0
)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [weak_fn_param_0];
	add.s32 %r2, %r1, 1;
	st.param.b32 [func_retval0+0], %r2;
	ret;
}
.func target_fn(.param .b32 target_fn_param_0)
{
	ret;
}
.func alias_fn(.param .b32 alias_fn_param_0);
.alias alias_fn, target_fn;
.global .align 4 .b32 table[4] = {1, 2, 3, 4};
.const .align 8 .f64 cst = 0d3FF0000000000000;
.extern .shared .align 16 .b8 dyn_smem[];
.global .attribute(.managed) .align 4 .u32 managed_counter;

.visible .entry hand(
	.param .u64 .ptr .global .align 16 hand_param_0,
	.param .u32 hand_param_1,
	.param .u64 hand_param_2
)
.reqntid 128, 1, 1
.maxnreg 64
.pragma "nounroll";
{
	.reg .pred 	%p<5>;
	.reg .b32 	%r<20>;
	.reg .b64 	%rd<10>;
	.reg .f32 	%f<9>;
	.local .align 4 .b8 depot[16];
	.shared .align 4 .b32 sh[128];

	ld.param.u64 	%rd1, [hand_param_0];
	ld.param.u32 	%r1, [hand_param_1];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r2, %tid.x;
	setp.lt.u32 	%p1|%p2, %r2, %r1;
	@!%p1 bra 	$L_end;
	mul.wide.u32 	%rd3, %r2, 16;
	add.s64 	%rd4, %rd2, %rd3;
	ld.global.v4.f32 	{%f1, %f2, %f3, %f4}, [%rd4];
	ld.global.f32 	%f5, [%rd4+-8];
	add.f32 	%f6, %f1, %f5;
	st.global.v4.f32 	[%rd4], {%f6, %f2, %f3, %f4};
	st.shared.b32 	[sh+4], %r2;
	st.local.b32 	[depot+8], %r2;
	ld.shared.b8 	%r7, [dyn_smem];
	ld.global.L1::evict_last.u32 	%r10, [managed_counter];
	ld.param.u64 	%rd6, [hand_param_2];
	tex.1d.v4.f32.s32 	{%f1, %f2, %f3, %f4}, [%rd6, {%r1}];
	suld.b.2d.b32.trap 	{%r9}, [%rd6, {%r2, %r2}];
	sust.b.2d.b32.trap 	[%rd6, {%r2, %r2}], {%r9};
	atom.global.add.u32 	%r3, [%rd2], 1;
	red.global.add.f32 	[%rd2+4], %f6;
	setp.lt.and.s32 	%p3, %r2, %r1, !%p2;
	mov.u32 	%r4, 0;
	.pragma "nounroll";
$L_loop:
	add.s32 	%r4, %r4, 1;
	setp.lt.s32 	%p4, %r4, 10;
	@%p4 bra.uni 	$L_loop;
	{ // inline asm with a scope of its own
	.reg .b32 %tmp;
	.reg .pred p;
	mov.u32 	%tmp, %r4;
	// @neutrino mark_a
	add.s32 	%r8, %tmp, 0x10;
	setp.ne.s32 	p, %r10, 0;
	@!p add.s32 	%r8, %r8, 1;
	}
	{
	.param .b32 param0;
	.param .b32 retval0;
	st.param.b32 	[param0], %r4;
	prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);
	mov.u64 	%rd5, weak_fn;
	call 	(retval0), %rd5, (param0), prototype_0;
	ld.param.b32 	%r5, [retval0];
	}
	{
	.param .b32 param0;
	st.param.b32 	[param0], %r5;
	call.uni 	target_fn, (param0);
	}
	and.b32 	%r6, %r5, 1;
$L_tbl: .branchtargets $L_a, $L_b;
	brx.idx 	%r6, $L_tbl;
$L_a:
	st.global.u32 	[%rd2+8], %r6;
	bra.uni 	$L_end;
$L_b:
	/* block comment */
	st.global.u32 	[%rd2+12], %r8;
$L_end:
	ret;
}
"""

# sm_90a: clusters, mbarriers, bulk copies, a named predicate in a scope with its own label.
HAND_SM90A = r""".version 8.0
.target sm_90a
.address_size 64

.visible .entry cluster_tma(
	.param .u64 cluster_tma_param_0
)
.reqnctapercluster 2, 1, 1
.explicitcluster
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<12>;
	.shared .align 8 .b64 bar;
	.shared .align 128 .b8 tile[1024];

	ld.param.u64 	%rd1, [cluster_tma_param_0];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %cluster_ctarank;
	mov.u32 	%r3, bar;
	mov.u32 	%r4, tile;
	elect.sync 	%r5|%p1, -1;
	@%p1 mbarrier.init.shared::cta.b64 	[%r3], 1;
	fence.mbarrier_init.release.cluster;
	barrier.cluster.arrive.release.aligned;
	barrier.cluster.wait.acquire.aligned;
	@%p1 mbarrier.arrive.expect_tx.shared::cta.b64 	%rd2, [%r3], 1024;
	@%p1 cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes 	[%r4], [%rd1], 1024, [%r3];
	{
	.reg .pred p;
	$L_wait:
	mbarrier.try_wait.parity.shared::cta.b64 	p, [%r3], 0;
	@!p bra 	$L_wait;
	}
	mapa.shared::cluster.u32 	%r6, %r4, 1;
	ld.shared::cluster.u32 	%r7, [%r6];
	fence.proxy.async.shared::cta;
	cvta.to.global.u64 	%rd3, %rd1;
	mul.wide.u32 	%rd4, %r1, 4;
	add.s64 	%rd5, %rd3, %rd4;
	st.global.u32 	[%rd5], %r7;
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	ret;
}
"""

CASES = [pytest.param(p.read_text(), id=p.relative_to(CORPUS).as_posix()) for p in CORPUS_FILES]
CASES += [pytest.param(HAND, id="handwritten"), pytest.param(HAND_SM90A, id="handwritten_sm90a")]


def _printed(text: str) -> str:
    return parse_ptx(text, cache=False).parse_all().to_text()


def test_corpus_is_there():
    assert len(CORPUS_FILES) >= 40
    assert {p.parent.name for p in CORPUS_FILES} >= {"cuda", "triton"}


@pytest.mark.parametrize("text", CASES)
def test_printing_is_a_fixed_point(text):
    once = _printed(text)
    assert _printed(once) == once


@pytest.mark.parametrize("text", CASES)
def test_text_in_pieces_is_the_text(text):
    """`instrument` writes a module in pieces as they are printed: together they are its text,
    however small the pieces (a piece ends between top-level items)."""
    module = parse_ptx(text, cache=False).parse_all()
    whole = module.to_text()
    for lines in (1, 7, 5000):
        pieces = list(module.text_pieces(lines))
        assert "".join(pieces) == whole
        assert all(piece.endswith("\n") for piece in pieces)
    assert len(list(module.text_pieces(1))) > 1


@pytest.mark.parametrize("text", CASES)
def test_parse_keeps_every_instruction_and_comment(text):
    module = parse_ptx(text, cache=False)
    bodies = "".join(f._body_text or "" for f in module.functions())
    nodes = [s for f in module.functions() for s in _all(f.body)]
    assert sum(isinstance(s, ir.Instruction) for s in nodes) == _count_instructions(bodies)
    assert sum(isinstance(s, ir.Comment) for s in nodes) == len(COMMENT.findall(bodies))


COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def _all(stmts):
    for s in stmts:
        yield s
        if isinstance(s, ir.Block):
            yield from _all(s.body)


def _count_instructions(body: str) -> int:
    """Instructions counted with a regex, independently of the grammar: chunks between ';' '{' '}'
    that start (after labels) with a guard or a lowercase opcode. Braces holding no ';' are a
    vector operand's (`mov.b64 {tmp, %r1}, %rd6;`: a register named without '%'), not a scope."""
    body = COMMENT.sub("", body)
    body = re.sub(r"^\s*\.loc\b[^\n]*", "", body, flags=re.M)
    body = re.sub(r"\{([^{};]*)\}", r"(\1)", body)
    chunks = (re.sub(r"^\s*([\w$]+\s*:\s*)*", "", c) for c in re.split(r"[;{}]", body))
    return sum(1 for c in chunks if re.match(r"@|[a-z]", c))


@pytest.mark.skipif(toolchain.find_tool("ptxas") is None, reason="ptxas not installed "
                    "(pip install nvidia-cuda-nvcc)")
@pytest.mark.parametrize("text", CASES)
def test_ptxas_gives_identical_code(text):
    module = parse_ptx(text, cache=False).parse_all()
    arch = module.arch
    original = sections(toolchain.run_ptxas(text, arch))
    printed = sections(toolchain.run_ptxas(module.to_text(), arch))
    assert sorted(printed) == sorted(original)
    assert code_sections(toolchain.run_ptxas(text, arch))  # there is code to compare
    for name, data in original.items():
        if name.removeprefix(".nv.merc") not in PTX_TEXT_SECTIONS:
            assert printed[name] == data, f"section {name} differs"


# comments where ptxas takes them and compilers do not write them (found by inserting a comment
# at every gap of corpus modules): inside vector operands, holding `,`, `}` or a newline
COMMENTED = [("ld.global.f32 \t%f1, [%rd8];", "ld.global.v2.f32 \t{%f1, /* a, } */ %f9}, [%rd8];"),
             ("ld.global.f32 \t%f2, [%rd6];", "ld.global.v2.f32 \t{ // b }\n %f2, %f8 }, [%rd6];"),
             ("st.global.f32 \t[%rd10], %f3;", "st.global.v2.f32 \t[ /* c */ %rd10 ], {%f3, /**/%f3};"),
             (".reg .f32 \t%f<4>;", ".reg .f32 \t%f<10>;")]


@pytest.mark.skipif(toolchain.find_tool("ptxas") is None, reason="ptxas not installed "
                    "(pip install nvidia-cuda-nvcc)")
def test_comments_inside_operands_parse_instrument_and_assemble():
    from neutrino_py.paths import probe_file
    from neutrino_py.probe import load_file
    from neutrino_py.splice import instrument

    text = (CORPUS / "cuda" / "vector_add.sm_90.ptx").read_text()
    for old, new in COMMENTED:
        assert old in text
        text = text.replace(old, new, 1)
    toolchain.run_ptxas(text, "sm_90")                       # what ptxas takes, we must take
    kernel = parse_ptx(text, cache=False).function("vector_add")
    vectors = [i.operands[0 if i.opcode == "ld" else 1] for i in kernel.body
               if isinstance(i, ir.Instruction) and i.opcode in ("ld", "st") and "global" in i.modifiers]
    assert [[str(r) for r in v.items] for v in vectors] == [["%f1", "%f9"], ["%f2", "%f8"],
                                                                ["%f3", "%f3"]]
    result = instrument(parse_ptx(text, cache=False), load_file(probe_file("dmat")))
    assert list(result.manifests["vector_add"].positions.values()) == [3]
    toolchain.run_ptxas(result.module.to_text(), "sm_90")


@pytest.mark.skipif(toolchain.find_tool("ptxas") is None, reason="ptxas not installed "
                    "(pip install nvidia-cuda-nvcc)")
def test_a_comment_inside_a_loc_tail_stays_in_it():
    """`.loc 2 287 12, function_name $L__info_string0, /* c */ inlined_at 2 314 12`: the tail is
    kept as written, comment and all, and what follows the comment is not an error."""
    from neutrino_py.paths import probe_file
    from neutrino_py.probe import load_file
    from neutrino_py.splice import instrument

    text = (CORPUS / "triton" / "attention_fwd_kernel.sm_90a.ptx").read_text()
    old = ".loc\t2 287 12, function_name $L__info_string0, inlined_at 2 314 12"
    assert old in text
    text = text.replace(old, old.replace("inlined_at", "/* c */ inlined_at"), 1)
    toolchain.run_ptxas(text, "sm_90a")
    kernel = parse_ptx(text, cache=False).function("attention_fwd_kernel")
    tails = [s.extra for s in ir.flat(kernel.body) if isinstance(s, ir.Loc) and "/* c */" in s.extra]
    assert tails == ["function_name $L__info_string0, /* c */ inlined_at 2 314 12"]
    toolchain.run_ptxas(instrument(parse_ptx(text, cache=False),
                                   load_file(probe_file("gmem_bytes"))).module.to_text(), "sm_90a")


@pytest.mark.skipif(toolchain.find_tool("ptxas") is None, reason="ptxas not installed "
                    "(pip install nvidia-cuda-nvcc)")
@pytest.mark.parametrize("cut", [", function_name $L__info_string0,\n\t\tinlined_at 2 314 12",
                                 ",\n function_name $L__info_string0, inlined_at 2 314 12",
                                 ", function_name $L__info_string0,  \n\n  inlined_at 2 314 12"],
                         ids=["before_inlined_at", "after_the_first_comma", "blank_line_between"])
def test_a_loc_tail_continued_after_a_comma_is_one_tail(cut):
    """ptxas reads a `.loc` tail whose line ends in a comma on from the next line; so does the
    parser: one tail, the next line's statements not swallowed, printed back as ptxas reads it."""
    from neutrino_py.paths import probe_file
    from neutrino_py.probe import load_file
    from neutrino_py.splice import instrument

    text = (CORPUS / "triton" / "attention_fwd_kernel.sm_90a.ptx").read_text()
    old = ".loc\t2 287 12, function_name $L__info_string0, inlined_at 2 314 12"
    text = text.replace(old, ".loc\t2 287 12" + cut, 1)
    toolchain.run_ptxas(text, "sm_90a")
    module = parse_ptx(text, cache=False)
    kernel = module.function("attention_fwd_kernel")
    tails = {tuple(s.extra.split()) for s in ir.flat(kernel.body)
             if isinstance(s, ir.Loc) and (s.file, s.source_line, s.source_col) == (2, 287, 12)}
    assert tails == {tuple(cut.split()[1:])}
    toolchain.run_ptxas(module.to_text(), "sm_90a")
    original = parse_ptx((CORPUS / "triton" / "attention_fwd_kernel.sm_90a.ptx").read_text(), cache=False)
    assert len(list(kernel.instructions())) == len(list(original.function("attention_fwd_kernel").instructions()))
    toolchain.run_ptxas(instrument(parse_ptx(text, cache=False),
                                   load_file(probe_file("gmem_bytes"))).module.to_text(), "sm_90a")


ELEMENTS = """.version 8.0
.target sm_90
.address_size 64
.global .align 8 .b8 garr[64];
.visible .entry k(.param .u64 p)
{
	.reg .b64 %rd<6>;
	.local .align 8 .b8 loc0[32];
	mov.u64 %rd1, garr[8];
	mov.u64 %rd2, garr + 16;
	mov.u64 %rd3, loc0[0];
	mov.u64 %rd4, garr+0;
	ld.param.u64 %rd5, [p];
	st.global.u64 [%rd5], %rd1;
	st.global.u64 [%rd5+8], %rd2;
	st.global.u64 [%rd5+16], %rd4;
	st.local.u64 [%rd3], %rd4;
	ret;
}
"""


@pytest.mark.skipif(toolchain.find_tool("ptxas") is None, reason="ptxas not installed "
                    "(pip install nvidia-cuda-nvcc)")
def test_the_address_of_an_element_is_an_operand():
    """`mov.u64 %rd1, arr[8];` and `arr+16` (tinygrad writes `local0[0]`): the address of a
    variable's element, read by the scan and the grammar alike, printed as written, and a value a
    probe can save (IN1 moves it into a register of its own)."""
    from neutrino_py.probe import load
    from neutrino_py.splice import instrument

    toolchain.run_ptxas(ELEMENTS, "sm_90")
    movs = [i for i in parse_ptx(ELEMENTS, cache=False).function("k").instructions() if i.opcode == "mov"]
    assert [(type(i.operands[1]).__name__, str(i.operands[1])) for i in movs] == [
        ("SymbolAddress", "garr[8]"), ("SymbolAddress", "garr+16"), ("SymbolAddress", "loc0[0]"),
        ("SymbolAddress", "garr+0")]
    probe = load("map m[thread]: record(4) { u64 v; }\nafter mov { m.save(IN1); }\n", "in1.probe")
    out = instrument(parse_ptx(ELEMENTS, cache=False), probe).module.to_text()
    assert out.count("mov.u64 \t%nt_rd0, garr[8];") == 1
    toolchain.run_ptxas(out, "sm_90")


NARROW = """.version 7.8
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .f16 %h;
	.reg .u8 %c;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	ld.global.b16 %h, [%rd1];
	ld.global.u8 %c, [%rd1+2];
	st.global.b16 [%rd1+4], %h;
	st.global.u8 [%rd1+6], %c;
	ret;
}
"""


@pytest.mark.skipif(toolchain.find_tool("ptxas") is None, reason="ptxas not installed "
                    "(pip install nvidia-cuda-nvcc)")
@pytest.mark.parametrize("text", [NARROW, (CORPUS / "tinygrad" / "18_r_32_2_2_2_4_4_4_2.sm_90.ptx")],
                         ids=["f16_and_u8_registers", "tinygrad_half"])
def test_operands_in_16_and_8_bit_registers_are_read_as_raw_bits(text):
    """A value in a register declared .f16 (tinygrad's `%cast_f16_N`) or .u8, saved as IN2 or OUT:
    cvt takes neither as it took .b16, so their bits are widened the ways ptxas accepts."""
    from neutrino_py.probe import load
    from neutrino_py.splice import instrument

    text = text.read_text() if isinstance(text, Path) else text
    probe = load("map m[thread]: record(4) { u64 a; u64 b; }\n"
                 "before st.global { m.save(IN2, 0); }\nafter ld.global { m.save(OUT, 1); }\n", "n.probe")
    module = parse_ptx(text, cache=False)
    toolchain.run_ptxas(instrument(module, probe).module.to_text(), module.arch)
