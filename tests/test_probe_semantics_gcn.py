"""What probes compute on AMD, checked differentially: the probes tests/test_probe_semantics.py
draws (the same text for the same kernel and case: `GCN_SITES` has its sites' texts in its
order) are spliced into the GCN kernels of the same names (tests/corpus_gcn/kernels.hip:
vector_add, saxpy's grid-stride loop, reduce_sum's LDS tree with barriers) and run in the wave
simulator (tests/gcn_wave.py); the maps must hold what the same reference of the language's
semantics computes, field by field.

A wave64 is two 32-lane warps to the language (laneid() is the lane modulo 32, warpid()
threadid() / 32, activemask() the half of EXEC of the lane's warp, a [warp] unit one half), so
each wave's events are split into its halves and read by the reference as warps. smid() is the
simulator's HW_ID CU field (the block modulo 7), with the XCC (the block modulo 2) above it on
gfx942. An exit probe runs on every lane the wave started with (the lanes of EXEC at
`s_endpgm` may be fewer). Operands: ADDR a global access's address, an LDS access's offset;
BYTES its width; IN1, IN2 the raw bits of the sources after the instruction's destinations (a
carry-out's VCC is one; a 32-bit register zero-extended, a pair whole); OUT the destination's
after it. Cases alternate between gfx90a and gfx942. Not covered: what test_probe_semantics.py
leaves out, and scalar memory sites (probes there run once per wave).
"""
from __future__ import annotations

import copy
import math
from collections import defaultdict
from functools import lru_cache
from typing import Callable

import numpy as np
import pytest

from gcn_wave import LANES, Simulator
from test_gcn_simulated import CASES as GCN_CASES, _text, simulate_instrumented
from test_probe_semantics import SITES, SM_IDS, Isa, Reference, Site, case_probe, compare, key
from neutrino_py.asm.gcn import GcnModule, Imm, Instruction, Register
from neutrino_py.asm.gcn_parse import parse_gcn
from neutrino_py.asm.ptx_isa import opcode_id
from neutrino_py.errors import SourceError
from neutrino_py.probe import load

TARGETS = ("gfx90a", "gfx942")
# what each site of SITES matches among GCN instructions, by its text
MATCHES = {
    "entry": lambda op: False,
    "exit": lambda op: op == "s_endpgm",
    "before ld.global": lambda op: op.startswith("global_load"),
    "after ld.global": lambda op: op.startswith("global_load"),
    "before st.global": lambda op: op.startswith("global_store"),
    "before ld.global, st.global": lambda op: op.startswith(("global_load", "global_store")),
    "before ld.shared, st.shared": lambda op: op.startswith(("ds_read", "ds_write")),
    "before @bra": lambda op: op.startswith("s_cbranch_"),
    "after add*": lambda op: op.startswith(("v_add", "s_add")),         # addc too
    "before setp": lambda op: op.startswith(("v_cmp_", "s_cmp_")),
}
GCN_SITES = [Site(s.text, s.operands, s.when, lambda ins, m=MATCHES[s.text]: m(ins.opcode))
             for s in SITES]
# the base opcode a GCN instruction's OPCODE names (a PTX one: ptx_isa.opcode_id)
BASES = {"load": "ld", "read": "ld", "store": "st", "write": "st", "add": "add", "addc": "addc",
         "cmp": "setp", "cbranch": "bra", "endpgm": "exit"}
WIDTHS = {"dword": 4, "dwordx2": 8, "dwordx4": 16, "b32": 4, "b64": 8}


def _smid(target: str):
    return lambda blin: blin % SM_IDS | (blin % 2 << 8 if target == "gfx942" else 0)


def isa(target: str) -> Isa:
    return Isa(lambda s: WIDTHS.get(s.opcode.rsplit("_", 1)[1], 0),
               lambda s: opcode_id(BASES.get(s.opcode.split("_")[1], "")), _smid(target))


def _destinations(op: str) -> int:
    """Leading operands an instruction of these kernels writes (a VOPC e32 form's VCC and a
    carry-out among them)."""
    if op.startswith(("s_cmp", "s_cbranch", "global_store", "ds_write", "s_endpgm")):
        return 0
    return 2 if "_co_" in op else 1


