"""AMDGPU assembly conformance, construct by construct (tests/corpus_gcn/isa/, hand-written for
gfx90a and gfx942; its README says what each module covers).

Every module parses, prints back as written (and as an identical object), `inspect`s, and
instruments under every stock probe and the probes of `SITES` (whose sites hit every
instruction, the adds of PC-relative sequences, the LDS) into code that llvm-mc and ld.lld
link. The kernels the wave simulator runs give, instrumented, the original's instruction stream
and buffers, exact stock-probe maps, and exact LDS addresses. Each engine fault these modules
found has its regression test below. Skips where llvm-mc/ld.lld are missing, as the other GCN
tests do.
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from neutrino_py import paths
from neutrino_py.asm import gcn_opcodes as opcodes
from neutrino_py.asm.gcn import Instruction, Modified, Register, evaluate
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.asm.inspect import summarize_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.errors import SourceError
from neutrino_py.probe import load, load_file
from neutrino_py.splice import instrument

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks import gcn_simulate_all as harness  # noqa: E402

ISA = Path(__file__).parent / "corpus_gcn" / "isa"
FILES = sorted(ISA.glob("*.s"))
STOCK = sorted(paths.probes_dir().glob("*.probe"))
# probes whose sites hit the constructs: every instruction (with its sources), the adds (of
# s_getpc_b64 sequences too), every LDS access with its address, every block, the destinations
# (OUT) of loads, atomics, moves (AGPRs' too), arithmetic, MFMAs and lane reads
SITES = {
    "every_before": "map c[warp]: counter { u64 n; u64 x; }\nbefore * { c.n += 1; c.x += IN1; }",
    "adds": "map c[warp]: counter { u64 n; }\nbefore add, addc { c.n += 1; }",
    "shared": "map r[thread]: record { u32 pc; u64 addr; u32 bytes; } pool 1 << 20\n"
              "before ld.shared, st.shared, atom.shared, red.shared { r.save(PC, ADDR, BYTES); }",
    "block": "map c[warp]: counter { u64 n; }\nblock { c.n += count(*); }",
    "after_out": "map c[warp]: counter { u64 x; }\nafter ld, mov, mul, fma, cvt, mma, a*, r* { c.x += OUT; }",
}
# kernels the simulator runs (the others use what it does not implement: s_setreg, sendmsg,
# buffer resources passed by value)
SIMULATED = ("valu:vop_modifiers", "valu:dpp_sdwa", "scalar:control", "memory:lds_ops", "calls:call_direct", "calls:call_table",
             "matrix:mfma_agpr", "matrix:preload", "atomics:atomics", "atomics:wide_ops")


def needs(mcpu: str) -> None:
    for tool in ("llvm-mc", "ld.lld"):
        if tools.llvm_tool(tool) is None:
            pytest.skip(f"{tool} missing (apt-get install llvm-19 lld-19)")
    if not tools.supports(mcpu):
        pytest.skip(f"llvm-mc does not assemble code object v5 for {mcpu} (apt-get install llvm-19)")


def _mcpu(path: Path) -> str:
    return path.name.split(".")[1]


def test_every_module_is_there_for_both_processors_and_listed():
    stems = sorted({p.name.split(".")[0] for p in FILES})
    assert sorted(p.name for p in FILES) == sorted(f"{s}.{g}.s" for s in stems for g in ("gfx90a", "gfx942"))
    readme = (ISA / "README.md").read_text()
    assert all(f"`{s}`" in readme for s in stems)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_module_prints_back_as_written_and_assembles_to_the_same_object(path):
    text = path.read_text()
    module = parse_gcn(text, path.name)
    printed = module.to_text()
    def instructions(t: str) -> list[str]:          # as written, up to blanks (`f(a, b)`) and comments
        return [re.sub(r"\s+|(;|//).*|/\*.*?\*/", "", line) for line in t.splitlines()
                if line.startswith("\t") and not line.strip().startswith((".", ";", "//"))]

    assert instructions(printed) == instructions(text)
    assert summarize_gcn(text, path.name)["functions"]
    needs(_mcpu(path))
    original = tools.gcn_to_object(text, module.target_id)
    assert tools.gcn_to_object(printed, module.target_id) == original
    module.metadata().doc
    assert tools.gcn_to_object(module.to_text(), module.target_id) == original


def _programs():
    return [(p.stem, p) for p in STOCK] + list(SITES.items())


def _program(probe):
    return load_file(probe) if isinstance(probe, Path) else load(probe, "sites.probe")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_kernel_instruments_under_every_probe_and_links(path):
    needs(_mcpu(path))
    text = path.read_text()
    kernels = parse_gcn(text, path.name).kernel_names()
    refused: list = []
    for name, probe in _programs():
        module = parse_gcn(text, path.name)
        try:
            instrument(module, _program(probe))
        except SourceError as err:             # located, never a traceback
            assert err.line > 0 and err.file, err
            refused.append((name, err.message))
            continue
        tools.gcn_to_hsaco(module.to_text(), module.target_id, path.name)
    assert refused == [] and len(kernels) >= 2


def _launch(rel: str, kernel: str):
    text = (harness.CORPUS / rel).read_text()
    grid, block, args = harness.derive_launch(parse_gcn(text, rel).kernel(kernel).metadata,
                                              rel.split(".")[0], kernel)
    return text, grid, block, args


def _simulated():
    for key in SIMULATED:
        stem, kernel = key.split(":")
        for target in harness.TARGETS:
            yield pytest.param(f"isa/{stem}.{target}.s", target, kernel, id=f"{stem}-{kernel}-{target}")


@pytest.mark.parametrize("rel, target, kernel", list(_simulated()))
def test_simulated_kernels_keep_their_results_and_stock_maps_are_exact(rel, target, kernel):
    """Half the stock probes on each processor (every probe meets every kernel once): the
    simulations are most of this file's time."""
    probes = harness.PROBES[harness.TARGETS.index(target)::2]
    res = harness.kernel_outcomes(rel, target, kernel, probes)
    assert {p: o["outcome"] for p, o in res["probes"].items()} == {p: "exact" for p in probes}, res


