"""Instruction families of the GCN wave simulator (tests/gcn_wave.py), one snippet each, against
values worked out by hand from the CDNA2/CDNA3 ISA: float constants in integer operations,
scalar bit counts, float classes, min3/max3/med3, 16-bit and packed (VOP3P) math, f64 ops, the
division macro (div_scale / div_fmas / div_fixup), dot products and SADs, calls through
s_getpc/s_swappc/s_setpc and data sections, flat apertures, per-lane private memory (scratch_*
and the swizzled private segment buffer), buffer resources, MFMA layouts, and waves taking
turns (a spin lock between two waves)."""
from __future__ import annotations

import struct

import numpy as np
import pytest

from gcn_wave import (ADD_TID, LANES, M32, M64, QUANTUM, SCRATCH_BASE, Lds, Simulator, StepLimit, Unknown,
                      Wave)
from neutrino_py.asm.gcn import Instruction
from neutrino_py.asm.gcn_parse import parse_gcn
from sim_memory import Memory

LANE = np.arange(LANES, dtype=np.uint64)


def fbits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


def dbits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def simulator(text: str, memory: Memory | None = None, target: str = "gfx942") -> Simulator:
    """A simulator of a snippet (ending at s_endpgm) whose every instruction is the kernel's own."""
    module = parse_gcn(text.strip("\n") + "\n\ts_endpgm\n")
    sim = Simulator.__new__(Simulator)
    sim.load(module, memory or Memory())
    sim.got, sim.events, sim.executed = {}, [], set()
    sim.user = {id(st): n for n, st in enumerate(x for x in sim.code if isinstance(x, Instruction))}
    sim.max_steps, sim.steps_taken, sim.mcpu = 10_000, 0, target
    return sim


def wave(index: int = 0, s: dict | None = None, v: dict | None = None, exec_: int = M64) -> Wave:
    """A wave with `s` {sgpr: value} and `v` {vgpr: per-lane values or one value}."""
    w = Wave(index, (index, 0, 0), index, LANES)
    w.exec = exec_
    for k, value in (s or {}).items():
        w.s[k] = value & M32
    for k, value in (v or {}).items():
        w.v[k] = np.asarray(value, dtype=np.uint64) & np.uint64(M32) if np.ndim(value) else value & M32
    return w


def run(text: str, s: dict | None = None, v: dict | None = None, exec_: int = M64,
        memory: Memory | None = None, lds_bytes: int = 256, target: str = "gfx942"):
    """Runs a snippet (ending at s_endpgm) on one wave. Returns the wave, the simulator and the LDS."""
    sim, w, lds = simulator(text, memory, target), wave(0, s, v, exec_), Lds(lds_bytes)
    for _ in sim.steps(w, lds):
        pass
    return w, sim, lds


def v64(w: Wave, k: int) -> np.ndarray:
    return w.v[k] | (w.v[k + 1] << np.uint64(32))


# ------------------------------------------------------------------ scalar and integer operands

def test_a_float_inline_constant_in_an_integer_operation_is_its_bit_pattern():
    w, *_ = run("""
\tv_add_u32_e32 v1, 1.0, v0
\ts_mov_b32 s0, -2.0
\ts_mov_b64 s[2:3], 0.5
\ts_and_b32 s4, 2.0, s5""", s={5: 0xffffffff}, v={0: 1})
    assert int(w.v[1][0]) == 0x3f800001
    assert w.s[0] == 0xc0000000
    assert (w.s[2], w.s[3]) == (0, 0x3fe00000)
    assert w.s[4] == 0x40000000


@pytest.mark.parametrize("x, want", [(0x40000000, 1), (0xffff0000, 16), (0x0fffffff, 4), (1, 31),
                                     (0x80000000, 1), (0, M32), (M32, M32)])
def test_s_flbit_i32_counts_the_bits_equal_to_the_sign(x, want):
    w, *_ = run("\ts_flbit_i32 s1, s0\n\tv_ffbh_i32_e32 v1, s0", s={0: x})
    assert w.s[1] == want and int(w.v[1][0]) == want


