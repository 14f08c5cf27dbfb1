"""Probes at blocks and marks on AMD, checked differentially as tests/test_probe_positions.py
checks them on NVIDIA: the same generator draws probes at `block` (with `count(...)`),
`before`/`after mark("name")` and the instruction positions of tests/test_probe_semantics_gcn.py,
they run in the wave simulator on the GCN `reduce_sum` (tests/corpus_gcn/kernels.hip: its marks
`mma_begin` and `mma_end` around an LDS tree whose lanes drop out by EXEC, barriers, a block
that ends the wave), alternating gfx90a and gfx942, and the maps must hold what the same
reference computes at the places this test finds in the assembly:

- a block starts at the first instruction, at a label a branch names and after a branch or
  `s_endpgm`; its
  probes run on the lanes of EXEC there, or where it opens with the `s_or_b64 exec, exec, s[..]`
  of a join (or an else branch's EXEC switch: tests/test_gcn_site_semantics.py), on those of
  EXEC after it (every lane that reaches the join); `count(P, ...)`
  counts its instructions by their opcodes' names (`global_load*` for `ld.global`,
  `s_cbranch_*` for `@bra`, ...); PC is its first instruction's;
- a mark is the comment `; @neutrino name`; where an instruction follows it with no label in
  between (so in these kernels), its probes run on the lanes of EXEC at that instruction, which
  is its PC.

tests/test_probe_lanes.py's `lanes` fields and tests/test_probe_clocks.py's clocks run at the
same positions here too; tests/test_probe_lines_gcn.py checks `line` positions on AMD.
"""
from __future__ import annotations

import random
from functools import lru_cache

import pytest

import test_probe_clocks as clocks
import test_probe_lanes as lanes
from test_gcn_simulated import CASES as GCN_CASES, _text, probe_places, restores_exec, \
    simulate_instrumented
from test_probe_positions import Positions
from test_probe_semantics import Generator, Site
from test_probe_semantics_gcn import GCN_SITES, TARGETS, differ, parsed
from neutrino_py.asm.gcn import Comment, Instruction, Label
from neutrino_py.probe import load

KERNEL = "reduce_sum"
TERMINATORS = ("s_branch", "s_cbranch", "s_endpgm", "s_setpc", "s_trap")


def _base(op: str) -> str:
    return op.split("_")[1]


# count(...) in a block probe, and which GCN instructions each counts
COUNTS = {
    "count(ld.global, st.global)": lambda s: s.opcode.startswith(("global_load", "global_store")),
    "count(@bra)": lambda s: s.opcode.startswith("s_cbranch"),
    "count(setp, mul*)": lambda s: _base(s.opcode) == "cmp" or _base(s.opcode).startswith("mul"),
    "count(ld.shared)": lambda s: s.opcode.startswith("ds_read"),
}
MARKS = ("mma_begin", "mma_end")
SITES = GCN_SITES + [Site("block", ("PC", *COUNTS), "block", lambda s: True)] + [
    Site(f'{where} mark("{name}")', ("PC",), f"{where} mark {name}", lambda s: True)
    for where in ("before", "after") for name in MARKS]


@lru_cache(maxsize=None)
def reading(target: str) -> tuple[dict[int, list[Instruction]], dict[int, list[str]]]:
    """The kernel's blocks (first instruction's PC -> its instructions) and marks (PC of the
    instruction after them -> their names), read from its statements."""
    c = GCN_CASES[KERNEL]
    module = parsed(c.file, target)
    view = module.kernel(KERNEL)
    body = module.statements[view.start:view.end]
    named = {str(o) for s in body if isinstance(s, Instruction)
             and s.opcode.startswith(("s_branch", "s_cbranch")) for o in s.operands}
    blocks: dict[int, list[Instruction]] = {}
    marks: dict[int, list[str]] = {}
    waiting: list[str] = []
    starts, pc = True, 0
    for s in body:
        if isinstance(s, Label) and s.name in named:
            assert not waiting, f"a label between mark {waiting} and its instruction"
            starts = True
        elif isinstance(s, Comment) and s.body.split()[:1] == ["@neutrino"]:
            waiting.append(s.body.split()[1])
        elif isinstance(s, Instruction):
            if starts:
                blocks[pc] = []
            blocks[max(blocks)].append(s)
            if waiting:
                marks[pc], waiting = waiting, []
            starts, pc = s.opcode.startswith(TERMINATORS), pc + 1
    return blocks, marks


def reference(target: str) -> type[Positions]:
    """The reference on `target`'s kernel: a block's probes run past its join's EXEC restore,
    marks before the probes of the instruction after them, on the lanes EXEC has there."""
    blocks, marks = reading(target)
    code = [s for pc in sorted(blocks) for s in blocks[pc]]
    anchors = {at: (first, blocks[first]) for at, first in probe_places(code, set(blocks)).items()}

    class GcnPositions(Positions):
        def event(self, blin: int, warp: int, event: tuple, state: dict[int, dict]) -> None:
            s, pc, _, _, active = event
            for name in marks.get(pc, []):
                super().event(blin, warp, ("mark", name, pc, active), state)
            super().event(blin, warp, event, state)

        @staticmethod
        def branches(s: Instruction) -> bool:
            return False

    GcnPositions.blocks, GcnPositions.counts = anchors, COUNTS
    return GcnPositions


