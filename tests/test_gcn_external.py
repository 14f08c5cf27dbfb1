"""Faults found by feeding the tool what LLVM 19 (``llc -mtriple=amdgcn-amd-amdhsa``, gfx90a and
gfx942) writes for LLVM's own AMDGPU CodeGen tests (llvm/test/CodeGen/AMDGPU/*.ll), cut down to
one kernel each:

- ``branch-relaxation.ll`` (its RUN line's ``-amdgpu-s-branch-bits``): the long-branch sequence
  ``s_add_u32 s2, s2, (.LBB1_2-.Lpost_getpc0)&4294967295`` / ``(...)>>32`` did not parse;
- ``llvm.amdgcn.global.load.lds.ll``, ``lds-dma-waits.ll``: LDS DMA loads
  (``global_load_dword v0, s[0:1] offset:16 glc lds`` on gfx90a, ``global_load_lds_dword`` on
  gfx942) write no VGPR, but their first operand was taken for a destination: the address probes
  read (``dmat``, ``memtrace``, ``hotness``) was built from the wrong operands and llvm-mc refused
  the instrumented module (``v_mov_b32 0, s1``);
- inline assembly with GNU numeric local labels (``1:`` and ``s_branch 1f``), which clang and llc
  pass through verbatim, did not parse.

And by what clang 19 writes for OpenCL C and HIP kernels on processors the corpus lacks
(gfx940/gfx941, target ids with features, RDNA for waves of 64, -O0 dynamic vector indexing):

- gfx940/gfx941 (LLVM's FeatureForceStoreSC0SC1) set ``sc0 sc1`` on every store outside the LDS,
  a hardware workaround; the instrumentation's map stores and private-memory stash went without;
- ``s_set_gpr_idx_on`` ... ``s_set_gpr_idx_off`` (gfx9 VGPR index mode, -O0 vector indexing) adds
  M0's index to the VGPR operands of every VALU instruction: a site between the two ran the
  probe's own VALU code indexed (``before mov`` counted into the wrong registers);
- ``gcn_to_object(text, module.target)`` (the HIP trace engine's call) refused every module whose
  ``.amdgcn_target`` names features (``gfx90a:xnack+``), and wave64 RDNA code (-mwavefrontsize64)
  never assembled: llvm-mc was not told ``+wavefrontsize64``.

The end-to-end tests instrument with the stock probes and link with llvm-mc + ld.lld; they skip
where those tools are missing, as the other GCN tests do.
"""
from __future__ import annotations

import pytest

from neutrino_py import paths
from neutrino_py.asm import gcn_opcodes as opcodes
from neutrino_py.asm.gcn import Instruction, Sym
from neutrino_py.asm.gcn_opcodes import forced_store_bits
from neutrino_py.asm.gcn_cfg import labelled_blocks, successors
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.errors import ToolError
from neutrino_py.probe import load, load_file
from neutrino_py.splice import instrument

PROBES = sorted(paths.probes_dir().glob("*.probe"))


def needs(mcpu: str) -> None:
    for tool in ("llvm-mc", "ld.lld"):
        if tools.llvm_tool(tool) is None:
            pytest.skip(f"{tool} missing (apt-get install llvm-19 lld-19)")
    if not tools.supports(mcpu):
        pytest.skip(f"llvm-mc does not assemble code object v5 for {mcpu} (apt-get install llvm-19)")


