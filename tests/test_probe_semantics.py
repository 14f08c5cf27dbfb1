"""What probes compute, checked differentially: seeded random probes (expressions over every
type with casts, arithmetic, bitwise, shift and compare operators, helpers, site operands, shared
registers, filters, saves, counter and hist adds at every map level) are spliced into kernels and
run in the CPU simulator of instrumented PTX (`test_splice_simulated.Sim`); the maps read back
with `maps.read` must hold, field by field, what a Python reading of the same probe computes lane
by lane at every site the simulator ran.

The reference is written from the probe language's documented semantics (probes/README.md,
docs/contracts.md), not from the lowering: integers wrap at their type's width, casts convert
values as C does (float to integer toward zero, clamped to the type's range, NaN to 0, as PTX's
`cvt` does), `/` and `%` truncate toward zero, a shift amount is converted to the shifted type
and then taken as u32, and amounts of the width or more shift everything out (`>>` of a signed
value fills with its sign), comparisons are C's (`!=` holds when a side is NaN), each float
operation rounds to its type (ties to even). Integer divisors are made odd (`| 1`): PTX leaves
a quotient by zero unspecified.

Generated expressions say their types (literals are cast or stand beside a value of their type,
operands of one operator share a type, a stored value widens only where the language widens it),
so the reference reads the generator's own tree, never the checker's typed one. The sites come
from the simulator: the user instructions each warp ran, with their lanes and operands.
tests/test_probe_positions.py draws the same probes at `block`, `mark` and `line` positions (with
`count`), tests/test_probe_clocks.py checks clock()/globaltimer() and tests/test_probe_lanes.py
`lanes` fields, on a kernel made for them; not covered: held-back chains (`memtrace`).
tests/test_probe_semantics_gcn.py runs the same probes on AMD.
Seeded: a failing case names its kernel and case id, and `case_probe(kernel, id)` rebuilds its
probe.
"""
from __future__ import annotations

import math
import random
import struct
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
import pytest

from test_splice_simulated import TYPES as REGISTER_TYPES, Sim, corpus, f32, floats, launch, \
    saturated
from neutrino_py.asm import ir
from neutrino_py.asm.ptx_isa import opcode_id
from neutrino_py.contract.manifest import SM_ROWS
from neutrino_py.errors import SourceError
from neutrino_py.probe import load

ROOT = Path(__file__).resolve().parent.parent
INTS = ("u32", "s32", "u64", "s64")
TYPES = INTS + ("f32", "f64")
LITERALS = {
    "u32": ["0", "1", "3", "31", "32", "255", "1000", "0x7fffffff", "0x80000000", "0xffffffff"],
    "s32": ["0", "1", "-1", "7", "-8", "31", "-2147483648", "2147483647", "-1000"],
    "u64": ["0", "1", "63", "64", "0xffffffff", "0x100000000", "0x8000000000000000",
            "0xffffffffffffffff", "0x123456789abcdef"],
    "s64": ["0", "1", "-1", "63", "-9223372036854775808", "9223372036854775807",
            "0x100000001", "-4294967296"],
    "f32": ["0.0", "1.5", "-2.5", "0.1", "2e3", "1e30", "3.4e38", "1e-40", "16777217", "-0.0"],
    "f64": ["0.0", "1.5", "-2.5", "0.1", "1e300", "16777217", "9007199254740993", "-0.0",
            "5e-324"],
}
HELPERS = ["laneid()", "threadid()", "blockid()", "warpid()", "warps()", "activemask()", "smid()"]
INT_OPS = ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"]
FLOAT_OPS = ["+", "-", "*", "/"]
COMPARE = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
           "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
LEVELS = {"fixed": ["thread", "warp", "block"], "pool": ["thread", "warp"],
          "row": ["thread", "warp", "block"],
          "counter": ["thread", "warp", "block", "sm", "kernel"],
          "hist": ["thread", "warp"]}
SM_IDS = 7                  # the simulator's %smid: the linear block index modulo 7
HIST = 16                   # entries of a generated hist


# ------------------------------------------------------------------ values as the docs define them

def bits(t: str) -> int:
    return int(t[1:])


def wrap(v: int, t: str) -> int:
    """`v` as a value of integer type `t`: modulo 2**width, negative where signed and the top
    bit is set."""
    w = bits(t)
    v %= 1 << w
    return v - (1 << w) if t[0] == "s" and v >> (w - 1) else v


def convert(v, src: str, dst: str):
    """A cast: integers wrap, floats round to the nearest (ties to even), floats become
    integers toward zero, clamped to the type's range (NaN: 0); a condition is 0 or 1."""
    if src == "pred":
        v = int(v)
        src = "u32"
    if dst[0] == "f":
        return f32(v) if dst == "f32" else float(v)
    return saturated(v, dst) if src[0] == "f" else wrap(v, dst)


