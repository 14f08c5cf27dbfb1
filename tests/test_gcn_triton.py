"""Faults found by feeding the tool the GCN assembly Triton 3.9's AMD backend writes (350 modules:
70 kernels x gfx90a, gfx942, gfx950, gfx1100, gfx1200, compiled without a GPU;
two of them are in tests/corpus_gcn/triton/, where their README says how they were made):

- ``.amdgcn_target "amdgpu9.42-amd-amdhsa-unknown-gfx942"``: later LLVM spells the triple with
  the processor's subarch (``amdgpu<major>.<minor>``; ``amdgcn`` is its legacy alias). The target
  id was read as everything after ``--``, so every module was "not a processor neutrino_py
  instruments", and RDNA modules' parse errors named the triple instead of the processor; LLVM 19's
  llvm-mc knows only the legacy spelling, so the module is printed with it (a later LLVM, Triton's
  own, assembles both to the same object);
- kernel arguments preloaded into SGPRs (``.amdhsa_user_sgpr_kernarg_preload_length``, every gfx9
  Triton kernel): firmware that preloads enters the kernel 256 bytes past its symbol, skipping a
  header LLVM writes for firmware that cannot (a prologue of ``s_load``s and ``s_branch`` to a
  ``.p2align 8`` label in Triton's LLVM; ``s_trap 2`` and ``.fill 63, 4, 0xbf800000`` in LLVM 19).
  The probes' prologue went before the header: on such firmware it never ran (the map pointers were
  read through an unset kernarg copy), and it could push the code past the 256 bytes. Now the
  kernel's code starts past the header, which gets no sites; where hidden arguments are preloaded,
  they stay in place and the map pointers follow them.

Linking needs llvm-mc and ld.lld for the processor (skipped without, as the other GCN tests do);
the simulator runs the kernel as firmware that preloads does (`tests/gcn_wave.py`).
"""
from __future__ import annotations

import random
import struct
from pathlib import Path

import pytest

from neutrino_py import paths
from neutrino_py.asm.gcn import legacy_triple
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.errors import SourceError, ToolError
from neutrino_py.probe import load, load_file
from neutrino_py.splice import instrument

import test_gcn_simulated as T
from test_gcn_external import needs

TRITON = Path(__file__).parent / "corpus_gcn" / "triton"
FILES = sorted(TRITON.glob("*.s"))
PROBES = sorted(paths.probes_dir().glob("*.probe"))


def _mcpu(path: Path) -> str:
    return path.name.split(".")[-2]


def _legacy(text: str) -> str:
    """The module as LLVM 19 spells its target (the oracle: what the printer must produce)."""
    line = next(x for x in text.splitlines() if x.strip().startswith(".amdgcn_target"))
    written = line.split('"')[1]
    return text.replace(f'"{written}"', f'"{legacy_triple(written)}"', 1)


# ------------------------------------------------------------------------------ target ids

@pytest.mark.parametrize("written, target_id, printed", [
    ("amdgpu9.42-amd-amdhsa-unknown-gfx942", "gfx942", "amdgcn-amd-amdhsa--gfx942"),
    ("amdgpu9.0a-amd-amdhsa-unknown-gfx90a:xnack-", "gfx90a:xnack-", "amdgcn-amd-amdhsa--gfx90a:xnack-"),
    ("amdgpu9.50-amd-amdhsa-unknown-gfx950:sramecc+:xnack+", "gfx950:sramecc+:xnack+",
     "amdgcn-amd-amdhsa--gfx950:sramecc+:xnack+"),
    ("amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-", "gfx90a:sramecc+:xnack-",
     "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"),
    ("amdgcn-amd-amdpal--gfx942", "gfx942", "amdgcn-amd-amdpal--gfx942"),
])
def test_both_triple_spellings_name_the_processor_and_print_the_legacy_one(written, target_id, printed):
    m = parse_gcn(f'\t.amdgcn_target "{written}"\n\t.text\n')
    assert m.target_id == target_id and m.target == target_id.split(":")[0]
    assert m.to_text().splitlines()[0] == f'\t.amdgcn_target "{printed}"'


def test_an_rdna_module_in_the_subarch_spelling_is_refused_by_its_processor():
    text = ('\t.amdgcn_target "amdgpu11.00-amd-amdhsa-unknown-gfx1100"\n\t.text\nk:\n'
            '\tv_dual_mov_b32 v5, 0 :: v_dual_and_b32 v0, 31, v0\n')
    with pytest.raises(SourceError) as err:
        parse_gcn(text, "k.s")
    assert err.value.line == 4 and "the module is for gfx1100;" in err.value.hint