def module(mcpu: str, body: str, vgprs: int, sgprs: int) -> str:
    """One kernel ``k(ptr addrspace(1) %p, i32 %count)`` as llc 19 writes it, with `body` as its code
    (kernarg pointer in s[0:1] on gfx94x, s[4:5] on gfx90a, as llc assigns them)."""
    ids = "1" if mcpu.startswith("gfx94") else "0"
    return f"""\t.text
\t.amdgcn_target "amdgcn-amd-amdhsa--{mcpu}"
\t.amdhsa_code_object_version 5
\t.globl\tk
\t.p2align\t8
\t.type\tk,@function
k:
{body}
\t.section\t.rodata,"a",@progbits
\t.p2align\t6, 0x0
\t.amdhsa_kernel k
\t\t.amdhsa_group_segment_fixed_size 256
\t\t.amdhsa_private_segment_fixed_size 0
\t\t.amdhsa_kernarg_size 16
\t\t.amdhsa_user_sgpr_count {2 if ids == "1" else 6}
{"" if ids == "1" else chr(9) * 2 + ".amdhsa_user_sgpr_private_segment_buffer 1" + chr(10)}\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1
\t\t.amdhsa_user_sgpr_kernarg_preload_length 0
\t\t.amdhsa_user_sgpr_kernarg_preload_offset 0
\t\t.amdhsa_system_sgpr_workgroup_id_x 1
\t\t.amdhsa_system_vgpr_workitem_id 0
\t\t.amdhsa_next_free_vgpr {vgprs}
\t\t.amdhsa_next_free_sgpr {sgprs}
\t\t.amdhsa_accum_offset {max(4, (vgprs + 3) // 4 * 4)}
\t\t.amdhsa_reserve_vcc 0
\t\t.amdhsa_reserve_xnack_mask 1
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
      - .name:           count
        .offset:         8
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 256
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 1024
    .name:           k
    .private_segment_fixed_size: 0
    .sgpr_count:     {sgprs + 6}
    .sgpr_spill_count: 0
    .symbol:         k.kd
    .uses_dynamic_stack: false
    .vgpr_count:     {vgprs}
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--{mcpu}
amdhsa.version:
  - 1
  - 2
...

\t.end_amdgpu_metadata
"""


def kernarg(mcpu: str) -> str:
    return "s[0:1]" if mcpu.startswith("gfx94") else "s[4:5]"


# llvm.amdgcn.global.load.lds.ll / lds-dma-waits.ll: M0 = the LDS address, then the DMA load
def lds_dma(mcpu: str) -> str:
    load = ("global_load_lds_dword v0, s[2:3] offset:16 sc0" if mcpu.startswith("gfx94")
            else "global_load_dword v0, s[2:3] offset:16 glc lds")
    return module(mcpu, f"""\ts_load_dwordx2 s[2:3], {kernarg(mcpu)}, 0x0
\ts_mov_b64 s[4:5], s[2:3]
\ts_mov_b32 s6, -1
\ts_mov_b32 s7, 0x27000
\tv_mov_b32_e32 v0, 0
\ts_mov_b32 m0, 0
\ts_waitcnt lgkmcnt(0)
\t{load}
\tv_mov_b32_e32 v1, 4
\tbuffer_load_dword v1, s[4:7], 0 offen lds
\ts_waitcnt vmcnt(0)
\ts_endpgm""", vgprs=2, sgprs=8)


# branch-relaxation.ll with -amdgpu-s-branch-bits=4: a uniform branch relaxed into an indirect jump
def long_branch(mcpu: str) -> str:
    return module(mcpu, f"""\ts_load_dword s2, {kernarg(mcpu)}, 0x8
\ts_waitcnt lgkmcnt(0)
\ts_cmp_eq_u32 s2, 0
\ts_cbranch_scc0 .LBB0_1
\ts_getpc_b64 s[6:7]
.Lpost_getpc0:
\ts_add_u32 s6, s6, (.LBB0_2-.Lpost_getpc0)&4294967295
\ts_addc_u32 s7, s7, (.LBB0_2-.Lpost_getpc0)>>32
\ts_setpc_b64 s[6:7]
.LBB0_1:
\tv_nop_e64
\tv_nop_e64
\tv_nop_e64
\tv_nop_e64
.LBB0_2:
\ts_load_dwordx2 s[2:3], {kernarg(mcpu)}, 0x0
\tv_mov_b32_e32 v0, 0
\tv_mov_b32_e32 v1, 1
\ts_waitcnt lgkmcnt(0)
\tglobal_store_dword v0, v1, s[2:3]
\ts_endpgm""", vgprs=2, sgprs=8)


