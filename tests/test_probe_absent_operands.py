"""OUT and IN1..IN3 where the instruction has no such operand (probes/README.md, "Operands"): a
probe that reads one at no instruction its position matches that has it is refused at the read,
`file:line:col`; where some have it, the others read 0 (the values themselves are checked
against the simulator in test_probe_line_operands.py, whose ranges mix both). Before, every such
read was a silent 0: `before mov { m.save(IN2); }` recorded zeros.
"""
from __future__ import annotations

import pytest

from conftest import ROOT
from neutrino_py.asm import parse_ptx
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
