"""Probes at `line` positions on AMD, checked differentially as tests/test_probe_positions.py
checks them on NVIDIA: the generator of tests/test_probe_semantics.py draws probes at
`before`/`after line "file":N-M` (reading PC, OPCODE, IN1..IN3, and OUT after) among `block`
probes (with `count`, as tests/test_probe_positions_gcn.py reads blocks) and instruction
positions of tests/test_probe_semantics_gcn.py, they run in the wave simulator on the
kernels with line tables of tests/corpus_gcn/lineinfo.hip (li_saxpy: a guarded body;
li_reduce: an LDS tree in a loop whose lanes drop out by EXEC, barriers, a one-lane atomic, the
wave's EXEC at `s_endpgm` narrowed), alternating gfx90a and gfx942, and the maps must hold what
the same reference computes at the places this test finds in the assembly on its own:

- a line range selects the instructions below a `.loc` of that file (`.file N "dir" "name"`,
  the path `dir/name` without a `.` directory, or a `/`-suffix of it) and line, read from the
  text by this test;
- `before` one runs on the lanes of EXEC there; `after` one on the lanes of EXEC after it (an
  `s_and_saveexec_b64` narrows them, as the next instruction sees them); after an
  `s_cbranch_*` (`@bra`'s guarded branch) on EXEC's lanes where the wave does not take it,
  after `s_branch` nowhere (as after a guarded and an unguarded PTX branch);
  at a scalar memory access (`s_load*`) once per wave, in lane 0, whatever EXEC holds
  (probes/README.md); at `s_endpgm` on EXEC's lanes, before the exit probes, which run on
  every lane the wave started with;
- IN1..IN3 are the operands after the destinations (none at stores, compares to SCC, branches,
  waits, a non-returning atomic; two at a carry-out), raw bits: a register pair whole, wider
  ones their first pair, VCC and EXEC 64-bit, a label, `off` or `lgkmcnt(0)` 0, a carry-in's
  or a compare's lane mask this lane's bit; OUT the first destination after the instruction.

ADDR and BYTES at a line position are refused by the checker (a line may hold no memory
instruction: `test_addr_and_bytes_are_refused_at_a_line`). Seeded: a failing case names its
id; `case_probe(id)` rebuilds its probe.
"""
from __future__ import annotations

import copy
import random
import re
from collections import Counter
from functools import lru_cache

import numpy as np
import pytest

from gcn_wave import LANES, Simulator
from test_gcn_simulated import (CASES as GCN_CASES, CORPUS, Case, _own, blocks_of,
                                check_unchanged, probe_places, simulate_instrumented,
                                simulate_original)
from test_probe_positions import Positions
from test_probe_positions_gcn import COUNTS
from test_probe_semantics import Generator, Site
from test_probe_semantics_gcn import GCN_SITES, TARGETS, Watched, differ, parsed
from neutrino_py.asm.gcn import Imm, Instruction, Label, Register
from neutrino_py.asm.ptx_isa import opcode_id
from neutrino_py.assemble import gcn as tools
from neutrino_py.errors import SourceError
from neutrino_py.probe import load
from neutrino_py.splice import instrument

FILE = "lineinfo"
_x, _y, _ints = (np.random.default_rng(s) for s in (50, 51, 52))
LAUNCHES = {
    "li_saxpy": Case(FILE, (2, 1, 1), (96, 1, 1),
                     [0x40000000, _x.uniform(-1, 1, 170).astype(np.float32).tobytes(),
                      _y.uniform(-1, 1, 170).astype(np.float32).tobytes(), 170]),
    "li_reduce": Case(FILE, (2, 1, 1), (128, 1, 1),
                      [_ints.integers(-999, 999, 200).astype(np.int32).tobytes(), bytes(4), 200]),
}
KERNELS = tuple(LAUNCHES)
TERMINATORS = ("s_branch", "s_cbranch_", "s_endpgm")
SCALAR_MEMORY = ("s_load", "s_buffer_load")
# the PTX base opcode OPCODE names for each mnemonic of these kernels, by its second word
# (`s_mov_b32`: mov, `global_load_dword`: load); "" where PTX has none (0)
BASES = {"load": "ld", "store": "st", "read": "ld", "write": "st", "atomic": "red", "mov": "mov",
         "cmp": "setp", "and": "and", "or": "or", "mul": "mul", "lshl": "shl", "lshr": "shr",
         "add": "add", "addc": "addc", "barrier": "bar", "cbranch": "bra", "branch": "bra",
         "endpgm": "exit", "bcnt1": "popc", "fmac": "fma", "waitcnt": "", "mbcnt": "",
         "lshlrev": ""}


