"""GCN kernels that used to be refused: at a register limit (the probe's registers beyond it are
stashed around every site: tests/corpus_gcn/pressure.hip's kernels run the whole stock-probe
matrix of test_gcn_simulated), and kernarg layouts where the map pointers cannot go between the
kernel's own and the hidden arguments (they follow the hidden ones). Exact on the wave
simulator; the code objects assemble and link. What is still refused says why, with a place.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from neutrino_py.asm.gcn import Instruction
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.contract.manifest import HEADER_PARAM
from neutrino_py.errors import SourceError
from neutrino_py.paths import probes_dir
from neutrino_py.probe import load_file
from neutrino_py.splice import instrument
from test_gcn_simulated import (CASES, PROBES, TARGETS, Geometry, _text, check_stock_maps, check_unchanged,
                                got_dmat, instrumented, oracle_dmat, oracle_hotness, original, stream)

# vector_add reading hidden_group_size_x (0x2c) through a copy of its kernarg pointer (followed:
# the read moves with the hidden args), or through a pointer made with a register offset (not
# followed: the map pointers go after the hidden args)
READ = {"gfx942": ("s3", "s[0:1]", "s[6:7]"), "gfx90a": ("s0", "s[4:5]", "s[0:1]")}
VIA = {"copy": "\ts_mov_b64 {copy}, {k}\n\ts_load_dword {d}, {copy}, 0x2c\n",
       "register": "\ts_movk_i32 {c0}, 0x2c\n\ts_add_u32 {c0}, {k0}, {c0}\n\ts_addc_u32 {c1}, {k1}, 0\n"
                   "\ts_load_dword {d}, {copy}, 0x0\n",
       # the kernarg pair overwritten on a path that ends, the read on the other, later in the
       # text: followed over the control flow, the read still moves
       "branch": "\ts_cmp_eq_u32 0, 1\n\ts_cbranch_scc0 .Lread_hidden\n\ts_mov_b64 {k}, 0\n"
                 "\ts_endpgm\n.Lread_hidden:\n\ts_load_dword {d}, {k}, 0x2c\n"}


def variant(target: str, via: str) -> str:
    d, k, copy = READ[target]
    k0, k1, c0, c1 = (f"s{int(x)}" for pair in (k, copy) for x in pair[2:-1].split(":"))
    old = f"\ts_load_dword {d}, {k}, 0x2c\n"
    text = _text("kernels", target)
    assert old in text
    return text.replace(old, VIA[via].format(d=d, k=k, copy=copy, k0=k0, k1=k1, c0=c0, c1=c1), 1)


def needs(mcpu: str) -> None:
    if tools.llvm_tool("llvm-mc") is None or tools.llvm_tool("ld.lld") is None or not tools.supports(mcpu):
        pytest.skip(f"no llvm-mc/ld.lld for {mcpu} (apt-get install llvm-19 lld-19)")


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("probe", ["dmat", "hotness"])
@pytest.mark.parametrize("via", ["copy", "register", "branch"])
def test_hidden_args_read_through_a_copy_or_a_register_offset(target, probe, via):
    """A copy of the kernarg pointer is followed (its read moves), and so is the pointer past a
    branch whose other side overwrote it; a pointer made with a register offset is not, so the
    map pointers follow the hidden args and nothing of the kernel moves."""
    text = variant(target, via)
    program = load_file(probes_dir() / f"{probe}.probe")
    base, run = original(target, "vector_add", text), instrumented(target, "vector_add", program, text)
    assert stream(run) == stream(base)
    assert [b and run.memory.bytes(b) for b in run.buffers] == \
        [b and base.memory.bytes(b) for b in base.buffers]
    geo = Geometry(CASES["vector_add"])
    if probe == "dmat":
        assert got_dmat(run.maps) == oracle_dmat(base, geo)
    else:
        pages = run.maps["pages"]["value"]
        assert {int(k): int(pages[k]) for k in pages.nonzero()[0]} == oracle_hotness(base, geo)
    warnings = [w for w in run.warnings if "hidden arguments" in w]
    if via in ("copy", "branch"):
        assert warnings == []
        return
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("\ts_add_u32 s"))
    assert warnings == [f"kernels.{target}.s:{line}: the kernarg pointer reaches `s_add_u32`, whose reads "
                        "cannot be followed; the map pointers follow the hidden arguments"]


@pytest.mark.parametrize("target", TARGETS)
def test_appended_pointers_keep_the_hidden_layout_and_link(target):
    needs(target)
    module = parse_gcn(variant(target, "register"), "register.s")
    hidden_before = [a for a in module.kernel("vector_add").metadata[".args"]
                     if a[".value_kind"].startswith("hidden_")]
    size_before = module.kernel("vector_add").metadata[".kernarg_segment_size"]
    instrument(module, load_file(probes_dir() / "dmat.probe"), kernels="^vector_add$")
    meta = module.kernel("vector_add").metadata
    args = meta[".args"]
    ours = [a for a in args if str(a.get(".name", "")).startswith("__nt_")]
    assert ours[0][".name"] == HEADER_PARAM and ours[0][".offset"] == size_before
    assert [a for a in args if a[".value_kind"].startswith("hidden_")][:len(hidden_before)] == hidden_before
    assert meta[".kernarg_segment_size"] == size_before + 8 * len(ours)
    assert module.kernel("vector_add").descriptor.get("kernarg_size") == meta[".kernarg_segment_size"]
    assert tools.gcn_to_hsaco(module.to_text(), target)[:4] == b"\x7fELF"


def _code(module, name: str) -> list[Instruction]:
    k = module.kernel(name)
    return [s for s in module.statements[k.start:k.end] if isinstance(s, Instruction)]


@pytest.mark.parametrize("target", TARGETS)
def test_stashed_registers_stay_within_the_limits(target):
    """The instrumented code names no VGPR above v255 (the stash is AGPRs past accum_offset) and no
    SGPR above the budget the kernel was compiled to (the stash is lanes of one VGPR)."""
    path = Path(__file__).parent / "corpus_gcn" / f"pressure.{target}.s"
    module = parse_gcn(path.read_text(), str(path))
    result = instrument(module, load_file(probes_dir() / "opcode_mix.probe"))
    cap = {"gfx90a": 96, "gfx942": 100}[target]
    high = {n: {f: max((i for s in _code(module, n) for r in s.regs() if r.file == f for i in r.indices),
                       default=-1) for f in "vsa"} for n in ("vgpr_full", "sgpr_full")}
    assert high["vgpr_full"]["v"] == 255 and high["vgpr_full"]["a"] >= 0
    assert high["sgpr_full"]["s"] < cap and high["sgpr_full"]["a"] == -1
    vk, sk = module.kernel("vgpr_full"), module.kernel("sgpr_full")
    assert vk.descriptor.get("accum_offset") == 256
    agprs = vk.metadata[".agpr_count"]
    assert agprs == vk.descriptor.get("next_free_vgpr") - 256 == high["vgpr_full"]["a"] + 1
    assert sk.descriptor.get("next_free_sgpr") == cap
    ops = {s.opcode for s in _code(module, "sgpr_full")}
    assert {"v_writelane_b32", "v_readlane_b32"} <= ops
    assert any("at the SGPR limit" in w for w in result.manifests["sgpr_full"].warnings)
    assert any("at the VGPR limit" in w for w in result.manifests["vgpr_full"].warnings)


def test_a_kernel_at_both_limits_is_refused_with_the_reason():
    """No file left to stash the other in: refused at the kernel's descriptor."""
    module = parse_gcn(_text("pressure", "gfx90a"), "both.s")
    desc = module.kernel("vgpr_full").descriptor
    desc.set("next_free_sgpr", 96)                 # vgpr_full at the SGPR budget too
    with pytest.raises(SourceError) as err:
        instrument(module, load_file(probes_dir() / "dmat.probe"), kernels="^vgpr_full$")
    assert err.value.file == "both.s" and err.value.line == desc.line
    assert "past both register limits" in err.value.message


