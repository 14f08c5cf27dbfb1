"""Probes at blocks, marks and source lines, and `count`, checked differentially as
tests/test_probe_semantics.py checks expressions: its generator draws probes whose positions
also include `block` (with `count(...)` among the values), `before`/`after mark("name")` and
`before`/`after line "file":N-M`, they run in the PTX simulator on a kernel made for them
(tests/synthetic/positions.ptx: a loop whose trip count differs per lane, an if/else, marks
before the first instruction, inside the loop and before a label only some lanes fall into, a
block that starts with a guarded instruction, a guarded early `ret`), and the maps must hold
what the same reference computes at the places this test finds on its own:

- a block starts at the first instruction, at a label a branch names (not at one nothing names,
  as `$L__tmp0`) and after a terminator (`bra`, `ret`);
  a `block` probe runs on the lanes that reach its first instruction, each time (its guard
  aside), before the probes of that instruction; `count(P, ...)` is the number of the block's
  instructions that match; PC is the first instruction's;
- a mark is the comment `// @neutrino name`; its probes run on the lanes that step over it (not
  those that jump past it to a label after it), `before` ones first, then `after` ones; PC is
  the instruction after it;
- a line range selects the instructions below a `.loc` of that file (by the `.file` table, the
  path or a `/`-suffix of it) and line, read from the text by this test; `after` a guarded
  branch or `ret` runs on the lanes where it is not taken, after an unguarded one nowhere.

activemask() and the lane helpers are read under the kernel's divergence. Seeded: a failing case
names its id, `case_probe(id)` rebuilds its probe.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

from test_probe_semantics import SITES, Generator, Kernel, Reference, Site, Watched, differ
from test_splice_simulated import floats, launch
from neutrino_py.asm import ir, parse_ptx
from neutrino_py.probe import load

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "tests" / "synthetic" / "positions.ptx").read_text()
N = 70
KERNEL = Kernel("positions", TEXT, (2, 1, 1), (48, 1, 1),
                lambda: {"x": floats(N, 6), "out": bytes(4 * N), "n": N})
TERMINATORS = ("bra", "brx", "ret", "exit", "trap")


# ------------------------------------------------------------------ the kernel, read by this test

def source_lines(text: str) -> dict[int, tuple[str, int]]:
    """Line of the PTX text -> (source path, line) of the last `.loc` above it."""
    files = dict(re.findall(r'^\s*\.file\s+(\d+)\s+"([^"]*)"', text, re.M))
    out, loc = {}, None
    for number, line in enumerate(text.splitlines(), 1):
        m = re.match(r"\s*\.loc\s+(\d+)\s+(\d+)", line)
        if m:
            loc = (files[m[1]], int(m[2]))
        elif loc is not None:
            out[number] = loc
    return out


def reading(text: str) -> tuple[dict[int, list[ir.Instruction]], dict[int, tuple[str, int]]]:
    """The blocks of the kernel (first instruction's PC -> its instructions) and its marks (line
    of the comment in the text -> name, PC of the instruction after it)."""
    fn = next(iter(parse_ptx(text, cache=False).functions()))
    named = {str(o) for s in ir.walk(fn.body) if isinstance(s, ir.Instruction)
             and s.opcode in ("bra", "brx") for o in s.operands}
    blocks: dict[int, list[ir.Instruction]] = {}
    marks, waiting, starts, pc = {}, [], True, 0
    for s in ir.walk(fn.body):
        if isinstance(s, ir.Label) and s.name in named:
            starts = True
        elif isinstance(s, ir.Comment) and s.body.split()[:1] == ["@neutrino"]:
            waiting.append(s)
        elif isinstance(s, ir.Instruction):
            if starts:
                blocks[pc] = []
            blocks[max(blocks)].append(s)
            marks.update({c.line: (c.body.split()[1], pc) for c in waiting})
            waiting, starts, pc = [], s.opcode in TERMINATORS, pc + 1
    return blocks, marks


LINES = source_lines(TEXT)
BLOCKS, MARKS = reading(TEXT)
# count(...) in a block probe, and which instructions each counts
COUNTS = {
    "count(add)": lambda s: s.opcode == "add",
    "count(ld.global, st.global)": lambda s: s.opcode in ("ld", "st") and "global" in s.modifiers,
    "count(@bra)": lambda s: s.opcode == "bra" and s.guard is not None,
    "count(setp, mul*)": lambda s: s.opcode == "setp" or s.opcode.startswith("mul"),
    "count(ld)": lambda s: s.opcode == "ld",
}


def _lines(path: str, first: int, last: int):
    return lambda s: (LINES.get(s.line, ("", 0))[0] in (path, f"app/{path}", f"include/{path}")
                      and first <= LINES[s.line][1] <= last)


def _mark(where: str, name: str) -> Site:
    return Site(f'{where} mark("{name}")', ("PC",), f"{where} mark {name}", lambda s: True)


POSITION_SITES = [s for s in SITES if "shared" not in s.text] + [
    Site("block", ("PC", *COUNTS), "block", lambda s: True),
    Site("block", ("PC", "count(add)", "count(@bra)"), "block", lambda s: True),
    *(_mark(where, name) for where in ("before", "after")
      for name in ("start", "top", "body", "odd")),
    Site('before line "positions.cu":14-16', ("PC", "OPCODE"), "before",
         _lines("positions.cu", 14, 16)),
    Site('before line "include/util.cuh":5-7', ("PC", "OPCODE"), "before",
         _lines("util.cuh", 5, 7)),
    Site('before line "app/positions.cu":18-22', ("PC", "OPCODE"), "before",
         _lines("positions.cu", 18, 22)),
    Site('after line "positions.cu":10-12', ("PC", "OPCODE"), "after",
         _lines("positions.cu", 10, 12)),
    Site('after line "positions.cu":14-15', ("PC", "OPCODE"), "after",
         _lines("positions.cu", 14, 15)),
    Site('after line "util.cuh":6', ("PC", "OPCODE"), "after", _lines("util.cuh", 6, 6)),
    Site('after line "util.cuh":5-7', ("PC", "OPCODE"), "after", _lines("util.cuh", 5, 7)),
    Site('after line "positions.cu":16-22', ("PC", "OPCODE"), "after",
         _lines("positions.cu", 16, 22)),
]


# ------------------------------------------------------------------ what the simulator ran

class Tracked(Watched):
    """`Watched`, also keeping the marks each warp's lanes step over, in order with its
    instructions: ("mark", name, PC of the instruction after it, lanes)."""

    def passed(self, s: ir.Statement, lanes: list[int], blin: int, tids) -> None:
        if isinstance(s, ir.Comment) and s.line in MARKS:
            self.ran[blin, self.warp_of(tids)].append(("mark", *MARKS[s.line], list(lanes)))


class Positions(Reference):
    """The reference, also running block, mark and line probes where this test finds them:
    `blocks` (PC of the instruction a block's probes run before -> its first's, its
    instructions) and `counts` as COUNTS is (a target's)."""

    blocks = {pc: (pc, instructions) for pc, instructions in BLOCKS.items()}
    counts = COUNTS

    def event(self, blin: int, warp: int, event: tuple, state: dict[int, dict]) -> None:
        if event[0] == "mark":
            _, name, pc, lanes = event
            for where in ("before", "after"):
                self.site(blin, warp, lanes, f"{where} mark {name}", None, pc, {}, state)
            return
        s, pc, run, values, active = event
        if pc in self.blocks:
            first, instructions = self.blocks[pc]
            counts = {c: sum(map(match, instructions)) for c, match in self.counts.items()}
            self.site(blin, warp, active, "block", s, first, {lane: counts for lane in active},
                      state)
        self.site(blin, warp, run, "before", s, pc, values, state)
        if self.branches(s):                                  # where it is not taken
            run = [lane for lane in active if lane not in run]
        self.site(blin, warp, run, "after", s, pc, values, state)

    @staticmethod
    def branches(s: ir.Instruction) -> bool:
        """Whether `s` is a branch or `ret`: `after` it runs where it is not taken (nowhere
        where it has no guard)."""
        return s.opcode in TERMINATORS


def case_probe(case: int) -> tuple:
    return Generator(random.Random(f"positions:{case}"), POSITION_SITES).probe()


CASES = 60


def test_generated_probes_at_blocks_marks_and_lines():
    """About 0.3 s a case (one core)."""
    checked = sum(differ(KERNEL, case_probe(case), f"positions case {case}", Tracked, Positions)
                  for case in range(CASES))
    assert checked >= CASES // 2, f"only {checked} of {CASES} probes accepted"


def test_this_tests_reading_of_the_kernel():
    """The places the reference uses, spelled out: a wrong reading would test nothing."""
    assert sorted(BLOCKS) == [0, 11, 17, 19, 23, 26, 29, 31, 33, 34, 35, 37]
    assert sorted(MARKS.values()) == [("body", 19), ("odd", 28), ("odd", 34), ("start", 0),
                                      ("top", 9), ("top", 35)]
    assert sorted(set(LINES.values())) == [("app/positions.cu", n) for n in
                                           (10, 11, 12, 14, 15, 16, 18, 20, 22)] + [
        ("include/util.cuh", n) for n in (5, 6, 7)]


# ------------------------------------------------------------------ bugs the comparison found

def run(text: str, block: tuple = (48, 1, 1)):
    """The maps of a written probe on the kernel, one block."""
    maps, _, _, _ = launch(TEXT, load(text, "case.probe"), (1, 1, 1), block, KERNEL.args())
    return maps


def test_pc_at_a_mark_is_the_instruction_after_it():
    """PC at a mark is the index of the instruction its code runs before, as at a block start:
    it was 0 at every mark."""
    m = run("map m[thread]: record(4) { u32 pc; }\n"
            'before mark("top") { m.save(PC); }\nafter mark("body") { m.save(PC); }\n')["m"]
    assert sorted(set(m["pc"].tolist())) == [9, 19, 35]


def test_after_a_line_range_leaves_out_what_control_never_passes():
    """`after line` runs after each instruction of the lines that control can pass: a loop's
    back edge (`bra.uni`) or a `ret` among them has no after, and the whole probe was refused
    (as `after ret` is, where a pattern names it)."""
    m = run("map m[thread]: record(8) { u32 pc; }\n"
            'after line "util.cuh":7 { m.save(PC); }\n'
            'after line "positions.cu":16-22 { m.save(PC); }\n')["m"]
    assert sorted(set(m["pc"].tolist())) == [19, 20, 21, 29, 31, 32, 33, 34, 35, 36]


def test_a_mark_before_the_first_instruction_runs_after_entry():
    """Entry code runs first, a mark before the kernel's first instruction after it: its code
    went before the entry code, which then zeroed the registers it had set (the save's slot
    count among them: nothing was kept)."""
    m = run("map m[thread]: record(2) { u32 g; }\nreg u32 g;\n"
            'entry { g = laneid() + 5; }\nbefore mark("start") { m.save(g); g += 1; }\n'
            'after mark("start") { m.save(g); }\n', block=(40, 1, 1))["m"]
    assert m["g"].tolist() == [v for t in range(40) for v in (t % 32 + 5, t % 32 + 6)]


def test_a_label_no_branch_names_starts_no_block():
    """A basic block starts where control can come from elsewhere: a label only debug lines
    name (Triton writes `$L__tmp0:` at every source line) split blocks, so a `block` probe ran
    again in the middle of one (here after the load, at `$L__tmp0`) and 36 times a pass
    through Triton's softmax, which has no branch."""
    from neutrino_py.splice import instrument
    h = run("map h[thread]: hist[64] u32;\nblock { h[PC] += 1; }\n")["h"]
    h = h["value"] if h.dtype.names else h
    assert sorted(pc for pc in range(64) if h[pc]) == sorted(BLOCKS)
    softmax = parse_ptx((ROOT / "tests/corpus/triton/softmax_kernel.sm_80.ptx").read_text(),
                        cache=False)
    result = instrument(softmax, load("map c[warp]: counter { u64 n; }\nblock { c.n += 1; }\n",
                                      "case.probe"))
    assert list(result.manifests["softmax_kernel"].positions.values()) == [1]