def opcode_of(s: Instruction) -> int:
    return opcode_id(BASES[s.opcode.split("_")[1]])


# ------------------------------------------------------------------ the kernels, read by this test

@lru_cache(maxsize=None)
def source_lines(target: str) -> dict[int, tuple[str, int]]:
    """Line of the assembly text -> (source path, line) of the last `.loc` above it."""
    files, out, loc = {}, {}, None
    text = (CORPUS / f"{FILE}.{target}.s").read_text()
    for number, line in enumerate(text.splitlines(), 1):
        f = re.match(r'\s*\.file\s+(\d+)\s+"([^"]*)"(?:\s+"([^"]*)")?', line)
        m = re.match(r"\s*\.loc\s+(\d+)\s+(\d+)", line)
        if f:
            names = [n for n in f.groups()[1:] if n is not None]
            files[f[1]] = "/".join(n for n in names[-2:] if n not in ("", "."))
        elif m:
            loc = (files[m[1]], int(m[2]))
        elif loc is not None:
            out[number] = loc
    return out


def _lines(target: str, path: str, first: int, last: int):
    lines = source_lines(target)

    def selects(s: Instruction) -> bool:
        file, line = lines.get(s.line, ("", 0))
        return (file == path or file.endswith("/" + path)) and first <= line <= last
    return selects


RANGES = {
    "li_saxpy": [("before", "lineinfo.hip", 7, 8), ("before", "hip_min.h", 10, 23),
                 ("before", "lineinfo.hip", 9, 9), ("after", "lineinfo.hip", 7, 9),
                 ("after", "hip_min.h", 10, 10), ("after", "hip_min.h", 12, 23)],
    "li_reduce": [("before", "lineinfo.hip", 14, 18), ("before", "hip_min.h", 8, 12),
                  ("before", "lineinfo.hip", 21, 23), ("before", "hip_min.h", 16, 17),
                  ("after", "lineinfo.hip", 14, 17), ("after", "lineinfo.hip", 18, 22),
                  ("after", "hip_min.h", 8, 23), ("after", "lineinfo.hip", 16, 16)],
}
OPERANDS = ("PC", "OPCODE", "IN1", "IN2", "IN3")
# the positions of test_probe_semantics_gcn drawn beside the lines (others: that test's)
OPCODE_SITES = ("entry", "exit", "before ld.global", "before ld.shared, st.shared", "after add*",
                "before setp")


def operands(kernel: str, when: str, path: str, first: int, last: int) -> tuple[str, ...]:
    """What a probe at the range may read: PC, OPCODE, and the IN and OUT that some instruction
    it selects has on both processors (one none has is refused: tests/test_probe_absent_operands.py)."""
    have = []
    for target in TARGETS:
        code = [s for s in _own(parsed(FILE, target), kernel) if isinstance(s, Instruction)
                and _lines(target, path, first, last)(s)]
        there = {f"IN{k + 1}" for s in code for k in range(len(s.operands) - destinations(s))}
        have.append(there | ({"OUT"} if when == "after" and any(map(destinations, code)) else set()))
    common = set.intersection(*have)
    return OPERANDS[:2] + tuple(n for n in (*OPERANDS[2:], "OUT") if n in common)


def sites(kernel: str, target: str) -> list[Site]:
    """The positions of `kernel`'s probes: its line ranges, some of GCN_SITES, `block` (the
    same texts in the same order on each target)."""
    out = []
    for when, path, first, last in RANGES[kernel]:
        span = str(first) if first == last else f"{first}-{last}"
        out.append(Site(f'{when} line "{path}":{span}', operands(kernel, when, path, first, last),
                        when, _lines(target, path, first, last)))
    return out + [s for s in GCN_SITES if s.text in OPCODE_SITES] + [
        Site("block", ("PC", *COUNTS), "block", lambda s: True),
        Site("block", ("PC", "count(@bra)", "count(ld.shared)"), "block", lambda s: True)]