@pytest.mark.parametrize("file, kernel", [("softmax.gfx942.s", "softmax_row"), ("lds.gfx942.s", "block_scan"),
                                          ("ir_loops.gfx90a.s", "ir_countdown")])
def test_a_kernarg_pair_reused_later_does_not_stop_the_hidden_reads_moving(file, kernel):
    """The kernarg SGPRs written by a carry-out (`v_div_scale_f32 v2, s[0:1], ...`: the second
    operand is a destination) or reused inside a loop after the kernel's last read of them: the
    hidden-argument reads move and the map pointers go before the hidden args."""
    path = Path(__file__).parent / "corpus_gcn" / file
    module = parse_gcn(path.read_text(), str(path))
    result = instrument(module, load_file(probes_dir() / "dmat.probe"), kernels=f"^{kernel}$")
    assert not [w for w in result.manifests[kernel].warnings if "hidden arguments" in w]
    args = module.kernel(kernel).metadata[".args"]
    ours = min(a[".offset"] for a in args if str(a.get(".name", "")).startswith("__nt_"))
    assert ours < min(a[".offset"] for a in args if a[".value_kind"].startswith("hidden_"))


@pytest.mark.parametrize("target", TARGETS)
def test_registers_named_by_memory_instructions_are_borrowed_after_a_drain(target):
    """ir_many_vgprs names all 256 VGPRs, every pair in a global load or store: the stash borrows
    pairs that memory instructions name, so every site first waits for the wave's memory
    (``s_waitcnt 0``: no load can land in a borrowed register, no store read it) and then saves
    them in AGPRs past the kernel's one (the first save goes to a1). Exact maps on the simulator: test_gcn_simulated's
    ir_many_vgprs cases."""
    needs(target)
    path = Path(__file__).parent / "corpus_gcn" / f"ir_pressure.{target}.s"
    module = parse_gcn(path.read_text(), str(path))
    result = instrument(module, load_file(probes_dir() / "dmat.probe"), kernels="^ir_many_vgprs$")
    code = [s for s in _code(module, "ir_many_vgprs") if s.opcode != "s_nop"]
    saves = [n for n, s in enumerate(code) if s.opcode == "v_accvgpr_write_b32" and s.operands[0].first == 1]
    assert saves and all(code[n - 1].to_text().split() == ["s_waitcnt", "0"] for n in saves)
    assert any("first waits for the wave's memory operations" in w
               for w in result.manifests["ir_many_vgprs"].warnings)
    assert tools.gcn_to_hsaco(module.to_text(), target)[:4] == b"\x7fELF"