@pytest.mark.parametrize("rel, target, kernel", list(_simulated()))
def test_simulated_kernels_are_unchanged_under_the_site_probes_and_lds_addresses_are_exact(rel, target, kernel):
    import test_gcn_simulated as T

    text, grid, block, args = _launch(rel, kernel)
    base = T.simulate_original(text, rel, kernel, grid, block, args, harness.ORIGINAL_STEPS, harness.DYNAMIC_LDS)
    for name, src in SITES.items():
        run = T.simulate_instrumented(text, rel, kernel, grid, block, args, load(src, f"{name}.probe"),
                                      max_steps=10 ** 7, dynamic_lds=harness.DYNAMIC_LDS)
        T.check_unchanged(base, run)
        if name == "shared":
            r = run.maps["r"]
            assert Counter(zip(r["pc"].tolist(), r["addr"].tolist(), r["bytes"].tolist())) == _lds_oracle(base)


def _lds_oracle(run) -> Counter:
    """(PC, first address, bytes) of every lane's LDS access (swizzles and permutes move no LDS data)."""
    want: Counter = Counter()
    for e in run.sim.events:
        ins = run.instructions[e.index]
        if ins.opcode.startswith("ds_") and not ins.opcode.startswith(("ds_swizzle", "ds_bpermute", "ds_permute")):
            first: dict[int, int] = {}
            for lane, addr, _ in e.access:
                first.setdefault(lane, addr)
            for addr in first.values():
                want[(e.index, addr, opcodes.width(ins.opcode))] += 1
    return want


# ------------------------------------------------------------------------------ regressions

def test_functional_neg_and_abs_are_input_modifiers():
    """``neg(v4)`` and ``abs(v3)`` (llvm-mc's other spelling of ``-v4`` and ``|v3|``) were a
    function call operand: IN1 of ``v_mul_f32_e64 v4, neg(v4), abs(v3)`` read 0, not v4."""
    m = parse_gcn("\tv_mul_f32_e64 v4, neg(v4), abs(v3) mul:4\n\tv_add_f32_e64 v1, -abs(v2), neg(|v3|)\n")
    mul, add = m.statements
    assert mul.operands[1:] == [Modified(Register("v", 4), neg=True, neg_call=True),
                                Modified(Register("v", 3), abs=True, abs_call=True)]
    assert add.operands[1] == Modified(Register("v", 2), neg=True, abs=True, abs_call=True)
    assert add.operands[2] == Modified(Register("v", 3), neg=True, abs=True, neg_call=True)
    assert [s.to_text() for s in m.statements] == ["\tv_mul_f32_e64 v4, neg(v4), abs(v3) mul:4",
                                                   "\tv_add_f32_e64 v1, -abs(v2), neg(|v3|)"]


def test_waitcnt_counters_joined_by_ampersand_parse_and_print_back():
    """``s_waitcnt lgkmcnt(0) & vmcnt(1)`` was refused as a parse error; ``a&3`` stays an expression."""
    m = parse_gcn("\ts_waitcnt vmcnt(0) & expcnt(0) & lgkmcnt(0)\n\ts_add_u32 s0, s0, a&3\n")
    wait, add = m.statements
    assert [(x.name, x.joined) for x in wait.modifiers] == [("expcnt", True), ("lgkmcnt", True)]
    assert wait.to_text() == "\ts_waitcnt vmcnt(0) & expcnt(0) & lgkmcnt(0)"
    assert str(add.operands[2]) == "a&3"