def test_v_cmp_class_picks_ieee_classes():
    values = [float("nan"), float("-inf"), -1.0, -1e-40, -0.0, 0.0, 1e-40, 1.0, float("inf")]
    lanes = [fbits(x) for x in values] + [0] * (LANES - len(values))
    # mask: quiet NaN (1), -denormal (4), +0 (6), +inf (9)
    w, *_ = run("\tv_cmp_class_f32_e64 s[0:1], v0, v1", v={0: lanes, 1: (1 << 1) | (1 << 4) | (1 << 6) | (1 << 9)})
    got = w.s[0] | w.s[1] << 32
    assert [i for i in range(len(values)) if got >> i & 1] == [0, 3, 5, 8]


def test_three_operand_min_max_median():
    w, *_ = run("""
\tv_max3_f32 v3, v0, v1, v2
\tv_min3_i32 v4, v0, v1, v2
\tv_med3_u32 v5, v0, v1, v2
\tv_min3_f32 v6, v0, v1, v2""", v={0: fbits(2.0), 1: fbits(-3.0), 2: fbits(0.5)})
    assert int(w.v[3][0]) == fbits(2.0)
    assert int(w.v[4][0]) == fbits(-3.0)                  # as i32, -3.0's pattern is the least
    assert int(w.v[5][0]) == fbits(2.0)                   # unsigned: 0x3f000000 < 0x40000000 < 0xc0400000
    assert int(w.v[6][0]) == fbits(-3.0)


# ------------------------------------------------------------------ 16-bit and packed

def test_16_bit_integer_ops_wrap_and_clear_the_high_half():
    w, *_ = run("""
\tv_add_u16_e32 v2, 2, v0
\tv_mul_lo_u16_e32 v3, 3, v1
\tv_lshrrev_b16_e32 v4, 2, v1
\tv_sub_u16_e32 v5, 1, v1
\tv_add_u16_sdwa v6, v1, v0 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:DWORD""",
                  v={0: 0xabcdffff, 1: 0x00018001})
    assert int(w.v[2][0]) == 0x0001                       # 0xffff + 2
    assert int(w.v[3][0]) == (0x8001 * 3) & 0xffff        # 0x8003
    assert int(w.v[4][0]) == 0x2000
    assert int(w.v[5][0]) == (1 - 0x8001) & 0xffff        # 0x8000
    assert int(w.v[6][0]) == (0x80 + 0xffff) & 0xffff     # byte 1 of v1 plus v0's low half


def test_packed_f32_with_op_sel_and_negation():
    w, *_ = run("""
\tv_pk_mul_f32 v[4:5], s[8:9], v[0:1] op_sel_hi:[0,1]
\tv_pk_add_f32 v[6:7], v[0:1], v[2:3] neg_lo:[0,1] neg_hi:[0,1]
\tv_pk_fma_f32 v[8:9], v[0:1], v[2:3], v[0:1] op_sel:[1,0,0] op_sel_hi:[0,1,1]""",
                  s={8: fbits(3.0), 9: fbits(5.0)},
                  v={0: fbits(1.5), 1: fbits(-2.0), 2: fbits(0.25), 3: fbits(4.0)})
    f = lambda k: struct.unpack("<f", struct.pack("<I", int(w.v[k][0])))[0]   # noqa: E731
    assert (f(4), f(5)) == (4.5, -6.0)                    # both halves take s8 (op_sel_hi 0)
    assert (f(6), f(7)) == (1.25, -6.0)
    assert (f(8), f(9)) == (-2.0 * 0.25 + 1.5, 1.5 * 4.0 - 2.0)   # lo: src0's high; hi: src0's low


