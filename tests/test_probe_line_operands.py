"""Operands at source-line positions, checked differentially: tests/test_probe_positions.py's
generator draws probes at `before`/`after line` ranges of tests/synthetic/positions.ptx that read
IN1, IN2, IN3 (and OUT, after), beside PC and OPCODE, over every kind of instruction a line
holds (moves of special registers, `mad`, `cvta`, `setp`, loads and stores, guarded adds,
guarded branches and `ret`), and the maps must hold what the same reference computes from the
simulator's state at each instruction:

- INk is the k-th operand the instruction reads, raw bits zero-extended to u64: a register's
  bits at its declared width (a predicate 0 or 1, a special register its value), an immediate's
  value, a memory operand's address (base plus offset, as the instruction names it), 0 where the
  instruction has no k-th source (`ret`, a branch's IN2) and another of the range has one (a
  range where none has it is refused: the sites below read IN3 only where one has three). IN1
  of a branch is its label, which has no value, and counts the same way: 0 in a range where
  another instruction has an IN1 (tested below), as every range here that holds a branch has;
- OUT is the instruction's first destination after it ran (0 where it writes none: a store, a
  branch, `ret`); `after` a guarded branch or `ret` runs in the lanes where it is not taken.

ADDR and BYTES need a position whose patterns are all memory opcodes (probes/README.md): the
checker refuses them at any line range, whatever the range holds (tested below). IN1 of an
`ld.param` (the parameter's address) is left out: the simulator has no parameter space to give
an address in. Seeded: a failing case names its id; `case_probe(id)` rebuilds its probe.
"""
from __future__ import annotations

import random

import pytest

from test_probe_positions import KERNEL, POSITION_SITES, Positions, Tracked, _lines, run
from test_probe_semantics import Generator, Site, differ
from neutrino_py.asm import ir, parse_ptx
from neutrino_py.errors import SourceError

M64 = (1 << 64) - 1


def _at(where: str, path: str, first: int, last: int, operands: tuple[str, ...]) -> Site:
    span = f"{first}" if first == last else f"{first}-{last}"
    return Site(f'{where} line "{path}":{span}', ("PC", "OPCODE", *operands), where,
                _lines(path, first, last))


# OUT only after; a labelled branch's IN1 reads 0
LINE_SITES = [
    _at("before", "util.cuh", 5, 5, ("IN1", "IN2")),                  # mul.wide, add, ld, and, mov
    _at("after", "util.cuh", 5, 5, ("IN1", "IN2", "OUT")),
    _at("before", "positions.cu", 11, 11, ("IN1", "IN2", "IN3")),     # mad, cvta
    _at("after", "positions.cu", 11, 11, ("IN3", "OUT")),
    _at("after", "positions.cu", 10, 10, ("OUT",)),                   # ld.param, mov of %tid
    _at("after", "positions.cu", 15, 15, ("IN1", "IN2", "OUT")),      # mul, setp, @p ret
    _at("before", "positions.cu", 20, 22, ("IN1", "IN2")),            # add, st.global, ret
    _at("after", "positions.cu", 20, 22, ("IN1", "IN2", "OUT")),
    _at("before", "positions.cu", 12, 18, ("IN1", "IN2")),            # guarded branches, sub, adds
    _at("after", "positions.cu", 12, 18, ("IN1", "IN2", "OUT")),
    _at("after", "util.cuh", 6, 7, ("IN1", "IN2", "OUT")),            # loop head, body, back edge
    _at("before", "util.cuh", 5, 7, ("IN1", "IN2")),
]
SITES = LINE_SITES + [s for s in POSITION_SITES if s.when in ("entry", "exit", "block")]


