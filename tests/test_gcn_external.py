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

The end-to-end tests instrument with the stock probes and link with llvm-mc + ld.lld; they skip
where those tools are missing, as the other GCN tests do.
"""
from __future__ import annotations

import pytest

from neutrino_py import paths
from neutrino_py.asm import gcn_opcodes as opcodes
from neutrino_py.asm.gcn import Instruction, Sym
from neutrino_py.asm.gcn_cfg import labelled_blocks, successors
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.errors import ToolError
from neutrino_py.probe import load_file
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
    assert [labels for labels, _ in blocks] == [["k"], ["1"], [], ["1"], []]
    # 1f: the next `1:`; 1b: the last `1:` at or before the branch (a label may be defined again)
    assert successors(blocks) == [[1], [1, 2], [3], [3], []]


# ------------------------------------------------------------------------------ with llvm-mc

CASES = {"lds_dma": lds_dma, "long_branch": long_branch, "local_labels": local_labels}


@pytest.mark.parametrize("mcpu", ["gfx90a", "gfx942"])
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
