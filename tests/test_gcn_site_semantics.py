"""What a probe sees at five kinds of GCN site found wrong (by earlier sessions, the third while
checking line positions: tests/test_probe_lines_gcn.py), each on gfx90a and gfx942, in the
wave simulator (tests/gcn_wave.py) where there is something to run:

- a block that opens with an EXEC switch to the lanes of an else branch (LLVM's
  `s_andn2_saveexec_b64 s[..], s[..]`, or `s_or_saveexec_b64 s[..], s[..]` ... `s_xor_b64 exec,
  exec, s[..]` with scalar code between them): its `block` probes run on the lanes that run
  the block, after the switch, as at a join (tests/test_probe_positions_gcn.py);
- an operand that is an aperture register (`s_mov_b64 s[..], src_shared_base`, LLVM's way to
  build a flat address of the LDS or the stack): IN reads its 64 bits, as the scalar move does
  (the high dword is the aperture), where it read 0, and as a 32-bit operand its low dword, as
  the instruction does (0 for a base, 0xffffffff for a limit), where it read all 64 bits;
  `src_scc` (or `scc`) reads SCC there, and the other special registers (`src_execz`,
  `src_vccz`, LDS direct) are refused, not read as 0;
- IN of an instruction that enables lanes (a join's `s_or_b64 exec, exec, s[..]`), read by an
  `after` probe in the lanes it enables: the capture ran on the lanes of EXEC before it, and
  those lanes read 0 (or an older value);
- OUT or IN at instructions none of which has that operand (a store's OUT), or a value there
  (a branch's label): refused at the probe's read (tests/test_probe_absent_operands.py on
  PTX), where AMD read 0;
- a `ds_*` instruction with the `gds` modifier: it addresses the GDS, which gfx90a and gfx94x
  do not have (llvm-mc refuses the modifier for them); the kernel is refused at it, where
  `st.shared` matched it as an LDS access and ADDR called its address an LDS offset.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from test_gcn_simulated import (CASES, PRIVATE_APERTURE, SHARED_APERTURE, TARGETS, _own, _text,
                                blocks_of, check_unchanged, original, restores_exec,
                                simulate_instrumented)
from neutrino_py.asm.gcn import Instruction
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.assemble import gcn as tools
from neutrino_py.errors import SourceError
from neutrino_py.probe import load
from neutrino_py.splice import instrument

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks import gcn_simulate_all as harness  # noqa: E402

ELSE_HEADS = ("s_andn2_saveexec_b64", "s_or_saveexec_b64")


def lanes_at(run, index: int) -> int:
    """Lanes that ran the kernel's instruction `index`, over every wave."""
    return sum(bin(e.exec).count("1") for e in run.sim.events if e.index == index)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("kernel, want", [("branchy", [63]), ("switch_op", [14, 32, 8, 12])])
def test_a_block_opening_an_else_branch_runs_on_the_else_lanes(kernel, want, target):
    """branchy's `.LBB0_5: s_andn2_saveexec_b64 s[6:7], s[6:7]` is entered by the lanes that ran
    the then-part (27) and by a branch with EXEC 0; the 63 lanes of the else branch start
    after it, and the block probe counted the 27. switch_op's `s_or_saveexec_b64 s[6:7], s[6:7];
    s_load_dwordx2 ...; s_xor_b64 exec, exec, s[6:7]` heads pass over the scalar load too."""
    c = CASES[kernel]
    base = original(target, kernel)
    code = base.instructions
    heads = [pc for pc in sorted(blocks_of(code, base.statements)) if code[pc].opcode in ELSE_HEADS]
    run = simulate_instrumented(_text(c.file, target), f"{c.file}.{target}.s", kernel, c.grid,
                                c.block, c.args,
                                load("map h[thread]: hist[128] u32;\nblock { h[PC] += 1; }\n",
                                     "case.probe"))
    h = run.maps["h"]
    h = h["value"] if h.dtype.names else h
    switched = []
    for pc in heads:
        k = pc                       # past the switch: the first instruction of the else lanes
        while not (code[k].opcode in ("s_andn2_saveexec_b64", "s_xor_b64")
                   and str(code[k].operands[0]) in ("exec", str(code[pc].operands[0]))):
            k += 1
        switched.append(lanes_at(base, k + 1))
    assert switched == want
    assert [int(h[pc]) for pc in heads] == want
    assert [lanes_at(base, pc) for pc in heads] != want      # before the switch: other lanes