def test_c_style_comments_are_comments():
    """llvm-mc takes ``//`` and ``/* */`` comments (hand-written assembly and inline asm use
    them): a module with one was refused at the first ``/``. Whole-line ``//`` comments are
    kept (marks may be written so), the others dropped as trailing ``;`` comments are."""
    m = parse_gcn("// @neutrino mma_begin\n\ts_nop 0 // trailing\n/* across\n lines */\n"
                  "\ts_waitcnt vmcnt(0) /* inline */ ; and\n\t.set X, 8/2 // four\n")
    assert [s.to_text() for s in m.statements] == ["\t// @neutrino mma_begin", "\ts_nop 0",
                                                   "\ts_waitcnt vmcnt(0)", "\t.set X, 8/2"]
    assert m.statements[0].body == "@neutrino mma_begin" and m.constants() == {"X": 4}


def test_two_address_lds_offsets_count_elements():
    """ADDR at ``ds_read2_b32 ... offset0:2`` is the address + 8 (offset0 counts dwords; st64
    forms 64 of them): it was the address + 2."""
    assert [opcodes.ds_offset_unit(op) for op in ("ds_read_b32", "ds_read2_b32", "ds_write2_b64",
                                                  "ds_read2st64_b32", "ds_write2st64_b64")] == [1, 4, 8, 256, 512]


def _instrumented(path: Path, probe: str, kernel: str):
    module = parse_gcn(path.read_text(), path.name)
    instrument(module, load(probe, "p.probe"), kernels=f"^{kernel}$")
    view = module.kernel(kernel)
    return module, [s for s in module.statements[view.start:view.end] if isinstance(s, Instruction)]


@pytest.mark.parametrize("target", harness.TARGETS)
def test_code_between_getpc_and_its_relocated_adds_keeps_the_call_target(target):
    """``before add`` put code between ``s_getpc_b64`` and ``s_add_u32 s16, s16, f@rel32@lo+4``:
    the call jumped that many bytes short of f. The addends are now label differences."""
    module, code = _instrumented(ISA / f"calls.{target}.s", SITES["adds"], "call_direct")
    adds = [str(s.operands[2]) for s in code if "@rel32@" in str(s.operands[-1:])]
    assert adds and all(re.fullmatch(r"twice@rel32@(lo|hi)\+\(\.Lnt_\d+_\d+-\.Lnt_\d+_\d+\)\+4", a) for a in adds)
    needs(target)
    tools.gcn_to_hsaco(module.to_text(), module.target_id, "calls")      # the simulated run: above


def test_a_pc_relative_add_out_of_llvms_sequence_is_refused_where_code_would_split_it():
    text = (ISA / "calls.gfx942.s").read_text().replace(
        "\ts_getpc_b64 s[16:17]\n\ts_add_u32 s16, s16, twice@rel32@lo+4",
        "\ts_getpc_b64 s[16:17]\n\ts_nop 0\n\ts_add_u32 s16, s16, twice@rel32@lo+8")
    module = parse_gcn(text, "calls.gfx942.s")
    with pytest.raises(SourceError, match="PC-relative literal") as err:
        instrument(module, load(SITES["adds"], "p.probe"), kernels="^call_direct$")
    assert err.value.line > 0


@pytest.mark.parametrize("target", harness.TARGETS)
def test_an_agpr_source_is_read_with_v_accvgpr_read(target):
    """IN1 of ``v_accvgpr_mov_b32 a3, a0`` was ``v_mov_b32 v14, a0``, which llvm-mc refuses."""
    module, code = _instrumented(ISA / f"matrix.{target}.s", SITES["every_before"], "mfma_agpr")
    assert not [s for s in code if s.opcode.startswith("v_mov_b32") and
                any(isinstance(r, Register) and r.file == "a" for r in s.regs())]
    needs(target)
    tools.gcn_to_hsaco(module.to_text(), module.target_id, "matrix")


def test_symbols_the_module_sets_are_numbers():
    """``global_store_dword v1, v4, s[6:7] offset:OUT_STRIDE`` (``.set OUT_STRIDE, 256``) was
    refused at every address probe ("an offset that is not a number"): now its ADDR is exact
    (scalar:control in the simulated tests)."""
    module = parse_gcn((ISA / "scalar.gfx942.s").read_text(), "scalar.gfx942.s")
    assert module.constants() == {"OUT_STRIDE": 256, "LANE_MASK": 63, "HALF_STRIDE": 128}
    assert evaluate("(OUT_STRIDE<<1)|~0&7", module.constants()) == 519
    assert evaluate(".LBB0_2-.Lpost", {}) is None and evaluate("f@rel32@lo+4", {}) is None


