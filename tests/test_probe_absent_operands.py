"""OUT and IN1..IN3 where the instruction has no such operand (probes/README.md, "Operands"): a
probe that reads one at no instruction its position matches that has it is refused at the read,
`file:line:col`; where some have it, the others read 0 (the values themselves are checked
against the simulator in test_probe_line_operands.py, whose ranges mix both). Before, every such
read was a silent 0: `before mov { m.save(IN2); }` recorded zeros. A branch's label has no value
and counts the same way (as on AMD, tests/test_gcn_site_semantics.py): refused at the read,
naming the label, where no matched instruction has a value there, 0 where some does; it was
refused wherever matched, so `before * { ... IN1 ... }` was refused at every kernel with a branch.
"""
from __future__ import annotations

import numpy as np
import pytest

from conftest import ROOT
from test_splice_simulated import GRID, BLOCK, N, corpus, vector_add
from neutrino_py import toolchain
from neutrino_py.asm import ir, parse_ptx
from neutrino_py.cli import main
from neutrino_py.errors import SourceError
from neutrino_py.probe import load
from neutrino_py.splice import instrument

VECTOR_ADD = ROOT / "examples" / "vector_add.ptx"
SAVE = "map m[thread]: record { u64 v; } pool 64\n"
# two kernels: `a` moves only (one source each), `b` adds too
TWO = """.version 8.0
.target sm_90
.address_size 64
.visible .entry a(.param .u64 p)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	mov.u32 %r1, %tid.x;
	st.global.u32 [%rd1], %r1;
	ret;
}
.visible .entry b(.param .u64 p)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	mov.u32 %r1, %tid.x;
	add.u32 %r2, %r1, 7;
	st.global.u32 [%rd1], %r2;
	ret;
}
"""


def _instrument(text: str, probe: str, kernels: str | None = None):
    return instrument(parse_ptx(text, cache=False), load(probe, file="p.probe"), kernels)


@pytest.mark.parametrize("body, name, col, what", [
    ("before mov { m.save(IN2); }", "IN2", 21, "second source (`mov.u32` in vector_add"),
    ("after st.global { m.save(OUT); }", "OUT", 26, "destination (`st.global.f32` in vector_add"),
    ("before ld.global { m.save(IN1 + IN3); }", "IN3", 33, "third source (`ld.global.f32`"),
])
def test_an_operand_no_matched_instruction_has_is_refused_at_its_read(body, name, col, what):
    with pytest.raises(SourceError) as err:
        _instrument(VECTOR_ADD.read_text(), SAVE + body)
    e = err.value
    assert (e.file, e.line, e.col) == ("p.probe", 2, col)
    assert str(e).startswith(f"p.probe:2:{col}: error: {name} is no operand of the ")
    assert f"none has a {what}" in str(e) and "hint: OUT is an instruction's first" in str(e)


def test_where_some_matched_instruction_has_it_the_others_read_zero():
    """Over the module: `a`'s `mov` reads 0 as IN2 because `b`'s `add` has one; instrumenting
    `a` alone leaves only the `mov`, which is refused."""
    probe = SAVE + "before mov, add { m.save(IN2); }"
    out = _instrument(TWO, probe).module.to_text()
    assert "st.global.u64 \t[%nt_rd3], 0;" in out.split(".entry b")[0]      # a's mov: 0
    assert "st.global.u64 \t[%nt_rd3], 7;" in out.split(".entry b")[1]      # b's add: 7
    with pytest.raises(SourceError, match="IN2 is no operand of the 1 instruction probe 0"):
        _instrument(TWO, probe, kernels="^a$")


def test_the_command_exits_2_with_the_place(tmp_path, capsys):
    probe = tmp_path / "in2.probe"
    probe.write_text(SAVE + "before mov { m.save(IN2); }\n")
    rc = main(["instrument", "--probe", str(probe), str(VECTOR_ADD), "-o", str(tmp_path / "o.ptx")])
    err = capsys.readouterr().err
    assert rc == 2 and err.startswith(f"{probe}:2:21: error: IN2 is no operand")
    assert "Traceback" not in err and not (tmp_path / "o.ptx").exists()