def run_corpus(path: str, kernel: str, probe: str):
    """`kernel` of the corpus module `path` instrumented with `probe`, launched as the corpus
    harness launches it; (its own instructions, the run)."""
    text = (harness.CORPUS / path).read_text()
    module = parse_gcn(text, path)
    grid, block, args = harness.derive_launch(module.kernel(kernel).metadata,
                                              path.rsplit(".", 2)[0], kernel)
    run = simulate_instrumented(text, path, kernel, grid, block, args, load(probe, "case.probe"),
                                max_steps=10 ** 7, dynamic_lds=harness.DYNAMIC_LDS)
    return [s for s in _own(module, kernel) if isinstance(s, Instruction)], run


APERTURE_VALUES = {"src_shared_base": SHARED_APERTURE, "src_private_base": PRIVATE_APERTURE}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("module, kernel, aperture", [
    ("isa/scalar", "control", "src_shared_base"),
    ("unoptimized", "o0_vector_add", "src_private_base")])
def test_in_of_an_aperture_register_is_its_value(module, kernel, aperture, target):
    """IN1 of `s_mov_b64 s[14:15], src_shared_base` (the ISA corpus's scalar:control) and of -O0
    vector_add's `s_mov_b64 s[18:19], src_private_base` is the aperture's 64 bits, the value
    the move writes (the simulator's apertures: the high dword 0x10000000 and 0x20000000); it
    was 0, as for an operand with no value."""
    code, run = run_corpus(f"{module}.{target}.s", kernel,
                           "map m[warp]: record(16) { u32 pc; u64 a; }\n"
                           "before mov.b64 { m.save(PC, IN1); }\n")
    at = [pc for pc, s in enumerate(code) if aperture in map(str, s.operands)]
    got = {(int(r["pc"]), int(r["a"])) for r in run.maps["m"] if int(r["pc"]) in at}
    assert at and got == {(pc, APERTURE_VALUES[aperture]) for pc in at}


M32 = (1 << 32) - 1
# instructions put at the start of vector_add's guarded block (s[0:3], v1-v3, VCC and SCC are
# dead there), an aperture as a 32-bit and as a 64-bit operand of each kind of instruction, and
# (IN1, IN2) as each reads them: a 32-bit operand the low dword, 0 for a base and 0xffffffff for
# a limit (LLVM's SIRegisterInfo.td and AMDGPUUsage: an aperture is 2^32 bytes aligned to 2^32),
# a 64-bit one all of it (the simulator's apertures); 32-bit sources of 64-bit operations too
APERTURE_OPERANDS = [
    ("s_mov_b32 s2, src_shared_base", (0, 0)),
    ("s_add_u32 s2, s2, src_shared_limit", (0, M32)),
    ("s_mov_b64 s[2:3], src_private_limit", (PRIVATE_APERTURE | M32, 0)),
    ("s_lshl_b64 s[2:3], s[2:3], src_shared_limit", (PRIVATE_APERTURE | M32, M32)),
    ("v_mov_b32_e32 v1, src_private_base", (0, 0)),
    ("v_add_u32_e32 v1, src_private_limit, v1", (M32, 0)),
    ("v_cmp_ne_u64_e32 vcc, src_shared_base, v[2:3]", (SHARED_APERTURE, None)),
    ("v_cmp_class_f64_e64 vcc, v[2:3], src_private_limit", (None, M32))]