def test_packed_16_bit_ops_and_a_constant_in_the_low_half():
    half = lambda x: int(np.float16(x).view(np.uint16))   # noqa: E731
    w, *_ = run("""
\tv_pk_fma_f16 v2, v0, v0, 0.5 op_sel_hi:[1,1,0]
\tv_pk_mul_lo_u16 v3, v1, s2
\tv_pk_max_f16 v4, v0, 0""", s={2: 0x00030002}, v={0: half(-3.0) << 16 | half(1.5), 1: 0x8001_0010})
    assert int(w.v[2][0]) == half(9.5) << 16 | half(2.75)
    assert int(w.v[3][0]) == ((0x8001 * 3) & 0xffff) << 16 | 0x20
    assert int(w.v[4][0]) == half(1.5)


# ------------------------------------------------------------------ f64 and division

def test_f64_min_max_trunc_frexp():
    w, *_ = run("""
\tv_max_f64 v[4:5], v[0:1], v[2:3]
\tv_trunc_f64_e32 v[6:7], v[2:3]
\tv_frexp_mant_f64_e32 v[8:9], v[2:3]
\tv_frexp_exp_i32_f64_e32 v10, v[2:3]
\tv_cvt_i32_f64_e32 v11, v[2:3]""", v={0: dbits(-7.0) & M32, 1: dbits(-7.0) >> 32, 2: dbits(-6.75) & M32,
                                      3: dbits(-6.75) >> 32})
    assert int(v64(w, 4)[0]) == dbits(-6.75)
    assert int(v64(w, 6)[0]) == dbits(-6.0)
    assert int(v64(w, 8)[0]) == dbits(-0.84375)           # -6.75 = -0.84375 * 2**3
    assert int(w.v[10][0]) == 3 and int(w.v[11][0]) == (-6) & M32


F32_DIV = """
\tv_div_scale_f32 v5, s[0:1], v2, v2, v4
\tv_rcp_f32_e32 v9, v5
\tv_div_scale_f32 v6, vcc, v4, v2, v4
\tv_fma_f32 v11, -v5, v9, 1.0
\tv_fmac_f32_e32 v9, v11, v9
\tv_mul_f32_e32 v13, v6, v9
\tv_fma_f32 v16, -v5, v13, v6
\tv_fmac_f32_e32 v13, v16, v9
\tv_fma_f32 v5, -v5, v13, v6
\tv_div_fmas_f32 v5, v5, v9, v13
\tv_div_fixup_f32 v0, v5, v2, v4"""


def test_the_f32_division_macro_gives_the_rounded_quotient_and_its_special_cases():
    num = [1.0, 7.0, 2.0, 1e-30, 3.0, 0.0, 5.0, -1.0, 3e38, 1e-30, 1e-38, 1e30] * 5 + [1.0] * 4
    den = [3.0, 3.0, 7.0, 3.0, 0.0, 0.0, float("inf"), 1e-3, 1e-3, 1e10, 3.0, 1e-9] * 5 + [3.0] * 4
    w, *_ = run(F32_DIV, v={4: [fbits(x) for x in num], 2: [fbits(x) for x in den]})
    got = w.v[0].astype(np.uint32).view(np.float32)
    with np.errstate(all="ignore"):
        want = np.float32(num) / np.float32(den)
    assert np.array_equal(got, want, equal_nan=True)


def test_div_scale_flags_and_scales():
    # 0 as denominator: NaN; a numerator with exponent field <= 23: scaled by 2**64 (no flag)
    tiny = 2.0 ** -120
    w, *_ = run("""
\tv_div_scale_f32 v3, s[0:1], v0, v1, v0
\tv_div_scale_f32 v4, s[2:3], v1, v1, v0""", v={0: [fbits(tiny)] + [fbits(1.0)] * 63,
                                               1: [fbits(1.0), fbits(0.0)] + [fbits(2.0)] * 62})
    out = w.v[3].astype(np.uint32).view(np.float32)
    assert out[0] == np.float32(tiny * 2.0 ** 64) and np.isnan(out[1]) and out[2] == 1.0
    assert w.s[0] == 0 and w.s[1] == 0 and w.s[2] == 0