def test_a_processor_this_llvm_mc_does_not_know_is_said_by_name():
    """gfx950 modules on LLVM 19 gave the first of a hundred consequences ("target id ...
    does not match ... gfx000" at the directive); the cause is the processor."""
    needs("gfx942")
    text = '.amdgcn_target "amdgcn-amd-amdhsa--gfx999"\n.text\ns_endpgm\n'
    with pytest.raises(ToolError) as err:
        tools.gcn_to_object(text, "gfx999", "k.s")
    assert str(err.value).startswith("llvm-mc ") and \
        "does not know the processor gfx999, which k.s is built for" in str(err.value)
    assert "-mcpu=help" in err.value.fix and "NEUTRINO_LLVM_MC" in err.value.fix


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_triton_modules_print_back_to_the_same_object(path):
    text = path.read_text()
    m = parse_gcn(text, path.name)
    assert m.target == _mcpu(path)
    needs(m.target)
    original = tools.gcn_to_object(_legacy(text), m.target_id)
    assert tools.gcn_to_object(m.to_text(), m.target_id) == original
    m.metadata().doc
    assert tools.gcn_to_object(m.to_text(), m.target_id) == original


@pytest.mark.parametrize("probe", PROBES, ids=lambda p: p.stem)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_triton_modules_link_under_every_stock_probe(path, probe):
    m = parse_gcn(path.read_text(), path.name)
    needs(m.target)
    instrument(m, load_file(probe))
    assert tools.gcn_to_hsaco(m.to_text(), m.target_id, path.name)


# ------------------------------------------------------------------------------ preloaded kernargs

# llc-19 -amdgpu-kernarg-preload-count=N: the trap header, then the kernel's code
def llc_preload(preload: int, hidden: bool = False, header: str | None = None) -> str:
    header = ("\ts_trap 2\n\t.fill 63, 4, 0xbf800000\n" if header is None else header)
    hidden_args = """      - .offset:         16
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           2
        .value_kind:     hidden_group_size_x
""" if hidden else ""
    return f"""\t.text
\t.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
\t.amdhsa_code_object_version 5
\t.globl\tk
\t.p2align\t8
\t.type\tk,@function
k:
{header}; %bb.0:
\tv_and_b32_e32 v0, 0x3ff, v0
\tv_lshlrev_b32_e32 v0, 2, v0
\tv_mov_b32_e32 v1, s8
\tglobal_store_dword v0, v1, s[6:7]
\ts_endpgm
\t.section\t.rodata,"a",@progbits
\t.p2align\t6, 0x0
\t.amdhsa_kernel k
\t\t.amdhsa_group_segment_fixed_size 0
\t\t.amdhsa_private_segment_fixed_size 0
\t\t.amdhsa_kernarg_size {272 if hidden else 16}
\t\t.amdhsa_user_sgpr_count {6 + preload}
\t\t.amdhsa_user_sgpr_dispatch_ptr 1
\t\t.amdhsa_user_sgpr_queue_ptr 0
\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1
\t\t.amdhsa_user_sgpr_dispatch_id 1
\t\t.amdhsa_user_sgpr_kernarg_preload_length {preload}
\t\t.amdhsa_user_sgpr_kernarg_preload_offset 0
\t\t.amdhsa_user_sgpr_private_segment_size 0
\t\t.amdhsa_system_sgpr_workgroup_id_x 1
\t\t.amdhsa_system_vgpr_workitem_id 0
\t\t.amdhsa_next_free_vgpr 2
\t\t.amdhsa_next_free_sgpr {6 + preload}
\t\t.amdhsa_accum_offset 4
\t\t.amdhsa_reserve_vcc 0
\t.end_amdhsa_kernel
\t.text
.Lfunc_end0:
\t.size\tk, .Lfunc_end0-k
\t.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .name:           p
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .name:           n
        .offset:         8
        .size:           4
        .value_kind:     by_value
{hidden_args}    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: {272 if hidden else 16}
    .max_flat_workgroup_size: 1024
    .name:           k
    .private_segment_fixed_size: 0
    .sgpr_count:     {6 + preload}
    .sgpr_spill_count: 0
    .symbol:         k.kd
    .uses_dynamic_stack: false
    .vgpr_count:     2
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

\t.end_amdgpu_metadata
"""


def _header_and_code(m, kernel: str) -> tuple[list[str], list[str]]:
    view = m.kernel(kernel)
    text = [s.to_text() for s in m.statements[view.start:view.end]]
    return text[:view.entry - view.start], text[view.entry - view.start:]


@pytest.mark.parametrize("source", ["triton", "llc"])
def test_the_probe_prologue_goes_past_the_preload_header(source):
    """The header (what firmware that preloads skips) is printed as it was, and the kernel's code
    past it starts with the probe's prologue (the kernarg pointer saved first)."""
    text = (TRITON / "add_kernel.gfx942.s").read_text() if source == "triton" else llc_preload(3)
    kernel = "add_kernel" if source == "triton" else "k"
    before = parse_gcn(text)
    header, _ = _header_and_code(before, kernel)
    assert header and header[-1].split()[0] in (".p2align", ".fill")
    m = parse_gcn(text)
    instrument(m, load_file(paths.probes_dir() / "block_sched.probe"))
    after_header, code = _header_and_code(parse_gcn(m.to_text()), kernel)
    assert after_header == header
    first = next(x for x in code if x.startswith("\t") and not x.lstrip().startswith((".", ";")))
    assert first == "\ts_mov_b64 s[18:19], s[0:1]" if source == "triton" else first.startswith("\ts_mov_b64")
    needs("gfx942")
    assert tools.gcn_to_hsaco(m.to_text(), m.target_id)