def arith(op: str, a, b, t: str):
    """`a op b` in type `t` (both already of it)."""
    if t[0] == "f":
        with np.errstate(all="ignore"):
            v = {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.divide}[op](a, b)
        return f32(float(v)) if t == "f32" else float(v)
    if op in ("<<", ">>"):
        n = wrap(b, "u32")
        if n >= bits(t):
            return 0 if op == "<<" or a >= 0 else -1
        return wrap(a << n if op == "<<" else a >> n, t)
    if op in ("/", "%"):
        q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
        return wrap(q if op == "/" else a - b * q, t)
    return wrap({"+": a + b, "-": a - b, "*": a * b, "&": a & b, "|": a | b, "^": a ^ b}[op], t)


def literal(text: str, t: str) -> int | float:
    """The value a literal takes in type `t`: an integer wrapped to it, a number rounded to a
    float type from its exact value."""
    number = int(text, 0) if text.lstrip("-").isdigit() or "x" in text else float(text)
    if t[0] != "f":
        return wrap(number, t)
    return convert(number, "f64" if isinstance(number, float) else "s64", t)


def key(values: tuple) -> tuple:
    """A saved tuple as something to sort, count and read: floats exactly, in hex (-0.0 is not
    0.0), every NaN alike."""
    return tuple(("nan" if math.isnan(v) else v.hex()) if isinstance(v, float) else int(v)
                 for v in values)


# ------------------------------------------------------------------ generated probes

@dataclass
class Node:
    """An expression: its source text, its type ("pred" for a condition), its value in a lane's
    environment, and whether it is made of constants alone."""

    text: str
    type: str
    value: Callable[[dict], object]
    const: bool = False


@dataclass
class Site:
    """A position the generator can use in a kernel: its text, the operands it has, and which
    user instructions it runs at (`when`, and the opcode test)."""

    text: str
    operands: tuple[str, ...]
    when: str
    matches: Callable[[ir.Instruction], bool]

    def runs(self, when: str, s: ir.Instruction | None) -> bool:
        """Whether the probe runs `when` ("entry", or "before"/"after" user instruction `s`):
        an exit probe runs before each `ret` or `exit`."""
        if s is None:
            return self.when == when
        return self.matches(s) and (self.when == when or self.when == "exit" and when == "before")


def _access(opcodes: tuple[str, ...], space: str) -> Callable[[ir.Instruction], bool]:
    return lambda s: s.opcode in opcodes and space in s.modifiers


SITES = [
    Site("entry", ("PC",), "entry", lambda s: False),
    Site("exit", ("PC",), "exit", lambda s: s.opcode in ("ret", "exit")),
    Site("before ld.global", ("PC", "ADDR", "BYTES"), "before", _access(("ld",), "global")),
    Site("after ld.global", ("PC", "ADDR", "BYTES", "OUT"), "after", _access(("ld",), "global")),
    Site("before st.global", ("PC", "ADDR", "BYTES"), "before", _access(("st",), "global")),
    Site("before ld.global, st.global", ("PC", "ADDR", "BYTES"), "before",
         _access(("ld", "st"), "global")),
    Site("before ld.shared, st.shared", ("PC", "ADDR", "BYTES"), "before",
         _access(("ld", "st"), "shared")),
    Site("before @bra", ("PC",), "before", lambda s: s.opcode == "bra" and s.guard is not None),
    Site("after add*", ("PC", "IN1", "IN2", "OPCODE"), "after", lambda s: s.opcode == "add"),
    Site("before setp", ("PC", "IN1", "IN2", "OPCODE"), "before", lambda s: s.opcode == "setp"),
]


@dataclass
class MapGen:
    """A generated map: `kind` fixed (record(N)), pool, row, counter or hist."""

    name: str
    kind: str
    level: str
    fields: list[tuple[str, str]]
    capacity: int = 0

    def declaration(self) -> str:
        body = "{ " + " ".join(f"{t} {n};" for n, t in self.fields) + " }"
        head = f"map {self.name}[{self.level}]:"
        return {"fixed": f"{head} record({self.capacity}) {body}",
                "pool": f"{head} record {body} pool 1 << 16",
                "row": f"{head} row {body}",
                "counter": f"{head} counter {body}",
                "hist": f"{head} hist[{HIST}] {self.fields[0][1]}"}[self.kind]


@dataclass
class Stmt:
    """One statement: `kind` assign/save/add/hist, the map or register, values in order."""

    kind: str
    target: str
    values: list[Node]
    field: str = ""
    op: str = "="


@dataclass
class ProbeGen:
    site: Site
    filter: Node | None
    body: list[Stmt]