class Watched(Simulator):
    """The wave simulator, also keeping every instruction of the kernel each wave ran: its
    index, the lanes that ran it (every lane the wave started with at `s_endpgm`), each lane's
    operands (ADDR, IN1, IN2 before it runs, OUT after) and the lanes that reached it: EXEC as
    the kernel's instruction before it left it (the exit code before `s_endpgm` sets it to
    every lane)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.ran: dict[tuple[int, int], list] = defaultdict(list)   # (block, wave) -> events
        self.left: dict[tuple[int, int], int] = {}      # (block, wave) -> EXEC after its last

    def raw(self, w, op) -> np.ndarray:
        if isinstance(op, Register) and op.file in ("v", "s"):
            n = min(op.count, 2)
            if op.file == "v":
                return sum(w.v[op.first + k].copy() << np.uint64(32 * k) for k in range(n))
            return np.full(LANES, self.sread(w, op, n), np.uint64)
        if isinstance(op, Register) and op.file in ("vcc", "exec"):
            return np.full(LANES, w.vcc if op.file == "vcc" else w.exec, np.uint64)
        if isinstance(op, Imm) and isinstance(op.value, int):
            return np.full(LANES, op.value % (1 << 64), np.uint64)
        return np.zeros(LANES, np.uint64)

    def execute(self, w, s: Instruction, lds, access: list) -> None:
        pc = self.user.get(id(s))
        if pc is None:
            return super().execute(w, s, lds, access)
        n = _destinations(s.opcode)
        ins = [self.raw(w, op) for op in s.operands[n:n + 2]]
        wave = w.wg_linear, w.index
        exec_ = self.left.get(wave, w.exec)
        run = (1 << w.lanes) - 1 if s.opcode == "s_endpgm" else w.exec
        super().execute(w, s, lds, access)
        self.left[wave] = w.exec
        out = self.raw(w, s.operands[0]) if n and s.opcode.startswith("global_load") else None
        values = {}
        for lane in range(LANES):
            if run >> lane & 1:
                values[lane] = {f"IN{k + 1}": int(x[lane]) for k, x in enumerate(ins)}
                if out is not None:
                    values[lane]["OUT"] = int(out[lane])
        for lane, addr, _ in access:
            if lane >= 0 and lane in values:
                values[lane]["ADDR"] = addr
        self.ran[wave].append((s, pc, run, values, exec_))


def halves(events: list, half: int) -> list:
    """A wave's events as its 32-lane warp `half` saw them (lanes numbered in the warp), EXEC
    as the lanes the instruction reached."""
    out = []
    for s, pc, run, values, exec_ in events:
        lanes = [lane for lane in range(32 * half, 32 * half + 32) if run >> lane & 1]
        out.append((s, pc, [lane - 32 * half for lane in lanes],
                    {lane - 32 * half: values[lane] for lane in lanes},
                    [lane - 32 * half for lane in range(32 * half, 32 * half + 32)
                     if exec_ >> lane & 1]))
    return out


@lru_cache(maxsize=None)
def parsed(file: str, target: str) -> GcnModule:
    return parse_gcn(_text(file, target), f"{file}.{target}.s")


def check(kernel: str, case: int) -> bool:
    """Run case `case` on `kernel`; False when the checker refused its probe."""
    return differ(kernel, case, case_probe(kernel, case, GCN_SITES))


def differ(kernel: str, case: int, generated: tuple, reference: type[Reference] = Reference,
           check_map: Callable | None = None, sim_type: type[Watched] = Watched,
           cases: dict | None = None) -> bool:
    """Run a generated probe (`Generator.probe`'s) as case `case` on `kernel` (its number picks
    the target) and compare its maps with `reference`'s reading of what the waves ran (as
    `sim_type` keeps it), map by map with `check_map` (`compare` by default); False when the
    checker refused it. `cases`: where the kernel's launch is (test_gcn_simulated's CASES)."""
    target = TARGETS[case % 2]
    text, maps, regs, probes = generated
    c = (cases or GCN_CASES)[kernel]
    try:
        program = load(text, "gen.probe")
        run = simulate_instrumented(_text(c.file, target), f"{c.file}.{target}.s", kernel, c.grid,
                                    c.block, c.args, program, sim_type=sim_type,
                                    module=copy.deepcopy(parsed(c.file, target)))
    except SourceError as err:
        assert err.file == "gen.probe", f"case {case}: {err}\n{text}"
        return False
    ref = reference(maps, regs, probes, c.grid, c.block, isa(target))
    waves = math.ceil(ref.threads / LANES)
    for wave, events in sorted(run.sim.ran.items(), key=lambda kv: kv[0][1]):
        blin, k = wave[0], wave[1] % waves
        for half in range(2):
            if 2 * k + half < ref.warps:
                ref.warp(blin, 2 * k + half, halves(events, half), {})
    where = f"{kernel} case {case} ({target}):\n{text}"
    for m in maps:
        (check_map or compare)(m, run.maps, ref, where)
    return True


CASES = {"vector_add": 40, "saxpy": 20, "reduce_sum": 10}


@pytest.mark.parametrize("kernel", list(CASES))
def test_generated_probes_compute_what_the_language_says_on_gcn(kernel: str):
    checked = sum(check(kernel, case) for case in range(CASES[kernel]))
    assert checked >= CASES[kernel] // 2, f"only {checked} of {CASES[kernel]} probes accepted"


# ------------------------------------------------------------------ bugs the comparison found

def run(text: str, kernel: str = "vector_add", target: str = "gfx942"):
    """The maps of a written probe on a GCN kernel."""
    c = GCN_CASES[kernel]
    return simulate_instrumented(_text(c.file, target), f"{c.file}.{target}.s", kernel, c.grid,
                                 c.block, c.args, load(text, "case.probe")).maps


def lanes(kernel: str = "vector_add") -> list[int]:
    """laneid() of each thread of `kernel`'s launch, in thread order."""
    c = GCN_CASES[kernel]
    return [t % math.prod(c.block) % 32 for t in range(math.prod(c.grid) * math.prod(c.block))]