@pytest.mark.parametrize("probe", ["opcode_mix", "scalar_loads"])
def test_header_instructions_are_no_places(probe):
    """The header's s_loads are scalar loads (`ld.const`) and its s_branch ends a block, but
    firmware that preloads never runs them: no site goes there, and the header prints as written."""
    text = (TRITON / "add_kernel.gfx942.s").read_text()
    header, _ = _header_and_code(parse_gcn(text), "add_kernel")
    assert [x.split()[0] for x in header if x.startswith("\ts_")] == \
        ["s_load_dwordx2", "s_load_dwordx8", "s_load_dwordx2", "s_waitcnt", "s_branch"]
    program = (load_file(paths.probes_dir() / "opcode_mix.probe") if probe == "opcode_mix" else
               load("map c[warp]: counter { u64 n; }\nbefore ld.const { c.n += 1; }\n", "s.probe"))
    m = parse_gcn(text)
    result = instrument(m, program)
    assert _header_and_code(parse_gcn(m.to_text()), "add_kernel")[0] == header
    if probe == "scalar_loads":       # the kernel's own scalar loads past the header: none here
        assert sum(result.manifests["add_kernel"].positions.values()) == 0


def test_preloaded_hidden_arguments_stay_where_the_sgprs_have_them():
    """Six preloaded dwords reach `hidden_block_count_x` (offset 16): moving the hidden arguments
    up would preload a map pointer in its place, so the pointers go after them, with a warning."""
    m = parse_gcn(llc_preload(6, hidden=True), "k.s")
    result = instrument(m, load_file(paths.probes_dir() / "dmat.probe"))
    args = m.kernel("k").metadata[".args"]
    assert {a[".value_kind"]: a[".offset"] for a in args if a[".value_kind"].startswith("hidden_")}[
        "hidden_block_count_x"] == 16
    assert min(a[".offset"] for a in args if a.get(".name", "").startswith("__nt_")) >= 272
    assert any("preloads hidden arguments" in w for w in result.manifests["k"].warnings)
    needs("gfx942")
    assert tools.gcn_to_hsaco(m.to_text(), m.target_id)


def test_a_preload_header_that_cannot_be_found_is_refused_at_the_descriptor():
    m = parse_gcn(llc_preload(3, header="\ts_trap 2\n"), "k.s")
    with pytest.raises(SourceError) as err:
        instrument(m, load_file(paths.probes_dir() / "block_sched.probe"))
    assert "preloads kernel arguments" in err.value.message and err.value.line > 0


# ------------------------------------------------------------------------------ on the simulator

@pytest.mark.parametrize("probe", ["block_sched", "dmat", "branch_divergence", "memtrace"])
def test_triton_add_kernel_maps_are_exact_where_the_firmware_preloads(probe):
    """Entered past its header with its arguments in SGPRs (the simulator's default), as on current
    firmware: before the fix the prologue never ran and the maps were written through an unset
    copy of the kernarg pointer (an access at 0x30)."""
    text = (TRITON / "add_kernel.gfx942.s").read_text()
    rng = random.Random(7)
    x, y = (struct.pack("<1024f", *(rng.uniform(-4, 4) for _ in range(1024))) for _ in range(2))
    args = [x, y, bytes(4096), 1000, 0, 0]
    grid, block = (1, 1, 1), (256, 1, 1)
    base = T.simulate_original(text, "add_kernel.gfx942.s", "add_kernel", grid, block, args)
    got = struct.unpack("<1024f", base.memory.bytes(base.buffers[2]))
    want = [a + b for a, b in zip(struct.unpack("<1024f", x), struct.unpack("<1024f", y))]
    assert list(got[:1000]) == pytest.approx(want[:1000]) and not any(got[1000:])
    program = load_file(paths.probes_dir() / f"{probe}.probe")
    run = T.simulate_instrumented(text, "add_kernel.gfx942.s", "add_kernel", grid, block, args, program)
    T.check_unchanged(base, run)
    T.check_stock_maps(probe, program, base, run, T.Geometry(grid=grid, block=block), "gfx942")


def test_the_header_loads_what_the_firmware_would_preload():
    """Run from the symbol (firmware that cannot preload), the header's loads fill the same SGPRs
    and the kernel writes the same output."""
    from gcn_wave import Simulator
    from sim_memory import Memory
    text = (TRITON / "add_kernel.gfx942.s").read_text()
    outs = []
    for preloading in (True, False):
        memory = Memory()
        sim = Simulator(parse_gcn(text), "add_kernel", memory, preloading=preloading)
        x = memory.alloc(struct.pack("<1024f", *range(1024)))
        out = memory.alloc(bytes(4096))
        sim.run((1, 1, 1), (256, 1, 1), [x, x, out, 1024, 0, 0])
        outs.append(memory.bytes(out))
    assert outs[0] == outs[1] == struct.pack("<1024f", *(2.0 * i for i in range(1024)))