class Generator:
    """One whole probe per call: maps, registers and probes at `sites`, every value typed."""

    def __init__(self, rng: random.Random, sites: list[Site]) -> None:
        self.rng, self.sites = rng, sites
        self.regs: dict[str, str] = {}
        self.operands: tuple[str, ...] = ()

    # ---------------------------------------------------------------- expressions
    def expr(self, t: str, depth: int) -> Node:
        r = self.rng
        k = r.random()
        if depth <= 0 or k < 0.3:
            return self.leaf(t)
        if k < 0.62:
            return self.binary(t, depth)
        if k < 0.72 and (t[0] in "sf" or r.random() < 0.5):
            a = self.expr(t, depth - 1)
            if t[0] == "u" or (t[0] == "s" and r.random() < 0.5):
                return Node(f"~{a.text}", t, lambda env, a=a: wrap(~a.value(env), t), a.const)
            return Node(f"-{a.text}", t, lambda env, a=a: (
                -a.value(env) if t[0] == "f" else wrap(-a.value(env), t)), a.const)
        if k < 0.82:
            c = self.cond(depth - 1)
            return Node(f"({t})({c.text})", t, lambda env, c=c: convert(c.value(env), "pred", t),
                        c.const)
        a = self.expr(r.choice(TYPES), depth - 1)
        return self.leaf(t) if a.const else self.cast(a, t)     # constants are cast unrounded

    def cast(self, a: Node, t: str) -> Node:
        return Node(f"({t}){a.text}", t, lambda env: convert(a.value(env), a.type, t), a.const)

    def leaf(self, t: str) -> Node:
        r = self.rng
        k = r.random()
        if k < 0.3:
            lit = r.choice(LITERALS[t])
            if t == "f64" and r.random() < 0.3:                # rounded to f32 first, as C does
                narrow = literal(lit, "f32")
                if math.isfinite(narrow):
                    return Node(f"(f64)(f32){lit}", t, lambda env: narrow, True)
            value = literal(lit, t)
            return Node(f"({t}){lit}", t, lambda env: value, True)
        if k < 0.5 and self.regs:
            name = r.choice(sorted(self.regs))
            reg = Node(name, self.regs[name], lambda env: env["regs"][name])
            return reg if reg.type == t else self.cast(reg, t)
        if k < 0.75 and self.operands:
            name = r.choice(self.operands)
            typ = "u32" if name in ("PC", "BYTES", "OPCODE") or name.startswith("count(") \
                else "u64"
            op = Node(name, typ, lambda env: env[name])
            return op if typ == t else self.cast(op, t)
        helper = r.choice(HELPERS)
        h = Node(helper, "u32", lambda env: env[helper])
        return h if t == "u32" else self.cast(h, t)

    def binary(self, t: str, depth: int) -> Node:
        r = self.rng
        op = r.choice(FLOAT_OPS if t[0] == "f" else INT_OPS)
        a = self.expr(t, depth - 1)
        if op in ("<<", ">>"):
            at = r.choice(INTS)
            b = self.expr(at, depth - 1)
            if b.const:                  # a constant amount past the width is refused
                n = r.randrange(bits(t))
                b = Node(f"({at}){n}", at, lambda env: n, True)
            amount = lambda env: convert(b.value(env), at, t)             # noqa: E731
            return Node(f"({a.text} {op} {b.text})", t,
                        lambda env: arith(op, a.value(env), amount(env), t), a.const and b.const)
        b = self.expr(t, depth - 1)
        if not a.const and op not in ("/", "%") and r.random() < 0.15:
            lit = r.choice(LITERALS[t])          # a bare literal takes the other side's type
            value = literal(lit, t)
            b = Node(lit, t, lambda env: value, True)
        if op == "/" and b.const:        # a constant divisor of 0 is refused, even a float one
            b = self.cast(Node("laneid()", "u32", lambda env: env["laneid()"]), t)
        if op in ("/", "%") and t[0] != "f":           # never by zero: PTX leaves that unspecified
            return Node(f"({a.text} {op} ({b.text} | 1))", t,
                        lambda env: arith(op, a.value(env), b.value(env) | 1, t),
                        a.const and b.const)
        return Node(f"({a.text} {op} {b.text})", t,
                    lambda env: arith(op, a.value(env), b.value(env), t), a.const and b.const)

    def stored(self, t: str, depth: int) -> Node:
        """A value stored to a field of type `t`: sometimes of a narrower type it widens from
        without a cast (u32 to u64, s64 or f64; s32 to s64 or f64; f32 to f64)."""
        narrower = {"u64": ["u32"], "s64": ["u32", "s32"], "f64": ["u32", "s32", "f32"]}.get(t)
        if narrower and self.rng.random() < 0.25:
            a = self.expr(self.rng.choice(narrower), depth)
            if not a.const:
                return Node(a.text, t, lambda env: convert(a.value(env), a.type, t))
        return self.expr(t, depth)

    def cond(self, depth: int) -> Node:
        r = self.rng
        k = r.random()
        if depth > 0 and k < 0.2:
            a, b = self.cond(depth - 1), self.cond(depth - 1)
            op = r.choice(["&&", "||"])
            fn = (lambda env: a.value(env) and b.value(env)) if op == "&&" else \
                (lambda env: a.value(env) or b.value(env))
            return Node(f"({a.text} {op} {b.text})", "pred", fn, a.const and b.const)
        if depth > 0 and k < 0.3:
            a = self.cond(depth - 1)
            return Node(f"!({a.text})", "pred", lambda env: not a.value(env), a.const)
        t = r.choice(TYPES)
        a, b = self.expr(t, max(depth - 1, 0)), self.expr(t, max(depth - 1, 0))
        op = r.choice(list(COMPARE))
        return Node(f"({a.text} {op} {b.text})", "pred",
                    lambda env: COMPARE[op](a.value(env), b.value(env)), a.const and b.const)

    # ---------------------------------------------------------------- a whole probe
    def probe(self) -> tuple[str, list[MapGen], dict[str, str], list[ProbeGen]]:
        r = self.rng
        maps = []
        for m in range(r.randint(1, 3)):
            kind = r.choice(list(LEVELS))
            level = r.choice(LEVELS[kind])
            # sums made by atomics in an order no one chooses hold integers: float sums differ
            exact = kind == "hist" or kind == "counter" and level in ("block", "sm", "kernel")
            types = INTS if exact else TYPES
            fields = [(f"f{i}", r.choice(types)) for i in range(1 if kind == "hist" else
                                                                 r.randint(1, 3))]
            maps.append(MapGen(f"m{m}", kind, level, fields, r.choice([1, 2, 4, 16])))
        self.regs = {f"g{g}": r.choice(TYPES) for g in range(r.randint(0, 2))}
        probes = []
        for _ in range(r.randint(1, 3)):
            site = r.choice(self.sites)
            self.operands = site.operands
            filt = self.cond(2) if r.random() < 0.4 else None
            body = [self.stmt(r.choice(maps)) for _ in range(r.randint(1, 3))]
            probes.append(ProbeGen(site, filt, body))
        lines = [m.declaration() for m in maps]
        lines += [f"reg {t} {name};" for name, t in self.regs.items()]
        for p in probes:
            filt = f" / {p.filter.text} /" if p.filter is not None else ""
            lines.append(f"{p.site.text}{filt} {{ {' '.join(self.render(s) for s in p.body)} }}")
        return "\n".join(lines) + "\n", maps, dict(self.regs), probes

    def stmt(self, m: MapGen) -> Stmt:
        r = self.rng
        if self.regs and r.random() < 0.3:
            name = r.choice(sorted(self.regs))
            t = self.regs[name]
            op = r.choice(["=", "+=", "-=", "*=", "/="] if t[0] == "f" else
                          ["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="])
            if op in ("<<=", ">>="):
                at = r.choice(INTS)
                b = self.expr(at, 2)
                value = Node(b.text, t, lambda env: convert(b.value(env), at, t), b.const)
            else:
                value = self.expr(t, 2)
            if op in ("/=", "%=") and t[0] != "f":
                value = Node(f"({value.text} | 1)", t, lambda env, v=value: v.value(env) | 1)
            return Stmt("assign", name, [value], op=op)
        depth = 3
        if m.kind == "counter":
            f, t = r.choice(m.fields)
            return Stmt("add", m.name, [self.stored(t, depth)], field=f)
        if m.kind == "hist":
            index = self.expr(r.choice(["u32", "u64"]), 2)
            if index.const:              # a constant index outside the hist is refused
                index = self.cast(Node("laneid()", "u32", lambda env: env["laneid()"]), index.type)
            if r.random() < 0.7:
                index = Node(f"({index.text} & 31)", index.type,
                             lambda env, i=index: i.value(env) & 31, index.const)
            return Stmt("hist", m.name, [index, self.expr(m.fields[0][1], 2)])
        return Stmt("save", m.name, [self.stored(t, depth) for _, t in m.fields])

    @staticmethod
    def render(s: Stmt) -> str:
        if s.kind == "assign":
            return f"{s.target} {s.op} {s.values[0].text};"
        if s.kind == "add":
            return f"{s.target}.{s.field} += {s.values[0].text};"
        if s.kind == "hist":
            return f"{s.target}[{s.values[0].text}] += {s.values[1].text};"
        return f"{s.target}.save({', '.join(v.text for v in s.values)});"