@pytest.mark.parametrize("target", TARGETS)
def test_in_of_an_aperture_is_what_the_instruction_reads(target):
    """IN of an aperture register as a 32-bit operand (`s_mov_b32 s2, src_shared_base`,
    `v_add_u32_e32 v1, src_private_limit, v1`, a 64-bit shift's amount, a class mask) is its
    low dword, which the instruction reads; it was the 64-bit value (0x10000000_00000000 for
    the first, where the move reads 0). A 64-bit operand (`s_mov_b64`, `v_cmp_ne_u64`) still
    reads all of it. Checked in every lane that runs the instructions, vector_add unchanged, and
    the instrumented module assembled by llvm-mc."""
    c = CASES["vector_add"]
    text, line = with_line("vector_add", target, "\n\t".join(ins for ins, _ in APERTURE_OPERANDS),
                           "s_cbranch_execz")
    code = [s for s in _own(parse_gcn(text, "k.s"), "vector_add") if isinstance(s, Instruction)]
    at = {pc: want for pc, s in enumerate(code) for ins, want in APERTURE_OPERANDS
          if s.line >= line and s.to_text().strip() == ins}
    assert len(at) == len(APERTURE_OPERANDS)
    probe = load("map m[thread]: record(64) { u32 pc; u64 a; u64 b; }\n"
                 "before mov, add, shl, setp { m.save(PC, IN1, IN2); }\n", "case.probe")
    base = original(target, "vector_add", text)
    run = simulate_instrumented(text, f"{c.file}.{target}.s", "vector_add", c.grid, c.block,
                                c.args, probe)
    check_unchanged(base, run)
    for pc, want in at.items():
        got = [(int(r["a"]), int(r["b"])) for r in run.maps["m"] if int(r["pc"]) == pc]
        assert len(got) == lanes_at(base, pc) == 70, code[pc].to_text()
        assert {tuple(g if w is not None else None for g, w in zip(row, want))
                for row in got} == {want}, code[pc].to_text()
    module = parse_gcn(text, f"{c.file}.{target}.s")
    instrument(module, probe, kernels="^vector_add$")
    if tools.llvm_tool("llvm-mc") is not None:
        tools.gcn_to_object(module.to_text(), module.target_id)


@pytest.mark.parametrize("target", TARGETS)
def test_a_gds_access_is_refused_at_the_instruction(target):
    """vector_add with `ds_write_b32 v1, v2 gds` after its first instruction: a probe on LDS
    stores matched it and read its address as an LDS offset; the kernel is now refused there,
    before anything is spliced, as llvm-mc refuses the line for the processor."""
    c = CASES["vector_add"]
    lines = _text(c.file, target).split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith("vector_add:")) + 2
    text = "\n".join(lines[:at] + ["\tds_write_b32 v1, v2 gds"] + lines[at:])
    path = f"{c.file}.{target}.s"
    probe = load("map m[thread]: record(4) { u64 a; }\nbefore st.shared { m.save(ADDR); }\n",
                 "case.probe")
    with pytest.raises(SourceError) as err:
        instrument(parse_gcn(text, path), probe, kernels="^vector_add$")
    assert (err.value.file, err.value.line) == (path, at + 1)
    assert f"`ds_write_b32 v1, v2 gds` accesses the GDS, which {target} does not have" \
        in err.value.message
    mc = tools.llvm_tool("llvm-mc")
    if mc is not None:
        out = subprocess.run([str(mc), "-triple=amdgcn-amd-amdhsa", f"-mcpu={target}"],
                             input="ds_write_b32 v1, v2 gds\n", capture_output=True, text=True)
        assert "gds modifier is not supported on this GPU" in out.stderr


def with_line(kernel: str, target: str, line: str, after: str) -> tuple[str, int]:
    """`kernel`'s corpus text with `line` put after its first instruction starting `after`,
    and that line's number in it."""
    c = CASES[kernel]
    lines = _text(c.file, target).split("\n")
    start = next(n for n, text in enumerate(lines) if text.startswith(f"{kernel}:"))
    at = next(n for n in range(start, len(lines)) if lines[n].strip().startswith(after)) + 1
    return "\n".join(lines[:at] + [f"\t{line}"] + lines[at:]), at + 1


@pytest.mark.parametrize("target", TARGETS)
def test_in_of_scc_is_scc_and_other_special_registers_are_refused(target):
    """vector_add with `s_cmp_eq_u32 src_scc, 1` after its `s_and_b32 s3, s3, 0xffff` (whose
    result, 48, sets SCC): IN1 there is 1 in every lane that runs it (it read 0, the value of an
    operand with none). `src_execz` in its place is refused at the probe's read, with the
    register named, where it read 0."""
    c = CASES["vector_add"]
    text, line = with_line("vector_add", target, "s_cmp_eq_u32 src_scc, 1", "s_and_b32")
    probe = "map m[thread]: record(2) { u32 pc; u64 a; }\nbefore setp { m.save(PC, IN1); }\n"
    run = simulate_instrumented(text, f"{c.file}.{target}.s", "vector_add", c.grid, c.block,
                                c.args, load(probe, "case.probe"))
    pc = sum(1 for s in _own(parse_gcn(text, "k.s"), "vector_add")
             if isinstance(s, Instruction) and s.line < line)
    assert sorted(int(r["a"]) for r in run.maps["m"] if int(r["pc"]) == pc) == [1] * 96
    text, _ = with_line("vector_add", target, "s_cmp_eq_u32 src_execz, 0", "s_and_b32")
    with pytest.raises(SourceError) as err:
        instrument(parse_gcn(text, "k.s"), load(probe, "case.probe"), kernels="^vector_add$")
    assert err.value.file == "case.probe" and "`src_execz` is a special register" in str(err.value)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("kernel", ["reduce_sum", "vgpr_full"])