# inline assembly with GNU local labels, as llc passes it through
def local_labels(mcpu: str) -> str:
    return module(mcpu, f"""\ts_load_dwordx2 s[2:3], {kernarg(mcpu)}, 0x0
\tv_mov_b32_e32 v0, 0
\tv_mov_b32_e32 v1, 1
\t;;#ASMSTART
\ts_cbranch_scc0 1f
\ts_nop 0
1:
\ts_nop 1
\ts_cbranch_scc1 1b
\t;;#ASMEND
\ts_waitcnt lgkmcnt(0)
\tglobal_store_dword v0, v1, s[2:3]
\ts_endpgm""", vgprs=2, sgprs=4)


# ------------------------------------------------------------------------------ without tools

def test_lds_dma_loads_write_no_vgpr():
    assert not opcodes.writes_first("global_load_dword", ["glc", "lds"])
    assert not opcodes.writes_first("global_load_lds_dword", ["sc0"])
    assert not opcodes.writes_first("buffer_load_dword", ["offen", "lds"])
    assert not opcodes.writes_first("scratch_load_lds_ubyte", [])
    assert opcodes.writes_first("global_load_dword", ["glc"])
    assert opcodes.writes_first("buffer_load_dword", ["offen"])
    assert opcodes.destinations("global_load_lds_dword", []) == 0


def test_scalar_stores_atomics_and_index_mode_write_no_first_operand():
    """`s_set_gpr_idx_on s2, gpr_idx(SRC0)` reads s2 (it writes M0); scalar stores and atomics
    without glc write no SGPR."""
    for opcode in ("s_set_gpr_idx_on", "s_set_gpr_idx_idx", "s_buffer_store_dword",
                   "s_scratch_store_dword", "s_atomic_add", "s_buffer_atomic_add"):
        assert not opcodes.writes_first(opcode, []), opcode
    assert opcodes.writes_first("s_atomic_add", ["glc"])


def test_parenthesised_expressions_parse_into_one_symbol_and_print_back():
    text = ("\ts_add_u32 s2, s2, (.LBB0_2-.Lpost_getpc0)&4294967295\n"
            "\ts_addc_u32 s3, s3, (.LBB0_2-.Lpost_getpc0)>>32\n"
            "\ts_mov_b32 s4, ((a+1)<<2)-b\n"
            "\ts_getpc_b64 s[0:1]\n"
            "\ts_add_u32 s0, s0, f@rel32@lo+4\n")
    module = parse_gcn(text)
    ins = [s for s in module.statements if isinstance(s, Instruction)]
    assert ins[0].operands[2] == Sym("(.LBB0_2-.Lpost_getpc0)&4294967295")
    assert ins[1].operands[2] == Sym("(.LBB0_2-.Lpost_getpc0)>>32")
    assert ins[2].operands[1] == Sym("((a+1)<<2)-b")
    assert module.to_text() == text


def test_numeric_local_labels_parse_and_their_references_are_followed():
    module = parse_gcn("k:\n\ts_cbranch_scc0 1f\n1:\n\ts_nop 0\n\ts_cbranch_scc1 1b\n"
                       "\tv_mov_b32 v0, 0x1f\n1:\n\ts_branch 1b\n\ts_endpgm\n")
    assert "v_mov_b32 v0, 0x1f" in module.to_text()
    blocks = labelled_blocks(module.statements)
    # `k:` starts the code but no branch names it: it names no block
    assert [labels for labels, _ in blocks] == [[], ["1"], [], ["1"], []]
    # 1f: the next `1:`; 1b: the last `1:` at or before the branch (a label may be defined again)
    assert successors(blocks) == [[1], [1, 2], [3], [3], []]


# ------------------------------------------------------------------------------ with llvm-mc

