"""Statement-level `.pragma`s keep their place around the code probes put in (PTX ISA 9.0 §12,
`asm.ptx_isa.PRAGMA_PLACES`): `used_bytes_mask` right before the load it qualifies (ignored
before any other instruction, or moved onto the probe's own `ld.param`), `nounroll` and
`frequency` before every instruction of their basic block (ignored after one).
"""
from __future__ import annotations

import pytest

from test_ptx_producers import PTXAS, assemble
from neutrino_py.asm import ir, parse_ptx
from neutrino_py.probe import load
from neutrino_py.splice import instrument

LOOP = """.version 9.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r6, [n];
	mov.u32 %r5, 0;
$L__BB0_1:
	// @neutrino top
	.pragma "nounroll";
	.pragma "frequency 8";
	.pragma "used_bytes_mask 0xfff";
	// @neutrino load
	ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1];
	add.s32 %r5, %r5, 1;
	setp.lt.s32 %p1, %r5, %r6;
	@%p1 bra $L__BB0_1;
	.pragma "used_bytes_mask 0x1";
	ld.global.u32 %r7, [%rd1+16];
	st.global.u32 [%rd1], %r7;
	ret;
}
"""
# every position that puts code before a statement near the pragmas: the instruction after
# them, the block they start, the marks before and among them, and entry code
PROBE = """map m[thread]: record { u64 v; } pool 64
map c[thread]: counter { u64 loads; }
entry { m.save(1); }
block { c.loads += count(ld.global); }
before ld.global { m.save(ADDR); }
before mark("top") { m.save(PC); }
before mark("load") { m.save(PC); }
"""


def _statements(text: str) -> list[ir.Statement]:
    return ir.flat(parse_ptx(text, cache=False).function("k").body)


def _after(stmts: list[ir.Statement], n: int) -> ir.Statement:
    """The statement after `stmts[n]`, comments and `.loc` lines skipped."""
    return next(s for s in stmts[n + 1:] if type(s) not in (ir.Comment, ir.Loc))


def _pragma(s: ir.Statement) -> str | None:
    return s.args if type(s) is ir.Directive and s.name == "pragma" else None


def test_pragmas_keep_their_place_around_probe_code(tmp_path):
    """Before: the mark's code stood between the loop's label and `nounroll` (the pragma then
    came after instructions of the loop header and ptxas ignores it), and the load's code
    between `used_bytes_mask` and the load (the mask then stood before the probe's `mov`)."""
    out = instrument(parse_ptx(LOOP, cache=False), load(PROBE)).module.to_text()
    stmts = _statements(out)
    pragmas = [(n, _pragma(s)) for n, s in enumerate(stmts) if _pragma(s)]
    assert [p for _, p in pragmas] == ['"nounroll"', '"frequency 8"', '"used_bytes_mask 0xfff"',
                                       '"used_bytes_mask 0x1"']
    (head, _), (freq, _), (mask, _), (mask2, _) = pragmas
    label = next(n for n, s in enumerate(stmts) if type(s) is ir.Label and s.name == "$L__BB0_1")
    assert _after(stmts, label) is stmts[head] and _after(stmts, head) is stmts[freq]
    for n in (mask, mask2):
        load_ = _after(stmts, n)
        assert type(load_) is ir.Instruction and load_.name.startswith("ld.global"), load_
    between = [s for s in stmts[freq + 1:mask] if type(s) is ir.Instruction]
    # the code of both marks, the block's count and the load's save stand there, outside the
    # pragmas' reach: three saves and the counter's add
    assert sum(s.opcode == "st" for s in between) == 3 and any(s.opcode == "add" for s in between)
    if PTXAS is not None:
        assemble(out, tmp_path, "sm_90")


@pytest.mark.parametrize("pragma", ['"used_bytes_mask 0xff"', '"frequency 32"'])
def test_entry_code_leaves_a_pragma_before_the_first_instruction_in_place(pragma, tmp_path):
    """`used_bytes_mask` stays on the kernel's first load (`ld.param` is one), entry code going
    before it; `frequency` stays before every instruction of the first block, entry code after."""
    text = LOOP.replace("\tld.param.u64 %rd1, [p];\n",
                        f"\t.pragma {pragma};\n\tld.param.u64 %rd1, [p];\n")
    out = instrument(parse_ptx(text, cache=False),
                     load("map m[thread]: record { u64 v; } pool 64\nentry { m.save(1); }"))
    stmts = ir.flat(out.module.function("k").body)
    n = next(n for n, s in enumerate(stmts) if _pragma(s) == pragma)
    code_before = any(type(s) is ir.Instruction for s in stmts[:n])
    assert code_before == pragma.startswith('"used')
    assert _after(stmts, n).name == "ld.param.u64" or not code_before
    if PTXAS is not None:
        assemble(out.module.to_text(), tmp_path, "sm_90")


def test_a_pragma_of_the_function_stays_where_it_was():
    """`enable_smem_spilling` qualifies its function wherever it stands: the load's code goes
    between it and the load, as before."""
    text = LOOP.replace('"used_bytes_mask 0x1"', '"enable_smem_spilling"')
    stmts = _statements(instrument(parse_ptx(text, cache=False), load(PROBE)).module.to_text())
    n = next(n for n, s in enumerate(stmts) if _pragma(s) == '"enable_smem_spilling"')
    assert "%nt_" in stmts[n + 1].to_text()