# ------------------------------------------------------------------ what the simulator ran

def destinations(s: Instruction) -> int:
    """Leading operands an instruction of these kernels writes."""
    op, mods = s.opcode, {m.name for m in s.modifiers}
    if op.startswith(("s_cmp", "s_cbranch", "s_branch", "s_waitcnt", "s_barrier", "s_endpgm",
                      "global_store", "ds_write")):
        return 0
    if op.startswith("global_atomic") and not mods & {"glc", "sc0"}:
        return 0
    return 2 if "_co_" in op else 1


def lane_bit(s: Instruction, k: int) -> bool:
    """Whether operand `k` is a lane mask read as this lane's bit: a VOPC compare's destination,
    a carry-in or a select's mask (the third source)."""
    if k == 0:
        return s.opcode.startswith("v_cmp_")
    return s.opcode.startswith(("v_addc_co_", "v_cndmask_")) and k == destinations(s) + 2 \
        == len(s.operands) - 1


class Lined(Watched):
    """`Watched`, keeping every operand of every instruction of the kernel, for every lane: IN1..3
    before it (0 where there is none), OUT after, and whether it branched ("taken"); a scalar
    memory access as lane 0's alone."""

    def value(self, w, s: Instruction, k: int) -> np.ndarray:
        op = s.operands[k]
        if isinstance(op, Register) and op.file in ("v", "s"):
            n = min(op.count, 2)
            if op.file == "v":
                v = sum(w.v[op.first + i].copy() << np.uint64(32 * i) for i in range(n))
            else:
                v = np.full(LANES, sum(w.s[op.first + i] << 32 * i for i in range(n)), np.uint64)
        elif isinstance(op, Register) and op.file in ("vcc", "exec"):
            v = np.full(LANES, w.vcc if op.file == "vcc" else w.exec, np.uint64)
        elif isinstance(op, Imm):
            assert isinstance(op.value, int), f"{s.to_text()}: a float constant"
            v = np.full(LANES, op.value % (1 << 64), np.uint64)
        else:
            assert not isinstance(op, Register), f"{s.to_text()}: operand {op}"
            v = np.zeros(LANES, np.uint64)         # a label, `off`, `lgkmcnt(0)`
        if lane_bit(s, k):
            v = v >> np.arange(LANES, dtype=np.uint64) & np.uint64(1)
        return v

    def execute(self, w, s: Instruction, lds, access: list) -> None:
        pc = self.user.get(id(s))
        if pc is None:
            return Simulator.execute(self, w, s, lds, access)
        n = destinations(s)
        ins = [self.value(w, s, k) for k in range(n, min(n + 3, len(s.operands)))]
        wave = w.wg_linear, w.index
        exec_ = self.left.get(wave, w.exec)
        run = (1 << w.lanes) - 1 if s.opcode == "s_endpgm" else \
            1 if s.opcode.startswith(SCALAR_MEMORY) else w.exec
        next_pc = w.pc
        Simulator.execute(self, w, s, lds, access)
        self.left[wave] = w.exec
        out = self.value(w, s, 0) if n else np.zeros(LANES, np.uint64)
        values = {lane: {"IN1": 0, "IN2": 0, "IN3": 0, "OUT": int(out[lane]),
                         "taken": w.pc != next_pc,
                         **{f"IN{k + 1}": int(x[lane]) for k, x in enumerate(ins)}}
                  for lane in range(LANES)}
        for lane, addr, _ in access:
            if lane >= 0:
                values[lane]["ADDR"] = addr
        self.ran[wave].append((s, pc, run, values, exec_))


