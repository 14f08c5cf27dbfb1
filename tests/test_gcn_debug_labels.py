"""A label no branch names starts no basic block on AMD either (`asm.gcn_cfg`), for every user of
the CFG: a kernel built with clang -g's line labels (``.Ltmp12:``, ``.Lfunc_begin0:`` and
``.Lfunc_end0:`` inside its code) is instrumented exactly as the same kernel without them, as
tests/test_ptx_debug_labels.py checks on PTX.

Before, every label split a block: `block` probes joined such blocks (`splice.match.straight`),
but the counter bounds of gmem_bytes still cut at them, and gave li_saxpy of
tests/corpus_gcn/lineinfo.gfx90a.s other code (its pointer bumps moved) with the labels than
without. Here every corpus module with such labels (lineinfo and the Triton builds) gives the
same code under every stock probe, and both lineinfo kernels run in the wave simulator give the
same maps, byte for byte, and the kernel's own outputs, with and without the labels.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from test_gcn_simulated import CORPUS, Geometry, PROBES, check_stock_maps, check_unchanged, \
    simulate_instrumented, simulate_original
from test_probe_lines_gcn import LAUNCHES
from neutrino_py.asm.gcn import Label
from neutrino_py.asm.gcn_cfg import basic_blocks, jump_targets, labelled_blocks
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.paths import probes_dir
from neutrino_py.probe import load_file
from neutrino_py.splice import instrument

MODULES = ["lineinfo.gfx90a.s", "lineinfo.gfx942.s", "triton/add_kernel.gfx942.s",
           "triton/matmul_kernel.gfx90a.s"]


@lru_cache(maxsize=None)
def debug_labels(path: str) -> frozenset[str]:
    """The labels inside `path`'s kernels that no branch names (none of these jumps through
    ``s_setpc_b64``)."""
    module = parse_gcn((CORPUS / path).read_text(), path)
    out: set[str] = set()
    for name in module.kernel_names():
        view = module.kernel(name)
        body = module.statements[view.start:view.end]
        out |= {s.name for s in body if isinstance(s, Label)} - jump_targets(body)
    return frozenset(out)


def without(text: str, labels: frozenset[str]) -> str:
    return "\n".join(line for line in text.split("\n")
                     if not (line.endswith(":") and line[:-1] in labels))


@pytest.mark.parametrize("path", MODULES)
def test_the_blocks_are_those_of_the_kernel_without_its_debug_labels(path):
    text = (CORPUS / path).read_text()
    labels = debug_labels(path)
    assert any(n.startswith(".Ltmp") for n in labels)
    module, plain = parse_gcn(text, path), parse_gcn(without(text, labels), path)
    for name in module.kernel_names():
        view, other = module.kernel(name), plain.kernel(name)
        blocks = labelled_blocks(module.statements[view.start:view.end])
        assert blocks and all(not set(ls) & labels for ls, _ in blocks)
        assert [(ls, [i.to_text() for i in b]) for ls, b in blocks] == \
            [(ls, [i.to_text() for i in b])
             for ls, b in labelled_blocks(plain.statements[other.start:other.end])]


@pytest.mark.parametrize("probe", PROBES)
@pytest.mark.parametrize("path", MODULES)
def test_instrumented_code_is_that_of_the_kernel_without_its_debug_labels(path, probe):
    text = (CORPUS / path).read_text()
    labels = debug_labels(path)
    program = load_file(str(probes_dir() / f"{probe}.probe"))
    out = instrument(parse_gcn(text, path), program).module.to_text()
    plain = instrument(parse_gcn(without(text, labels), path), program).module.to_text()
    assert without(out, labels) == plain


@pytest.mark.parametrize("probe", PROBES)
@pytest.mark.parametrize("kernel", sorted(LAUNCHES))
@pytest.mark.parametrize("target", ["gfx90a", "gfx942"])
def test_maps_and_outputs_are_those_of_the_kernel_without_its_debug_labels(target, kernel, probe):
    case, path = LAUNCHES[kernel], f"lineinfo.{target}.s"
    text = (CORPUS / path).read_text()
    program = load_file(str(probes_dir() / f"{probe}.probe"))
    base = simulate_original(text, path, kernel, case.grid, case.block, case.args)
    runs = [simulate_instrumented(t, path, kernel, case.grid, case.block, case.args, program)
            for t in (text, without(text, debug_labels(path)))]
    for run in runs:
        check_unchanged(base, run)
    check_stock_maps(probe, program, base, runs[0], Geometry(case), target)
    with_labels, plain = (run.maps for run in runs)
    assert list(with_labels) == list(plain) and with_labels.dropped == plain.dropped
    for name, array in with_labels.items():
        assert array.dtype == plain[name].dtype and array.tolist() == plain[name].tolist()


KERNEL = """\t.text
\ts_mov_b32 s0, 0
.Ltmp0:
\ts_cmp_eq_u32 s0, 0
\t{jump}
.Ltmp1:
\ts_mov_b32 s1, 1
.LBB0_2:
\ts_endpgm
.Lfunc_end0:
"""


def _blocks(jump: str) -> list[list[str]]:
    module = parse_gcn(KERNEL.format(jump=jump), "k.s")
    return [labels for labels, _ in labelled_blocks(module.statements)]


def test_only_labels_a_branch_names_start_blocks_unless_a_jump_is_computed():
    """Where an ``s_setpc_b64`` jumps to a computed address, any label may be its target."""
    assert _blocks("s_cbranch_scc1 .LBB0_2") == [[], [], [".LBB0_2"]]
    assert _blocks("s_setpc_b64 s[2:3]") == [[], [".Ltmp0"], [".Ltmp1"], [".LBB0_2"]]
    module = parse_gcn(KERNEL.format(jump="s_cbranch_scc1 .LBB0_2"), "k.s")
    assert [len(b) for b in basic_blocks(module.statements)] == [3, 1, 1]
    assert jump_targets(module.statements) == {".LBB0_2"}


def test_a_local_label_reference_names_its_label():
    """Inline assembly's ``s_branch 1f`` names the next ``1:``: that label starts a block."""
    text = "\ts_mov_b32 s0, 0\n\ts_cbranch_scc1 1f\n\ts_mov_b32 s1, 1\n2:\n\ts_mov_b32 s1, 2\n" \
           "1:\n\ts_endpgm\n"
    statements = parse_gcn(text, "k.s").statements
    assert jump_targets(statements) == {"1"}
    assert [[i.opcode for i in b] for _, b in labelled_blocks(statements)] == \
        [["s_mov_b32", "s_cbranch_scc1"], ["s_mov_b32", "s_mov_b32"], ["s_endpgm"]]