# -O0 dynamic indexing of a vector in VGPRs (clang 19, gfx90a and gfx94x): VGPR index mode
def index_mode(mcpu: str) -> str:
    return module(mcpu, f"""\ts_load_dword s2, {kernarg(mcpu)}, 0x8
\tv_mov_b32_e32 v0, 1
\tv_mov_b32_e32 v1, 2
\ts_waitcnt lgkmcnt(0)
\ts_set_gpr_idx_on s2, gpr_idx(SRC0)
\tv_mov_b32_e32 v2, v0
\ts_set_gpr_idx_off
\ts_load_dwordx2 s[2:3], {kernarg(mcpu)}, 0x0
\ts_waitcnt lgkmcnt(0)
\tglobal_store_dword v0, v2, s[2:3]
\ts_endpgm""", vgprs=3, sgprs=4)


CASES = {"lds_dma": lds_dma, "long_branch": long_branch, "local_labels": local_labels,
         "index_mode": index_mode}


@pytest.mark.parametrize("mcpu", ["gfx90a", "gfx940", "gfx942"])
@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("probe", PROBES, ids=lambda p: p.stem)
def test_instrumented_llc_output_links(case, mcpu, probe):
    needs(mcpu)
    text = CASES[case](mcpu)
    tools.gcn_to_hsaco(text, mcpu)                      # the input itself links
    module = parse_gcn(text, f"{case}.{mcpu}.s")
    assert module.to_text() == text or tools.gcn_to_object(module.to_text(), mcpu) \
        == tools.gcn_to_object(text, mcpu)
    instrument(module, load_file(probe))
    assert tools.gcn_to_hsaco(module.to_text(), module.target_id)


@pytest.mark.parametrize("mcpu", ["gfx90a", "gfx942"])
def test_lds_dma_address_is_the_vaddr_plus_saddr(mcpu):
    """dmat reads the load's address: the 32-bit offset in v0 (not a destination) plus s[2:3]."""
    needs(mcpu)
    module = parse_gcn(lds_dma(mcpu))
    instrument(module, load_file(paths.probes_dir() / "dmat.probe"))
    out = module.to_text()
    assert "v_mov_b32 0," not in out
    tools.gcn_to_hsaco(out, module.target_id)


def test_a_call_to_a_function_defined_elsewhere_says_so_when_linking():
    """LLVM's tests call functions they only declare; ld.lld then finds an undefined symbol, and
    the fix names it instead of asking whether ld.lld supports the target."""
    needs("gfx90a")
    body = ("\ts_getpc_b64 s[4:5]\n\ts_add_u32 s4, s4, helper@rel32@lo+4\n"
            "\ts_addc_u32 s5, s5, helper@rel32@hi+12\n\ts_swappc_b64 s[30:31], s[4:5]\n\ts_endpgm")
    with pytest.raises(ToolError) as err:
        tools.gcn_to_hsaco(module("gfx90a", body, 1, 32), "gfx90a")
    assert "helper" in err.value.fix and "defined in no function" in err.value.fix


def test_gfx940_and_gfx941_force_sc0_sc1_on_stores_outside_the_lds():
    for mcpu in ("gfx940", "gfx941"):
        for opcode in ("global_store_dword", "scratch_store_dword", "buffer_store_dword",
                       "flat_store_dwordx2"):
            assert forced_store_bits(mcpu, opcode) == ("sc0", "sc1")
        for opcode in ("ds_write_b32", "global_load_dword", "global_atomic_add", "s_store_dword"):
            assert forced_store_bits(mcpu, opcode) == ()
    assert forced_store_bits("gfx942", "global_store_dword") == forced_store_bits("gfx90a", "global_store_dword") == ()