def test_the_f64_division_macro_gives_the_rounded_quotient():
    num = [1.0, 10.0, -2.5, 1e300, 1e-300, 7.0, 0.1, 3.0] * 8
    den = [3.0, 7.0, 1e-5, 3e-10, 1e10, 7.0, 0.3, -0.0] * 8
    text = """
\tv_div_scale_f64 v[4:5], s[0:1], v[2:3], v[2:3], v[0:1]
\tv_rcp_f64_e32 v[6:7], v[4:5]
\tv_div_scale_f64 v[8:9], vcc, v[0:1], v[2:3], v[0:1]
\tv_fma_f64 v[10:11], -v[4:5], v[6:7], 1.0
\tv_fmac_f64_e32 v[6:7], v[6:7], v[10:11]
\tv_fma_f64 v[10:11], -v[4:5], v[6:7], 1.0
\tv_fmac_f64_e32 v[6:7], v[6:7], v[10:11]
\tv_mul_f64 v[10:11], v[8:9], v[6:7]
\tv_fma_f64 v[4:5], -v[4:5], v[10:11], v[8:9]
\tv_div_fmas_f64 v[4:5], v[4:5], v[6:7], v[10:11]
\tv_div_fixup_f64 v[0:1], v[4:5], v[2:3], v[0:1]"""
    n, d = np.array(num), np.array(den)
    w, *_ = run(text, v={0: n.view(np.uint64) & np.uint64(M32), 1: n.view(np.uint64) >> np.uint64(32),
                         2: d.view(np.uint64) & np.uint64(M32), 3: d.view(np.uint64) >> np.uint64(32)})
    with np.errstate(all="ignore"):
        assert np.array_equal(v64(w, 0).view(np.float64), n / d)


# ------------------------------------------------------------------ dot products, SAD

def test_dot4_and_sums_of_absolute_differences():
    a, b = 0x80_ff_02_03, 0x02_05_ff_04             # signed bytes: (-128, -1, 2, 3) . (2, 5, -1, 4)
    w, *_ = run("""
\tv_dot4c_i32_i8_e32 v2, v0, v1
\tv_sad_u8 v3, v0, v1, 10
\tv_msad_u8 v4, v0, v5, 0
\tv_dot4_u32_u8 v6, v0, v1, v7 clamp""", v={0: a, 1: b, 2: 100, 5: 0x00_00_00_01, 7: 0xfffffff0})
    assert int(w.v[2][0]) == (100 + (-128 * 2) + (-1 * 5) + (2 * -1) + 3 * 4) & M32
    assert int(w.v[3][0]) == 10 + (0x80 - 2) + (0xff - 5) + (0xff - 2) + (4 - 3)
    assert int(w.v[4][0]) == 3 - 1                   # only byte 0 of the reference is non-zero
    assert int(w.v[6][0]) == M32                      # saturates


def test_ds_append_adds_the_active_lane_count_and_returns_the_old_value_to_every_lane():
    w, _, lds = run("""
\ts_mov_b32 m0, 16
\tds_append v1
\tds_consume v2 offset:4""", exec_=0xff00ff)
    assert int(w.v[1][0]) == 0 and int(w.v[1][16]) == 0
    assert lds.read(16, 4) == 16 and lds.read(20, 4) == (-16) & M32


# ------------------------------------------------------------------ calls and data

def test_a_call_through_s_getpc_rel32_and_s_swappc_returns_with_s_setpc():
    w, *_ = run("""
\ts_getpc_b64 s[4:5]
\ts_add_u32 s4, s4, twice@rel32@lo+4
\ts_addc_u32 s5, s5, twice@rel32@hi+12
\ts_swappc_b64 s[30:31], s[4:5]
\tv_add_u32_e32 v0, 1, v0
\ts_endpgm
twice:
\tv_lshlrev_b32_e32 v0, 1, v0
\ts_setpc_b64 s[30:31]""", v={0: LANE})
    assert np.array_equal(w.v[0], LANE * np.uint64(2) + np.uint64(1))