# examples/vector_add.ptx with its one branch, `@%p1 bra $L__BB0_2;`, alone on line 9 of the
# source, and where it is in the module
BRANCH_ALONE = VECTOR_ADD.read_text().replace("\t@%p1 bra", "\t.loc\t1 9 1\n\t@%p1 bra")
BRANCH_LINE = next(n for n, line in enumerate(BRANCH_ALONE.splitlines(), 1) if "bra" in line)
LABEL_HINT = "hint: read IN1 where the operand is a register, a number or a variable: "


@pytest.mark.parametrize("body, col, message, hint", [
    ("before @bra { m.save(IN1); }", 22,
     "IN1 cannot be read at `bra` (in vector_add, <input>:{line}): the operand is the label "
     "$L__BB0_2, which has no value",
     LABEL_HINT + "narrow the pattern so that it does not match this instruction"),
    ("before bra, ret { m.save(IN1); }", 26,
     "IN1 cannot be read at `bra` (in vector_add, <input>:{line}): the operand is the label "
     "$L__BB0_2, which has no value",
     LABEL_HINT + "narrow the pattern so that it does not match this instruction"),
    ('before line "src/vector_add.cu":9 { m.save(IN1); }', 44,
     "IN1 cannot be read at `bra` (in vector_add, <input>:{line}): the operand is the label "
     "$L__BB0_2, which has no value",
     LABEL_HINT + "narrow the line range so that it leaves this instruction out, or read it at "
                  "an opcode pattern"),
    ("before @bra { m.save(IN2); }", 22,
     "IN2 is no operand of the 1 instruction probe 0 (before @bra) matches: none has a second "
     "source (`bra` in vector_add, <input>:{line})", "hint: OUT is an instruction's first"),
])
def test_in_of_a_label_is_refused_where_no_matched_instruction_has_a_value(body, col, message,
                                                                            hint):
    """IN1 of vector_add's branch is its label: refused at the read, naming the label, where
    the branch is all the position matches, or the others (`ret`) have no IN1 either; the line
    range is `.loc 1 9 1` put before the branch alone. IN2, which the branch does not have, is
    refused as an absent operand."""
    with pytest.raises(SourceError) as err:
        _instrument(BRANCH_ALONE, SAVE + body)
    e = err.value
    assert (e.file, e.line, e.col) == ("p.probe", 2, col)
    assert e.message == message.format(line=BRANCH_LINE)
    assert hint in str(e) and body.split("{")[0] in str(e) and str(e).count("^") == 1


def test_in_of_a_label_reads_zero_where_other_matched_instructions_have_a_value():
    """`before bra, add.f32` reads IN1 and IN2 at the corpus vector_add's `@%p1 bra $L__BB0_2`
    and its `add.f32 %f3, %f2, %f1`: the add's are the bits of a[i] and b[i] in each thread
    i < n, the branch's 0 in each thread that takes it (i >= n), as an operand a matched
    instruction lacks reads; the label does not refuse the probe, as it does alone. The kernel
    still adds, and ptxas assembles the instrumented module."""
    program = load("map m[thread]: record(8) { u32 pc; u64 a; u64 b; }\n"
                   "before bra, add.f32 { m.save(PC, IN1, IN2); }\n", "case.probe")
    fn = parse_ptx(corpus("vector_add"), cache=False).function("vector_add")
    code = [s for s in ir.walk(fn.body) if isinstance(s, ir.Instruction)]
    branch = next(pc for pc, s in enumerate(code) if s.opcode == "bra")
    add = next(pc for pc, s in enumerate(code) if s.opcode == "add" and "f32" in s.modifiers)
    maps, _, ptrs, mem = vector_add(program)
    a, b, c = (np.frombuffer(mem.bytes(p), np.float32) for p in ptrs.values())
    bits_a, bits_b = a.view(np.uint32).tolist(), b.view(np.uint32).tolist()
    m = maps["m"]
    got = sorted(zip(m["unit"].tolist(), m["pc"].tolist(), m["a"].tolist(), m["b"].tolist()))
    threads = GRID[0] * BLOCK[0]
    assert got == sorted([(t, add, bits_a[t], bits_b[t]) for t in range(N)]
                         + [(t, branch, 0, 0) for t in range(N, threads)])
    assert c.tolist() == (a + b).tolist()
    if toolchain.find_tool("ptxas") is None:
        pytest.skip("ptxas not found (pip install nvidia-cuda-nvcc)")
    out = instrument(parse_ptx(corpus("vector_add"), cache=False), program).module.to_text()
    assert toolchain.run_ptxas(out)[:4] == b"\x7fELF"