# ------------------------------------------------------------------ what the simulator ran

class Watched(Sim):
    """The simulator, also keeping every user instruction each warp reached: its place among the
    kernel's instructions, the lanes that ran it (its guard held; maybe none), each lane's
    operands (ADDR, IN1, IN2 before it runs, OUT after) and the lanes that reached it."""

    def __init__(self, fn, memory) -> None:
        super().__init__(fn, memory)
        self.ran: dict[tuple[int, int], list] = defaultdict(list)   # (block, warp) -> events

    def execute(self, s: ir.Instruction, run: list[int], ctx):
        pc = self.user_pc.get(id(s))
        if pc is None:
            return super().execute(s, run, ctx)
        addr = next((o for o in s.operands if isinstance(o, ir.Address)), None)
        values = {lane: {} for lane in run}
        for lane in run:
            if addr is not None:
                values[lane]["ADDR"] = self.address(addr, lane, ctx)
            if s.opcode in ("add", "setp"):       # raw bits of the sources, before they change
                t = [m for m in s.modifiers if m in REGISTER_TYPES][-1]
                for k in (1, 2):
                    values[lane][f"IN{k}"] = self.value(s.operands[k], lane, t, ctx)
        jump = super().execute(s, run, ctx)
        if s.opcode == "ld" and isinstance(s.operands[0], ir.Register):
            for lane in run:
                values[lane]["OUT"] = ctx["regs"][lane].get(s.operands[0].name, 0)
        self.ran[ctx["blin"], self.warp_of(ctx["tids"])].append(
            (s, pc, list(run), values, list(ctx["active"])))
        return jump

    def warp_of(self, tids) -> int:
        """The warp index in its block of the warp of threads `tids`."""
        x, y, z = tids[0]
        return (x + self.block[0] * (y + self.block[1] * z)) // 32