class Lines(Positions):
    """The reference at line positions, block probes as test_probe_positions_gcn's (`blocks` and
    `counts` set per kernel: `reference`): `after` on the lanes of EXEC after the instruction
    (the lanes the next one reached), after `s_cbranch_*` where it was not taken, none after
    another terminator, once in lane 0 at scalar memory; at `s_endpgm` the probes before it on
    EXEC's lanes, then the exit probes."""

    def warp(self, blin: int, warp: int, events: list, state: dict[int, dict]) -> None:
        after = [e[4] for e in events[1:]] + [[]]
        super().warp(blin, warp, [(*e, a) for e, a in zip(events, after)], state)

    def event(self, blin: int, warp: int, event: tuple, state: dict[int, dict]) -> None:
        s, pc, run, values, active, after = event
        if s.opcode.startswith("s_cbranch_"):
            self.after = [lane for lane in run if not values[lane]["taken"]]
        elif s.opcode.startswith(TERMINATORS):
            self.after = []
        else:
            self.after = run if s.opcode.startswith(SCALAR_MEMORY) else after
        self.active = active
        super().event(blin, warp, (s, pc, run, values, active), state)

    def site(self, blin, warp, run, when, s, pc, values, state) -> None:
        if when == "after":
            run = self.after
            assert set(run) <= set(values) or not any(p.site.runs(when, s) for p in self.probes), \
                f"PC {pc}: EXEC widens, and IN of the lanes it adds is not kept"
        if when != "before" or s is None or s.opcode != "s_endpgm":
            return super().site(blin, warp, run, when, s, pc, values, state)
        probes = self.probes
        for exits, lanes in ((False, self.active), (True, run)):
            self.probes = [p for p in probes if (p.site.when == "exit") == exits]
            super().site(blin, warp, lanes, when, s, pc, values, state)
        self.probes = probes

    @staticmethod
    def branches(s: Instruction) -> bool:
        return False                     # `event` says where `after` runs


@lru_cache(maxsize=None)
def reference(kernel: str, target: str) -> type[Lines]:
    """`Lines` on `kernel` for `target`: its blocks (where their probes run, past a join's EXEC
    restore: test_gcn_simulated.probe_places) and OPCODE read from this test's BASES."""
    module = parsed(FILE, target)
    body = _own(module, kernel)
    code = [s for s in body if isinstance(s, Instruction)]
    starts = sorted(blocks_of(code, body))
    ends = dict(zip(starts, starts[1:] + [len(code)]))
    places = probe_places(code, set(starts))

    class KernelLines(Lines):
        blocks = {at: (first, code[first:ends[first]]) for at, first in places.items()}
        counts = COUNTS

        def __init__(self, maps, regs, probes, grid, block, isa) -> None:
            super().__init__(maps, regs, probes, grid, block,
                             type(isa)(isa.bytes, opcode_of, isa.smid))
    return KernelLines