def test_a_data_table_of_function_pointers_and_words():
    w, sim, _ = run("""
\ts_getpc_b64 s[0:1]
\ts_add_u32 s0, s0, table@rel32@lo+4
\ts_addc_u32 s1, s1, table@rel32@hi+12
\ts_load_dwordx2 s[2:3], s[0:1], 0x0
\ts_load_dword s6, s[0:1], 0x8
\ts_swappc_b64 s[30:31], s[2:3]
\ts_endpgm
negate:
\tv_sub_u32_e32 v0, 0, v0
\ts_setpc_b64 s[30:31]
\t.section .rodata,"a",@progbits
\t.p2align 3
table:
\t.quad negate
\t.long 0x1234
\t.text""", v={0: 5})
    assert int(w.v[0][0]) == (-5) & M32 and w.s[6] == 0x1234


def test_gotpcrel_reads_the_address_from_a_got_slot_and_abs32_is_the_address():
    w, sim, _ = run("""
\ts_getpc_b64 s[0:1]
\ts_add_u32 s0, s0, words@gotpcrel32@lo+4
\ts_addc_u32 s1, s1, words@gotpcrel32@hi+12
\ts_load_dwordx2 s[2:3], s[0:1], 0x0
\ts_load_dword s4, s[2:3], 0x4
\ts_mov_b32 s5, words@abs32@lo
\ts_endpgm
\t.data
words:
\t.long 7, 9
\t.text""")
    assert w.s[4] == 9 and w.s[5] == sim.data["words"] & M32 and (w.s[2] | w.s[3] << 32) == sim.data["words"]


# ------------------------------------------------------------------ flat, private, buffer

def test_flat_addresses_land_in_global_lds_or_private_memory_by_aperture():
    mem = Memory()
    buf = mem.alloc(bytes(256))
    lane_off = LANE * np.uint64(4)
    w, sim, lds = run("""
\ts_mov_b64 s[0:1], src_shared_base
\ts_mov_b64 s[2:3], src_private_base
\tv_mov_b32_e32 v3, s1
\tflat_store_dword v[2:3], v0
\tv_mov_b32_e32 v3, s3
\tflat_store_dword v[2:3], v1
\tflat_load_dword v6, v[2:3]
\tscratch_load_dword v7, v2, off
\tds_read_b32 v8, v2
\tv_mov_b32_e32 v4, s4
\tv_mov_b32_e32 v5, s5
\tflat_store_dword v[4:5], v6 offset:8""", s={4: buf & M32, 5: buf >> 32},
                      v={0: LANE + np.uint64(100), 1: LANE + np.uint64(200), 2: lane_off}, exec_=0xf,
                      memory=mem)
    assert [int(x) for x in w.v[6][:4]] == [200, 201, 202, 203]           # private, per lane
    assert [int(x) for x in w.v[7][:4]] == [200, 201, 202, 203]
    assert [int(x) for x in w.v[8][:4]] == [100, 101, 102, 103]           # LDS
    assert mem.read(buf + 8, 4) == 203                                     # global: lanes in order, the last wins


def test_private_memory_is_per_lane_and_the_same_through_the_swizzled_segment_buffer():
    desc = SCRATCH_BASE | M32 << 64 | ADD_TID << 96
    w, *_ = run("""
\tv_mov_b32_e32 v1, 8
\tscratch_store_dword v1, v0, off
\tbuffer_load_dword v2, off, s[0:3], s4
\tbuffer_store_dword v0, off, s[0:3], 0 offset:20
\tscratch_load_dword v3, off, off offset:20
\tscratch_store_dwordx4 off, v[4:7], off offset:32
\tv_mov_b32_e32 v8, 44
\tbuffer_load_dword v9, v8, s[0:3], 0 offen""",
                  s={0: desc & M32, 1: desc >> 32 & M32, 2: desc >> 64 & M32, 3: desc >> 96, 4: 8 * 64},
                  v={0: LANE * np.uint64(3), 4: 1, 5: 2, 6: 3, 7: LANE})
    assert np.array_equal(w.v[2], LANE * np.uint64(3))     # soffset 512 = 8 bytes per lane
    assert np.array_equal(w.v[3], LANE * np.uint64(3))
    assert np.array_equal(w.v[9], LANE)                    # the x4 store's last dword, per lane