# ------------------------------------------------------------------ the reference

@dataclass
class Expected:
    """What the maps must hold: per map and unit the saves in order, counter sums, hist."""

    saves: dict = field(default_factory=lambda: defaultdict(lambda: defaultdict(list)))
    counters: dict = field(default_factory=lambda: defaultdict(dict))
    hist: dict = field(default_factory=dict)
    hist_dropped: Counter = field(default_factory=Counter)


@dataclass
class Isa:
    """What the reference reads of a target's instructions: BYTES and OPCODE of one, and
    smid() of a block (the simulator's)."""

    bytes: Callable[[object], int]
    opcode: Callable[[object], int]
    smid: Callable[[int], int]


def _ptx_bytes(s: ir.Instruction) -> int:
    if s.opcode not in ("ld", "st"):
        return 0
    t = [m for m in s.modifiers if m in REGISTER_TYPES][-1]
    vec = next((int(m[1:]) for m in s.modifiers if m in ("v2", "v4", "v8")), 1)
    return bits(t) // 8 * vec


PTX = Isa(_ptx_bytes, lambda s: opcode_id(s.opcode), lambda blin: blin % SM_IDS)


class Reference:
    """Runs a generated probe's statements lane by lane over the events the simulator saw, each
    warp's apart: 32-lane warps (a wave64 is two), as the language counts them."""

    def __init__(self, maps: list[MapGen], regs: dict[str, str], probes: list[ProbeGen],
                 grid, block, isa: Isa = PTX) -> None:
        self.maps = {m.name: m for m in maps}
        self.regs, self.probes, self.isa = regs, probes, isa
        self.threads = math.prod(block)
        self.warps = math.ceil(self.threads / 32)
        self.want = Expected()
        for m in maps:
            if m.kind == "hist":
                self.want.hist[m.name] = [0] * HIST

    def unit(self, level: str, blin: int, warp: int, lane: int) -> int:
        return {"thread": blin * self.threads + 32 * warp + lane, "warp": blin * self.warps + warp,
                "block": blin, "sm": self.isa.smid(blin) % SM_ROWS, "kernel": 0}[level]

    def warp(self, blin: int, warp: int, events: list, state: dict[int, dict]) -> None:
        """One warp's events in order: entry first, the user instructions it ran."""
        lanes = list(range(min(32, self.threads - 32 * warp)))
        for lane in lanes:
            state[lane] = {name: convert(0, "u32", t) for name, t in self.regs.items()}
        self.site(blin, warp, lanes, "entry", None, 0, {}, state)
        for event in events:
            self.event(blin, warp, event, state)

    def event(self, blin: int, warp: int, event: tuple, state: dict[int, dict]) -> None:
        """The probes around one user instruction the warp reached."""
        s, pc, run, values, *_ = event
        self.site(blin, warp, run, "before", s, pc, values, state)
        self.site(blin, warp, run, "after", s, pc, values, state)

    def site(self, blin, warp, run, when, s, pc, values, state) -> None:
        """The probes at one place, in the file's order, on the lanes `run` that reached it
        (their operands in `values`): a filter sees those lanes active, a body the lanes where
        the filter holds."""
        for probe in self.probes:
            if not probe.site.runs(when, s):
                continue
            envs = {lane: {"regs": state[lane], "laneid()": lane,
                           "threadid()": 32 * warp + lane, "blockid()": blin,
                           "warpid()": warp, "warps()": self.warps,
                           "smid()": self.isa.smid(blin), "PC": pc,
                           "BYTES": 0 if s is None else self.isa.bytes(s),
                           "OPCODE": 0 if s is None else self.isa.opcode(s),
                           **values.get(lane, {})} for lane in run}
            mask = sum(1 << lane for lane in run)
            for env in envs.values():
                env["activemask()"] = mask
            passing = [lane for lane in run
                       if probe.filter is None or probe.filter.value(envs[lane])]
            if not passing:
                continue
            mask = sum(1 << lane for lane in passing)
            for lane in passing:
                envs[lane]["activemask()"] = mask
            for stmt in probe.body:
                self.stmt(stmt, [envs[lane] for lane in passing], blin, warp)

    def stmt(self, s: Stmt, envs: list[dict], blin: int, warp: int) -> None:
        if s.kind == "assign":
            t = self.regs[s.target]
            values = [s.values[0].value(env) for env in envs]
            for env, v in zip(envs, values):
                old = env["regs"][s.target]
                env["regs"][s.target] = v if s.op == "=" else arith(s.op[:-1], old, v, t)
            return
        m = self.maps[s.target]
        if m.level != "thread" and not (m.kind == "counter" and m.level in ("block", "sm",
                                                                              "kernel")):
            envs = envs[:1]                          # the lowest lane, once per warp
        for env in envs:
            lane = env["laneid()"]
            values = [v.value(env) for v in s.values]
            if s.kind == "save":
                self.want.saves[m.name][self.unit(m.level, blin, warp, lane)].append(tuple(values))
            elif s.kind == "add":
                t = dict(m.fields)[s.field]
                level = "thread" if m.level in ("block", "sm", "kernel") else m.level
                row = self.want.counters[m.name].setdefault(
                    self.unit(level, blin, warp, lane), {f: convert(0, "u32", ft)
                                                         for f, ft in m.fields})
                row[s.field] = arith("+", row[s.field], values[0], t)
            else:
                index, value = values
                if 0 <= index < HIST:
                    t = m.fields[0][1]
                    self.want.hist[m.name][index] = arith("+", self.want.hist[m.name][index],
                                                          value, t)
                else:
                    self.want.hist_dropped[m.name] += 1