def case_kernel(case: int) -> str:
    return KERNELS[case // 2 % 2]


def case_probe(case: int) -> tuple:
    """Case `case`'s probe: the same text on each target (case % 2 picks it)."""
    kernel = case_kernel(case)
    return Generator(random.Random(f"lines-gcn:{case}"),
                     sites(kernel, TARGETS[case % 2])).probe()


CASES = 40


def test_generated_probes_at_lines_on_gcn():
    """About 1 s a case (one core); 39 of the 40 probes are accepted, 13 cases have block
    probes."""
    checked = sum(differ(case_kernel(case), case, case_probe(case),
                         reference(case_kernel(case), TARGETS[case % 2]), sim_type=Lined,
                         cases=LAUNCHES) for case in range(CASES))
    assert checked >= CASES // 2, f"only {checked} of {CASES} probes accepted"


def test_generated_probes_at_lines_assemble_and_link():
    """The same cases' instrumented modules (with the after-code of conditional branches and
    the captures at EXEC writes) are accepted by llvm-mc and ld.lld for their processor."""
    for tool in ("llvm-mc", "ld.lld"):
        if tools.llvm_tool(tool) is None:
            pytest.skip(f"{tool} missing (apt-get install llvm-19 lld-19)")
    linked = 0
    for case in range(CASES):
        module = copy.deepcopy(parsed(FILE, TARGETS[case % 2]))
        try:
            instrument(module, load(case_probe(case)[0], "gen.probe"),
                       kernels=f"^{case_kernel(case)}$")
        except SourceError:
            continue
        assert tools.gcn_to_hsaco(module.to_text(), module.target_id, f"case{case}.s")
        linked += 1
    assert linked >= CASES // 2


def test_this_tests_reading_of_the_kernels():
    """The places the reference uses, spelled out for gfx942's li_reduce (a wrong reading tests
    nothing): its lines, and the instructions (by PC) three ranges select."""
    from test_gcn_simulated import _own
    code = [s for s in _own(parsed(FILE, "gfx942"), "li_reduce") if isinstance(s, Instruction)]
    selected = [[pc for pc, s in enumerate(code) if site.matches(s)]
                for site in sites("li_reduce", "gfx942")[:3]]
    assert selected == [[3, 8, 9, 10, 15, 17, 18, 19, 20, 23, 42, 43, 46, 47, 48, 49, 50, 52, 53,
                         54, 55, 56, 57],
                        [0, 1, 2, 4, 5, 11, 12, 13, 14, 34],
                        list(range(24, 34)) + list(range(35, 41))]
    assert sorted(set(source_lines("gfx942").values())) == \
        [("hip_min.h", n) for n in (8, 10, 12, 16, 17, 23)] + \
        [("lineinfo.hip", n) for n in (0, 7, 8, 9, 14, 16, 17, 18, 21, 22, 23)]
    assert {opcode_of(s) for s in code} >= {opcode_id("ld"), opcode_id("st"), opcode_id("bar")}


@pytest.mark.parametrize("operand", ["ADDR", "BYTES"])
def test_addr_and_bytes_are_refused_at_a_line(operand):
    """A line range may select instructions without a memory operand: the checker refuses ADDR
    and BYTES there, at the operand, before anything is spliced."""
    with pytest.raises(SourceError) as err:
        load(f'map m[thread]: record(1) {{ u64 a; }}\nafter line "lineinfo.hip":14 '
             f'{{ m.save({operand}); }}\n', "case.probe")
    assert (err.value.line, err.value.col) == (2, 39)
    assert f"{operand} needs an opcode pattern of memory instructions" in str(err.value)


# ------------------------------------------------------------------ bugs the comparison found

def fall_throughs(base) -> dict[int, int]:
    """PC of each `s_cbranch_*` -> lanes of the waves that went on past it without taking it
    (the next instruction they ran is the one after it, which the branch does not target), over
    a run of the original kernel; PCs with no such lane left out."""
    code = base.instructions
    at, pc = {}, 0                            # label -> index of the instruction after it
    for s in base.statements:
        if isinstance(s, Label):
            at[s.name] = pc
        elif isinstance(s, Instruction):
            pc += 1
    waves: dict[int, list] = {}
    for e in base.sim.events:
        waves.setdefault(e.wave, []).append(e)
    out: Counter = Counter()
    for events in waves.values():
        for e, nxt in zip(events, events[1:]):
            s = code[e.index]
            if s.opcode.startswith("s_cbranch_") and nxt.index == e.index + 1 \
                    and at[str(s.operands[0])] != e.index + 1:
                out[e.index] += bin(e.exec).count("1")
    return {pc: n for pc, n in out.items() if n}


@pytest.mark.parametrize("target", TARGETS)
def test_after_a_conditional_branch_runs_where_it_is_not_taken(target):
    """`after` an `s_cbranch_*` runs on the lanes of a wave that falls through it, as after a
    guarded PTX branch: `after @bra` was refused ("control never reaches the next instruction")
    and an `after line` range left the kernel's conditional branches out. Every kernel of
    test_gcn_simulated's CASES through which a wave falls past one, and li_reduce (23 kernels,
    vgpr_full and sgpr_full at the register limits among them): each branch's count is its lanes in the waves that go on past
    it in the original run, and the instrumented kernel issues the same instructions and
    leaves the same buffers."""
    program = load("map h[thread]: hist[512] u32;\nafter @bra { h[PC] += 1; }\n", "case.probe")
    checked = 0
    for kernel, c in {**GCN_CASES, "li_reduce": LAUNCHES["li_reduce"]}.items():
        path = f"{c.file}.{target}.s"
        text = (CORPUS / path).read_text()
        base = simulate_original(text, path, kernel, c.grid, c.block, c.args)
        want = fall_throughs(base)
        if not want:
            continue
        assert len(base.instructions) <= 512, kernel
        run = simulate_instrumented(text, path, kernel, c.grid, c.block, c.args, program)
        check_unchanged(base, run)
        h = run.maps["h"]
        h = h["value"] if h.dtype.names else h
        assert {pc: int(h[pc]) for pc in range(512) if h[pc]} == want, kernel
        checked += 1
    assert checked >= 20
