"""Static bounds of counter registers (`splice.bounds`) and how fields pack into 32-bit warp sums
(`splice.lower.pack`); the simulator checks the flushed sums (test_splice_simulated.py)."""
from __future__ import annotations

from neutrino_py import ops
from neutrino_py.ops import Imm, Reg, Src
from neutrino_py.splice.bounds import counter_bounds
from neutrino_py.splice.lower import pack

A, B = Reg("u64", 0), Reg("u32", 0)
COUNTERS = {"a": A, "b": B}
ZERO = [ops.Move(A, Imm(0, "u64")), ops.Move(B, Imm(0, "u32"))]


def add(reg: Reg, value) -> ops.Binary:
    return ops.Binary(reg, "add", reg, value if not isinstance(value, int) else Imm(value, reg.type))


def guarded(*stmts) -> ops.If:
    return ops.If(Src("%p1", "pred"), tuple(stmts))


# a diamond: 0 -> 1 | 2 -> 3
DIAMOND = [[1, 2], [3], [3], []]


def test_a_diamond_bounds_each_counter_by_its_heaviest_path():
    sites = [(0, [add(A, 4)]), (1, [guarded(add(A, 16)), add(B, 1)]), (2, [add(A, 8), add(B, 2)]),
             (3, [add(A, 4)])]
    assert counter_bounds(COUNTERS, ZERO + [add(B, 5)], sites, DIAMOND) == {"a": 24, "b": 7}


def test_adds_in_a_cycle_have_no_bound_and_cycles_without_adds_do_not_matter():
    loop = [[1], [1, 2], [3], [2]]              # block 1 loops on itself, 2 and 3 loop together
    assert counter_bounds(COUNTERS, ZERO, [(0, [add(A, 4)]), (1, [add(B, 1)])], loop) == {"a": 4}
    assert counter_bounds(COUNTERS, ZERO, [(0, [add(A, 4)]), (3, [add(B, 1)])], loop) == {"a": 4}


def test_other_writes_unknown_places_and_unknown_jumps_leave_no_bound():
    value = Reg("u64", 7)
    assert counter_bounds(COUNTERS, ZERO, [(0, [add(A, value)]), (1, [add(B, 1)])],
                          DIAMOND) == {"b": 1}
    # any other statement naming the register, even one that only reads it, ends its bound
    assert counter_bounds(COUNTERS, ZERO, [(0, [ops.Convert(value, A)])], DIAMOND) == {"b": 0}
    assert counter_bounds(COUNTERS, ZERO, [(0, [ops.Move(A, value)])], DIAMOND) == {"b": 0}
    assert counter_bounds(COUNTERS, ZERO, [(None, [add(A, 4)])], DIAMOND) == {"b": 0}
    assert counter_bounds(COUNTERS, ZERO, [(0, [add(A, 4)])], None) == {"b": 0}
    assert counter_bounds(COUNTERS, ZERO + [add(A, 3)], [], None) == {"a": 3, "b": 0}


def test_fields_pack_while_their_warp_sums_fit_32_bits():
    # 32 * 8 = 256 needs 9 bits, 32 * 4 = 128 needs 8: one word
    assert pack([8, 4, None]) == [[(0, 0, 9), (1, 9, 8)]]
    # 32 * (2**27 - 1) fits 32 bits alone; 32 * 2**27 does not, nor does a field without a bound
    assert pack([2 ** 27 - 1]) == [[(0, 0, 32)]]
    assert pack([2 ** 27, None, 0]) == []
    # 16 + 16 bits share a word; 16 + 17 do not (the later field opens a word, a smaller one
    # still joins the first)
    assert pack([2047, 2047]) == [[(0, 0, 16), (1, 16, 16)]]
    assert pack([2047, 4095, 1]) == [[(0, 0, 16), (2, 16, 6)], [(1, 0, 17)]]