# ------------------------------------------------------------------ kernels and cases

@dataclass
class Kernel:
    name: str
    ptx: str
    grid: tuple
    block: tuple
    args: Callable[[], dict]


KERNELS = {
    "vector_add": Kernel("vector_add", (ROOT / "examples" / "vector_add.ptx").read_text(),
                         (2, 1, 1), (48, 1, 1),
                         lambda: {"a": floats(70, 1), "b": floats(70, 2), "c": bytes(280),
                                  "n": 70}),
    "saxpy": Kernel("saxpy", corpus("saxpy"), (2, 1, 1), (40, 1, 1),
                    lambda: {"n": 100, "alpha": 0x40000000, "x": floats(100, 3),
                             "y": floats(100, 4)}),
    # two loads a thread (the second behind a guard), warp shuffles, shared memory, a barrier
    "reduce_sum": Kernel("reduce_sum", corpus("reduction"), (2, 1, 1), (64, 1, 1),
                         lambda: {"x": floats(200, 5), "out": bytes(8), "n": 200}),
}


def case_probe(kernel: str, case: int, sites: list[Site] = SITES
               ) -> tuple[str, list[MapGen], dict[str, str], list[ProbeGen]]:
    """The probe of case `case` on `kernel`: the same text on every run (and on each target,
    whose `sites` have SITES' texts in SITES' order)."""
    return Generator(random.Random(f"semantics:{kernel}:{case}"), sites).probe()


def check(kernel: Kernel, case: int) -> bool:
    """Run case `case`; False when the checker refused its probe (a location in it is said)."""
    return differ(kernel, case_probe(kernel.name, case), f"{kernel.name} case {case}")