@pytest.mark.parametrize("target", TARGETS)
def test_a_64_bit_constant_whose_words_are_inline_is_not_an_inline_constant(target):
    """A 64-bit instruction reads an inline constant as a 64-bit value: 0x100000001 was given to
    `v_cmp_gt_i64` and `v_lshlrev_b64` as the inline 1 (each of its words is inline), so every
    lane past 1 was greater than it and it shifted as 1."""
    text = ("map m[thread]: record(1) { u32 gt; u64 shl; }\n"
            "exit { m.save((u32)((s64)laneid() > (s64)0x100000001), "
            "(u64)0x100000001 << (u64)(laneid() & 3)); }\n")
    m = run(text, target=target)["m"]
    assert m["gt"].tolist() == [0] * 96
    assert m["shl"].tolist() == [0x100000001 << (lane & 3) for lane in lanes()]


@pytest.mark.parametrize("target", TARGETS)
def test_shift_amounts_of_the_width_or_more_shift_everything_out(target):
    """A shift amount is clamped as PTX does (probes/README.md): `x << 40` on u32 is 0, and a
    signed `>>` by 40 fills with the sign. GCN's shifts read the amount modulo the width, so
    lane 8's `1 << 32` was 1 and `-2**30 >> 40` was -2**22."""
    text = ("map m[thread]: record(1) { u32 a; u32 b; s32 c; u64 d; u64 e; s64 f; }\n"
            "exit { m.save((u32)1 << (laneid() + 24), (u32)0xffffffff >> (laneid() + 24), "
            "(s32)-1073741824 >> (s32)(laneid() + 24), (u64)1 << (u64)(laneid() + 56), "
            "(u64)0xffffffffffffffff >> (u64)(laneid() + 56), "
            "(s64)-4611686018427387904 >> (s64)(laneid() + 56)); }\n")
    m = run(text, target=target)["m"]
    n = [lane + 24 for lane in lanes()]
    assert m["a"].tolist() == [1 << k & 0xffffffff if k < 32 else 0 for k in n]
    assert m["b"].tolist() == [0xffffffff >> k for k in n]
    assert m["c"].tolist() == [-2**30 >> min(k, 31) for k in n]
    assert m["d"].tolist() == [1 << k + 32 & 2**64 - 1 if k < 32 else 0 for k in n]
    assert m["e"].tolist() == [2**64 - 1 >> k + 32 for k in n]
    assert m["f"].tolist() == [-2**62 >> min(k + 32, 63) for k in n]


@pytest.mark.parametrize("target", TARGETS)
def test_a_64_bit_integer_converts_to_f32_rounding_once(target):
    """`(f32)` of a u64 or s64 rounds once, to nearest: 2**60 + 2**36 + 1 + laneid() is
    2**60 + 2**37 (above the tie); through f64 it rounded to 2**60 + 2**36 first, a tie, and
    then to 2**60."""
    text = ("map m[thread]: record(1) { f32 u; f32 s; f32 n; }\n"
            "exit { m.save((f32)((u64)laneid() + (u64)0x1000001000000001), "
            "(f32)((s64)laneid() + (s64)0x1000001000000001), "
            "(f32)((s64)0 - (s64)laneid() - (s64)0x1000001000000001)); }\n")
    m = run(text, target=target)["m"]
    want = float(2**60 + 2**37)
    assert m["u"].tolist() == m["s"].tolist() == [want] * 96 and m["n"].tolist() == [-want] * 96