def test_in_of_a_join_is_read_in_the_lanes_it_enables(kernel, target):
    """`after or.b64 { m.save(PC, IN1); }` at reduce_sum's joins (`s_or_b64 exec, exec, s[0:1]`):
    IN1 is EXEC before the join in every lane after it. The last wave of each block enters its
    first join with the 8 lanes of its guarded load (n = 200), and the other 56 read IN1 as 0.
    The capture now runs in every lane the wave started with (`render.Wide`), EXEC read before
    the widening; in vgpr_full (at the VGPR limit: the probe's VGPRs are stashed around each
    site) the stash saves and restores those lanes too, and the kernel's results stay right."""
    c = CASES[kernel]
    base = original(target, kernel)
    joins = {pc for pc, s in enumerate(base.instructions) if restores_exec(s)}
    waves: dict[int, list] = {}
    for e in base.sim.events:
        waves.setdefault(e.wave, []).append(e)
    want: dict[int, list] = {}
    for wave, events in waves.items():
        for e, nxt in zip(events, events[1:]):
            if e.index in joins:
                for lane in range(64):
                    if nxt.exec >> lane & 1:
                        want.setdefault(64 * wave + lane, []).append((e.index, e.exec))
    run = simulate_instrumented(_text(c.file, target), f"{c.file}.{target}.s", kernel, c.grid,
                                c.block, c.args,
                                load("map m[thread]: record(16) { u32 pc; u64 a; }\n"
                                     "after or.b64 { m.save(PC, IN1); }\n", "case.probe"))
    got: dict[int, list] = {}
    for r in run.maps["m"]:
        if int(r["pc"]) in joins:
            got.setdefault(int(r["unit"]), []).append((int(r["pc"]), int(r["a"])))
    assert got == want and want
    assert any(e != (1 << 64) - 1 for rows in want.values() for _, e in rows)
    check_unchanged(base, run)


@pytest.mark.parametrize("target", TARGETS)
def test_in_of_every_join_is_exec_before_it_in_every_lane_after_it(target):
    """The same over every kernel of test_gcn_simulated's CASES with a join written `s_or_b64
    exec, exec, s[..]` (IN1 is EXEC; 19 kernels on gfx942): per join, the sum over the lanes
    after it of IN1's words is the sum of EXEC's words before it (hists of the low and high
    words), and the kernel is unchanged. Before the fix branchy's first join already differed."""
    program = load("map lo[thread]: hist[512] u64;\nmap hi[thread]: hist[512] u64;\n"
                   "after or.b64 { lo[PC] += IN1 & 0xffffffff; hi[PC] += IN1 >> 32; }\n",
                   "case.probe")
    checked = 0
    for kernel, c in CASES.items():
        base = original(target, kernel)
        code = base.instructions
        joins = {pc for pc, s in enumerate(code) if restores_exec(s) and str(s.operands[1]) == "exec"}
        if not joins:
            continue
        assert len(code) <= 512, kernel
        waves: dict[int, list] = {}
        for e in base.sim.events:
            waves.setdefault(e.wave, []).append(e)
        want = {half: dict.fromkeys(joins, 0) for half in ("lo", "hi")}
        for events in waves.values():
            for e, nxt in zip(events, events[1:]):
                if e.index in joins:
                    n = bin(nxt.exec).count("1")
                    for half, word in (("lo", e.exec & 0xffffffff), ("hi", e.exec >> 32)):
                        want[half][e.index] += n * word
        run = simulate_instrumented(_text(c.file, target), f"{c.file}.{target}.s", kernel,
                                    c.grid, c.block, c.args, program, max_steps=10 ** 7)
        check_unchanged(base, run)
        for half in ("lo", "hi"):
            h = run.maps[half]
            h = h["value"] if h.dtype.names else h
            assert {pc: int(h[pc]) for pc in joins} == want[half], (kernel, half)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("probe, read, col", [
    ("after st.global { m.save(OUT); }", "OUT is no operand of the 1 instruction", 26),
    ("before setp { m.save(IN3); }", "IN3 is no operand of the 1 instruction", 22)])