@pytest.mark.parametrize("target", harness.TARGETS)
def test_code_after_a_matrix_instruction_waits_for_its_result(target):
    """``after mma { ... OUT ... }`` read the MFMA's accumulator right after it issued: the
    hardware does not interlock there (16-pass MFMAs need 18-19 wait states before a VALU read),
    so the probe read what the registers held before. Code after one now starts with s_nops."""
    module, code = _instrumented(ISA / f"matrix.{target}.s",
                                 "map c[warp]: counter { u64 x; }\nafter mma { c.x += OUT; }", "mfma_agpr")
    mfmas = [k for k, s in enumerate(code) if s.opcode.startswith("v_mfma")]
    assert len(mfmas) == 2
    for k in mfmas:
        assert [s.to_text() for s in code[k + 1:k + 4]] == ["\ts_nop 7"] * 3
    needs(target)
    tools.gcn_to_hsaco(module.to_text(), module.target_id, "matrix")


def test_descriptor_fields_left_out_have_llvms_values():
    """A descriptor that enables workgroup ids y and z and leaves x out (LLVM's default: on) and
    omits the user SGPR count: the splicer took x for off and the count for 0, and read the
    workgroup id y from x's SGPR (block_sched saw one block)."""
    module = parse_gcn((ISA / "matrix.gfx90a.s").read_text(), "matrix.gfx90a.s")
    desc = module.kernel("mfma_agpr").descriptor
    assert desc.get("system_sgpr_workgroup_id_x") == 1 and desc.get("queue_ptr", 0) == 0
    del desc.fields[".amdhsa_user_sgpr_count"]
    assert desc.get("user_sgpr_count") == 6                    # dispatch ptr, kernarg ptr, id


# the raw bits IN1/IN2 read at constant, symbol and EXEC-half operands, by kernel
CONSTANTS = {"valu:vop_modifiers": {
             "v_mul_f32_e64 v3, v3, 0.5 clamp": (None, 0x3f000000),
             "v_add_f32_e64 v4, v2, 1.0 mul:2": (None, 0x3f800000),
             "v_fma_f32 v5, v2, 0.15915494, -1.0": (None, 0x3e22f983),
             "v_sub_f32_e32 v5, -4.0, v5": (0xc0800000, None),
             "v_mul_f32_e32 v5, 0x3e22f983, v5": (0x3e22f983, None),
             "s_and_b32 vcc_lo, vcc_lo, exec_lo": (None, "exec_lo"),
             "s_mov_b32 vcc_hi, exec_hi": ("exec_hi", None)},
             "scalar:control": {
             "v_and_b32_e32 v0, LANE_MASK, v0": (0x3f, None)}}


@pytest.mark.parametrize("target", harness.TARGETS)
@pytest.mark.parametrize("key", sorted(CONSTANTS))
def test_constants_symbols_and_exec_halves_read_as_their_bits(key, target):
    """IN of ``v_mul_f32_e64 v3, v3, 0.5`` was 0, not 0x3f000000 (every float constant read 0);
    IN of ``exec_lo``/``exec_hi``/``vcc_lo`` was 0, and of a symbol the module sets
    (``.equ LANE_MASK, 0x3f``) 0 too."""
    import test_gcn_simulated as T

    stem, kernel = key.split(":")
    rel, table = f"isa/{stem}.{target}.s", CONSTANTS[key]
    text, grid, block, args = _launch(rel, kernel)
    probe = ("map r[thread]: record { u32 pc; u64 in1; u64 in2; } pool 1 << 20\n"
             "before mul, fma, add, sub, and, mov { r.save(PC, IN1, IN2); }")
    base = T.simulate_original(text, rel, kernel, grid, block, args)
    run = T.simulate_instrumented(text, rel, kernel, grid, block, args, load(probe, "in.probe"))
    r = run.maps["r"]
    records = list(zip(r["pc"].tolist(), r["in1"].tolist(), r["in2"].tolist()))
    pcs = {n: table[s.to_text().strip()] for n, s in enumerate(base.instructions)
           if s.to_text().strip() in table}
    assert len(pcs) == len(table)
    for pc, want in pcs.items():
        events = [e for e in base.sim.events if e.index == pc]
        halves = {"exec_lo": {e.exec & 0xffffffff for e in events}, "exec_hi": {e.exec >> 32 for e in events}}
        got = [rec[1:] for rec in records if rec[0] == pc]
        assert len(got) == sum(bin(e.exec).count("1") for e in events)
        for k, value in enumerate(want):
            if value is not None:
                assert {g[k] for g in got} == halves.get(value, {value}), (base.instructions[pc].to_text(), k)