def case_probe(case: int) -> tuple:
    return Generator(random.Random(f"positions-gcn:{case}"), SITES).probe()


CASES, LANES_CASES, CLOCK_CASES = 12, 4, 4


def test_generated_probes_at_blocks_and_marks_on_gcn():
    checked = sum(differ(KERNEL, case, case_probe(case), reference(TARGETS[case % 2]))
                  for case in range(CASES))
    assert checked >= CASES // 2, f"only {checked} of {CASES} probes accepted"


def test_generated_lanes_fields_on_gcn():
    """tests/test_probe_lanes.py's probes at these positions: each 32-lane half of a wave
    compresses its own lanes."""
    checked = sum(differ(KERNEL, case, lanes.case_probe(case, SITES),
                         type("GcnLanes", (lanes.Lanes, reference(TARGETS[case % 2])), {}),
                         lanes.compare) for case in range(LANES_CASES))
    assert checked >= LANES_CASES // 2


def test_generated_clocks_on_gcn():
    """tests/test_probe_clocks.py's probes at these positions (s_memtime, s_memrealtime)."""
    checked = sum(differ(KERNEL, case, clocks.case_probe(case, SITES),
                         reference(TARGETS[case % 2]), clocks.compare)
                  for case in range(CLOCK_CASES))
    assert checked >= CLOCK_CASES // 2


def test_this_tests_reading_of_the_kernel():
    """The places the reference uses, spelled out for gfx942 (a wrong reading tests nothing)."""
    blocks, marks = reading("gfx942")
    assert marks == {22: ["mma_begin"], 24: ["mma_end"]}
    assert sorted(blocks) == [0, 11, 16, 24, 27, 34, 41, 42, 48, 52]


# ------------------------------------------------------------------ bugs the comparison found

def with_mark_first(target: str) -> str:
    """vector_add with a mark before its first instruction."""
    lines = _text(GCN_CASES["vector_add"].file, target).split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith("vector_add:"))
    return "\n".join(lines[:at + 1] + ["\t; @neutrino start"] + lines[at + 1:])


@pytest.mark.parametrize("target", TARGETS)
def test_a_mark_before_the_first_instruction_runs_after_entry_on_gcn(target):
    """Entry code runs first, a mark before the kernel's first instruction after it: its code
    went before the entry code, which sets up the map's base and the registers the mark read
    (the simulator caught a store outside every allocation)."""
    c = GCN_CASES["vector_add"]
    text = ("map m[thread]: record(2) { u32 g; u32 pc; }\nreg u32 g;\n"
            'entry { g = laneid() + 5; }\nbefore mark("start") { m.save(g, PC); g += 1; }\n'
            'after mark("start") { m.save(g, PC); }\n')
    run = simulate_instrumented(with_mark_first(target), f"{c.file}.{target}.s", "vector_add",
                                c.grid, c.block, c.args, load(text, "case.probe"))
    m = run.maps["m"]
    lanes = [t % 48 % 32 for t in range(96)]
    assert m["g"].tolist() == [v for lane in lanes for v in (lane + 5, lane + 6)]
    assert set(m["pc"].tolist()) == {0}


@pytest.mark.parametrize("target", TARGETS)
def test_pc_at_a_mark_is_the_instruction_after_it_on_gcn(target):
    """PC at a mark is the index of the instruction after it (it was 0 at every mark)."""
    c = GCN_CASES[KERNEL]
    text = ("map m[warp]: record(2) { u32 pc; }\n"
            'before mark("mma_begin") { m.save(PC); }\nafter mark("mma_end") { m.save(PC); }\n')
    run = simulate_instrumented(_text(c.file, target), f"{c.file}.{target}.s", KERNEL, c.grid,
                                c.block, c.args, load(text, "case.probe"))
    _, marks = reading(target)
    assert sorted(set(run.maps["m"]["pc"].tolist())) == sorted(marks)


@pytest.mark.parametrize("target", TARGETS)
def test_a_block_probe_at_a_join_runs_on_every_lane_that_reaches_it(target):
    """A join block opens with `s_or_b64 exec, exec, s[..]`, which brings back the lanes that
    skipped the branch before it: its probes run after that, as on NVIDIA, where they ran
    before it on the lanes of the skipped path's other side only (200 of reduce_sum's 256
    threads after its guarded load, 254 of 1,792 lanes at the loop's join after `t < s`; a
    wave whose lanes all skipped it ran none)."""
    c = GCN_CASES[KERNEL]
    run = simulate_instrumented(_text(c.file, target), f"{c.file}.{target}.s", KERNEL, c.grid,
                                c.block, c.args,
                                load("map h[thread]: hist[64] u32;\nblock { h[PC] += 1; }\n",
                                     "case.probe"))
    blocks, _ = reading(target)
    joins = [pc for pc, instructions in sorted(blocks.items())
             if restores_exec(instructions[0])]
    h = run.maps["h"]
    assert [int(h["value"][pc] if h.dtype.names else h[pc]) for pc in joins] == [256, 7 * 256]