@pytest.mark.parametrize("target", TARGETS)
def test_float_division_is_ieee(target):
    """`/` on floats rounds the quotient once, and a division by zero is infinite (0 / 0 NaN), as
    on NVIDIA: the reciprocal and Newton steps gave NaN for x / 0 and for quotients past the f64
    range (1e300 / 1e-10), where an intermediate overflows."""
    text = ("map m[thread]: record(1) { f32 a; f64 b; f64 c; f32 d; }\n"
            "exit { m.save((f32)1.5 / (f32)laneid(), (f64)-2.5 / (f64)laneid(), "
            "(f64)1e300 / ((f64)laneid() * (f64)1e-10 + (f64)1e-10), "
            "(f32)laneid() / (f32)laneid()); }\n")
    m = run(text, target=target)["m"]
    n = np.array(lanes(), np.float64)
    with np.errstate(all="ignore"):
        want = {"a": np.float32(1.5) / n.astype(np.float32), "b": -2.5 / n,
                "c": 1e300 / (n * 1e-10 + 1e-10), "d": n.astype(np.float32) / n.astype(np.float32)}
    for f, w in want.items():
        assert [key((v,)) for v in m[f].tolist()] == [key((float(v),)) for v in w], f


@pytest.mark.parametrize("target", TARGETS)
def test_a_compare_writing_vcc_has_its_sources_as_in1_and_in2(target):
    """IN1 and IN2 are the sources: `v_cmp_gt_u32_e32 vcc, s4, v0` (vector_add's `i < n`)
    names VCC first, its destination, which IN1 was (and s4 IN2)."""
    text = ("map m[thread]: record(1) { u64 a; u64 b; u32 op; }\n"
            "before setp { m.save(IN1, IN2, OPCODE); }\n")
    m = run(text, target=target)["m"]
    assert m["a"].tolist() == [70] * 96 and m["b"].tolist() == list(range(96))
    assert m["op"].tolist() == [opcode_id("setp")] * 96


@pytest.mark.parametrize("target", TARGETS)
def test_a_float_cast_to_a_64_bit_integer_clamps(target):
    """A float cast to u64 or s64 goes toward zero and clamps to the type's range, NaN giving 0:
    the conversion split the value into 32-bit halves and clamped each, so (u64)-5.0 was
    0xfffffffb, (u64)1e300 0xffffffff00000000, (s64)2**63 0x7fffffff00000000."""
    text = ("map m[thread]: record(1) { u64 a; u64 b; u64 c; s64 d; s64 e; s64 f; s64 g; }\n"
            "exit { m.save((u64)((f64)-5.0 - (f64)laneid()), (u64)((f64)1e300 + (f64)laneid()), "
            "(u64)((f32)-1.5 - (f32)laneid()), (s64)((f64)-1e300 - (f64)laneid()), "
            "(s64)((f64)9223372036854775807 + (f64)laneid()), "
            "(s64)((f64)laneid() / (f64)laneid()), (s64)((f64)-5.5 - (f64)laneid())); }\n")
    m = run(text, target=target)["m"]
    n = lanes()
    assert m["a"].tolist() == m["c"].tolist() == [0] * 96
    assert m["b"].tolist() == [2**64 - 1] * 96
    assert m["d"].tolist() == [-2**63] * 96 and m["e"].tolist() == [2**63 - 1] * 96
    assert m["f"].tolist() == [int(lane != 0) for lane in n]
    assert m["g"].tolist() == [-5 - lane for lane in n]


def test_a_carry_out_is_no_source():
    """IN1 and IN2 follow every destination: `v_add_co_u32_e32 v2, vcc, s2, v0` (gfx90a's
    vector_add, adding b's base and 4 i) writes v2 and the carry to VCC, and IN1 was VCC."""
    c = GCN_CASES["vector_add"]
    text = ("map m[thread]: record(8) { u32 pc; u64 a; u64 b; }\n"
            "after add* { m.save(PC, IN1, IN2); }\n")
    run = simulate_instrumented(_text(c.file, "gfx90a"), f"{c.file}.gfx90a.s", "vector_add",
                                c.grid, c.block, c.args, load(text, "case.probe"))
    b = run.buffers[1]
    rows = {(int(r["unit"]), int(r["pc"])): (int(r["a"]), int(r["b"])) for r in run.maps["m"]}
    for i in range(70):
        assert rows[i, 15] == (b & 0xffffffff, 4 * i) and rows[i, 16] == (b >> 32, 0)