class Operands(Tracked):
    """`Tracked`, also keeping every operand a line probe reads at each user instruction, in
    every lane that reached it: IN1..IN3 before it runs, OUT after (of the lanes that ran it; 0
    where it writes nothing)."""

    def execute(self, s: ir.Instruction, run: list[int], ctx):
        if id(s) not in self.user_pc:
            return super().execute(s, run, ctx)
        srcs = s.srcs
        before = {lane: {f"IN{k + 1}": self.raw(srcs[k], lane, ctx) if k < len(srcs) else 0
                         for k in range(3)} for lane in ctx["active"]}
        jump = super().execute(s, run, ctx)
        dests = s.dests
        event = self.ran[ctx["blin"], self.warp_of(ctx["tids"])][-1]
        for lane in ctx["active"]:
            values = event[3].setdefault(lane, {})
            values.update(before[lane])
            values["OUT"] = self.raw(dests[0], lane, ctx) if dests and lane in run else 0
        return jump

    def raw(self, op: ir.Operand, lane: int, ctx) -> int | None:
        """Raw bits of an operand, zero-extended: what the README's table says IN and OUT are
        (0 for a label, which has no value: read where another instruction has one)."""
        if isinstance(op, ir.Symbol) and op.name in self.labels:
            return 0
        if isinstance(op, ir.Address):
            return (self.raw(op.base, lane, ctx) + op.offset) & M64
        if isinstance(op, ir.Register) and op.name in self.widths:
            return ctx["regs"][lane].get(op.name, 0) & ((1 << self.widths[op.name]) - 1)
        return self.value(op, lane, "u64", ctx) & M64

    @property
    def widths(self) -> dict[str, int]:
        """Declared width in bits of each register of the kernel."""
        if not hasattr(self, "_widths"):
            self._widths = {name: 1 if d.type == "pred" else int(d.type[1:])
                            for d in ir.walk(self.fn.body) if isinstance(d, ir.RegDecl)
                            for name in d.registers()}
        return self._widths


def case_probe(case: int) -> tuple:
    return Generator(random.Random(f"line operands:{case}"), SITES).probe()


CASES = 60


def test_generated_probes_read_operands_at_source_lines():
    """About 0.3 s a case (one core)."""
    checked = sum(differ(KERNEL, case_probe(case), f"line operands case {case}", Operands,
                         Positions) for case in range(CASES))
    assert checked >= CASES // 2, f"only {checked} of {CASES} probes accepted"


def test_this_tests_operand_reading():
    """The operands the reference reads at a few places, spelled out for lane 5 of block 0's
    first warp (thread 5, n = 70): a wrong reading would test nothing."""
    fn = next(iter(parse_ptx(KERNEL.ptx, cache=False).functions()))
    code = [s for s in ir.walk(fn.body) if isinstance(s, ir.Instruction)]
    text = ("map m[thread]: record(64) { u32 pc; u64 a; u64 b; u64 c; u64 o; }\n"
            'after line "positions.cu":11 { m.save(PC, IN1, IN2, IN3, OUT); }\n'
            'after line "util.cuh":5 { m.save(PC, IN1, IN2, 0, OUT); }\n')
    m = run(text)["m"]
    rows = {int(r["pc"]): (int(r["a"]), int(r["b"]), int(r["c"]), int(r["o"]))
            for r in m[m["unit"] == 5]}
    assert code[6].opcode == "mad" and rows[6] == (0, 48, 5, 5)        # ctaid, ntid, tid -> i
    assert code[11].opcode == "mul" and rows[11] == (5, 4, 0, 20)
    x = rows[7][0]                                                      # x's pointer
    assert code[13].opcode == "ld" and rows[13][0] == x + 20 and rows[13][1:3] == (0, 0)
    assert code[14].opcode == "and" and rows[14] == (5, 3, 0, 1)


@pytest.mark.parametrize("operand", ["ADDR", "BYTES"])
def test_addr_and_bytes_at_a_line_range_are_refused(operand):
    """A line range is no memory pattern: ADDR and BYTES are refused at it with a location,
    even where the range holds only a load."""
    with pytest.raises(SourceError) as err:
        run(f'map m[thread]: record(4) {{ u64 a; }}\nbefore line "util.cuh":5 {{ m.save({operand}); }}\n')
    assert err.value.file == "case.probe" and f"{operand} needs an opcode pattern of memory instructions" in str(err.value)


def test_in1_of_a_branch_in_a_line_range_reads_zero():
    """util.cuh:6 is the loop's head, `setp.ge.u32 %p2, %r9, %r7` (pc 17) and `@%p2 bra
    $L__BB0_after` (pc 18): IN1 of the branch, a label, reads 0, as an operand another
    instruction of the range has does (it was refused); the setp's is the loop counter, 0 to
    tid % 4 in each thread, and the branch runs once in each, where it is taken."""
    m = run('map m[thread]: record(8) { u32 pc; u64 a; }\n'
            'before line "util.cuh":6 { m.save(PC, IN1); }\n')["m"]
    got = sorted(zip(m["unit"].tolist(), m["pc"].tolist(), m["a"].tolist()))
    assert got == sorted([(t, 17, k) for t in range(48) for k in range(t % 4 + 1)]
                         + [(t, 18, 0) for t in range(48)])