def test_an_operand_no_matched_instruction_has_is_refused(probe, read, col, target):
    """vector_add's one store has no destination and its one compare (`v_cmp_gt_u32_e32 vcc,
    s4, v0`) two sources: OUT and IN3 there read 0; now the probe is refused at the read, as
    on PTX, naming the instruction."""
    c = CASES["vector_add"]
    text = f"map m[thread]: record(1) {{ u64 a; }}\n{probe}\n"
    with pytest.raises(SourceError) as err:
        instrument(parse_gcn(_text(c.file, target), f"{c.file}.{target}.s"),
                   load(text, "case.probe"), kernels="^vector_add$")
    assert (err.value.file, err.value.line, err.value.col) == ("case.probe", 2, col)
    assert read in err.value.message


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("read, message, hint", [
    ("IN1", "IN1 cannot be read at `bra.execz` (in vector_add, {path}:{line}): the operand is the "
            "label .LBB0_2, which has no value", "read IN1 where the operand is a register"),
    ("IN2", "IN2 is no operand of the 1 instruction probe 0 (before bra) matches: none has a "
            "second source (`bra.execz` in vector_add, {path}:{line})",
     "OUT is an instruction's first")])
def test_in_of_a_label_is_refused_where_no_matched_instruction_has_a_value(read, message, hint,
                                                                            target):
    """IN1 of vector_add's one branch, `s_cbranch_execz .LBB0_2`, read 0: a label has no value.
    It is now refused at the read as on PTX, naming the label; IN2, which the branch does not
    have, is refused as an absent operand."""
    c = CASES["vector_add"]
    path = f"{c.file}.{target}.s"
    line = next(s.line for s in _own(parse_gcn(_text(c.file, target), path), "vector_add")
                if isinstance(s, Instruction) and s.opcode == "s_cbranch_execz")
    with pytest.raises(SourceError) as err:
        instrument(parse_gcn(_text(c.file, target), path),
                   load(f"map m[thread]: record(1) {{ u64 a; }}\nbefore bra {{ m.save({read}); }}\n",
                        "case.probe"), kernels="^vector_add$")
    e = err.value
    assert (e.file, e.line, e.col) == ("case.probe", 2, 21)
    assert e.message == message.format(path=path, line=line)
    assert f"hint: {hint}" in str(e) and "before bra { m.save(" in str(e)


@pytest.mark.parametrize("target", TARGETS)
def test_in_of_a_label_reads_zero_where_other_matched_instructions_have_a_value(target):
    """`before bra, add.u32` reads IN1 at vector_add's branch and at its `v_add_u32_e32 v0, s6,
    v0` (s6: the block's first thread, 48 per block): the add's IN1 is that in every thread, and
    the branch's 0 in every thread that runs it (i < n), as an operand a matched instruction
    lacks reads (probes/README.md): the label does not refuse the probe, as it does alone."""
    c = CASES["vector_add"]
    base = original(target, "vector_add")
    code = base.instructions
    branch = next(pc for pc, s in enumerate(code) if s.opcode == "s_cbranch_execz")
    add = next(pc for pc, s in enumerate(code) if s.opcode == "v_add_u32_e32")
    run = simulate_instrumented(_text(c.file, target), f"{c.file}.{target}.s", "vector_add",
                                c.grid, c.block, c.args,
                                load("map m[thread]: record(8) { u32 pc; u64 a; }\n"
                                     "before bra, add.u32 { m.save(PC, IN1); }\n", "case.probe"))
    got = sorted((int(r["unit"]), int(r["pc"]), int(r["a"])) for r in run.maps["m"]
                 if int(r["pc"]) in (branch, add))
    threads, n = c.grid[0] * c.block[0], c.args[-1]         # the branch runs in threads < n
    assert got == sorted([(t, add, 48 * (t // 48)) for t in range(threads)]
                         + [(t, branch, 0) for t in range(n)])
    check_unchanged(base, run)