def test_buffer_resources_check_their_range():
    mem = Memory()
    buf = mem.alloc(bytes(range(64)))
    desc = buf | 16 << 64                                   # stride 0, 16 bytes in range
    w, *_ = run("""
\tv_lshlrev_b32_e32 v1, 2, v0
\tbuffer_load_dword v2, v1, s[0:3], 0 offen
\tbuffer_store_dword v3, v1, s[0:3], s4 offen
\tbuffer_load_dword v4, v1, s[0:3], 0 offen offset:4""",
                  s={0: desc & M32, 1: desc >> 32 & M32, 2: 16, 3: 0, 4: 0},
                  v={0: LANE, 3: 0xdeadbeef}, exec_=0xff, memory=mem)
    word = lambda k: int.from_bytes(bytes(range(4 * k, 4 * k + 4)), "little")   # noqa: E731
    assert [int(x) for x in w.v[2][:6]] == [word(0), word(1), word(2), word(3), 0, 0]
    assert [mem.read(buf + 4 * k, 4) for k in range(6)] == [0xdeadbeef] * 4 + [word(4), word(5)]
    assert [int(x) for x in w.v[4][:5]] == [0xdeadbeef] * 3 + [0, 0]


def test_structured_buffer_index_times_stride():
    mem = Memory()
    buf = mem.alloc(bytes(range(128)))
    desc = buf | 8 << 48 | 4 << 64                        # stride 8, 4 records
    w, *_ = run("\tbuffer_load_dword v1, v0, s[0:3], 0 idxen offset:4",
                s={0: desc & M32, 1: desc >> 32 & M32, 2: 4, 3: 0}, v={0: LANE}, exec_=0x3f, memory=mem)
    word = lambda a: int.from_bytes(bytes(range(a, a + 4)), "little")   # noqa: E731
    assert [int(x) for x in w.v[1][:6]] == [word(8 * i + 4) for i in range(4)] + [0, 0]


# ------------------------------------------------------------------ MFMA

def f32s(x) -> np.ndarray:
    return np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)