@pytest.mark.parametrize("mcpu", ["gfx940", "gfx941", "gfx942"])
def test_the_instrumentations_stores_carry_the_bits_the_processor_forces(mcpu):
    """clang writes `global_store_dword ... sc0 sc1` for gfx940/gfx941; the map stores must too."""
    needs(mcpu)
    m = parse_gcn(long_branch(mcpu))
    kernel = {id(s) for s in m.statements}
    instrument(m, load_file(paths.probes_dir() / "dmat.probe"))
    stores = [s for s in m.statements if isinstance(s, Instruction) and id(s) not in kernel
              and s.opcode.startswith("global_store")]
    assert stores
    want = {"sc0", "sc1"} if mcpu != "gfx942" else set()
    assert all({x.name for x in s.modifiers} & {"sc0", "sc1"} == want for s in stores)
    tools.gcn_to_hsaco(m.to_text(), m.target_id)


def _indexed(statements) -> list[str]:
    """The VALU instructions that run with VGPR index mode on."""
    on, out = False, []
    for s in statements:
        if isinstance(s, Instruction):
            if on and s.opcode.startswith("v_"):
                out.append(s.to_text().strip())
            on = s.opcode == "s_set_gpr_idx_on" or on and s.opcode != "s_set_gpr_idx_off"
    return out


@pytest.mark.parametrize("side", ["before", "after"])
def test_a_site_in_vgpr_index_mode_runs_with_it_off(side):
    """Only the kernel's own indexed move runs indexed; the mode is on again for it (M0 keeps the
    index), so a probe between `s_set_gpr_idx_on` and `_off` neither reads nor writes the wrong
    VGPRs."""
    m = parse_gcn(index_mode("gfx90a"))
    probe = f"map c[thread]: counter {{ u64 n; }}\n{side} mov {{ c.n += laneid(); }}\n"
    instrument(m, load(probe, "idx.probe"))
    assert _indexed(m.statements) == ["v_mov_b32_e32 v2, v0"]
    text = m.to_text()
    assert text.count("s_set_gpr_idx_on m0, gpr_idx(SRC0)") == 1


def test_the_assembler_is_told_the_features_and_wave_size_the_file_names():
    """llvm-mc refuses a `.amdgcn_target` with features it was not given, and 64-bit EXEC operands
    of RDNA code for waves of 64 without `+wavefrontsize64`: both come from the file's text."""
    xnack = '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx90a:xnack+"\n'
    assert tools._target_flags("gfx90a", xnack) == ["-mcpu=gfx90a", "-mattr=+xnack"]
    assert tools._target_flags("gfx90a:xnack+", xnack) == ["-mcpu=gfx90a", "-mattr=+xnack"]
    assert tools._target_flags("gfx942", xnack) == ["-mcpu=gfx942"]
    wave64 = '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx1030"\n\t\t.amdhsa_wavefront_size32 0\n'
    assert tools._target_flags("gfx1030", wave64) == ["-mcpu=gfx1030", "-mattr=+wavefrontsize64"]
    assert tools._target_flags("gfx1030", wave64.replace("32 0", "32 1")) == ["-mcpu=gfx1030"]


def test_a_module_with_features_assembles_for_its_bare_processor():
    needs("gfx90a")
    text = lds_dma("gfx90a").replace("amdhsa--gfx90a", "amdhsa--gfx90a:xnack+")
    m = parse_gcn(text)
    assert m.target_id == "gfx90a:xnack+"
    assert tools.gcn_to_hsaco(text, m.target) == tools.gcn_to_hsaco(text, m.target_id)


def test_wave64_rdna_code_assembles():
    needs("gfx90a")
    text = ('\t.amdgcn_target "amdgcn-amd-amdhsa--gfx1030"\n\t.amdhsa_code_object_version 5\n'
            '\t.text\n\t.globl k\n\t.p2align 8\n\t.type k,@function\nk:\n'
            '\ts_and_saveexec_b64 s[0:1], vcc\n\ts_endpgm\n\t.rodata\n\t.p2align 6\n'
            '\t.amdhsa_kernel k\n\t\t.amdhsa_next_free_vgpr 1\n\t\t.amdhsa_next_free_sgpr 2\n'
            '\t\t.amdhsa_wavefront_size32 0\n\t.end_amdhsa_kernel\n')
    assert tools.gcn_to_object(text, "gfx1030")