def differ(kernel: Kernel, generated: tuple, case: str, sim_type: type[Watched] = Watched,
           reference: type[Reference] = Reference, check_map: Callable | None = None) -> bool:
    """Run a generated probe (`Generator.probe`'s) on `kernel` and compare its maps with
    `reference`'s reading of the events `sim_type` saw, map by map with `check_map` (`compare`'s
    arguments; `compare` itself by default); False when the checker refused it. `case` names it
    in a failure."""
    text, maps, regs, probes = generated
    try:
        program = load(text, "gen.probe")
        got, sim, _, _ = launch(kernel.ptx, program, kernel.grid, kernel.block, kernel.args(),
                                sim_type=sim_type)
    except SourceError as err:
        assert err.file == "gen.probe", f"{case}: {err}\n{text}"
        return False
    ref = reference(maps, regs, probes, kernel.grid, kernel.block)
    for blin in range(math.prod(kernel.grid)):
        for warp in range(ref.warps):
            ref.warp(blin, warp, sim.ran[blin, warp], {})
    where = f"{case}:\n{text}"
    for m in maps:
        (check_map or compare)(m, got, ref, where)
    return True


def rows(arr: np.ndarray, names: list[str]) -> list[tuple]:
    return [tuple(r[n].item() for n in names) for r in arr]


def compare(m: MapGen, got, ref: Reference, where: str) -> None:
    """Map `m` as read back (`got`) against the reference's; `where` says the case."""
    names = [n for n, _ in m.fields]
    want = ref.want
    if m.kind in ("fixed", "row"):
        n = 1 if m.kind == "row" else m.capacity
        units = defaultdict(list)
        for row in got[m.name]:
            units[int(row["unit"])].append(key(tuple(row[f].item() for f in names)))
        saves = {u: [key(s) for s in saves] for u, saves in want.saves[m.name].items() if saves}
        assert set(units) == set(saves), f"{m.name} units\n{where}"
        for u, have in units.items():
            expect = saves[u][-1:] if m.kind == "row" else saves[u][:n]
            if m.level == "block" and len(saves[u]) > n:     # warps race for a block's slots
                assert len(have) == n and not Counter(have) - Counter(saves[u]), \
                    f"{m.name} unit {u}: {have} not among {saves[u]}\n{where}"
                continue
            if m.level == "block":
                have, expect = sorted(have), sorted(expect)
            assert have == expect, \
                f"{m.name}[{m.level}] unit {u}: got {have}, want {expect}\n{where}"
        dropped = sum(max(len(s) - n, 0) for s in saves.values())
        if m.kind == "fixed" or m.level == "thread":     # a row counts drops per thread only
            assert got.dropped[m.name] == dropped, f"{m.name} dropped\n{where}"
    elif m.kind == "pool":                   # a full shard drops what comes after, exactly
        have = Counter(key(r) for r in rows(got[m.name], names))
        expect = Counter(key(s) for u in want.saves[m.name].values() for s in u)
        kept = sum(have.values()) + got.dropped[m.name]
        assert not have - expect and kept == sum(expect.values()), \
            f"{m.name}: got {sorted((have - expect).elements())} beside the wanted, wanted " \
            f"{sorted((expect - have).elements())}, {got.dropped[m.name]} dropped\n{where}"
    elif m.kind == "counter":
        arr = got[m.name]
        per = want.counters[m.name]
        if m.level in ("block", "sm", "kernel"):
            sums: dict = defaultdict(lambda: {f: 0 for f in names})
            for thread, row in per.items():
                blin = thread // ref.threads
                u = ref.unit(m.level, blin, 0, 0)
                for f, t in m.fields:
                    sums[u][f] = wrap(sums[u][f] + row[f], t)
            per = sums
        for u in range(len(arr)):
            for f, t in m.fields:
                expect = per[u][f] if u in per else convert(0, "u32", t)
                assert key((arr[f][u].item(),)) == key((expect,)), \
                    f"{m.name}[{m.level}] row {u} {f}: got {arr[f][u]}, want {expect}\n{where}"
    else:
        arr = got[m.name]
        values = arr["value"] if arr.dtype.names else arr
        assert [v.item() for v in values] == want.hist[m.name], f"{m.name}\n{where}"
        assert got.dropped[m.name] == want.hist_dropped[m.name], f"{m.name} dropped\n{where}"


CASES = {"vector_add": 140, "saxpy": 80, "reduce_sum": 45}


@pytest.mark.parametrize("kernel", list(CASES))
def test_generated_probes_compute_what_the_language_says(kernel: str):
    """About 0.1 s a case on vector_add, 0.15 on saxpy, 0.4 on reduce_sum (one core)."""
    checked = sum(check(KERNELS[kernel], case) for case in range(CASES[kernel]))
    assert checked >= CASES[kernel] // 2, f"only {checked} of {CASES[kernel]} probes accepted"


# ------------------------------------------------------------------ bugs the comparison found

def run(text: str, kernel: str = "vector_add"):
    """The maps of a written probe on `kernel`."""
    k = KERNELS[kernel]
    maps, _, _, _ = launch(k.ptx, load(text, "case.probe"), k.grid, k.block, k.args())
    return maps