def test_mfma_4x4x1_16_blocks_and_the_a_broadcast():
    """D[b][i][j] = A_b[i] B_b[j]; A[i] of block b in lane i + 4 b, B[j] in lane j + 4 b, D in
    lane j + 4 b, register i. CBSZ 2 / ABID 1: blocks 4 g .. 4 g + 3 all use block 4 g + 1's A."""
    a = LANE.astype(np.float32)                        # A_b[i] = i + 4 b
    w, *_ = run("""
\tv_mfma_f32_4x4x1_16b_f32 v[4:7], v0, v1, 0
\tv_mfma_f32_4x4x1_16b_f32 v[8:11], v0, v1, 0 cbsz:2 abid:1""", v={0: f32s(a), 1: f32s(np.ones(LANES))})
    for lane in range(LANES):
        b = lane // 4
        for i in range(4):
            assert float(np.uint32(w.v[4 + i][lane]).view(np.float32)) == i + 4 * b
            assert float(np.uint32(w.v[8 + i][lane]).view(np.float32)) == i + 4 * (b // 4 * 4 + 1)


def test_mfma_32x32x1_2_blocks_layout():
    """A[i] of block b in lane i + 32 b, B[j] in lane j + 32 b; D[i][j] of block b in lane
    j + 32 ((i / 4) % 2), register 16 b + 4 (i / 8) + i % 4."""
    w, *_ = run("\tv_mfma_f32_32x32x1_2b_f32 v[2:33], v0, v1, 0",
                v={0: f32s(LANE % np.uint64(32) + LANE // np.uint64(32) * np.uint64(100)),
                   1: f32s(LANE % np.uint64(32))})
    f = lambda r, lane: float(np.uint32(w.v[2 + r][lane]).view(np.float32))   # noqa: E731
    for b, i, j in ((0, 5, 7), (1, 30, 2), (1, 0, 31), (0, 12, 12)):
        lane, reg = j + 32 * ((i // 4) % 2), 16 * b + 4 * (i // 8) + i % 4
        assert f(reg, lane) == (i + 100 * b) * j


def test_mfma_i8_and_f64_layouts():
    # i32 4x4x4 (16 blocks): A[i][k] is byte k of lane i + 4 b; all bytes -1 and 2: D = 4 * -2
    w, *_ = run("""
\tv_mfma_i32_4x4x4_16b_i8 v[4:7], v0, v1, v[4:7]
\tv_mfma_f64_4x4x4_4b_f64 v[8:9], v[2:3], v[2:3], 0""", v={0: 0xffffffff, 1: 0x02020202, 4: 5, 5: 5, 6: 5, 7: 5,
                                                          2: dbits(1.5) & M32, 3: dbits(1.5) >> 32})
    assert all(int(w.v[4 + r][lane]) == (5 - 8) & M32 for r in range(4) for lane in range(LANES))
    assert np.all(v64(w, 8).view(np.float64) == 4 * 1.5 * 1.5)


def test_an_mfma_the_simulator_lacks_is_an_error():
    with pytest.raises(Unknown):
        run("\tv_mfma_f32_32x32x4_xf32 v[0:15], v[0:1], v[2:3], 0")


# ------------------------------------------------------------------ scheduling

SPIN = """
\ts_cmp_eq_u32 s4, 0
\ts_cbranch_scc0 .Lrelease
.Lwait:
\ts_load_dword s5, s[0:1], 0x0 glc
\ts_waitcnt lgkmcnt(0)
\t{wait}
\ts_cmp_eq_u32 s5, 0
\ts_cbranch_scc1 .Lwait
\tv_mov_b32_e32 v1, 2
\tglobal_store_dword v0, v1, s[0:1] offset:4
\ts_endpgm
.Lrelease:
\tv_mov_b32_e32 v1, 1
\tglobal_store_dword v0, v1, s[0:1]"""


@pytest.mark.parametrize("wait, issued", [("s_nop 0", QUANTUM + 11), ("s_sleep 1", 15)])
def test_a_wave_spinning_on_a_flag_a_later_wave_sets_finishes_round_robin(wait, issued):
    """Wave 0 spins until wave 1 stores a flag, then stores 2 next to it. Run one after the
    other, wave 0 never ends; round-robin, it gives wave 1 its turn after QUANTUM of its own
    instructions (2 + 12 loops of 5 + a load and a wait; that loop ends on the 0 it loaded: 3,
    then a loop that sees 1 and the end: 8) or at its first s_sleep (5; then the loop's end on
    the 0 it loaded, 2, a loop that sees 1, 5, and the end, 3)."""
    memory = Memory()
    flag = memory.alloc(bytes(8))
    sim = simulator(SPIN.format(wait=wait), memory)
    waves = [wave(n, s={0: flag, 1: flag >> 32, 4: n}, v={0: 0}, exec_=1) for n in (0, 1)]
    with pytest.raises(StepLimit):
        for _ in sim.steps(waves[0], Lds(0)):
            pass
    sim = simulator(SPIN.format(wait=wait), memory)
    waves = [wave(n, s={0: flag, 1: flag >> 32, 4: n}, v={0: 0}, exec_=1) for n in (0, 1)]
    sim.schedule([(n, sim.steps(w, Lds(0))) for n, w in enumerate(waves)])
    assert all(w.done for w in waves) and memory.bytes(flag) == struct.pack("<II", 1, 2)
    assert waves[0].issued == issued and waves[1].issued == 5