def agprs_taken(target: str) -> str:
    """ir_many_vgprs claiming 250 AGPRs (it uses a0): 256 + 250 leave no room in the 512-register
    file for an AGPR stash."""
    module = parse_gcn(_text("ir_pressure", target), f"ir_pressure.{target}.s")
    kernel = module.kernel("ir_many_vgprs")
    kernel.metadata[".agpr_count"] = 250
    kernel.descriptor.set("next_free_vgpr", 256 + 250)
    return module.to_text()


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("probe", PROBES)
def test_with_the_agprs_taken_the_stash_is_private_memory(target, probe):
    """The displaced VGPRs go to the wave's private segment, after the kernel's (0 bytes here):
    architected flat scratch on gfx942, the private segment buffer with the wave's offset folded
    in on gfx90a. Exact maps and an unchanged kernel on the simulator; the code object links."""
    needs(target)
    text = agprs_taken(target)
    program = load_file(probes_dir() / f"{probe}.probe")
    base, run = original(target, "ir_many_vgprs", text), instrumented(target, "ir_many_vgprs", program, text)
    check_unchanged(base, run)
    check_stock_maps(probe, program, base, run, Geometry(CASES["ir_many_vgprs"]), target)
    module = parse_gcn(text, "taken.s")
    result = instrument(module, program, kernels="^ir_many_vgprs$")
    kernel = module.kernel("ir_many_vgprs")
    code = _code(module, "ir_many_vgprs")
    spill = {"gfx942": "scratch_store_dword", "gfx90a": "buffer_store_dword"}[target]
    stores = [s for s in code if s.opcode == spill]
    slots = kernel.descriptor.get("private_segment_fixed_size") // 4
    assert stores and {s.modifier("offset").value for s in stores} == {str(4 * k) for k in range(slots)}
    assert kernel.metadata[".private_segment_fixed_size"] == 4 * slots
    assert kernel.metadata[".agpr_count"] == 250 and not any(s.opcode.startswith("v_accvgpr_write")
                                                             and s.operands[0].first > 0 for s in code)
    assert kernel.descriptor.get("enable_private_segment" if target == "gfx942"
                                 else "system_sgpr_private_segment_wavefront_offset") == 1
    assert any("in private memory" in w for w in result.manifests["ir_many_vgprs"].warnings)
    assert tools.gcn_to_hsaco(module.to_text(), target)[:4] == b"\x7fELF"


@pytest.mark.parametrize("target, field, why", [
    ("gfx90a", "uses_dynamic_stack", "the kernel's stack grows past its fixed private segment"),
    ("gfx942", "uses_dynamic_stack", "the kernel's stack grows past its fixed private segment"),
    ("gfx90a", "user_sgpr_private_segment_buffer", "gfx90a needs the private segment buffer"),
    ("gfx942", "private_segment_fixed_size", "exceed the 4095-byte immediate offset")])
def test_a_private_memory_stash_that_cannot_be_made_is_refused_with_the_reason(target, field, why):
    """A dynamic stack would run over the slots after the fixed segment; gfx90a without the
    private segment buffer would have to move the kernel's SGPR inputs; slots past a 4095-byte
    segment cannot be reached with an immediate offset. Located at the kernel's descriptor."""
    module = parse_gcn(agprs_taken(target), "taken.s")
    desc = module.kernel("ir_many_vgprs").descriptor
    desc.set(field, {"uses_dynamic_stack": 1, "user_sgpr_private_segment_buffer": 0,
                     "private_segment_fixed_size": 4090}[field])
    with pytest.raises(SourceError) as err:
        instrument(module, load_file(probes_dir() / "dmat.probe"), kernels="^ir_many_vgprs$")
    assert err.value.file == "taken.s" and err.value.line == desc.line
    assert "cannot be stashed in private memory" in err.value.message and why in err.value.message