def exit_pc(kernel: str = "vector_add") -> int:
    """PC at the kernel's one `ret`: its index among the kernel's instructions."""
    from neutrino_py.asm import parse_ptx
    fn = next(iter(parse_ptx(KERNELS[kernel].ptx, cache=False).functions()))
    code = [s for s in ir.walk(fn.body) if isinstance(s, ir.Instruction)]
    (pc,) = [n for n, s in enumerate(code) if s.opcode == "ret"]
    return pc


def test_an_f32_constant_widened_to_f64_keeps_its_f32_rounding():
    """`(f64)(f32)0.1` is the f32 nearest 0.1, as in C: the checker kept 0.1 (an f32 constant
    held the double it was written as), and the lowering kept an immediate cast to f32 unrounded
    (`(f32)` of 2**40 * PC + 1 dropped no bit)."""
    pc = exit_pc()
    text = ("map m[thread]: record(1) { f64 a; f64 b; f64 c; }\n"
            "exit { m.save((f64)(f32)0.1, (f64)(f32)16777217, "
            "(f64)(f32)(((u64)PC << (u64)40) | (u64)1)); }\n")
    m = run(text)["m"]
    assert m["a"].tolist() == [f32(0.1)] * 96 and m["b"].tolist() == [16777216.0] * 96
    assert m["c"].tolist() == [float(pc << 40)] * 96


def test_immediates_cast_as_their_type_converts():
    """Casts of values known when the probe is spliced (PC, BYTES, count) convert as the GPU
    would: a wrapped s32 widens with its sign, a u32 `~` with zeros, and a float out of an
    integer type's range clamps (the lowering kept the Python number of any of them)."""
    pc = exit_pc()
    text = ("map m[thread]: record(1) { s64 a; u64 b; s32 c; u32 d; }\n"
            "exit { m.save((s64)((s32)PC - (s32)1000), (u64)~(u32)PC, "
            "(s32)(f32)((u32)PC * (u32)0xffffffff), (u32)(f32)((s32)PC - (s32)1000)); }\n")
    m = run(text)["m"]
    assert m["a"].tolist() == [pc - 1000] * 96 and m["b"].tolist() == [~pc & 0xffffffff] * 96
    assert m["c"].tolist() == [2**31 - 1] * 96 and m["d"].tolist() == [0] * 96


def test_float_not_equal_holds_where_a_side_is_nan():
    """`!=` is C's: NaN differs from everything (PTX's `setp.ne` is false there, `setp.neu`
    true), so lane 0's 0.0 / 0.0 counts, in a value and in a filter."""
    text = ("map m[thread]: record(1) { u32 ne; }\n"
            "map n[thread]: counter { u32 hits; }\n"
            "exit { m.save((u32)(((f32)laneid() / (f32)laneid()) != (f32)1.5)); }\n"
            "exit / ((f64)laneid() / (f64)laneid()) != (f64)1.0 / { n.hits += 1; }\n")
    maps = run(text)
    assert maps["m"]["ne"].tolist() == [1] * 96
    assert maps["n"]["hits"].tolist() == [int(t % 48 % 32 == 0) for t in range(96)]   # lanes 0


def test_two_adds_of_a_site_folded_with_the_next_site_both_count():
    """Constant counter adds of the sites of one basic block are summed into the first site;
    the first site's own adds to one field were summed as its last alone (`m.n += 1; m.n += 2;`
    at both loads of vector_add counted 5, not 6)."""
    text = "map m[thread]: counter { u64 n; }\nbefore ld.global { m.n += 1; m.n += 2; }\n"
    assert run(text)["m"]["n"].tolist() == [6 if t < 70 else 0 for t in range(96)]


def test_float_operations_name_their_rounding():
    """Every float add, subtract and multiply a probe makes names `.rn`: ptxas may fuse a plain
    `mul.f32` and `add.f32` into one fma, rounding once where the probe rounds twice."""
    from neutrino_py.asm import parse_ptx
    from neutrino_py.splice import instrument
    text = ("map m[thread]: record(1) { f32 a; f64 b; }\n"
            "exit { m.save((f32)laneid() * (f32)1.5 + (f32)2.5 - (f32)threadid(), "
            "(f64)laneid() * (f64)0.1 + (f64)blockid()); }\n")
    module = parse_ptx(KERNELS["vector_add"].ptx, cache=False)
    instrument(module, load(text, "case.probe"))
    ops = [s.name for s in ir.walk(next(iter(module.functions())).body)
           if isinstance(s, ir.Instruction) and s.opcode in ("add", "sub", "mul")
           and s.modifiers[-1] in ("f32", "f64") and "%nt_" in str(s.operands[0])]
    assert len(ops) == 5 and all("rn" in op.split(".") for op in ops), ops
