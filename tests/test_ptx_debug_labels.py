"""A label no branch names starts no basic block, for every user of the CFG (`asm.cfg`): a
kernel built with debug line labels (`$L__tmp<N>:` of nvcc -G / -lineinfo and of every Triton
build, `$L__func_end0:`) is instrumented exactly as the same kernel without them.

Before, only `block` probes joined such blocks (`splice.match.straight`, 9f8fd7e); the runs of
saves that share a reservation, held-back saves, counter bounds and shared site code
(`targets.ptx.outline.segments`) still cut at every label: memtrace gave other code on nvcc -G's
sgemm and on Triton's attention (gmem_bytes too) than on the same modules without the labels.
"""
from __future__ import annotations

import re

import pytest

from conftest import ROOT
from neutrino_py import paths
from neutrino_py.asm import cfg, ir, parse_ptx
from neutrino_py.probe import load_file
from neutrino_py.splice import instrument
from neutrino_py.targets.ptx.target import runs_off_the_end

CORPUS = ROOT / "tests" / "corpus"
MODULES = ["cuda/sgemm.sm_90.G.ptx", "triton/attention_fwd_kernel.sm_80.ptx",
           "triton/softmax_kernel.sm_90a.ptx"]
PROBES = ["memtrace", "gmem_bytes", "opcode_mix"]


def debug_labels(text: str) -> set[str]:
    """The labels of `text` that no branch names (every kernel of these modules' branch
    targets are `bra` operands: none has a `brx`)."""
    module = parse_ptx(text, cache=False)
    labels, named = set(), set()
    for fn in module.functions():
        stmts = ir.flat(fn.body)
        labels |= {s.name for s in stmts if type(s) is ir.Label}
        named |= cfg.jump_targets(stmts)
    return labels - named


def without(text: str, labels: set[str]) -> str:
    return "\n".join(line for line in text.split("\n")
                     if not (line.endswith(":") and line[:-1] in labels))


@pytest.mark.parametrize("path", MODULES)
def test_the_blocks_are_those_of_the_kernel_without_its_debug_labels(path):
    text = (CORPUS / path).read_text()
    labels = debug_labels(text)
    assert len(labels) >= 20 and any(n.startswith("$L__tmp") for n in labels)
    plain = parse_ptx(without(text, labels), cache=False)
    for fn in parse_ptx(text, cache=False).functions():
        blocks, other = fn.blocks(), plain.function(fn.name).blocks()
        assert [[i.to_text() for i in b.instructions] for b in blocks] == \
            [[i.to_text() for i in b.instructions] for b in other]
        assert [b.succs for b in blocks] == [b.succs for b in other]


@pytest.mark.parametrize("probe", PROBES)
@pytest.mark.parametrize("path", MODULES)
def test_instrumented_code_is_that_of_the_kernel_without_its_debug_labels(path, probe):
    text = (CORPUS / path).read_text()
    labels = debug_labels(text)
    program = load_file(str(paths.probes_dir() / f"{probe}.probe"))
    out = instrument(parse_ptx(text, cache=False), program).module.to_text()
    plain = instrument(parse_ptx(without(text, labels), cache=False), program).module.to_text()
    assert without(out, labels) == plain


BODY = """.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p)
{{
	.reg .pred %p<2>;
	.reg .b32 %r<3>;
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [p];
$L__tmp0:
	mov.u32 %r1, %tid.x;
	setp.eq.u32 %p1, %r1, 0;
{jump}
$L__tmp1:
	st.global.u32 [%rd1], %r1;
$L__BB0_2:
	ret;
$L__func_end0:
}}
"""


def test_a_brx_through_an_unknown_table_keeps_every_label_a_block():
    """Where a jump's targets are not known, any label may be one."""
    known = parse_ptx(BODY.format(jump="\t@%p1 bra $L__BB0_2;"), cache=False).function("k")
    assert [b.labels for b in known.blocks()] == [[], [], ["$L__BB0_2"]]
    unknown = parse_ptx(BODY.format(jump="\tmov.u64 %rd2, 0;\n\tbrx.idx %r1, %rd2;"),
                        cache=False, allow_unknown=True).function("k")
    assert [b.labels for b in unknown.blocks()] == \
        [[], ["$L__tmp0"], ["$L__tmp1"], ["$L__BB0_2"], ["$L__func_end0"]]


def test_a_kernel_ending_in_ret_before_its_end_label_does_not_run_off_the_end():
    fn = parse_ptx(BODY.format(jump="\t@%p1 bra $L__BB0_2;"), cache=False).function("k")
    assert not runs_off_the_end(fn.body)
    fn = parse_ptx(BODY.format(jump="\t@%p1 bra $L__BB0_2;").replace("\tret;\n", ""),
                   cache=False).function("k")
    assert runs_off_the_end(fn.body)
